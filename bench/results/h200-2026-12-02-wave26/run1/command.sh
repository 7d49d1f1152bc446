#!/usr/bin/env bash
# wave 26 run 1 (issue 15): the committed tree at the start of the wave (ce61c14: wave 25's rows in
# place in one local array, the fp64 split from digit tables), never swept after those changes: the
# real families beside cuFFT in this job, their accuracy beside cuFFT's against FFTW long double, and
# the 1D R2C plans of two passes and more (the FFT of W/2 then the r2c_twist kernel) kernel by kernel.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w26r1
build_liftcl_in_background /tmp/b-new $R/build-new.txt . 12
/usr/local/cuda/bin/nvcc -O2 -std=c++17 -arch=sm_90 -o /tmp/cufft_nd_bench bench/cufft_nd_bench.cu -lcufft > $R/build-cufft.txt 2>&1
BUILD_DIR=/tmp/acc bash bench/gpu/build.sh cufft_nd >> $R/build-cufft.txt 2>&1
timeout 100 /tmp/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 /tmp/acc/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
wait $builder
mkdir -p $OUT/bin; cp $LIFTCL /tmp/cufft_nd_bench /tmp/acc/cufft_nd_accuracy $OUT/bin/
timeout 200 $LIFTCL bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl.csv --compare $R/cufft_nd.csv > $R/liftcl.txt 2>&1
for a in "65536 255 f32" "65536 127 f64" "1048576 15 f32" "1048576 7 f64" "16384 2047 f32" "16777216 1 f32"; do
  set -- $a; gpu_job_profile $LIFTCL fft --n $1 --real --batch $2 --precision $3 --repeat 20
done
timeout 150 $LIFTCL bench --accuracy --family r2c,r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
