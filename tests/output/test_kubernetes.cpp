#include <catch2/catch.hpp>

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/output/kubernetes.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/telemetry/schema.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"
#include "support.hpp"

namespace {

using goe::testing::error_of;

// An export as translate() makes it: secret as the schema's rule says of its value.
goe::Export make(std::string name, std::string value) {
    bool secret = goe::is_secret(name, value);
    return goe::Export{std::move(name), std::move(value), goe::Export::Source::config, goe::Origin{"c.yaml", 3, 16}, {},
                       secret};
}

// The head of each object, as named `name`.
std::string head(std::string_view kind, std::string_view name) {
    return fmt::format(
        "apiVersion: v1\n"
        "kind: {0}\n"
        "metadata:\n"
        "  name: \"{1}\"\n"
        "  labels:\n"
        "    app.kubernetes.io/name: \"{1}\"\n"
        "    app.kubernetes.io/managed-by: \"gym-otel-env\"\n",
        kind, name);
}

}  // namespace

TEST_CASE("kubernetes_name_problem: a DNS-1123 subdomain of at most 63 characters, as a label value must be") {
    for (const char* ok : {"gym-otel-env", "run-42", "a", "0", "a.b", "a-b.c-d", "true", "010", "1e3"}) {
        INFO(ok);
        CHECK(goe::kubernetes_name_problem(ok).empty());
    }
    CHECK(goe::kubernetes_name_problem(std::string(63, 'a')).empty());
    const std::string rule =
        ": lowercase letters, digits, '-' and '.', each dot-separated part starting and ending with a letter or "
        "digit, at most 63 characters";
    for (const std::string& bad : std::vector<std::string>{"Run-42", "-a", "a-", "a..b", "a.-b", ".a", "a.", "a_b",
                                                           "a b", "é", std::string(64, 'a')}) {
        INFO(bad);
        CHECK(goe::kubernetes_name_problem(bad) ==
              fmt::format("--name: '{}' is not a Kubernetes name for a ConfigMap and a Secret{}", bad, rule));
    }
    CHECK(goe::kubernetes_name_problem("") == "--name: the name is empty; a Kubernetes name is" + rule.substr(1));
}

TEST_CASE("yaml_double_quoted: YAML-looking text stays a string, inside double quotes") {
    for (const char* text :
         {"yes",  "no",   "on",   "off",  "y",    "010", "0o10", "0x1F", "1:30", "1_000", "null", "~",
          ".inf", ".nan", "true", "*a",   "&a",   "!a",  "%a",   "@a",   "`a",   "|",     ">",    "- a",
          "? a",  ": a",  "#a",   "a #b", "a: b", " a ", "---",  "...",  "{a}",  "[a]",   "'a'",  ""}) {
        INFO(text);
        CHECK(goe::yaml_double_quoted(text) == std::string("\"") + text + "\"");
    }
}

TEST_CASE("yaml_double_quoted: escapes for quotes, backslashes, controls and what YAML folds or drops") {
    CHECK(goe::yaml_double_quoted("a\"b\\c") == R"("a\"b\\c")");
    CHECK(goe::yaml_double_quoted("\t\n\r") == R"("\t\n\r")");
    CHECK(goe::yaml_double_quoted("\x01\x1b\x1f\x7f") == R"("\x01\x1b\x1f\x7f")");
    // NEL, the C1 controls, LS, PS, the byte order mark and the non-characters FFFE/FFFF.
    CHECK(goe::yaml_double_quoted("\u0085\u0080\u009f\u2028\u2029\ufeff\uffff") ==
          R"("\u0085\u0080\u009f\u2028\u2029\ufeff\uffff")");
    CHECK(goe::yaml_double_quoted("line\n") == R"("line\n")");
}

TEST_CASE("yaml_double_quoted: other UTF-8 as itself") {
    CHECK(goe::yaml_double_quoted("caf\u00e9 \u00a0\u2027\u202a\ue000\U0001f600") ==
          "\"caf\u00e9 \u00a0\u2027\u202a\ue000\U0001f600\"");
}

TEST_CASE("base64: RFC 4648's test vectors, and bytes outside ASCII") {
    CHECK(goe::base64("").empty());
    CHECK(goe::base64("f") == "Zg==");
    CHECK(goe::base64("fo") == "Zm8=");
    CHECK(goe::base64("foo") == "Zm9v");
    CHECK(goe::base64("foob") == "Zm9vYg==");
    CHECK(goe::base64("fooba") == "Zm9vYmE=");
    CHECK(goe::base64("foobar") == "Zm9vYmFy");
    CHECK(goe::base64(std::string_view("\xff\xfe\x00\x80\x3f\xbf", 6)) == "//4AgD+/");
}

TEST_CASE("kubernetes_manifests: a ConfigMap of the plain variables, a Secret of the headers, in base64") {
    std::vector<goe::Export> exports{make("NEMO_GYM_OTEL_ENABLED", "1"), make("OTEL_EXPORTER_OTLP_HEADERS", "a=b"),
                                     make("OTEL_SERVICE_NAME", "yes")};
    CHECK(goe::kubernetes_manifests(exports, "run-42") == head("ConfigMap", "run-42") +
                                                              "data:\n"
                                                              "  NEMO_GYM_OTEL_ENABLED: \"1\"\n"
                                                              "  OTEL_SERVICE_NAME: \"yes\"\n"
                                                              "---\n" +
                                                              head("Secret", "run-42") +
                                                              "type: Opaque\n"
                                                              "data:\n"
                                                              "  OTEL_EXPORTER_OTLP_HEADERS: \"YT1i\"\n");
}

TEST_CASE("kubernetes_manifests: both objects always, empty ones as data: {}, so an apply empties them") {
    CHECK(goe::kubernetes_manifests({make("NEMO_GYM_OTEL_ENABLED", "0")}, "x") ==
          head("ConfigMap", "x") + "data:\n  NEMO_GYM_OTEL_ENABLED: \"0\"\n---\n" + head("Secret", "x") +
              "type: Opaque\ndata: {}\n");
    CHECK(goe::kubernetes_manifests({}, "x") ==
          head("ConfigMap", "x") + "data: {}\n---\n" + head("Secret", "x") + "type: Opaque\ndata: {}\n");
}

TEST_CASE("kubernetes_manifests: an endpoint is in the Secret only when it holds credentials, of any scheme") {
    auto manifests = [](std::string value) {
        return goe::kubernetes_manifests({make("OTEL_EXPORTER_OTLP_ENDPOINT", std::move(value))}, "x");
    };
    CHECK(manifests("http://c:4318") == head("ConfigMap", "x") +
                                            "data:\n  OTEL_EXPORTER_OTLP_ENDPOINT: \"http://c:4318\"\n---\n" +
                                            head("Secret", "x") + "type: Opaque\ndata: {}\n");
    for (const char* value : {"https://u:k@c:4318/", "http://c:4318/?token=k", "ftp://u:k@c/?q=k", "grpc://u@c:4317",
                              "unix:///run/otel.sock?key=k", "u:k@c:4317"}) {
        INFO(value);
        CHECK(manifests(value) == head("ConfigMap", "x") + "data: {}\n---\n" + head("Secret", "x") +
                                      "type: Opaque\ndata:\n  OTEL_EXPORTER_OTLP_ENDPOINT: \"" + goe::base64(value) +
                                      "\"\n");
    }
}

TEST_CASE("kubernetes_manifests: refuses a value that is not UTF-8, secret or not") {
    const std::string why =
        ": cannot be written for Kubernetes: it is not UTF-8, and a pod's environment from a ConfigMap or a Secret "
        "is UTF-8 text; run gym-otel-env in the pod instead, as its command (gym-otel-env c.yaml --exec -- gym ...)";
    CHECK(error_of([] { goe::kubernetes_manifests({make("OTEL_SERVICE_NAME", "a\xff")}, "x"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME" + why);
    CHECK(error_of([] { goe::kubernetes_manifests({make("OTEL_EXPORTER_OTLP_HEADERS", "a=\xc3(")}, "x"); }) ==
          "c.yaml:3:16: OTEL_EXPORTER_OTLP_HEADERS" + why);
}

TEST_CASE("kubernetes_manifests: refuses an object whose values pass 1 MiB, naming the largest value") {
    std::string half(size_t{1} << 19, 'a');
    // At the limit: written.
    CHECK_NOTHROW(
        goe::kubernetes_manifests({make("OTEL_SERVICE_NAME", half), make("NEMO_GYM_OTEL_RUN_ID", half)}, "x"));
    CHECK(
        error_of([&] {
            goe::kubernetes_manifests({make("OTEL_SERVICE_NAME", half), make("NEMO_GYM_OTEL_RUN_ID", half + "b")}, "x");
        }) ==
        "c.yaml:3:16: NEMO_GYM_OTEL_RUN_ID: cannot be written for Kubernetes: the ConfigMap 'x' would hold "
        "1048577 bytes of values, 524289 of them this one's, and Kubernetes accepts at most 1048576 (1 MiB); "
        "run gym-otel-env in the pod instead, as its command (gym-otel-env c.yaml --exec -- gym ...)");
    CHECK(
        error_of([&] { goe::kubernetes_manifests({make("OTEL_EXPORTER_OTLP_HEADERS", half + half + "b")}, "run"); }) ==
        "c.yaml:3:16: OTEL_EXPORTER_OTLP_HEADERS: cannot be written for Kubernetes: the Secret 'run' would "
        "hold 1048577 bytes of values, 1048577 of them this one's, and Kubernetes accepts at most 1048576 (1 "
        "MiB); run gym-otel-env in the pod instead, as its command (gym-otel-env c.yaml --exec -- gym ...)");
}

TEST_CASE("render kubernetes: the row of kFormats, named by RenderOptions, the default name without one") {
    goe::RenderOptions options;
    options.name = "run-1";
    std::vector<goe::Export> exports{make("OTEL_SERVICE_NAME", "s")};
    CHECK(goe::render(exports, goe::parse_format("kubernetes"), options) ==
          goe::kubernetes_manifests(exports, "run-1"));
    CHECK(goe::render(exports, goe::parse_format("kubernetes"), [] { return std::string("t"); }) ==
          goe::kubernetes_manifests(exports, "gym-otel-env"));
    CHECK(goe::render_failure(goe::parse_format("kubernetes")).empty());
}
