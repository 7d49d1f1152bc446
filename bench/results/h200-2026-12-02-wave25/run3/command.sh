#!/usr/bin/env bash
# wave 25 run 3 (issue 15): where the r2c_twist kernel (1D R2C 16384 fp32 b=2047: the half spectrum's
# split after the FFT of 8192, 82 us where a copy of its bytes takes about 37) loses. Hand-edited
# copies of the generated kernel (an experiment's answer, not a result), timed by kernel_info:
#   orig        the generated kernel (1D range, groups of LOCAL)
#   notw        without omega's product (no cospi/sinpi)
#   nomirror    the mirrored read Z[W/2-k] replaced by Z[k]
#   copy        out[g] = Z[k] only
#   2d, 2d_copy the row from get_global_id(1), k from get_global_id(0): no division by 8193
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r3
g++ -O2 -std=c++17 -o /tmp/kernel_info bench/gpu/kernel_info.cpp -lOpenCL > $R/build.txt 2>&1
E=.gpu/exp
t() {  # variant global local
    echo "== $1 $2 $3" >> $R/times.txt
    timeout 60 /tmp/kernel_info $E/tw_$1.cl --time $2 $3 140000000 --args $E/tw.json -cl-nv-verbose > $R/$1-$3.log 2>&1
    grep -h "time:\|registers" $R/$1-$3.log >> $R/times.txt
}
for l in 256 1024 128; do t orig 16771072 $l; done
for v in notw nomirror copy; do t $v 16771072 256; done
t 2d 8448x2047 256x1; t 2d_copy 8448x2047 256x1
tar -czf $OUT/run.tgz -C $R .
