#!/usr/bin/env bash
# wave 16 run 5 (issue 16): the tree to commit (the local method's fp64 twiddle tables read in global
# memory; fp64 mixed sizes by components on whole warps, at most 128 work-items) beside
# liftcl-before (run 1's tree, 20e1b99), cuFFT and VkFFT, fp64 (the only plans that changed), then
# the accuracy of the changed sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r5
S=16,32,64,128,256,512,1024,2048,4096,720,1008,1200,1500,1680,2016,2520,3000,4000,5040,6000
timeout 120 $B/cufft_compare --precision f64 --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 120 $B/vkfft_compare --precision f64 --sizes "$S" --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
    timeout 150 $B/$v bench --precision f64 --sizes "$S" --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=256,1024,2048,1200,1680,3000,5040,6000 ACC_OUT=$R/acc ACC_BUDGET_S=120 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
