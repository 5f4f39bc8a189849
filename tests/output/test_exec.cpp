#include <catch2/catch.hpp>

#include "gym_otel_env/output/exec.hpp"

using namespace goe;

TEST_CASE("child_environment replaces exported names and keeps everything else in order") {
    std::vector<std::string> base{"PATH=/bin", "A=old", "WEIRD", "B=1"};
    std::vector<Export> exports{{"A", "new", Export::Source::config, {}, {}},
                                {"C", "x y", Export::Source::config, {}, {}}};
    CHECK(child_environment(base, exports) == std::vector<std::string>{"PATH=/bin", "WEIRD", "B=1", "A=new", "C=x y"});
}
