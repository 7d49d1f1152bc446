#!/usr/bin/env bash
# wave 18 run 5 (issue 12): the twiddles of passes with L > 2^19 from three digit tables (base <= 512)
# instead of cospi/sinpi (liftcl, tree.txt) beside the committed 5a24505 (liftcl-before), cuFFT and
# VkFFT, 2^19..2^26.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w18r5
timeout 120 $B/cufft_compare --precision both --min-log2 19 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 120 $B/vkfft_compare --precision both --min-log2 19 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
  timeout 100 $B/$v bench --precision both --min-log2 19 --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
gpu_job_profiles "16777216 4 f32" "1048576 64 f32" "4194304 8 f64"
tar -czf $OUT/run.tgz -C $R .
