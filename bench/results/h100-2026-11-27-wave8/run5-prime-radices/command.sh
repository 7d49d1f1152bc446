#!/usr/bin/env bash
# wave 8 run 5: radices 17, 19, 23 (and 11, 13 in the local and hierarchical methods): the issue's
# composites and 11/13 sizes beside cuFFT and VkFFT, liftcl-before (b16af1b: Bluestein / Stockham
# passes there) in the same job; the primes again with this tree.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8/run1-primes-baseline
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
C=2431,4199,7429,17408,46189,1001,2288,143,3003,6859
for lib in cufft vkfft; do timeout 150 $B/${lib}_compare --precision both --sizes $C --csv $R/c_$lib.csv > $R/c_$lib.txt 2>&1; done
timeout 200 $B/liftcl bench --precision both --sizes $C --csv $R/c_liftcl.csv --compare $R/c_cufft.csv,$R/c_vkfft.csv > $R/c_bench.txt 2>&1
timeout 200 $B/liftcl-before bench --precision both --sizes $C --csv $R/c_before.csv --compare $R/c_cufft.csv,$R/c_vkfft.csv > $R/c_before.txt 2>&1
timeout 200 $B/liftcl bench --precision both --sizes 1009,4099,65537,1000003 --csv $R/p_liftcl.csv --compare $W/p_cufft.csv,$W/p_vkfft.csv > $R/p_bench.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
