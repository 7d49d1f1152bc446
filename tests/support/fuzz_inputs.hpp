// The saved inputs of a fuzz target (seeds and the crashes it found), for the regression tests
// that replay them: every file with the given extension in a folder of the source tree, sorted.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace liftcl::testing {

inline std::vector<std::filesystem::path> fuzzInputs(const std::string& sourceFolder, const std::string& extension) {
    const std::filesystem::path dir = std::filesystem::path(LIFTCL_SOURCE_DIR) / sourceFolder;
    std::vector<std::filesystem::path> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.is_regular_file() && entry.path().extension() == extension) inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

inline std::string readFuzzInput(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "cannot read " << path.string());
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// Runs `replay` on the bytes of each input, under INFO naming the input: none may throw.
template <typename Replay>
void checkEachReplaysWithoutThrowing(const std::vector<std::filesystem::path>& inputs, Replay replay) {
    for (const auto& input : inputs) {
        INFO("input: " << input.string());
        const std::string bytes = readFuzzInput(input);
        CHECK_NOTHROW(replay(bytes));
    }
}

}  // namespace liftcl::testing
