// What the unit tests share, one copy of each: the in-memory FileSystem
// (memory_file_system.hpp), error_of for the message of a goe::Error, PipelineRun for what
// the whole pipeline makes of a config, builders of large inputs (repeat, laughs), and
// readers of the source tree's files for the consistency tests.
#pragma once

#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/subtree_marks.hpp"
#include "gym_otel_env/omegaconf/resolve.hpp"
#include "gym_otel_env/pipeline.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "memory_file_system.hpp"

namespace goe::testing {

// The message of the goe::Error that `f` throws, its kind checked when one is given. A
// failed check when `f` throws none (the comparison that uses the result fails too).
template <class F>
std::string error_of(F&& f, std::optional<Error::Kind> kind = std::nullopt) {
    try {
        std::forward<F>(f)();
    } catch (const Error& e) {
        if (kind) CHECK(e.kind() == *kind);
        return e.what();
    }
    FAIL_CHECK("no goe::Error was thrown");
    return "(no error)";
}

// The whole pipeline in memory, for a test that means "what the tool makes of this
// config" rather than what one stage's function does with its own input: `files` in a
// MemoryFileSystem, `configs` loaded in that order (env.yaml read when `files` has one),
// the run id drawn as 0123456789ab. Call it for run_pipeline's Outcome; merged() gives
// merged_config's, the pipeline's first steps.
using Files = std::map<std::string, std::string>;  // name -> text
struct PipelineRun {
    explicit PipelineRun(Files f, Environment e = {}) : files(std::move(f)), env(std::move(e)) {}

    Files files;
    Environment env;
    std::vector<std::string> configs{"c.yaml"};
    std::vector<std::string> sets;
    HostAddress host_address;
    PipelineLimits limits;
    std::vector<std::string> secrets;  // what run_pipeline hands back for masking
    SchemaInForce schema;              // the default's when not set

    Outcome operator()() {
        MemoryFileSystem fs;
        fs.files = files;
        return run_pipeline(
            request(), env, fs, [] { return std::string("0123456789ab"); }, &secrets, host_address, limits, schema);
    }
    Merged merged() const {
        MemoryFileSystem fs;
        fs.files = files;
        return merged_config(request(), env, fs, limits);
    }

private:
    LoadRequest request() const {
        LoadRequest r;
        r.configs = configs;
        r.sets = sets;
        return r;
    }
};

// What the whole pipeline makes of `yaml` as c.yaml in `env`, and the settings it
// validates from the block as Gym resolves it: for the tests of the stages after resolution
// (validate, translate, lint), so that none chains the stages by hand.
inline Outcome outcome_of(const std::string& yaml, const Environment& env = {}) {
    return PipelineRun(Files{{"c.yaml", yaml}}, env)();
}
inline Settings settings_of(const std::string& yaml, const Environment& env = {}) {
    return outcome_of(yaml, env).settings;
}

// A file as Gym's loader parses it: every collection with the marks Gym's two passes
// read (subtree_marks), so that a test of a pass takes the short cuts a run takes.
inline NodePtr parse_marked(std::string_view text, const std::string& name) {
    return parse_yaml(text, name, {}, ParseNotes{nullptr, &subtree_marks});
}

// ---- OmegaConf's resolution on a written tree (tests/omegaconf) ----

// The environment oc.env reads in the resolution tests.
inline const Environment kResolveEnv{{"E", "env-val"}, {"EMPTY", ""}, {"N", "42"}, {"HOME", "/home/me"}};

// `s` as a YAML single-quoted scalar.
inline std::string single_quoted(std::string_view s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

// A resolution's context for the tests: OmegaConf's YAML reader when `reads`, the
// resolvers registered from above, and oc.deprecated's warnings kept.
class TestContext final : public ResolveContext {
public:
    bool reads = false;
    std::span<const RegisteredResolver> registered;
    std::vector<DeprecatedKey> warnings;

    bool reads_yaml() const override { return reads; }
    NodePtr read_yaml(std::string_view text) const override { return parse_yaml(text, "the string"); }
    std::span<const RegisteredResolver> resolvers() const override { return registered; }
    void deprecated(DeprecatedKey warning) override { add_deprecation(warnings, std::move(warning)); }
};

// The telemetry block of `doc` (c.yaml) resolved, or throws Error.
inline NodePtr resolve_block(std::string_view doc, const ResolveLimits& limits = {}) {
    return resolve_subtree(parse_yaml(doc, "c.yaml"), "telemetry", kResolveEnv, limits);
}

// The resolved value of t.v, written `value` (single-quoted at c.yaml:4:6), in the config
// the interpolation tables read: x holds a value of each type, a key's name, a list and
// a mapping, and t.o is v's sibling. Throws Error.
inline NodePtr resolve_value(std::string_view value, const Environment& env = kResolveEnv) {
    std::string doc =
        "x: {n: 42, f: 1.5, b: true, s: str, nul: null, key: n, l: [10, 20], d: {k: v}}\n"
        "t:\n  o: other\n  v: " +
        single_quoted(value) + "\n";
    return *resolve_subtree(parse_yaml(doc, "c.yaml"), "t", env)->find("v");
}

// A row of an interpolation table: t.v's value (resolve_value), the type of the result
// (type_name(), or "error"), and Python's str() of the result or the error's message
// after "c.yaml:4:6: t.v: ". Expected results come from OmegaConf 2.2
// (OmegaConf.to_container(resolve=True)), which 2.3 does not change on these; an error
// row is the tool's wording of OmegaConf's error.
struct ResolveRow {
    const char* value;
    const char* type;
    const char* text;
};

inline void check_resolve_rows(std::span<const ResolveRow> rows) {
    for (const auto& row : rows) {
        CAPTURE(row.value);
        if (std::string_view(row.type) == "error") {
            CHECK(error_of([&] { resolve_value(row.value); }) == "c.yaml:4:6: t.v: " + std::string(row.text));
            continue;
        }
        NodePtr v = resolve_value(row.value);
        CHECK(type_name(v->type) == row.type);
        CHECK(python_str(*v) == row.text);
    }
}

// Every export of `telemetry: {enabled: true}` and nothing else, by name, the run id
// drawn as 0123456789ab: what translate gives, written out by hand from the schema's
// defaults so that a test of it can fail.
inline std::map<std::string, std::string> default_exports() {
    return {
        {"NEMO_GYM_OTEL_ENABLED", "1"},
        {"NEMO_GYM_OTEL_SPAN_GROUPS", "default"},
        {"NEMO_GYM_OTEL_EXPORT_STRATEGY", "all_ranks"},
        {"NEMO_GYM_OTEL_EXPORT_RANK", "-1"},
        {"NEMO_GYM_OTEL_TRACES_ENABLED", "1"},
        {"NEMO_GYM_OTEL_METRICS_ENABLED", "1"},
        {"NEMO_GYM_OTEL_LOGS_ENABLED", "0"},
        {"NEMO_GYM_OTEL_EXPORTER", "otlp"},
        {"NEMO_GYM_OTEL_SERVICE_NAME_PER_SERVER", "1"},
        {"NEMO_GYM_OTEL_INSTRUMENT_AIOHTTP", "1"},
        {"OTEL_SERVICE_NAME", "nemo-gym"},
        {"NEMO_GYM_OTEL_RUN_ID", "0123456789ab"},
    };
}

// `s` written `n` times.
inline std::string repeat(std::string_view s, size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (size_t i = 0; i < n; ++i) out += s;
    return out;
}

// A billion-laughs document of `levels` lines: a0 lists `leaf` ten times, and each a{i}
// lists a{i-1} ten times through an alias, so a{i} stands for 10^(i+1) leaves.
inline std::string laughs(int levels, std::string_view leaf = "x") {
    std::string out = fmt::format("a0: &a0 [{}]\n", repeat(std::string(leaf) + ", ", 9) + std::string(leaf));
    for (int i = 1; i < levels; ++i) {
        out += fmt::format("a{}: &a{} [", i, i);
        for (int k = 0; k < 10; ++k) out += fmt::format("{}*a{}", k ? ", " : "", i - 1);
        out += "]\n";
    }
    return out;
}

// A file of the source tree (docs, completions), for the consistency tests that hold a
// copy of a table to the table; GOE_SOURCE_DIR comes from tests/CMakeLists.txt.
inline std::string source_file(std::string_view relative) {
    std::string path = std::string(GOE_SOURCE_DIR) + "/" + std::string(relative);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The lines of `text` from the one that starts with `heading` to the next that starts
// with `end`; the test stops when there are none.
inline std::vector<std::string> section(const std::string& text, const std::string& heading, const std::string& end) {
    std::vector<std::string> out;
    std::istringstream in(text);
    bool inside = false;
    for (std::string line; std::getline(in, line);) {
        if (inside && line.starts_with(end)) break;
        if (inside) out.push_back(line);
        if (line.starts_with(heading)) inside = true;
    }
    REQUIRE(!out.empty());
    return out;
}

// The blank-separated words of group 1 of `pattern`'s first match in the file, a lone
// `\` (a line continuation) left out; a note when nothing matches.
inline std::vector<std::string> matched_words(std::string_view relative, const std::string& pattern) {
    std::string text = source_file(relative);
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(pattern)))
        return {"(no match for " + pattern + " in " + std::string(relative) + ")"};
    std::vector<std::string> out;
    std::istringstream words(m[1].str());
    for (std::string word; words >> word;)
        if (word != "\\") out.push_back(word);
    return out;
}

}  // namespace goe::testing
