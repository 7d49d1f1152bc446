#!/usr/bin/env bash
# wave 13 run 2 (issue 12): tiles 4 columns wide where 8 do not fit (2^19, 2^20 fp32 and 2^18,
# 2^19 fp64 in two passes). liftcl (this tree) and liftcl-before (wave 12's binary: the kernels of
# 98a1008) beside cuFFT and VkFFT in one job; then, for the next step (2^21..2^24 in two passes),
# each kernel's time of plans with a radix 2048 by components (tiles 4 columns wide) against the
# 1024 pass and the one-kernel 8192, and the driver's registers for them.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="131072,262144,524288,1048576,2097152,4194304"
gpu_job_baselines 120
gpu_job_bench 150 liftcl liftcl-before
P=$R/profile.txt
prof() { echo "== $*" >> $P; timeout 60 $B/liftcl fft "$@" --run --profile --no-wisdom >> $P 2>&1; }
prof --n 1048576 --batch 64 --precision f32
prof --n 2097152 --batch 32 --precision f32
prof --n 2097152 --batch 32 --precision f32 --method hierarchical --radices 2048,1024
prof --n 2097152 --batch 32 --precision f32 --method hierarchical --radices 1024,2048
prof --n 4194304 --batch 16 --precision f32 --method hierarchical --radices 2048,2048
prof --n 8192 --batch 8192 --precision f32
prof --n 524288 --batch 64 --precision f64
mkdir -p $R/kernels
for spec in "2097152 f32 2048,1024" "1048576 f32 1024,1024"; do
    set -- $spec
    d=$R/kernels/$1-$2
    timeout 60 $B/liftcl fft --n $1 --precision $2 --batch 32 --method hierarchical --radices $3 --emit $d > $d.emit.txt 2>&1
    for k in $d/*.cl; do timeout 60 $B/kernel_info $k -cl-nv-verbose > ${k%.cl}.info.txt 2>&1; done
    rm -f $d/*.cl
done
tar -czf $OUT/run.tgz -C $R .
