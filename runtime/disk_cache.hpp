// A small on-disk key/value store for build products (program binaries now, tuned launch sizes
// later). An entry is one file named by a hash of its key; the file repeats the full key and a
// checksum of the value, so hash collisions, truncated writes and corrupt files read as a miss,
// never as wrong data. Failures to read or write are never fatal: the caller rebuilds.
//
// Directory: $LIFTCL_CACHE_DIR, else $XDG_CACHE_HOME/liftcl, else $HOME/.cache/liftcl.
// LIFTCL_CACHE_DIR=off disables the disk cache.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace liftcl::rt {

// 64-bit FNV-1a of the bytes, as 16 hex digits: stable across runs and machines.
std::string contentHash(std::string_view bytes);

class DiskCache {
public:
    explicit DiskCache(std::filesystem::path directory) : directory_(std::move(directory)) {}

    // nullopt when the environment disables the cache or names no usable home.
    static std::optional<std::filesystem::path> defaultDirectory();

    const std::filesystem::path& directory() const { return directory_; }
    std::filesystem::path entryPath(std::string_view key) const;

    // The value stored under the key; nullopt when absent, unreadable or corrupt.
    std::optional<std::vector<unsigned char>> load(std::string_view key) const;
    // Whether an entry exists for the key but could not be used (corrupt, truncated, other key).
    bool hasUnusableEntry(std::string_view key) const;
    // Writes atomically (temporary file + rename); false when the directory or file can't be written.
    bool store(std::string_view key, std::span<const unsigned char> value) const;

private:
    std::filesystem::path directory_;
};

}  // namespace liftcl::rt
