// The consistency tests read files of the source tree (docs, completions) to hold their
// copies of a table to the table; GOE_SOURCE_DIR comes from tests/CMakeLists.txt.
#pragma once

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace goe_test {

inline std::string source_file(std::string_view relative) {
    std::string path = std::string(GOE_SOURCE_DIR) + "/" + std::string(relative);
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The blank-separated words of group 1 of `pattern`'s first match in the file, a lone
// `\` (a line continuation) left out; a note when nothing matches.
inline std::vector<std::string> matched_words(std::string_view relative, const std::string& pattern) {
    std::string text = source_file(relative);
    std::smatch m;
    if (!std::regex_search(text, m, std::regex(pattern)))
        return {"(no match for " + pattern + " in " + std::string(relative) + ")"};
    std::vector<std::string> out;
    std::istringstream words(m[1].str());
    for (std::string word; words >> word;)
        if (word != "\\") out.push_back(word);
    return out;
}

}  // namespace goe_test
