#!/usr/bin/env bash
# wave 8 run 3: the local method's time per point over the padded sizes Bluestein may choose
# (fp32 m 4116..8640, fp64 m 2058..4200): which m make fast two-kernel Bluestein plans.
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
F32=4116,4200,4320,4500,4608,4704,4800,4900,5040,5120,5488,6000,6144,6272,6912,7056,7168,7200,7680,7840,8000,8192,8232,8400,8505,8640
F64=2058,2100,2160,2240,2304,2352,2400,2450,2520,2560,2744,3000,3072,3136,3456,3528,3584,3600,3840,3920,4000,4096,4116,4200
timeout 280 $B/liftcl bench --precision f32 --method local --sizes $F32 --csv $R/local32.csv > $R/local32.txt 2>&1
timeout 250 $B/liftcl bench --precision f64 --method local --sizes $F64 --csv $R/local64.csv > $R/local64.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
