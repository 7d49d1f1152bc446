# GPU job 7 of wave 7 (tree 34e5cc1 + fp32 16-last radix order): the cost of filling the local
# kernels' __local twiddle tables per work-group with genTwiddle (cospi/sinpi), against a fill from a
# __constant table of the same values and no fill at all (variants.py; the kernels .gpu/cl/<p>-<n>
# from `liftcl fft --emit` at the sweep's batch), each timed by bench/gpu/kernel_info --time.
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
for d in .gpu/cl/*; do
  j=$d/local_fft.json
  g=$(grep -A1 '"global"' $j | tail -1 | tr -d ' ",'); l=$(grep -A1 '"local"' $j | tail -1 | tr -d ' ",')
  n=${d##*-}; p=${d##*/}; p=${p%%-*}; b=$(grep '"batch"' $d/plan.json | tr -dc 0-9)
  w=8; [ "$p" = f64 ] && w=16; bytes=$((n * b * w))
  for v in local_fft local_fft.const local_fft.none; do
    echo "$d $v $($B/kernel_info $d/$v.cl --time $g $l $bytes -cl-nv-verbose 2>&1 | grep -E 'time:|Used' | tr '\n' ' ')"
  done
done > $R/fill.txt 2>&1
cat $R/fill.txt
