#!/usr/bin/env bash
# wave 15 run 5 (issues 16, 14): the tree with fp32 mixed sizes' __local arrays unpadded
# (padsLocalArraysByDefault, from run 4) and Rader's one kernel reading its input coalesced and
# conjugating in its output gather, beside liftcl-before (8af7787), cuFFT and VkFFT: the sizes whose
# kernels changed and neighbours that must not; then the accuracy of the changed sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r5
S=720,1008,1200,1680,2016,2520,3000,5040,6000,10080,257,641,1009,4099,1024,4096
gpu_job_baselines 100
gpu_job_bench 150 liftcl liftcl-before
SKIP_SETUP=1 BIN=$B ACC_SIZES=1008,1680,3000,5040,10080,257,1009,4099 ACC_OUT=$R/acc ACC_BUDGET_S=120 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
