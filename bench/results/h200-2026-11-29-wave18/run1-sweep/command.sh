#!/usr/bin/env bash
# wave 18 run 1: where the committed tree (7e3588a) stands on the H200 over the whole reference sweep
# (2^4..2^26 fp32, 2^4..2^25 fp64, 2^24 batch 1), the primes and composites of issue 14, in place
# before (4e1bec0) and after, and per-kernel times of the large-size plans.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w18r1
P=1009,4099,65537,1000003,1001,2431,4199,7429,12155
( timeout 200 $B/cufft_compare --precision both --csv $R/cufft.csv > $R/cufft.txt 2>&1
  timeout 100 $B/cufft_compare --precision both --sizes $P --csv $R/cufft-p.csv > $R/cufft-p.txt 2>&1 ) 
( timeout 200 $B/vkfft_compare --precision both --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
  timeout 100 $B/vkfft_compare --precision both --sizes $P --csv $R/vkfft-p.csv > $R/vkfft-p.txt 2>&1 )
timeout 220 $B/liftcl bench --precision both --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
timeout 120 $B/liftcl bench --precision both --sizes $P --csv $R/liftcl-p.csv --compare $R/cufft-p.csv,$R/vkfft-p.csv > $R/liftcl-p.txt 2>&1
for v in liftcl liftcl-before; do
  for a in "4096 16384 f32" "1024 65536 f32" "16384 4096 f32" "4096 8192 f64" "8192 4096 f64"; do
    set -- $a
    echo "== $v n=$1 batch=$2 $3 in place" >> $R/inplace.txt
    timeout 40 $B/$v fft --n $1 --batch $2 --precision $3 --in-place --run >> $R/inplace.txt 2>&1
  done
done
gpu_job_profiles "4194304 16 f32" "16777216 4 f32" "1048576 64 f32" "4194304 8 f64" "65536 1024 f32"
tar -czf $OUT/run.tgz -C $R .
