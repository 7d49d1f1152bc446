#!/usr/bin/env bash
# wave 21 run 4 (issue 15): the planner's rule for the real rows' kernel (1D, and 2D/3D where the half
# spectrum tiles 3+ columns wide) beside cuFFT: the r2c, r2c2d, r2c3d families; C2R with the row
# copied to local memory first (LIFTCL_EXP_C2R_COPY, an experiment knob, not committed) or read
# twice from global memory, against the tree before (liftcl); the accuracy of the real families
# against FFTW long double beside cuFFT's.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21r4
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 $B/liftcl-new bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
    --csv $R/liftcl-new.csv --compare $R/cufft_nd.csv > $R/liftcl-new.txt 2>&1
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per" >> $R/profile.txt; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=1; else s=2; fi
  for n in 512 1024 4096 8192; do
    b=$(( (1 << 24) / (n / 2) / s ))
    P $B/liftcl-new fft --n $n --real --inverse --scale --batch $b --precision $pr
    LIFTCL_EXP_C2R_COPY=1 P $B/liftcl-new fft --n $n --real --inverse --scale --batch $b --precision $pr
    P $B/liftcl fft --n $n --real --inverse --scale --batch $b --precision $pr
  done
done
timeout 120 $B/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
timeout 150 $B/liftcl-new bench --accuracy --family r2c,r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
