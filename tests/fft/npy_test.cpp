// .npy reading and writing: round trips, headers as NumPy writes them (versions 1 and 2, both
// quote styles), and errors naming the file and what was expected.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include "support/cli_run.hpp"
#include "runtime/error.hpp"
#include "runtime/npy.hpp"

using namespace liftcl;

namespace {

std::string npyBytes(int major, const std::string& dict, const std::string& data) {
    std::string header = dict;
    const std::size_t prefix = major == 1 ? 10 : 12;
    while ((prefix + header.size() + 1) % 64) header += ' ';
    header += '\n';
    std::string bytes = "\x93NUMPY";
    bytes += static_cast<char>(major);
    bytes += '\0';
    const std::size_t len = header.size();
    bytes += static_cast<char>(len & 0xff);
    bytes += static_cast<char>((len >> 8) & 0xff);
    if (major != 1) bytes += std::string(2, '\0');
    return bytes + header + data;
}

std::string readError(const std::string& bytes) {
    testing::TempFile file("x.npy", bytes);
    try {
        rt::readNpyComplex(file.path());
    } catch (const rt::Error& e) {
        const std::string message = e.what();
        CHECK(message.find(file.path()) != std::string::npos);
        return message;
    }
    return "";
}

}  // namespace

TEST_CASE("complex64 and complex128 arrays round-trip") {
    testing::TempFile file("y.npy", "");
    const std::vector<std::complex<double>> d = {{1.5, -2}, {0.25, 3}, {-1, 1e-300}, {7, 8}, {9, 10}, {11, -12}};
    rt::writeNpy(file.path(), {2, 3}, d);
    rt::NpyComplexArray a = rt::readNpyComplex(file.path());
    CHECK(a.type == rt::NpyComplexType::Complex128);
    CHECK(a.shape == std::vector<std::int64_t>{2, 3});
    CHECK(a.complex128 == d);
    const std::vector<std::complex<float>> f = {{1.5f, -2}, {0.25f, 3}};
    rt::writeNpy(file.path(), {2}, f);
    a = rt::readNpyComplex(file.path());
    CHECK(a.type == rt::NpyComplexType::Complex64);
    CHECK(a.shape == std::vector<std::int64_t>{2});
    CHECK(a.complex64 == f);
    CHECK_THROWS_WITH_AS(rt::writeNpy(file.path(), {3}, f), doctest::Contains("holds 3 values but 2"), rt::Error);
    // The data starts 64-byte aligned, as NumPy writes it.
    std::ifstream in(file.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(rt::parseNpyHeader(bytes, file.path()).dataOffset % 64 == 0);
}

TEST_CASE("headers in NumPy's forms") {
    const std::string data(2 * 8, '\0');
    testing::TempFile v1("a.npy", npyBytes(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", data));
    CHECK(rt::readNpyComplex(v1.path()).shape == std::vector<std::int64_t>{2});
    testing::TempFile v2("b.npy", npyBytes(2, "{\"shape\": (1, 2), \"fortran_order\": False, \"descr\": \"<c8\"}", data));
    CHECK(rt::readNpyComplex(v2.path()).shape == std::vector<std::int64_t>{1, 2});
}

TEST_CASE("bad .npy files are refused naming the file and what was expected") {
    const std::string data(4 * 16, '\0');
    CHECK(readError(npyBytes(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (8,), }", data))
              .find("dtype '<f8' is not supported: expected complex64 ('<c8') or complex128 ('<c16')") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '>c16', 'fortran_order': False, 'shape': (4,), }", data))
              .find("'>c16'") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '<c16', 'fortran_order': True, 'shape': (2, 2), }", data))
              .find("fortran_order") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '<c16', 'fortran_order': False, 'shape': (5,), }", data))
              .find("needs 80 data bytes but the file has 64") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '<c16', 'shape': (4,), }", data)).find("must have") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '<c16', 'fortran_order': False, 'shape': (4,x), }", data))
              .find("malformed") != std::string::npos);
    CHECK(readError(npyBytes(7, "{}", "")).find("version 7") != std::string::npos);
    CHECK(readError("not numpy at all").find("no \\x93NUMPY magic") != std::string::npos);
    CHECK(readError(npyBytes(1, "{'descr': '<c16', 'fortran_order': False, 'shape': (4,), }", data).substr(0, 30))
              .find("truncated") != std::string::npos);
    CHECK_THROWS_WITH_AS(rt::readNpyComplex("/nonexistent/x.npy"), doctest::Contains("cannot read /nonexistent/x.npy"),
                         rt::Error);
}
