#!/usr/bin/env bash
# wave 11 run 1: the codegen-tree refactor's tree beside cuFFT and VkFFT (its kernels are the
# previous tree's but for indentation, braces and function order), plus what the driver made of
# the local kernels of the weakest sizes (registers, spills: kernel_info -cl-nv-verbose)
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R/kernels
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
S="16,256,1024,4096,8192,1680,3000,5040,257,1009,65536,1048576"
gpu_job_baselines 120
timeout 200 $B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
for spec in "1680 f32" "3000 f32" "5040 f32" "1009 f32" "4096 f64" "5040 f64"; do
    set -- $spec
    d=$R/kernels/$1-$2
    timeout 60 $B/liftcl fft --n $1 --precision $2 --batch 1024 --emit $d > $d.emit.txt 2>&1
    for k in $d/*.cl; do
        timeout 60 $B/kernel_info $k -cl-nv-verbose > ${k%.cl}.info.txt 2>&1
    done
done
tar -czf $OUT/run.tgz -C $R .
