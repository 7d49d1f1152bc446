#!/usr/bin/env bash
# wave 22 exp1: (a) fp32 mixed sizes, whose hierarchical tiles are 6-8 columns of 8 bytes, with other
# radices (fp64's three passes), wider/larger tiles and the staged first store
# (LIFTCL_EXP_STAGE_MIXED) with tiles of power-of-two widths (LIFTCL_EXP_POW2_TILES; knobs, not committed), each plan's kernels timed alone;
# (b) the local kernels of fp64 mixed sizes at other work-group sizes / exchanges (--tune).
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w22e1
build_liftcl_in_background /tmp/build $R/build.txt
wait $builder || { tail -30 $R/build.txt; exit 1; }
cp $LIFTCL $B/liftcl-new
L=$B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "^fft|step|time_per" >> $R/profile.txt; }
PS() { echo "== STAGED+POW2 $*" >> $R/profile.txt; LIFTCL_EXP_STAGE_MIXED=1 LIFTCL_EXP_POW2_TILES=1 timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "^fft|step|time_per" >> $R/profile.txt; }
W="--tile-width 16 --tile-bytes 32768"
for a in "30000 2236 50,30,20 60,25,20 20,30,50" "50000 1342 50,50,20 40,25,50 20,50,50" "20000 3355 50,20,20 40,25,20 20,20,50" \
         "15120 4438 30,28,18 18,28,30 36,20,21" "16807 3992 49,49,7 7,49,49" "117649 570 49,49,49" "83521 803 17,17,17,17" \
         "100000 671 100,50,20 20,50,100 40,50,50"; do
  set -- $a; n=$1; b=$2; shift 2
  P $L fft --n $n --batch $b --precision f32
  P $L fft --n $n --batch $b --precision f32 $W
  PS $L fft --n $n --batch $b --precision f32 $W
  for r in "$@"; do
    P $L fft --n $n --batch $b --precision f32 --method hierarchical --radices $r
    P $L fft --n $n --batch $b --precision f32 --method hierarchical --radices $r $W
    PS $L fft --n $n --batch $b --precision f32 --method hierarchical --radices $r $W
  done
done
for a in "30000 1118" "15120 2219 30,28,18" "50000 671"; do
  set -- $a; n=$1; b=$2; shift 2
  P $L fft --n $n --batch $b --precision f64
  PS $L fft --n $n --batch $b --precision f64
  PS $L fft --n $n --batch $b --precision f64 $W
  for r in "$@"; do P $L fft --n $n --batch $b --precision f64 --method hierarchical --radices $r; PS $L fft --n $n --batch $b --precision f64 --method hierarchical --radices $r; done
done
for a in "1680 19972 f64" "5040 6657 f64" "6000 5592 f64" "1500 22369 f64" "3000 22369 f32" "1680 39945 f32" "8192 4096 f64" "8192 8192 f32"; do
  set -- $a
  echo "== tune $*" >> $R/tune.txt
  timeout 40 $L fft --n $1 --batch $2 --precision $3 --tune --budget-s 20 --top 8 --wisdom $R/wisdom.json >> $R/tune.txt 2>&1
done
tar -czf $OUT/run.tgz -C $R .
