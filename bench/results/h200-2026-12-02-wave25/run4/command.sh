#!/usr/bin/env bash
# wave 25 run 4 (issue 15): real rows of W/2 = 8192 fp32 / 4096 fp64 points in ONE kernel, the FFT
# exchanging components (one __local array of reals) and the split reading its Z_k, Z_{W/2-k} the
# same way, against the tree before (14d253d: the 1D plan of W/2 then the r2c_twist kernel, or the
# tile program), both built here; the real families beside cuFFT; the changed plans kernel by kernel;
# the new kernel's registers (-cl-nv-verbose); the accuracy of the real families.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r4
(cmake -S .gpu/before-src -B /tmp/b-before -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-before -j7 --target liftcl) > $R/build-before.txt 2>&1 &
(cmake -S . -B /tmp/b-new -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-new -j7 --target liftcl) > $R/build-new.txt 2>&1 &
/usr/local/cuda/bin/nvcc -O2 -std=c++17 -arch=sm_90 -o /tmp/cufft_nd_bench bench/cufft_nd_bench.cu -lcufft > $R/build-cufft.txt 2>&1
BUILD_DIR=/tmp/acc bash bench/gpu/build.sh cufft_nd >> $R/build-cufft.txt 2>&1
g++ -O2 -std=c++17 -o /tmp/kernel_info bench/gpu/kernel_info.cpp -lOpenCL >> $R/build-cufft.txt 2>&1
/tmp/kernel_info .gpu/exp/r16384f.cl -cl-nv-verbose > $R/kernel_info_r16384f.txt 2>&1
timeout 100 /tmp/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 /tmp/acc/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
wait
cp /tmp/b-before/liftcl $B/liftcl-before; cp /tmp/b-new/liftcl $B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-before; do
  P $B/$v fft --n 16384 --real --batch 2047 --precision f32
  P $B/$v fft --n 8192 --real --batch 2047 --precision f64
  P $B/$v fft --n 8192 --real --inverse --scale --batch 2047 --precision f64
  P $B/$v fft --n 64x16384 --real --batch 16 --precision f32
  P $B/$v fft --n 64x8192 --real --batch 16 --precision f64
  P $B/$v fft --n 8192x8192 --real --batch 1 --precision f64
  P $B/$v fft --n 16384x16384 --real --batch 1 --precision f32
done
timeout 200 $B/liftcl-new bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
timeout 120 $B/liftcl-before bench --family r2c,r2c2d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-before.csv --compare $R/cufft_nd.csv > $R/liftcl-before.txt 2>&1
timeout 150 $B/liftcl-new bench --accuracy --family r2c,r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
