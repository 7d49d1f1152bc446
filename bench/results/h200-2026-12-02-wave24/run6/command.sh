#!/usr/bin/env bash
# wave 24 run 6 (issue 15): the tuner's nd variants on the 2D/3D shapes furthest below cuFFT
# (run 5): 1000^2 fp32 and fp64, 100^3 fp32, R2C 2048^2 fp32, R2C 128^2 fp32.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w24r6
cp .gpu/new/liftcl $B/liftcl-new
export LIFTCL_WISDOM=$R/wisdom.json
for a in "1000x1000 --batch 16 --precision f32" "1000x1000 --batch 8 --precision f64" "100x100x100 --batch 16 --precision f32" \
         "2048x2048 --real --batch 7 --precision f32" "128x128 --real --batch 2016 --precision f32"; do
  echo "== $a" >> $R/tune.txt
  timeout 60 $B/liftcl-new fft --n $a --tune --budget-s 40 --top 8 >> $R/tune.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
