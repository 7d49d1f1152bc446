#include "runtime/disk_cache.hpp"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>

namespace liftcl::rt {

namespace {

constexpr std::string_view kMagic = "liftcl-cache-1\n";

std::uint64_t fnv1a(const unsigned char* data, std::size_t size) {
    std::uint64_t hash = 14695981039346656037ull;
    for (std::size_t i = 0; i < size; ++i) {
        hash ^= data[i];
        hash *= 1099511628211ull;
    }
    return hash;
}

void appendU64(std::vector<unsigned char>& out, std::uint64_t value) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<unsigned char>(value >> (8 * i)));
}

// Reads a little-endian u64 at pos, advancing it; false when the data ends first.
bool readU64(const std::vector<unsigned char>& in, std::size_t& pos, std::uint64_t& value) {
    if (in.size() - pos < 8) return false;
    value = 0;
    for (int i = 0; i < 8; ++i) value |= std::uint64_t{in[pos + i]} << (8 * i);
    pos += 8;
    return true;
}

std::optional<std::vector<unsigned char>> readWholeFile(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
    try {
        std::ifstream in(path, std::ios::binary);
        if (!in) return std::nullopt;
        std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (in.bad()) return std::nullopt;
        return bytes;
    } catch (const std::exception&) {  // libstdc++ reports some read errors by throwing
        return std::nullopt;
    }
}

// The value of an entry file, or nullopt when it is not a complete entry for exactly this key.
std::optional<std::vector<unsigned char>> decodeEntry(const std::vector<unsigned char>& file, std::string_view key) {
    std::size_t pos = kMagic.size();
    if (file.size() < pos || std::memcmp(file.data(), kMagic.data(), kMagic.size()) != 0) return std::nullopt;
    std::uint64_t keySize = 0, valueSize = 0, checksum = 0;
    if (!readU64(file, pos, keySize) || keySize != key.size() || file.size() - pos < keySize) return std::nullopt;
    if (std::memcmp(file.data() + pos, key.data(), key.size()) != 0) return std::nullopt;
    pos += keySize;
    if (!readU64(file, pos, valueSize) || !readU64(file, pos, checksum)) return std::nullopt;
    if (file.size() - pos != valueSize) return std::nullopt;
    if (fnv1a(file.data() + pos, valueSize) != checksum) return std::nullopt;
    return std::vector<unsigned char>(file.begin() + static_cast<std::ptrdiff_t>(pos), file.end());
}

}  // namespace

std::string contentHash(std::string_view bytes) {
    std::uint64_t hash = fnv1a(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    static const char* digits = "0123456789abcdef";
    std::string hex(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4) hex[i] = digits[hash & 0xf];
    return hex;
}

std::optional<std::filesystem::path> DiskCache::defaultDirectory() {
    if (const char* dir = std::getenv("LIFTCL_CACHE_DIR"); dir && *dir) {
        if (std::string_view(dir) == "off") return std::nullopt;
        return std::filesystem::path(dir);
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "liftcl";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".cache" / "liftcl";
    return std::nullopt;
}

std::filesystem::path DiskCache::entryPath(std::string_view key) const {
    return directory_ / (contentHash(key) + ".bin");
}

std::optional<std::vector<unsigned char>> DiskCache::load(std::string_view key) const {
    auto file = readWholeFile(entryPath(key));
    if (!file) return std::nullopt;
    return decodeEntry(*file, key);
}

bool DiskCache::hasUnusableEntry(std::string_view key) const {
    std::error_code ec;
    return std::filesystem::exists(entryPath(key), ec) && !load(key);
}

bool DiskCache::store(std::string_view key, std::span<const unsigned char> value) const {
    std::vector<unsigned char> entry(kMagic.begin(), kMagic.end());
    appendU64(entry, key.size());
    entry.insert(entry.end(), key.begin(), key.end());
    appendU64(entry, value.size());
    appendU64(entry, fnv1a(value.data(), value.size()));
    entry.insert(entry.end(), value.begin(), value.end());

    std::error_code ec;
    std::filesystem::create_directories(directory_, ec);
    if (ec) return false;
    // A unique temporary name, so concurrent writers never interleave; rename is atomic.
    std::filesystem::path target = entryPath(key);
    std::filesystem::path temporary =
        target.string() + ".tmp" + std::to_string(std::random_device{}()) + std::to_string(std::rand());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) return false;
        out.write(reinterpret_cast<const char*>(entry.data()), static_cast<std::streamsize>(entry.size()));
        if (!out) {
            out.close();
            std::filesystem::remove(temporary, ec);
            return false;
        }
    }
    std::filesystem::rename(temporary, target, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        return false;
    }
    return true;
}

}  // namespace liftcl::rt
