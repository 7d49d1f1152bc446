# GPU job 9 of wave 7: host-computed twiddle tables (metadata kind "table") in the hierarchical
# passes and the nd tile kernels too, beside liftcl-before (34e5cc1) in the same job and cuFFT:
# the hierarchical sizes and issue 15's 2D/3D families.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S=8192,16384,131072,524288,1048576,5040,6000,10080,15120,100000
$B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv > $R/bench.txt 2>&1
$B/liftcl-before bench --precision both --sizes $S --no-copy --csv $R/before.csv > $R/before.txt 2>&1
grep -A24 "throughput ratio" $R/bench.txt
echo "== before"; grep -E "^liftcl fp" $R/before.txt | awk '{print $2, $3, $5}'
timeout 150 $B/liftcl bench --family 2d,3d --precision f32 --no-copy --reps 10 > $R/nd_after.txt 2>&1
timeout 150 $B/liftcl-before bench --family 2d,3d --precision f32 --no-copy --reps 10 > $R/nd_before.txt 2>&1
paste <(grep -E "^liftcl" $R/nd_before.txt | awk '{print $3, $5}') <(grep -E "^liftcl" $R/nd_after.txt | awk '{print $5}')
tar czf $OUT/run.tgz -C $OUT r
