// The C entry points of the liftcl_clang plugin (clang_plugin.hpp).
#include <cstdlib>
#include <cstring>
#include <exception>

#include "codegen/clang/clang_plugin.hpp"

namespace {

char* copyOut(const std::string& text) {
    char* out = static_cast<char*>(std::malloc(text.size() + 1));
    if (out) std::memcpy(out, text.c_str(), text.size() + 1);
    return out;
}

std::string oneLine(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\t' || c == '\r') c = ' ';
    return text;
}

}  // namespace

extern "C" char* liftcl_clang_check(const char* source, std::size_t size, const char* fileName) {
    std::string out;
    try {
        for (const auto& d : liftcl::codegen::clang_plugin::check(std::string(source, size), fileName))
            out += std::to_string(d.line) + "\t" + std::to_string(d.column) + "\t" + d.severity +
                   "\t" + oneLine(d.message) + "\n";
    } catch (const std::exception& e) {
        out = "0\t0\terror\tclang failed: " + oneLine(e.what()) + "\n";
    }
    return copyOut(out);
}

extern "C" char* liftcl_clang_format(const char* source, std::size_t size) {
    std::string text(source, size);
    try {
        return copyOut(liftcl::codegen::clang_plugin::format(text));
    } catch (const std::exception&) {
        return copyOut(text);
    }
}

extern "C" void liftcl_clang_free(char* text) { std::free(text); }
