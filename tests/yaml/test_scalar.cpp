#include <catch2/catch.hpp>

#include "gym_otel_env/yaml/scalar.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

namespace {

struct Row {
    const char* plain;
    const char* type;  // type_name(), or "error"
    const char* text;  // Python str()/repr() of the loaded value, or the error's message after "c.yaml:1:4: "
};

// Expected results come from PyYAML with OmegaConf's loader (get_yaml_loader()).
const Row kRows[] = {
    {R"~(~)~", "null", R"~(None)~"},
    {R"~(null)~", "null", R"~(None)~"},
    {R"~(Null)~", "null", R"~(None)~"},
    {R"~(NULL)~", "null", R"~(None)~"},
    {R"~(nULL)~", "string", R"~(nULL)~"},
    {R"~()~", "null", R"~(None)~"},
    {R"~(true)~", "boolean", R"~(True)~"},
    {R"~(True)~", "boolean", R"~(True)~"},
    {R"~(TRUE)~", "boolean", R"~(True)~"},
    {R"~(tRue)~", "string", R"~(tRue)~"},
    {R"~(false)~", "boolean", R"~(False)~"},
    {R"~(False)~", "boolean", R"~(False)~"},
    {R"~(FALSE)~", "boolean", R"~(False)~"},
    {R"~(yes)~", "boolean", R"~(True)~"},
    {R"~(Yes)~", "boolean", R"~(True)~"},
    {R"~(YES)~", "boolean", R"~(True)~"},
    {R"~(no)~", "boolean", R"~(False)~"},
    {R"~(No)~", "boolean", R"~(False)~"},
    {R"~(NO)~", "boolean", R"~(False)~"},
    {R"~(on)~", "boolean", R"~(True)~"},
    {R"~(On)~", "boolean", R"~(True)~"},
    {R"~(ON)~", "boolean", R"~(True)~"},
    {R"~(off)~", "boolean", R"~(False)~"},
    {R"~(Off)~", "boolean", R"~(False)~"},
    {R"~(OFF)~", "boolean", R"~(False)~"},
    {R"~(y)~", "string", R"~(y)~"},
    {R"~(n)~", "string", R"~(n)~"},
    {R"~(Y)~", "string", R"~(Y)~"},
    {R"~(N)~", "string", R"~(N)~"},
    {R"~(-1)~", "integer", R"~(-1)~"},
    {R"~(+4)~", "integer", R"~(4)~"},
    {R"~(1_000)~", "integer", R"~(1000)~"},
    {R"~(010)~", "integer", R"~(8)~"},
    {R"~(0x10)~", "integer", R"~(16)~"},
    {R"~(0b11)~", "integer", R"~(3)~"},
    {R"~(1:30)~", "integer", R"~(90)~"},
    {R"~(1:30:15)~", "integer", R"~(5415)~"},
    {R"~(0o17)~", "string", R"~(0o17)~"},
    {R"~(09)~", "string", R"~(09)~"},
    {R"~(0)~", "integer", R"~(0)~"},
    {R"~(-0)~", "integer", R"~(0)~"},
    {R"~(+0)~", "integer", R"~(0)~"},
    {R"~(00)~", "integer", R"~(0)~"},
    {R"~(0_)~", "integer", R"~(0)~"},
    {R"~(0x_1)~", "integer", R"~(1)~"},
    {R"~(0xFF)~", "integer", R"~(255)~"},
    {R"~(0b1_0)~", "integer", R"~(2)~"},
    {R"~(1.5)~", "float", R"~(1.5)~"},
    {R"~(2.0)~", "float", R"~(2.0)~"},
    {R"~(1e3)~", "float", R"~(1000.0)~"},
    {R"~(1E3)~", "float", R"~(1000.0)~"},
    {R"~(1e+3)~", "float", R"~(1000.0)~"},
    {R"~(1e-3)~", "float", R"~(0.001)~"},
    {R"~(-1.5e3)~", "float", R"~(-1500.0)~"},
    {R"~(.inf)~", "float", R"~(inf)~"},
    {R"~(-.inf)~", "float", R"~(-inf)~"},
    {R"~(+.Inf)~", "float", R"~(inf)~"},
    {R"~(.nan)~", "float", R"~(nan)~"},
    {R"~(.NaN)~", "float", R"~(nan)~"},
    {R"~(NaN)~", "string", R"~(NaN)~"},
    {R"~(inf)~", "string", R"~(inf)~"},
    {R"~(1:30.5)~", "float", R"~(90.5)~"},
    {R"~(2001-12-14)~", "string", R"~(2001-12-14)~"},
    {R"~(2001-12-14 21:59:43.10 -5)~", "string", R"~(2001-12-14 21:59:43.10 -5)~"},
    {R"~(1.)~", "float", R"~(1.0)~"},
    {R"~(.5)~", "float", R"~(0.5)~"},
    {R"~(-.5)~", "string", R"~(-.5)~"},
    {R"~(1_000.5)~", "float", R"~(1000.5)~"},
    {R"~(1__0)~", "integer", R"~(10)~"},
    {R"~(123abc)~", "string", R"~(123abc)~"},
    {R"~(12:70)~", "string", R"~(12:70)~"},
    {R"~(1:60)~", "string", R"~(1:60)~"},
    {R"~(190:20:30)~", "integer", R"~(685230)~"},
    {R"~(=)~", "error", R"~('=' is not a valid plain value in YAML 1.1; quote it)~"},
    {R"~(<<)~", "error", R"~('<<' is not a valid plain value in YAML 1.1; quote it)~"},
    {R"~(abc)~", "string", R"~(abc)~"},
    {R"~(0.)~", "float", R"~(0.0)~"},
    {R"~(+1.)~", "float", R"~(1.0)~"},
    {R"~(1e)~", "string", R"~(1e)~"},
    {R"~(e3)~", "string", R"~(e3)~"},
    {R"~(._5)~", "float", R"~(0.5)~"},
};

std::string shown(const Node& n) { return n.type == Type::real ? python_float(n.real()) : python_str(n); }

}  // namespace

TEST_CASE("type_plain_scalar types every plain scalar as OmegaConf's YAML loader does") {
    const Origin at{"c.yaml", 1, 4};
    for (const auto& row : kRows) {
        CAPTURE(row.plain);
        if (std::string_view(row.type) == "error") {
            CHECK(error_of([&] { type_plain_scalar(row.plain, at); }) == "c.yaml:1:4: " + std::string(row.text));
            continue;
        }
        NodePtr n = type_plain_scalar(row.plain, at);
        CHECK(type_name(n->type) == row.type);
        CHECK(shown(*n) == row.text);
    }
}

TEST_CASE("type_plain_scalar keeps big integers exact") {
    CHECK(type_plain_scalar("123456789012345678901234567890", {})->text() == "123456789012345678901234567890");
    CHECK(type_plain_scalar("-0x1_0000_0000_0000_0000", {})->text() == "-18446744073709551616");
}

TEST_CASE("type_tagged_scalar applies explicit tags and rejects unknown ones") {
    CHECK(type_tagged_scalar("tag:yaml.org,2002:str", "123", {}, "a")->type == Type::string);
    CHECK(type_tagged_scalar("!", "true", {}, "a")->type == Type::string);
    CHECK(type_tagged_scalar("tag:yaml.org,2002:int", "0x1F", {}, "a")->text() == "31");
    CHECK(type_tagged_scalar("tag:yaml.org,2002:bool", "ON", {}, "a")->boolean);
    CHECK(type_tagged_scalar("tag:yaml.org,2002:null", "x", {}, "a")->type == Type::null);
    CHECK(python_float(type_tagged_scalar("tag:yaml.org,2002:float", "1_5", {}, "a")->real()) == "15.0");
    CHECK(error_of([] {
              type_tagged_scalar("tag:yaml.org,2002:python/object/apply:os.system", "x", Origin{"c.yaml", 2, 4}, "a.b");
          }) == "c.yaml:2:4: a.b: unsupported YAML tag 'tag:yaml.org,2002:python/object/apply:os.system'");
    CHECK(error_of([] {
              type_tagged_scalar("tag:yaml.org,2002:int", "12x", Origin{"c.yaml", 1, 4}, "a");
          }) == "c.yaml:1:4: a: invalid integer literal '12x'");
}

// PyYAML's SafeConstructor, one constructor per tag, reads a tagged text as Python does,
// not by the implicit resolvers' regexes: expected values from PyYAML 6 with OmegaConf's
// loader and CPython 3.13 (repr of the value, or the error after "c.yaml:1:4: a: ").
TEST_CASE(
    "type_tagged_scalar: regression: !!float inf and !!float ' 1.5' were refused; each tag reads as PyYAML's "
    "constructor") {
    constexpr std::string_view kTag = "tag:yaml.org,2002:";
    auto [tag, text, expected] = GENERATE(table<std::string, std::string, std::string>({
        // construct_yaml_float: '_' removed, lower-cased, one sign, then float().
        {"float", "inf", "inf"},
        {"float", " 1.5", "1.5"},
        {"float", "-.inf", "-inf"},
        {"float", "-Infinity", "-inf"},
        {"float", "--5", "5.0"},  // the sign taken once, float() takes the second
        {"float", "- 5", "-5.0"},
        {"float", "1_0.5_0", "10.5"},
        {"float", "_1_", "1.0"},
        {"float", "\xd9\xa1.\xd9\xa5", "1.5"},  // Arabic-Indic 1.5
        {"float", "1:30.5", "90.5"},
        {"float", "1: 30", "90.0"},
        {"float", "1E3", "1000.0"},
        {"float", "NaN", "nan"},
        {"float", "", "invalid float literal ''"},  // PyYAML: IndexError
        {"float", "_", "invalid float literal '_'"},
        {"float", "0x10", "invalid float literal '0x10'"},
        {"float", "1:x", "invalid float literal '1:x'"},
        // construct_yaml_int: '_' removed, one sign, then int() in the base the text names.
        {"int", "0o17", "15"},
        {"int", "017", "15"},
        {"int", " 5", "5"},
        {"int", "--5", "5"},
        {"int", "-0x-10", "16"},
        {"int", "0x0x10", "16"},
        {"int", "0b_1", "1"},
        {"int", "0x1F", "31"},
        {"int", "1:-30", "30"},
        {"int", "-1:30", "-90"},
        {"int", "\xd9\xa1\xd9\xa2", "12"},
        {"int", "\xd9\xa1:\xd9\xa3", "63"},
        {"int", "", "invalid integer literal ''"},  // PyYAML: IndexError
        {"int", "-", "invalid integer literal '-'"},
        {"int", "09", "invalid integer literal '09'"},
        {"int", "1.5", "invalid integer literal '1.5'"},
        {"int", "0x", "invalid integer literal '0x'"},
        {"int", "1::2", "invalid integer literal '1::2'"},
        // construct_yaml_bool: bool_values[value.lower()].
        {"bool", "Yes", "True"},
        {"bool", "oFF", "False"},
        {"bool", "y", "invalid boolean literal 'y'"},
        {"null", "anything", "None"},
        {"str", "12", "'12'"},
        // Values OmegaConf refuses, or this tool does not hold.
        {"timestamp", "2001-12-14", "Value 'date' is not a supported primitive type"},
        {"timestamp", "2001-12-14t21:59:43.10-05:00", "Value 'datetime' is not a supported primitive type"},
        {"timestamp", "2001-12-14 21:59:43", "Value 'datetime' is not a supported primitive type"},
        {"timestamp", "nope", "invalid timestamp literal 'nope'"},
        {"binary", "aGVsbG8=", "!!binary makes a bytes value, which gym-otel-env does not support"},
        // Collection tags on a scalar.
        {"seq", "x", "expected a sequence node, but found scalar"},
        {"map", "x", "expected a mapping node, but found scalar"},
        {"set", "x", "expected a mapping node, but found scalar"},
        {"omap", "x", "while constructing an ordered map: expected a sequence, but found scalar"},
        {"pairs", "x", "while constructing pairs: expected a sequence, but found scalar"},
        {"merge", "x", "unsupported YAML tag 'tag:yaml.org,2002:merge'"},
    }));
    CAPTURE(tag, text);
    const std::string full = std::string(kTag) + tag;
    std::string got;
    try {
        NodePtr n = type_tagged_scalar(full, text, Origin{"c.yaml", 1, 4}, "a");
        got = n->type == Type::real     ? python_float(n->real())
              : n->type == Type::string ? python_repr(n->text())
                                        : python_str(*n);
    } catch (const Error& e) {
        got = std::string(e.what()).substr(std::string_view("c.yaml:1:4: a: ").size());
    }
    CHECK(got == expected);
}

TEST_CASE("collection_tag: what a tag makes of a collection, or PyYAML's refusal") {
    const Origin at{"c.yaml", 1, 4};
    CHECK(collection_tag("?", Type::mapping, at, "a") == CollectionTag::plain);
    CHECK(collection_tag("!", Type::sequence, at, "a") == CollectionTag::plain);
    CHECK(collection_tag("tag:yaml.org,2002:seq", Type::sequence, at, "a") == CollectionTag::plain);
    CHECK(collection_tag("tag:yaml.org,2002:map", Type::mapping, at, "a") == CollectionTag::plain);
    CHECK(collection_tag("tag:yaml.org,2002:omap", Type::sequence, at, "a") == CollectionTag::pairs);
    CHECK(collection_tag("tag:yaml.org,2002:pairs", Type::sequence, at, "a") == CollectionTag::pairs);
    auto refused = [&](std::string_view tag, Type type) {
        return error_of([&] { collection_tag(std::string("tag:yaml.org,2002:").append(tag), type, at, "a"); });
    };
    CHECK(refused("seq", Type::mapping) == "c.yaml:1:4: a: expected a sequence node, but found mapping");
    CHECK(refused("map", Type::sequence) == "c.yaml:1:4: a: expected a mapping node, but found sequence");
    CHECK(refused("omap", Type::mapping) ==
          "c.yaml:1:4: a: while constructing an ordered map: expected a sequence, but found mapping");
    CHECK(refused("pairs", Type::mapping) ==
          "c.yaml:1:4: a: while constructing pairs: expected a sequence, but found mapping");
    CHECK(refused("set", Type::mapping) == "c.yaml:1:4: a: Value 'set' is not a supported primitive type");
    CHECK(refused("set", Type::sequence) == "c.yaml:1:4: a: expected a mapping node, but found sequence");
    CHECK(refused("null", Type::sequence) == "c.yaml:1:4: a: expected a scalar node, but found sequence");
    CHECK(refused("int", Type::mapping) == "c.yaml:1:4: a: expected a scalar node, but found mapping");
    CHECK(error_of([&] { collection_tag("!foo", Type::mapping, at, "a"); }) ==
          "c.yaml:1:4: a: unsupported YAML tag '!foo'");
}

TEST_CASE("plain_scalar_is_string says what type_plain_scalar would make a string") {
    for (const auto& row : kRows) {
        CAPTURE(row.plain);
        CHECK(plain_scalar_is_string(row.plain) == (std::string_view(row.type) == "string"));
    }
    CHECK_FALSE(plain_scalar_is_string("<<"));
    CHECK_FALSE(plain_scalar_is_string("="));
}
