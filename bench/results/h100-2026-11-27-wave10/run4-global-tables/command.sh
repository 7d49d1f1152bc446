#!/usr/bin/env bash
# wave 10 run 4: twiddle tables read from the host's global table (LIFTCL_EXPERIMENT_GLOBAL_TABLES=1)
# rather than copied to __local per work-group, in every local kernel: same binary, off / on
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="193,257,641,769,1009,1153,1601,1024,4096,8192,1680,3000,5040"
gpu_job_baselines 100
timeout 150 $B/liftcl bench --precision both --sizes $S --csv $R/local-tables.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/local-tables.txt 2>&1
LIFTCL_EXPERIMENT_GLOBAL_TABLES=1 timeout 150 $B/liftcl bench --precision both --sizes $S --csv $R/global-tables.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/global-tables.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
