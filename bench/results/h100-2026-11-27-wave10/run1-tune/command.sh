#!/usr/bin/env bash
# wave 10 run 1: the tuner's Rader radix lists for 1009/641/1601 fp32 and 769 fp64, and Bluestein/Rader variants of 1009 fp64, 4099
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
export LIFTCL_WISDOM=$R/wisdom.json
for c in "1009 f32 65536" "641 f32 65536" "1601 f32 32768" "1009 f64 32768" "769 f64 32768" "4099 f32 16384" "4099 f64 8192"; do
  set -- $c
  timeout 120 $B/liftcl fft --n $1 --precision $2 --batch $3 --tune --budget-s 40 --top 12 > $R/tune-$1-$2.txt 2>&1
done
$B/liftcl fft --n 1009 --precision f32 --batch 65536 --no-wisdom --run --profile > $R/profile-1009-f32.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
