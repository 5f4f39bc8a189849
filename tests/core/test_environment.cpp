// environment: the process environment as data, looked up by name, and the OpenTelemetry
// reading of "set".
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "gym_otel_env/core/environment.hpp"

using namespace goe;

namespace {

const Environment kEnv{
    {"EMPTY", ""}, {"BLANK", " \t\n\v\f\r"}, {"ZERO", "0"}, {"PADDED", "  x\t"}, {"HOME", "/home/u"},
};

}  // namespace

TEST_CASE("lookup: the value of a variable that exists, even empty; nothing for one that does not") {
    struct Row {
        std::string_view name;
        std::optional<std::string_view> value;
    };
    for (const auto& r : {
             Row{"HOME", "/home/u"},
             Row{"EMPTY", ""},
             Row{"BLANK", " \t\n\v\f\r"},
             Row{"PADDED", "  x\t"},     // as it is: trimming is is_set's business
             Row{"home", std::nullopt},  // names are case-sensitive, as on POSIX
             Row{"HOM", std::nullopt},
             Row{"", std::nullopt},
         }) {
        INFO(r.name);
        CHECK(lookup(kEnv, r.name) == r.value);
    }
    CHECK(lookup({}, "HOME") == std::nullopt);
}

TEST_CASE("lookup: the value is a view of the environment's own string") {
    auto value = lookup(kEnv, "HOME");
    REQUIRE(value);
    CHECK(value->data() == kEnv.find("HOME")->second.data());
}

TEST_CASE("is_set: present with a value that is not blank (ASCII whitespace), as OpenTelemetry reads it") {
    struct Row {
        std::string_view name;
        bool set;
    };
    for (const auto& r : {
             Row{"HOME", true},
             Row{"ZERO", true},  // "0" is a value: what it means is the reader's business
             Row{"PADDED", true},
             Row{"EMPTY", false},
             Row{"BLANK", false},
             Row{"MISSING", false},
         }) {
        INFO(r.name);
        CHECK(is_set(kEnv, r.name) == r.set);
    }
}
