#!/usr/bin/env bash
# wave 10 run 6: twiddle tables in global memory for the fp64 local kernels (every pass's:
# LIFTCL_EXPERIMENT_FP64_LOCAL_GLOBAL=1) and the hierarchical passes (within their __local budget:
# LIFTCL_EXPERIMENT_HIER_GLOBAL=1): the same binary off / on, beside cuFFT and VkFFT
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="256,1024,2048,4096,8192,5040,15120,16384,65536,262144,1048576,4194304,4099"
gpu_job_baselines 120
timeout 150 $B/liftcl bench --precision both --sizes $S --csv $R/off.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/off.txt 2>&1
LIFTCL_EXPERIMENT_FP64_LOCAL_GLOBAL=1 LIFTCL_EXPERIMENT_HIER_GLOBAL=1 timeout 150 $B/liftcl bench --precision both --sizes $S --csv $R/on.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/on.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
