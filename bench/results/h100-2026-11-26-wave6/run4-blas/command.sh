# GPU job 4 of wave 6: the rest of issue 13's comparison (run1-blas stopped at its limit): GEMV
# fp32/fp64 with time for the interpreter's reference, dot fp32 with a budget that reaches every
# variant, N-Body fp32/fp64 and Black-Scholes fp64 (GFLOP/s). bench/run_gpu_blas.sh, one program
# per invocation so each gets its own budget.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
blas() {  # out programs precisions budget reference
  SKIP_DEBS=1 LIFTCL=$B/liftcl CUBLAS=$B/bench_cublas PROGRAMS="$2" PRECISIONS="$3" GEMV_N=4096 NBODY_N=4096 \
    BUDGET_S=$4 REFERENCE_S=$5 OUT=$R/$1 bash bench/run_gpu_blas.sh > $R/$1.tail.txt 2>&1
  grep -h -A3 "^rank" $R/$1/liftcl_*.txt | cut -c1-150
}
blas gemv "gemv" "f32 f64" 20 110
blas dot "dot" "f32" 60 30
blas nbody "nbody" "f32 f64" 20 60
blas bs "blackscholes" "f64" 15 30
cat $R/gemv/cublas.csv
tar czf $OUT/run.tgz -C $OUT r
