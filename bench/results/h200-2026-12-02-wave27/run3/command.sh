#!/usr/bin/env bash
# wave 27 run 3: Bluestein's padded-size weight for sizes with odd factors (an experiment knob,
# LIFTCL_EXP_W, not committed: 1.25 the rule, 1.45 the trial); fp32 mixed passes' registers and
# ptxas's counts; the GPU accuracy of the plans run 2 changed, beside cuFFT and VkFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w27r3
build_liftcl_in_background /tmp/b-exp $R/build-exp.txt . 14
wait $builder
cp $LIFTCL $B/liftcl
t() {  # N PRECISION [options]: the plan line and its time
    local n=$1 p=$2; shift 2
    local bytes=8; [ $p = f64 ] && bytes=16
    local batch=$(( (1 << 29) / (n * bytes) )); [ $n -gt 100000 ] && batch=$(( (1 << 29) / (2 * n * bytes) ))
    echo "== $n $p $* W=${LIFTCL_EXP_W:-1.25}" >> $R/times.txt
    timeout 60 $B/liftcl fft --n $n --batch $batch --precision $p --run --repeat 10 "$@" >> $R/times.txt 2>&1
}
for c in "24007 f64" "32771 f64" "100003 f64" "10007 f32" "16411 f32" "100003 f32" "131101 f32"; do
    t $c; LIFTCL_EXP_W=1.45 t $c
done
for c in "15120 f32" "50000 f32" "20000 f32"; do
    for r in 64 96 128 0; do t $c --registers $r; done
done
for c in "15120 f32" "15120 f64"; do
    set -- $c; $B/liftcl fft --n $1 --batch 64 --precision $2 --emit /tmp/k$1$2 > /dev/null
    for k in /tmp/k$1$2/*.cl; do echo "== $c $k" >> $R/kernel_info.txt; timeout 30 $B/kernel_info $k -cl-nv-verbose >> $R/kernel_info.txt 2>&1; done
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=10080,15120,20000,30000,50000,100000,4099,4201,9001 ACC_BUDGET_S=100 ACC_TIMEOUT_S=70 \
  ACC_OUT=$R/acc timeout 110 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
tar -czf $OUT/run.tgz -C $R .
