# GPU job 10 of wave 7: the final tree of wave 7 — the 1D sweep 2^4..2^22 + mixed sizes
# beside cuFFT and VkFFT in one job, then the accuracy table to 2^14 + mixed sizes.
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
S="--precision both --max-log2 22 --single-log2 0 --mixed"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv > $R/gpu.txt
$B/cufft_compare $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 150 $B/vkfft_compare $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
$B/liftcl bench $S --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/bench.txt 2>&1
grep -A70 "throughput ratio" $R/bench.txt
SKIP_SETUP=1 BIN=$B ACC_MAX_LOG2=14 ACC_OUT=$R/acc ACC_BUDGET_S=200 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tail -5 $R/acc_run.txt
tar czf $OUT/run.tgz -C $OUT r
