#!/usr/bin/env bash
# wave 22 run 1: the committed rule (hierarchical column tiles: each work-item 4+ points, at most 256
# a group; a small first radix's store staged; odd fp32 sizes in 16 KiB tiles) beside the tree before
# (9563ab6, .gpu/before-src built in the same job), cuFFT and VkFFT, mixed sizes; the accuracy of the
# changed plans against FFTW long double beside cuFFT's and VkFFT's.
set -u
source bench/gpu_machine.sh; gpu_job_start /tmp/w22r1
build_liftcl_in_background /tmp/build $R/build.txt
new_builder=$builder
(cd .gpu/before-src && cmake -S . -B /tmp/build-before -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
 cmake --build /tmp/build-before -j4 --target liftcl) > $R/build-before.txt 2>&1 &
before_builder=$!
S=16807,117649,100000,30000,50000,78125,24000,20000,83521,15120,12155,59049,45045,10080
gpu_job_baselines 90
wait $new_builder || { tail -30 $R/build.txt; exit 1; }
wait $before_builder || { tail -30 $R/build-before.txt; exit 1; }
cp $LIFTCL $B/liftcl-new; cp /tmp/build-before/liftcl $B/liftcl-before
gpu_job_bench 80 liftcl-new liftcl-before
SKIP_SETUP=1 BIN=$B LIFTCL=$B/liftcl-new ACC_SIZES=16807,117649,83521,30000,50000,15120 ACC_MAX_LOG2=17 ACC_BUDGET_S=150 ACC_TIMEOUT_S=100 \
  ACC_OUT=$R/acc timeout 160 bash bench/run_gpu_accuracy.sh > $R/acc.log 2>&1
tar -czf $OUT/run.tgz -C $R .
