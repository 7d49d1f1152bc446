# The comparison programs (LIFTCL_BENCH_COMPARE=ON): cuFFT, clFFT and VkFFT measured by liftcl's own
# benchmark code (bench/compare/comparison.hpp), each built when its library is found:
#   cufft_compare  nvcc and cuFFT (CUDA toolkit); LIFTCL_CUDA_ARCHITECTURES (default 90: H100/H200)
#   clfft_compare  clFFT.h and libclFFT (Debian: libclfft-dev)
#   vkfft_compare  vkFFT.h (Debian: libvkfft-dev), OpenCL backend
# bench/run_gpu.sh configures with it and runs them beside `liftcl bench`.
add_library(liftcl_bench_compare STATIC ${PROJECT_SOURCE_DIR}/bench/compare/comparison.cpp)
target_link_libraries(liftcl_bench_compare PUBLIC liftcl_bench CLI11::CLI11)
add_library(liftcl_bench_opencl STATIC ${PROJECT_SOURCE_DIR}/bench/compare/opencl_library.cpp)
target_link_libraries(liftcl_bench_opencl PUBLIC liftcl_bench_compare)

find_path(LIFTCL_CLFFT_INCLUDE_DIR clFFT.h)
find_library(LIFTCL_CLFFT_LIBRARY clFFT)
if(LIFTCL_CLFFT_INCLUDE_DIR AND LIFTCL_CLFFT_LIBRARY)
  add_executable(clfft_compare ${PROJECT_SOURCE_DIR}/bench/compare/clfft_compare.cpp)
  target_include_directories(clfft_compare SYSTEM PRIVATE ${LIFTCL_CLFFT_INCLUDE_DIR})
  target_link_libraries(clfft_compare PRIVATE liftcl_bench_opencl ${LIFTCL_CLFFT_LIBRARY})
else()
  message(STATUS "bench/compare: clFFT not found, clfft_compare not built")
endif()

find_path(LIFTCL_VKFFT_INCLUDE_DIR vkFFT.h)
if(LIFTCL_VKFFT_INCLUDE_DIR)
  add_executable(vkfft_compare ${PROJECT_SOURCE_DIR}/bench/compare/vkfft_compare.cpp)
  target_include_directories(vkfft_compare SYSTEM PRIVATE ${LIFTCL_VKFFT_INCLUDE_DIR})
  # VkFFT is one large header written in C style; its warnings are not ours.
  target_compile_options(vkfft_compare PRIVATE -w)
  target_link_libraries(vkfft_compare PRIVATE liftcl_bench_opencl)
else()
  message(STATUS "bench/compare: vkFFT.h not found, vkfft_compare not built")
endif()

include(CheckLanguage)
check_language(CUDA)
if(CMAKE_CUDA_COMPILER)
  set(LIFTCL_CUDA_ARCHITECTURES 90 CACHE STRING "CUDA architectures of cufft_compare")
  enable_language(CUDA)
  find_package(CUDAToolkit REQUIRED)
  add_executable(cufft_compare ${PROJECT_SOURCE_DIR}/bench/compare/cufft_compare.cu)
  # The project's warning flags are for the C++ compilers, not nvcc.
  set_property(TARGET cufft_compare PROPERTY COMPILE_OPTIONS "")
  set_target_properties(cufft_compare PROPERTIES CUDA_STANDARD 17 CUDA_ARCHITECTURES "${LIFTCL_CUDA_ARCHITECTURES}")
  target_link_libraries(cufft_compare PRIVATE liftcl_bench_compare CUDA::cufft CUDA::cudart)
else()
  message(STATUS "bench/compare: no CUDA compiler, cufft_compare not built")
endif()
