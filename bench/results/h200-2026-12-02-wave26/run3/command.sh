#!/usr/bin/env bash
# wave 26 run 3 (issue 15): why the fused split pass (run 2: 1.9x a plain last pass) is slow. One
# build of the committed tree with variant.diff's knobs (liftcl-exp; no knob = the committed plan):
# LIFTCL_EXP_WIDE=1 the last pass's tile twice the method's width (T + T columns, rows of 128
# bytes), LIFTCL_EXP_REGS=N the split pass's register limit (committed: 64 fp32, 128 fp64; 0 the
# driver's). Beside them the C2C FFT of W/2 over the same rows (its plain last pass), ptxas's
# registers and spills of each split kernel (kernel_info -cl-nv-verbose), the r2c family.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w26r3
build_liftcl_in_background /tmp/b-exp $R/build-exp.txt .gpu/variant-src 14
g++ -O2 -std=c++17 -o /tmp/kernel_info bench/gpu/kernel_info.cpp -lOpenCL > $R/build-ki.txt 2>&1
timeout 100 $B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.txt 2>&1
wait $builder
X=/tmp/b-exp/liftcl
cfg() { case $1 in base) echo "";; wide) echo "LIFTCL_EXP_WIDE=1";; regs0) echo "LIFTCL_EXP_REGS=0";;
  wide_regs0) echo "LIFTCL_EXP_WIDE=1 LIFTCL_EXP_REGS=0";; regs128) echo "LIFTCL_EXP_REGS=128";; esac; }
for c in base wide regs0 wide_regs0 regs128; do
  for a in "16384 2047 f32" "65536 511 f32" "65536 255 f64" "1048576 31 f32"; do
    set -- $a; echo "== $c" >> $R/profile.txt
    env $(cfg $c) timeout 60 $X fft --n $1 --real --batch $2 --precision $3 --repeat 20 --run --profile 2>&1 | grep -E "fft n=|step|time_per" >> $R/profile.txt
  done
  for a in "65536 511 f32" "65536 255 f64"; do
    set -- $a; d=/tmp/k-$c-$3; env $(cfg $c) $X fft --n $1 --real --batch $2 --precision $3 --emit $d > /dev/null 2>&1
    regs=$(python3 -c "import json;print(json.load(open('$d/rows_hierarchical_split.json')).get('max_registers',0))" 2>/dev/null)
    echo "== ptxas $c $a (metadata max registers: $regs)" >> $R/ptxas.txt
    opt=""; [ -n "$regs" ] && [ "$regs" != "0" ] && opt="-cl-nv-maxrregcount=$regs"
    timeout 60 /tmp/kernel_info $d/rows_hierarchical_split.cl $opt -cl-nv-verbose 2>&1 | grep -iE "registers|spill|private|local" >> $R/ptxas.txt
  done
done
for a in "8192 2047 f32" "32768 511 f32" "32768 255 f64" "524288 31 f32"; do
  set -- $a; gpu_job_profile $X fft --n $1 --batch $2 --precision $3 --method hierarchical --repeat 20
done
for c in base wide wide_regs0; do
  env $(cfg $c) timeout 100 $X bench --family r2c --precision both --total-log2 24 --reps 10 \
      --csv $R/liftcl-$c.csv --compare $R/cufft_nd.csv > $R/liftcl-$c.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
