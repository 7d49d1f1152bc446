# GPU job 2 of wave 6: odd butterflies in symmetric pairs (rule dft-pairs) on the mixed sizes
# beside cuFFT (before: run1-blas, the same sizes in the same session, tree 9ca1d97); the local
# method's variant; the PTX of 3000 fp32 (local, hierarchical); the accuracy table to 2^14 + mixed.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R/mixed $R/x $R/acc
S=1680,3000,5040,6000,10080,15120
$B/cufft_compare --precision both --sizes $S --csv $R/mixed/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $R/mixed/liftcl.csv --compare $R/mixed/cufft.csv > $R/mixed/bench.txt 2>&1
grep -A12 "throughput ratio" $R/mixed/bench.txt
$B/liftcl bench --precision both --sizes $S --no-copy --reps 10 --method local > $R/x/local.txt 2>&1
echo "== --method local"; grep -E "^liftcl fp" $R/x/local.txt | awk '{print $2, $3, $5, $NF, $(NF-1)}'
for m in local hierarchical; do
  XDG_CACHE_HOME=$R/ptx/f32-3000-$m timeout 60 $B/liftcl fft --n 3000 --batch 64 --precision f32 --method $m --run --repeat 3 > /dev/null 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_MAX_LOG2=14 ACC_BUDGET_S=220 ACC_OUT=$R/acc timeout 260 bash bench/run_gpu_accuracy.sh > $R/acc/tail.txt 2>&1
tail -5 $R/acc/tail.txt; grep -E "^\| (1680|3000|5040|6000|10080|15120) " $R/acc/accuracy.md
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
tar czf $OUT/run.tgz -C $OUT r
