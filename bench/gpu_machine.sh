# Shared by the GPU job scripts (sourced, not run).
# gpu_machine_setup: unpacks the .gpu/debs (OpenCL loader and headers, FFTW, VkFFT, ...: what the
# bare GPU machine lacks) and registers NVIDIA's OpenCL driver with the ICD loader.
gpu_machine_setup() {
    for f in .gpu/debs/*.deb; do dpkg -x "$f" /; done
    ldconfig
    mkdir -p /etc/OpenCL/vendors
    [ -e /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
}

# build_liftcl_in_background DIR LOG [SOURCE [JOBS]]: configures and builds liftcl from SOURCE
# (default: this tree; a carried `git archive` of another commit for a before/after pair) in DIR
# (Release, without the clang check and the tests) with JOBS parallel jobs (default 12; two builds
# side by side: 7 each) in the background, its output in LOG; sets builder (the job's pid) and
# LIFTCL (the binary). `wait` for it before copying the binary.
build_liftcl_in_background() {
    (cmake -S "${3:-.}" -B "$1" -DCMAKE_BUILD_TYPE=Release -DLIFTCL_WITH_CLANG=OFF -DLIFTCL_BUILD_TESTS=OFF &&
     cmake --build "$1" -j"${4:-12}" --target liftcl) > "$2" 2>&1 &
    builder=$!
    LIFTCL=$1/liftcl
}

# gpu_job_start RESULTS: what every job does first: CUDA's libraries on the library path, the
# machine set up, B the binaries (.gpu/bin), R the results folder RESULTS (made), and the GPU's
# name and driver in R/gpu.txt.
gpu_job_start() {
    export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
    gpu_machine_setup
    B=.gpu/bin; R=$1; mkdir -p "$R"
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$R/gpu.txt"
}

# gpu_job_baselines SECONDS: cuFFT's and VkFFT's times of the sizes $S in both precisions
# (R/cufft.csv and R/vkfft.csv, their output in R/cufft.txt and R/vkfft.txt), each within SECONDS.
gpu_job_baselines() {
    timeout "$1" $B/cufft_compare --precision both --sizes "$S" --csv $R/cufft.csv > $R/cufft.txt 2>&1
    timeout "$1" $B/vkfft_compare --precision both --sizes "$S" --csv $R/vkfft.csv > $R/vkfft.txt 2>&1
}

# gpu_job_profile COMMAND...: one plan's kernels timed on their own (COMMAND, a `liftcl fft ...`
# line, run with --run --profile), appended to R/profile.txt under a line naming it.
gpu_job_profile() {
    echo "== $*" >> $R/profile.txt
    timeout 60 "$@" --run --profile >> $R/profile.txt 2>&1
}

# gpu_job_profiles "N BATCH PRECISION"...: gpu_job_profile of $B/liftcl's plan of each.
gpu_job_profiles() {
    local a
    for a in "$@"; do
        set -- $a
        gpu_job_profile $B/liftcl fft --n $1 --batch $2 --precision $3
    done
}

# gpu_job_bench SECONDS BINARY...: each liftcl binary's (.gpu/bin/BINARY: liftcl, liftcl-before)
# times of the sizes $S in both precisions beside R/cufft.csv and R/vkfft.csv, in R/BINARY.csv
# and its table in R/BINARY.txt, each within SECONDS.
gpu_job_bench() {
    local seconds=$1 v
    shift
    for v in "$@"; do
        timeout "$seconds" $B/$v bench --precision both --sizes "$S" --csv $R/$v.csv \
            --compare $R/cufft.csv,$R/vkfft.csv > $R/$v.txt 2>&1
    done
}
