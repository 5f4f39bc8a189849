#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "gym_otel_env/yaml/pyyaml_scan.hpp"

using namespace goe;

namespace {

// All the scan leaves behind, in one string, so that two scans compare in one CHECK.
std::string outcome(std::string_view text, bool whole_lines) {
    bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    PyYamlScan s = check_yaml_rules(text, "c.yaml", ascii, whole_lines);
    return fmt::format("at={} breaks={} non_specific={} last={:d} refused={} from={}:{} syntax={}",
                       fmt::join(s.at, ","), fmt::join(s.breaks, ","), fmt::join(s.non_specific, ","),
                       static_cast<int>(s.last_token), s.refused ? s.refused->what() : "-", s.refused_from.first,
                       s.refused_from.second, s.refused_syntax);
}

// Reads `text` both ways; they must agree. Returns the outcome, for the cases that also
// pin what it is.
std::string same_both_ways(std::string_view text) {
    std::string fast = outcome(text, true);
    INFO("text: " << fmt::format("{:?}", std::string(text)));
    CHECK(fast == outcome(text, false));
    return fast;
}

// A small deterministic generator (splitmix64): the same documents on every run.
class Random {
public:
    explicit Random(uint64_t seed) : state_(seed) {}
    size_t below(size_t n) { return static_cast<size_t>(next() % n); }
    template <size_t N>
    std::string_view pick(const std::array<std::string_view, N>& from) {
        return from[below(N)];
    }

private:
    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint64_t state_;
};

}  // namespace

TEST_CASE("check_yaml_rules reads a key: value line in one step as token by token") {
    // The lines the one-step reading takes, and the ones next to them it must leave alone.
    for (std::string_view doc : {
             "a: 1\n",
             "a:\n  b: x\n  c: y\n",
             "a: http://x:80/y\n",
             "a: ${b.c}\n",
             "a:   \nb: 1\n",
             "a: 1",
             "a:",
             "a: v:\n",
             "a: v: w\n",
             "a: v # c\n",
             "a: v  \n",
             "a: v\t\n",
             "a:b: c\n",
             "a:\tb\n",
             "...: x\n",
             "...\n",
             "a: x\n  y\n",
             "a: x\n  # c\nb: 1\n",
             "a:\n  b: x\n   y\n",
             "a: x\n---\nb: y\n",
             "a: x\r\nb: y\r\n",
             "a: x\u2028b: y\n",
             "a: \xc3\xa9\nb: 1\n",
             "%YAML 1.1\na: 1\n",
             "%YAML 1.1\n---\na: 1\n",
             "- a: 1\n  b: 2\n",
             "? a\n: b\n",
             "a: [1,\n  b: 2]\n",
             "a: 'x\n  b: 2'\n",
             "a: |\n  b: 2\nc: 3\n",
             "a\nb: 1\n",
             "a: 1\nb\n",
             "  a: 1\nb: 2\n",
             "a: &x 1\nb: *x\n",
             "a: ~\nb: .5\nc: /p\nd: $x\n",
         })
        same_both_ways(doc);
    // What the reading must come to, in two cases that show it works at all.
    CHECK(same_both_ways("a: x\nb\n") ==
          "at= breaks= non_specific= last=98 refused=c.yaml:3:1: while scanning a simple key at line 2, column 1: "
          "could not find expected ':' from=2:1 syntax=true");
    CHECK(same_both_ways("a: {b:[1]}\n") == "at=6 breaks= non_specific= last=125 refused=- from=0:0 syntax=true");
}

TEST_CASE("check_yaml_rules reads generated documents in one step as token by token") {
    static constexpr std::array<std::string_view, 8> kIndents = {"", "", "  ", "  ", "    ", "      ", " ", "\t"};
    static constexpr std::array<std::string_view, 14> kKeys = {
        "a", "key_1", "1", "math_server_00001", "a:b", "...", "-x", "~", "$x", "/p", ".5", "k#x", "\xc3\xa9", "a b"};
    static constexpr std::array<std::string_view, 6> kColons = {": ", ": ", ":", ":  ", ":\t", " :"};
    static constexpr std::array<std::string_view, 24> kValues = {
        "",    "v",      "app.py", "http://x:80/y", "${a.b}", "v:",       "v: w",     "v #c",
        "v  ", "[1, 2]", "{a: 1}", "'q'",           "\"q\"",  "|",        ">-",       "&a x",
        "*a",  "!t x",   "- x",    "x\t",           "v,w",    "\xc3\xa9", "10.0.0.1", "true"};
    static constexpr std::array<std::string_view, 12> kLines = {"- ",  "- a: b",    "? a", "# c", "",      "---",
                                                                "...", "%YAML 1.1", "  ",  "a",   "--- x", "  more"};
    static constexpr std::array<std::string_view, 6> kBreaks = {"\n", "\n", "\n", "\n", "\r\n", "\xe2\x80\xa8"};
    Random random(15);
    for (int d = 0; d < 4000; ++d) {
        std::string doc;
        for (size_t n = 1 + random.below(8); n > 0; --n) {
            doc += random.pick(kIndents);
            if (random.below(4) == 0) {
                doc += random.pick(kLines);
            } else {
                doc += random.pick(kKeys);
                doc += random.pick(kColons);
                doc += random.pick(kValues);
            }
            if (n > 1 || random.below(4) != 0) doc += random.pick(kBreaks);
        }
        same_both_ways(doc);
    }
}
