#include "runtime/fft/fft_plan_description.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "runtime/error.hpp"
#include "runtime/json_fields.hpp"

namespace liftcl::rt {

namespace {

using Json = nlohmann::json;

std::string readText(const std::filesystem::path& file, const std::string& what) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw Error("FFT plan: cannot read " + what + " " + file.string());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeText(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw Error("FFT plan: cannot write " + file.string());
}

// A kernel name is a file stem on disk: no path separators or dots that could leave the directory.
bool isPlainName(const std::string& name) {
    if (name.empty()) return false;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
    return true;
}

class PlanFields : public JsonFields {
public:
    PlanFields(const Json& object, std::string path, const std::string& origin)
        : JsonFields("FFT plan", object, std::move(path), origin) {}
};

}  // namespace

std::string_view fftDirectionName(FftDirection direction) {
    return direction == FftDirection::Forward ? "forward" : "inverse";
}

std::size_t FftPlanDescription::bufferBytes() const {
    return static_cast<std::size_t>(n) * static_cast<std::size_t>(batch) * complexBytes();
}

std::vector<std::int64_t> FftPlanDescription::transformShape() const {
    return shape.empty() ? std::vector<std::int64_t>{n} : shape;
}

std::size_t FftPlanDescription::realBytes() const { return bufferBytes() / 2; }

std::size_t FftPlanDescription::halfSpectrumBytes() const {
    const std::int64_t last = transformShape().back();
    return static_cast<std::size_t>(n / last * (last / 2 + 1)) * static_cast<std::size_t>(batch) * complexBytes();
}

std::size_t FftPlanDescription::inputBytes() const {
    if (!real) return bufferBytes();
    return direction == FftDirection::Forward ? realBytes() : halfSpectrumBytes();
}

std::size_t FftPlanDescription::outputBytes() const {
    if (!real) return bufferBytes();
    return direction == FftDirection::Forward ? halfSpectrumBytes() : realBytes();
}

std::size_t FftPlanDescription::temporaryBytes() const {
    return static_cast<std::size_t>(std::max(n, workN)) * static_cast<std::size_t>(batch) * complexBytes();
}

const FftPlanTable& FftPlanDescription::table(const std::string& name) const {
    for (const auto& t : tables)
        if (t.name == name) return t;
    throw Error("FFT plan: no table named '" + name + "'");
}

const FftPlanKernel& FftPlanDescription::kernel(const std::string& name) const {
    for (const auto& k : kernels)
        if (k.name == name) return k;
    throw Error("FFT plan: no kernel named '" + name + "'");
}

void FftPlanDescription::validate() const {
    const std::string what = "FFT plan (n=" + std::to_string(n) + ", batch=" + std::to_string(batch) + "): ";
    if (n < 1) throw Error(what + "the size n must be at least 1");
    if (batch < 1) throw Error(what + "the batch must be at least 1");
    if (static_cast<double>(n) * static_cast<double>(batch) * 16.0 >
        static_cast<double>(std::numeric_limits<std::int64_t>::max()))
        throw Error(what + "n*batch is too large");
    if (scaled && direction != FftDirection::Inverse) throw Error(what + "only an inverse transform can be scaled");
    if (!shape.empty()) {
        std::int64_t points = 1;
        for (std::int64_t extent : shape) {
            if (extent < 1) throw Error(what + "every extent of 'shape' must be at least 1");
            points *= extent;
        }
        if (points != n) throw Error(what + "the extents of 'shape' multiply to " + std::to_string(points) + ", not n");
    }
    if (steps.empty()) throw Error(what + "it has no steps");
    if (workN < 0 || static_cast<double>(workN) * static_cast<double>(batch) * 16.0 >
                         static_cast<double>(std::numeric_limits<std::int64_t>::max()))
        throw Error(what + "work_n=" + std::to_string(workN) + " must be non-negative and work_n*batch not too large");
    std::set<std::string> tableNames;
    for (const auto& t : tables) {
        if (!isPlainName(t.name)) throw Error(what + "table name '" + t.name + "' must be letters, digits, '_' or '-'");
        if (!tableNames.insert(t.name).second) throw Error(what + "table '" + t.name + "' is listed twice");
        if (t.length < 1) throw Error(what + "table '" + t.name + "' has length " + std::to_string(t.length));
        if (t.transform && (t.transform->n < 2 || t.transform->batch < 1))
            throw Error(what + "table '" + t.name + "' belongs to a transform of n=" + std::to_string(t.transform->n) +
                        ", batch=" + std::to_string(t.transform->batch) + " (needs n >= 2, batch >= 1)");
    }
    std::set<std::string> names;
    for (const auto& k : kernels) {
        if (!isPlainName(k.name))
            throw Error(what + "kernel name '" + k.name + "' must be letters, digits, '_' or '-'");
        if (!names.insert(k.name).second) throw Error(what + "kernel '" + k.name + "' is listed twice");
    }
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const FftPlanStep& step = steps[i];
        const std::string where = what + "step " + std::to_string(i) + ": ";
        if (!names.count(step.kernel)) throw Error(where + "unknown kernel '" + step.kernel + "'");
        const KernelMetadata meta = parseKernelMetadata(kernel(step.kernel).metadata, step.kernel);
        const KernelArg* in = meta.findArg(step.inputArg);
        const KernelArg* out = meta.findArg(step.outputArg);
        if (!in || in->kind != ArgKind::Input)
            throw Error(where + "kernel '" + step.kernel + "' has no input argument '" + step.inputArg + "'");
        if (!out || out->kind != ArgKind::Output)
            throw Error(where + "kernel '" + step.kernel + "' has no output argument '" + step.outputArg + "'");
        for (const auto& [arg, table] : step.tables) {
            const KernelArg* bound = meta.findArg(arg);
            if (!bound || bound->kind != ArgKind::Input || arg == step.inputArg)
                throw Error(where + "kernel '" + step.kernel + "' has no table input argument '" + arg + "'");
            if (!tableNames.count(table)) throw Error(where + "unknown table '" + table + "'");
        }
        for (const auto& arg : meta.args)
            if (arg.kind == ArgKind::Input && arg.name != step.inputArg && !step.tables.count(arg.name))
                throw Error(where + "kernel '" + step.kernel + "' has a second input '" + arg.name +
                            "' that the plan does not bind");
    }
}

std::string fftPlanToJson(const FftPlanDescription& plan) {
    Json j;
    j["format"] = kFftPlanFormat;
    j["n"] = plan.n;
    j["batch"] = plan.batch;
    j["precision"] = plan.precision == Precision::Double ? "double" : "float";
    j["direction"] = fftDirectionName(plan.direction);
    j["scaled"] = plan.scaled;
    j["in_place"] = plan.inPlace;
    j["method"] = plan.method;
    if (!plan.shape.empty()) j["shape"] = plan.shape;
    if (plan.real) j["real"] = true;
    j["radices"] = plan.radices;
    Json kernels = Json::array();
    for (const auto& k : plan.kernels)
        kernels.push_back({{"name", k.name}, {"source", k.name + ".cl"}, {"metadata", k.name + ".json"}});
    j["kernels"] = kernels;
    Json steps = Json::array();
    for (const auto& s : plan.steps) {
        Json nats = Json::object();
        for (const auto& [name, value] : s.nats) nats[name] = value;
        Json step = {{"kernel", s.kernel}, {"nats", nats}, {"input", s.inputArg}, {"output", s.outputArg}};
        if (!s.tables.empty()) step["tables"] = s.tables;
        if (s.inPlace) step["in_place"] = true;
        steps.push_back(step);
    }
    j["steps"] = steps;
    if (plan.workN > 0) j["work_n"] = plan.workN;
    if (!plan.tables.empty()) {
        Json tables = Json::array();
        for (const auto& t : plan.tables) {
            Json table = {{"name", t.name}, {"kind", t.kind}, {"length", t.length}};
            if (t.transform)
                table["transform"] = {{"n", t.transform->n}, {"batch", t.transform->batch}, {"scaled", t.transform->scaled}};
            tables.push_back(table);
        }
        j["tables"] = tables;
    }
    return j.dump(2) + "\n";
}

FftPlanDescription fftPlanFromJson(std::string_view json, const std::string& origin,
                                   const std::filesystem::path& kernelDirectory) {
    Json doc;
    try {
        doc = Json::parse(json, nullptr, true, true);
    } catch (const Json::exception& e) {
        throw Error("FFT plan (" + origin + "): not valid JSON: " + e.what());
    }
    PlanFields top(doc, "", origin);
    if (top.string("format") != kFftPlanFormat)
        top.fail("'format'", "is '" + top.string("format") + "' but must be " + std::string(kFftPlanFormat));
    FftPlanDescription plan;
    plan.n = top.integer("n");
    plan.batch = top.integer("batch");
    const std::string precision = top.string("precision");
    if (precision == "double") plan.precision = Precision::Double;
    else if (precision == "float") plan.precision = Precision::Float;
    else top.fail("'precision'", "is '" + precision + "' but must be float or double");
    const std::string direction = top.string("direction");
    if (direction == "forward") plan.direction = FftDirection::Forward;
    else if (direction == "inverse") plan.direction = FftDirection::Inverse;
    else top.fail("'direction'", "is '" + direction + "' but must be forward or inverse");
    plan.scaled = top.boolean("scaled", false);
    plan.inPlace = top.boolean("in_place", false);
    plan.real = top.boolean("real", false);
    if (doc.contains("shape")) {
        const Json& shape = top.array("shape");
        for (const auto& extent : shape) {
            if (!extent.is_number_integer()) top.fail("'shape'", "must be an array of integers");
            plan.shape.push_back(extent.get<std::int64_t>());
        }
    }
    if (doc.contains("method") && doc["method"].is_string()) plan.method = doc["method"].get<std::string>();
    if (doc.contains("radices") && doc["radices"].is_array())
        for (const auto& r : doc["radices"])
            if (r.is_number_integer()) plan.radices.push_back(r.get<std::int64_t>());
    const Json& kernels = top.array("kernels");
    for (std::size_t i = 0; i < kernels.size(); ++i) {
        PlanFields k(kernels[i], "kernels[" + std::to_string(i) + "]", origin);
        FftPlanKernel kernel;
        kernel.name = k.string("name");
        if (!isPlainName(kernel.name))
            k.fail("'" + k.fieldPath("name") + "'", "'" + kernel.name + "' must be letters, digits, '_' or '-'");
        const std::string source = k.string("source"), metadata = k.string("metadata");
        if (source != kernel.name + ".cl" || metadata != kernel.name + ".json")
            k.fail("'" + k.fieldPath("source") + "'", "must be " + kernel.name + ".cl with metadata " + kernel.name + ".json");
        kernel.source = readText(kernelDirectory / source, "kernel source");
        kernel.metadata = readText(kernelDirectory / metadata, "kernel metadata");
        plan.kernels.push_back(std::move(kernel));
    }
    const Json& steps = top.array("steps");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string path = "steps[" + std::to_string(i) + "]";
        PlanFields s(steps[i], path, origin);
        FftPlanStep step;
        step.kernel = s.string("kernel");
        step.inputArg = s.string("input");
        step.outputArg = s.string("output");
        step.inPlace = s.boolean("in_place", false);
        const Json& nats = s.get("nats");
        if (!nats.is_object()) s.fail("'" + path + ".nats'", "must be an object of integers");
        for (const auto& [name, value] : nats.items()) {
            if (!value.is_number_integer()) s.fail("'" + path + ".nats." + name + "'", "must be an integer");
            step.nats[name] = value.get<std::int64_t>();
        }
        if (steps[i].contains("tables")) {
            const Json& tables = steps[i]["tables"];
            if (!tables.is_object()) s.fail("'" + path + ".tables'", "must be an object of table names");
            for (const auto& [arg, table] : tables.items()) {
                if (!table.is_string()) s.fail("'" + path + ".tables." + arg + "'", "must be a table name");
                step.tables[arg] = table.get<std::string>();
            }
        }
        plan.steps.push_back(std::move(step));
    }
    if (doc.contains("work_n")) plan.workN = top.integer("work_n");
    if (doc.contains("tables")) {
        const Json& tables = top.array("tables");
        for (std::size_t i = 0; i < tables.size(); ++i) {
            PlanFields t(tables[i], "tables[" + std::to_string(i) + "]", origin);
            plan.tables.push_back({t.string("name"), t.string("kind"), t.integer("length"), std::nullopt});
            if (t.has("transform")) {
                PlanFields tr(t.get("transform"), "tables[" + std::to_string(i) + "].transform", origin);
                plan.tables.back().transform = FftTableTransform{tr.integer("n"), tr.integer("batch"), tr.boolean("scaled", false)};
            }
        }
    }
    plan.validate();
    return plan;
}

void writeFftPlanDirectory(const FftPlanDescription& plan, const std::filesystem::path& directory) {
    plan.validate();
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec) throw Error("FFT plan: cannot create directory " + directory.string() + ": " + ec.message());
    for (const auto& k : plan.kernels) {
        writeText(directory / (k.name + ".cl"), k.source);
        writeText(directory / (k.name + ".json"), k.metadata);
    }
    writeText(directory / "plan.json", fftPlanToJson(plan));
}

FftPlanDescription loadFftPlanDirectory(const std::filesystem::path& directory) {
    const std::filesystem::path file = directory / "plan.json";
    return fftPlanFromJson(readText(file, "plan"), file.string(), directory);
}

}  // namespace liftcl::rt
