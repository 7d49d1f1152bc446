OUT=$OUT MAX_LOG2=20 FAMILIES=r2c,2d timeout 585 bash bench/run_gpu_final_wave4.sh; nvidia-smi --query-gpu=name --format=csv,noheader > $OUT/gpu.txt; true
