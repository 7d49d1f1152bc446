#!/usr/bin/env bash
# wave 28 run 3: the C2R families with the mirror in the first hierarchical pass by default (5cf87dc,
# built in the job: liftcl-new) beside run 1's binary (ad941c0: liftcl) and cuFFT in this job.
set -u
OUT_ROOT=$OUT
source bench/gpu_machine.sh; gpu_job_start /tmp/w28r3
build_liftcl_in_background /tmp/b-new $R/build-new.txt . 14
F=c2r,c2r2d,c2r3d
$B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) $F > $R/cufft_nd.txt 2>&1
wait $builder
for v in liftcl liftcl-new; do
  bin=$B/liftcl; [ $v = liftcl-new ] && bin=$LIFTCL
  timeout 150 $bin bench --family $F --precision both --total-log2 24 --csv $R/$v.csv --compare $R/cufft_nd.csv > $R/$v.txt 2>&1
done
for p in f32 f64; do
  gpu_job_profile $LIFTCL fft --n 65536 --real --inverse --batch 511 --precision $p --repeat 10
  gpu_job_profile $LIFTCL fft --n 16 --real --inverse --batch 1864135 --precision $p --repeat 10
  gpu_job_profile $LIFTCL fft --n 16384 --real --inverse --batch 2047 --precision $p --repeat 10
done
tar -czf $OUT_ROOT/run.tgz -C $R .
