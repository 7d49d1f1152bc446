#!/usr/bin/env bash
# wave 13 run 1 (issue 12): the hierarchical passes with narrower tiles, so that the large radices
# (1024, 2048, 4096) fit 32 KiB of local memory and 2^20..2^24 become two passes. Tile widths 8
# (the default), 4, 2, 1 columns (rows of 64, 32, 16, 8 bytes in fp32) over 2^16..2^24 fp32 and
# 2^15..2^23 fp64, beside cuFFT in the same job.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
S="16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216"
timeout 90 $B/cufft_compare --precision both --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
for p in f32 f64; do
  if [ $p = f32 ]; then lo=16; hi=24; else lo=15; hi=23; fi
  for tw in 8 4 2 1; do
    timeout 60 $B/liftcl bench --method hierarchical --tile-bytes 32768 --tile-width $tw --precision $p \
      --min-log2 $lo --max-log2 $hi --single-log2 0 --reps 10 --warmup 2 --no-copy \
      --csv $R/tw$tw-$p.csv --compare $R/cufft.csv > $R/tw$tw-$p.txt 2>&1
  done
done
tar -czf $OUT/run.tgz -C $R .
