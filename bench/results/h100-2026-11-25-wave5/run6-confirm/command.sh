# GPU job 6 of wave 5: the final tree on the points its last change touched (write indices kept in
# registers where the share tests are kept), beside cuFFT in the same job; then the mixed sizes'
# twiddle and method variants (exploration for the next wave)
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; mkdir -p $OUT/c $OUT/x
S=4096,8192,131072,524288,1680,3000,6000
$B/cufft_compare --precision both --sizes $S --csv $OUT/c/cufft.csv > /dev/null 2>&1
$B/liftcl bench --precision both --sizes $S --csv $OUT/c/liftcl.csv --compare $OUT/c/cufft.csv > $OUT/c/bench.txt 2>&1
grep -A30 "throughput ratio" $OUT/c/bench.txt
for v in "--twiddles sincos" "--twiddles digits" "--method local" "--method local --twiddles sincos" "--method hierarchical --tile-bytes 32768"; do
  tag=$(echo "$v" | tr -d ' -' ); $B/liftcl bench --precision both --sizes 1680,3000,5040,6000 --no-copy --reps 10 $v > $OUT/x/$tag.txt 2>&1
  echo "== $v"; grep -E "^liftcl fp" $OUT/x/$tag.txt | awk '{print $2, $3, $5, $NF, $(NF-1)}'
done
