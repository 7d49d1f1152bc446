#!/usr/bin/env bash
# wave 23 run 2: Bluestein with the chirp and the truncation fused into the inverse FFT's last pass
# (a write through take: each transform's n values of m) besides run 1's convolution pass -- beside
# cuFFT and VkFFT on run 1's primes; each plan's kernels timed alone at the driver's and other
# register limits; the accuracy of the new plans; and --tune of the one-kernel mixed sizes furthest
# below cuFFT in run 1 (issue 16: fp64 1500, 2520, 6000; fp32 8192), to see whether a variant the
# planner does not pick is faster.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w23r2
S=4099,4201,9001,24007,32771,65537,100003,131101,1000003
timeout 60 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 90 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 120 $B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
p() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile >> $R/profile.txt 2>&1; }
for regs in default 0 96 128; do
  x=""; [ $regs = default ] || x="--registers $regs"
  p $B/liftcl fft --n 1000003 --batch 67 --precision f32 $x
  p $B/liftcl fft --n 65537 --batch 1023 --precision f32 $x
  p $B/liftcl fft --n 100003 --batch 335 --precision f64 $x
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=24007,65537,100003,1000003 ACC_BUDGET_S=150 ACC_TIMEOUT_S=100 \
  ACC_OUT=$R/acc timeout 160 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
t() { echo "== $*" >> $R/tune.txt; timeout 40 $B/liftcl fft "$@" --tune --budget-s 30 --top 6 >> $R/tune.txt 2>&1; }
t --n 1500 --batch 22369 --precision f64
t --n 2520 --batch 13315 --precision f64
t --n 6000 --batch 5592 --precision f64
t --n 8192 --batch 8192 --precision f32
tar -czf $OUT/run.tgz -C $R .
