# GPU job 6 of wave 7 (tree 34e5cc1): the local method's radix order for mixed sizes. The first
# pass sets the work-items (one per butterfly, at most 256): 16 first gives 1680 105 work-items;
# the small odd radices first give 256. Time per batch (profiling events, median of 20) of
# `liftcl fft --method local --radices R`, default first; and the driver's registers of each.
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
run() {  # n precision batch radices
  local t=$($B/liftcl fft --n $1 --precision $2 --batch $3 --method local ${4:+--radices $4} --run --repeat 20 2>&1 | grep -o "time_per_batch_us=[0-9.]*")
  echo "$1 $2 ${4:-default} $t"
}
{
for r in "" 3,5,7,16 7,5,3,16 3,5,16,7 8,2,3,5,7 2,8,3,5,7; do run 1680 f32 39945 $r; done
for r in "" 3,5,7,16 7,5,3,16; do run 1680 f64 19972 $r; done
for r in "" 3,5,5,5,8 5,5,5,3,8 3,8,5,5,5; do run 3000 f32 22369 $r; done
for r in "" 3,3,5,7,16 7,5,3,3,16; do run 5040 f32 13315 $r; done
for r in "" 3,5,5,5,16 5,5,5,3,16; do run 6000 f32 11184 $r; done
for r in "" 3,5,5,5,8 5,5,5,3,8; do run 3000 f64 11184 $r; done
} > $R/order.txt 2>&1
cat $R/order.txt
