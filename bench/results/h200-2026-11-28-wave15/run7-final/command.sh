#!/usr/bin/env bash
# wave 15 run 7 (issues 16, 14): the tree to commit (fp32 mixed sizes unpadded, the local method in
# one array written in place wherever it can, Rader's coalesced copy and conjugating gather,
# Bluestein's FFTs padded) beside liftcl-before (8af7787), cuFFT and VkFFT: the one-kernel sweep
# 2^4..2^14, the mixed sizes and the primes, both precisions; then the accuracy of the changed sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r7
S=16,32,64,128,256,512,1024,2048,4096,8192,16384,720,1008,1200,1680,2016,2520,3000,5040,6000,10080,257,641,1009,4099
gpu_job_baselines 150
gpu_job_bench 200 liftcl liftcl-before
SKIP_SETUP=1 BIN=$B ACC_SIZES=64,256,1024,2048,720,1200,2016,2520,3000,641,1009 ACC_OUT=$R/acc ACC_BUDGET_S=120 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
