#!/usr/bin/env bash
# wave 16 run 8 (issue 14): Rader's one kernel with its FFT written in place (LIFTCL_EXP_RADER_INPLACE
# in liftcl-exp: two __local arrays instead of three), where it fit before and where it did not
# (1009 fp64, Bluestein by default), beside cuFFT and VkFFT; liftcl bench's batches.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r8
S=257,641,769,1009,1153,2003
gpu_job_baselines 100
timeout 100 $B/liftcl bench --precision both --sizes "$S" --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
LIFTCL_EXP_RADER_INPLACE=1 timeout 100 $B/liftcl-exp bench --precision both --sizes "$S" --csv $R/liftcl-exp.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl-exp.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
