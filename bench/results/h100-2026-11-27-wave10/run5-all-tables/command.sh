#!/usr/bin/env bash
# wave 10 run 5: every pass's twiddle table in global memory in fp32 (no __local budget), Rader's
# tables in global memory in fp64 too, the slot kernels unpadded where padded does not fit (Rader
# 1009 fp64): before (396f801), run4's reads with the local budget (liftcl-env with
# LIFTCL_EXPERIMENT_GLOBAL_TABLES=1) and after, beside cuFFT and VkFFT; accuracy of after.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="193,257,641,743,769,1009,1153,1601,4099,65537,1000003,1024,4096,8192,1680,3000,5040"
gpu_job_baselines 120
timeout 150 $B/liftcl bench --precision both --sizes $S --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
timeout 150 $B/liftcl-before bench --precision both --sizes $S --csv $R/liftcl-before.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl-before.txt 2>&1
LIFTCL_EXPERIMENT_GLOBAL_TABLES=1 timeout 150 $B/liftcl-env bench --precision both --sizes $S --csv $R/liftcl-run4.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl-run4.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=193,257,641,743,769,1009,1153,1601,1024,4096,8192,1680,5040 ACC_OUT=$R/acc ACC_BUDGET_S=120 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
