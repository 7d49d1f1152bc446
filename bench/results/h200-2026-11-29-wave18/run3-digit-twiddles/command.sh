#!/usr/bin/env bash
# wave 18 run 3 (issue 12): the hierarchical passes' twiddles between passes from two digit tables
# of omega_L in global memory (tileTwiddlesDigits) instead of cospi/sinpi per element, beside
# liftcl-before (4e1bec0: its out-of-place plans are 7e3588a's), cuFFT and VkFFT, 2^14..2^26 and
# the primes/composites; then LIFTCL_EXP_TABLES (an experiment's knob, tree.txt) for the column
# passes' tables: host-computed and copied to __local (host) or read in global memory (global).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w18r3
P=65537,1000003,12155,7429
timeout 150 $B/cufft_compare --precision both --min-log2 14 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 150 $B/vkfft_compare --precision both --min-log2 14 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 60 $B/cufft_compare --precision both --sizes $P --csv $R/cufft-p.csv > $R/cufft-p.txt 2>&1
timeout 60 $B/vkfft_compare --precision both --sizes $P --csv $R/vkfft-p.csv > $R/vkfft-p.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 150 $B/$v bench --precision both --min-log2 14 --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
timeout 60 $B/liftcl bench --precision both --sizes $P --csv $R/liftcl-p.csv --compare $R/cufft-p.csv,$R/vkfft-p.csv > $R/liftcl-p.txt 2>&1
for t in none host global; do
  for a in "131072 512 f32" "1048576 64 f32" "16777216 4 f32" "1048576 32 f64" "15120 4096 f32"; do
    set -- $a
    echo "== tables=$t n=$1 batch=$2 $3" >> $R/tables.txt
    if [ $t = none ]; then timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile >> $R/tables.txt 2>&1
    else LIFTCL_EXP_TABLES=$t timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile >> $R/tables.txt 2>&1; fi
  done
done
tar -czf $OUT/run.tgz -C $R .
