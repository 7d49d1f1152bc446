# GPU job 7 of wave 6: the final tree (dft-pairs; hierarchical tiles as before for mixed sizes) on
# issue 15's 2D and 3D families beside cuFFT (100^3 and 1000^2 have radix-5 butterflies; before:
# wave 5 run5-final, another job: 3D 100^3 0.81/0.81, 2D 1000^2 0.42/0.66 of cuFFT).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
$B/cufft_nd_bench $R/cufft_nd.csv $(( (1 << 24) * 8 )) > $R/cufft_nd.log 2>&1
timeout 240 $B/liftcl bench --family 2d,3d --precision both --total-log2 24 --csv $R/liftcl_nd.csv --compare $R/cufft_nd.csv > $R/ratios_nd.txt 2>&1
grep -A40 "throughput ratio" $R/ratios_nd.txt | head -45
tar czf $OUT/run.tgz -C $OUT r
