#!/usr/bin/env bash
# wave 13 run 4 (issue 12): run3 found the radix-2048 pass by components at 184 registers (one
# work-group of 256 per multiprocessor) against 128 for the one-kernel 8192. liftcl-exp (run3's
# knobs plus LIFTCL_EXP_TESTS=0|1: the share tests, whose kept write indices hold registers;
# LIFTCL_EXP_INNER=R:r,r,r the column passes of radix R) times each kernel (--profile) and reads
# the driver's registers, fp32 2^21 (2048 x 1024), 2^22 (2048 x 2048) and fp64 2^20 (1024 x 1024
# both by components, against the default three passes).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
P=$R/profile.txt
prof() { echo "== $E $*" >> $P; env $E timeout 60 $B/liftcl-exp fft "$@" --run --profile --no-wisdom >> $P 2>&1; }
regs() {
  local d=$R/kernels/$(echo "$E $*" | tr ' =,:' '____' | cut -c1-120)
  env $E timeout 60 $B/liftcl-exp fft "$@" --emit $d > /dev/null 2>&1
  for k in $d/*.cl; do timeout 60 $B/kernel_info $k -cl-nv-verbose 2>&1 | grep -h "Used\|spill\|WORK_GROUP" > ${k%.cl}.info.txt; done
  rm -f $d/*.cl
}
for E in "X=0" "LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_INNER=2048:8,16,16" "LIFTCL_EXP_INNER=2048:8,16,16 LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_TESTS=0 LIFTCL_EXP_WGPI=1"; do
  prof --n 2097152 --batch 32 --precision f32 --method hierarchical --radices 2048,1024
  regs --n 2097152 --batch 32 --precision f32 --method hierarchical --radices 2048,1024
done
for E in "X=0" "LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_TESTS=0 LIFTCL_EXP_WGPI=1"; do
  prof --n 4194304 --batch 16 --precision f32 --method hierarchical --radices 2048,2048
done
for E in "X=0" "LIFTCL_EXP_TESTS=0" "LIFTCL_EXP_INNER=1024:8,8,16" "LIFTCL_EXP_INNER=1024:8,8,16 LIFTCL_EXP_TESTS=0"; do
  prof --n 1048576 --batch 32 --precision f64 --method hierarchical --radices 1024,1024
  regs --n 1048576 --batch 32 --precision f64 --method hierarchical --radices 1024,1024
done
E="X=0"; prof --n 1048576 --batch 32 --precision f64
tar -czf $OUT/run.tgz -C $R .
