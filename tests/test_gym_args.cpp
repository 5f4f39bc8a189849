#include <catch2/catch.hpp>

#include "gym_otel_env/gym_args.hpp"

using namespace goe;

TEST_CASE("read_gym_command finds --config paths and config_paths lists, --config first") {
    auto cl = read_gym_command({"gym", "env", "start", "+config_paths=[a.yaml, 'b.yaml']", "--config", "c.yaml",
                                "--config=d.yaml", "config_paths=[e.yaml]"});
    CHECK(cl.configs == std::vector<std::string>{"c.yaml", "d.yaml", "a.yaml", "b.yaml", "e.yaml"});
    CHECK(cl.overrides.empty());
}

TEST_CASE("read_gym_command takes KEY=VALUE, +KEY=VALUE and ++KEY=VALUE as overrides") {
    auto cl = read_gym_command({"gym", "env", "start", "+telemetry.exporter=console", "++telemetry.enabled=true",
                                "telemetry.run_id=r 1", "--flag=x", "-x=y", "not an=override", "=x"});
    CHECK(cl.overrides == std::vector<std::string>{"+telemetry.exporter=console", "++telemetry.enabled=true",
                                                   "telemetry.run_id=r 1"});
}

TEST_CASE("read_gym_command ignores the command name and plain arguments") {
    auto cl = read_gym_command({"a=b", "start", "--config"});
    CHECK(cl.configs.empty());
    CHECK(cl.overrides.empty());
}
