#!/usr/bin/env bash
# wave 8 run 10: fp32 odd sizes whose auto plan is one local kernel exchanging components (7429,
# 6859) or two hierarchical passes (46189): the Stockham passes beside them. liftcl-before is
# 1d93ab6 (this tree's kernels); run7's cuFFT and VkFFT rows.
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8/run7-final
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
C="$W/s_cufft.csv,$W/s_vkfft.csv"
timeout 100 $B/liftcl-before bench --precision f32 --sizes 7429,6859,46189 --csv $R/auto.csv --compare $C > $R/auto.txt 2>&1
timeout 100 $B/liftcl-before bench --precision f32 --sizes 7429,6859,46189 --method stockham --csv $R/stockham.csv --compare $C > $R/stockham.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
