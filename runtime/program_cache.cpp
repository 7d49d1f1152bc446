#include "runtime/program_cache.hpp"

#include <cstdlib>

#include "runtime/cl_error.hpp"
#include "runtime/kernel_build_options.hpp"

namespace liftcl::rt {

ProgramCache::ProgramCache() : ProgramCache(DiskCache::defaultDirectory()) {}

ProgramCache::ProgramCache(std::optional<std::filesystem::path> diskDirectory) {
    if (diskDirectory) disk_.emplace(std::move(*diskDirectory) / "programs");
}

std::string ProgramCache::diskKey(const Device& device, const std::string& source, const std::string& options) {
    // Lengths make the concatenation unambiguous.
    std::string identity = device.identity();
    return "liftcl-program-1\ndevice " + std::to_string(identity.size()) + ":" + identity + "\noptions " +
           std::to_string(options.size()) + ":" + options + "\nsource " + std::to_string(source.size()) + ":" +
           source;
}

std::optional<Program> ProgramCache::fromDisk(const Context& context, const std::string& key,
                                              const std::string& options) {
    auto binary = disk_->load(key);
    if (!binary) {
        if (disk_->hasUnusableEntry(key)) ++stats_.diskRejected;
        return std::nullopt;
    }
    try {
        return Program::buildFromBinary(context, *binary, options);
    } catch (const ClError&) {
        // A binary from another driver build, or one the driver cannot load: rebuild from source.
        ++stats_.diskRejected;
        return std::nullopt;
    }
}

std::string withExtraBuildOptions(const std::string& options) {
    const char* extra = std::getenv("LIFTCL_BUILD_OPTIONS");
    return joinBuildOptions(options, extra ? extra : "");
}

Program ProgramCache::get(const Context& context, const std::string& source, const std::string& givenOptions) {
    std::lock_guard lock(mutex_);
    const std::string options = withExtraBuildOptions(givenOptions);
    std::string key = diskKey(context.device(), source, options);
    auto memoryKey = std::make_pair(context.get(), key);
    if (auto it = memory_.find(memoryKey); it != memory_.end()) {
        ++stats_.memoryHits;
        return it->second;
    }
    std::optional<Program> program;
    if (disk_) {
        program = fromDisk(context, key, options);
        if (program) ++stats_.diskHits;
    }
    if (!program) {
        program = Program::buildFromSource(context, source, options);
        ++stats_.builds;
        if (disk_) {
            bool stored = false;
            try {
                auto binary = program->binary();
                stored = !binary.empty() && disk_->store(key, binary);
            } catch (const ClError&) {
                stored = false;  // a driver without binaries: the memory cache still serves
            }
            if (!stored) ++stats_.diskStoreFailures;
        }
    }
    memory_.emplace(memoryKey, *program);
    return *program;
}

ProgramCache::Stats ProgramCache::stats() const {
    std::lock_guard lock(mutex_);
    return stats_;
}

void ProgramCache::clearMemory() {
    std::lock_guard lock(mutex_);
    memory_.clear();
}

std::optional<std::filesystem::path> ProgramCache::diskDirectory() const {
    if (!disk_) return std::nullopt;
    return disk_->directory();
}

}  // namespace liftcl::rt
