#!/usr/bin/env bash
# wave 8 run 1: primes/composites beside cuFFT and VkFFT, rader vs bluestein, per-step profiles, 4096/8192.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
P=1009,4099,65537,1000003,2431,4199,7429,17408,46189
for lib in cufft vkfft; do timeout 200 $B/${lib}_compare --precision both --sizes $P --csv $R/p_$lib.csv > $R/p_$lib.txt 2>&1; done
timeout 200 $B/liftcl bench --precision both --sizes $P --csv $R/p_liftcl.csv --compare $R/p_cufft.csv,$R/p_vkfft.csv > $R/p_bench.txt 2>&1
timeout 100 $B/liftcl bench --precision both --sizes 1009,65537 --method rader --csv $R/rader.csv --compare $R/p_cufft.csv,$R/p_vkfft.csv > $R/rader.txt 2>&1
for spec in "4099 16384 f32" "65537 1024 f32" "1009 32768 f64" "2431 16384 f32" "65537 512 f64" "1000003 64 f32"; do
  set -- $spec
  echo "== n=$1 batch=$2 $3" >> $R/profile.txt
  timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile >> $R/profile.txt 2>&1
done
timeout 120 $B/cufft_compare --precision both --sizes 4096,8192 --csv $R/s_cufft.csv > $R/s_cufft.txt 2>&1
timeout 120 $B/liftcl bench --precision both --sizes 4096,8192 --csv $R/s_liftcl.csv --compare $R/s_cufft.csv > $R/s_bench.txt 2>&1
tar -czf $OUT/run.tgz -C $R .
