#!/usr/bin/env bash
# wave 9 run 3: --tune over the Bluestein variants (padded sizes, one / two kernels / steps) of the
# primes furthest behind VkFFT, at the benchmark's batch (512 MiB), to find better default paddings.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
for a in "1009 65536 f32" "1009 32768 f64" "4099 16384 f32" "4099 8192 f64" "10007 8192 f64"; do
  set -- $a
  echo "== n=$1 batch=$2 $3" >> $R/tune.txt
  timeout 100 $B/liftcl fft --n $1 --batch $2 --precision $3 --tune --budget-s 60 --top 20 --wisdom $R/wisdom.json >> $R/tune.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
