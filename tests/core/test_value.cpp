#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/yaml/parse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

namespace {
// A list of 10^30 leaves in a few lines of text.
NodePtr bomb() { return *parse_yaml(goe::testing::laughs(30), "c.yaml")->find("a29"); }
}  // namespace

TEST_CASE("python_float prints floats as Python's repr does") {
    CHECK(python_float(1.5) == "1.5");
    CHECK(python_float(2.0) == "2.0");
    CHECK(python_float(1000.0) == "1000.0");
    CHECK(python_float(1e16) == "1e+16");
    CHECK(python_float(1e15) == "1000000000000000.0");
    CHECK(python_float(0.0001) == "0.0001");
    CHECK(python_float(0.00001) == "1e-05");
    CHECK(python_float(-0.0) == "-0.0");
    CHECK(python_float(0.1 + 0.2) == "0.30000000000000004");
    CHECK(python_float(1.5e300) == "1.5e+300");
    CHECK(python_float(HUGE_VAL) == "inf");
    CHECK(python_float(-HUGE_VAL) == "-inf");
    CHECK(python_float(std::nan("")) == "nan");
    CHECK(python_float(123456789.125) == "123456789.125");
}

TEST_CASE("python_str prints values as Python's str() does") {
    CHECK(python_str(*make_null()) == "None");
    CHECK(python_str(*make_bool(true)) == "True");
    CHECK(python_str(*make_int("-12")) == "-12");
    CHECK(python_str(*make_string("a b")) == "a b");
    auto list = std::make_shared<Node>();
    list->type = Type::sequence;
    list->mutable_items() = {make_int("1"), make_string("it's"), make_string("q\"'"), make_null(),
                             make_string("a\nb\\")};
    CHECK(python_str(*list) == R"([1, "it's", 'q"\'', None, 'a\nb\\'])");
    auto map = std::make_shared<Node>();
    map->type = Type::mapping;
    map->mutable_entries() = {{"a", make_real(1.0)}, {"b", list}};
    CHECK(python_str(*map) == R"({'a': 1.0, 'b': [1, "it's", 'q"\'', None, 'a\nb\\']})");
}

// OmegaConf 2.2.2: "p-${a}" of a: {1: b, true: c, 1.5: d} is "p-{1: 'b', True: 'c', 1.5: 'd'}".
TEST_CASE("python_str: regression: int, bool and float keys printed quoted as strings") {
    auto map = std::make_shared<Node>();
    map->type = Type::mapping;
    map->mutable_entries() = {{"1", make_string("b"), Type::integer},
                              {"True", make_int("1"), Type::boolean},
                              {"1.5", make_string("d"), Type::real},
                              {"1", make_string("e")}};
    CHECK(python_str(*map) == "{1: 'b', True: 1, 1.5: 'd', '1': 'e'}");
    // Node::find looks up string keys only: ${a.1} does not find the int key 1.
    CHECK(map->find("1") == &map->entries()[3].value);
    CHECK(map->find("True") == nullptr);
}

TEST_CASE("python_str_brief: regression: a whole character that ended at the cut was dropped") {
    // Before: "ab..." for a cut at 4, right after the first 'é'.
    CHECK(python_str_brief(*make_string("ab\xc3\xa9\xc3\xa9"), 4) == "ab\xc3\xa9...");
    CHECK(python_str_brief(*make_string("ab\xc3\xa9\xc3\xa9"), 5) == "ab\xc3\xa9...");  // inside the second
    // Before: "..." for a cut right after a 4-byte character.
    CHECK(python_str_brief(*make_string("\xf0\x9f\x98\x80\xf0\x9f\x98\x80"), 4) == "\xf0\x9f\x98\x80...");
    CHECK(python_str_brief(*make_string("\xf0\x9f\x98\x80\xf0\x9f\x98\x80"), 7) == "\xf0\x9f\x98\x80...");
    CHECK(python_str_brief(*make_string("abc"), 3) == "abc");
    CHECK(python_str_brief(*make_string("abcd"), 3) == "abc...");
    CHECK(python_str_brief(*make_string(""), 0).empty());
}

TEST_CASE("python_repr: regression: characters Python's repr escapes were written raw") {
    // repr('\x85\xa0\u2028\ufeff\u200b') and a byte os.environ gives as a lone surrogate.
    CHECK(goe::python_repr("\xc2\x85\xc2\xa0\xe2\x80\xa8\xef\xbb\xbf\xe2\x80\x8b") ==
          "'\\x85\\xa0\\u2028\\ufeff\\u200b'");
    CHECK(goe::python_repr("a\xff") == "'a\\udcff'");
    CHECK(goe::python_repr("\xf3\xa0\x80\x81") == "'\\U000e0001'");
    CHECK(goe::python_repr("gr\xc3\xbc\xc3\x9f"
                           "e \xe2\x80\x94 \xf0\x9f\x8e\x89") ==
          "'gr\xc3\xbc\xc3\x9f"
          "e \xe2\x80\x94 \xf0\x9f\x8e\x89'");
}

TEST_CASE("append_python_str stops at max_bytes", "[limits]") {
    std::string out;
    CHECK_FALSE(append_python_str(*bomb(), out, 1000));
    CHECK(out.size() < 1100);
    out.clear();
    auto small = parse_yaml("a: [1, 'x', {b: null}]\n", "c.yaml");
    CHECK(append_python_str(**small->find("a"), out, 100));
    CHECK(out == "[1, 'x', {'b': None}]");
}

TEST_CASE("python_str throws for a shared tree too large to print", "[limits]") {
    CHECK(error_of([] { python_str(*bomb(), 1 << 20); }) ==
          "c.yaml:30:6: list too large to use as text (more than 1048576 bytes)");
    // A long scalar is not a blow-up: it is printed whole.
    CHECK(python_str(*make_string(std::string(100, 'x')), 10).size() == 100);
}

TEST_CASE("python_str_brief cuts between UTF-8 characters", "[limits]") {
    CHECK(python_str_brief(*bomb(), 20) == "[[[[[[[[[[[[[[[[[[[[...");
    CHECK(python_str_brief(*make_string("ab\xc3\xa9\xc3\xa9"), 3) == "ab...");
    CHECK(python_str_brief(*make_string("short"), 20) == "short");
}

TEST_CASE("Node: a copy owns its text and children, wherever the original's came from") {
    NodePtr tree =
        parse_yaml("a_key_longer_than_fourteen: a value longer than fifteen bytes\nlist: [1, x]\n", "c.yaml");
    Node copy = *tree;
    tree.reset();  // the file's arena goes with the last of its nodes
    REQUIRE(copy.entries().size() == 2);
    CHECK(copy.entries()[0].key == "a_key_longer_than_fourteen");
    CHECK(copy.entries()[0].value->text() == "a value longer than fifteen bytes");
    CHECK(python_str(copy) == "{'a_key_longer_than_fourteen': 'a value longer than fifteen bytes', 'list': [1, 'x']}");
    CHECK(copy.items().empty());
    CHECK(copy.text().empty());
}
