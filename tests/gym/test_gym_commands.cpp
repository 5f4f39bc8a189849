// gym_commands: Gym's argparse tree as data (nemo_gym/cli/main.py COMMANDS). The rows are
// read from main.py's own flag definitions (_value_flag, _bool_flag, CONFIG, STORAGE, ...),
// which keep these shapes in later Gym versions too.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/gym/gym_commands.hpp"

using namespace goe::gym;
using Words = std::vector<std::string>;

namespace {

const Command* command(std::string_view name) {
    for (const auto& c : commands())
        if (c.name == name) return &c;
    return nullptr;
}

std::string_view take_name(Take t) {
    switch (t) {
        case Take::flag: return "flag";
        case Take::one: return "one";
        case Take::append: return "append";
        case Take::two: return "two";
        case Take::constant: return "constant";
    }
    return "?";
}

std::string_view emit_name(Emit e) {
    switch (e) {
        case Emit::nothing: return "nothing";
        case Emit::config: return "config";
        case Emit::selector: return "selector";
        case Emit::value: return "value";
        case Emit::quoted: return "quoted";
        case Emit::boolean: return "boolean";
        case Emit::entrypoint: return "entrypoint";
        case Emit::revision: return "revision";
        case Emit::format_json: return "format_json";
        case Emit::name: return "name";
        case Emit::search_terms: return "search_terms";
        case Emit::onboarding: return "onboarding";
        case Emit::init_target: return "init_target";
        case Emit::reward_range: return "reward_range";
        case Emit::reward_direction: return "reward_direction";
        case Emit::agent_type: return "agent_type";
        case Emit::check_ids: return "check_ids";
        case Emit::comma_list: return "comma_list";
    }
    return "?";
}

// "NAMES TAKE dest=DEST EMIT[ key=KEY][ const=C][ choices=[..]][ exclusive]" for the option
// named `option` in the command, or a note that there is none.
std::string option(std::string_view cmd, std::string_view option) {
    const Command* c = command(cmd);
    if (!c) return "no command " + std::string(cmd);
    for (const auto& f : c->flags) {
        for (const auto& o : f.opts) {
            if (std::find(o.names.begin(), o.names.end(), option) == o.names.end()) continue;
            std::string out =
                fmt::format("{} {} dest={} {}", fmt::join(o.names, "/"), take_name(o.take), o.dest, emit_name(f.emit));
            if (!f.key.empty()) out += " key=" + f.key;
            if (!o.constant.empty()) out += " const=" + o.constant;
            if (!o.choices.empty()) out += fmt::format(" choices=[{}]", fmt::join(o.choices, ","));
            if (f.exclusive) out += " exclusive";
            return out;
        }
    }
    return "no option " + std::string(option);
}

// Every option name of the command, in the order of its flags.
Words option_names(const Command& c) {
    Words out;
    for (const auto& f : c.flags)
        for (const auto& o : f.opts) out.push_back(o.names.front());
    return out;
}

// argparse's dest for an option: its first long name, or else its first name, without the
// leading dashes, '-' made '_'.
std::string argparse_dest(const Words& names) {
    auto it = std::find_if(names.begin(), names.end(), [](const std::string& n) { return n.starts_with("--"); });
    std::string d = it != names.end() ? it->substr(2) : names.front().substr(1);
    std::replace(d.begin(), d.end(), '-', '_');
    return d;
}

}  // namespace

TEST_CASE("commands: every command of COMMANDS, named as typed, in its order") {
    Words names;
    for (const auto& c : commands()) names.push_back(c.name);
    CHECK(names ==
          Words{"list benchmarks", "list environments", "list agents",      "list models",    "list resources-servers",
                "search",          "dataset upload",    "dataset download", "dataset rm",     "dataset migrate",
                "dataset render",  "dataset collate",   "env init",         "env resolve",    "env validate",
                "env packages",    "env test",          "env publish",      "env start",      "env prefetch",
                "env status",      "eval prepare",      "eval run",         "eval aggregate", "eval reverify",
                "eval profile",    "eval submit",       "dev test"});
}

TEST_CASE("commands: each option as main.py registers it, and the Hydra token it translates to") {
    struct Row {
        std::string_view command, option, expected;
    };
    for (const auto& r : {
             // CONFIG, the asset selectors, SEARCH_DIR and the model flags.
             Row{"env start", "--config", "--config append dest=config config"},
             Row{"env start", "--benchmark", "--benchmark one dest=benchmark selector key=benchmark"},
             Row{"env start", "--resources-server",
                 "--resources-server one dest=resources_server selector key=resources-server"},
             Row{"env start", "--model-type", "--model-type one dest=model_type selector key=model-type"},
             Row{"env start", "--search-dir", "--search-dir append dest=search_dir nothing"},
             Row{"env start", "-m", "--model/-m one dest=model value key=policy_model_name"},
             Row{"env start", "--model-url", "--model-url one dest=model_url value key=policy_base_url"},
             Row{"env start", "--model-api-key", "--model-api-key one dest=model_api_key value key=policy_api_key"},
             // _value_flag's choices and quote=True (json.dumps), _bool_flag, JSON.
             Row{"list environments", "--kind",
                 "--kind one dest=kind value key=catalog_kind choices=[environment,benchmark]"},
             Row{"list environments", "--modality", "--modality one dest=modality quoted key=modality"},
             Row{"list environments", "--status",
                 "--status one dest=status value key=status choices=[experimental,no-manifest]"},
             Row{"list environments", "--lifecycle",
                 "--lifecycle one dest=lifecycle value key=lifecycle choices=[active,deprecated]"},
             Row{"list environments", "--json", "--json flag dest=json boolean key=json"},
             Row{"env packages", "--json", "--json flag dest=json format_json"},
             Row{"env packages", "--resources-server", "--resources-server one dest=resources_server entrypoint"},
             // STORAGE registers only; --revision of upload emits +version and +revision.
             Row{"dataset upload", "--storage", "--storage one dest=storage nothing choices=[hf,gitlab]"},
             Row{"dataset upload", "--revision", "--revision one dest=revision revision"},
             Row{"dataset upload", "--create-pr", "--create-pr flag dest=create_pr boolean key=create_pr"},
             Row{"dataset upload", "-i", "--input/-i one dest=input value key=input_jsonl_fpath"},
             Row{"dataset download", "--revision", "--revision one dest=revision value key=version"},
             Row{"dataset download", "-o", "--output/-o one dest=output value key=output_fpath"},
             Row{"dataset collate", "--download", "--download flag dest=download boolean key=should_download"},
             Row{"dataset collate", "--mode",
                 "--mode one dest=mode value key=mode choices=[train_preparation,example_validation]"},
             // The mutually exclusive groups, nargs=2 and store_const.
             Row{"env init", "--resources-server",
                 "--resources-server one dest=resources_server init_target exclusive"},
             Row{"env init", "--environment", "--environment one dest=scaffold_environment init_target exclusive"},
             Row{"env init", "--benchmark", "--benchmark one dest=scaffold_benchmark init_target exclusive"},
             Row{"env init", "--reward-range", "--reward-range two dest=reward_range reward_range"},
             Row{"env init", "--higher-is-better",
                 "--higher-is-better constant dest=higher_is_better reward_direction const=true exclusive"},
             Row{"env init", "--lower-is-better",
                 "--lower-is-better constant dest=higher_is_better reward_direction const=false exclusive"},
             Row{"env init", "--reuse-verifier", "--reuse-verifier one dest=reuse_verifier quoted key=reuse_verifier"},
             Row{"eval run", "--no-serve", "--no-serve flag dest=no_serve nothing"},
             Row{"eval run", "-a", "--agent/-a one dest=agent value key=agent_name"},
             Row{"eval run", "--concurrency", "--concurrency one dest=concurrency value key=num_samples_in_parallel"},
             Row{"eval run", "--top-p", "--top-p one dest=top_p value key=responses_create_params.top_p"},
             // eval submit's --config is a submit file, no +config_paths entry.
             Row{"eval submit", "-c", "--config/-c one dest=config nothing"},
             Row{"eval submit", "--dry-run", "--dry-run flag dest=dry_run nothing"},
             // What a command does not have.
             Row{"env status", "--config", "no option --config"},
             Row{"dev test", "--json", "no option --json"},
         }) {
        INFO(r.command << " " << r.option);
        CHECK(option(r.command, r.option) == r.expected);
    }
}

TEST_CASE("commands: the serving commands list CONFIG, the selectors and SEARCH_DIR first, in that order") {
    // Gym emits the translated tokens in this order, whatever the order on the command line.
    const Words first{"--config", "--benchmark", "--environment", "--resources-server", "--model-type", "--search-dir"};
    for (std::string_view name : {"env start", "env prefetch", "eval run", "eval reverify"}) {
        INFO(name);
        const Command* c = command(name);
        REQUIRE(c);
        Words names = option_names(*c);
        REQUIRE(names.size() >= first.size());
        CHECK(Words(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(first.size())) == first);
    }
    CHECK(option_names(*command("env start")) == Words{"--config", "--benchmark", "--environment", "--resources-server",
                                                       "--model-type", "--search-dir", "--model", "--model-url",
                                                       "--model-api-key"});
    CHECK(option_names(*command("env prefetch")) ==
          Words{"--config", "--benchmark", "--environment", "--resources-server", "--model-type", "--search-dir"});
}

TEST_CASE("commands: the positionals of NAME, SEARCH_TERMS and ONBOARDING_NAME") {
    auto positionals = [](std::string_view name) {
        std::vector<std::string> out;
        for (const auto& f : command(name)->flags)
            for (const auto& p : f.positionals)
                out.push_back(fmt::format("{}:{}{}{}", emit_name(f.emit), p.dest, p.optional ? "?" : "",
                                          p.choices.empty() ? "" : fmt::format("[{}]", fmt::join(p.choices, ","))));
        return out;
    };
    CHECK(positionals("list agents") == Words{"name:name?"});
    CHECK(positionals("search") ==
          Words{"search_terms:component_type?[benchmarks,environments,agents,models,resources-servers]",
                "search_terms:query"});
    CHECK(positionals("env validate") == Words{"onboarding:onboarding_name?"});
    CHECK(positionals("env start").empty());
}

// What argparse itself would refuse or what gym_args relies on.
TEST_CASE("commands: every option well formed, as argparse and gym_args need it") {
    for (const auto& c : commands()) {
        INFO(c.name);
        std::string group = c.name.substr(0, c.name.find(' '));
        CHECK(std::set<std::string>{"list", "search", "dataset", "env", "eval", "dev"}.count(group) == 1);
        std::set<std::string> seen;
        for (const auto& f : c.flags) {
            INFO(emit_name(f.emit) << " " << f.key);
            bool positional = f.emit == Emit::name || f.emit == Emit::search_terms || f.emit == Emit::onboarding;
            CHECK(positional == !f.positionals.empty());
            CHECK(positional == f.opts.empty());
            bool keyed =
                f.emit == Emit::value || f.emit == Emit::quoted || f.emit == Emit::boolean || f.emit == Emit::selector;
            CHECK(keyed == !f.key.empty());
            if (keyed) CHECK(f.opts.size() == 1);
            CHECK(f.exclusive == (f.opts.size() > 1));
            bool explicit_dest = f.emit == Emit::init_target || f.emit == Emit::reward_direction;
            for (const auto& o : f.opts) {
                for (const auto& n : o.names) {
                    INFO(n);
                    // argparse: "conflicting option string"
                    CHECK(seen.insert(n).second);
                    CHECK((n.starts_with("--") ? n.size() > 2 : n.size() == 2 && n[0] == '-'));
                }
                if (!explicit_dest) CHECK(o.dest == argparse_dest(o.names));
                CHECK((o.take == Take::constant) == !o.constant.empty());
                if (!o.choices.empty()) CHECK(o.take == Take::one);
            }
        }
    }
}
