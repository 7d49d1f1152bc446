#include "runtime/kernel_metadata.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "runtime/error.hpp"
#include "runtime/json_fields.hpp"

namespace liftcl::rt {

namespace {

using Json = nlohmann::json;

// The fields of kernel metadata: JsonFields plus sizes (size expressions).
class Fields : public JsonFields {
public:
    Fields(const Json& object, std::string path, const std::string& origin)
        : JsonFields("kernel metadata", object, std::move(path), origin) {}

    std::string stringOr(const std::string& key, const std::string& fallback) const {
        return has(key) ? string(key) : fallback;
    }
    // A size: a string expression, or (for convenience) a non-negative integer.
    SizeExpr size(const std::string& key) const { return sizeValue(get(key), fieldPath(key)); }
    SizeExpr sizeValue(const Json& value, const std::string& path) const {
        std::string text;
        if (value.is_string()) text = value.get<std::string>();
        else if (value.is_number_integer()) text = std::to_string(value.get<std::int64_t>());
        else fail("'" + path + "'", "must be a size expression string");
        try {
            return SizeExpr::parse(text);
        } catch (const Error& e) {
            fail("'" + path + "'", std::string("is not a valid size: ") + e.what());
        }
    }
};

ArgKind parseArgKind(const Fields& fields, const std::string& text, const std::string& path) {
    if (text == "input") return ArgKind::Input;
    if (text == "output") return ArgKind::Output;
    if (text == "temporary") return ArgKind::Temporary;
    if (text == "nat") return ArgKind::Nat;
    if (text == "scalar") return ArgKind::Scalar;
    if (text == "table") return ArgKind::Table;
    fields.fail("'" + path + "'", "is '" + text + "' but must be input, output, temporary, nat, scalar or table");
}

KernelArg parseArg(const Json& json, const std::string& path, const std::string& origin) {
    Fields fields(json, path, origin);
    KernelArg arg;
    arg.name = fields.string("name");
    if (arg.name.empty()) fields.fail("'" + fields.fieldPath("name") + "'", "is empty");
    arg.kind = parseArgKind(fields, fields.string("kind"), fields.fieldPath("kind"));
    arg.type = fields.stringOr("type", "");
    if (arg.isBuffer()) arg.bytes = fields.size("bytes");
    if (arg.kind == ArgKind::Scalar && arg.type != "int" && arg.type != "float" && arg.type != "double")
        fields.fail("'" + fields.fieldPath("type") + "'", "is '" + arg.type + "' but a scalar argument is int, float or double");
    if (arg.kind == ArgKind::Table) {
        const std::string hex = fields.string("data");
        const std::string where = "'" + fields.fieldPath("data") + "'";
        if (hex.size() % 2 != 0) fields.fail(where, "has an odd number of hexadecimal digits");
        auto digit = [&](char c) -> unsigned {
            if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
            if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
            if (c >= 'A' && c <= 'F') return static_cast<unsigned>(c - 'A' + 10);
            fields.fail(where, std::string("has '") + c + "', not a hexadecimal digit");
        };
        for (std::size_t k = 0; k < hex.size(); k += 2)
            arg.data.push_back(static_cast<unsigned char>(digit(hex[k]) * 16 + digit(hex[k + 1])));
        const auto bytes = arg.bytes.names().empty() ? std::optional(arg.bytes.evaluate({})) : std::nullopt;
        if (!bytes || *bytes != static_cast<std::int64_t>(arg.data.size()))
            fields.fail("'" + fields.fieldPath("bytes") + "'",
                        "is '" + arg.bytes.text() + "' but a table's bytes are the constant size of its data (" +
                            std::to_string(arg.data.size()) + ")");
    }
    return arg;
}

std::vector<SizeExpr> parseSizes(const Fields& fields, const std::string& key, int dims) {
    const Json& list = fields.array(key);
    if (static_cast<int>(list.size()) != dims)
        fields.fail("'" + fields.fieldPath(key) + "'", "has " + std::to_string(list.size()) +
                                                           " entries but dims is " + std::to_string(dims));
    std::vector<SizeExpr> sizes;
    for (std::size_t i = 0; i < list.size(); ++i)
        sizes.push_back(fields.sizeValue(list[i], fields.fieldPath(key) + "[" + std::to_string(i) + "]"));
    return sizes;
}

NDRangeRule parseNDRange(const Json& json, const std::string& origin) {
    Fields fields(json, "ndrange", origin);
    NDRangeRule rule;
    const Json& dims = fields.get("dims");
    if (!dims.is_number_integer() || dims.get<int>() < 1 || dims.get<int>() > 3)
        fields.fail("'ndrange.dims'", "must be 1, 2 or 3");
    rule.dims = dims.get<int>();
    rule.global = parseSizes(fields, "global", rule.dims);
    if (fields.has("local")) rule.local = parseSizes(fields, "local", rule.dims);
    // An optional true/false field: false when absent.
    auto flag = [&](const std::string& key) {
        if (!fields.has(key)) return false;
        const Json& value = fields.get(key);
        if (!value.is_boolean()) fields.fail("'ndrange." + key + "'", "must be true or false");
        return value.get<bool>();
    };
    rule.localFixed = flag("local_fixed");
    if (rule.localFixed && !rule.local) fields.fail("'ndrange.local_fixed'", "is true but 'ndrange.local' is null");
    rule.persistentGroups = flag("persistent_groups");
    if (rule.persistentGroups && !rule.local)
        fields.fail("'ndrange.persistent_groups'", "is true but 'ndrange.local' is null");
    rule.globalRequired = flag("global_required");
    if (rule.persistentGroups && rule.globalRequired)
        fields.fail("'ndrange.global_required'", "is true but so is 'ndrange.persistent_groups' (a kernel that loops over its groups)");
    return rule;
}

// Every name a size uses must be a nat parameter, so a typo is caught at load time, not at launch.
void checkNames(const Fields& fields, const SizeExpr& size, const std::string& path,
                const std::vector<std::string>& nats) {
    for (const std::string& name : size.names())
        if (std::find(nats.begin(), nats.end(), name) == nats.end())
            fields.fail("'" + path + "'", "('" + size.text() + "') uses '" + name + "', which is not in nat_params");
}

}  // namespace

std::string_view argKindName(ArgKind kind) {
    switch (kind) {
        case ArgKind::Input: return "input";
        case ArgKind::Output: return "output";
        case ArgKind::Temporary: return "temporary";
        case ArgKind::Nat: return "nat";
        case ArgKind::Scalar: return "scalar";
        case ArgKind::Table: return "table";
    }
    return "?";
}

const KernelArg* KernelMetadata::findArg(std::string_view name) const {
    for (const KernelArg& arg : args)
        if (arg.name == name) return &arg;
    return nullptr;
}

KernelMetadata parseKernelMetadata(std::string_view json, const std::string& origin) {
    Json document;
    try {
        document = Json::parse(json.begin(), json.end(), nullptr, true, /*ignore_comments=*/true);
    } catch (const Json::parse_error& e) {
        throw Error("kernel metadata (" + origin + "): invalid JSON: " + e.what());
    }
    Fields fields(document, "", origin);
    std::string format = fields.string("format");
    if (format != kKernelMetadataFormat)
        fields.fail("'format'", "is '" + format + "' but this runtime reads '" + std::string(kKernelMetadataFormat) + "'");

    KernelMetadata meta;
    meta.kernel = fields.string("kernel");
    if (meta.kernel.empty()) fields.fail("'kernel'", "is empty");
    meta.source = fields.stringOr("source", "");
    std::string precision = fields.stringOr("precision", "float");
    if (precision == "float") meta.precision = Precision::Float;
    else if (precision == "double") meta.precision = Precision::Double;
    else fields.fail("'precision'", "is '" + precision + "' but must be float or double");

    const Json& nats = fields.array("nat_params");
    for (std::size_t i = 0; i < nats.size(); ++i) {
        if (!nats[i].is_string()) fields.fail("'nat_params[" + std::to_string(i) + "]'", "must be a string");
        meta.natParams.push_back(nats[i].get<std::string>());
    }

    const Json& args = fields.array("args");
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string path = "args[" + std::to_string(i) + "]";
        KernelArg arg = parseArg(args[i], path, origin);
        if (meta.findArg(arg.name)) fields.fail("'" + path + ".name'", "repeats the argument name '" + arg.name + "'");
        if (arg.isBuffer()) checkNames(fields, arg.bytes, path + ".bytes", meta.natParams);
        if (arg.kind == ArgKind::Nat &&
            std::find(meta.natParams.begin(), meta.natParams.end(), arg.name) == meta.natParams.end())
            fields.fail("'" + path + "'", "is the nat argument '" + arg.name + "', which is not in nat_params");
        meta.args.push_back(std::move(arg));
    }
    for (const std::string& nat : meta.natParams) {
        const KernelArg* arg = meta.findArg(nat);
        if (!arg || arg->kind != ArgKind::Nat)
            fields.fail("'nat_params'", "names '" + nat + "', which is not a nat argument in 'args'");
    }

    meta.ndrange = parseNDRange(fields.get("ndrange"), origin);
    for (std::size_t d = 0; d < meta.ndrange.global.size(); ++d)
        checkNames(fields, meta.ndrange.global[d], "ndrange.global[" + std::to_string(d) + "]", meta.natParams);
    if (meta.ndrange.local)
        for (std::size_t d = 0; d < meta.ndrange.local->size(); ++d)
            checkNames(fields, (*meta.ndrange.local)[d], "ndrange.local[" + std::to_string(d) + "]", meta.natParams);

    meta.localBytes = fields.has("local_bytes") ? fields.size("local_bytes") : SizeExpr::parse("0");
    checkNames(fields, meta.localBytes, "local_bytes", meta.natParams);
    if (fields.has("max_registers")) {
        const std::int64_t registers = fields.integer("max_registers");
        if (registers < kMinRegisterLimit || registers > kMaxRegisterLimit)
            fields.fail("'max_registers'", "is " + std::to_string(registers) + " but must be from " +
                                               std::to_string(kMinRegisterLimit) + " to " + std::to_string(kMaxRegisterLimit));
        meta.maxRegisters = static_cast<int>(registers);
    }
    return meta;
}

namespace {

std::string readFile(const std::filesystem::path& file, const char* what) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("cannot read " + std::string(what) + " '" + file.string() + "'");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

KernelMetadata loadKernelMetadata(const std::filesystem::path& file) {
    return parseKernelMetadata(readFile(file, "kernel metadata"), file.string());
}

std::string loadKernelSource(const std::filesystem::path& metadataFile, const KernelMetadata& metadata) {
    std::filesystem::path source = metadata.source.empty()
                                       ? std::filesystem::path(metadataFile).replace_extension(".cl")
                                       : metadataFile.parent_path() / metadata.source;
    return readFile(source, "kernel source");
}

}  // namespace liftcl::rt
