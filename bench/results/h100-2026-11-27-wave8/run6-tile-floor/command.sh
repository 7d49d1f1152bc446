#!/usr/bin/env bash
# wave 8 run 6: auto without hierarchical passes of tiles under 64 points (run5's slow odd sizes),
# beside run5's cuFFT and VkFFT rows; liftcl-before = run5's binary; 17408 fp64 hierarchical forced.
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8/run5-prime-radices
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
timeout 200 $B/liftcl bench --precision both --sizes 7429,6859,4199,46189,17408 --csv $R/c_liftcl.csv --compare $W/c_cufft.csv,$W/c_vkfft.csv > $R/c_bench.txt 2>&1
timeout 100 $B/liftcl bench --precision f64 --sizes 17408,46189 --method hierarchical --csv $R/h.csv --compare $W/c_cufft.csv,$W/c_vkfft.csv > $R/h_bench.txt 2>&1
timeout 100 $B/liftcl bench --precision f64 --sizes 46189,7429 --method bluestein --csv $R/b.csv --compare $W/c_cufft.csv,$W/c_vkfft.csv > $R/b_bench.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
