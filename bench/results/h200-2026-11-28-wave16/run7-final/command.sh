#!/usr/bin/env bash
# wave 16 run 7 (issue 16): the committed tree (run 5's, and fp64 powers of two by components back on
# a work-item per first-pass butterfly: 4096 on 256) beside liftcl-before (run 1's tree, 20e1b99),
# cuFFT and VkFFT, fp64 (the only plans that changed).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w16r7
S=16,32,64,128,256,512,1024,2048,4096,8192,720,1008,1200,1500,1680,2016,2520,3000,4000,5040,6000
timeout 120 $B/cufft_compare --precision f64 --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 120 $B/vkfft_compare --precision f64 --sizes "$S" --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
for v in liftcl liftcl-before; do
    timeout 150 $B/$v bench --precision f64 --sizes "$S" --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
