#include "runtime/json_fields.hpp"

#include <nlohmann/json.hpp>

#include "runtime/error.hpp"

namespace liftcl::rt {

JsonFields::JsonFields(const char* document, const Json& object, std::string path, const std::string& origin)
    : document_(document), object_(object), path_(std::move(path)), origin_(origin) {
    if (!object_.is_object()) fail(path_.empty() ? "the document" : "'" + path_ + "'", "must be a JSON object");
}

void JsonFields::fail(const std::string& field, const std::string& what) const {
    throw Error(std::string(document_) + " (" + origin_ + "): " + field + " " + what);
}

bool JsonFields::has(const std::string& key) const { return object_.contains(key) && !object_.at(key).is_null(); }

const JsonFields::Json& JsonFields::get(const std::string& key) const {
    if (!object_.contains(key)) fail("'" + fieldPath(key) + "'", "is missing");
    return object_.at(key);
}

std::string JsonFields::string(const std::string& key) const {
    const Json& value = get(key);
    if (!value.is_string()) fail("'" + fieldPath(key) + "'", "must be a string");
    return value.get<std::string>();
}

std::int64_t JsonFields::integer(const std::string& key) const {
    const Json& value = get(key);
    if (!value.is_number_integer()) fail("'" + fieldPath(key) + "'", "must be an integer");
    return value.get<std::int64_t>();
}

bool JsonFields::boolean(const std::string& key, bool fallback) const {
    if (!object_.contains(key)) return fallback;
    const Json& value = object_.at(key);
    if (!value.is_boolean()) fail("'" + fieldPath(key) + "'", "must be true or false");
    return value.get<bool>();
}

const JsonFields::Json& JsonFields::array(const std::string& key) const {
    const Json& value = get(key);
    if (!value.is_array()) fail("'" + fieldPath(key) + "'", "must be an array");
    return value;
}

}  // namespace liftcl::rt
