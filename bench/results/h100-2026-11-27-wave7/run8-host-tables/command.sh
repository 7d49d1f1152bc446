# GPU job 8 of wave 7: local kernels whose __local twiddle tables are copied from host-computed
# table arguments (CodegenOptions::localTablesFromHost, metadata kind "table") and fp32 mixed sizes
# with the radix 16 last, beside the same job's liftcl-before (34e5cc1: tables computed with
# cospi/sinpi per work-group, radix 16 first) and cuFFT.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S=64,256,1024,2048,4096,8192,1680,3000,5040,6000
$B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv > $R/bench.txt 2>&1
$B/liftcl-before bench --precision both --sizes $S --no-copy --csv $R/before.csv > $R/before.txt 2>&1
grep -A24 "throughput ratio" $R/bench.txt
echo "== before"; grep -E "^liftcl fp" $R/before.txt | awk '{print $2, $3, $5}'
