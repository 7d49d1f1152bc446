#!/usr/bin/env bash
# wave 26 run 5 (issue 15): the mirror-pair split pass after run 4's findings (the mirror's index
# chosen, one local read; the roots as omega(c, W) omega(r, 2R) from two small tables), against
# run 1's binary of ce61c14 (liftcl-before) in this job: the real families beside cuFFT, the
# changed plans kernel by kernel and checked against FFTW, the accuracy of the real families.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w26r5
build_liftcl_in_background /tmp/b-new $R/build-new.txt . 14
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
timeout 150 $B/cufft_nd_accuracy --csv $R/cufft_nd_acc.csv --max-log2 20 > $R/acc_log.txt 2>&1
wait $builder
cp $LIFTCL $B/liftcl-new; mkdir -p $OUT/bin; cp $LIFTCL $OUT/bin/
for a in "16384 2047 f32" "16384 1023 f64" "65536 511 f32" "65536 255 f64" "1048576 31 f32" "1048576 15 f64" "16777216 1 f32" "16777216 1 f64"; do
  set -- $a; gpu_job_profile $B/liftcl-new fft --n $1 --real --batch $2 --precision $3 --repeat 20
done
for a in "16384 5 f32" "65536 3 f64" "1048576 2 f32" "16777216 1 f64" "8192x8192 1 f64"; do
  set -- $a; echo "== verify $a" >> $R/profile.txt
  timeout 60 $B/liftcl-new fft --n $1 --real --batch $2 --precision $3 --run --verify 2>&1 | grep -E "fft n=|rel_l2" >> $R/profile.txt
done
for v in liftcl-new liftcl-before; do
  timeout 150 $B/$v bench --family r2c,r2c2d --precision both --total-log2 24 --reps 10 \
      --csv $R/$v.csv --compare $R/cufft_nd.csv > $R/$v.txt 2>&1
done
timeout 150 $B/liftcl-new bench --accuracy --family r2c,r2c2d,r2c3d --max-log2 20 --compare-accuracy $R/cufft_nd_acc.csv \
    --out $R/accuracy_nd.md --accuracy-csv $R/liftcl_nd_acc.csv >> $R/acc_log.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
