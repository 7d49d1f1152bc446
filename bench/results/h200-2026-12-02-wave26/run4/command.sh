#!/usr/bin/env bash
# wave 26 run 4 (issue 15): where the fused split pass loses (run 3: 2x a plain last pass in fp32).
# Hand-edited copies of the generated rows_hierarchical_split of 1D R2C 65536 fp32 b=511 (emitted on
# this tree into .gpu/exp, edits by edit_kernels.py; an experiment's answer: the edits compute
# something else) timed by kernel_info beside the plain last pass of the C2C FFT of 32768 (b=511):
# orig; aligned (output rows 32768 apart: whole sectors); generic (the mirror from the partner
# column only: one local read, not three); noroots (omega(q, W) = 1); all three edits together.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w26r4
g++ -O2 -std=c++17 -o /tmp/kernel_info bench/gpu/kernel_info.cpp -lOpenCL > $R/build-ki.txt 2>&1
E=.gpu/exp
for v in orig aligned generic noroots all; do
  echo "== split_$v" >> $R/times.txt
  timeout 60 /tmp/kernel_info $E/split_$v.cl --time 130816x16 16x16 133959672 --args $E/r2c/rows_hierarchical_split.json \
      -cl-nv-maxrregcount=64 -cl-nv-verbose 2>&1 | grep -iE "median|registers|spill|error" >> $R/times.txt
done
echo "== c2c hierarchical_pass1" >> $R/times.txt
timeout 60 /tmp/kernel_info $E/c2c/hierarchical_pass1.cl --time 130816x16 16x16 133955584 --args $E/c2c/hierarchical_pass1.json \
    -cl-nv-maxrregcount=64 -cl-nv-verbose 2>&1 | grep -iE "median|registers|spill|error" >> $R/times.txt
tar -czf $OUT/run.tgz -C $R .
