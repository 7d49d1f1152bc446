#!/usr/bin/env bash
# wave 23 run 3: fp64 even mixed sizes in one array of complex points where it fits (liftcl-arrays)
# rather than by components (liftcl-before = run 2's liftcl): run 2's --tune found arrays faster for
# 1500 (442 -> 378 us) and 2520 (436 -> 355); beside cuFFT on the one-kernel fp64 mixed sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w23r3
S=720,1008,1200,1500,1680,2016,2400,2520,3000,4000,5040,6000
timeout 60 $B/cufft_compare --precision f64 --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
for v in liftcl-arrays liftcl-before; do
  timeout 90 $B/$v bench --precision f64 --sizes $S --csv $R/$v.csv --compare $R/cufft.csv > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
