#!/usr/bin/env bash
# wave 19 exp 3: (a) register limits in the hierarchical passes' metadata (liftcl: 64 fp32, 128 fp64)
# beside b9ec987 (liftcl-before), cuFFT and VkFFT, 2^10..2^26 and the primes/composites of issue 14;
# (b) the staged store of first passes (LIFTCL_EXP_STAGED: the tile's results through __local memory,
# written in output order) with __local padding every LIFTCL_EXP_PAD elements, and tiles 16 wide,
# each plan's kernels timed on their own (liftcl fft --run --profile).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w19e3
P=1009,4099,65537,1000003,1001,2431,4199,7429,12155
( timeout 150 $B/cufft_compare --precision both --min-log2 10 --csv $R/cufft.csv > $R/cufft.txt 2>&1
  timeout 60 $B/cufft_compare --precision both --sizes $P --csv $R/cufft-p.csv > $R/cufft-p.txt 2>&1 )
( timeout 150 $B/vkfft_compare --precision both --min-log2 10 --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
  timeout 60 $B/vkfft_compare --precision both --sizes $P --csv $R/vkfft-p.csv > $R/vkfft-p.txt 2>&1 )
for v in liftcl liftcl-before; do
  timeout 120 $B/$v bench --precision both --min-log2 10 --csv $R/$v.csv --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
  timeout 80 $B/$v bench --precision both --sizes $P --csv $R/$v-p.csv --compare $R/cufft-p.csv,$R/vkfft-p.csv > $R/$v-p.txt 2>&1
done
st() { echo "== $*" >> $R/staged.txt; env "$@" >> $R/staged.txt 2>&1; }
for a in "65536 1024 f32" "16777216 4 f32" "65536 512 f64" "4194304 8 f64" "262144 256 f32"; do
  set -- $a
  F="timeout 30 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile"
  st X=default $F
  st LIFTCL_EXP_PAD=32 $F
  for pad in 0 16 32; do st LIFTCL_EXP_STAGED=1 LIFTCL_EXP_PAD=$pad $F; done
  st LIFTCL_EXP_STAGED=1 LIFTCL_EXP_PAD=32 $F --tile-width 16
  st X=width16 $F --tile-width 16
done
tar -czf $OUT/run.tgz -C $R .
