# Built here first (bench/build_gpu_binaries.sh into .gpu/bin, source tree fc107d3), carried with [".gpu"]:
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}; source bench/gpu_machine.sh; gpu_machine_setup; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt; mkdir -p $OUT/nd; OUT=$OUT/nd BIN=.gpu/bin LIMIT_S=540 bash bench/run_gpu_nd.sh
# second call, same machine:
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}; source bench/gpu_machine.sh; gpu_machine_setup; mkdir -p $OUT/acc; OUT=$OUT/acc BIN=.gpu/bin bash bench/run_gpu_nd_accuracy.sh
