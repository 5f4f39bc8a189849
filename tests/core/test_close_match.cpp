#include <catch2/catch.hpp>

#include "gym_otel_env/core/close_match.hpp"

using namespace goe;

// Expected values are Python 3's difflib on the same input.
TEST_CASE("sequence_ratio is difflib's SequenceMatcher(None, a, b).ratio()") {
    CHECK(sequence_ratio("abcd", "bcde") == 0.75);
    CHECK(sequence_ratio("--config", "--confg") == Approx(0.9333333333333333).epsilon(1e-15));
    CHECK(sequence_ratio("", "") == 1.0);
    CHECK(sequence_ratio("a", "") == 0.0);
    // autojunk: b's elements seen more than 1 + len(b)//100 times are left out once len(b) >= 200.
    std::string a = std::string(150, 'x'), b;
    for (int i = 0; i < 40; ++i) a += "ab";
    for (int i = 0; i < 120; ++i) b += "ab";
    b += "y";
    CHECK(sequence_ratio(a, b) == 0.0);
    CHECK(sequence_ratio("é", "é") == 1.0);  // code points, not bytes
    CHECK(sequence_ratio("é", "è") == 0.0);
    // Bytes outside UTF-8 are characters of their own, as Python reads argv: an overlong
    // 'A' is not 'A' (it was).
    CHECK(sequence_ratio("\xc1\x81", "A") == 0.0);
    CHECK(sequence_ratio("\xc1\x81", "\xc1\x81") == 1.0);
}

TEST_CASE("close_match picks the best ratio of at least 0.6, ties to the greatest text") {
    CHECK(close_match("appel", {"ape", "apple", "peach", "puppy"}) == "apple");
    CHECK(close_match("abc", {"abd", "abe"}) == "abe");
    CHECK(close_match("strt", {"init", "resolve", "test", "start", "status"}) == "start");
    CHECK(close_match("xyz", {"abc"}).empty());
    CHECK(close_match("x", {}).empty());
}

TEST_CASE("did_you_mean is Gym's hint fragment") {
    CHECK(did_you_mean("--confg", {"--config", "--search-dir"}) == " Did you mean `--config`?");
    CHECK(did_you_mean("zzz", {"--config"}).empty());
}
