#!/usr/bin/env bash
# wave 9 run 6 (final): the session's tree (Bluestein padded from 2n-2 with fused first passes,
# Rader in one kernel chosen by auto) before (liftcl-before, 5c52d1d) / after in the same job beside
# cuFFT and VkFFT, on the primes and primes whose p-1 is a local size; their accuracy.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="97,257,641,769,1009,1153,1601,4099,65537,1000003"
gpu_job_baselines 100
gpu_job_bench 150 liftcl liftcl-before
SKIP_SETUP=1 BIN=$B ACC_SIZES=97,257,641,769,1009,1153,1601 ACC_OUT=$R/acc ACC_BUDGET_S=100 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
