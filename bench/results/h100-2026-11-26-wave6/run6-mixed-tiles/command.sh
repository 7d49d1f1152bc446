# GPU job 6 of wave 6: mixed sizes with 32 KiB hierarchical tiles by default (before: run2-pairs,
# the same binary but 16 KiB tiles), beside cuFFT in the same job; 100000 (now 500 x 200: two
# passes instead of three) and 3D 100^3 / 2D 1000^2 (nd plans, unchanged by this).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S=1680,3000,5040,6000,10080,15120,100000
$B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv > $R/bench.txt 2>&1
grep -A18 "throughput ratio" $R/bench.txt
tar czf $OUT/run.tgz -C $OUT r
