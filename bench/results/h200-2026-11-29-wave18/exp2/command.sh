#!/usr/bin/env bash
# wave 18 exp 2 (issue 12): what the hierarchical passes' twiddles between passes cost (genTwiddle:
# cospi/sinpi after 64-bit arithmetic per element) -- each pass kernel of 7e3588a timed by kernel_info
# as generated and with genTwiddle's body replaced by native_cos/native_sin (the cost of a cheap
# twiddle, not a correct kernel; make_kernels.sh writes them) -- and the tile width of the passes (liftcl fft --profile).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w18e2
E=bench/results/h200-2026-11-29-wave18/exp2
for cl in $E/*/hierarchical_pass*.cl; do
  base=${cl%_cheap.cl}; base=${base%.cl}
  read G L Bytes < <(python3 -c "import json;m=json.load(open('$base.json'));n=m['ndrange'];print('x'.join(n['global']),'x'.join(n['local']),m['args'][0]['bytes'])")
  echo "== $cl" >> $R/kernels.txt
  timeout 60 $B/kernel_info $cl --time $G $L $Bytes --args $base.json 2>&1 | grep -E 'time:|FAILED|error' >> $R/kernels.txt
done
for a in "65536 1024 f32 --tile-width=16" "65536 1024 f32 --tile-width=4" "4194304 16 f32 --tile-width=16" "4194304 16 f32 --tile-width=4" \
         "16777216 4 f32 --tile-width=16" "262144 128 f64 --tile-width=16" "262144 128 f64 --tile-width=4" "65536 512 f64 --tile-width=16" "262144 128 f64"; do
  set -- $a
  echo "== n=$1 batch=$2 $3 ${4:-}" >> $R/profile.txt
  timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 ${4:-} --run --profile >> $R/profile.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
