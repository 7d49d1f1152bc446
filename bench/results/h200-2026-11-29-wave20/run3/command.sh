#!/usr/bin/env bash
# wave 20 run 3: the committed rule -- run 2's, with 2^18 fp64's second pass reading its twiddle digits
# in global memory (a whole carray table in __constant had overflowed NVIDIA's 64 KiB), odd fp64 sizes
# local where one kernel fits, odd fp32 sizes in 32 KiB tiles only where that saves a pass -- beside
# liftcl-before (3950d36), cuFFT and VkFFT on the changed sizes; then the accuracy of this tree against
# FFTW long double beside cuFFT's and VkFFT's (owed by wave 19; the three-pass plans are new).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20r3
S=262144,3315,4199,5005,6435,6561,12155,15015,45045,59049
timeout 50 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 50 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 60 $B/$v bench --precision both --sizes $S --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
SKIP_SETUP=1 BIN=$B ACC_SIZES=262144,1048576,2097152,12155,16777216 ACC_MAX_LOG2=24 ACC_BUDGET_S=290 ACC_TIMEOUT_S=220 \
  ACC_OUT=$R/acc timeout 300 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
tar -czf $OUT/run.tgz -C $R .
