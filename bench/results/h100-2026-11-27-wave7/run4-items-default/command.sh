# GPU job 4 of wave 7: the new default work-items per transform (the first pass's butterflies up to
# 256; fp64 by components: half) beside cuFFT, the points it changes and their neighbours; the
# tuner's items= variants for 3000 fp32; the driver's registers for 3000 fp32 at 256 and 320
# work-items (why the driver refuses more than 256: CL_KERNEL_WORK_GROUP_SIZE).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S=1024,2048,4096,8192,1680,3000,5040,6000,10080
$B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv > $R/bench.txt 2>&1
grep -A24 "throughput ratio" $R/bench.txt
timeout 100 $B/liftcl fft --n 3000 --batch 22369 --precision f32 --tune --budget-s 45 --top 8 --no-wisdom > $R/tune3000.txt 2>&1
tail -11 $R/tune3000.txt
for i in 256 320; do
  XDG_CACHE_HOME=$R/ptx/f32-3000-$i timeout 60 $B/liftcl fft --n 3000 --batch 64 --precision f32 --method local --items $i --run --repeat 2 > $R/ptx-$i.txt 2>&1
done
LIFTCL_BUILD_OPTIONS=-cl-nv-maxrregcount=64 timeout 60 $B/liftcl bench --method local --items 320 --precision f32 --sizes 3000 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp" > $R/maxrreg.txt
cat $R/ptx-320.txt | tail -2; cat $R/maxrreg.txt
tar czf $OUT/run.tgz -C $OUT r
