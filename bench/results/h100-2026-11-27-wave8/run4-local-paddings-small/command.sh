#!/usr/bin/env bash
# wave 8 run 4: as run 3, the smaller padded sizes (fp32 m 2058..4096, fp64 m 1029..2048).
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
F32=2058,2100,2160,2240,2304,2352,2400,2450,2520,2560,2744,3000,3072,3136,3456,3528,3584,3600,3840,3920,4000,4096
F64=1029,1050,1080,1120,1152,1176,1200,1225,1260,1280,1344,1372,1400,1440,1470,1500,1536,1568,1600,1680,1715,1728,1764,1792,1800,1890,1920,1960,2000,2016,2048
timeout 250 $B/liftcl bench --precision f32 --method local --sizes $F32 --csv $R/local32.csv > $R/local32.txt 2>&1
timeout 250 $B/liftcl bench --precision f64 --method local --sizes $F64 --csv $R/local64.csv > $R/local64.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
