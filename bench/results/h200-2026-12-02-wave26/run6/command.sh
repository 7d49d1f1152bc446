#!/usr/bin/env bash
# wave 26 run 6 (issue 15): the committed rule after run 5 (the fused split pass only where each
# side of its tile is a row of 64 bytes or more: fp32 2^20 keeps its passes and the split kernel):
# the r2c family beside cuFFT in this job (cuFFT binary and run 1's liftcl-before carried).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w26r6
build_liftcl_in_background /tmp/b-new $R/build-new.txt . 14
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
wait $builder
cp $LIFTCL $B/liftcl-new
timeout 100 $B/liftcl-new bench --family r2c --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
gpu_job_profile $B/liftcl-new fft --n 1048576 --real --batch 31 --precision f32 --repeat 20
tar -czf $OUT/run.tgz -C $R .
