# GPU job 2 of wave 7 (same warm machine as run1, tree 6598681): what the missing one-kernel points
# are made of — the local method's twiddle variants for the mixed sizes (local tables vs sincos at
# use vs table), fp64 mixed sizes by the local method, and the tuner's ranking for 8192 fp32,
# 4096 fp64 and 8192 fp64.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
B=.gpu/bin; R=$OUT/r; mkdir -p $R
for t in local sincos table; do
  echo "== twiddles $t"; $B/liftcl bench --method local --twiddles $t --precision f32 --sizes 1680,3000,5040,6000 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp"
done > $R/local_twiddles.txt
echo "== fp64 local" >> $R/local_twiddles.txt
$B/liftcl bench --method local --precision f64 --sizes 1680,3000,5040,6000 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp" >> $R/local_twiddles.txt
cat $R/local_twiddles.txt
for c in "8192 f32 8192" "4096 f64 8192" "8192 f64 4096"; do set -- $c
  echo "== tune $1 $2"; timeout 100 $B/liftcl fft --n $1 --batch $3 --precision $2 --tune --budget-s 60 --top 8 --no-wisdom 2>&1 | tail -12
done > $R/tune.txt 2>&1
cat $R/tune.txt
tar czf $OUT/run.tgz -C $OUT r
