// The .lift building blocks of FFT plans (fft/lift/*.lift and fft/lift/fft_passes.lift),
// compiled into the library by a build step (fft/embed_sources.cmake), so plans do not
// depend on the source tree at run time.
#pragma once

#include <string_view>
#include <vector>

#include "ir/syntax.hpp"

namespace liftcl::fft {

struct EmbeddedSource {
    std::string_view name;  // file name without its folder, e.g. "prelude.lift"
    std::string_view text;
};

const std::vector<EmbeddedSource>& embeddedSources();

// The text of one embedded file; throws liftcl::Error naming the file when there is none.
std::string_view embeddedSource(std::string_view name);

// The definitions of the named embedded files in one module (imports are not followed: the
// caller names every file it needs). A name defined twice is an error.
ir::Module embeddedModule(const std::vector<std::string_view>& files);

}  // namespace liftcl::fft
