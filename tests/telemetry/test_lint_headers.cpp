// The header rule against the OpenTelemetry Python SDK's own reading of a header list,
// parse_env_headers(s, liberal=True) (opentelemetry-api util/re.py, 1.45.0.dev at
// 0a5d76b6): each row's findings are the entries that function leaves out of the dict it
// returns, as that source run under CPython printed them (docs/decisions.md).
#include <catch2/catch.hpp>

#include "gym_otel_env/telemetry/lint.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema_versions.hpp"
#include "support.hpp"

namespace {

using Lines = std::vector<std::string>;

Lines header_rule(std::string_view headers) {
    return goe::check_rule(*goe::default_schema().find("otlp_headers"), headers);
}

std::string drops(int entry, std::string_view shown, std::string_view why) {
    return "the OpenTelemetry SDK drops entry " + std::to_string(entry) + " of " + std::string(shown) + ": " +
           std::string(why);
}

}  // namespace

TEST_CASE("header rule: what the SDK sends is no finding, empty entries included") {
    for (std::string_view ok : {"",
                                "a=1",
                                "a=1,",
                                "a=1,,b=2",
                                ",a=1",
                                " , a=1 , ",
                                "a=1, b=2",
                                "a = 1 , b = 2",
                                "Authorization=Bearer%20tok",
                                "Authorization=Bearer tok",
                                "Authorization=Bearer%20tok x",
                                "a=\tx\t",
                                "a=1\n",
                                "\u00a0a=1",
                                "a=1\xc2\xa0",
                                "a%20b=1",
                                "a=",
                                "a==b",
                                "a=1=2",
                                "a=%zz",
                                "x-api-key=abc,authorization=Basic%20Zm9v",
                                "a=1,\t,b=2",
                                "a=1 , , b=2"}) {
        INFO(ok);
        CHECK(header_rule(ok).empty());
    }
}

TEST_CASE("header rule: each entry the SDK drops, by number, never its value") {
    CHECK(header_rule("a=1;b=2") ==
          Lines{drops(1, "'a=***'",
                      "its value holds ';', which the SDK takes only percent-encoded (%3B); entries are separated "
                      "by ','")});
    CHECK(header_rule("a=1 ;") == header_rule("a=1;b=2"));
    CHECK(header_rule("a") == Lines{drops(1, "'***'", "it is not name=value")});
    CHECK(header_rule("=1") == Lines{drops(1, "'=***'", "it is not name=value")});
    CHECK(header_rule(" =1") == Lines{drops(1, "' =***'", "it is not name=value")});
    CHECK(header_rule("a=1,b") == Lines{drops(2, "'a=***,***'", "it is not name=value")});
    CHECK(header_rule("Authorization=Bearer s3cr3t,s3cr3t") ==
          Lines{drops(2, "'Authorization=***,***'", "it is not name=value")});
    CHECK(header_rule("a b=1") == Lines{drops(1, "'a b=***'", "its name holds ' ', which a header name may not")});
    CHECK(header_rule("a:b=1") == Lines{drops(1, "'a:b=***'", "its name holds ':', which a header name may not")});
    CHECK(header_rule("a@b=1") == Lines{drops(1, "'a@b=***'", "its name holds '@', which a header name may not")});
    CHECK(header_rule("a=\"q\"") ==
          Lines{drops(1, "'a=***'", "its value holds '\"', which the SDK takes only percent-encoded (%22)")});
    CHECK(header_rule("a=x\\y") ==
          Lines{drops(1, "'a=***'", "its value holds '\\', which the SDK takes only percent-encoded (%5C)")});
    CHECK(header_rule("a=x\ty") ==
          Lines{drops(1, "'a=***'", "its value holds a control character, which the SDK takes only percent-encoded")});
    CHECK(header_rule("a=\xc3\xa9") ==
          Lines{drops(1, "'a=***'", "its value holds a non-ASCII byte, which the SDK takes only percent-encoded")});
    // Only white space the delimiter `[ \t]*,[ \t]*` leaves: str.strip() empties it, the
    // regex then fails, and the SDK logs "Header format invalid!".
    CHECK(header_rule("a=1,\n,b=2") == Lines{drops(2, "'a=***,***,b=***'", "it is only white space")});
    CHECK(header_rule("a=1,\xc2\xa0,b=2") == Lines{drops(2, "'a=***,***,b=***'", "it is only white space")});
    CHECK(header_rule("   ") == Lines{drops(1, "'***'", "it is only white space")});
}

TEST_CASE("header rule: a name given again replaces the earlier entry, as the SDK keys it") {
    CHECK(header_rule("A=1,a=2") ==
          Lines{drops(1, "'A=***,a=***'", "entry 2 names the header 'a' too, and only the last is sent")});
    // Percent-decoded, then lower-cased: a%41 is aA is aa.
    CHECK(header_rule("a%41=1,aA=2") ==
          Lines{drops(1, "'a%41=***,aA=***'", "entry 2 names the header 'aa' too, and only the last is sent")});
    CHECK(header_rule("k=v,k=w,k=x") ==
          Lines{drops(1, "'k=***,k=***,k=***'", "entry 2 names the header 'k' too, and only the last is sent"),
                drops(2, "'k=***,k=***,k=***'", "entry 3 names the header 'k' too, and only the last is sent")});
    // A dropped entry replaces nothing: the SDK never reads its name.
    CHECK(header_rule("a=1,a=\"x\"") ==
          Lines{drops(2, "'a=***,a=***'", "its value holds '\"', which the SDK takes only percent-encoded (%22)")});
}

TEST_CASE("header rule: an entry the SDK drops is not also said to be sent empty") {
    goe::Environment env{{"OTEL_EXPORTER_OTLP_HEADERS", "a b=,k=Bearer%20;x,c=,A=Basic,a="}};
    auto outcome = goe::testing::outcome_of("telemetry: {enabled: true}\n", env);
    std::vector<std::string> lines;
    for (const auto& d : goe::lint_empty_secrets(outcome, env)) lines.push_back(d.str());
    CHECK(lines == Lines{"environment: OTEL_EXPORTER_OTLP_HEADERS: the 'c' header is sent empty",
                         "environment: OTEL_EXPORTER_OTLP_HEADERS: the 'a' header is sent empty"});
}

TEST_CASE("sdk_header_entries: numbers count the empty entries, names as the SDK keys them") {
    auto entries = goe::sdk_header_entries(",X-Key = v , ,Bad;=1");
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].number == 2);
    CHECK(entries[0].name == "x-key");
    CHECK(entries[0].drop == goe::SdkHeaderEntry::Drop::none);
    CHECK(entries[1].number == 4);
    CHECK(entries[1].drop == goe::SdkHeaderEntry::Drop::name_byte);
    CHECK(entries[1].byte == ';');
    // The liberal form (a space in the value) is not percent-decoded, its name neither.
    CHECK(goe::sdk_header_entries("a%41=x y")[0].name == "a%41");
    CHECK(goe::sdk_header_entries("a%41=x")[0].name == "aa");
}
