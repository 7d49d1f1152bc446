#!/usr/bin/env bash
# wave 14 run 9: the committed rule (fp32 mixed sizes whose components fit one round: one local
# kernel) beside liftcl-before (4f800c7), cuFFT and VkFFT, both precisions.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r9
S="6300,7000,8000,9000,10080,11025,12000"
gpu_job_baselines 70
gpu_job_bench 80 liftcl liftcl-before
tar -czf $OUT/run.tgz -C $R .
