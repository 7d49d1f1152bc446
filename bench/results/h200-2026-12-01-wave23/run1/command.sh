#!/usr/bin/env bash
# wave 23 run 1: Bluestein's convolution pass (the forward FFT's last pass, the spectrum product and
# the inverse FFT's first pass in one kernel) -- liftcl (this tree) beside liftcl-before (e8b2eb6),
# cuFFT and VkFFT on the primes whose padded FFT is hierarchical; each plan's kernels timed alone;
# two-pass padded FFTs for 1000003 fp32 (--radices); the accuracy of the changed plans against FFTW
# long double beside cuFFT's and VkFFT's; and where the one-kernel mixed sizes stand (issue 16).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w23r1
# the tree before (e8b2eb6, carried as .gpu/before-src: git archive) built here while the baselines run
(cd .gpu/before-src && cmake -S . -B /tmp/build-before -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF \
   -DLIFTCL_BUILD_TESTS=OFF && cmake --build /tmp/build-before -j14 --target liftcl) > $R/build-before.txt 2>&1 &
builder=$!
S=4099,4201,9001,24007,32771,65537,100003,131101,1000003
M=1200,1500,1680,2520,3000,5040,6000,10080,15120,4096,8192
timeout 60 $B/cufft_compare --precision both --sizes $S,$M --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 90 $B/vkfft_compare --precision both --sizes $S,$M --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
wait $builder && cp /tmp/build-before/liftcl $B/liftcl-before || tail -20 $R/build-before.txt
for v in liftcl liftcl-before; do
  timeout 120 $B/$v bench --precision both --sizes $S --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
timeout 60 $B/liftcl bench --precision both --sizes $M --csv $R/liftcl-m.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl-m.txt 2>&1
p() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile >> $R/profile.txt 2>&1; }
for v in liftcl liftcl-before; do
  p $B/$v fft --n 1000003 --batch 67 --precision f32
  p $B/$v fft --n 65537 --batch 1024 --precision f32
  p $B/$v fft --n 100003 --batch 335 --precision f64
done
p $B/liftcl fft --n 1000003 --batch 67 --precision f32 --radices 2048,1024
p $B/liftcl fft --n 1000003 --batch 67 --precision f32 --radices 256,128,64
SKIP_SETUP=1 BIN=$B ACC_SIZES=4099,65537,100003,1000003 ACC_BUDGET_S=200 ACC_TIMEOUT_S=150 \
  ACC_OUT=$R/acc timeout 210 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
tar -czf $OUT/run.tgz -C $R .
