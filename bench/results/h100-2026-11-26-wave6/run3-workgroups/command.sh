# GPU job 3 of wave 6 (exploration): the local method's mixed-size kernels with more work-items per
# transform (LIFTCL_EXP_WG: an experiment-only override of LocalFftShape::workGroupSize in the
# binary measured, not committed) and NVIDIA's register cap (-cl-nv-maxrregcount=N, N = the
# registers per multiprocessor / the work-group rounded to warps, at most 255) so they launch.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
run() {  # precision n wg cap
  local opts=""; [ "$4" != 0 ] && opts="-cl-nv-maxrregcount=$4"
  t=$(LIFTCL_EXP_WG=$3 LIFTCL_BUILD_OPTIONS="$opts" timeout 60 $B/liftcl bench --method local --sizes $2 --precision $1 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp" | awk '{print $5, $NF, $(NF-1)}')
  echo "$1 $2 wg=$3 cap=$4 -> ${t:-failed}" | tee -a $R/variants.txt
}
cap() { local w=$(( ($1 + 31) / 32 * 32 )); local c=$(( 65536 / w / 8 * 8 )); [ $c -gt 255 ] && c=0; echo $c; }
for w in 188 200 300 375 600 1000; do run f32 3000 $w $(cap $w); done
run f32 3000 188 128; run f32 3000 188 96; run f32 3000 375 80; run f32 3000 600 64
for w in 315 336 560 720 1008; do run f32 5040 $w $(cap $w); done
for w in 375 400 600 1000; do run f32 6000 $w $(cap $w); done
for w in 105 120 240 336 560; do run f32 1680 $w $(cap $w); done
for w in 188 300 375 600 1000; do run f64 3000 $w $(cap $w); done
for w in 375 600 1000; do run f64 6000 $w $(cap $w); done
for w in 105 240 560; do run f64 1680 $w $(cap $w); done
