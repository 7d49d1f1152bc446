#!/usr/bin/env bash
# wave 27 run 4: register limits (--registers) for plans of mixed-size hierarchical passes, which
# the driver compiles at its own choice (the limits are the powers of two's rule): 1D mixed sizes
# and primes whose Bluestein FFTs are mixed passes, fp32 at 0/64/128, fp64 at 0/96/128; run 2's binary.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w27r4
t() {  # N PRECISION [options]
    local n=$1 p=$2; shift 2
    local bytes=8; [ $p = f64 ] && bytes=16
    local batch=$(( (1 << 29) / (n * bytes) )); [ $n -gt 100000 ] && batch=$(( (1 << 29) / (2 * n * bytes) ))
    echo "== $n $p $*" >> $R/times.txt
    timeout 60 $B/liftcl fft --n $n --batch $batch --precision $p --run --repeat 10 "$@" >> $R/times.txt 2>&1
}
for n in 15120 20000 24000 30000 40000 50000 100000 1000000 12155 45045 10007 16411 100003 131101; do
    for r in 0 64 128; do t $n f32 --registers $r; done
done
for n in 10080 15120 20000 30000 50000 100000 4099 9001 24007 100003; do
    for r in 0 96 128; do t $n f64 --registers $r; done
done
tar -czf $OUT/run.tgz -C $R .
