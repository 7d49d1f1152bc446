#!/usr/bin/env bash
# wave 14 run 3 (issue 12): hierarchical tiles in rounds of index ranges (radix 4096 fp32, 2048
# fp64, 4 columns wide, the tile's points in registers) make 2^22..2^24 fp32 and 2^21, 2^22 fp64
# two passes. Each variant by --radices (liftcl, this tree, 115307e; the planner still picks three
# passes), timed per kernel (--profile), beside cuFFT/VkFFT of the same sizes; the registers of the
# new passes from the driver.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r3
S="4194304,8388608,16777216,2097152"
gpu_job_baselines 90
P=$R/profile.txt
prof() { echo "== $*" >> $P; timeout 40 $B/liftcl fft "$@" --run --profile --no-wisdom >> $P 2>&1; }
regs() {
  local d=$R/kernels/$(echo "$*" | tr ' =,:-' '_____' | cut -c1-120)
  timeout 40 $B/liftcl fft "$@" --emit $d > /dev/null 2>&1
  for k in $d/*.cl; do timeout 40 $B/kernel_info $k -cl-nv-verbose 2>&1 | grep -h "Used\|spill\|WORK_GROUP" > ${k%.cl}.info.txt; done
  rm -f $d/*.cl $d/*.json
}
for r in "" "--radices 4096,1024" "--radices 1024,4096"; do prof --n 4194304 --batch 16 --precision f32 --method hierarchical $r; done
for r in "" "--radices 4096,2048" "--radices 2048,4096"; do prof --n 8388608 --batch 8 --precision f32 --method hierarchical $r; done
for r in "" "--radices 4096,4096"; do prof --n 16777216 --batch 4 --precision f32 --method hierarchical $r; done
for r in "" "--radices 2048,1024" "--radices 1024,2048"; do prof --n 2097152 --batch 16 --precision f64 --method hierarchical $r; done
for r in "" "--radices 2048,2048"; do prof --n 4194304 --batch 8 --precision f64 --method hierarchical $r; done
regs --n 16777216 --batch 4 --precision f32 --method hierarchical --radices 4096,4096
regs --n 4194304 --batch 8 --precision f64 --method hierarchical --radices 2048,2048
prof --n 8192 --batch 4096 --precision f64
prof --n 16384 --batch 4096 --precision f32
tar -czf $OUT/run.tgz -C $R .
