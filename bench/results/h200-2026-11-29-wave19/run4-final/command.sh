#!/usr/bin/env bash
# wave 19 run 4: the committed rule -- hierarchical passes of powers of two with register limits
# (64 fp32, 128 fp64), fp32 tiles up to 16 columns, first passes' stores staged through padded
# __local memory where a tile row is 128 bytes -- beside cuFFT and VkFFT, 2^14..2^26.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w19r4
timeout 70 $B/cufft_compare --precision both --min-log2 14 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 80 $B/vkfft_compare --precision both --min-log2 14 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 90 $B/liftcl bench --precision both --min-log2 14 --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
