#!/usr/bin/env bash
# wave 9 run 5 (run 4 in fp32, the index-table limit lifted from the one kernel): Rader in one kernel (--method rader: gather, FFT_(p-1), spectrum product, inverse
# FFT, scatter in one work-group's local memory) against auto (Bluestein in one or two kernels) on
# primes whose p-1 is a local size, beside cuFFT and VkFFT.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S32="29,97,257,641,769,1009,1153,1601,1801"; S64="29,97,257,641,769"
for p in f32; do
  S=$S32; [ $p = f64 ] && S=$S64
  timeout 60 $B/cufft_compare --precision $p --sizes $S --csv $R/cufft_$p.csv > $R/cufft_$p.txt 2>&1
  timeout 60 $B/vkfft_compare --precision $p --sizes $S --csv $R/vkfft_$p.csv > $R/vkfft_$p.txt 2>&1
  timeout 120 $B/liftcl bench --precision $p --sizes $S --csv $R/auto_$p.csv --compare $R/cufft_$p.csv,$R/vkfft_$p.csv > $R/auto_$p.txt 2>&1
  timeout 120 $B/liftcl bench --precision $p --sizes $S --method rader --csv $R/rader_$p.csv --compare $R/cufft_$p.csv,$R/vkfft_$p.csv > $R/rader_$p.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
