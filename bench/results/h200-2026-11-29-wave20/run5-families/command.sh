#!/usr/bin/env bash
# wave 20 run 5 (issue 15): where the multidimensional and real families stand on the H200 with this
# wave's tree (their rows of 2^17+ points run the 1D hierarchical passes, now with the pass-cost rule),
# beside cuFFT (cufft_nd_bench), five families, both precisions, 2^24 elements per point.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20r5
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 200 $B/liftcl bench --family r2c,2d,r2c2d,3d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/nd.csv --compare $R/cufft_nd.csv > $R/nd.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
