#include "runtime/npy.hpp"

#include <bit>
#include <cctype>
#include <cstring>
#include <fstream>
#include <limits>
#include <type_traits>
#include <sstream>

#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr std::size_t kMagicSize = 6;

[[noreturn]] void fail(const std::string& origin, const std::string& what) {
    throw Error(origin + ": " + what);
}

// The header is a Python dict literal: {'descr': '<c8', 'fortran_order': False, 'shape': (8, 1024), }
class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& origin) : text_(text), origin_(origin) {}

    NpyHeader parse() {
        NpyHeader header;
        bool haveDescr = false, haveOrder = false, haveShape = false;
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}') break;
            const std::string key = stringLiteral();
            expect(':');
            if (key == "descr") header.descr = stringLiteral(), haveDescr = true;
            else if (key == "fortran_order") header.fortranOrder = boolean(), haveOrder = true;
            else if (key == "shape") header.shape = shape(), haveShape = true;
            else fail(origin_, "unexpected key '" + key + "' in the .npy header");
            skipSpace();
            if (peek() == ',') ++pos_;
            else if (peek() != '}') bad("',' or '}'");
        }
        ++pos_;
        if (!haveDescr || !haveOrder || !haveShape)
            fail(origin_, "the .npy header must have 'descr', 'fortran_order' and 'shape'");
        return header;
    }

private:
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    void skipSpace() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    [[noreturn]] void bad(const std::string& expected) const {
        fail(origin_, "malformed .npy header at offset " + std::to_string(pos_) + ": expected " + expected);
    }
    void expect(char c) {
        skipSpace();
        if (peek() != c) bad(std::string("'") + c + "'");
        ++pos_;
    }
    std::string stringLiteral() {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"') bad("a quoted string");
        const std::size_t end = text_.find(quote, pos_ + 1);
        if (end == std::string_view::npos) bad("the end of a string");
        std::string s(text_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end + 1;
        return s;
    }
    bool boolean() {
        skipSpace();
        if (text_.substr(pos_, 4) == "True") return pos_ += 4, true;
        if (text_.substr(pos_, 5) == "False") return pos_ += 5, false;
        bad("True or False");
    }
    std::vector<std::int64_t> shape() {
        std::vector<std::int64_t> dims;
        expect('(');
        while (true) {
            skipSpace();
            if (peek() == ')') break;
            if (!std::isdigit(static_cast<unsigned char>(peek()))) bad("a dimension");
            std::int64_t v = 0;
            while (std::isdigit(static_cast<unsigned char>(peek()))) {
                if (v > (std::numeric_limits<std::int64_t>::max() - 9) / 10) fail(origin_, "a dimension of the shape is too large");
                v = v * 10 + (text_[pos_++] - '0');
            }
            dims.push_back(v);
            skipSpace();
            if (peek() == ',') ++pos_;
            else if (peek() != ')') bad("',' or ')'");
        }
        ++pos_;
        return dims;
    }

    std::string_view text_;
    const std::string& origin_;
    std::size_t pos_ = 0;
};

std::string shapeText(const std::vector<std::int64_t>& shape) {
    std::string s = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) s += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? "," : "");
    return s + ")";
}

template <typename T>
std::string descrOf() {
    if constexpr (std::is_same_v<T, float>) return "<f4";
    else if constexpr (std::is_same_v<T, double>) return "<f8";
    else return sizeof(T) == 8 ? "<c8" : "<c16";
}

template <typename T>
void writeNpyValues(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
                    const std::vector<T>& values) {
    static_assert(std::endian::native == std::endian::little, ".npy output assumes a little-endian host");
    std::size_t count = 1;
    for (auto d : shape) {
        if (d < 0) throw Error(file.string() + ": negative dimension in shape " + shapeText(shape));
        count *= static_cast<std::size_t>(d);
    }
    if (count != values.size())
        throw Error(file.string() + ": shape " + shapeText(shape) + " holds " + std::to_string(count) +
                    " values but " + std::to_string(values.size()) + " were given");
    const std::string descr = descrOf<T>();
    std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
    // Version 1.0: magic, 2 version bytes, 2 length bytes; the data starts 64-byte aligned.
    const std::size_t unpadded = kMagicSize + 4 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header += '\n';
    if (header.size() > 65535) throw Error(file.string() + ": the shape is too long for a .npy header");
    std::ofstream out(file, std::ios::binary);
    if (!out) throw Error("cannot write " + file.string());
    out.write(kMagic, kMagicSize);
    const unsigned char version[2] = {1, 0};
    out.write(reinterpret_cast<const char*>(version), 2);
    const unsigned char length[2] = {static_cast<unsigned char>(header.size() & 0xff),
                                     static_cast<unsigned char>(header.size() >> 8)};
    out.write(reinterpret_cast<const char*>(length), 2);
    out << header;
    out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * sizeof(values[0])));
    if (!out) throw Error("cannot write " + file.string());
}

}  // namespace

std::string_view npyDescr(NpyComplexType type) { return type == NpyComplexType::Complex64 ? "<c8" : "<c16"; }

std::size_t NpyComplexArray::count() const {
    std::size_t c = 1;
    for (auto d : shape) c *= static_cast<std::size_t>(d);
    return c;
}

NpyHeader parseNpyHeader(const std::string& bytes, const std::string& origin) {
    if (bytes.size() < kMagicSize + 4 || std::memcmp(bytes.data(), kMagic, kMagicSize) != 0)
        fail(origin, "not a .npy file (no \\x93NUMPY magic)");
    const auto byte = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(bytes[i])); };
    const std::size_t major = byte(6);
    std::size_t headerLength = 0, offset = 0;
    if (major == 1) {
        headerLength = byte(8) | byte(9) << 8;
        offset = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) fail(origin, "truncated .npy header");
        headerLength = byte(8) | byte(9) << 8 | byte(10) << 16 | byte(11) << 24;
        offset = 12;
    } else {
        fail(origin, ".npy format version " + std::to_string(major) + " is not supported (1, 2 or 3)");
    }
    if (bytes.size() < offset + headerLength) fail(origin, "truncated .npy header");
    NpyHeader header = HeaderParser(std::string_view(bytes).substr(offset, headerLength), origin).parse();
    header.dataOffset = offset + headerLength;
    return header;
}

namespace {

// A file's bytes and header, with the data's size checked against the dtype's element size
// (`elementBytes` by descr, 0 for a dtype the caller does not take: `expected` names those).
struct NpyFile {
    std::string bytes;
    NpyHeader header;
    std::size_t count = 0;
    const char* data() const { return bytes.data() + header.dataOffset; }
};

NpyFile readNpyFile(const std::filesystem::path& file, std::size_t (*elementBytes)(const std::string&),
                    const std::string& expected) {
    static_assert(std::endian::native == std::endian::little, ".npy input assumes a little-endian host");
    const std::string origin = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read " + origin);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    NpyFile f;
    f.bytes = buffer.str();
    f.header = parseNpyHeader(f.bytes, origin);
    const std::size_t size = elementBytes(f.header.descr);
    if (size == 0) fail(origin, "dtype '" + f.header.descr + "' is not supported: expected " + expected);
    if (f.header.fortranOrder) fail(origin, "fortran_order is True: expected a C-ordered array (fortran_order False)");
    std::size_t count = 1;
    for (auto d : f.header.shape) {
        if (d != 0 && count > std::numeric_limits<std::size_t>::max() / 16 / static_cast<std::size_t>(d))
            fail(origin, "shape " + shapeText(f.header.shape) + " is too large");
        count *= static_cast<std::size_t>(d);
    }
    const std::size_t have = f.bytes.size() - f.header.dataOffset;
    if (have != count * size)
        fail(origin, "shape " + shapeText(f.header.shape) + " of " + f.header.descr + " needs " +
                         std::to_string(count * size) + " data bytes but the file has " + std::to_string(have));
    f.count = count;
    return f;
}

std::size_t complexElementBytes(const std::string& descr) { return descr == "<c8" ? 8 : descr == "<c16" ? 16 : 0; }
std::size_t realElementBytes(const std::string& descr) { return descr == "<f4" ? 4 : descr == "<f8" ? 8 : 0; }

}  // namespace

NpyComplexArray readNpyComplex(const std::filesystem::path& file) {
    const NpyFile f = readNpyFile(file, complexElementBytes, "complex64 ('<c8') or complex128 ('<c16')");
    NpyComplexArray array;
    array.type = f.header.descr == "<c8" ? NpyComplexType::Complex64 : NpyComplexType::Complex128;
    array.shape = f.header.shape;
    if (array.type == NpyComplexType::Complex64) {
        array.complex64.resize(f.count);
        std::memcpy(array.complex64.data(), f.data(), f.count * 8);
    } else {
        array.complex128.resize(f.count);
        std::memcpy(array.complex128.data(), f.data(), f.count * 16);
    }
    return array;
}

NpyRealArray readNpyReal(const std::filesystem::path& file) {
    const NpyFile f = readNpyFile(file, realElementBytes, "float32 ('<f4') or float64 ('<f8')");
    NpyRealArray array;
    array.isDouble = f.header.descr == "<f8";
    array.shape = f.header.shape;
    array.values.resize(f.count);
    if (array.isDouble) {
        std::memcpy(array.values.data(), f.data(), f.count * 8);
    } else {
        std::vector<float> single(f.count);
        std::memcpy(single.data(), f.data(), f.count * 4);
        array.values.assign(single.begin(), single.end());
    }
    return array;
}

void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<float>& values) {
    writeNpyValues(file, shape, values);
}

void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<double>& values) {
    writeNpyValues(file, shape, values);
}

void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<std::complex<float>>& values) {
    writeNpyValues(file, shape, values);
}

void writeNpy(const std::filesystem::path& file, const std::vector<std::int64_t>& shape,
              const std::vector<std::complex<double>>& values) {
    writeNpyValues(file, shape, values);
}

}  // namespace liftcl::rt
