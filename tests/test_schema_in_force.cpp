// schema_in_force (SPEC 8): the schema --gym-version names, else the one an installed
// Gym's nemo_gym/telemetry/config.py describes, else the default.
#include <catch2/catch.hpp>

#include <algorithm>

#include "gym_otel_env/gym_versions.hpp"
#include "gym_otel_env/schema_in_force.hpp"
#include "memory_file_system.hpp"

using namespace goe;

namespace {

// The field names of Gym's main, in a config.py of Gym's shape.
constexpr std::string_view kMainConfigPy = R"(class MemoryProfilingConfig(BaseModel):
    enabled: bool = False
    interval_seconds: float = Field(default=1.0, gt=0)


class TelemetryConfig(BaseModel, extra="allow"):
    enabled: bool = False
    service_name: str = "nemo-gym"
    service_name_per_server: bool = True
    span_groups: str = "default"
    traces_enabled: bool = True
    metrics_enabled: bool = True
    memory_profiling: MemoryProfilingConfig = Field(default_factory=MemoryProfilingConfig)
    logs_enabled: bool = False
    exporter: str = "otlp"
    otlp_endpoint: Optional[str] = None
    otlp_protocol: Optional[str] = None
    otlp_headers: Optional[str] = None
    instrument_aiohttp: bool = True
    run_id: Optional[str] = None
)";

const Schema& named(std::string_view name) { return *find_schema(name); }

}  // namespace

TEST_CASE("schema_in_force: the option, else the install's config.py, else the default") {
    testing::MemoryFileSystem fs;
    fs.files["/gym/nemo_gym/telemetry/config.py"] = std::string(kMainConfigPy);
    auto by_root = schema_in_force({}, "/gym", fs);
    CHECK(by_root.schema == &named("27c821d975"));
    CHECK(by_root.why == "the fields of /gym/nemo_gym/telemetry/config.py");
    auto by_name = schema_in_force("2e5014086a", "/gym", fs);
    CHECK(by_name.schema == &named("2e5014086a"));
    CHECK(by_name.why == "--gym-version 2e5014086a");
    CHECK(schema_in_force("52755d025d", {}, fs).schema == &named("27c821d975"));  // its main's telemetry
    auto none = schema_in_force({}, {}, fs);
    CHECK(none.schema == &default_schema());
    CHECK(none.why.empty());
    auto old = schema_in_force({}, "/old", fs);
    CHECK(old.schema == &default_schema());
    CHECK(old.why == "the default: Gym at /old has no nemo_gym/telemetry/config.py");
}

TEST_CASE("every Gym version names a known schema, and every schema is some Gym version's") {
    for (const auto& g : kGymVersions) {
        INFO(g.name);
        CHECK(find_schema(g.schema) != nullptr);
    }
    for (const auto& s : known_schemas()) {
        INFO(s.name);
        CHECK(std::any_of(kGymVersions.begin(), kGymVersions.end(), [&](const auto& g) { return g.schema == s.name; }));
        // A schema that copies a commit is that Gym's own row.
        if (!s.commit.empty()) CHECK(find_gym_version(s.name)->commit == s.commit);
    }
}
