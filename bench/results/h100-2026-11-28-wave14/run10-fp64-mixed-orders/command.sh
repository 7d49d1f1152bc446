#!/usr/bin/env bash
# wave 14 run 10 (issue 16): radix orders of the fp64 mixed sizes now by components (the default
# order, a radix 16 or 8 first, against the odd radices first or the power of two last), bench's
# batches, liftcl = c528798's binary.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r10
P=$R/orders.txt
var() { echo "== $*" >> $P; timeout 30 $B/liftcl fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
o() { local n=$1; shift; for r in "$@"; do var --n $n --batch $(( (1<<25) / n )) --precision f64 --method local --radices $r; done; }
o 5040 16,3,3,5,7 7,5,3,3,16 16,7,5,3,3 3,3,5,7,16
o 6000 16,3,5,5,5 5,5,5,3,16 16,5,5,5,3
o 2100 4,3,5,5,7 7,5,5,3,4
o 4200 8,3,5,5,7 8,7,5,5,3 7,5,5,3,8
tar -czf $OUT/run.tgz -C $R .
