#include "gym_otel_env/gym/getopt.hpp"

#include <fmt/format.h>

namespace goe {

OptionReader::OptionReader(const OptionGrammar& grammar, std::vector<std::string> words)
    : grammar_(grammar), words_(std::move(words)) {}

std::vector<std::string> OptionReader::rest() const {
    return {words_.begin() + static_cast<std::ptrdiff_t>(index_), words_.end()};
}

void OptionReader::restart(std::vector<std::string> words) {
    words_ = std::move(words);
    index_ = 0;
    cluster_ = 0;
}

OptionReader::Step OptionReader::next() {
    Step step;
    if (cluster_ == 0) {
        if (index_ >= words_.size()) return step;
        const std::string& word = words_[index_];
        if (word == "--") {
            ++index_;
            return step;
        }
        if (word.size() < 2 || word[0] != '-') return step;  // an operand, `-` alone too: '+' stops here
        if (word[1] == '-') return long_option(word);
        cluster_ = 1;
    }
    const std::string& word = words_[index_];
    char letter = word[cluster_++];
    size_t at = grammar_.shorts.find(letter);
    // ':' is no option letter, only the mark of one that takes an argument.
    if (letter == ':' || at == std::string_view::npos) {
        step.kind = Step::Kind::error;
        step.error = fmt::format("invalid option -- '{}'", letter);
        return step;
    }
    bool required = at + 1 < grammar_.shorts.size() && grammar_.shorts[at + 1] == ':';
    bool optional = required && at + 2 < grammar_.shorts.size() && grammar_.shorts[at + 2] == ':';
    step.kind = Step::Kind::option;
    step.key = std::string(1, letter);
    step.written = word;
    std::string attached = word.substr(cluster_);
    if (required && !attached.empty()) {
        step.value = attached;
        cluster_ = word.size();
    } else if (required && !optional) {
        if (index_ + 1 >= words_.size()) {
            step.kind = Step::Kind::error;
            step.error = fmt::format("option requires an argument -- '{}'", letter);
            return step;
        }
        step.value = words_[++index_];
        cluster_ = word.size();
    }
    if (cluster_ >= word.size()) {
        ++index_;
        cluster_ = 0;
    }
    return step;
}

OptionReader::Step OptionReader::long_option(const std::string& word) {
    Step step;
    step.written = word;
    ++index_;
    size_t eq = word.find('=');
    std::string name = word.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
    // glibc quotes the whole word; the value after '=' is left out here, as it may be a secret.
    std::string shown = "--" + name;
    const LongOption* found = nullptr;
    std::vector<const LongOption*> prefixed;
    for (const auto& o : grammar_.longs) {
        if (o.name == name) {  // an exact match wins over any prefix
            found = &o;
            prefixed.clear();
            break;
        }
        if (o.name.starts_with(name)) prefixed.push_back(&o);
    }
    if (!found && !prefixed.empty()) {
        // glibc: ambiguous only when the candidates are different options.
        bool same = true;
        for (const auto* o : prefixed)
            same = same && o->key == prefixed[0]->key && o->argument == prefixed[0]->argument;
        if (!same) {
            step.kind = Step::Kind::error;
            step.error = fmt::format("option '{}' is ambiguous; possibilities:", shown);
            for (const auto* o : prefixed) step.error += fmt::format(" '--{}'", o->name);
            return step;
        }
        found = prefixed[0];
    }
    if (!found) {
        step.kind = Step::Kind::error;
        step.error = fmt::format("unrecognized option '{}'", shown);
        return step;
    }
    step.kind = Step::Kind::option;
    step.key = std::string(found->key);
    if (eq != std::string::npos) {
        if (found->argument == LongOption::Argument::none) {
            step.kind = Step::Kind::error;
            step.error = fmt::format("option '--{}' doesn't allow an argument", found->name);
            return step;
        }
        step.value = word.substr(eq + 1);
    } else if (found->argument == LongOption::Argument::required) {
        if (index_ >= words_.size()) {
            step.kind = Step::Kind::error;
            step.error = fmt::format("option '--{}' requires an argument", found->name);
            return step;
        }
        step.value = words_[index_++];
    }
    return step;
}

}  // namespace goe
