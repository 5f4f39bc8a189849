#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "gym_otel_env/omegaconf/value_kind.hpp"

using namespace goe;

namespace {

NodePtr container(Type type) {
    auto n = std::make_shared<Node>();
    n->type = type;
    return n;
}

}  // namespace

TEST_CASE("is_missing and is_interpolation decide as OmegaConf's get_value_kind") {
    struct Row {
        const char* shown;
        NodePtr node;
        bool missing;
        bool interpolation;
    };
    for (const auto& r : std::vector<Row>{
             {"'\?\?\?'", make_string("???"), true, false},
             {"'\?\?'", make_string("??"), false, false},
             {"'\?\?\?\?'", make_string("????"), false, false},
             {"' \?\?\?'", make_string(" ???"), false, false},
             {"'??? '", make_string("??? "), false, false},
             {"'???\\n'", make_string("???\n"), false, false},
             {"''", make_string(""), false, false},
             {"'???${a}'", make_string("???${a}"), false, true},
             {"'${a}'", make_string("${a}"), false, true},
             {"'x ${a.b} y'", make_string("x ${a.b} y"), false, true},
             {"'${oc.env:HOME}'", make_string("${oc.env:HOME}"), false, true},
             // An escaped or a malformed interpolation is one too: OmegaConf un-escapes
             // the first and reports the second.
             {"'\\${a}'", make_string("\\${a}"), false, true},
             {"'${'", make_string("${"), false, true},
             {"'$'", make_string("$"), false, false},
             {"'$ {a}'", make_string("$ {a}"), false, false},
             {"'{a}'", make_string("{a}"), false, false},
             {"'$${a'", make_string("$${a"), false, true},
             {"None", make_null(), false, false},
             {"True", make_bool(true), false, false},
             {"0", make_int("0"), false, false},
             {"1.5", make_real(1.5), false, false},
             {"{}", container(Type::mapping), false, false},
             {"[]", container(Type::sequence), false, false},
         }) {
        CAPTURE(r.shown);
        CHECK(is_missing(*r.node) == r.missing);
        CHECK(is_interpolation(*r.node) == r.interpolation);
    }
}

TEST_CASE("has_interpolation finds \"${\" anywhere in the text") {
    auto [text, found] = GENERATE(table<std::string, bool>({
        {"", false},
        {"$", false},
        {"{", false},
        {"${", true},
        {"a${", true},
        {"${}", true},
        {"$}{", false},
        {"$ {", false},
        {"{$", false},
        {"abc$", false},
        {"abc${x}def", true},
    }));
    CAPTURE(text);
    CHECK(has_interpolation(text) == found);
}

TEST_CASE("kMissing is OmegaConf's MISSING") { CHECK(kMissing == "???"); }
