// Reads the fields of one object of a JSON document (kernel metadata, an FFT plan), naming them by
// their path in errors: "kernel metadata (k.json): 'args[2].bytes' must be a string". Internal to
// the runtime's .cpp files: an installed runtime does not require nlohmann-json.
#pragma once

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

namespace liftcl::rt {

class JsonFields {
public:
    using Json = nlohmann::json;

    // `document` names the kind of document in errors ("kernel metadata"), `origin` the file; both
    // must outlive the object, as must `object`. Throws rt::Error when `object` is not an object.
    JsonFields(const char* document, const Json& object, std::string path, const std::string& origin);

    // Throws rt::Error "<document> (<origin>): <field> <what>".
    [[noreturn]] void fail(const std::string& field, const std::string& what) const;
    std::string fieldPath(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
    const std::string& origin() const { return origin_; }

    bool has(const std::string& key) const;  // present and not null
    const Json& get(const std::string& key) const;
    std::string string(const std::string& key) const;
    std::int64_t integer(const std::string& key) const;
    bool boolean(const std::string& key, bool fallback) const;  // fallback when absent
    const Json& array(const std::string& key) const;

private:
    const char* document_;
    const Json& object_;
    std::string path_;
    const std::string& origin_;
};

}  // namespace liftcl::rt
