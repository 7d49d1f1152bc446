#!/usr/bin/env bash
# wave 9 run 2: run1's padding (2n-2; odd-size passes weighted 1.25 rather than 2) and the chirp and
# spectrum product fused into the first passes of the hierarchical FFTs; before (liftcl-before,
# 5c52d1d) / after in the same job beside cuFFT and VkFFT; profiles; accuracy of these sizes.
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
S="257,1009,4097,4099,4201,10007,65537,100003,1000003"
timeout 120 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 120 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 200 $B/$v bench --precision both --sizes $S --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
for a in "65537 1024 f32" "1000003 64 f32" "10007 8192 f64"; do
  set -- $a
  echo "== n=$1 batch=$2 $3" >> $R/profile.txt
  timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile >> $R/profile.txt 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=$S ACC_OUT=$R/acc ACC_BUDGET_S=150 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
