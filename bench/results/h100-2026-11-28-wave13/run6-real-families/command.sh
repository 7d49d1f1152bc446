#!/usr/bin/env bash
# wave 13 run 6: the real families (R2C 1D/2D/3D) whose kernels changed with the mod simplification
# (mirror indices without the (m-1)*k products; floor division printed as shifts), liftcl (run5's
# binary) beside liftcl-before (wave 12's) and cuFFT, forward R2C, plus C2R inverse checks against
# FFTW of the sizes that were wrong before (rows of 2^17 and more).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
timeout 90 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 130 $B/$v bench --family r2c,r2c2d,r2c3d --precision both --total-log2 24 --reps 10 \
      --csv $R/$v-nd.csv --compare $R/cufft_nd.csv > $R/$v-nd.txt 2>&1
done
for v in liftcl liftcl-before; do
  for a in "131072 f32" "1048576 f32" "2097152 f64"; do
    set -- $a
    echo "== $v C2R n=$1 $2" >> $R/c2r.txt
    timeout 40 $B/$v fft --n $1 --real --inverse --scale --batch 4 --precision $2 --run --verify --repeat 5 >> $R/c2r.txt 2>&1
  done
done
tar -czf $OUT/run.tgz -C $R .
