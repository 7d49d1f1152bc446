// CUDA and cuFFT status checks of the GPU accuracy programs: a failure throws std::runtime_error
// naming the call and the status as text (CUDA) or number (cuFFT). Compiled by nvcc (C++17).
#pragma once

#include <cuda_runtime.h>
#include <cufft.h>

#include <stdexcept>
#include <string>

namespace liftcl::bench::gpu {

inline void checkCuda(cudaError_t status, const char* what) {
    if (status != cudaSuccess) throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

inline void checkCufft(cufftResult status, const char* what) {
    if (status != CUFFT_SUCCESS) throw std::runtime_error(std::string(what) + ": cufftResult " + std::to_string(status));
}

}  // namespace liftcl::bench::gpu
