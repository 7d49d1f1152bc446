#!/usr/bin/env bash
# wave 25 run 5 (issue 15): the committed rule (the split's roots from digit tables only where the
# table of W/2+1 roots is over 24 KiB: fp64 4096, fp32 8192) against bba4876 (the table everywhere),
# both built here: the real families beside cuFFT, and the plans whose kernels changed, including
# fp32 W = 8192 (not measured in run 2), kernel by kernel.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r5
(cmake -S .gpu/before-src -B /tmp/b-before -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-before -j7 --target liftcl) > $R/build-before.txt 2>&1 &
(cmake -S . -B /tmp/b-new -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-new -j7 --target liftcl) > $R/build-new.txt 2>&1 &
/usr/local/cuda/bin/nvcc -O2 -std=c++17 -arch=sm_90 -o /tmp/cufft_nd_bench bench/cufft_nd_bench.cu -lcufft > $R/build-cufft.txt 2>&1
timeout 100 /tmp/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
wait
cp /tmp/b-before/liftcl $B/liftcl-before; cp /tmp/b-new/liftcl $B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-before; do
  P $B/$v fft --n 8192 --real --batch 4096 --precision f32
  P $B/$v fft --n 4096 --real --batch 4094 --precision f64
  P $B/$v fft --n 4096 --real --inverse --scale --batch 4094 --precision f64
  P $B/$v fft --n 8192x8192 --real --batch 1 --precision f32
  P $B/$v fft --n 64x8192 --real --batch 32 --precision f32
done
for v in liftcl-new liftcl-before; do
  timeout 100 $B/$v bench --family r2c,r2c2d --precision both --total-log2 24 --reps 10 \
    --csv $R/$v.csv --compare $R/cufft_nd.csv > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
