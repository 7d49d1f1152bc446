#!/usr/bin/env bash
# wave 24 run 4 (issue 15): the rows of a 2D/3D R2C whose tile program would exchange components
# (8192 fp64, 16384 fp32) by the 1D plan of W/2 and the split kernel, against run 2's binary (the
# tile program); the real families beside cuFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r4
cp .gpu/new/liftcl $B/liftcl-new; cp .gpu/new/liftcl-run2 $B/liftcl-run2
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 $B/liftcl-new bench --family r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-run2; do
  P $B/$v fft --n 8192x8192 --real --batch 1 --precision f64
  P $B/$v fft --n 64x8192 --real --batch 16 --precision f64
  P $B/$v fft --n 8x8x8192 --real --batch 16 --precision f64
  P $B/$v fft --n 16384x16384 --real --batch 1 --precision f32
  P $B/$v fft --n 64x16384 --real --batch 16 --precision f32
done
tar -czf $OUT/run.tgz -C $R .
