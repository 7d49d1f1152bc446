#!/usr/bin/env bash
# wave 23 run 5: the chirp of Bluestein's last pass multiplied in the butterflies that compute the
# results (columnPassTablePost) rather than by a map of its own over the tile (run 2) -- liftcl beside
# liftcl-before (run 2's 74af91b) on four primes, and each plan's kernels timed alone (a short job:
# the session's device time was nearly spent; the ratios to cuFFT are run 2's).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w23r5
S=24007,65537,100003,1000003
for v in liftcl liftcl-before; do
  timeout 40 $B/$v bench --precision both --sizes $S --csv $R/$v.csv > $R/$v.txt 2>&1
done
p() { echo "== $*" >> $R/profile.txt; timeout 20 "$@" --run --profile >> $R/profile.txt 2>&1; }
for v in liftcl liftcl-before; do
  p $B/$v fft --n 1000003 --batch 67 --precision f32
  p $B/$v fft --n 65537 --batch 1023 --precision f32
done
tar -czf $OUT/run.tgz -C $R .
