// The one rule of secrecy (SPEC 7): the table of secret variables, and what each row's
// form makes secret, masks and hands to the redactors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "gym_otel_env/telemetry/secrecy.hpp"

TEST_CASE("kSecretVariables: every signal's headers and endpoint, in the generic one's form") {
    for (goe::Signal signal : goe::kSignals) {
        for (auto [option, form] :
             {std::pair{"HEADERS", goe::SecretForm::header_list}, std::pair{"ENDPOINT", goe::SecretForm::url}}) {
            std::string variable = goe::signal_variable(signal, option);
            INFO(variable);
            const goe::SecretVariable* row = goe::secret_variable(variable);
            REQUIRE(row != nullptr);
            CHECK(row->form == form);
            CHECK(goe::secret_variable(std::string("OTEL_EXPORTER_OTLP_") + option)->form == form);
        }
    }
    CHECK(goe::secret_variable("OTEL_EXPORTER_OTLP_PROTOCOL") == nullptr);
    CHECK(goe::secret_variable("OTEL_EXPORTER_OTLP_TRACES_TIMEOUT") == nullptr);
    // docs/decisions.md, "Secrecy by variable": resource attributes are sent with every span.
    CHECK(goe::secret_variable("OTEL_RESOURCE_ATTRIBUTES") == nullptr);
    CHECK(goe::secret_variable("otel_exporter_otlp_headers") == nullptr);  // variables are case-sensitive
}

TEST_CASE("may_be_secret: a field's secrecy is its variable's") {
    std::vector<std::string_view> secret;
    for (const auto& f : goe::default_schema().fields)
        if (goe::may_be_secret(f)) secret.push_back(f.key);
    CHECK(secret == std::vector<std::string_view>{"otlp_endpoint", "otlp_headers"});
}

TEST_CASE("is_secret of a config value: a string as is, any other as Python's str() writes it") {
    CHECK(goe::is_secret("OTEL_EXPORTER_OTLP_HEADERS", *goe::make_int("5")));
    CHECK(goe::is_secret("OTEL_EXPORTER_OTLP_TRACES_HEADERS", *goe::make_bool(true)));
    CHECK_FALSE(goe::is_secret("OTEL_EXPORTER_OTLP_ENDPOINT", *goe::make_int("4318")));
    // A mapping given to the endpoint, as a message would quote it: "{'u': 'a@b'}".
    auto mapping = std::make_shared<goe::Node>();
    mapping->type = goe::Type::mapping;
    mapping->mutable_entries().push_back(goe::Entry{"u", goe::make_string("a@b")});
    CHECK(goe::is_secret("OTEL_EXPORTER_OTLP_ENDPOINT", *mapping));
    CHECK(goe::is_secret("OTEL_EXPORTER_OTLP_ENDPOINT", *goe::make_string("http://u:p@c")));
    CHECK_FALSE(goe::is_secret("OTEL_SERVICE_NAME", *goe::make_string("http://u:p@c")));
}

TEST_CASE("per-signal secrets: masked, split into parts and read from the environment as the generic ones") {
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_METRICS_HEADERS", "k=s3cret") == "k=***");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "https://u:p4ss@c/") == "https://***@c/");
    CHECK(goe::secret_parts("OTEL_EXPORTER_OTLP_TRACES_HEADERS", "k=Bearer t0k3n") ==
          std::vector<std::string>{"k=Bearer t0k3n", "Bearer t0k3n", "t0k3n"});
    auto got = goe::environment_secrets({{"OTEL_EXPORTER_OTLP_TRACES_HEADERS", "k=tr4ce"}, {"OTHER", "k=v4lue"}});
    CHECK(got == std::vector<std::string>{"k=tr4ce", "tr4ce"});
}

TEST_CASE("secret_parts_of_source: what any form finds in a text a secret was built from") {
    using Parts = std::vector<std::string>;
    CHECK(goe::secret_parts_of_source("a=b4se") == Parts{"a=b4se", "b4se"});
    CHECK(goe::secret_parts_of_source("http://u:p4ss@c") == Parts{"http://u:p4ss@c", "u:p4ss", "u", "p4ss"});
}

TEST_CASE("worth_hiding: long enough once decoded and trimmed, and not a bare scheme") {
    CHECK(goe::worth_hiding("t0k3n"));
    CHECK_FALSE(goe::worth_hiding("abc"));
    CHECK_FALSE(goe::worth_hiding(" ab "));
    CHECK_FALSE(goe::worth_hiding("Bearer%20"));
    CHECK_FALSE(goe::worth_hiding("bearer"));
    CHECK(goe::worth_hiding("%41%42%43%44"));
}

TEST_CASE("is_secret: every header list; an endpoint of any scheme with userinfo, a query or a fragment") {
    struct Row {
        std::string_view variable, value;
        bool secret;
    };
    for (const auto& r : {
             Row{"OTEL_EXPORTER_OTLP_HEADERS", "x-key=s3cret", true},
             Row{"OTEL_EXPORTER_OTLP_HEADERS", "", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318", false},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318/v1/traces", false},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "collector:4317", false},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://user:k3y@collector:4318/", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://user@collector:4318", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318/?token=k3y", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318/#k3y", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "ftp://u:k3y@c/?q=k3y", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "grpc://u:k3y@c:4317", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "unix:///run/otel.sock?key=k3y", true},
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "u:k3y@collector:4317", true},  // no scheme, still userinfo
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:k3y@", true},        // no host: not a URL, still a password
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://@collector", false},   // nothing before the '@'
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector/?", false},  // an empty query
             Row{"OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector/a@b", false},  // '@' in the path, not the authority
             Row{"OTEL_SERVICE_NAME", "https://u:k3y@c", false},
             Row{"NEMO_GYM_OTEL_RUN_ID", "a=b", false},
         }) {
        INFO(r.variable << " " << r.value);
        CHECK(goe::is_secret(r.variable, r.value) == r.secret);
    }
}

TEST_CASE("masked: headers as key=*** pairs; an endpoint's userinfo, query and fragment as ***; the rest as is") {
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_HEADERS", "x-key=s3cret, b = c,noequals") == "x-key=***, b =***,***");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_HEADERS", "") == "***");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318/v1") == "http://c:4318/v1");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:k3y@c:4318/p?token=k3y") == "https://***@c:4318/p?***");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_ENDPOINT", "ftp://u:k3y@c/?q=k3y#f") == "ftp://***@c/?***#***");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_ENDPOINT", "u:k3y@c:4317") == "***@c:4317");
    CHECK(goe::masked("OTEL_EXPORTER_OTLP_ENDPOINT", "https://c/?#frag") == "https://c/?#***");
    CHECK(goe::masked("OTEL_SERVICE_NAME", "a=b") == "a=b");
}

TEST_CASE("secret_parts: what a message could quote alone of a secret value, each once") {
    using Parts = std::vector<std::string>;
    CHECK(goe::secret_parts("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20t0k3n, x-k = v1 ,bare") ==
          Parts{"authorization=Bearer%20t0k3n, x-k = v1 ,bare", "Bearer%20t0k3n", "Bearer t0k3n", "t0k3n", "v1"});
    CHECK(goe::secret_parts("OTEL_EXPORTER_OTLP_ENDPOINT", "https://user:pa55@c:4318/?token=k3y&x=1#f") ==
          Parts{"https://user:pa55@c:4318/?token=k3y&x=1#f", "user:pa55", "user", "pa55", "token=k3y&x=1", "k3y", "1",
                "f"});
    CHECK(goe::secret_parts("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318").empty());
    CHECK(goe::secret_parts("OTEL_SERVICE_NAME", "s3cret").empty());
}

TEST_CASE("environment_secrets: the secret parts of every variable that carries a secret setting") {
    goe::Environment env{{"OTEL_EXPORTER_OTLP_HEADERS", "a=h3ader"},
                         {"OTEL_EXPORTER_OTLP_LOGS_ENDPOINT", "https://u:pa55@l/"},
                         {"OTEL_EXPORTER_OTLP_ENDPOINT", "http://plain:4318"},
                         {"HC_KEY", "not-read"}};
    auto got = goe::environment_secrets(env);
    std::sort(got.begin(), got.end());
    CHECK(got == std::vector<std::string>{"a=h3ader", "h3ader", "https://u:pa55@l/", "pa55", "u", "u:pa55"});
}

TEST_CASE("may_hold_secret: a text naming a field of secret values, or an endpoint with a URL's '@', '?' or '#'") {
    struct Row {
        std::string_view text;
        bool secret;
    };
    for (const auto& r : {
             Row{"telemetry.otlp_headers=k=v", true},
             Row{"++telemetry={otlp_headers: k=v}", true},
             Row{"TELEMETRY.OTLP_HEADERS=x", true},
             Row{"x=otlp_headers", true},  // in the value too: the key may come from it
             Row{"++x=${oc.env:OTEL_EXPORTER_OTLP_HEADERS}", true},
             Row{"telemetry.otlp_endpoint=https://u:k@c", true},
             Row{"telemetry.otlp_endpoint=http://c/?token=k", true},
             Row{"++telemetry={otlp_endpoint: 'grpc://c#k'}", true},
             Row{"telemetry.otlp_endpoint=http://c:4318", false},
             Row{"u@c=telemetry.otlp_endpoint", false},  // the '@' is before the name
             Row{"telemetry.otlp_header=x", false},
             Row{"telemetry.otlp-headers=x", false},
             Row{"telemetry.headers=x", false},
             Row{"", false},
         }) {
        INFO(r.text);
        CHECK(goe::may_hold_secret(r.text) == r.secret);
    }
}
