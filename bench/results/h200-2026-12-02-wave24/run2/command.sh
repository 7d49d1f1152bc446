#!/usr/bin/env bash
# wave 24 run 2 (issue 15): padded tiles with the split exchange allowed a guarded store (fp32 512
# columns in one pass) and padded tiles of 8 (fp64 512 columns in one pass by components) against
# run 1's binary (liftcl-run1: fp32 512^2 refused, fp64 two passes); the real families beside cuFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r2
cp .gpu/new/liftcl $B/liftcl-new; cp .gpu/new/liftcl-run1 $B/liftcl-run1
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 $B/liftcl-new bench --family r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-run1; do
  P $B/$v fft --n 512x512 --real --batch 127 --precision f32
  P $B/$v fft --n 512x512 --real --batch 63 --precision f64
  P $B/$v fft --n 512x512x512 --real --batch 1 --precision f64
  P $B/$v fft --n 512x512 --real --inverse --scale --batch 63 --precision f64
done
P $B/liftcl-new fft --n 512x512x512 --real --batch 1 --precision f32
P $B/liftcl-new fft --n 512x512 --real --inverse --scale --batch 127 --precision f32
P $B/liftcl fft --n 512x512 --real --inverse --scale --batch 127 --precision f32
timeout 150 $B/liftcl-new bench --accuracy --family r2c2d,r2c3d --max-log2 20 --compare-accuracy .gpu/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
