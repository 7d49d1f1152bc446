# GPU job 3 of wave 5 (binaries from bench/build_gpu_binaries.sh carried in .gpu/bin; liftcl-before = run2's liftcl)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
mkdir -p $OUT/sweep $OUT/nd /tmp/ptx
B=.gpu/bin
# 1D sweep beside cuFFT (VkFFT's from run2), then issue 15's families beside cuFFT
$B/cufft_compare --precision both --max-log2 22 --single-log2 0 --mixed --csv $OUT/sweep/cufft.csv > $OUT/sweep/cufft.txt 2>&1
$B/liftcl bench --precision both --max-log2 22 --single-log2 0 --mixed --csv $OUT/sweep/liftcl.csv --compare $OUT/sweep/cufft.csv > $OUT/sweep/bench.txt 2>&1
$B/liftcl-before bench --precision both --min-log2 12 --max-log2 22 --single-log2 0 --csv $OUT/sweep/liftcl_before.csv > $OUT/sweep/bench_before.txt 2>&1
for spec in f32:4096 f32:8192 f32:524288 f64:4096 f64:131072; do
  p=${spec%%:*}; n=${spec##*:}
  XDG_CACHE_HOME=/tmp/ptx/$p-$n timeout 60 $B/liftcl fft --n $n --batch 64 --precision $p --run > /tmp/ptx/$p-$n.txt 2>&1
done
tar -czf $OUT/ptx.tar.gz -C /tmp ptx
$B/cufft_nd_bench $OUT/nd/cufft_nd.csv $(( (1 << 24) * 8 )) > $OUT/nd/cufft_nd.txt 2>&1
timeout 280 $B/liftcl bench --family c2c,r2c,2d,r2c2d,3d,r2c3d --precision both --total-log2 24 --csv $OUT/nd/liftcl_nd.csv --compare $OUT/nd/cufft_nd.csv > $OUT/nd/ratios_nd.txt 2>&1
grep -A70 "throughput ratio" $OUT/sweep/bench.txt | tail -62
$B/liftcl bench --from-csv $OUT/sweep/liftcl_before.csv --compare $OUT/sweep/cufft.csv 2>&1 | grep -E "^fp(32|64) +[0-9]+ +[0-9]+ \|"
grep "geometric" $OUT/nd/ratios_nd.txt
