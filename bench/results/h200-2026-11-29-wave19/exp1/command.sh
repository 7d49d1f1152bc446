#!/usr/bin/env bash
# wave 19 exp 1: (a) the committed tree (b9ec987: digit twiddles, three digits where measured faster)
# over 2^14..2^26 beside cuFFT and VkFFT, and the accuracy of the three-digit sizes; (b) why a
# hierarchical pass without twiddles takes 350 us for 263 us of copy: the generated pass kernels
# with and without reqd_work_group_size and register caps, beside tile_copy.cl (the pass's memory
# pattern without arithmetic: tile widths, write orders) and plain_copy.cl. make_kernels.sh wrote
# the generated ones.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w19e1
E=bench/results/h200-2026-11-29-wave19/exp1
ki() { echo "== $*" >> $R/kernels.txt; timeout 60 $B/kernel_info "$@" 2>&1 | grep -E 'time:|FAILED|error|registers|spill|Used' >> $R/kernels.txt; }
M=536870912
ki $E/plain_copy.cl --time 67108864 256 $M -D REAL=float
ki $E/plain_copy.cl --time 33554432 256 $M -D REAL=double
# fp32 n = 2^16 (C = R = 256, batch 1024: 32768 tiles of 8), 2^24 (C = 65536), fp64 2^16 (batch 512)
for W in 4 8 16; do for CT in 0 1; do
  LY=$((256 / W)); T=$((67108864 / 256 / W))
  ki $E/tile_copy.cl --time $((T * W))x$LY ${W}x$LY $M -D REAL=float -D C=256 -D R=256 -D W=$W -D LY=$LY -D PAD=1 -D CONTIG=$CT
  ki $E/tile_copy.cl --time $((T * W))x$LY ${W}x$LY $M -D REAL=float -D C=65536 -D R=256 -D W=$W -D LY=$LY -D PAD=1 -D CONTIG=$CT
  ki $E/tile_copy.cl --time $((T / 2 * W))x$LY ${W}x$LY $M -D REAL=double -D C=256 -D R=256 -D W=$W -D LY=$LY -D PAD=1 -D CONTIG=$CT
done; done
for cl in $E/k*/hierarchical_pass*.cl; do
  base=${cl%_reqd.cl}; base=${base%.cl}
  read G L < <(python3 -c "import json;m=json.load(open('$base.json'));n=m['ndrange'];print('x'.join(n['global']),'x'.join(n['local']))")
  ki $cl --time $G $L $M --args $base.json -cl-nv-verbose
  case $cl in *_reqd.cl) ;; *) ki $cl --time $G $L $M --args $base.json -cl-nv-verbose -cl-nv-maxrregcount=64 ;; esac
done
timeout 150 $B/cufft_compare --precision both --min-log2 14 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 150 $B/vkfft_compare --precision both --min-log2 14 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 150 $B/liftcl bench --precision both --min-log2 14 --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=2097152,8388608,16777216,33554432 ACC_MAX_LOG2=25 ACC_OUT=$R/acc ACC_BUDGET_S=150 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
