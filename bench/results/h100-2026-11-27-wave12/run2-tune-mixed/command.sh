#!/usr/bin/env bash
# wave 12 run 2: the tuner over the weakest sizes of issue 16 (fp32 mixed sizes at 0.65-0.71 of
# cuFFT, 8192 fp64 at 0.52): is any planned variant (methods, radices and their order, twiddles,
# work-items, tiles) faster than the default? Batches as liftcl bench's (2^29 bytes of data).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
for a in "1680 39945 f32" "3000 22369 f32" "5040 13315 f32" "8192 4096 f64"; do
  set -- $a
  timeout 120 $B/liftcl fft --n $1 --batch $2 --precision $3 --tune --budget-s 90 --top 12 --no-wisdom \
      > $R/tune-$1-$3.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
