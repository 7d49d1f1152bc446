#!/usr/bin/env bash
# wave 13 run 3 (issue 12): why the radix-2048 pass by components (tiles 4 columns wide, fp32) takes
# twice the radix-1024 pass (run2: 919 vs 477 us). liftcl-exp is this tree plus environment knobs
# (not committed): LIFTCL_EXP_MODE=c LIFTCL_EXP_CAP=K caps a components pass at K work-items
# instead of 256; LIFTCL_EXP_WGPI=1|0 one tile per work-group or a loop over tiles. Each plan's
# kernels timed on their own (--profile), and the driver's registers of each variant's kernels.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/r
P=$R/profile.txt
prof() { echo "== $E $*" >> $P; env $E timeout 60 $B/liftcl-exp fft "$@" --run --profile --no-wisdom >> $P 2>&1; }
for E in "X=0" "LIFTCL_EXP_MODE=c LIFTCL_EXP_CAP=512" "LIFTCL_EXP_WGPI=1" "LIFTCL_EXP_MODE=c LIFTCL_EXP_CAP=512 LIFTCL_EXP_WGPI=1"; do
  prof --n 2097152 --batch 32 --precision f32 --method hierarchical --radices 2048,1024
  prof --n 4194304 --batch 16 --precision f32 --method hierarchical --radices 2048,2048
done
for E in "X=0" "LIFTCL_EXP_WGPI=0"; do
  prof --n 1048576 --batch 32 --precision f64 --method hierarchical --radices 1024,1024
done
E="X=0"; prof --n 8192 --batch 8192 --precision f32
mkdir -p $R/kernels
for E in "X=0" "LIFTCL_EXP_MODE=c LIFTCL_EXP_CAP=512"; do
  d=$R/kernels/$(echo $E | tr ' =' '__')
  env $E timeout 60 $B/liftcl-exp fft --n 2097152 --precision f32 --batch 32 --method hierarchical --radices 2048,1024 --emit $d > $d.emit.txt 2>&1
  timeout 60 $B/kernel_info $d/hierarchical_pass0.cl -cl-nv-verbose > $d/pass0.info.txt 2>&1
  rm -f $d/*.cl
done
d=$R/kernels/local8192; timeout 60 $B/liftcl-exp fft --n 8192 --precision f32 --batch 8192 --emit $d > $d.emit.txt 2>&1
timeout 60 $B/kernel_info $d/local_fft.cl -cl-nv-verbose > $d/local.info.txt 2>&1; rm -f $d/*.cl
tar -czf $OUT/run.tgz -C $R .
