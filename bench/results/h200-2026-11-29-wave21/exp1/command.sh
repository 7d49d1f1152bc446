#!/usr/bin/env bash
# wave 21 exp 1 (issue 15): where the real transforms lose. Each R2C plan of the family sweep
# (2^24 complex points) timed per kernel, beside its nd-axes form (the 1D complex plan of W/2 and
# the twist as its own kernel) and the complex transform of W/2 at the same batch.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w21e1
P() { echo "== $*" >> $R/profile.txt; timeout 40 $B/liftcl fft "$@" --run --profile --repeat 30 >> $R/profile.txt 2>&1; }
for pr in f32 f64; do
  if [ $pr = f32 ]; then s=1; else s=2; fi
  for a in "16 1864135" "1024 32704" "4096 8188" "16384 2047" "65536 511" "1048576 31"; do
    set -- $a; b=$(( $2 / s ))
    P --n $1 --real --batch $b --precision $pr
    P --n $1 --real --batch $b --precision $pr --method nd-axes
    P --n $(( $1 / 2 )) --batch $b --precision $pr
  done
  P --n 2048x2048 --real --batch $(( 7 / s )) --precision $pr
  P --n 512x512 --real --batch $(( 127 / s )) --precision $pr
  P --n 512x512 --batch $(( 127 / s )) --precision $pr
done
tar -czf $OUT/run.tgz -C $R .
