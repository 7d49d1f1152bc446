# GPU job 5 of wave 6: the mixed sizes' hierarchical tiles (16 KiB x 8 columns, their default, beside
# 32 KiB and 16-column tiles: never measured for mixed sizes), and issue 13's N-Body at n = 2048
# (run4's n = 4096 spent its time limit in the interpreter's reference) in GFLOP/s.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R/x
S=1680,3000,5040,6000,10080,15120
for v in "--method hierarchical" "--method hierarchical --tile-bytes 32768" "--method hierarchical --tile-width 16" \
         "--method hierarchical --tile-bytes 32768 --tile-width 16" "--method hierarchical --tile-bytes 24576"; do
  tag=$(echo "$v" | tr -d ' -'); timeout 90 $B/liftcl bench --precision both --sizes $S --no-copy --reps 10 $v > $R/x/$tag.txt 2>&1
  echo "== $v"; grep -E "^liftcl fp" $R/x/$tag.txt | awk '{print $2, $3, $5, $NF, $(NF-1)}'
done
SKIP_DEBS=1 LIFTCL=$B/liftcl CUBLAS=$B/bench_cublas PROGRAMS="nbody" PRECISIONS="f32 f64" NBODY_N=2048 \
  BUDGET_S=20 REFERENCE_S=150 OUT=$R/nbody bash bench/run_gpu_blas.sh > $R/nbody.tail.txt 2>&1
grep -h -A4 "^rank" $R/nbody/liftcl_*.txt | cut -c1-150; grep explore $R/nbody/log.txt
tar czf $OUT/run.tgz -C $OUT r
