#!/usr/bin/env bash
# wave 15 run 3 (issues 14, 16): Rader's one kernel with the inverse FFT's conjugation folded into the
# output gather (liftcl-cconj) and, besides, the input read coalesced into local memory before the
# gather (liftcl); liftcl-before = 8af7787. Rader's radices of 1009 fp32. Then where the fp32
# one-kernel mixed sizes spend their time: hand-edited copies of their kernels (.gpu/exp/N/*.cl made
# by .gpu/exp/variants.py from `liftcl fft --emit`: notw = twiddle products removed, nobar = all
# barriers but the last removed, nopad = the local padding's index terms removed) timed by
# kernel_info --time (experiments: the edits change the results).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r3
S=257,641,1009,4099,1008
gpu_job_baselines 60
gpu_job_bench 100 liftcl liftcl-cconj liftcl-before
P=$R/variants.txt
var() { echo "== $*" >> $P; timeout 30 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
for r in 4,4,3,3,7 7,3,3,16 16,3,3,7 2,8,3,3,7 3,3,7,16 4,4,7,3,3; do
    var --n 1009 --batch 66510 --precision f32 --radices $r
done
E=$R/experiments.txt
for n in 3000 1680 5040; do
    read g l <<< $(python3 -c "import json;m=json.load(open('.gpu/exp/$n/local_fft.json'));print(m['ndrange']['global'][0], m['ndrange']['local'][0])")
    for v in orig notw nobar notw-nobar nopad nopad-notw; do
        echo "== $n $v" >> $E
        timeout 30 $B/kernel_info .gpu/exp/$n/$v.cl --time $g $l $((n * 8 * (1 << 26) / n)) --args .gpu/exp/$n/local_fft.json 2>&1 | grep -E "time|rror|CL_KERNEL" >> $E
    done
done
tar -czf $OUT/run.tgz -C $R .
