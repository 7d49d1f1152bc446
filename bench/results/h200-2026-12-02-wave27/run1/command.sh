#!/usr/bin/env bash
# wave 27 run 1: the GPU binaries built for this session's jobs (carried after it), and the even
# mixed sizes' hierarchical passes over tile shapes: default (16 KiB, at most 8 columns), at most 16
# columns, 32 KiB tiles, both; each plan's kernels timed alone (--profile), 512 MiB batches.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w27r1
BIN=$R/bin BUILD_DIR=/tmp/bg bash bench/build_gpu_binaries.sh > $R/build.txt 2>&1
B=$R/bin
S=15120,20000,30000,50000,100000,10080,1000000
timeout 60 $B/cufft_compare --precision both --sizes $S --csv $R/cufft.csv > $R/cufft.txt 2>&1 &
sweep() {  # N PRECISION
    local bytes=8; [ $2 = f64 ] && bytes=16
    local batch=$(( (1 << 29) / ($1 * bytes) ))
    for v in "" "--tile-width 16" "--tile-bytes 32768" "--tile-width 16 --tile-bytes 32768"; do
        gpu_job_profile $B/liftcl fft --n $1 --batch $batch --precision $2 --method hierarchical $v --repeat 10
    done
}
wait
for n in 15120 20000 30000 50000 100000 1000000; do sweep $n f32; done
for n in 15120 10080 20000 30000 50000 100000; do sweep $n f64; done
mkdir -p $OUT/bin; cp $B/liftcl $B/cufft_compare $B/vkfft_compare $B/kernel_info $B/cufft_accuracy $B/vkfft_accuracy $OUT/bin/ 2>/dev/null
rm -rf $R/bin
tar -czf $OUT/run.tgz -C $R .
