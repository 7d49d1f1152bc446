#!/usr/bin/env bash
# Lead's second GPU job (2026-11-24): fp64 one-kernel range + mixed, primes/any size, nd families.
set -u
SECONDS=0
B=/tmp/b; S=1009,4099,65537,1000003,2431,4199,7429,17408,46189
for f in .gpu/debs/*.deb; do dpkg -x $f /; done; ldconfig
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
(cmake -S . -B $B -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF -DLIFTCL_BENCH_COMPARE=ON -DLIFTCL_CUDA_ARCHITECTURES=90 && cmake --build $B -j14 --target liftcl cufft_compare vkfft_compare) > /tmp/build.log 2>&1 &
bp=$!
# primes and composites with 11..23 beside cuFFT and VkFFT through the reference harness (it takes --sizes)
(SKIP_DEBS=1 ONLY="cufft vkfft" OUT=/tmp/h DEADLINE_S=200 bash .gpu/run_device.sh --max-log2 4 --single-log2 0 --sizes $S > /tmp/h.log 2>&1; cp /tmp/h/cufft.csv $OUT/cufft_sizes.csv; cp /tmp/h/vkfft.csv $OUT/vkfft_sizes.csv) 
wait $bp || { tail -30 /tmp/build.log; exit 1; }
echo "built +$SECONDS"
timeout 40 $B/cufft_compare --precision f64 --max-log2 13 --single-log2 0 --mixed --csv $OUT/cufft64.csv > /dev/null 2>&1
timeout 60 $B/vkfft_compare --precision f64 --max-log2 13 --single-log2 0 --mixed --csv $OUT/vkfft64.csv > /dev/null 2>&1
echo "compare +$SECONDS"
timeout 150 $B/liftcl bench --precision f64 --max-log2 13 --single-log2 0 --mixed --csv /tmp/l64.csv --compare $OUT/cufft64.csv,$OUT/vkfft64.csv > $OUT/bench64.txt 2>&1
echo "bench64 +$SECONDS"
timeout $((480 - SECONDS)) $B/liftcl bench --sizes $S --precision both --csv /tmp/ls.csv --compare $OUT/cufft_sizes.csv,$OUT/vkfft_sizes.csv > $OUT/bench_sizes.txt 2>&1
echo "sizes +$SECONDS"
[ $SECONDS -lt 500 ] && timeout $((570 - SECONDS)) $B/liftcl bench --family 2d,3d,r2c --precision f32 --max-log2 16 --csv /tmp/lnd.csv > $OUT/bench_nd.txt 2>&1
echo "nd +$SECONDS"
tail -5 /tmp/h.log
