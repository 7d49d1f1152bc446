// libFuzzer target over `liftcl fft` descriptors: bytes as a descriptor text, planned, lowered and
// generated as OpenCL C without a device (fuzz/fft_descriptor_pipeline.hpp). Any exception but
// liftcl::Error and rt::Error escapes and aborts, as does any sanitizer report: libFuzzer then saves
// the input as a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fft_descriptor_pipeline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    liftcl::fuzz::runFftDescriptor(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
