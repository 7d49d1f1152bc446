#!/usr/bin/env bash
# wave 16 run 1 (issue 16): the committed tree beside cuFFT and VkFFT over issue 16's whole sweep
# (2^4..2^14 and the mixed sizes, both precisions) and the primes; then the accuracy.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r1
S=16,32,64,128,256,512,1024,2048,4096,8192,16384,720,1008,1200,1680,2016,2520,3000,5040,6000,10080,15120,257,641,1009,4099
gpu_job_baselines 150
gpu_job_bench 200 liftcl
SKIP_SETUP=1 BIN=$B ACC_SIZES=16,128,1024,4096,8192,1680,3000,5040,6000,10080 ACC_OUT=$R/acc ACC_BUDGET_S=120 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
