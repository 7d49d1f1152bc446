#!/usr/bin/env bash
# wave 23 run 4: the committed tree (fp64 even mixed sizes in one array where it fits) over issue 16's
# sizes -- the powers of two 2^4..2^13 and the mixed sizes -- in both precisions beside cuFFT and
# VkFFT; and the accuracy of the changed fp64 plans beside cuFFT's and VkFFT's.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w23r4
S=16,32,64,128,256,512,1024,2048,4096,8192,720,1200,1500,1680,2016,2520,3000,5040,6000,10080,15120
timeout 60 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 80 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 100 $B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=720,1200,1500,2016,2520 ACC_BUDGET_S=80 ACC_TIMEOUT_S=60 \
  ACC_OUT=$R/acc timeout 90 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
tar -czf $OUT/run.tgz -C $R .
