#include "runtime/wisdom.hpp"

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include <nlohmann/json.hpp>

#include "runtime/disk_cache.hpp"
#include "runtime/error.hpp"

namespace liftcl::rt {

namespace {

constexpr const char* kFormat = "liftcl-wisdom-1";

// The file's entries object; empty when the file does not exist. A file that exists but cannot be
// read, is not JSON or is not a wisdom file throws rt::Error naming it and the problem: reading it
// as empty would hide the problem, and record() would then overwrite whatever the file held.
nlohmann::json readEntries(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return nlohmann::json::object();
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    if (in) text << in.rdbuf();
    if (!in || std::filesystem::is_directory(file, ec))
        throw Error("cannot read the wisdom file " + file.string());
    const auto corrupt = [&](const std::string& problem) {
        return Error("the wisdom file " + file.string() + " " + problem +
                     "; fix or delete it (liftcl records a new one)");
    };
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        throw corrupt("is not valid JSON (byte " + std::to_string(e.byte) + ")");
    }
    if (!doc.is_object() || !doc.contains("format") || doc["format"] != kFormat)
        throw corrupt(std::string("is not a liftcl wisdom file (\"format\" is not \"") + kFormat + "\")");
    auto it = doc.find("entries");
    if (it == doc.end() || !it->is_object()) throw corrupt("has no \"entries\" object");
    return *it;
}

nlohmann::json toJson(const WisdomRecord& r) {
    return {{"definition", r.definition},   {"choices", r.choices},
            {"derivation", r.derivation},   {"local", r.local},
            {"global", r.global},           {"median_ns", r.medianNs},
            {"gb_per_s", r.gbPerSecond},    {"max_abs_error", r.maxAbsError},
            {"kernel_source", r.kernelSource}, {"kernel_metadata", r.kernelMetadata}};
}

// nullopt for an entry with missing or mistyped fields (treated as absent).
std::optional<WisdomRecord> fromJson(const nlohmann::json& j) {
    try {
        WisdomRecord r;
        r.definition = j.at("definition").get<std::string>();
        r.choices = j.at("choices").get<std::string>();
        r.derivation = j.at("derivation").get<std::string>();
        r.local = j.at("local").get<std::vector<std::size_t>>();
        r.global = j.at("global").get<std::vector<std::size_t>>();
        r.medianNs = j.at("median_ns").get<double>();
        r.gbPerSecond = j.at("gb_per_s").get<double>();
        r.maxAbsError = j.at("max_abs_error").get<double>();
        r.kernelSource = j.at("kernel_source").get<std::string>();
        r.kernelMetadata = j.at("kernel_metadata").get<std::string>();
        return r;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

}  // namespace

WisdomKey WisdomKey::forDevice(const Device& device, std::string programHash) {
    return {device.platformName() + ": " + device.name(), device.driverVersion(), std::move(programHash)};
}

std::string WisdomKey::text() const { return device + " | " + driver + " | " + program; }

std::optional<std::filesystem::path> Wisdom::defaultFile() {
    if (const char* file = std::getenv("LIFTCL_WISDOM"); file && *file) return std::filesystem::path(file);
    if (auto dir = DiskCache::defaultDirectory()) return *dir / "wisdom.json";
    return std::nullopt;
}

std::optional<WisdomRecord> Wisdom::lookup(const WisdomKey& key) const {
    const nlohmann::json entries = readEntries(file_);
    auto it = entries.find(key.text());
    if (it == entries.end()) return std::nullopt;
    return fromJson(*it);
}

std::vector<std::string> Wisdom::keys() const {
    std::vector<std::string> out;
    const nlohmann::json entries = readEntries(file_);  // items() refers into it: keep it alive
    for (const auto& [key, value] : entries.items()) out.push_back(key);
    return out;
}

void Wisdom::record(const WisdomKey& key, const WisdomRecord& record) const {
    nlohmann::json entries = readEntries(file_);
    entries[key.text()] = toJson(record);
    const nlohmann::json doc = {{"format", kFormat}, {"entries", entries}};

    std::error_code ec;
    if (file_.has_parent_path()) std::filesystem::create_directories(file_.parent_path(), ec);
    if (ec) throw Error("cannot create the wisdom directory " + file_.parent_path().string() + ": " + ec.message());
    // A unique temporary beside the file, renamed over it: readers never see half a file.
    const std::filesystem::path temporary = file_.string() + ".tmp" + std::to_string(std::random_device{}());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << doc.dump(2) << "\n";
        if (!out) {
            out.close();
            std::filesystem::remove(temporary, ec);
            throw Error("cannot write the wisdom file " + temporary.string());
        }
    }
    std::filesystem::rename(temporary, file_, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        throw Error("cannot replace the wisdom file " + file_.string());
    }
}

}  // namespace liftcl::rt
