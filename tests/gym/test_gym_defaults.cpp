#include <catch2/catch.hpp>

#include "gym_otel_env/gym/gym_defaults.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::Files;
using goe::testing::PipelineRun;

namespace {

std::string defaulted(const std::string& doc, const HostAddress& host = {}, const Environment& env = {}) {
    try {
        return python_str(*apply_gym_defaults(parse_yaml(doc, "c.yaml"), env, host));
    } catch (const Error& e) {
        return std::string("error: ") + e.what();
    }
}

// disallowed_ports: the head server's port, Gym's 11000 unless head_server gives one.
const std::string kTail = "'disallowed_ports': [11000], 'allow_openai_version_skew': False}";

}  // namespace

// Expected values follow GlobalConfigDictParser.parse up to configure_telemetry_env.
TEST_CASE("apply_gym_defaults fills in what Gym sets before it reads the block") {
    CHECK(defaulted("{}") ==
          "{'use_absolute_ip': False, 'port_range_low': 10001, 'port_range_high': 20000, "
          "'head_server': {'host': '127.0.0.1', 'port': 11000}, " +
              kTail);
    // setdefault keeps what is there, null included; a head_server that is set is kept whole.
    CHECK(defaulted("use_absolute_ip: null\nport_range_low: 5\nhead_server: {host: h}\n") ==
          "{'use_absolute_ip': None, 'port_range_low': 5, 'head_server': {'host': 'h'}, 'port_range_high': 20000, " +
              kTail);
    // An empty head_server is falsy and replaced; default_host gives its host when truthy.
    CHECK(defaulted("default_host: 0.0.0.0\nhead_server: {}\nallow_openai_version_skew: true\n") ==
          "{'default_host': '0.0.0.0', 'head_server': {'host': '0.0.0.0', 'port': 11000}, "
          "'allow_openai_version_skew': True, 'use_absolute_ip': False, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'disallowed_ports': [11000]}");
    CHECK(defaulted("default_host: ''\n") ==
          "{'default_host': '', 'use_absolute_ip': False, 'port_range_low': 10001, 'port_range_high': 20000, "
          "'head_server': {'host': '127.0.0.1', 'port': 11000}, " +
              kTail);
    CHECK(defaulted("default_host: '${oc.env:H}'\n", {}, {{"H", "10.1.1.1"}}) ==
          "{'default_host': '${oc.env:H}', 'use_absolute_ip': False, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'head_server': {'host': '10.1.1.1', 'port': 11000}, " +
              kTail);
}

TEST_CASE("apply_gym_defaults: use_absolute_ip takes the host's address from the caller") {
    const std::string kNoAddress =
        "error: c.yaml:1:18: use_absolute_ip: cannot find this host's address (Gym: gethostbyname(gethostname()))";
    HostAddress lookup = [] { return std::optional<std::string>("192.0.2.7"); };
    CHECK(defaulted("use_absolute_ip: true\n", lookup) ==
          "{'use_absolute_ip': True, 'port_range_low': 10001, 'port_range_high': 20000, "
          "'head_server': {'host': '192.0.2.7', 'port': 11000}, " +
              kTail);
    CHECK(defaulted("use_absolute_ip: true\n") == kNoAddress);
    CHECK(defaulted("use_absolute_ip: true\n", [] { return std::optional<std::string>(); }) == kNoAddress);
    // With a head_server given, its host is not replaced; Gym looks the address up all
    // the same, and a name that does not resolve fails there, before head_server is read.
    CHECK(defaulted("use_absolute_ip: true\nhead_server: {host: h, port: 1}\n", lookup) ==
          "{'use_absolute_ip': True, 'head_server': {'host': 'h', 'port': 1}, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'disallowed_ports': [1], 'allow_openai_version_skew': False}");
    CHECK(defaulted("use_absolute_ip: true\nhead_server: {host: h, port: 1}\n") == kNoAddress);
    CHECK(defaulted("use_absolute_ip: true\nhead_server: 5\n") == kNoAddress);
    int lookups = 0;
    HostAddress counted = [&] {
        ++lookups;
        return std::optional<std::string>("192.0.2.7");
    };
    CHECK(defaulted("use_absolute_ip: false\n", counted).find("'host': '127.0.0.1'") != std::string::npos);
    CHECK(lookups == 0);
}

TEST_CASE("apply_gym_defaults errors where Gym fails before it reads the block") {
    CHECK(defaulted("head_server: 5\n") ==
          "error: c.yaml:1:14: head_server: expected a mapping (Gym reads head_server.port), got integer 5");
    CHECK(defaulted("head_server: null\n") ==
          "error: c.yaml:1:14: head_server: expected a mapping (Gym reads head_server.port), got null None");
    CHECK(defaulted("allow_openai_version_skew: 'yes'\n") ==
          "error: c.yaml:1:28: allow_openai_version_skew: allow_openai_version_skew must be a boolean "
          "(true/false), got 'yes'.");
    CHECK(defaulted("allow_openai_version_skew: 1\n") ==
          "error: c.yaml:1:28: allow_openai_version_skew: allow_openai_version_skew must be a boolean "
          "(true/false), got 1.");
    // A value an interpolation gave is not shown: it may be built from a secret.
    CHECK(defaulted(
              "telemetry: {otlp_headers: 'x-key=s3cret'}\nallow_openai_version_skew: '${telemetry.otlp_headers}'\n") ==
          "error: c.yaml:2:28: allow_openai_version_skew: allow_openai_version_skew must be a boolean "
          "(true/false), got a string from '${telemetry.otlp_headers}'.");
    // Every top-level value is resolved, before the defaults exist.
    CHECK(defaulted("x: '${oc.env:NOPE}'\n") == "error: c.yaml:1:4: x: environment variable 'NOPE' not found");
    CHECK(defaulted("x: '${port_range_low}'\n") ==
          "error: c.yaml:1:4: x: interpolation key 'port_range_low' not found");
    // Only the top-level value itself: what is inside the mapping it gives is not.
    CHECK(
        defaulted("y: {bad: '${oc.env:NOPE}'}\nx: '${y}'\n").rfind("{'y': {'bad': '${oc.env:NOPE}'}, 'x': '${y}'", 0) ==
        0);
}

TEST_CASE("apply_gym_defaults merges dummy_model into the model beside it, as Gym does") {
    CHECK(defaulted("policy_model:\n  responses_api_models:\n    dummy_model: {entrypoint: app.py, a: 1}\n"
                    "    vllm: {a: 2, b: 3}\n")
              .rfind("{'policy_model': {'responses_api_models': {'vllm': {'entrypoint': 'app.py', 'a': 2, 'b': 3}}}",
                     0) == 0);
    // Alone under a mapping of one key, dummy_model stays.
    CHECK(defaulted("p:\n  responses_api_models:\n    dummy_model: {entrypoint: app.py}\n")
              .rfind("{'p': {'responses_api_models': {'dummy_model': {'entrypoint': 'app.py'}}}", 0) == 0);
    CHECK(defaulted("p:\n  x: 1\n  responses_api_models:\n    dummy_model: {entrypoint: app.py}\n") ==
          "error: c.yaml:4:18: p.responses_api_models.dummy_model: dummy_model is the only model: nothing to merge "
          "it into");
    CHECK(defaulted("p:\n  responses_api_models:\n    dummy_model: {entrypoint: app.py}\n    m: 5\n") ==
          "error: c.yaml:4:8: p.responses_api_models.m: cannot merge dummy_model (a mapping) with this integer");
}

TEST_CASE("apply_gym_defaults: the block sees Gym's values") {
    PipelineRun run(
        Files{{"c.yaml", "telemetry:\n  service_name: '${oc.select:head_server.host,localhost}-${port_range_low}'\n"}});
    CHECK(run().settings.find("service_name")->value == "127.0.0.1-10001");
}

// The tree is shared (aliases, merges, the caller's own copy): the top mapping is changed
// in place only when the caller hands over its only reference.
// Gym's parse() writes disallowed_ports before it reads the block, so ${oc.dict.keys:""}
// there lists it; the tool left it out.
TEST_CASE("apply_gym_defaults: regression: disallowed_ports was missing from the keys the block sees") {
    // head_server.get("port", 11000) as written, resolved, or null (an empty list).
    CHECK(defaulted("head_server: {host: h, port: '${p}'}\np: 7\n") ==
          "{'head_server': {'host': 'h', 'port': '${p}'}, 'p': 7, 'use_absolute_ip': False, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'disallowed_ports': [7], 'allow_openai_version_skew': False}");
    CHECK(defaulted("head_server: {host: h, port: null}\n") ==
          "{'head_server': {'host': 'h', 'port': None}, 'use_absolute_ip': False, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'disallowed_ports': [], 'allow_openai_version_skew': False}");
    // A value already there is replaced in its place, as Gym's assignment does.
    CHECK(defaulted("disallowed_ports: [1, 2]\na: 1\n") ==
          "{'disallowed_ports': [11000], 'a': 1, 'use_absolute_ip': False, 'port_range_low': 10001, "
          "'port_range_high': 20000, 'head_server': {'host': '127.0.0.1', 'port': 11000}, "
          "'allow_openai_version_skew': False}");
    // The keys the block's resolution sees, in Gym's order (config_paths is the loader's).
    PipelineRun run(Files{{"c.yaml", "telemetry: {service_name: 'k=${oc.dict.keys:\"\"}'}\n"}});
    CHECK(run().settings.find("service_name")->value ==
          "k=['telemetry', 'config_paths', 'use_absolute_ip', 'port_range_low', 'port_range_high', 'head_server', "
          "'disallowed_ports', 'allow_openai_version_skew']");
}

TEST_CASE("apply_gym_defaults changes the top mapping in place only when it holds the only reference") {
    NodePtr kept = parse_yaml("a: 1\n", "c.yaml");
    NodePtr out = apply_gym_defaults(kept, {});
    CHECK(out != kept);
    CHECK(python_str(*kept) == "{'a': 1}");
    CHECK(python_str(*out) ==
          "{'a': 1, 'use_absolute_ip': False, 'port_range_low': 10001, 'port_range_high': 20000, "
          "'head_server': {'host': '127.0.0.1', 'port': 11000}, " +
              kTail);

    NodePtr only = parse_yaml("a: 1\n", "c.yaml");
    const Node* before = only.get();
    out = apply_gym_defaults(std::move(only), {});
    CHECK(out.get() == before);
    CHECK(python_str(*out) ==
          "{'a': 1, 'use_absolute_ip': False, 'port_range_low': 10001, 'port_range_high': 20000, "
          "'head_server': {'host': '127.0.0.1', 'port': 11000}, " +
              kTail);
}
