#!/usr/bin/env bash
# wave 18 run 4 (issue 12): the committed rule -- digit twiddles between hierarchical passes where
# the pass's L <= 2^19, cospi/sinpi above -- beside cuFFT and VkFFT, 2^14..2^26; then the accuracy
# of sizes whose plans changed against FFTW long double, cuFFT's and VkFFT's beside.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w18r4
timeout 150 $B/cufft_compare --precision both --min-log2 14 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 150 $B/vkfft_compare --precision both --min-log2 14 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 150 $B/liftcl bench --precision both --min-log2 14 --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=32768,65536,262144,524288,15120 ACC_OUT=$R/acc ACC_BUDGET_S=130 \
    bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
