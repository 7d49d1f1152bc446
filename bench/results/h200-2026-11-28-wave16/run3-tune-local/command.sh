#!/usr/bin/env bash
# wave 16 run 3 (issue 16): run 2's tuner spent its budget on the other methods; here --method local
# only: radices, work-items, padding, exchange, twiddles at fp32 8192 and fp64 720, 1200, 5040, 6000.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r3
P=$R/tune.txt
tune() { echo "== $*" >> $P; timeout 55 $B/liftcl fft "$@" --method local --tune --budget-s 45 --top 15 --no-wisdom >> $P 2>&1; }
tune --n 8192 --batch 8192 --precision f32
tune --n 5040 --batch 6657 --precision f64
tune --n 6000 --batch 5592 --precision f64
tune --n 1200 --batch 27962 --precision f64
tune --n 720 --batch 46603 --precision f64
tar -czf $OUT/run.tgz -C $R .
