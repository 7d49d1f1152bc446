#!/usr/bin/env bash
# wave 10 run 3: Rader's default radices led by the radix leaving the most butterflies within 256
# (fp64 192): before (396f801, liftcl-before) / after beside cuFFT and VkFFT; small primes by Rader;
# 257 and 1153 orders; accuracy of the Rader primes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="97,113,193,257,641,769,1009,1153,1601"
gpu_job_baselines 100
gpu_job_bench 150 liftcl liftcl-before
run() { # n precision batch radices
  echo "== $1 $2 $4: $($B/liftcl fft --n $1 --precision $2 --batch $3 --method rader $([ $4 != default ] && echo --radices $4) --no-wisdom --run 2>&1 | grep -o 'radices=[0-9,]*\|time_per_batch_us=[0-9.]*' | tr '\n' ' ')"
}
{
for r in default 4,4,4,4 2,4,4,8 4,8,8 2,16,8; do run 257 f32 131072 $r; done
for r in default 4,4,4,4 4,8,8; do run 257 f64 65536 $r; done
for r in default 16,8,3,3 4,8,4,3,3 8,8,2,3,3; do run 1153 f32 65536 $r; done
for n in 97 113 193; do for p in f32 f64; do run $n $p 131072 default; done; done
} > $R/orders.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=97,113,193,257,641,769,1009,1601 ACC_OUT=$R/acc ACC_BUDGET_S=100 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
