#!/usr/bin/env bash
# wave 8 run 2: two-kernel Bluestein (and the one kernel with __local twiddle tables) vs run 1's
# liftcl (liftcl-before) on primes/composites, beside run 1's cuFFT and VkFFT rows (same machine kind).
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8/run1-primes-baseline
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
P=1009,4099,65537,1000003,2431,4199,7429,17408,46189
Q=257,509,2053,4201
for lib in cufft vkfft; do timeout 100 $B/${lib}_compare --precision both --sizes $Q --csv $R/q_$lib.csv > $R/q_$lib.txt 2>&1; done
timeout 200 $B/liftcl bench --precision both --sizes $P --csv $R/p_liftcl.csv --compare $W/p_cufft.csv,$W/p_vkfft.csv > $R/p_bench.txt 2>&1
timeout 100 $B/liftcl bench --precision both --sizes $Q --csv $R/q_liftcl.csv --compare $R/q_cufft.csv,$R/q_vkfft.csv > $R/q_bench.txt 2>&1
timeout 100 $B/liftcl-before bench --precision both --sizes $Q --csv $R/q_before.csv --compare $R/q_cufft.csv,$R/q_vkfft.csv > $R/q_before.txt 2>&1
timeout 100 $B/liftcl bench --precision both --sizes 257,509,1009 --method bluestein-two-kernels --csv $R/two.csv --compare $R/q_cufft.csv,$R/q_vkfft.csv,$W/p_vkfft.csv > $R/two.txt 2>&1
for spec in "2431 16384 f32" "1009 32768 f64" "4099 16384 f32" "1009 65536 f32"; do
  set -- $spec
  echo "== n=$1 batch=$2 $3" >> $R/profile.txt
  timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile >> $R/profile.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
