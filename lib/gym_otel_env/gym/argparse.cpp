#include "gym_otel_env/gym/argparse.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gym_otel_env/core/close_match.hpp"
#include "gym_otel_env/core/python.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/gym_refusals.hpp"

namespace goe {
namespace {

using namespace gym;

[[noreturn]] void refuse(const std::string& what) { refuse_gym_command(what); }

// ---- argparse's reading of one level of the command line ------------------------------

struct Known {
    std::string name;
    int flag = -1, opt = -1;  // -1: a parser-level option (-h, -v, --version, --json)
};

struct Match {
    const Known* known = nullptr;
    std::optional<std::string> explicit_value;
};

bool negative_number(std::string_view w) {
    // argparse's '^-\d+$|^-\d*\.\d+$': \d is any Unicode decimal digit, and $ also
    // matches before a final newline.
    if (w.size() < 2 || w[0] != '-') return false;
    std::u32string rest = code_points(w.substr(1));
    if (!rest.empty() && rest.back() == U'\n') rest.pop_back();
    auto digits = [](std::u32string_view s) {
        return std::all_of(s.begin(), s.end(), [](char32_t c) { return python_decimal_value(c) >= 0; });
    };
    size_t dot = rest.find(U'.');
    if (dot == std::u32string::npos) return !rest.empty() && digits(rest);
    return digits(std::u32string_view(rest).substr(0, dot)) && rest.size() > dot + 1 &&
           digits(std::u32string_view(rest).substr(dot + 1));
}

// argparse's _parse_optional: nullopt for a positional word; a Match without `known` for
// an option it does not know (left over, as Gym's main then refuses it).
std::optional<Match> classify(const std::string& w, const std::vector<Known>& known) {
    if (w.empty() || w[0] != '-' || w == "-") return std::nullopt;
    for (const auto& k : known)
        if (k.name == w) return Match{&k, std::nullopt};
    size_t eq = w.find('=');
    if (eq != std::string::npos)
        for (const auto& k : known)
            if (k.name == w.substr(0, eq)) return Match{&k, w.substr(eq + 1)};
    // Abbreviations (allow_abbrev): a long option by a unique prefix; -xVALUE for -x.
    std::vector<Match> found;
    if (w.starts_with("--")) {
        std::string prefix = w.substr(0, eq);
        for (const auto& k : known)
            if (k.name.starts_with(prefix))
                found.push_back(Match{&k, eq == std::string::npos ? std::nullopt : std::optional(w.substr(eq + 1))});
    } else {
        for (const auto& k : known) {
            if (k.name == w.substr(0, 2)) found.push_back(Match{&k, w.substr(2)});
            else if (k.name.starts_with(w)) found.push_back(Match{&k, std::nullopt});
        }
    }
    if (found.size() > 1) {
        std::string names;
        for (const auto& m : found) names += (names.empty() ? "" : ", ") + m.known->name;
        refuse(fmt::format("ambiguous option: {} could match {}", w.substr(0, eq), names));
    }
    if (found.size() == 1) return found.front();
    if (negative_number(w)) return std::nullopt;
    if (w.find(' ') != std::string::npos) return std::nullopt;
    return Match{};
}

std::string quoted_choices(const std::vector<std::string>& choices) {
    std::string out;
    for (const auto& c : choices) out += (out.empty() ? "'" : ", '") + c + "'";
    return out;
}

void checked(Check check, const std::string& name, const std::string& value);

class Reader {
public:
    Reader(std::vector<std::string> words, const std::vector<Command>& table) : w_(std::move(words)), table_(table) {}

    ParsedGymWords read() {
        std::vector<Known> top{{"-h"}, {"--help"}, {"--version"}, {"--json"}, {"-v"}, {"--verbose"}};
        remember(top);
        // The top parser: its own flags, then the first positional word picks the group.
        std::string group = next_positional(top);
        if (p_.help || group.empty()) return std::move(p_);
        std::vector<std::string> groups;
        for (const auto& c : table_) {
            std::string g = c.name.substr(0, c.name.find(' '));
            if (std::find(groups.begin(), groups.end(), g) == groups.end()) groups.push_back(g);
        }
        if (std::find(groups.begin(), groups.end(), group) == groups.end())
            refuse(fmt::format("argument {{{}}}: invalid choice: '{}' (choose from {}){}", fmt::join(groups, ","),
                               group, quoted_choices(groups), did_you_mean(group, groups)));
        std::string full = group;
        if (!single(group)) {
            std::vector<Known> help{{"-h"}, {"--help"}};
            remember(help);
            std::string action = next_positional(help);
            if (p_.help || action.empty()) return std::move(p_);
            std::vector<std::string> actions;
            for (const auto& c : table_)
                if (c.name.starts_with(group + " ")) actions.push_back(c.name.substr(group.size() + 1));
            if (std::find(actions.begin(), actions.end(), action) == actions.end())
                refuse(fmt::format("argument {{{}}}: invalid choice: '{}' (choose from {}){}", fmt::join(actions, ","),
                                   action, quoted_choices(actions), did_you_mean(action, actions)));
            full += " " + action;
        }
        for (const auto& c : table_)
            if (c.name == full) p_.command = &c;
        leaf();
        return std::move(p_);
    }

private:
    bool single(const std::string& group) const {
        return std::any_of(table_.begin(), table_.end(), [&](const Command& c) { return c.name == group; });
    }

    void remember(const std::vector<Known>& known) {
        p_.known_names.clear();
        for (const auto& k : known) p_.known_names.push_back(k.name);
    }

    // Reads options of a parser that takes one positional (a sub-command) and returns it,
    // or "" when the words run out first.
    std::string next_positional(const std::vector<Known>& known) {
        while (i_ < w_.size()) {
            const std::string& w = w_[i_++];
            if (w == "--") continue;
            auto m = classify(w, known);
            if (!m) return w;
            if (!m->known) {
                p_.extras.push_back(w);
                continue;
            }
            parser_flag(*m);
            if (p_.help) return {};
        }
        return {};
    }

    void parser_flag(const Match& m) {
        const std::string& n = m.known->name;
        // argparse names an action by all its option strings.
        std::string shown = n == "-h" || n == "--help"      ? "-h/--help"
                            : n == "-v" || n == "--verbose" ? "-v/--verbose"
                                                            : n;
        if (m.explicit_value)
            refuse(fmt::format("argument {}: ignored explicit argument '{}'", shown, *m.explicit_value));
        if (n == "-h" || n == "--help") p_.help = true;
        else if (n == "--version") p_.version = true;
        else if (n == "--json") p_.json = true;
        else p_.verbose = true;
    }

    void leaf() {
        const Command& c = *p_.command;
        std::vector<Known> known{{"-h"}, {"--help"}, {"-v"}, {"--verbose"}};
        std::vector<const Positional*> positionals;
        std::vector<int> positional_flag;
        for (size_t f = 0; f < c.flags.size(); ++f) {
            for (size_t o = 0; o < c.flags[f].opts.size(); ++o)
                for (const auto& n : c.flags[f].opts[o].names)
                    known.push_back(Known{n, static_cast<int>(f), static_cast<int>(o)});
            for (const auto& pos : c.flags[f].positionals) positionals.push_back(&pos);
        }
        remember(known);
        std::vector<std::string> words;  // positional words, in order
        bool rest_positional = false;
        while (i_ < w_.size()) {
            const std::string& w = w_[i_++];
            if (rest_positional) {
                words.push_back(w);
                continue;
            }
            if (w == "--") {
                // Python 3.11's argparse hands a subcommand's "--" on with the leftovers,
                // where Gym's main refuses it as an unknown option.
                p_.extras.push_back(w);
                rest_positional = true;
                continue;
            }
            auto m = classify(w, known);
            if (!m) {
                words.push_back(w);
                continue;
            }
            if (!m->known) {
                p_.extras.push_back(w);
                continue;
            }
            if (m->known->flag < 0) {
                parser_flag(*m);
                if (p_.help) return;
                continue;
            }
            option(c, *m, known, w);
        }
        // Positionals take the first positional words (nargs='?' may go without), the rest
        // is left over for Hydra.
        size_t used = 0;
        size_t optional_count = 0;
        for (auto* pos : positionals) optional_count += pos->optional ? 1 : 0;
        size_t spare = words.size() > positionals.size() - optional_count
                           ? words.size() - (positionals.size() - optional_count)
                           : 0;
        for (auto* pos : positionals) {
            if (pos->optional && spare == 0) continue;
            if (used >= words.size()) {
                std::string shown = pos->metavar.empty() ? pos->dest : pos->metavar;
                refuse(fmt::format("the following arguments are required: {}", shown));
            }
            const std::string& v = words[used++];
            if (pos->optional) --spare;
            if (!pos->choices.empty() && std::find(pos->choices.begin(), pos->choices.end(), v) == pos->choices.end())
                refuse(fmt::format("argument {}: invalid choice: '{}' (choose from {})", pos->dest, v,
                                   quoted_choices(pos->choices)));
            p_.values[pos->dest] = {v};
        }
        // Unrecognised words keep their order among themselves.
        for (; used < words.size(); ++used) p_.extras.push_back(words[used]);
        if (c.name == "eval submit" && !p_.values.count("config"))
            refuse("the following arguments are required: --config/-c");
    }

    // A value word for `name`: the next word, unless argparse would read it as an option.
    std::string value_for(const std::string& name, const std::vector<Known>& known, const char* how) {
        if (i_ >= w_.size() || w_[i_] == "--" || classify(w_[i_], known))
            refuse(fmt::format("argument {}: expected {}", name, how));
        return w_[i_++];
    }

    void option(const Command& c, const Match& m, const std::vector<Known>& known, const std::string& word) {
        const Flag& flag = c.flags[static_cast<size_t>(m.known->flag)];
        const Opt& opt = flag.opts[static_cast<size_t>(m.known->opt)];
        // A config path, a selector's name or a root is shown as written; another option's
        // value may be a key (--model-api-key), so only the option is.
        bool shown = flag.emit == Emit::config || flag.emit == Emit::selector || flag.emit == Emit::agent_type ||
                     opt.dest == "search_dir";
        if (shown && !m.explicit_value && i_ < w_.size()) p_.inputs.push_back(word + " " + w_[i_]);
        else if (shown) p_.inputs.push_back(word);
        else if (flag.emit != Emit::nothing) p_.inputs.push_back(m.known->name);
        const std::string name = fmt::format("{}", fmt::join(opt.names, "/"));  // argparse's "--model/-m"
        if (flag.exclusive) {
            auto [it, fresh] = p_.exclusive_seen.emplace(m.known->flag, m.known->opt);
            if (!fresh && it->second != m.known->opt)
                refuse(fmt::format("argument {}: not allowed with argument {}", name,
                                   fmt::join(flag.opts[static_cast<size_t>(it->second)].names, "/")));
        }
        auto& slot = p_.values[opt.dest];
        switch (opt.take) {
            case Take::flag:
            case Take::constant:
                if (m.explicit_value)
                    refuse(fmt::format("argument {}: ignored explicit argument '{}'", name, *m.explicit_value));
                slot = {opt.take == Take::flag ? "true" : opt.constant};
                return;
            case Take::two: {
                if (m.explicit_value) refuse(fmt::format("argument {}: expected 2 arguments", name));
                std::vector<std::string> pair;
                for (int k = 0; k < 2; ++k) {
                    if (i_ >= w_.size() || w_[i_] == "--" || classify(w_[i_], known))
                        refuse(fmt::format("argument {}: expected 2 arguments", name));
                    pair.push_back(w_[i_++]);
                }
                slot = pair;
                return;
            }
            case Take::one:
            case Take::append: {
                std::string v = m.explicit_value ? *m.explicit_value : value_for(name, known, "one argument");
                if (!opt.choices.empty() && std::find(opt.choices.begin(), opt.choices.end(), v) == opt.choices.end())
                    refuse(fmt::format("argument {}: invalid choice: '{}' (choose from {})", name, v,
                                       quoted_choices(opt.choices)));
                checked(opt.check, name, v);
                if (opt.take == Take::append) slot.push_back(v);
                else slot = {v};
                return;
            }
        }
    }

    std::vector<std::string> w_;
    const std::vector<Command>& table_;
    size_t i_ = 0;
    ParsedGymWords p_;
};

// main.py's _split_comma_separated: the items stripped; an empty one is refused.
}  // namespace

std::optional<std::vector<std::string>> split_check_ids(const std::string& value) {
    std::vector<std::string> items;
    for (const auto& item : split(value, ',')) {
        std::string stripped(python_strip(item));
        if (stripped.empty()) return std::nullopt;
        items.push_back(std::move(stripped));
    }
    return items;
}

namespace {

// argparse's type= of an option, which refuses a value as argparse words it.
void checked(Check check, const std::string& name, const std::string& value) {
    switch (check) {
        case Check::none: return;
        case Check::integer:
            if (!python_int_of(value)) refuse(fmt::format("argument {}: invalid int value: '{}'", name, value));
            return;
        case Check::check_ids:
            if (!split_check_ids(value))
                refuse(
                    fmt::format("argument {}: check IDs must be a comma-separated list without empty entries", name));
            return;
    }
}

}  // namespace

ParsedGymWords parse_gym_words(std::vector<std::string> words, const std::vector<gym::Command>& table) {
    return Reader(std::move(words), table).read();
}

}  // namespace goe
