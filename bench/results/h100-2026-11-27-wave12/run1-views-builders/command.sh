#!/usr/bin/env bash
# wave 12 run 1: the tree with views as data, the FFT programs built as .lift syntax, the methods'
# and the CLI's shared pieces (its kernels byte-identical to wave 11's on 57 plans), beside cuFFT
# and VkFFT: the speed must not move; the runtime's merged buffer transfers and JSON readers run
# on the NVIDIA driver.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="16,256,1024,4096,8192,1680,3000,5040,257,1009,65536,1048576"
gpu_job_baselines 120
gpu_job_bench 200 liftcl
timeout 60 $B/liftcl fft --n 4096 --batch 64 --precision f32 --run --verify > $R/verify.txt 2>&1
timeout 60 $B/liftcl fft --n 64x64 --real --batch 16 --precision f64 --run --verify >> $R/verify.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
