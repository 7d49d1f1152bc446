#!/usr/bin/env bash
# wave 15 run 4 (issues 16, 14): the local method with its __local arrays padded (the default) and
# not (--padding off, new), fp32 and fp64, powers of two and mixed sizes, bench's batches
# (variants.txt). Rader's kernels with the padding's index terms removed by hand
# (.gpu/exp/<n><precision>/nopad.cl from .gpu/exp/variants.py; a timing experiment: the edit changes
# the result), timed by kernel_info --time (experiments.txt).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r4
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 40 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for n in 16 64 256 1024 2048 4096 8192 16384 720 1008 1200 1680 2520 3000 5040 6000 10080; do
    for pd in on off; do var --n $n --batch $(( (1 << 26) / n )) --precision f32 --padding $pd; done
done
for n in 16 64 256 1024 2048 4096 8192 720 1008 1200 1680 2520 3000 5040 6000; do
    for pd in on off; do var --n $n --batch $(( (1 << 25) / n )) --precision f64 --padding $pd; done
done
E=$R/experiments.txt
for d in .gpu/exp/*/; do
    read g l <<< $(python3 -c "import json;m=json.load(open('$d/rader_local.json'));print(m['ndrange']['global'][0], m['ndrange']['local'][0])")
    for v in orig nopad; do
        echo "== $d $v" >> $E
        timeout 30 $B/kernel_info $d/$v.cl --time $g $l $(( 1 << 29 )) --args $d/rader_local.json 2>&1 | grep -E "time|rror|CL_KERNEL" >> $E
    done
done
tar -czf $OUT/run.tgz -C $R .
