#!/usr/bin/env bash
# wave 13 run 7 (issue 15): the multidimensional and real kernels (nd tile programs) with every
# generator table read from the host's table in global memory (LIFTCL_EXP_ND_GLOBAL=1 of liftcl-exp,
# not committed: the R2C twist's n/2+1 roots of unity then come from a table instead of a cospi/sinpi
# per point) against the default (FFT twiddles copied to __local, the twist's roots computed), one
# job beside cuFFT, five families (not the 1D c2c), both precisions.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r7
timeout 90 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
for E in "X=0" "LIFTCL_EXP_ND_GLOBAL=1"; do
  tag=$(echo $E | cut -c1-6)
  env $E timeout 140 $B/liftcl-exp bench --family r2c,2d,r2c2d,3d,r2c3d --precision both --total-log2 24 --reps 10 \
      --csv $R/nd-$tag.csv --compare $R/cufft_nd.csv > $R/nd-$tag.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
