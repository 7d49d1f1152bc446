#!/usr/bin/env bash
# wave 14 run 6: (a) the register-boosted kernels with more work-items (fewer points each, fewer
# registers): 8192 fp64 and 16384 fp32 at --items 512 / 1024, driver registers beside; (b) the fp64
# mixed sizes the committed rule leaves alone (720, 1200: two ping-pong arrays; 7000, 10080, 15120:
# hierarchical) by components (LIFTCL_EXP_SPLIT=1) or in two rounds (=2). liftcl = d17e920's
# binary; liftcl-exp = 115307e plus the knobs (tree.txt of run4).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w14r6
P=$R/variants.txt
var() { echo "== $E $1 $*" >> $P; local bin=$1; shift; env $E timeout 40 $B/$bin fft "$@" --run --no-wisdom 2>&1 | grep -E "^fft|time_per|rror" >> $P; }
regs() {
  local d=$R/kernels/$(echo "$*" | tr ' =,:-' '_____' | cut -c1-120)
  timeout 40 $B/liftcl fft "$@" --emit $d > /dev/null 2>&1
  for k in $d/*.cl; do timeout 40 $B/kernel_info $k -cl-nv-verbose 2>&1 | grep -h "Used\|spill\|WORK_GROUP" > ${k%.cl}.info.txt; done
  rm -f $d/*.cl $d/*.json
}
E="X=0"
for i in 256 512; do var liftcl --n 8192 --batch 4096 --precision f64 --items $i; regs --n 8192 --batch 4096 --precision f64 --items $i; done
var liftcl --n 8192 --batch 4096 --precision f64 --items 512 --method local --radices 8,8,8,16
for i in 256 512 1024; do var liftcl --n 16384 --batch 4096 --precision f32 --items $i; regs --n 16384 --batch 4096 --precision f32 --items $i; done
for n in 720 1200 7000 10080 15120; do
  b=$(( (1<<25) / n ))
  E="X=0"; var liftcl --n $n --batch $b --precision f64
  for E in "LIFTCL_EXP_SPLIT=1" "LIFTCL_EXP_SPLIT=2"; do var liftcl-exp --n $n --batch $b --precision f64 --method local; done
done
tar -czf $OUT/run.tgz -C $R .
