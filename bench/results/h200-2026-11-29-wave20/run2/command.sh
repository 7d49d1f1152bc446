#!/usr/bin/env bash
# wave 20 run 2: the pass-cost rule (a power of two takes one pass more where its wider tiles cost
# less: 2^20, 2^21 fp32 and 2^18..2^20 fp64 in three passes) and odd sizes' tiles (32 KiB, up to 16
# columns), beside cuFFT and VkFFT: liftcl (this tree) over 2^14..2^26 and the changed odd sizes,
# liftcl-before (3950d36) over the changed sizes, same job.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20r2
S=4199,9261,12155,15015,16807,45045,59049,117649,100003,1000003
timeout 70 $B/cufft_compare --precision both --min-log2 14 --csv $R/cufft.csv > $R/cufft.txt 2>&1
timeout 80 $B/vkfft_compare --precision both --min-log2 14 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
timeout 50 $B/cufft_compare --precision both --sizes $S --csv $R/cufft-s.csv > $R/cufft-s.txt 2>&1
timeout 50 $B/vkfft_compare --precision both --sizes $S --csv $R/vkfft-s.csv > $R/vkfft-s.txt 2>&1
timeout 90 $B/liftcl bench --precision both --min-log2 14 --csv $R/liftcl.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/liftcl.txt 2>&1
timeout 60 $B/liftcl bench --precision both --sizes $S --csv $R/liftcl-s.csv --compare $R/cufft-s.csv,$R/vkfft-s.csv > $R/liftcl-s.txt 2>&1
timeout 80 $B/liftcl-before bench --precision both --sizes 262144,524288,1048576,2097152,$S --csv $R/liftcl-before.csv > $R/liftcl-before.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
