#!/usr/bin/env bash
# wave 20 run 4: Bluestein's padded size with hierarchical FFTs counted by the width of their tiles
# (hierarchicalPlanCost, times 1.25 for odd factors as before): liftcl (this tree) beside
# liftcl-before (run 3's tree: the padded sizes as d6a4c15 chooses them), cuFFT and VkFFT, on the
# primes whose padded size changes; and Rader's fp64 FFTs of n-1 with the radix 16 as 4 x 4.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20r4
S=4099,4201,4999,6007,9001,12007,24007,32771,40009,131101,150001,300007,399989,600011,799999
timeout 60 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 60 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 120 $B/$v bench --precision both --sizes $S --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
v() { echo "== $*" >> $R/rader.txt; "$@" >> $R/rader.txt 2>&1; }
for a in "1009 33256 7,16,3,3 7,4,4,3,3" "1153 29102 8,16,3,3 8,4,4,3,3"; do
  set -- $a
  for r in $3 $4; do v timeout 30 $B/liftcl fft --n $1 --batch $2 --precision f64 --method rader --radices $r --run; done
done
tar -czf $OUT/run.tgz -C $R .
