#!/usr/bin/env bash
# wave 12 run 5: fp32 mixed sizes whose local kernel runs the radix 16 last now order their odd
# radices largest first (7,5,3,16 for 1680; run3/run4). liftcl (after) and liftcl-before (the
# f30e634 binaries: odd radices smallest first) beside cuFFT and VkFFT in one job; the fp64 sizes
# (orders unchanged) and sizes whose radix 8 or 4 leads (unchanged) as controls.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="720,1200,1680,2520,3000,5040,6000,4096"
gpu_job_baselines 120
gpu_job_bench 200 liftcl liftcl-before
tar -czf $OUT/run.tgz -C $R .
