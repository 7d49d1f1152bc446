#!/usr/bin/env bash
# wave 21 run 2 (issue 15): the real transforms' rows as one kernel (FFT of W/2 and the split,
# fft/real_one_kernel.hpp) against the tree before (liftcl-before = .gpu/bin/liftcl, 06b45d5's
# plans), beside cuFFT in the same job: the r2c, r2c2d and r2c3d families (2^24 elements per
# point), and each changed plan's kernels timed alone (auto and the variant nd-real-rows).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21r2
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
for v in liftcl-new liftcl; do
  timeout 150 $B/$v bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
      --csv $R/$v.csv --compare $R/cufft_nd.csv > $R/$v.txt 2>&1
done
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 >> $R/profile.txt 2>&1; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=1; else s=2; fi
  for n in 512 2048 8192; do
    b=$(( (1 << 24) / (n / 2) / s ))
    P $B/liftcl-new fft --n $n --real --batch $b --precision $pr
    P $B/liftcl fft --n $n --real --batch $b --precision $pr
    P $B/liftcl-new fft --n $n --real --inverse --scale --batch $b --precision $pr
    P $B/liftcl fft --n $n --real --inverse --scale --batch $b --precision $pr
  done
  for a in "2048x2048 7" "512x512 127" "8192x8192 1" "512x512x512 1" "128x128x128 15"; do
    set -- $a; b=$(( $2 / s )); [ $b -lt 1 ] && b=1
    P $B/liftcl-new fft --n $1 --real --batch $b --precision $pr --method nd-real-rows
  done
done
tar -czf $OUT/run.tgz -C $R .
