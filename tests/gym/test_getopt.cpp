// getopt: GNU getopt_long in '+' mode, as the launchers in front of Gym read their options.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <vector>

#include "gym_otel_env/gym/getopt.hpp"

using namespace goe;
using Words = std::vector<std::string>;
using Arg = LongOption::Argument;

namespace {

// A grammar with each kind of option: -a (flag), -b (flag), -o ARG, -q[ARG] (optional),
// --all (-a), --output (-o), --object (flag of its own), --colour[=WHEN], --color[=WHEN]
// (the same option under two names), --verbose.
constexpr std::array<LongOption, 6> kLongs{{
    {"all", Arg::none, "a"},
    {"output", Arg::required, "o"},
    {"object", Arg::none, "object"},
    {"colour", Arg::optional, "colour"},
    {"color", Arg::optional, "colour"},
    {"verbose", Arg::none, "verbose"},
}};
constexpr OptionGrammar kGrammar{"abo:q::", kLongs};

// "KEY[=VALUE](WRITTEN) ... | OPERANDS", or "... | error: MESSAGE".
std::string read(const Words& words) {
    OptionReader r(kGrammar, words);
    std::vector<std::string> seen;
    for (auto s = r.next();; s = r.next()) {
        if (s.kind == OptionReader::Step::Kind::error) {
            seen.push_back("| error: " + s.error);
            break;
        }
        if (s.kind == OptionReader::Step::Kind::end) {
            seen.push_back(fmt::format("| {}", fmt::join(r.rest(), " ")));
            break;
        }
        seen.push_back(fmt::format("{}{}({})", s.key, s.value ? "=" + *s.value : "", s.written));
    }
    return fmt::format("{}", fmt::join(seen, " "));
}

struct Row {
    Words words;
    std::string read;
};

void check(const std::vector<Row>& rows) {
    for (const auto& r : rows) {
        INFO(fmt::format("{}", fmt::join(r.words, " ")));
        CHECK(read(r.words) == r.read);
    }
}

}  // namespace

TEST_CASE("OptionReader: short options, combined, a required argument attached or in the next word") {
    check({
        {{"-a", "-b", "gym"}, "a(-a) b(-b) | gym"},
        {{"-ab", "gym"}, "a(-ab) b(-ab) | gym"},
        {{"-ofile", "gym"}, "o=file(-ofile) | gym"},
        {{"-o", "file", "gym"}, "o=file(-o) | gym"},
        {{"-abofile", "gym"}, "a(-abofile) b(-abofile) o=file(-abofile) | gym"},
        {{"-ao", "file", "gym"}, "a(-ao) o=file(-ao) | gym"},
        // The next word is the argument, whatever it looks like.
        {{"-o", "-a", "gym"}, "o=-a(-o) | gym"},
        {{"-o", "--", "gym"}, "o=--(-o) | gym"},
        // An optional argument is only ever attached.
        {{"-qx", "gym"}, "q=x(-qx) | gym"},
        {{"-q", "x", "gym"}, "q(-q) | x gym"},
        {{"-o"}, "| error: option requires an argument -- 'o'"},
        {{"-ax", "gym"}, "a(-ax) | error: invalid option -- 'x'"},
        {{"-:", "gym"}, "| error: invalid option -- ':'"},
    });
}

TEST_CASE("OptionReader: long options by name or unambiguous prefix, --opt=val or --opt val") {
    check({
        {{"--all", "gym"}, "a(--all) | gym"},
        {{"--al", "gym"}, "a(--al) | gym"},
        {{"--output=f", "gym"}, "o=f(--output=f) | gym"},
        {{"--output", "f", "gym"}, "o=f(--output) | gym"},
        {{"--outp", "f", "gym"}, "o=f(--outp) | gym"},
        {{"--output=", "gym"}, "o=(--output=) | gym"},
        {{"--colour", "gym"}, "colour(--colour) | gym"},
        {{"--colour=never", "gym"}, "colour=never(--colour=never) | gym"},
        // Two names of one option: a prefix of both is not ambiguous.
        {{"--col", "gym"}, "colour(--col) | gym"},
        // An exact name wins over the longer ones it is a prefix of: none here, so ambiguous.
        {{"--o", "gym"}, "| error: option '--o' is ambiguous; possibilities: '--output' '--object'"},
        {{"--o=secret", "gym"}, "| error: option '--o' is ambiguous; possibilities: '--output' '--object'"},
        {{"--nope=secret", "gym"}, "| error: unrecognized option '--nope'"},
        {{"--all=1", "gym"}, "| error: option '--all' doesn't allow an argument"},
        {{"--output"}, "| error: option '--output' requires an argument"},
        {{"--verbose", "--", "--all"}, "verbose(--verbose) | --all"},
    });
}

TEST_CASE("OptionReader: options end at the first operand, at a lone -, or after --") {
    check({
        {{"gym", "-a"}, "| gym -a"},
        {{"-a", "gym", "-b"}, "a(-a) | gym -b"},
        {{"-", "-a"}, "| - -a"},
        {{"--", "-a", "gym"}, "| -a gym"},
        {{"-a", "--"}, "a(-a) | "},
        {{}, "| "},
    });
}

TEST_CASE("OptionReader::restart reads new words from their start, as env -S resets optind") {
    OptionReader r(kGrammar, {"-a", "-S", "x"});
    CHECK(r.next().key == "a");
    r.restart({"-b", "gym"});
    auto s = r.next();
    CHECK(s.key == "b");
    CHECK(r.next().kind == OptionReader::Step::Kind::end);
    CHECK(r.rest() == Words{"gym"});
    CHECK(r.index() == 1);
}
