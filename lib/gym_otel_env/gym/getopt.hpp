// GNU getopt_long as the launchers in front of Gym (coreutils, util-linux, numactl) read
// their options, in the '+' mode every one of them asks for: options end at the first word
// that is not one, or after `--`. glibc's rules: short options combine (`-vi`), a required
// argument is the rest of the word or the next word, a long option may be any unambiguous
// prefix of its name, `--opt=value` or `--opt value`, an optional argument only as `=value`.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace goe {

struct LongOption {
    enum class Argument { none, required, optional };
    std::string_view name;
    Argument argument = Argument::none;
    // What the option is: its short letter ("i") when it has one, else its name again,
    // so that `-i` and `--ignore-environment` read the same.
    std::string_view key;
};

struct OptionGrammar {
    std::string_view shorts;  // getopt's string without its leading '+': "a:C:iS:u:v0"
    std::span<const LongOption> longs;
};

class OptionReader {
public:
    struct Step {
        enum class Kind { option, end, error };
        Kind kind = Kind::end;
        std::string key;                   // option: the short letter or the long option's key
        std::optional<std::string> value;  // option: its argument, when it has one
        std::string written;               // option: the word it was read from, as written ("-vi", "--ign")
        std::string error;                 // error: glibc's message ("invalid option -- 'x'")
    };

    // `words` are the arguments after the program's name.
    OptionReader(const OptionGrammar& grammar, std::vector<std::string> words);

    // The next option, or `end` at the first operand (a word that is not an option, `-`
    // alone), after `--`, or when the words run out; `error` where getopt_long would
    // print one and the program would stop.
    Step next();

    // The words from the first one not read yet: the operands once next() gave `end`.
    std::vector<std::string> rest() const;
    // Reads `words` from their start, as getopt does when a program resets optind (env -S).
    void restart(std::vector<std::string> words);
    // How many words next() has read through; after `end`, the index of the first operand.
    size_t index() const { return index_; }

private:
    Step long_option(const std::string& word);

    OptionGrammar grammar_;
    std::vector<std::string> words_;
    size_t index_ = 0;
    size_t cluster_ = 0;  // inside a word of short options: the next letter's offset
};

}  // namespace goe
