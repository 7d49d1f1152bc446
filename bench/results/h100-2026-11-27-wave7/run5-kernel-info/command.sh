# GPU job 5 of wave 7: what NVIDIA's driver compiles the FFT kernels to (bench/gpu/kernel_info.cpp:
# CL_KERNEL_WORK_GROUP_SIZE and, with -cl-nv-verbose, the JIT's own ptxas registers and spills),
# for the kernels `liftcl fft --emit` wrote of tree 34e5cc1 (.gpu/cl/<precision>-<n>-<method>-<items>),
# with and without reqd_work_group_size and with -cl-nv-maxrregcount=64.
source bench/gpu_machine.sh; gpu_machine_setup
B=.gpu/bin; R=$OUT/r; mkdir -p $R
for f in .gpu/cl/*/*.cl .gpu/cl/*.cl; do $B/kernel_info $f -cl-nv-verbose 2>&1 | grep -E "options|Used|spill|CL_KERNEL|rror"; done > $R/kernel_info.txt
$B/kernel_info .gpu/cl/f32-3000-local-0/local_fft.cl -cl-nv-verbose -cl-nv-maxrregcount=64 2>&1 | grep -E "options|Used|spill|CL_KERNEL|rror" >> $R/kernel_info.txt
cat $R/kernel_info.txt
