# GPU job 1 of wave 6: issue 13's Lift programs beside cuBLAS (bench/run_gpu_blas.sh), the PTX of
# the mixed-size kernels (local and hierarchical, for ptxas here) and the mixed sizes beside cuFFT
# as the "before" of the symmetric-pair butterflies. Binaries built by bench/build_gpu_binaries.sh.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; mkdir -p $OUT/blas $OUT/mixed
for n in 1680 3000 6000; do for m in local hierarchical; do
  XDG_CACHE_HOME=$OUT/ptx/f32-$n-$m $B/liftcl fft --n $n --batch 64 --precision f32 --method $m --run --repeat 3 > /dev/null 2>&1
done; done
S=1680,3000,5040,6000,10080,15120
$B/cufft_compare --precision both --sizes $S --csv $OUT/mixed/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $OUT/mixed/liftcl.csv --compare $OUT/mixed/cufft.csv > $OUT/mixed/bench.txt 2>&1
grep -A12 "throughput ratio" $OUT/mixed/bench.txt
SKIP_DEBS=1 LIFTCL=$B/liftcl CUBLAS=$B/bench_cublas PROGRAMS="gemv asum dot nbody blackscholes" PRECISIONS="f32 f64" \
  GEMV_N=4096 NBODY_N=4096 BUDGET_S=20 REFERENCE_S=60 OUT=$OUT/blas bash bench/run_gpu_blas.sh > $OUT/blas/tail.txt 2>&1
tail -60 $OUT/blas/tail.txt
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
