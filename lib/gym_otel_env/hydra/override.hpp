// Hydra 1.3's override grammar (hydra/grammar/OverrideParser.g4) for one command-line
// token `[+|++|~]KEY[@PACKAGE][=VALUE]`, and Hydra's way of applying a sequence of them
// to the empty primary config that Gym's `@hydra.main(config_path=None)` starts from
// (hydra/_internal/config_loader_impl.py, `_apply_overrides_to_config`). The result is
// the "CLI config" that load merges over every file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/value.hpp"

namespace goe {

// A parsed VALUE element, typed as Hydra's visitor types it.
struct OverrideValue {
    enum class Kind { string, quoted, integer, real, boolean, null, list, dict };
    Kind kind = Kind::string;
    std::string text;  // string and quoted: the value (unescaped); integer: canonical decimal
    // quoted: the quote it was written with, which Hydra's QuotedString keeps and compares
    // ('a' is not "a").
    char quote = '\'';
    double real = 0;
    bool boolean = false;
    std::vector<OverrideValue> items;  // list items; dict: keys and values alternate
};

struct ParsedOverride {
    enum class Type { change, add, force_add, del };  // KEY=, +KEY=, ++KEY=, ~KEY
    Type type = Type::change;
    std::string key;                     // the dotted path (or group) as written
    std::optional<std::string> package;  // KEY@PACKAGE
    std::optional<OverrideValue> value;  // none: `~KEY` without `=`
    std::string input;                   // the whole token, for messages
    std::string source;                  // "command line" or "--set"
    // A sweep (`a,b`, or choice/range/interval/glob) is for --multirun only; Hydra parses
    // it and refuses it before applying anything.
    enum class Sweep { none, simple_choice, function };
    Sweep sweep = Sweep::none;
    bool secret = false;  // it may carry a secret value: its messages show KEY=***
};

// Whether a text may carry a secret value. Hydra knows nothing of which settings are
// secret: the telemetry secrecy rule (may_hold_secret) comes in from the pipeline.
// nullptr: no text is.
using SecretTest = bool (*)(std::string_view text);

// Deepest nesting of lists and dicts in one VALUE.
constexpr int kMaxOverrideNesting = 256;

// Parses one token. Hydra's functions (the casts, sort(), shuffle(), the sweeps and tag())
// are evaluated as Hydra's visitor evaluates them; a function that gives a sweep makes a
// sweep override. Throws a usage Error naming the token (`source: Error parsing override
// 'TOKEN': ...`) for what Hydra's parser rejects, for a failing function, and for a sweep
// nested in a list or dict, which OmegaConf cannot hold.
ParsedOverride parse_override(std::string_view token, const std::string& source, SecretTest secret = nullptr,
                              int max_nesting = kMaxOverrideNesting);

// `--set KEY=VALUE` is the token `++KEY=VALUE` (a `+` or `++` written before KEY is
// dropped: --set always adds or overrides). Without `=` it is "expected KEY=VALUE".
ParsedOverride parse_set(std::string_view text, SecretTest secret = nullptr, int max_nesting = kMaxOverrideNesting);

// Applies the overrides, in order, to an empty config with Hydra's semantics (struct
// mode: KEY= must exist, +KEY= must not, ++KEY= either way, ~KEY deletes). Nodes carry
// the override's source as their origin. Keys under `hydra` configure Hydra itself and
// never reach Gym's config: they are skipped. Throws a usage Error with Hydra's words:
// first for any sweep, then for the first override that cannot be applied.
// `secret` also judges the values a message would quote from the config built so far.
NodePtr apply_overrides(const std::vector<ParsedOverride>& overrides, SecretTest secret = nullptr, int max_depth = 256);

// The CLI config as Gym's Hydra builds it: every token parsed first (Gym's, then each
// `--set` as parse_set reads it), then all applied to an empty config.
NodePtr command_line_config(const std::vector<std::string>& gym_overrides, const std::vector<std::string>& sets,
                            SecretTest secret = nullptr, int max_depth = 256);

// The tree a VALUE stands for (QuotedString -> str, as Hydra's Override.value() does).
// Throws a usage Error for a dict OmegaConf cannot hold (a None key).
NodePtr override_node(const OverrideValue& value, const Origin& origin = {});

// A printable form for tests: "++key(a.b) = [int(1), str('x')]".
std::string dump(const OverrideValue& value);
std::string dump(const ParsedOverride& override);

}  // namespace goe
