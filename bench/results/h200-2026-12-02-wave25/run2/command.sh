#!/usr/bin/env bash
# wave 25 run 2 (issue 15): the split's omega(k, W) from digit tables (SplitRoots::Digits) in the
# real rows' kernel, the r2c_twist / c2r_untwist glue kernels and the fp32 tile passes, against the
# tree before (bba4876, carried as .gpu/before-src); both built here; the real families beside
# cuFFT in this job; the changed plans kernel by kernel; the accuracy of the real families.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r2
(cmake -S .gpu/before-src -B /tmp/b-before -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-before -j7 --target liftcl) > $R/build-before.txt 2>&1 &
(cmake -S . -B /tmp/b-new -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-new -j7 --target liftcl) > $R/build-new.txt 2>&1 &
/usr/local/cuda/bin/nvcc -O2 -std=c++17 -arch=sm_90 -o /tmp/cufft_nd_bench bench/cufft_nd_bench.cu -lcufft > $R/build-cufft.txt 2>&1
BUILD_DIR=/tmp/acc bash bench/gpu/build.sh cufft_nd >> $R/build-cufft.txt 2>&1
timeout 100 /tmp/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 /tmp/acc/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
wait
cp /tmp/b-before/liftcl $B/liftcl-before; cp /tmp/b-new/liftcl $B/liftcl-new
ls -la $B >> $R/build-new.txt
timeout 200 $B/liftcl-new bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
timeout 150 $B/liftcl-before bench --family r2c,r2c2d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-before.csv --compare $R/cufft_nd.csv > $R/liftcl-before.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-before; do
  P $B/$v fft --n 4096 --real --batch 4094 --precision f64
  P $B/$v fft --n 1024 --real --batch 32704 --precision f32
  P $B/$v fft --n 16384 --real --batch 2047 --precision f32
  P $B/$v fft --n 65536 --real --batch 255 --precision f64
  P $B/$v fft --n 4096 --real --inverse --scale --batch 4094 --precision f64
  P $B/$v fft --n 2048x2048 --real --batch 7 --precision f32
  P $B/$v fft --n 128x128 --real --batch 2016 --precision f32
done
timeout 150 $B/liftcl-new bench --accuracy --family r2c,r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
