#!/usr/bin/env bash
# wave 24 run 5 (issue 15): the committed tree beside cuFFT: the families r2c, 2d,
# r2c2d, 3d, r2c3d, and the accuracy of every family against FFTW long double beside cuFFT's
# (docs/accuracy_nd.md).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r5
cp .gpu/new/liftcl $B/liftcl-new
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 280 $B/liftcl-new bench --family r2c,2d,r2c2d,3d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
timeout 150 $B/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 21 > $R/acc_log.txt 2>&1
timeout 200 $B/liftcl-new bench --accuracy --family all --max-log2 21 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
