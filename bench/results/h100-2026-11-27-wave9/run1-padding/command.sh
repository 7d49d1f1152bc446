#!/usr/bin/env bash
# wave 9 run 1: Bluestein padded to m >= 2n-2 (the chirp's symmetry) and padded sizes whose FFT
# passes are powers of two where they move fewer values, weighting odd-size passes twice;
# before (liftcl-before, 5c52d1d) / after in the same job beside cuFFT and VkFFT; profiles after.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="257,1009,4097,4099,4201,10007,65537,100003,1000003"
gpu_job_baselines 120
gpu_job_bench 200 liftcl liftcl-before
gpu_job_profiles "65537 1024 f32" "65537 512 f64" "1000003 64 f32" "1000003 32 f64" "4099 8192 f64"
tar -czf $OUT/run.tgz -C $R .
