#!/usr/bin/env bash
# wave 15 run 9 (issue 16): unpadded fp32 mixed sizes with their odd radices first and the power of
# two last (liftcl = working tree) beside run 7's tree (liftcl-before), cuFFT and VkFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w15r9
S=1500,2016,2520,3000,4000,7000,9000,10080
timeout 100 $B/cufft_compare --precision f32 --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 100 $B/vkfft_compare --precision f32 --sizes "$S" --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
    timeout 100 $B/$v bench --precision f32 --sizes "$S" --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
