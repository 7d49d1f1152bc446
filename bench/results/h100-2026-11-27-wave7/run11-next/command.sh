# GPU job 11 of wave 7 (tree 7d24c59): leads for the next session — fewer work-items for fp32 mixed
# sizes now that the tables are copied, fp64 mixed sizes by the local method (auto takes two
# hierarchical passes: 5040 0.895 ms, 6000 0.885 in run10), 8192 fp32's radix orders.
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin
for i in 128 192; do $B/liftcl bench --method local --items $i --precision f32 --sizes 3000,5040,6000 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp" | sed "s/^/items=$i /"; done
$B/liftcl bench --method local --precision f64 --sizes 3000,5040,6000 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp" | sed "s/^/local /"
for r in "" 16,16,16,2 8,8,8,16 16,16,2,16; do
  echo "8192 f32 ${r:-default} $($B/liftcl fft --n 8192 --precision f32 --batch 8192 --method local ${r:+--radices $r} --run --repeat 20 2>&1 | grep -o 'time_per_batch_us=[0-9.]*')"
done
