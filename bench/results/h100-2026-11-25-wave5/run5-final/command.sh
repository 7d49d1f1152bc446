# GPU job 5 of wave 5: the final tree's 1D sweep and issue 15's families beside cuFFT (VkFFT's from run2/run1)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
mkdir -p $OUT/sweep $OUT/nd
B=.gpu/bin
$B/cufft_compare --precision both --max-log2 22 --single-log2 0 --mixed --csv $OUT/sweep/cufft.csv > $OUT/sweep/cufft.log 2>&1
$B/liftcl bench --precision both --max-log2 22 --single-log2 0 --mixed --csv $OUT/sweep/liftcl.csv --compare $OUT/sweep/cufft.csv > $OUT/sweep/bench.txt 2>&1
$B/liftcl-before bench --precision both --sizes 4096,8192,65536,131072 --no-copy --csv $OUT/sweep/before.csv > $OUT/sweep/before.log 2>&1
$B/cufft_nd_bench $OUT/nd/cufft_nd.csv $(( (1 << 24) * 8 )) > $OUT/nd/cufft_nd.log 2>&1
timeout 300 $B/liftcl bench --family c2c,r2c,2d,r2c2d,3d,r2c3d --precision both --total-log2 24 --csv $OUT/nd/liftcl_nd.csv --compare $OUT/nd/cufft_nd.csv > $OUT/nd/ratios_nd.txt 2>&1
grep -A70 "throughput ratio" $OUT/sweep/bench.txt | tail -62
grep -E "^liftcl" $OUT/sweep/before.log
grep "geometric" $OUT/nd/ratios_nd.txt
