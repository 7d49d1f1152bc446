#!/usr/bin/env bash
# wave 8 run 11: hierarchical radices from uneven splits of the twos (17408 fp64: 68,16,16 instead of
# 68,8,8,4), before (liftcl-before, 1d93ab6) / after in the same job, beside run7's cuFFT and VkFFT.
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8/run7-final
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
C="$W/s_cufft.csv,$W/s_vkfft.csv"
for v in liftcl liftcl-before; do
  timeout 100 $B/$v bench --precision f64 --sizes 17408 --csv $R/$v.csv --compare $C > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
