#!/usr/bin/env bash
# wave 27 run 5: the fp32 even mixed sizes whose plan the wide-tile rule makes two passes instead of
# three (a sample of 60 smooth sizes, 8 changed), old limits (--tile-bytes 16384 --tile-width 8) beside
# the rule, run 2's binary (the committed planner).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w27r5
for n in 118098 96768 71680 79380 76832 205800 100352 216090; do
    b=$(( (1 << 29) / (n * 8) ))
    for v in "--tile-bytes 16384 --tile-width 8" ""; do
        echo "== $n $v" >> $R/times.txt
        timeout 30 $B/liftcl fft --n $n --batch $b --precision f32 --run --repeat 10 $v >> $R/times.txt 2>&1
    done
done
tar -czf $OUT/run.tgz -C $R .
