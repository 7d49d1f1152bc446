// Built programs, cached in memory (same context + source + options -> the same cl_program) and
// on disk as program binaries (CL_PROGRAM_BINARIES), keyed by a hash of the source, the build
// options and the device identity (platform, device name, device and driver version). A disk
// entry that is corrupt or that the driver rejects is ignored and replaced by a fresh build.
#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "runtime/context.hpp"
#include "runtime/disk_cache.hpp"
#include "runtime/program.hpp"

namespace liftcl::rt {

// The options with $LIFTCL_BUILD_OPTIONS appended (extra OpenCL build options for every program,
// e.g. -cl-nv-maxrregcount=128 on NVIDIA; part of the cache key like the options themselves).
std::string withExtraBuildOptions(const std::string& options);

class ProgramCache {
public:
    struct Stats {
        std::size_t memoryHits = 0;
        std::size_t diskHits = 0;
        std::size_t builds = 0;             // built from source
        std::size_t diskRejected = 0;       // entries found unusable (corrupt, or the driver refused them)
        std::size_t diskStoreFailures = 0;  // binaries that could not be written
    };

    // Disk cache in DiskCache::defaultDirectory() (none when that is disabled).
    ProgramCache();
    // Disk cache in the given directory, or memory only for nullopt.
    explicit ProgramCache(std::optional<std::filesystem::path> diskDirectory);

    // A program built for the context's device; build failures throw ClError (clBuildProgram) with the log.
    Program get(const Context& context, const std::string& source, const std::string& options = "");

    Stats stats() const;
    void clearMemory();
    std::optional<std::filesystem::path> diskDirectory() const;
    // The text whose hash names the disk entry.
    static std::string diskKey(const Device& device, const std::string& source, const std::string& options);

private:
    std::optional<Program> fromDisk(const Context& context, const std::string& key, const std::string& options);

    mutable std::mutex mutex_;
    std::optional<DiskCache> disk_;
    std::map<std::pair<cl_context, std::string>, Program> memory_;
    Stats stats_;
};

}  // namespace liftcl::rt
