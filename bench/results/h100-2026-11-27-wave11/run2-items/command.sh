#!/usr/bin/env bash
# wave 11 run 2: the local method's work-items per transform (--items) for the mixed fp32 sizes
# (run1: 48-64 registers x 256 work-items keep 4-5 work-groups on a multiprocessor)
set -u
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r2; mkdir -p $R
run() {  # n batch items [extra]
    local out
    out=$(timeout 60 $B/liftcl fft --n $1 --precision f32 --batch $2 --no-wisdom --run ${3:+--items $3} ${4:-} 2>&1 | grep -oE "time_per_batch_us=[0-9.]+|rel_l2_error=[0-9.e+-]+|radices=[0-9x,]+" | tr '\n' ' ')
    echo "n=$1 batch=$2 items=${3:-default} ${4:-} $out" | tee -a $R/items.txt
}
for i in "" 112 140 168 210 240 280 336; do run 1680 39945 $i; done
for i in "" 120 150 200 250 300 375; do run 3000 22369 $i; done
for i in "" 126 168 210 252 280 315; do run 5040 13315 $i; done
tar -czf $OUT/run.tgz -C $R .
