#include <catch2/catch.hpp>

#include "gym_otel_env/gym/assets.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::error_of;
using goe::testing::MemoryFileSystem;

namespace {

struct World {
    MemoryFileSystem fs;
    World() {
        fs.cwd = "/w";
        fs.files["/w/environments/math/config.yaml"] = "x: 1\n";
        fs.files["/w/environments/math/hard.yaml"] = "x: 1\n";
        fs.files["/w/environments/suite/sub/config.yaml"] = "x: 1\n";
        fs.files["/site/environments/code/config.yaml"] = "x: 1\n";
        fs.files["/site/environments/math/config.yaml"] = "x: shadowed\n";
        fs.files["/site/resources_servers/x/configs/x.yaml"] = "x: 1\n";
        fs.files["/site/resources_servers/x/configs/flav.yaml"] = "x: 1\n";
        fs.files["/site/resources_servers/x/configs/other.yaml"] = "x: 1\n";
        fs.files["/site/resources_servers/y/configs/.hidden.yaml"] = "x: 1\n";
        fs.files["/site/responses_api_models/vllm_model/configs/vllm_model.yaml"] = "x: 1\n";
        fs.files["/site/benchmarks/aime/config.yaml"] = "datasets: [{name: a, type: benchmark}]\n";
        fs.files["/site/benchmarks/lcb/v5.yaml"] = "d: {type: benchmark}\n";
        fs.files["/site/benchmarks/lcb/v6.yaml"] = "d: {type: benchmark}\n";
        fs.files["/site/benchmarks/lcb/broken.yaml"] = "d: [\n";  // kept: Gym keeps what does not parse
        fs.files["/site/benchmarks/notes/readme.yaml"] = "d: {type: other}\n";
        fs.files["/site/benchmarks/.git/x.yaml"] = "type: benchmark\n";
    }
    std::string path(std::string_view flag, std::string_view value, std::vector<std::string> dirs = {}) {
        return asset_config_path(flag, value, SearchRoots(dirs, {}, std::string("/site"), fs), fs);
    }
    std::string error(std::string_view flag, std::string_view value) {
        return error_of([&] { path(flag, value); }, Error::Kind::usage);
    }
};

}  // namespace

TEST_CASE("asset_relative_path maps NAME[/FLAVOR] as Gym's _ASSETS table does") {
    struct Row {
        std::string flag, value, path;
    };
    for (const auto& r : std::vector<Row>{
             {"environment", "math", "environments/math/config.yaml"},
             {"environment", "math/hard", "environments/math/hard.yaml"},
             {"environment", "math/", "environments/math/config.yaml"},
             {"benchmark", "aime", "benchmarks/aime/config.yaml"},
             {"resources-server", "x", "resources_servers/x/configs/x.yaml"},
             {"resources-server", "x/flav", "resources_servers/x/configs/flav.yaml"},
             {"model-type", "vllm_model", "responses_api_models/vllm_model/configs/vllm_model.yaml"},
             {"environment", "a/b/c", "environments/a/b/c.yaml"},
             {"environment", "/x", "environments/x.yaml"},  // f"environments//".rstrip("/")
         }) {
        INFO(r.flag << " " << r.value);
        CHECK(asset_relative_path(r.flag, r.value) == r.path);
    }
    CHECK(is_asset_selector("model-type"));
    CHECK_FALSE(is_asset_selector("config"));
}

TEST_CASE("asset_config_path returns the resolved file of the first root that has it") {
    World w;
    CHECK(w.path("environment", "math") == "/w/environments/math/config.yaml");
    CHECK(w.path("environment", "code") == "/site/environments/code/config.yaml");
    CHECK(w.path("environment", "math/hard") == "/w/environments/math/hard.yaml");
    CHECK(w.path("environment", "suite/sub") == "/w/environments/suite/sub/config.yaml");  // a nested directory
    CHECK(w.path("resources-server", "x/flav") == "/site/resources_servers/x/configs/flav.yaml");
    CHECK(w.path("model-type", "vllm_model") == "/site/responses_api_models/vllm_model/configs/vllm_model.yaml");
    CHECK(w.path("benchmark", "lcb/v5") == "/site/benchmarks/lcb/v5.yaml");
    w.fs.files["/mine/environments/math/config.yaml"] = "x: mine\n";
    CHECK(w.path("environment", "math", {"/mine"}) == "/mine/environments/math/config.yaml");
    w.fs.links["/w/environments"] = "/real/envs";
    w.fs.files["/real/envs/linked/config.yaml"] = "x: 1\n";
    CHECK(w.path("environment", "linked") == "/real/envs/linked/config.yaml");
}

TEST_CASE("asset_config_path fails with Gym's message and did-you-mean") {
    World w;
    CHECK(w.error("resources-server", "x/flv") ==
          "`--resources-server x/flv` was specified which implies config `resources_servers/x/configs/flv.yaml`, "
          "which does not exist. Did you mean `flav`? See available resources-server configs in "
          "`/site/resources_servers/x/configs`.");
    // No flavor matches: the server name is the typo, and the kind's directories are listed.
    CHECK(w.error("environment", "mth") ==
          "`--environment mth` was specified which implies config `environments/mth/config.yaml`, which does not "
          "exist. Did you mean `math`? See available environment configs in `/w/environments`, `/site/environments`.");
    CHECK(w.error("environment", "zzz") ==
          "`--environment zzz` was specified which implies config `environments/zzz/config.yaml`, which does not "
          "exist. See available environment configs in `/w/environments`, `/site/environments`.");
    // Path.glob("*.yaml") sees dotfiles: y's .hidden.yaml makes "hidden" the only flavor.
    CHECK(w.error("resources-server", "y") ==
          "`--resources-server y` was specified which implies config `resources_servers/y/configs/y.yaml`, which "
          "does not exist. See available resources-server configs in `/site/resources_servers/y/configs`.");
    CHECK(w.error("resources-server", "y/hiddn") ==
          "`--resources-server y/hiddn` was specified which implies config `resources_servers/y/configs/hiddn.yaml`, "
          "which does not exist. Did you mean `.hidden`? See available resources-server configs in "
          "`/site/resources_servers/y/configs`.");
    CHECK(w.error("resources-server", "y/.hiddn") ==
          "`--resources-server y/.hiddn` was specified which implies config "
          "`resources_servers/y/configs/.hiddn.yaml`, which does not exist. Did you mean `.hidden`? See available "
          "resources-server configs in `/site/resources_servers/y/configs`.");
    // No configs directory for the server: the servers of that kind are suggested.
    CHECK(w.error("resources-server", "xx") ==
          "`--resources-server xx` was specified which implies config `resources_servers/xx/configs/xx.yaml`, which "
          "does not exist. Did you mean `x`? See available resources-server configs in `/site/resources_servers`.");
    CHECK(w.error("model-type", "nope") ==
          "`--model-type nope` was specified which implies config `responses_api_models/nope/configs/nope.yaml`, "
          "which does not exist. See available model-type configs in `/site/responses_api_models`.");
    MemoryFileSystem empty;
    empty.cwd = "/w";
    CHECK(error_of([&] { asset_config_path("environment", "e", SearchRoots({}, {}, std::nullopt, empty), empty); },
                   Error::Kind::usage) ==
          "`--environment e` was specified which implies config `environments/e/config.yaml`, which does not "
          "exist. See available environment configs in .");
}

TEST_CASE("asset_config_path suggests benchmarks by the names Gym lists them under") {
    World w;
    // A directory that only groups benchmarks points at the shortest name under it.
    CHECK(w.error("benchmark", "lcb") ==
          "`--benchmark lcb` was specified which implies config `benchmarks/lcb/config.yaml`, which does not exist. "
          "Did you mean `lcb/v5`? See available benchmark configs in `/site/benchmarks`.");
    CHECK(w.error("benchmark", "aim") ==
          "`--benchmark aim` was specified which implies config `benchmarks/aim/config.yaml`, which does not exist. "
          "Did you mean `aime`? See available benchmark configs in `/site/benchmarks`.");
    // lcb/broken does not parse and is kept; notes/readme declares no benchmark and is not.
    CHECK(w.error("benchmark", "lcb/brokn") ==
          "`--benchmark lcb/brokn` was specified which implies config `benchmarks/lcb/brokn.yaml`, which does "
          "not exist. Did you mean `lcb/broken`? See available benchmark configs in `/site/benchmarks`.");
    CHECK(w.error("benchmark", "notes/readm") ==
          "`--benchmark notes/readm` was specified which implies config `benchmarks/notes/readm.yaml`, which does "
          "not exist. See available benchmark configs in `/site/benchmarks`.");
}

TEST_CASE("asset_config_path under 52755d025d: --agent-type, harnesses/ then responses_api_agents/, moved names") {
    MemoryFileSystem fs;
    fs.cwd = "/w";
    fs.files["/w/harnesses/simple_agent/configs/simple_agent.yaml"] = "x: 1\n";
    fs.files["/w/harnesses/simple_agent/configs/fast.yaml"] = "x: 1\n";
    fs.files["/site/harnesses/tau2/configs/tau2.yaml"] = "x: 1\n";
    fs.files["/site/responses_api_agents/old_agent/configs/old_agent.yaml"] = "x: 1\n";
    fs.files["/site/environments/hermes_reasoning_gym/config.yaml"] = "x: 1\n";
    const auto v = gym::CommandLine::v52755d025d;
    std::vector<std::string> warnings;
    auto path = [&](std::string_view flag, std::string_view value) {
        warnings.clear();
        return asset_config_path(flag, value, SearchRoots({}, {}, std::string("/site"), fs), fs, v, &warnings);
    };
    CHECK(path("agent-type", "simple_agent") == "/w/harnesses/simple_agent/configs/simple_agent.yaml");
    CHECK(warnings.empty());
    CHECK(path("agent-type", "simple_agent/fast") == "/w/harnesses/simple_agent/configs/fast.yaml");
    CHECK(path("agent-type", "old_agent") == "/site/responses_api_agents/old_agent/configs/old_agent.yaml");
    CHECK(warnings == std::vector<std::string>{
                          "Agent config directory `responses_api_agents` is deprecated; move it to `harnesses`."});
    CHECK(path("agent-type", "tau2/tau2_agent") == "/site/harnesses/tau2/configs/tau2.yaml");
    CHECK(warnings == std::vector<std::string>{"Config path `harnesses/tau2/configs/tau2_agent.yaml` is deprecated; "
                                               "use `harnesses/tau2/configs/tau2.yaml`."});
    CHECK(path("environment", "reasoning_gym_hermes") == "/site/environments/hermes_reasoning_gym/config.yaml");
    CHECK(warnings == std::vector<std::string>{"`--environment reasoning_gym_hermes` is deprecated; use "
                                               "`--environment hermes_reasoning_gym`."});
    CHECK(error_of([&] { path("agent-type", "simple_agent/slow"); }, Error::Kind::usage) ==
          "`--agent-type simple_agent/slow` was specified which implies config "
          "`harnesses/simple_agent/configs/slow.yaml`, which does not exist. See available agent-type configs in "
          "`/w/harnesses/simple_agent/configs`.");
    CHECK(error_of([&] { path("agent-type", "old_agnt"); }, Error::Kind::usage) ==
          "`--agent-type old_agnt` was specified which implies config `harnesses/old_agnt/configs/old_agnt.yaml`, "
          "which does not exist. Did you mean `old_agent`? See available agent-type configs in `/w/harnesses`, "
          "`/site/harnesses`, `/site/responses_api_agents`.");
    // 2e5014086a's selectors know no moved names.
    CHECK(error_of(
              [&] {
                  asset_config_path("environment", "reasoning_gym_hermes",
                                    SearchRoots({}, {}, std::string("/site"), fs), fs);
              },
              Error::Kind::usage)
              .starts_with("`--environment reasoning_gym_hermes` was specified which implies config "
                           "`environments/reasoning_gym_hermes/config.yaml`, which does not exist."));
}
