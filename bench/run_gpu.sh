#!/usr/bin/env bash
# One job on the GPU machine: the reference harness (cuFFT, clFFT, VkFFT; shared/gpu, copied into
# the ignored folder .gpu with its .deb files) and `liftcl bench` on the same GPU, so the ratios are
# measured side by side. Writes to $OUT: {cufft,clfft,vkfft,liftcl}.csv, fft.svg, bench.txt, log.txt.
# Usage (repository root): bash bench/run_gpu.sh [--with-accuracy] [extra liftcl bench options]
# --with-accuracy: afterwards, bench/run_gpu_accuracy.sh with this liftcl (accuracy table on the GPU
# beside cuFFT and VkFFT, ~2-4 min at 2^22; ACC_MAX_LOG2 caps it); its outputs (accuracy.md, the
# three accuracy CSVs, its log) come back as $OUT/accuracy.tar.gz, keeping $OUT to 8 files.
set -u
with_accuracy=0
if [ "${1:-}" = --with-accuracy ]; then with_accuracy=1; shift; fi
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
log="$OUT/log.txt"
for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
ldconfig
mkdir -p /etc/OpenCL/vendors
[ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd

# liftcl builds on the CPUs while the harness measures on the GPU.
(cmake -S . -B /tmp/liftcl-build -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
 cmake --build /tmp/liftcl-build -j12 --target liftcl) > /tmp/liftcl-build.log 2>&1 &
builder=$!
SKIP_DEBS=1 OUT=/tmp/harness bash .gpu/run_device.sh > /tmp/harness.log 2>&1
cp /tmp/harness/cufft.csv /tmp/harness/clfft.csv /tmp/harness/vkfft.csv "$OUT"/ 2>/dev/null
{ echo "== harness"; tail -60 /tmp/harness.log; } >> "$log"
if ! wait "$builder"; then
    { echo "== liftcl build FAILED"; tail -40 /tmp/liftcl-build.log; } >> "$log"; cat "$log"; exit 1
fi
liftcl=/tmp/liftcl-build/liftcl
"$liftcl" devices >> "$log" 2>&1
"$liftcl" bench --mixed --csv "$OUT/liftcl.csv" --svg "$OUT/fft.svg" \
    --compare "$OUT/cufft.csv,$OUT/clfft.csv,$OUT/vkfft.csv" "$@" 2>&1 | tee "$OUT/bench.txt"
echo "bench rc=${PIPESTATUS[0]}" >> "$log"
if [ "$with_accuracy" = 1 ]; then
    LIFTCL=$liftcl SKIP_SETUP=1 ACC_OUT=/tmp/accuracy bash bench/run_gpu_accuracy.sh > /tmp/accuracy.log 2>&1
    echo "accuracy rc=$?" >> "$log"
    tail -30 /tmp/accuracy.log
    tar -czf "$OUT/accuracy.tar.gz" -C /tmp accuracy
fi
