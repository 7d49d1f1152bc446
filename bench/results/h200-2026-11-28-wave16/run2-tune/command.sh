#!/usr/bin/env bash
# wave 16 run 2 (issue 16): --tune's ranked variants (radices, work-items, padding, exchange,
# twiddles) at the sizes furthest from the targets: fp64 256, 512, 1024, 5040, 6000; fp32 8192.
# Then liftcl-exp (tree.txt's diff: two knobs in the environment, not committed) over the fp64
# one-kernel sizes: every pass's twiddle table read in global memory instead of copied to __local
# per work-group (LIFTCL_EXP_FP64_GLOBAL_TABLES), and work-groups grouped to 256 work-items
# instead of 128 (LIFTCL_EXP_TARGET_WG), beside liftcl (run 1's cuFFT and VkFFT times).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r2
P=$R/tune.txt
tune() { echo "== $*" >> $P; timeout 45 $B/liftcl fft "$@" --tune --budget-s 30 --top 12 --no-wisdom >> $P 2>&1; }
tune --n 1024 --batch 32768 --precision f64
tune --n 512 --batch 65536 --precision f64
tune --n 256 --batch 131072 --precision f64
tune --n 8192 --batch 8192 --precision f32
tune --n 5040 --batch 6657 --precision f64
tune --n 6000 --batch 5592 --precision f64
F64=16,32,64,128,256,512,1024,2048,720,1008,1200,1680,2016,3000
exp() { echo "== $*" >> $R/exp.txt; env "$@" timeout 100 $B/liftcl-exp bench --precision f64 --sizes $F64 >> $R/exp.txt 2>&1; }
exp X=1
exp LIFTCL_EXP_FP64_GLOBAL_TABLES=1
exp LIFTCL_EXP_FP64_GLOBAL_TABLES=1 LIFTCL_EXP_TARGET_WG=256
exp LIFTCL_EXP_TARGET_WG=256
tar -czf $OUT/run.tgz -C $R .
