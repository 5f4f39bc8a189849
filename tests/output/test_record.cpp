#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gym_otel_env/output/exec.hpp"
#include "gym_otel_env/output/record.hpp"
#include "gym_otel_env/output/render.hpp"

using namespace goe;

namespace {

Export set_by(std::string name, std::string value, Export::Source source = Export::Source::config) {
    return Export{std::move(name), std::move(value), source, {}, {}};
}

// What a shell holds after evaluating `exports` as recorded(): the environment it had,
// the exports set, the withdrawn ones unset.
Environment after(Environment env, const std::vector<Export>& exports) {
    for (const auto& e : exports) {
        if (e.source == Export::Source::withdrawn) env.erase(e.name);
        else env[e.name] = e.value;
    }
    return env;
}

std::vector<std::string> names(const std::vector<Export>& exports, Export::Source source) {
    std::vector<std::string> out;
    for (const auto& e : exports)
        if (e.source == source) out.push_back(e.name);
    return out;
}

}  // namespace

TEST_CASE("recorded: a later run tells the tool's own values from the user's") {
    Environment shell{{"PATH", "/bin"}, {"OTEL_SERVICE_NAME", "mine"}};
    std::vector<Export> first{set_by("NEMO_GYM_OTEL_ENABLED", "1", Export::Source::enabled),
                              set_by("OTEL_EXPORTER_OTLP_ENDPOINT", "http://one:4318"),
                              set_by("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
                              set_by("NEMO_GYM_OTEL_RUN_ID", "0123456789ab", Export::Source::generated)};
    Environment now = after(shell, recorded(first, read_record(shell)));
    REQUIRE(now.contains(std::string(kRecordVariable)));

    SECTION("unchanged, they are the tool's: taken out of the user's environment") {
        Earlier e = read_record(now);
        CHECK(e.recorded);
        CHECK(e.user == shell);
        CHECK(e.own == std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_EXPORTER_OTLP_ENDPOINT",
                                                "OTEL_EXPORTER_OTLP_PROTOCOL", "NEMO_GYM_OTEL_RUN_ID"});
        CHECK(e.made_run_id == "0123456789ab");
    }
    SECTION("a value the user changed since, or set again by hand, is the user's") {
        now["OTEL_EXPORTER_OTLP_ENDPOINT"] = "http://mine:4318";
        now["NEMO_GYM_OTEL_RUN_ID"] = "run-7";
        Earlier e = read_record(now);
        CHECK(e.user.at("OTEL_EXPORTER_OTLP_ENDPOINT") == "http://mine:4318");
        CHECK(e.user.at("NEMO_GYM_OTEL_RUN_ID") == "run-7");
        CHECK(e.own == std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_EXPORTER_OTLP_PROTOCOL"});
        CHECK(!e.made_run_id);
    }
    SECTION("a value the user unset since is simply gone") {
        now.erase("OTEL_EXPORTER_OTLP_PROTOCOL");
        CHECK(read_record(now).own ==
              std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_EXPORTER_OTLP_ENDPOINT", "NEMO_GYM_OTEL_RUN_ID"});
    }
    SECTION("the next output unsets what it no longer gives, and records only what it sets") {
        Earlier e = read_record(now);
        std::vector<Export> second{set_by("NEMO_GYM_OTEL_ENABLED", "1", Export::Source::enabled),
                                   set_by("OTEL_EXPORTER_OTLP_ENDPOINT", "http://two:4318"),
                                   set_by("NEMO_GYM_OTEL_RUN_ID", "0123456789ab", Export::Source::earlier)};
        auto out = recorded(second, e);
        CHECK(names(out, Export::Source::withdrawn) == std::vector<std::string>{"OTEL_EXPORTER_OTLP_PROTOCOL"});
        Environment then = after(now, out);
        CHECK(!then.contains("OTEL_EXPORTER_OTLP_PROTOCOL"));
        CHECK(then.at("OTEL_EXPORTER_OTLP_ENDPOINT") == "http://two:4318");
        CHECK(then.at("OTEL_SERVICE_NAME") == "mine");
        Earlier third = read_record(then);
        CHECK(third.own ==
              std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_EXPORTER_OTLP_ENDPOINT", "NEMO_GYM_OTEL_RUN_ID"});
        CHECK(third.made_run_id == "0123456789ab");  // an earlier run id stays made up
    }
    SECTION("an output that sets nothing unsets everything the earlier one set, and the record") {
        auto out = recorded({}, read_record(now));
        CHECK(names(out, Export::Source::withdrawn) ==
              std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_EXPORTER_OTLP_ENDPOINT",
                                       "OTEL_EXPORTER_OTLP_PROTOCOL", "NEMO_GYM_OTEL_RUN_ID", "GYM_OTEL_ENV_RECORD"});
        CHECK(after(now, out) == shell);
    }
}

TEST_CASE("recorded: the record holds names and digests, never a value") {
    std::vector<Export> exports{set_by("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer s3cr3t-t0ken"),
                                set_by("NEMO_GYM_OTEL_RUN_ID", "12345", Export::Source::slurm)};
    auto out = recorded(exports, read_record({}));
    REQUIRE(out.size() == 3);
    CHECK(out[2].name == "GYM_OTEL_ENV_RECORD");
    CHECK(out[2].source == Export::Source::record);
    const std::string& text = out[2].value;
    CHECK(text.starts_with("v1 OTEL_EXPORTER_OTLP_HEADERS/"));
    CHECK(text.find("s3cr3t") == std::string::npos);
    CHECK(text.find("Bearer") == std::string::npos);
    CHECK(text.find("12345") == std::string::npos);
    CHECK(text.ends_with("/made"));
    CHECK(text.size() == std::string("v1 OTEL_EXPORTER_OTLP_HEADERS/0123456789abcdef "
                                     "NEMO_GYM_OTEL_RUN_ID/0123456789abcdef/made")
                             .size());
    CHECK(recorded(exports, read_record({}))[2].value == text);  // the same output every time
}

TEST_CASE("read_record: a record this tool did not write counts as none") {
    // PATH is never the tool's: a record naming it cannot have it unset.
    std::string path = recorded({set_by("OTEL_SERVICE_NAME", "/bin")}, read_record({})).back().value;
    path.replace(path.find("OTEL_SERVICE_NAME"), 17, "PATH");
    const std::string d = "/0123456789abcdef";
    for (const std::string& text : std::vector<std::string>{
             std::string(), "v2 OTEL_SERVICE_NAME" + d, std::string("v1 OTEL_SERVICE_NAME"), "v1 A" + d, path,
             "v1 otel_service_name" + d, std::string("v1 OTEL_SERVICE_NAME/0123"),
             "v1 OTEL_SERVICE_NAME/0123456789abcdeg", "v1 OTEL_SERVICE_NAME/0123456789ABCDEF",
             "v1  OTEL_SERVICE_NAME" + d, "v1 OTEL_SERVICE_NAME" + d + "/made/x",
             std::string("v1 OTEL_SERVICE_NAME:0123456789abcdef"), "v1 OTEL_EXPORTER_OTLP_TRACES_HEADERS" + d}) {
        INFO(text);
        Environment env{{"PATH", "/bin"}, {"GYM_OTEL_ENV_RECORD", text}};
        Earlier e = read_record(env);
        CHECK(e.recorded);
        CHECK(e.own.empty());
        CHECK(e.user == Environment{{"PATH", "/bin"}});  // the record itself is never the user's
    }
    Earlier none = read_record({{"PATH", "/bin"}});
    CHECK(!none.recorded);
    CHECK(none.user == Environment{{"PATH", "/bin"}});
    CHECK(recorded({}, none).empty());  // nothing to unset, no record to write
}

TEST_CASE("recorded: the record reads as written in sh's IFS-proof form, no printf") {
    auto out = recorded({set_by("NEMO_GYM_OTEL_RUN_ID", "r", Export::Source::generated)}, read_record({}));
    std::string sh = render(out, parse_format("sh"), RenderOptions{});
    CHECK(sh.ends_with("export GYM_OTEL_ENV_RECORD='" + out.back().value + "';\n"));
    CHECK(sh.find("printf") == std::string::npos);
}

TEST_CASE("recorded: what a shell reads of a withdrawn variable") {
    std::vector<Export> out{set_by("A", "1"), set_by("B", {}, Export::Source::withdrawn)};
    CHECK(render(out, parse_format("sh"), RenderOptions{}) == "export A='1' &&\nunset B;\n");
    CHECK(render(out, parse_format("fish"), RenderOptions{}) == "set -gx A '1';\nset -e -g B;\n");
    RenderOptions terminal;
    terminal.terminal = true;
    CHECK(render(out, parse_format("sh"), terminal) == "export A='1'\nunset B\n");
    CHECK(render(out, parse_format("fish"), terminal) == "set -gx A '1'\nset -e -g B\n");
    CHECK(child_environment({"A=0", "B=old", "C=2"}, out) == std::vector<std::string>{"C=2", "A=1"});
}

TEST_CASE("for_child: the child gets no record, and nothing of the earlier output the config no longer gives") {
    std::vector<Export> first{set_by("OTEL_SERVICE_NAME", "1"), set_by("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")};
    Environment shell = after({{"C", "3"}}, recorded(first, read_record({})));
    Earlier e = read_record(shell);
    auto child = child_environment({"OTEL_SERVICE_NAME=1", "OTEL_EXPORTER_OTLP_PROTOCOL=grpc", "C=3",
                                    "GYM_OTEL_ENV_RECORD=" + shell.at("GYM_OTEL_ENV_RECORD")},
                                   for_child({set_by("OTEL_SERVICE_NAME", "9")}, e));
    CHECK(child == std::vector<std::string>{"C=3", "OTEL_SERVICE_NAME=9"});
    CHECK(for_child({set_by("OTEL_SERVICE_NAME", "9")}, read_record({})).size() == 1);  // no record: nothing to take
}
