# GPU job 8 of wave 6: FFT kernels whose mapWrg is one trip per work-group
# (CodegenOptions::workGroupPerIteration: no __local addresses hoisted out of a loop over
# transforms into registers) beside the same tree without it (liftcl-before) and cuFFT, one job;
# ptxas registers of a few kernels from the driver's PTX (bench/gpu/ptx_registers.sh, here).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S=256,1024,4096,8192,16384,131072,524288,1680,3000,5040,6000,15120
$B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv > $R/bench.txt 2>&1
$B/liftcl-before bench --precision both --sizes $S --no-copy --csv $R/before.csv > $R/before.txt 2>&1
grep -A30 "throughput ratio" $R/bench.txt | head -32
echo "== before"; grep -E "^liftcl fp" $R/before.txt | awk '{print $2, $3, $5}'
for c in "3000 f32 local" "8192 f32 auto" "4096 f64 auto" "8192 f64 auto"; do set -- $c
  XDG_CACHE_HOME=$R/ptx/$2-$1 timeout 60 $B/liftcl fft --n $1 --batch 64 --precision $2 --method $3 --run --repeat 2 > /dev/null 2>&1
done
tar czf $OUT/run.tgz -C $OUT r
# then, on the same warm machine:
#   .gpu/bin/liftcl bench --method local --precision both --sizes 3000,5040,6000,10080,15120 --no-copy --reps 10
#   .gpu/bin/liftcl-before bench --method local --precision f32 --sizes 3000,5040 --no-copy --reps 10
# (output in local_method.txt)
