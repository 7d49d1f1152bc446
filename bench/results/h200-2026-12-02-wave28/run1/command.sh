#!/usr/bin/env bash
# wave 28 run 1: the GPU binaries for this session's jobs (built here, carried after), and where the
# tree stands (ad941c0, wave 27's last commit) over the whole reference sweep (2^4..2^26 fp32,
# 2^4..2^25 fp64, 2^24 batch 1) beside cuFFT and VkFFT in the same job.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w28r1
BIN=$R/bin BUILD_DIR=/tmp/bg bash bench/build_gpu_binaries.sh > $R/build.txt 2>&1
B=$R/bin
tar -czf $OUT/bin.tgz -C $R bin
timeout 110 $B/cufft_compare --precision both --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 130 $B/vkfft_compare --precision both --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 190 $B/liftcl bench --precision both --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
rm -rf $R/bin
tar -czf $OUT/run.tgz -C $R .
