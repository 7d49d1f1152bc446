#!/usr/bin/env bash
# wave 25 run 6 (issue 15): the real rows' kernel with its FFT written in place in ONE local array
# (liftcl-inplace: variant.diff, the in-place shape asked for first) against the two arrays of the
# committed tree (liftcl-new), both built here; 1D R2C kernel by kernel, each checked against FFTW.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w25r6
(cmake -S .gpu/variant-src -B /tmp/b-inplace -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-inplace -j8 --target liftcl) > $R/build-inplace.txt 2>&1 &
(cmake -S . -B /tmp/b-new -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF \
   && cmake --build /tmp/b-new -j8 --target liftcl) > $R/build-new.txt 2>&1 &
wait
cp /tmp/b-inplace/liftcl $B/liftcl-inplace; cp /tmp/b-new/liftcl $B/liftcl-new
P() { echo "== $*" >> $R/profile.txt; timeout 40 "$@" --run --profile --repeat 30 2>&1 | grep -E "step|time_per|kernels=|error|verif" >> $R/profile.txt; }
for v in liftcl-inplace liftcl-new; do
  P $B/$v fft --n 512 --real --batch 65536 --precision f32
  P $B/$v fft --n 1024 --real --batch 32704 --precision f32
  P $B/$v fft --n 4096 --real --batch 8188 --precision f32
  P $B/$v fft --n 8192 --real --batch 4096 --precision f32
  P $B/$v fft --n 1024 --real --batch 16352 --precision f64
  P $B/$v fft --n 4096 --real --batch 4094 --precision f64
  P $B/$v fft --n 2048x2048 --real --batch 7 --precision f32
  for n in 1024 4096; do for p in f32 f64; do
    echo "== verify $v $n $p" >> $R/profile.txt
    timeout 30 $B/$v fft --n $n --real --batch 5 --precision $p --run --verify 2>&1 | tail -2 >> $R/profile.txt
  done; done
done
tar -czf $OUT/run.tgz -C $R .
