#!/usr/bin/env bash
# Times one-kernel FFT plan variants (radices, twiddle variants) on the GPU machine with an already
# built liftcl: `liftcl fft --run` of a 512 MiB batch per variant, one line per variant
# (time_per_batch_us is the median of 20). Used to choose the local method's defaults.
# Usage: bash bench/explore_local_variants.sh LIFTCL > variants.txt
set -u
liftcl=$1
run() {  # precision n twiddles [radices]
    local bytes=$([ "$1" = f32 ] && echo 8 || echo 16)
    local batch=$(( (1 << 29) / bytes / $2 ))
    local extra=()
    [ -n "${4:-}" ] && extra=(--radices "$4")
    local text t m
    text=$("$liftcl" fft --n "$2" --batch "$batch" --precision "$1" --twiddles "$3" "${extra[@]}" --no-wisdom --run 2>&1)
    t=$(grep -o 'time_per_batch_us=[0-9.]*' <<<"$text" | cut -d= -f2)
    m=$(grep -o 'method=[a-z-]* radices=[0-9,]*' <<<"$text" | head -1)
    echo "$1 n=$2 twiddles=$3 asked=${4:-default} $m batch=$batch time_per_batch_us=${t:-FAILED}"
}
for r in "" 16,8,8 8,8,16 8,16,8 16,16,4 4,16,16 32,32; do run f32 1024 table "$r"; done
for r in "" 16,16,8 8,16,16 16,8,16 4,8,8,8; do run f32 2048 table "$r"; done
for r in "" 16,8,8 8,8,16 16,16,4 32,32; do run f64 1024 table "$r"; done
for r in "" 16,8,4 8,8,8 16,32; do run f32 512 table "$r"; done
for r in "" 16,8 8,16; do run f32 128 table "$r"; done
for tw in table local; do
    for r in "" 16,3,5,7 16,7,5,3 8,2,3,5,7; do run f32 1680 "$tw" "$r"; done
done
