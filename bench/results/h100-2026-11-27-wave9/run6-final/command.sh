#!/usr/bin/env bash
# wave 9 run 6 (final): the session's tree (Bluestein padded from 2n-2 with fused first passes,
# Rader in one kernel chosen by auto) before (liftcl-before, 5c52d1d) / after in the same job beside
# cuFFT and VkFFT, on the primes and primes whose p-1 is a local size; their accuracy.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
S="97,257,641,769,1009,1153,1601,4099,65537,1000003"
timeout 100 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 100 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 150 $B/$v bench --precision both --sizes $S --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=97,257,641,769,1009,1153,1601 ACC_OUT=$R/acc ACC_BUDGET_S=100 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
