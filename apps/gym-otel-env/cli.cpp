#include "cli.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "build_info.hpp"
#include "gym_otel_env/followed.hpp"
#include "gym_otel_env/gym_versions.hpp"
#include "gym_otel_env/output/render.hpp"
#include "gym_otel_env/telemetry/diagnose.hpp"

namespace goe::app {

namespace {

// The help's groups, in the order it shows them; every option is in one.
constexpr std::array<std::string_view, 5> kGroups{"Input", "Output", "Run", "Checks", "Other"};
constexpr size_t kWidth = 80;        // the help and the version fit a terminal of 80 columns
constexpr size_t kDescription = 26;  // the column where an option's explanation starts

// `words` broken at spaces into lines of at most kWidth columns, the first line going on
// from column `at`, the others indented by `indent`; ends with a newline.
std::string wrapped(std::string_view words, size_t at, size_t indent) {
    std::string out;
    size_t column = at;
    bool first = true;
    while (!words.empty()) {
        size_t end = words.find(' ');
        std::string_view word = words.substr(0, end);
        words = end == std::string_view::npos ? std::string_view() : words.substr(end + 1);
        if (word.empty()) continue;
        if (!first && column + 1 + word.size() > kWidth) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
        } else if (!first) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        first = false;
    }
    return out + "\n";
}

// `items` after `label`, separated by commas, a line broken only between items.
std::string listed(std::string_view label, const std::vector<std::string>& items) {
    std::string out(label);
    size_t column = label.size();
    for (size_t i = 0; i < items.size(); ++i) {
        std::string item = items[i] + (i + 1 < items.size() ? "," : "");
        if (i > 0 && column + 1 + item.size() > kWidth) {
            out += "\n" + std::string(label.size(), ' ');
            column = label.size();
        } else if (i > 0) {
            out += ' ';
            ++column;
        }
        out += item;
        column += item.size();
    }
    return out + "\n";
}

// The name of an option's argument as the help shows it: the type name it was given
// (KEY=VALUE, [=short]), or, for an option left with CLI11's "TEXT:{...}" (which CLI11's
// usage errors quote, so it stays), its long name in capitals: FORMAT.
std::string argument(const CLI::Option& option) {
    std::string type = option.get_type_name();
    type = type.substr(0, type.find(':'));
    if (type == "TEXT" && !option.get_lnames().empty()) {
        type = option.get_lnames().front();
        std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::toupper(c); });
    }
    if (type.empty() || type.front() == '[') return type;  // --explain[=short]: the value is attached
    return " " + type;
}

// "  -q, --quiet" or "      --set KEY=VALUE", then the explanation from column kDescription.
std::string option_line(const CLI::Option& option) {
    std::string names;
    for (const auto& s : option.get_snames()) names += "-" + s + ", ";
    names = names.empty() ? "      " : "  " + names;
    for (size_t i = 0; i < option.get_lnames().size(); ++i) names += (i ? ", --" : "--") + option.get_lnames()[i];
    names += argument(option);
    if (names.size() + 2 > kDescription) names += "\n" + std::string(kDescription, ' ');
    else names.resize(kDescription, ' ');
    return names + wrapped(option.get_description(), kDescription, kDescription);
}

// A hand-written help in the shape of ls's and git's, built from the options themselves,
// so that none can be left out, and from kFormats.
class Help : public CLI::FormatterBase {
public:
    std::string make_help(const CLI::App* app, std::string, CLI::AppFormatMode) const override {
        std::string out = fmt::format(
            "Usage: {0} [OPTION]... [CONFIG]...\n"
            "  or:  {0} [OPTION]... [CONFIG]... --exec -- COMMAND [ARG]...\n",
            app->get_name());
        out += wrapped(app->get_description(), 0, 0);
        out += "\n";
        out += wrapped(
            "The variables come from the telemetry block of the CONFIG files, read as Gym reads them and merged "
            "in order ('-' is standard input); variables already set always win. A CONFIG word such as "
            "+telemetry.exporter=console is a Hydra override, as on Gym's command line. Under --exec with no CONFIG, "
            "the configs on Gym's own command line after '--' are read.",
            0, 0);
        std::vector<std::string_view> groups(kGroups.begin(), kGroups.end());
        for (const auto* option : app->get_options())  // a group not in kGroups still shows, last
            if (option->nonpositional() && std::find(groups.begin(), groups.end(), option->get_group()) == groups.end())
                groups.push_back(option->get_group());
        for (auto group : groups) {
            auto options =
                app->get_options([&](const CLI::Option* o) { return o->nonpositional() && o->get_group() == group; });
            if (options.empty()) continue;
            out += fmt::format("\n{}:\n", group);
            for (const auto* option : options) out += option_line(*option);
        }
        out += "\nFormats (--format FORMAT):\n";
        for (const auto& f : kFormats) out += fmt::format("  {:<12}{}\n", f.name, f.description);
        out += "\n";
        out += wrapped(
            "sh prints export NAME='value' lines on a terminal, and through a pipe or $(...) the form that any "
            "POSIX shell's eval reads back byte for byte.",
            0, 0);
        // Who reads each format, from kFormats' Reader column.
        std::vector<std::string_view> here, elsewhere, recording;
        for (const auto& f : kFormats) {
            (carries_kept(f.reader) ? elsewhere : here).push_back(f.name);
            if (f.reader == Reader::shell) recording.push_back(f.name);
        }
        out += "\n";
        out += wrapped(fmt::format("A variable already set is left out by {} and --exec, whose reader has it, and "
                                   "written with its value by {}, which are read elsewhere. {} also record what "
                                   "they set, so that a second run in the same shell picks up an edited config.",
                                   fmt::join(here, ", "), fmt::join(elsewhere, ", "), fmt::join(recording, " and ")),
                       0, 0);
        out +=
            "\nExamples:\n"
            "  eval \"$(gym-otel-env config.yaml)\"            # bash, zsh, dash, ksh\n"
            "  gym-otel-env --format fish config.yaml | source\n"
            "  gym-otel-env --exec -- gym env start --config my_env.yaml\n"
            "  gym-otel-env --format github config.yaml >> \"$GITHUB_ENV\"\n"
            "  gym-otel-env --check --strict config.yaml      # a CI gate\n"
            "  gym-otel-env --explain config.yaml >/dev/null  # where each value comes from\n"
            "  gym-otel-env --probe --exec -- gym env start --config my_env.yaml\n"
            "\n";
        out += wrapped(
            "Exit status: 0 on success (under --exec, the command's own), 1 for a bad config or environment, "
            "2 for bad usage, 70 for an internal error, 126 and 127 when --exec cannot run or find COMMAND.",
            0, 0);
        out += "\nManual: man gym-otel-env, or docs/manual.md in the source tree.\n";
        return out;
    }
};

}  // namespace

void build_cli(CLI::App& app, Invocation& o) {
    app.description("Print the OpenTelemetry environment of NeMo Gym's servers, or run COMMAND in it.");
    app.formatter(std::make_shared<Help>());
    app.set_help_flag("-h,--help", "print this help and exit")->group("Other");
    app.set_version_flag("--version", version_text, "print the versions it follows and was built with")->group("Other");
    app.add_option("CONFIG", o.configs, "Gym config files, merged in order ('-' reads standard input)");

    app.add_option("--set", o.sets, "set a config value, as Gym's ++KEY=VALUE (repeatable)")
        ->type_name("KEY=VALUE")
        ->allow_extra_args(false)  // one KEY=VALUE per --set: what follows is CONFIG
        ->group("Input");
    app.add_option("--env-yaml", o.env_yaml, "read PATH instead of env.yaml from the search roots")
        ->type_name("PATH")
        ->group("Input");
    app.add_flag("--no-env-yaml", o.no_env_yaml, "read no env.yaml (not with --env-yaml)")
        ->excludes("--env-yaml")
        ->group("Input");
    app.add_option("--search-dir", o.search_dirs, "look in DIR first for relative paths (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false)
        ->group("Input");
    app.add_option("--gym-root", o.gym_root, "Gym's install root, searched last (--exec finds it)")
        ->type_name("DIR")
        ->group("Input");
    app.add_option("--gym-version", o.gym_version,
                   "the Gym that will run, when its install root does not say: " + goe::gym_version_names())
        ->type_name("NAME")
        ->group("Input");

    std::vector<std::string> formats;  // kFormats' names, the default first
    formats.reserve(kFormats.size());
    for (const auto& f : kFormats) formats.emplace_back(f.name);
    app.add_option("--format", o.format,
                   fmt::format("how to print the variables: see Formats (default {})", formats[0]))
        ->check(CLI::IsMember(formats))
        ->group("Output");
    app.add_option("--name", o.name, "the Kubernetes objects' name (default gym-otel-env)")
        ->type_name("NAME")  // checked after parsing (invocation.hpp), with the format
        ->group("Output");
    app.add_flag("--allow-secrets-in-artifact", o.allow_secrets_in_artifact,
                 "--format gitlab: write secrets the config gives into the report")
        ->group("Output");

    app.add_flag("--exec", o.exec, "run COMMAND (after '--') with the variables")->group("Run");

    app.add_flag("--check", o.check, "validate and lint only; nothing on stdout")->group("Checks");
    app.add_flag("--explain", o.explain, "on stderr, where each variable comes from (full, the default, or short)")
        ->type_name("[=full|short]")
        ->transform([](const std::string& v) -> std::string {
            if (v != "true" && !parse_explain_form(v))  // "true": a bare --explain
                throw CLI::ValidationError("expected no value, full or short, got '" + v + "'");
            return v == "true" ? "full" : v;
        })
        ->group("Checks");
    app.add_flag("--probe", o.probe, "go on only if the collector accepts an empty export")->group("Checks");
    app.add_option("--probe-timeout", o.probe_timeout, "--probe's limit for all signals (default 5)")
        ->type_name("SECONDS")  // checked after parsing (probe_plan.hpp): CLI11's checks cost every run
        ->group("Checks");
    app.add_flag("--strict", o.report.strict, "treat every warning as an error")->group("Checks");
    app.add_flag("-q,--quiet", o.report.quiet, "print no warnings or notes")->group("Checks");
}

std::vector<OptionShape> option_shapes(const CLI::App& app) {
    std::vector<std::string> formats;
    formats.reserve(kFormats.size());
    for (const auto& f : kFormats) formats.emplace_back(f.name);
    std::vector<OptionShape> out;
    for (const auto* option : app.get_options()) {
        if (!option->nonpositional()) continue;
        // A flag's value, if any, comes after '=' only (--explain[=full|short]).
        std::string takes = option->get_type_size_max() == 0 ? std::string() : argument(*option);
        bool attached = takes.starts_with('[');  // its value is checked by the option itself
        if (attached) takes.clear();
        if (takes.starts_with(' ')) takes.erase(0, 1);
        std::vector<std::string> names;
        for (const auto& s : option->get_snames()) names.push_back("-" + s);
        for (const auto& l : option->get_lnames()) names.push_back("--" + l);
        for (const auto& name : names)
            out.push_back({name, takes, name == "--format" ? formats : std::vector<std::string>{}, attached});
    }
    return out;
}

std::string version_text() {
    std::vector<std::string> followed;
    followed.reserve(kFollowed.size());
    for (const auto& f : kFollowed) followed.push_back(fmt::format("{} {} ({})", f.system, f.version, f.part));
    std::vector<std::string> built{
        fmt::format("yaml-cpp {}", build::yaml_cpp),
        fmt::format("fmt {}", build::fmt),
        fmt::format("CLI11 {}", build::cli11),
        fmt::format("{} ({}, {})", build::compiler, build::build_type, build::linking),
    };
    // The Gyms it knows, each with the telemetry schema it has; the first is the default.
    std::vector<std::string> gyms;
    gyms.reserve(kGymVersions.size());
    for (const auto& g : kGymVersions)
        gyms.push_back(g.name == g.schema ? std::string(g.name) : fmt::format("{} (schema {})", g.name, g.schema));
    gyms.front() += " (the default)";
    std::string text = fmt::format("gym-otel-env {}\n", build::version) + listed("follows:    ", followed) +
                       listed("gym:        ", gyms) + listed("built with: ", built);
    text.pop_back();  // CLI11 ends the text with a newline of its own
    return text;
}

}  // namespace goe::app
