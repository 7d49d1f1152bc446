// Wisdom: the best measured variant of a program on a device, remembered across runs so that later
// plans (and `liftcl compile --from-wisdom`) reuse it instead of tuning again.
//
// One JSON file holds every entry, keyed by device (platform and device name), driver version and
// a hash of the program (the high-level program with its nat values and code generation options,
// as the compiler computes it). `liftcl explore` records the winner of each measurement; an entry
// carries what a compiler needs to reproduce the variant (its derivation) and what a runtime-only
// application needs to run it (the kernel source and its metadata with the tuned local size).
//
// File: a path given explicitly, else $LIFTCL_WISDOM, else wisdom.json in the cache directory of
// DiskCache::defaultDirectory() ($LIFTCL_CACHE_DIR, $XDG_CACHE_HOME/liftcl, ~/.cache/liftcl).
// A missing file is empty wisdom; an unreadable or corrupt file (not JSON, not a wisdom file) makes
// lookup(), keys() and record() throw rt::Error naming the file and the problem, so it is neither
// silently ignored nor overwritten. An entry with missing or mistyped fields reads as absent.
// Writes are atomic (temporary file + rename).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "runtime/device.hpp"

namespace liftcl::rt {

struct WisdomKey {
    std::string device;   // "Portable Computing Language: pthread-..."
    std::string driver;   // the device's driver version
    std::string program;  // the compiler's program hash

    static WisdomKey forDevice(const Device& device, std::string programHash);
    std::string text() const;  // "device | driver | program", the JSON key
};

struct WisdomRecord {
    std::string definition;   // the definition the variant implements, e.g. "stockhamPass"
    std::string choices;      // explore's axis choices, "rule5 / glb1d / private / unroll-none"
    std::string derivation;   // rewrite steps, "rule@path, rule@path" (rewrite::derivationToString)
    std::vector<std::size_t> local;   // the tuned local size (empty: the implementation chose)
    std::vector<std::size_t> global;  // the global size it was measured with
    double medianNs = 0;      // median kernel time over the timed launches
    double gbPerSecond = 0;   // input + output bytes per median time
    double maxAbsError = 0;   // against the interpreter
    std::string kernelSource;    // OpenCL C
    std::string kernelMetadata;  // KERNEL.json text, its ndrange.local set to `local`
};

class Wisdom {
public:
    explicit Wisdom(std::filesystem::path file) : file_(std::move(file)) {}

    // $LIFTCL_WISDOM, else DiskCache::defaultDirectory()/wisdom.json; nullopt when neither exists
    // (the disk cache is off and LIFTCL_WISDOM is unset).
    static std::optional<std::filesystem::path> defaultFile();

    const std::filesystem::path& file() const { return file_; }

    // Throws rt::Error for a file that exists but is unreadable or corrupt.
    std::optional<WisdomRecord> lookup(const WisdomKey& key) const;
    // Stores the record under the key (replacing an older one); throws rt::Error when the file
    // is corrupt or cannot be written.
    void record(const WisdomKey& key, const WisdomRecord& record) const;
    // Every key in the file.
    std::vector<std::string> keys() const;

private:
    std::filesystem::path file_;
};

}  // namespace liftcl::rt
