#!/usr/bin/env bash
# wave 8 run 9: Stockham passes of odd radices >= 11 in the symmetric-pair form (factor-dft before
# the global lowering), before (liftcl-before, 1d93ab6) / after in the same job, beside run7's
# cuFFT and VkFFT rows: fp64 odd composites (auto: Stockham) and the small primes (one dense pass).
set -u
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=/tmp/r; mkdir -p $R; W=bench/results/h100-2026-11-27-wave8
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
for lib in cufft vkfft; do timeout 60 $B/${lib}_compare --precision both --sizes 17,19,23,143 --csv $R/q_$lib.csv > $R/q_$lib.txt 2>&1; done
C="$W/run7-final/s_cufft.csv,$W/run7-final/s_vkfft.csv,$R/q_cufft.csv,$R/q_vkfft.csv"
for v in liftcl liftcl-before; do
  timeout 150 $B/$v bench --precision f64 --sizes 7429,6859,46189 --csv $R/c_$v.csv --compare $C > $R/c_$v.txt 2>&1
  timeout 150 $B/$v bench --precision both --sizes 17,19,23,143 --csv $R/p_$v.csv --compare $C > $R/p_$v.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
