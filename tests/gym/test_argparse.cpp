// argparse: Python 3.11's argparse over Gym's parser tree, one command line's table. The
// messages of what it refuses are held in test_gym_args.cpp and
// test_gym_commands_52755d025d.cpp, through read_gym_command.
#include <catch2/catch.hpp>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/gym/argparse.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using Words = std::vector<std::string>;

TEST_CASE("parse_gym_words: the command, each option's values, the leftovers in order") {
    auto p = parse_gym_words({"-v", "env", "start", "--conf", "a.yaml", "+x=1", "--limit", "-1", "--environment=e"},
                             gym::commands(gym::CommandLine::v2e5014086a));
    REQUIRE(p.command);
    CHECK(p.command->name == "env start");
    CHECK(p.verbose);
    CHECK(p.values["config"] == Words{"a.yaml"});  // an abbreviation, as allow_abbrev takes it
    CHECK(p.values["environment"] == Words{"e"});
    // env start has no --limit: argparse leaves it over as it meets it, then the positional
    // words (-1 is a negative number, so one of them), as parse_known_args orders them.
    CHECK(p.extras == Words{"--limit", "+x=1", "-1"});
    CHECK(p.inputs == Words{"--conf a.yaml", "--environment=e"});

    auto twice = parse_gym_words({"env", "start", "--environment", "a", "--environment", "b"},
                                 gym::commands(gym::CommandLine::v52755d025d));
    CHECK(twice.values["environment"] == Words{"a", "b"});
    twice = parse_gym_words({"env", "start", "--environment", "a", "--environment", "b"},
                            gym::commands(gym::CommandLine::v2e5014086a));
    CHECK(twice.values["environment"] == Words{"b"});

    auto help = parse_gym_words({"eval", "-h", "run"}, gym::commands());
    CHECK(help.help);
    CHECK(!help.command);
    auto none = parse_gym_words({"--json"}, gym::commands());
    CHECK(none.json);
    CHECK(!none.command);
}

TEST_CASE("parse_gym_words refuses an option's value its type= refuses") {
    const auto& table = gym::commands(gym::CommandLine::v52755d025d);
    CHECK(error_of(
              [&] {
                  parse_gym_words({"eval", "health-check", "d", "--workers", "1.5"}, table);
              },
              Error::Kind::usage) == "gym command line: argument --workers: invalid int value: '1.5'");
    CHECK(parse_gym_words({"eval", "health-check", "d", "--workers", " 1_0 "}, table).values["workers"] ==
          Words{" 1_0 "});  // Python's int() takes it
}

TEST_CASE("split_check_ids is _split_comma_separated") {
    CHECK(split_check_ids(" a, b ") == Words{"a", "b"});
    CHECK(split_check_ids("a") == Words{"a"});
    CHECK(split_check_ids("") == std::nullopt);
    CHECK(split_check_ids("a,") == std::nullopt);
    CHECK(split_check_ids("a, ,b") == std::nullopt);
}
