#!/usr/bin/env bash
# wave 21 run 3 (issue 15): run 2's row kernel with the split's omega(k, W) read from a host table
# (run 2 computed it with cospi/sinpi per point), against the tree before (liftcl = 06b45d5's
# plans); 1D R2C/C2R sizes 64..8192 kernel by kernel, 2D R2C with the rows' kernel (nd-real-rows)
# against auto, and the r2c/r2c2d families beside cuFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21r3
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 100 $B/liftcl-new bench --family r2c,r2c2d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per" >> $R/profile.txt; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=1; else s=2; fi
  for n in 64 128 256 512 1024 4096 8192; do
    b=$(( (1 << 24) / (n / 2) / s ))
    P $B/liftcl-new fft --n $n --real --batch $b --precision $pr
    P $B/liftcl fft --n $n --real --batch $b --precision $pr
    P $B/liftcl-new fft --n $n --real --inverse --batch $b --precision $pr
    P $B/liftcl fft --n $n --real --inverse --batch $b --precision $pr
  done
  for a in "1024x1024 32" "2048x2048 8" "4096x4096 2" "8192x8192 1" "64x4096 16"; do
    set -- $a; b=$(( $2 / s )); [ $b -lt 1 ] && b=1
    P $B/liftcl-new fft --n $1 --real --batch $b --precision $pr --method nd-real-rows
    P $B/liftcl-new fft --n $1 --real --batch $b --precision $pr
  done
done
tar -czf $OUT/run.tgz -C $R .
