#!/usr/bin/env bash
# wave 8 run 7: the session's final tree: the any-size points (four primes, five composites)
# and 11/13/17..23 sizes beside cuFFT and VkFFT; their accuracy beside cuFFT's and VkFFT's
# (bench/run_gpu_accuracy.sh with ACC_SIZES); the mixed sweep sizes as a regression check.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S=1009,4099,65537,1000003,2431,4199,7429,17408,46189,1001,2288,3003,6859
for lib in cufft vkfft; do timeout 150 $B/${lib}_compare --precision both --sizes $S --csv $R/s_$lib.csv > $R/s_$lib.txt 2>&1; done
timeout 200 $B/liftcl bench --precision both --sizes $S --csv $R/s_liftcl.csv --compare $R/s_cufft.csv,$R/s_vkfft.csv > $R/s_bench.txt 2>&1
SKIP_SETUP=1 BIN=$B ACC_SIZES=$S ACC_OUT=$R/acc ACC_BUDGET_S=150 bash bench/run_gpu_accuracy.sh > $R/acc_run.txt 2>&1
for lib in cufft; do timeout 100 $B/${lib}_compare --precision both --sizes 1680,3000,5040,6000,10080,15120,100000,362880 --csv $R/m_$lib.csv > $R/m_$lib.txt 2>&1; done
timeout 150 $B/liftcl bench --precision both --sizes 1680,3000,5040,6000,10080,15120,100000,362880 --csv $R/m_liftcl.csv --compare $R/m_cufft.csv > $R/m_bench.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
