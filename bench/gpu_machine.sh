# Shared by the GPU job scripts (sourced, not run).
# gpu_machine_setup: unpacks the .gpu/debs (OpenCL loader and headers, FFTW, VkFFT, ...: what the
# bare GPU machine lacks) and registers NVIDIA's OpenCL driver with the ICD loader.
gpu_machine_setup() {
    for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
    ldconfig
    mkdir -p /etc/OpenCL/vendors
    [ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
}

# build_liftcl_in_background DIR LOG: configures and builds liftcl in DIR (Release, without the
# clang check and the tests) in the background, its output in LOG; sets builder (the job's pid)
# and LIFTCL (the binary).
build_liftcl_in_background() {
    (cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
     cmake --build "$1" -j12 --target liftcl) > "$2" 2>&1 &
    builder=$!
    LIFTCL=$1/liftcl
}
