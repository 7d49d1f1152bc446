# GPU job 3 of wave 7: the local method's work-items per transform (new knob `--items`, variant
# field items=N) over mixed sizes and the larger powers of two, fp32 and fp64; 0 = the default
# (the first pass's butterflies shared evenly by at most 256 work-items).
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
for i in 0 128 192 256 320 384 512 640 768 1024; do
  timeout 60 $B/liftcl bench --method local --items $i --precision f32 --sizes 1680,3000,5040,6000,2048,4096,8192 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp|rror" | sed "s/^/items=$i /"
  timeout 60 $B/liftcl bench --method local --items $i --precision f64 --sizes 1680,3000,5040,6000,2048,4096 --no-copy --reps 10 2>&1 | grep -E "^liftcl fp|rror" | sed "s/^/items=$i /"
done > $R/items.txt 2>&1
sort -k3,3 -k4,4n -k7,7n $R/items.txt | awk '{print $1, $3, $4, $6}'
tar czf $OUT/run.tgz -C $OUT r
