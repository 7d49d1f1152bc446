#!/usr/bin/env bash
# wave 28 run 2: C2R rows with and without the mirror fused into the first hierarchical pass
# (--method nd-mirror-first), checked against FFTW and timed kernel by kernel; the C2R families beside
# cuFFT (first GPU build of cufft_nd_bench's C2R); the two-pass large-radix plans kernel by kernel.
set -u
OUT_ROOT=$OUT
source bench/gpu_machine.sh; gpu_job_start /tmp/w28r2
for p in f32 f64; do
  for w in 65536 1048576 16777216; do
    b=$(( (1 << 24) / w ))
    for m in "" "--method nd-mirror-first"; do
      echo "== C2R $w b=$b $p $m verify" >> $R/verify.txt
      timeout 60 $B/liftcl fft --n $w --real --inverse --batch $b --precision $p $m --run --verify >> $R/verify.txt 2>&1
      gpu_job_profile $B/liftcl fft --n $w --real --inverse --batch $b --precision $p $m --repeat 10
    done
  done
done
OUT_ND=$R/nd
mkdir -p /tmp/ndbin; ln -sf $PWD/$B/liftcl $PWD/$B/cufft_nd_bench /tmp/ndbin/  # no VkFFT: it has no C2R rows
OUT=$OUT_ND FAMILIES=c2r,c2r2d,c2r3d BIN=/tmp/ndbin LIMIT_S=200 bash bench/run_gpu_nd.sh
gpu_job_profiles "131072 512 f32" "262144 256 f32" "524288 128 f32" "131072 256 f64" "65536 1024 f32"
tar -czf /tmp/run.tgz -C $R . ; cp /tmp/run.tgz $OUT_ROOT/run.tgz
