// override_shown: how an override token appears in the messages about it: as typed, or
// KEY=*** when it may carry a secret, control characters escaped, columns counted in
// characters of what the user typed.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/hydra/override_shown.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;

TEST_CASE("TokenShown: the token as typed, or KEY=*** when it is secret") {
    struct Row {
        std::string_view typed;
        std::string_view shown;
        bool secret;
    };
    for (const auto& r : {
             Row{"a.b=1", "a.b=1", false},
             Row{"+a=x y", "+a=x y", false},
             Row{"a=\xc3\xa9", "a=\xc3\xa9", false},  // UTF-8 as it is
             Row{"telemetry.otlp_headers=k=v", "telemetry.otlp_headers=***", true},
             Row{"++telemetry={otlp_headers: k=v}", "++telemetry=***", true},
             Row{"x=OTLP_HEADERS", "x=***", true},
             Row{"~telemetry.otlp_headers", "~telemetry.otlp_headers", true},  // no value to hide
             // Control characters never reach the terminal: Python's escapes.
             Row{"a=x\ny", "a=x\\ny", false},
             Row{"a=\t\r\x01\x7f", "a=\\t\\r\\x01\\x7f", false},
             Row{"otlp_headers\n=x", "otlp_headers\\n=***", true},
         }) {
        INFO(r.typed);
        TokenShown shown(r.typed, "command line", 0, r.secret);
        CHECK(shown.token() == r.shown);
        CHECK(shown.secret() == r.secret);
        CHECK(shown.source() == "command line");
    }
}

TEST_CASE("TokenShown::fail: WHAT at the column of what was typed, and the text Hydra quotes") {
    // `offset` is into the parsed token, which for --set has "++" in front of the typed text.
    struct Row {
        std::string_view typed;
        std::string source;
        size_t added, offset;
        std::string_view what, text;
        std::string message;
    };
    for (const auto& r : {
             Row{"a=~", "command line", 0, 2, "token recognition error", "~",
                 "command line: Error parsing override 'a=~': token recognition error at column 3: '~'"},
             Row{"a=~", "--set", 2, 4, "token recognition error", "~",
                 "--set: Error parsing override 'a=~': token recognition error at column 3: '~'"},
             // Before the typed text (the "++" --set adds) is its first column.
             Row{"+++a=1", "--set", 1, 1, "unexpected", "+",
                 "--set: Error parsing override '+++a=1': unexpected at column 1: '+'"},
             // The end of the token, with no text to quote.
             Row{"a", "command line", 0, 1, "unexpected end of the override", "",
                 "command line: Error parsing override 'a': unexpected end of the override at column 2"},
             Row{"a", "command line", 0, 99, "unexpected end of the override", "",
                 "command line: Error parsing override 'a': unexpected end of the override at column 2"},
             // Columns count characters, not bytes; the text is quoted as Python's repr().
             Row{"\xc3\xa9=~", "command line", 0, 3, "token recognition error", "~",
                 "command line: Error parsing override '\xc3\xa9=~': token recognition error at column 3: '~'"},
             Row{"a='x", "command line", 0, 2, "token recognition error", "'",
                 "command line: Error parsing override 'a='x': token recognition error at column 3: \"'\""},
             Row{"a=x\ny", "command line", 0, 3, "token recognition error", "\n",
                 "command line: Error parsing override 'a=x\\ny': token recognition error at column 4: '\\n'"},
             // A secret's text is never quoted.
             // A place in a hidden value is counted within the value (issue 34): the column
             // of the whole token counts characters the message does not show.
             Row{"telemetry.otlp_headers='k=s3cret", "command line", 0, 23, "token recognition error", "'k=s3cret",
                 "command line: Error parsing override 'telemetry.otlp_headers=***': token recognition error at "
                 "character 1 of the hidden value"},
             Row{"telemetry.otlp_headers=x-api-key=abc", "--set", 2, 34, "unexpected '=' (quote the value: KEY='...')",
                 "=",
                 "--set: Error parsing override 'telemetry.otlp_headers=***': unexpected '=' (quote the value: "
                 "KEY='...') at character 10 of the hidden value"},
             // In the key, which is shown, the column stands.
             Row{"otlp_headers!=x", "command line", 0, 12, "unexpected", "!",
                 "command line: Error parsing override 'otlp_headers!=***': unexpected at column 13"},
         }) {
        INFO(r.typed);
        TokenShown shown(r.typed, r.source, r.added, r.typed.find("otlp_headers") != std::string_view::npos);
        CHECK(error_of([&] { shown.fail(r.offset, r.what, r.text); }, Error::Kind::usage) == r.message);
    }
}

TEST_CASE("TokenShown::fail_whole: Error parsing override 'TOKEN': WHAT, from the token's source") {
    TokenShown plain("a=f(", "command line", 0, false);
    CHECK(error_of([&] { plain.fail_whole("the function f() is not supported"); }, Error::Kind::usage) ==
          "command line: Error parsing override 'a=f(': the function f() is not supported");
    TokenShown secret("telemetry.otlp_headers=int(s3cret)", "--set", 2, true);
    CHECK(error_of([&] { secret.fail_whole("ValueError while evaluating '***'"); }, Error::Kind::usage) ==
          "--set: Error parsing override 'telemetry.otlp_headers=***': ValueError while evaluating '***'");
}

TEST_CASE("TokenShown::fail_plain: Hydra's sentence as it is, at the key it names") {
    TokenShown shown("a.b=1", "command line", 0, false);
    auto thrown = [&]() -> Error {
        try {
            shown.fail_plain("Could not override 'a.b'.", "a.b");
        } catch (const Error& e) {
            return e;
        }
    };
    Error e = thrown();
    CHECK(std::string(e.what()) == "command line: a.b: Could not override 'a.b'.");
    CHECK(e.key_path() == "a.b");
    CHECK(e.origin().str() == "command line");
    CHECK(e.kind() == Error::Kind::usage);
    CHECK(error_of([&] { shown.fail_plain("Sweep parameters 'a.b=1' requires --multirun"); }, Error::Kind::usage) ==
          "command line: Sweep parameters 'a.b=1' requires --multirun");
}
