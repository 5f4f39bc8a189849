// Where a value came from, and the one error type every stage throws for user mistakes.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace goe {

// A position in a config file (line and column count from 1), or a named source
// such as "--set", "default", "environment" with no position.
struct Origin {
    std::string source;
    int line = 0;
    int column = 0;

    bool empty() const { return source.empty(); }
    // "c.yaml:4:16", "c.yaml" or "--set".
    std::string str() const;
};

// "ORIGIN: KEY.PATH: what", leaving out the parts that are empty: the text of an error
// or a warning after its "gym-otel-env: error: " prefix.
std::string locate(const Origin& origin, const std::string& key_path, const std::string& what);

// A user-facing failure: bad config, bad environment or bad usage. Thrown in lib/,
// caught once in main, printed as "gym-otel-env: error: ORIGIN: KEY.PATH: what".
class Error : public std::runtime_error {
public:
    enum class Kind { config, usage };

    Error(Origin origin, std::string key_path, const std::string& what, Kind kind = Kind::config);
    explicit Error(const std::string& what, Kind kind = Kind::config);
    // Several findings reported together (every '???' left in a config): each line is
    // already located and becomes its own "gym-otel-env: error:" line.
    explicit Error(const std::vector<std::string>& lines, Kind kind = Kind::config);

    const Origin& origin() const { return origin_; }
    const std::string& key_path() const { return key_path_; }
    const std::string& detail() const { return detail_; }
    Kind kind() const { return kind_; }
    // The message as lines to print: one, or each finding of the list constructor.
    const std::vector<std::string>& lines() const { return lines_; }

private:
    Origin origin_;
    std::string key_path_;
    std::string detail_;
    Kind kind_;
    std::vector<std::string> lines_;
};

}  // namespace goe
