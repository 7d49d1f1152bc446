#!/usr/bin/env bash
# wave 20 exp 1: (a) hierarchical tiles of the two-pass sizes whose radix is 512 or more (fp32 2^19..2^21,
# fp64 2^17..2^20): the committed plans (4-column tiles) beside tiles by components (8 columns,
# LIFTCL_EXP_MIN_TILE_WIDTH=8), in rounds (16 columns, =16), three passes of wide tiles, and staged
# first-pass stores of those (LIFTCL_EXP_STAGE_ALL=1), each plan's kernels timed on their own;
# (b) --tune of the weakest primes/composites (Bluestein's padded sizes, Rader);
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w20e1
v() { echo "== $*" >> $R/variants.txt; env "$@" >> $R/variants.txt 2>&1; }
for a in "524288 128 f32 1024,512" "1048576 64 f32 1024,1024" "2097152 32 f32 2048,1024" \
         "131072 256 f64 512,256" "262144 128 f64 512,512" "524288 64 f64 1024,512" "1048576 32 f64 1024,1024"; do
  set -- $a
  F="timeout 40 $B/liftcl fft --n $1 --batch $2 --precision $3 --run --profile"
  v X=default $F
  v LIFTCL_EXP_MIN_TILE_WIDTH=8 $F --method hierarchical --radices $4
  v LIFTCL_EXP_MIN_TILE_WIDTH=8 LIFTCL_EXP_STAGE_ALL=1 $F --method hierarchical --radices $4
  v LIFTCL_EXP_MIN_TILE_WIDTH=8 LIFTCL_EXP_STAGE_ALL=1 $F
  if [ $3 = f32 ]; then
    v LIFTCL_EXP_MIN_TILE_WIDTH=16 $F --method hierarchical --radices $4
    v LIFTCL_EXP_MIN_TILE_WIDTH=16 LIFTCL_EXP_STAGE_ALL=1 $F --method hierarchical --radices $4
    v LIFTCL_EXP_MIN_TILE_WIDTH=16 LIFTCL_EXP_STAGE_ALL=1 $F
  fi
done
for a in "4099 8185 f64" "12155 2760 f64" "1009 33000 f64" "1000003 67 f32"; do
  set -- $a
  echo "== tune $*" >> $R/tune.txt
  timeout 60 $B/liftcl fft --n $1 --batch $2 --precision $3 --tune --budget-s 40 --top 12 --no-wisdom >> $R/tune.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
