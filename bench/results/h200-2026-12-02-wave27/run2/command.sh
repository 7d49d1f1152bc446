#!/usr/bin/env bash
# wave 27 run 2: wide tiles (32 KiB, 16 columns) for fp64 mixed sizes and fp32 where they save a
# pass, beside run 1's binary (liftcl-before) and cuFFT/VkFFT in this job: mixed sizes, primes
# (Bluestein's padded FFTs), composites; fp64 4000/5040/6000 local vs hierarchical; fp32 15120's radices.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w27r2
build_liftcl_in_background /tmp/b-new $R/build-new.txt . 12
S=10080,15120,20000,30000,50000,100000,4099,4201,9001,24007,65537,100003,1000003,2431,12155,46189
gpu_job_baselines 100
wait $builder
cp $LIFTCL $B/liftcl
gpu_job_bench 120 liftcl-before liftcl
for n in 4000 5040 6000; do
    b=$(( (1 << 29) / (n * 16) ))
    gpu_job_profile $B/liftcl fft --n $n --batch $b --precision f64 --repeat 10
    gpu_job_profile $B/liftcl fft --n $n --batch $b --precision f64 --method hierarchical --repeat 10
done
for r in 140,108 108,140 120,126 168,90 180,84 216,70 240,63; do
    gpu_job_profile $B/liftcl fft --n 15120 --batch 4438 --precision f32 --method hierarchical --radices $r --repeat 10
    gpu_job_profile $B/liftcl fft --n 15120 --batch 4438 --precision f32 --method hierarchical --radices $r --tile-width 16 --tile-bytes 32768 --repeat 10
done
mkdir -p $OUT/bin; cp $B/liftcl $OUT/bin/
tar -czf $OUT/run.tgz -C $R .
