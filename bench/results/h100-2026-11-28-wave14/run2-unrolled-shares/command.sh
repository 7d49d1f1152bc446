#!/usr/bin/env bash
# wave 14 run 2: run1's register-boost kernels put private arrays on the stack (512-5120 B frames:
# the compiler kept a share index as a variable) and ran slower with the share tests. Here codegen
# unrolls the shares of every nest itself (a scope per share, `const int ipx_i = k`) and drops the
# share tests under rounds of ranges. liftcl (this tree) beside liftcl-before (4f800c7), cuFFT and
# VkFFT; the radix orders again (liftcl-exp: LIFTCL_EXP_TESTS=1 puts the tests back), registers
# from the driver; then the accuracy of the two sizes.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r2
S="4096,8192,16384"
gpu_job_baselines 90
gpu_job_bench 120 liftcl liftcl-before
P=$R/variants.txt
var() { echo "== $E $*" >> $P; env $E timeout 40 $B/liftcl-exp fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|error|rror" >> $P; }
regs() {
  local d=$R/kernels/$(echo "$E $*" | tr ' =,:-' '_____' | cut -c1-120)
  env $E timeout 40 $B/liftcl-exp fft "$@" --emit $d > /dev/null 2>&1
  for k in $d/*.cl; do timeout 40 $B/kernel_info $k -cl-nv-verbose 2>&1 | grep -h "Used\|spill\|WORK_GROUP" > ${k%.cl}.info.txt; done
  rm -f $d/*.cl
}
E="X=0"
for r in 16,16,16,2 8,8,8,16 2,16,16,16 16,8,8,8 4,8,16,16; do
  var --n 8192 --batch 4096 --precision f64 --method local --radices $r
  regs --n 8192 --batch 4096 --precision f64 --method local --radices $r
done
for r in 16,16,16,4 4,16,16,16 16,16,4,16 8,8,16,16; do
  var --n 16384 --batch 4096 --precision f32 --method local --radices $r
  regs --n 16384 --batch 4096 --precision f32 --method local --radices $r
done
E="LIFTCL_EXP_TESTS=1"
var --n 8192 --batch 4096 --precision f64 --method local --radices 16,16,16,2
var --n 16384 --batch 4096 --precision f32 --method local --radices 16,16,16,4
SKIP_SETUP=1 BIN=$B ACC_SIZES=8192,16384 ACC_OUT=$R/acc ACC_BUDGET_S=100 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
