#!/usr/bin/env bash
# wave 19 exp 2: exp 1 found a pass kernel 24% faster when built with -cl-nv-maxrregcount=64 (2^24
# fp32 pass 1: the driver gave it 48 registers, 63 with the cap; 483 -> 367 us). Here: every pass
# kernel of make_kernels.sh's plans at register caps default/64/96/128 (kernel_info), the pass's
# memory pattern without arithmetic (tile_copy.cl: tile widths 4/8/16, the generated write order
# or lanes on consecutive addresses; plain_copy.cl), and the sweep 2^10..2^26 with the cap applied
# to every kernel (LIFTCL_BUILD_OPTIONS) beside the default, in the same job.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w19e2
E=bench/results/h200-2026-11-29-wave19/exp2
ki() { echo "== $*" >> $R/kernels.txt; timeout 60 $B/kernel_info "$@" 2>&1 | grep -E 'time:|FAILED|error|Used|spill' >> $R/kernels.txt; }
M=536870912
ki $E/plain_copy.cl --time 67108864 256 $M -D REAL=float -D COMPLEX=float2
ki $E/plain_copy.cl --time 33554432 256 $M -D REAL=double -D COMPLEX=double2
for W in 4 8 16; do for CT in 0 1; do
  LY=$((256 / W)); T=$((67108864 / 256 / W))
  for C in 256 65536; do
    ki $E/tile_copy.cl --time $((T * W))x$LY ${W}x$LY $M -cl-nv-verbose -D REAL=float -D COMPLEX=float2 -D C=$C -D R=256 -D W=$W -D LY=$LY -D PAD=1 -D CONTIG=$CT
  done
  [ $W -lt 16 ] && ki $E/tile_copy.cl --time $((T / 2 * W))x$LY ${W}x$LY $M -cl-nv-verbose -D REAL=double -D COMPLEX=double2 -D C=256 -D R=256 -D W=$W -D LY=$LY -D PAD=1 -D CONTIG=$CT
done; done
for cl in $E/k*/*.cl; do
  base=${cl%.cl}
  read G L < <(python3 -c "import json;m=json.load(open('$base.json'));n=m['ndrange'];print('x'.join(n['global']),'x'.join(n['local']))")
  ki $cl --time $G $L $M --args $base.json -cl-nv-verbose
  for cap in 64 96 128; do ki $cl --time $G $L $M --args $base.json -cl-nv-verbose -cl-nv-maxrregcount=$cap; done
done
timeout 100 $B/liftcl bench --precision both --min-log2 10 --csv $R/liftcl.csv > $R/liftcl.txt 2>&1
LIFTCL_BUILD_OPTIONS=-cl-nv-maxrregcount=64 timeout 100 $B/liftcl bench --precision both --min-log2 10 --csv $R/liftcl-cap64.csv > $R/liftcl-cap64.txt 2>&1
LIFTCL_BUILD_OPTIONS=-cl-nv-maxrregcount=128 timeout 100 $B/liftcl bench --precision both --min-log2 10 --csv $R/liftcl-cap128.csv > $R/liftcl-cap128.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
