#!/usr/bin/env bash
# wave 16 run 2 (issue 16): --tune's ranked variants (radices, work-items, padding, exchange,
# twiddles) at the sizes furthest from the targets: fp64 256, 512, 1024, 5040, 6000; fp32 8192.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r2
P=$R/tune.txt
tune() { echo "== $*" >> $P; timeout 45 $B/liftcl fft "$@" --tune --budget-s 30 --top 12 --no-wisdom >> $P 2>&1; }
tune --n 1024 --batch 32768 --precision f64
tune --n 512 --batch 65536 --precision f64
tune --n 256 --batch 131072 --precision f64
tune --n 8192 --batch 8192 --precision f32
tune --n 5040 --batch 6657 --precision f64
tune --n 6000 --batch 5592 --precision f64
tar -czf $OUT/run.tgz -C $R .
