#!/usr/bin/env bash
# wave 14 run 1 (issues 16 and 12): register boost in the local kernel. 8192 fp64 and 16384 fp32
# in ONE kernel: the points private, exchanged through one __local array of components in two
# rounds of index ranges each (CodegenOptions::localSplitExchangeRanges). liftcl (this tree)
# beside liftcl-before (4f800c7: 8192 fp64 and 16384 fp32 in two hierarchical passes), cuFFT and
# VkFFT; then other radix lists of the new kernels, with and without the share tests
# (liftcl-exp: LIFTCL_EXP_TESTS=0|1), each kernel's registers from the driver.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r1
S="2048,4096,8192,16384,32768"
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
for E in "LIFTCL_EXP_TESTS=1" "LIFTCL_EXP_TESTS=0"; do
  for r in 16,16,16,2 2,16,16,16 8,8,8,16 16,8,8,8; do
    var --n 8192 --batch 4096 --precision f64 --method local --radices $r
    regs --n 8192 --batch 4096 --precision f64 --method local --radices $r
  done
  for r in 16,16,16,4 4,16,16,16 16,8,8,16; do
    var --n 16384 --batch 4096 --precision f32 --method local --radices $r
    regs --n 16384 --batch 4096 --precision f32 --method local --radices $r
  done
done
tar -czf $OUT/run.tgz -C $R .
