#!/usr/bin/env bash
# wave 28 run 4: the large-radix passes of fp32 2^18/2^19 and fp64 2^17 over knobs (registers, tile
# width and bytes, radix order), each plan's kernels timed alone (.gpu/bin/liftcl = ad941c0).
set -u
OUT_ROOT=$OUT
source bench/gpu_machine.sh; gpu_job_start /tmp/w28r4
for v in "" "--registers 128" "--registers 96" "--tile-width 4" "--tile-width 16" "--tile-bytes 16384"; do
  gpu_job_profile $B/liftcl fft --n 262144 --batch 256 --precision f32 --method hierarchical --repeat 10 $v
done
for v in "" "--radices 512,1024" "--registers 128" "--tile-width 4"; do
  gpu_job_profile $B/liftcl fft --n 524288 --batch 128 --precision f32 --method hierarchical --repeat 10 $v
done
for v in "" "--radices 256,512" "--registers 192" "--tile-width 4" "--tile-width 16"; do
  gpu_job_profile $B/liftcl fft --n 131072 --batch 256 --precision f64 --method hierarchical --repeat 10 $v
done
tar -czf $OUT_ROOT/run.tgz -C $R .
