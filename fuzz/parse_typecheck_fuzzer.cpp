// libFuzzer target over the .lift front end: parser, printer round trip, elaboration and type
// inference (fuzz/frontend_pipeline.hpp). Any exception but liftcl::Error escapes and aborts, as
// does any sanitizer report: libFuzzer then saves the input as a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/frontend_pipeline.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    liftcl::fuzz::runFrontEnd(std::string(reinterpret_cast<const char*>(data), size));
    return 0;
}
