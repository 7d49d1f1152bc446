// A path in the source tree (LIFTCL_SOURCE_DIR, defined for every test suite by CMake): the one
// way tests name example and building-block files.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace liftcl::testing {

inline std::string sourcePath(const std::string& relative) { return std::string(LIFTCL_SOURCE_DIR) + "/" + relative; }

// Every .lift file a user or the FFT library reads (examples/ and fft/lift/), as paths relative to
// the source tree, sorted: the corpus of the parser, printer and soundness tests.
inline std::vector<std::string> liftSourceFiles() {
    std::vector<std::string> files;
    for (const char* folder : {"examples", "fft/lift"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(sourcePath(folder)))
            if (entry.path().extension() == ".lift")
                files.push_back(std::filesystem::relative(entry.path(), sourcePath("")).string());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace liftcl::testing
