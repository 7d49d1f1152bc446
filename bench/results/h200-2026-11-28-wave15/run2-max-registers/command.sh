#!/usr/bin/env bash
# wave 15 run 2 (issues 14, 16): are the one-kernel mixed and prime sizes limited by occupancy?
# The same kernels built with NVIDIA's -cl-nv-maxrregcount (LIFTCL_BUILD_OPTIONS), bench's batches,
# liftcl = run1's binary. Registers per build in registers/*.txt.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r2
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 30 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for a in "1008 f32" "1009 f32" "1680 f32" "3000 f32" "5040 f32" "257 f32" "1680 f64" "3000 f64" "5040 f64" "257 f64" "6000 f64"; do
    set -- $a
    if [ $2 = f32 ]; then regs="0 32 40 56"; batch=$(( (1<<26) / $1 )); else regs="0 64 80 96"; batch=$(( (1<<25) / $1 )); fi
    for g in $regs; do
        opt=""; [ $g != 0 ] && opt="-cl-nv-maxrregcount=$g"
        echo "== build options: $opt" >> $P
        LIFTCL_BUILD_OPTIONS="$opt" var --n $1 --batch $batch --precision $2
    done
done
tar -czf $OUT/run.tgz -C $R .
