// NumPy .npy files of complex arrays (format versions 1.0, 2.0 and 3.0): complex64 ('<c8') and
// complex128 ('<c16'), and real float32/float64 ones for real FFTs; C order, any shape. Used to
// feed FFT plans from files (`liftcl fft --input X.npy --output Y.npy`). The header is parsed as the Python dict literal it is; anything else
// (another dtype, big endian, fortran_order True, a truncated file) is an rt::Error naming the
// file and what was expected.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace liftcl::rt {

enum class NpyComplexType { Complex64, Complex128 };

std::string_view npyDescr(NpyComplexType type);  // "<c8" | "<c16"

struct NpyComplexArray {
    NpyComplexType type = NpyComplexType::Complex128;
    std::vector<std::int64_t> shape;  // () for a scalar
    // Exactly one of these holds the values, in C order, by `type`.
    std::vector<std::complex<float>> complex64;
    std::vector<std::complex<double>> complex128;

    std::size_t count() const;  // the product of shape
};

// What a header says (exposed for tests and for errors that name the file's dtype).
struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    std::vector<std::int64_t> shape;
    std::size_t dataOffset = 0;  // bytes before the data
};

// Parses the magic, version and header dict of a .npy file's bytes; `origin` names it in errors.
NpyHeader parseNpyHeader(const std::string& bytes, const std::string& origin);

NpyComplexArray readNpyComplex(const std::filesystem::path& file);

// Real arrays (float32 '<f4', float64 '<f8'), for real FFTs: the values as double (exact).
struct NpyRealArray {
    bool isDouble = true;
    std::vector<std::int64_t> shape;
    std::vector<double> values;
};
NpyRealArray readNpyReal(const std::filesystem::path& file);
void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape, const std::vector<float>& values);
void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape, const std::vector<double>& values);

void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<std::complex<float>>& values);
void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<std::complex<double>>& values);

}  // namespace liftcl::rt
