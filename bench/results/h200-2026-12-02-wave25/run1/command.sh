#!/usr/bin/env bash
# wave 25 run 1 (issue 15): where the 1D R2C one-kernel rows lose against the complex FFT of W/2.
# Hand-edited copies of the generated r2c_local kernels (an experiment's answer, not a result:
# the edits compute something else), timed by bench/gpu/kernel_info beside the unedited kernel
# and the C2C local kernel of W/2 at the same batch:
#   orig       the generated kernel (fp64 4096 b=4094, fp32 1024 b=32704, fp32 4096 b=8188)
#   notw       the split without its omega(k, W) product (no table read)
#   storeonly  the split's loop storing a constant (the FFT and its stores, no split)
#   aligned    the output rows padded to 128 bytes (2056 / 528 / 2064 elements)
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r1
g++ -O2 -std=c++17 -I/usr/include -o /tmp/kernel_info bench/gpu/kernel_info.cpp -lOpenCL > $R/build.txt 2>&1
E=.gpu/exp
t() {  # file global local
    echo "== $1" >> $R/times.txt
    timeout 60 /tmp/kernel_info $E/$1.cl --time $2 $3 140000000 --args $E/${1%%_*}.json -cl-nv-verbose > $R/${1}.log 2>&1
    grep -h "time:\|registers\|spill" $R/${1}.log >> $R/times.txt
}
for v in orig notw storeonly aligned; do
  t r4096d_$v 524032 128; t r1024f_$v 2093056 64; t r4096f_$v 1048064 128
done
t c2048d_orig 524032 128; t c512f_orig 1046528x2 64x2; t c2048f_orig 1048064 128
tar -czf $OUT/run.tgz -C $R .
