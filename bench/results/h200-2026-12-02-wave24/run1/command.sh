#!/usr/bin/env bash
# wave 24 run 1 (issue 15): strided axes over padded tiles (a half spectrum of 257 or 2049 columns
# in tiles of 16, 15 columns read again and not written) against the tree before (liftcl-before:
# wave 23's binary); the families 2d, 3d, r2c, r2c2d, r2c3d beside cuFFT in this job; the changed
# shapes kernel by kernel; the accuracy of the real families against FFTW long double beside cuFFT's.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r1
cp $B/liftcl $B/liftcl-before 2>/dev/null
cp .gpu/new/liftcl $B/liftcl-new
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 240 $B/liftcl-new bench --family r2c2d,r2c3d,2d,3d,r2c --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
timeout 150 $B/liftcl-before bench --family r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-before.csv --compare $R/cufft_nd.csv > $R/liftcl-before.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=" >> $R/profile.txt; }
for v in liftcl-new liftcl-before; do
  P $B/$v fft --n 512x512 --real --batch 127 --precision f32
  P $B/$v fft --n 512x512 --real --batch 63 --precision f64
  P $B/$v fft --n 4096x4096 --real --batch 1 --precision f32
  P $B/$v fft --n 4096x4096 --real --batch 1 --precision f64
  P $B/$v fft --n 512x512x512 --real --batch 1 --precision f32
  P $B/$v fft --n 512x512 --real --inverse --scale --batch 127 --precision f32
  P $B/$v fft --n 4096x4096 --real --inverse --scale --batch 1 --precision f64
done
timeout 120 $B/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
timeout 150 $B/liftcl-new bench --accuracy --family r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
