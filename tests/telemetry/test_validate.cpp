#include <fmt/format.h>
#include <catch2/catch.hpp>

#include "gym_otel_env/telemetry/validate.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;

namespace {

struct Row {
    const char* field;
    const char* yaml;             // the value as written in the block (flow YAML)
    const char* exported;         // what validation yields as exported text; "<null>"; nullptr = rejected
    const char* error = nullptr;  // when rejected: the message after "c.yaml:1:COL: telemetry.FIELD: "
};

// Expected results come from a pydantic v2 model (bool, int, str, Optional[str]) fed
// by OmegaConf 2.2: lax-mode coercions exactly.
const Row kRows[] = {
    {"logs_enabled", R"~(true)~", R"~(1)~"},
    {"logs_enabled", R"~(yes)~", R"~(1)~"},
    {"logs_enabled", R"~(Off)~", R"~(0)~"},
    {"logs_enabled", R"~("TRUE")~", R"~(1)~"},
    {"logs_enabled", R"~("t")~", R"~(1)~"},
    {"logs_enabled", R"~("Y")~", R"~(1)~"},
    {"logs_enabled", R"~("on ")~", nullptr, R"~(expected a boolean, got 'on ')~"},
    {"logs_enabled", R"~(1)~", R"~(1)~"},
    {"logs_enabled", R"~(0)~", R"~(0)~"},
    {"logs_enabled", R"~(2)~", nullptr, R"~(expected a boolean, got integer 2)~"},
    {"logs_enabled", R"~(1.0)~", R"~(1)~"},
    {"logs_enabled", R"~(0.0)~", R"~(0)~"},
    {"logs_enabled", R"~(-0.0)~", R"~(0)~"},
    {"logs_enabled", R"~(0.5)~", nullptr, R"~(expected a boolean, got float 0.5)~"},
    {"logs_enabled", R"~(null)~", nullptr, R"~(expected a boolean, got null)~"},
    {"logs_enabled", R"~("")~", nullptr, R"~(expected a boolean, got '')~"},
    {"logs_enabled", R"~("1")~", R"~(1)~"},
    {"logs_enabled", R"~("1.0")~", nullptr, R"~(expected a boolean, got '1.0')~"},
    {"logs_enabled", R"~(y)~", R"~(1)~"},
    {"logs_enabled", R"~(n)~", R"~(0)~"},
    {"logs_enabled", R"~(.nan)~", nullptr, R"~(expected a boolean, got float nan)~"},
    {"logs_enabled", R"~([1])~", nullptr, R"~(expected a boolean, got list)~"},
    {"logs_enabled", R"~({a: 1})~", nullptr, R"~(expected a boolean, got mapping)~"},
    {"logs_enabled", R"~(-1)~", nullptr, R"~(expected a boolean, got integer -1)~"},
    {"logs_enabled", R"~(+4)~", nullptr, R"~(expected a boolean, got integer 4)~"},
    {"logs_enabled", R"~(1_000)~", nullptr, R"~(expected a boolean, got integer 1000)~"},
    {"logs_enabled", R"~(010)~", nullptr, R"~(expected a boolean, got integer 8)~"},
    {"logs_enabled", R"~(0x10)~", nullptr, R"~(expected a boolean, got integer 16)~"},
    {"logs_enabled", R"~("0x10")~", nullptr, R"~(expected a boolean, got '0x10')~"},
    {"logs_enabled", R"~("1e3")~", nullptr, R"~(expected a boolean, got '1e3')~"},
    {"logs_enabled", R"~(1e3)~", nullptr, R"~(expected a boolean, got float 1000.0)~"},
    {"logs_enabled", R"~(2.5)~", nullptr, R"~(expected a boolean, got float 2.5)~"},
    {"logs_enabled", R"~("2.5")~", nullptr, R"~(expected a boolean, got '2.5')~"},
    {"logs_enabled", R"~("2.0")~", nullptr, R"~(expected a boolean, got '2.0')~"},
    {"logs_enabled", R"~(" 7 ")~", nullptr, R"~(expected a boolean, got ' 7 ')~"},
    {"logs_enabled", R"~("1_000")~", nullptr, R"~(expected a boolean, got '1_000')~"},
    {"logs_enabled", R"~("1__0")~", nullptr, R"~(expected a boolean, got '1__0')~"},
    {"logs_enabled", R"~("+0")~", nullptr, R"~(expected a boolean, got '+0')~"},
    {"logs_enabled", R"~(9.3e18)~", nullptr, R"~(expected a boolean, got float 9.3e+18)~"},
    {"logs_enabled", R"~(-9.2e18)~", nullptr, R"~(expected a boolean, got float -9.2e+18)~"},
    {"logs_enabled", R"~(99999999999999999999)~", nullptr, R"~(expected a boolean, got integer 99999999999999999999)~"},
    {"logs_enabled", R"~("99999999999999999999")~", nullptr, R"~(expected a boolean, got '99999999999999999999')~"},
    {"logs_enabled", R"~(.inf)~", nullptr, R"~(expected a boolean, got float inf)~"},
    {"logs_enabled", R"~("-00.000")~", nullptr, R"~(expected a boolean, got '-00.000')~"},
    {"logs_enabled", R"~(true)~", R"~(1)~"},
    {"logs_enabled", R"~(123)~", nullptr, R"~(expected a boolean, got integer 123)~"},
    {"logs_enabled", R"~("123")~", nullptr, R"~(expected a boolean, got '123')~"},
    {"logs_enabled", R"~(1.5)~", nullptr, R"~(expected a boolean, got float 1.5)~"},
    {"logs_enabled", R"~(abc)~", nullptr, R"~(expected a boolean, got 'abc')~"},
    {"logs_enabled", R"~(~)~", nullptr, R"~(expected a boolean, got null)~"},
    {"logs_enabled", R"~(2001-12-14)~", nullptr, R"~(expected a boolean, got '2001-12-14')~"},
    {"logs_enabled", R"~("null")~", nullptr, R"~(expected a boolean, got 'null')~"},
    {"export_rank", R"~(true)~", R"~(1)~"},
    {"export_rank", R"~(yes)~", R"~(1)~"},
    {"export_rank", R"~(Off)~", R"~(0)~"},
    {"export_rank", R"~("TRUE")~", nullptr, R"~(expected an integer, got 'TRUE')~"},
    {"export_rank", R"~("t")~", nullptr, R"~(expected an integer, got 't')~"},
    {"export_rank", R"~("Y")~", nullptr, R"~(expected an integer, got 'Y')~"},
    {"export_rank", R"~("on ")~", nullptr, R"~(expected an integer, got 'on ')~"},
    {"export_rank", R"~(1)~", R"~(1)~"},
    {"export_rank", R"~(0)~", R"~(0)~"},
    {"export_rank", R"~(2)~", R"~(2)~"},
    {"export_rank", R"~(1.0)~", R"~(1)~"},
    {"export_rank", R"~(0.0)~", R"~(0)~"},
    {"export_rank", R"~(-0.0)~", R"~(0)~"},
    {"export_rank", R"~(0.5)~", nullptr, R"~(expected an integer, got float 0.5)~"},
    {"export_rank", R"~(null)~", nullptr, R"~(expected an integer, got null)~"},
    {"export_rank", R"~("")~", nullptr, R"~(expected an integer, got '')~"},
    {"export_rank", R"~("1")~", R"~(1)~"},
    {"export_rank", R"~("1.0")~", R"~(1)~"},
    {"export_rank", R"~(y)~", nullptr, R"~(expected an integer, got 'y')~"},
    {"export_rank", R"~(n)~", nullptr, R"~(expected an integer, got 'n')~"},
    {"export_rank", R"~(.nan)~", nullptr, R"~(expected an integer, got float nan)~"},
    {"export_rank", R"~([1])~", nullptr, R"~(expected an integer, got list)~"},
    {"export_rank", R"~({a: 1})~", nullptr, R"~(expected an integer, got mapping)~"},
    {"export_rank", R"~(-1)~", R"~(-1)~"},
    {"export_rank", R"~(+4)~", R"~(4)~"},
    {"export_rank", R"~(1_000)~", R"~(1000)~"},
    {"export_rank", R"~(010)~", R"~(8)~"},
    {"export_rank", R"~(0x10)~", R"~(16)~"},
    {"export_rank", R"~("0x10")~", nullptr, R"~(expected an integer, got '0x10')~"},
    {"export_rank", R"~("1e3")~", nullptr, R"~(expected an integer, got '1e3')~"},
    {"export_rank", R"~(1e3)~", R"~(1000)~"},
    {"export_rank", R"~(2.5)~", nullptr, R"~(expected an integer, got float 2.5)~"},
    {"export_rank", R"~("2.5")~", nullptr, R"~(expected an integer, got '2.5')~"},
    {"export_rank", R"~("2.0")~", R"~(2)~"},
    {"export_rank", R"~(" 7 ")~", R"~(7)~"},
    {"export_rank", R"~("1_000")~", R"~(1000)~"},
    {"export_rank", R"~("1__0")~", nullptr, R"~(expected an integer, got '1__0')~"},
    {"export_rank", R"~("+0")~", R"~(0)~"},
    {"export_rank", R"~(9.3e18)~", nullptr,
     R"~(expected an integer, got float 9.3e+18 (out of range: pydantic turns a float into an integer only strictly between -2**63 and 2**63))~"},
    {"export_rank", R"~(-9.2e18)~", R"~(-9200000000000000000)~"},
    {"export_rank", R"~(99999999999999999999)~", R"~(99999999999999999999)~"},
    {"export_rank", R"~("99999999999999999999")~", R"~(99999999999999999999)~"},
    {"export_rank", R"~(.inf)~", nullptr, R"~(expected an integer, got float inf)~"},
    {"export_rank", R"~("-00.000")~", R"~(0)~"},
    {"export_rank", R"~(true)~", R"~(1)~"},
    {"export_rank", R"~(123)~", R"~(123)~"},
    {"export_rank", R"~("123")~", R"~(123)~"},
    {"export_rank", R"~(1.5)~", nullptr, R"~(expected an integer, got float 1.5)~"},
    {"export_rank", R"~(abc)~", nullptr, R"~(expected an integer, got 'abc')~"},
    {"export_rank", R"~(~)~", nullptr, R"~(expected an integer, got null)~"},
    {"export_rank", R"~(2001-12-14)~", nullptr, R"~(expected an integer, got '2001-12-14')~"},
    {"export_rank", R"~("null")~", nullptr, R"~(expected an integer, got 'null')~"},
    {"service_name", R"~(true)~", nullptr, R"~(expected a string, got boolean True (quote it: 'true'))~"},
    {"service_name", R"~(yes)~", nullptr, R"~(expected a string, got boolean True (quote it: 'yes'))~"},
    {"service_name", R"~(Off)~", nullptr, R"~(expected a string, got boolean False (quote it: 'Off'))~"},
    {"service_name", R"~("TRUE")~", R"~(TRUE)~"},
    {"service_name", R"~("t")~", R"~(t)~"},
    {"service_name", R"~("Y")~", R"~(Y)~"},
    {"service_name", R"~("on ")~", R"~(on )~"},
    {"service_name", R"~(1)~", nullptr, R"~(expected a string, got integer 1 (quote it: '1'))~"},
    {"service_name", R"~(0)~", nullptr, R"~(expected a string, got integer 0 (quote it: '0'))~"},
    {"service_name", R"~(2)~", nullptr, R"~(expected a string, got integer 2 (quote it: '2'))~"},
    {"service_name", R"~(1.0)~", nullptr, R"~(expected a string, got float 1.0 (quote it: '1.0'))~"},
    {"service_name", R"~(0.0)~", nullptr, R"~(expected a string, got float 0.0 (quote it: '0.0'))~"},
    {"service_name", R"~(-0.0)~", nullptr, R"~(expected a string, got float -0.0 (quote it: '-0.0'))~"},
    {"service_name", R"~(0.5)~", nullptr, R"~(expected a string, got float 0.5 (quote it: '0.5'))~"},
    {"service_name", R"~(null)~", nullptr, R"~(expected a string, got null)~"},
    {"service_name", R"~("")~", R"~()~"},
    {"service_name", R"~("1")~", R"~(1)~"},
    {"service_name", R"~("1.0")~", R"~(1.0)~"},
    {"service_name", R"~(y)~", R"~(y)~"},
    {"service_name", R"~(n)~", R"~(n)~"},
    {"service_name", R"~(.nan)~", nullptr, R"~(expected a string, got float nan (quote it: '.nan'))~"},
    {"service_name", R"~([1])~", nullptr, R"~(expected a string, got list)~"},
    {"service_name", R"~({a: 1})~", nullptr, R"~(expected a string, got mapping)~"},
    {"service_name", R"~(-1)~", nullptr, R"~(expected a string, got integer -1 (quote it: '-1'))~"},
    {"service_name", R"~(+4)~", nullptr, R"~(expected a string, got integer 4 (quote it: '+4'))~"},
    {"service_name", R"~(1_000)~", nullptr, R"~(expected a string, got integer 1000 (quote it: '1_000'))~"},
    {"service_name", R"~(010)~", nullptr, R"~(expected a string, got integer 8 (quote it: '010'))~"},
    {"service_name", R"~(0x10)~", nullptr, R"~(expected a string, got integer 16 (quote it: '0x10'))~"},
    {"service_name", R"~("0x10")~", R"~(0x10)~"},
    {"service_name", R"~("1e3")~", R"~(1e3)~"},
    {"service_name", R"~(1e3)~", nullptr, R"~(expected a string, got float 1000.0 (quote it: '1e3'))~"},
    {"service_name", R"~(2.5)~", nullptr, R"~(expected a string, got float 2.5 (quote it: '2.5'))~"},
    {"service_name", R"~("2.5")~", R"~(2.5)~"},
    {"service_name", R"~("2.0")~", R"~(2.0)~"},
    {"service_name", R"~(" 7 ")~", R"~( 7 )~"},
    {"service_name", R"~("1_000")~", R"~(1_000)~"},
    {"service_name", R"~("1__0")~", R"~(1__0)~"},
    {"service_name", R"~("+0")~", R"~(+0)~"},
    {"service_name", R"~(9.3e18)~", nullptr, R"~(expected a string, got float 9.3e+18 (quote it: '9.3e18'))~"},
    {"service_name", R"~(-9.2e18)~", nullptr, R"~(expected a string, got float -9.2e+18 (quote it: '-9.2e18'))~"},
    {"service_name", R"~(99999999999999999999)~", nullptr,
     R"~(expected a string, got integer 99999999999999999999 (quote it: '99999999999999999999'))~"},
    {"service_name", R"~("99999999999999999999")~", R"~(99999999999999999999)~"},
    {"service_name", R"~(.inf)~", nullptr, R"~(expected a string, got float inf (quote it: '.inf'))~"},
    {"service_name", R"~("-00.000")~", R"~(-00.000)~"},
    {"service_name", R"~(true)~", nullptr, R"~(expected a string, got boolean True (quote it: 'true'))~"},
    {"service_name", R"~(123)~", nullptr, R"~(expected a string, got integer 123 (quote it: '123'))~"},
    {"service_name", R"~("123")~", R"~(123)~"},
    {"service_name", R"~(1.5)~", nullptr, R"~(expected a string, got float 1.5 (quote it: '1.5'))~"},
    {"service_name", R"~(abc)~", R"~(abc)~"},
    {"service_name", R"~(~)~", nullptr, R"~(expected a string, got null)~"},
    {"service_name", R"~(2001-12-14)~", R"~(2001-12-14)~"},
    {"service_name", R"~("null")~", R"~(null)~"},
    {"otlp_endpoint", R"~(true)~", nullptr, R"~(expected a string or null, got boolean True (quote it: 'true'))~"},
    {"otlp_endpoint", R"~(yes)~", nullptr, R"~(expected a string or null, got boolean True (quote it: 'yes'))~"},
    {"otlp_endpoint", R"~(Off)~", nullptr, R"~(expected a string or null, got boolean False (quote it: 'Off'))~"},
    {"otlp_endpoint", R"~("TRUE")~", R"~(TRUE)~"},
    {"otlp_endpoint", R"~("t")~", R"~(t)~"},
    {"otlp_endpoint", R"~("Y")~", R"~(Y)~"},
    {"otlp_endpoint", R"~("on ")~", R"~(on )~"},
    {"otlp_endpoint", R"~(1)~", nullptr, R"~(expected a string or null, got integer 1 (quote it: '1'))~"},
    {"otlp_endpoint", R"~(0)~", nullptr, R"~(expected a string or null, got integer 0 (quote it: '0'))~"},
    {"otlp_endpoint", R"~(2)~", nullptr, R"~(expected a string or null, got integer 2 (quote it: '2'))~"},
    {"otlp_endpoint", R"~(1.0)~", nullptr, R"~(expected a string or null, got float 1.0 (quote it: '1.0'))~"},
    {"otlp_endpoint", R"~(0.0)~", nullptr, R"~(expected a string or null, got float 0.0 (quote it: '0.0'))~"},
    {"otlp_endpoint", R"~(-0.0)~", nullptr, R"~(expected a string or null, got float -0.0 (quote it: '-0.0'))~"},
    {"otlp_endpoint", R"~(0.5)~", nullptr, R"~(expected a string or null, got float 0.5 (quote it: '0.5'))~"},
    {"otlp_endpoint", R"~(null)~", "<null>"},
    {"otlp_endpoint", R"~("")~", R"~()~"},
    {"otlp_endpoint", R"~("1")~", R"~(1)~"},
    {"otlp_endpoint", R"~("1.0")~", R"~(1.0)~"},
    {"otlp_endpoint", R"~(y)~", R"~(y)~"},
    {"otlp_endpoint", R"~(n)~", R"~(n)~"},
    {"otlp_endpoint", R"~(.nan)~", nullptr, R"~(expected a string or null, got float nan (quote it: '.nan'))~"},
    {"otlp_endpoint", R"~([1])~", nullptr, R"~(expected a string or null, got list)~"},
    {"otlp_endpoint", R"~({a: 1})~", nullptr, R"~(expected a string or null, got mapping)~"},
    {"otlp_endpoint", R"~(-1)~", nullptr, R"~(expected a string or null, got integer -1 (quote it: '-1'))~"},
    {"otlp_endpoint", R"~(+4)~", nullptr, R"~(expected a string or null, got integer 4 (quote it: '+4'))~"},
    {"otlp_endpoint", R"~(1_000)~", nullptr, R"~(expected a string or null, got integer 1000 (quote it: '1_000'))~"},
    {"otlp_endpoint", R"~(010)~", nullptr, R"~(expected a string or null, got integer 8 (quote it: '010'))~"},
    {"otlp_endpoint", R"~(0x10)~", nullptr, R"~(expected a string or null, got integer 16 (quote it: '0x10'))~"},
    {"otlp_endpoint", R"~("0x10")~", R"~(0x10)~"},
    {"otlp_endpoint", R"~("1e3")~", R"~(1e3)~"},
    {"otlp_endpoint", R"~(1e3)~", nullptr, R"~(expected a string or null, got float 1000.0 (quote it: '1e3'))~"},
    {"otlp_endpoint", R"~(2.5)~", nullptr, R"~(expected a string or null, got float 2.5 (quote it: '2.5'))~"},
    {"otlp_endpoint", R"~("2.5")~", R"~(2.5)~"},
    {"otlp_endpoint", R"~("2.0")~", R"~(2.0)~"},
    {"otlp_endpoint", R"~(" 7 ")~", R"~( 7 )~"},
    {"otlp_endpoint", R"~("1_000")~", R"~(1_000)~"},
    {"otlp_endpoint", R"~("1__0")~", R"~(1__0)~"},
    {"otlp_endpoint", R"~("+0")~", R"~(+0)~"},
    {"otlp_endpoint", R"~(9.3e18)~", nullptr, R"~(expected a string or null, got float 9.3e+18 (quote it: '9.3e18'))~"},
    {"otlp_endpoint", R"~(-9.2e18)~", nullptr,
     R"~(expected a string or null, got float -9.2e+18 (quote it: '-9.2e18'))~"},
    {"otlp_endpoint", R"~(99999999999999999999)~", nullptr,
     R"~(expected a string or null, got integer 99999999999999999999 (quote it: '99999999999999999999'))~"},
    {"otlp_endpoint", R"~("99999999999999999999")~", R"~(99999999999999999999)~"},
    {"otlp_endpoint", R"~(.inf)~", nullptr, R"~(expected a string or null, got float inf (quote it: '.inf'))~"},
    {"otlp_endpoint", R"~("-00.000")~", R"~(-00.000)~"},
    {"otlp_endpoint", R"~(true)~", nullptr, R"~(expected a string or null, got boolean True (quote it: 'true'))~"},
    {"otlp_endpoint", R"~(123)~", nullptr, R"~(expected a string or null, got integer 123 (quote it: '123'))~"},
    {"otlp_endpoint", R"~("123")~", R"~(123)~"},
    {"otlp_endpoint", R"~(1.5)~", nullptr, R"~(expected a string or null, got float 1.5 (quote it: '1.5'))~"},
    {"otlp_endpoint", R"~(abc)~", R"~(abc)~"},
    {"otlp_endpoint", R"~(~)~", "<null>"},
    {"otlp_endpoint", R"~(2001-12-14)~", R"~(2001-12-14)~"},
    {"otlp_endpoint", R"~("null")~", R"~(null)~"},
};

// What validate refused, each error as its message says it, one a line.
std::string refused(const Settings& s) {
    std::string out;
    for (const auto& e : s.errors) out += (out.empty() ? "" : "\n") + std::string(e.what());
    return out;
}

Settings validate_yaml(const std::string& doc) {
    NodePtr root = parse_yaml(doc, "c.yaml");
    return validate(goe::default_schema(), *root->find("telemetry"));
}

}  // namespace

TEST_CASE("validate coerces each field type as pydantic v2 lax mode does") {
    for (const auto& row : kRows) {
        std::string head = std::string("telemetry: {") + row.field + ": ";
        std::string doc = head + row.yaml + "}\n";
        CAPTURE(doc);
        if (!row.exported) {
            std::string at = fmt::format("c.yaml:1:{}: telemetry.{}: ", head.size() + 1, row.field);
            CHECK(refused(validate_yaml(doc)) == at + row.error);
            continue;
        }
        Settings s = validate_yaml(doc);
        const auto& value = s.find(row.field)->value;
        CHECK((value ? *value : std::string("<null>")) == row.exported);
    }
}

TEST_CASE("validate gives the schema defaults for a missing or null block") {
    for (const char* doc : {"a: 1\n", "telemetry:\n", "telemetry: null\n"}) {
        NodePtr root = parse_yaml(doc, "c.yaml");
        const NodePtr* block = root->find("telemetry");
        Settings s = validate(goe::default_schema(), block ? *block : nullptr);
        CHECK(s.find("enabled")->value == "0");
        CHECK(s.find("span_groups")->value == "default");
        CHECK(s.find("export_rank")->value == "-1");
        CHECK(s.find("traces_enabled")->value == "1");
        CHECK(s.find("logs_enabled")->value == "0");
        CHECK(s.find("exporter")->value == "otlp");
        CHECK_FALSE(s.find("run_id")->value);
        CHECK_FALSE(s.find("otlp_headers")->value);
        CHECK(s.find("service_name")->value == "nemo-gym");
        CHECK(s.find("service_name")->origin.empty());
    }
}

TEST_CASE("validate names file:line:col and the key path in each error") {
    CHECK(refused(validate_yaml("telemetry:\n  export_rank: 2.5\n")) ==
          "c.yaml:2:16: telemetry.export_rank: expected an integer, got float 2.5");
    CHECK(refused(validate_yaml("telemetry:\n  enabled: maybe\n")) ==
          "c.yaml:2:12: telemetry.enabled: expected a boolean, got 'maybe'");
    CHECK(refused(validate_yaml("telemetry:\n  service_name: 123\n")) ==
          "c.yaml:2:17: telemetry.service_name: expected a string, got integer 123 (quote it: '123')");
    CHECK(refused(validate_yaml("telemetry:\n  service_name: null\n")) ==
          "c.yaml:2:17: telemetry.service_name: expected a string, got null");
    CHECK(refused(validate_yaml("telemetry:\n  run_id: [1]\n")) ==
          "c.yaml:2:11: telemetry.run_id: expected a string or null, got list");
    CHECK(refused(validate_yaml("telemetry: [1]\n")) ==
          "c.yaml:1:12: telemetry: expected a mapping of telemetry settings, got list");
    CHECK(refused(validate_yaml("telemetry: off\n")) ==
          "c.yaml:1:12: telemetry: expected a mapping of telemetry settings, got boolean False");
}

// pydantic 2 on Gym's TelemetryConfig (extra="allow"): {1: 'x'} fails with "Keys should be
// strings [type=invalid_key, input_value=1, input_type=int]", as do True and 1.5.
TEST_CASE("validate: regression: a telemetry key YAML typed as int or bool was accepted") {
    CHECK(refused(validate_yaml("telemetry:\n  1: x\n")) ==
          "c.yaml:2:3: telemetry.1: keys should be strings, got the integer key 1");
    CHECK(refused(validate_yaml("telemetry: {enabled: true, true: x}\n")) ==
          "c.yaml:1:28: telemetry.True: keys should be strings, got the boolean key True");
    CHECK(refused(validate_yaml("telemetry: {1.5: x}\n")) ==
          "c.yaml:1:13: telemetry.1.5: keys should be strings, got the float key 1.5");
    CHECK(validate_yaml("telemetry: {'1': x}\n").errors.empty());
}

TEST_CASE("validate: regression: a NUL in a value exited 0 and each reader saw a different value") {
    CHECK(refused(validate_yaml("telemetry:\n  service_name: \"a\\0b\"\n")) ==
          "c.yaml:2:17: telemetry.service_name: a NUL character cannot be in an environment variable (Python: "
          "embedded null byte)");
    CHECK(refused(validate_yaml("telemetry:\n  otlp_headers: \"k=\\0\"\n")) ==
          "c.yaml:2:17: telemetry.otlp_headers: a NUL character cannot be in an environment variable (Python: "
          "embedded null byte)");
}

TEST_CASE("validate never shows the value of otlp_headers") {
    CHECK(refused(validate_yaml("telemetry:\n  otlp_headers: {authorization: Bearer s3cret}\n")) ==
          "c.yaml:2:17: telemetry.otlp_headers: expected a string or null, got mapping (write the headers as one "
          "string: key=value,key2=value2)");
    std::string block = "telemetry:\n  otlp_headers:\n    authorization: Bearer s3cret\n    x-team: rl\n";
    CHECK(refused(validate_yaml(block)) ==
          "c.yaml:3:5: telemetry.otlp_headers: expected a string or null, got mapping (write the headers as one "
          "string: key=value,key2=value2)");
    CHECK(refused(validate_yaml("telemetry:\n  otlp_headers: 12345\n")) ==
          "c.yaml:2:17: telemetry.otlp_headers: expected a string or null, got integer");
}

TEST_CASE("validate: regression: the quote hint showed Python's str() of the value, not what was written") {
    // An alias is the node written at the anchor: that is where the error points, and
    // what it quotes.
    CHECK(refused(validate_yaml("a: &n 0x10\ntelemetry: {service_name: *n}\n")) ==
          "c.yaml:1:4: telemetry.service_name: expected a string, got integer 16 (quote it: '0x10')");
    CHECK(refused(validate_yaml("telemetry:\n  run_id: 1_000\n")) ==
          "c.yaml:2:11: telemetry.run_id: expected a string or null, got integer 1000 (quote it: '1_000')");
    // A tagged scalar asked for its type; quoting would not keep the tag.
    CHECK(refused(validate_yaml("telemetry:\n  service_name: !!int 16\n")) ==
          "c.yaml:2:17: telemetry.service_name: expected a string, got integer 16");
    // SPEC 7: a secret is never quoted.
    CHECK(refused(validate_yaml("telemetry:\n  otlp_headers: 0x10\n")) ==
          "c.yaml:2:17: telemetry.otlp_headers: expected a string or null, got integer");
}

TEST_CASE("validate gives no quote hint for a value an interpolation computed") {
    // Where the error points, `${...}` is written: quoting the value's text there would
    // not be what the user wrote.
    auto validate_resolved = [](const std::string& doc) { return goe::testing::settings_of(doc); };
    CHECK(refused(validate_resolved("x: 0x10\ntelemetry:\n  enabled: true\n  service_name: ${x}\n")) ==
          "c.yaml:4:17: telemetry.service_name: expected a string, got integer 16");
    CHECK(refused(validate_resolved("telemetry:\n  enabled: true\n  run_id: ${oc.decode:'1e3'}\n")) ==
          "c.yaml:3:11: telemetry.run_id: expected a string or null, got float 1000.0");
}

TEST_CASE("validate quotes a written text with YAML's single-quote escaping") {
    // No plain scalar that YAML types as a number holds a quote; the escaping is there
    // for whatever the parser notes.
    SourceName file("c.yaml");
    file.note_plain_scalar(1, 5, "it's", false);
    auto block = std::make_shared<Node>();
    block->type = Type::mapping;
    block->mutable_entries().push_back(Entry{"service_name", make_int("1", Origin{file, 1, 5})});
    CHECK(refused(validate(goe::default_schema(), block)) ==
          "c.yaml:1:5: telemetry.service_name: expected a string, got integer 1 (quote it: 'it''s')");
}

TEST_CASE("validate lists unknown keys with their origin and ignores them") {
    Settings s = validate_yaml("telemetry:\n  exportr: zipkin\n  enabled: true\n");
    REQUIRE(s.unknown.size() == 1);
    CHECK(s.unknown[0].key == "exportr");
    CHECK(s.unknown[0].origin.str() == "c.yaml:2:3");  // the key, not its value
    CHECK(s.find("exporter")->value == "otlp");
}

// Issue 34: one run reports every mistake; pydantic's ValidationError lists them all too.
TEST_CASE("validate refuses every invalid field of the block, in block order, and still lists unknown keys") {
    Settings s = validate_yaml(
        "telemetry:\n"
        "  enabled: true\n"
        "  export_rank: two\n"
        "  servce_name: x\n"
        "  logs_enabled: maybe\n"
        "  1: x\n"
        "  service_name: 123\n");
    CHECK(refused(s) ==
          "c.yaml:3:16: telemetry.export_rank: expected an integer, got 'two'\n"
          "c.yaml:5:17: telemetry.logs_enabled: expected a boolean, got 'maybe'\n"
          "c.yaml:6:3: telemetry.1: keys should be strings, got the integer key 1\n"
          "c.yaml:7:17: telemetry.service_name: expected a string, got integer 123 (quote it: '123')");
    REQUIRE(s.unknown.size() == 1);
    CHECK(s.unknown[0].origin.str() == "c.yaml:4:3");
    CHECK(s.find("export_rank")->invalid);
    CHECK(s.find("export_rank")->value == "-1");  // the default stands in; nothing is exported anyway
    CHECK_FALSE(s.find("enabled")->invalid);
    CHECK(s.find("enabled")->value == "1");
}

TEST_CASE("validate: regression: an unknown key was reported at its value, not at the key (issue 34)") {
    auto at = [](const std::string& doc) { return validate_yaml(doc).unknown.at(0).origin.str(); };
    CHECK(at("telemetry:\n  servce_name: my-gym\n") == "c.yaml:2:3");
    CHECK(at("telemetry:\n  servce_name:\n  enabled: true\n") == "c.yaml:2:3");  // a null value
    CHECK(at("telemetry:\n  servce_name:\n    a: 1\n") == "c.yaml:2:3");         // a mapping on the next lines
    CHECK(at("telemetry: {enabled: true, servce_name: x}\n") == "c.yaml:1:28");
    CHECK(at("telemetry:\n  \"servce_name\": x\n") == "c.yaml:2:3");  // a quoted key starts at its quote
    CHECK(at("telemetry:\n  ? servce_name\n  : x\n") == "c.yaml:2:5");
    CHECK(at("telemetry:\n  s\u00e9rvce_name: x\n") == "c.yaml:2:3");  // columns count characters
}

TEST_CASE("Settings::find: a key the schema in force lacks has no setting (a schema without otlp_* is no bug)") {
    Settings settings = validate(goe::default_schema(), nullptr);
    CHECK(settings.find("no_such_field") == nullptr);
    CHECK(validate(*goe::find_schema("2e5014086a"), nullptr).find("otlp_headers") == nullptr);
    CHECK(settings.find("otlp_headers")->field->variable == "OTEL_EXPORTER_OTLP_HEADERS");
}
