#include "gym_otel_env/render.hpp"

#include <fmt/format.h>

namespace goe {

std::optional<Format> parse_format(std::string_view name) {
    if (name == "sh") return Format::sh;
    if (name == "fish") return Format::fish;
    if (name == "json") return Format::json;
    if (name == "dotenv") return Format::dotenv;
    if (name == "github") return Format::github;
    if (name == "ray") return Format::ray;
    return std::nullopt;
}

namespace {

// Bytes that may stand literally in the output of an unquoted $(...): no IFS white
// space (runs would collapse), no glob characters (nullglob/failglob), no control
// bytes (bash's internal quoting bytes are \001 and \177).
bool literal_ok(unsigned char c) {
    if (c < 0x20 || c == 0x7f) return false;
    switch (c) {
        case '*': case '?': case '[': case '(': return false;
        default: return true;
    }
}

bool needs_printf(std::string_view value) {
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = static_cast<unsigned char>(value[i]);
        if (!literal_ok(c)) return true;
        // One space between words survives word splitting and eval's re-joining; two do not.
        if (c == ' ' && i + 1 < value.size() && value[i + 1] == ' ') return true;
    }
    return false;
}

std::string single_quoted(std::string_view value) {
    std::string out = "'";
    for (char c : value) {
        if (c == '\'') out += "'\"'\"'";
        else out += c;
    }
    return out + "'";
}

// printf format text that prints `value`: unsafe bytes, quotes, backslashes and
// spaces as octal escapes, '%' doubled.
std::string printf_format(std::string_view value) {
    std::string out;
    for (char ch : value) {
        auto c = static_cast<unsigned char>(ch);
        if (ch == '%') out += "%%";
        else if (!literal_ok(c) || ch == '\'' || ch == '\\' || ch == ' ') out += fmt::format("\\{:03o}", c);
        else out += ch;
    }
    return out;
}

std::string json_string(std::string_view value) {
    std::string out = "\"";
    for (size_t i = 0; i < value.size(); ++i) {
        auto c = static_cast<unsigned char>(value[i]);
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            case '\b': out += "\\b"; break;
            case '\f': out += "\\f"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    out += fmt::format("\\u{:04x}", c);
                } else if (c < 0x80) {
                    out += static_cast<char>(c);
                } else {
                    // Valid UTF-8 passes through; a stray byte becomes U+00XX.
                    size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
                    bool ok = len && i + len <= value.size();
                    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(value[i + k]) & 0xC0) == 0x80;
                    if (ok) {
                        out.append(value.substr(i, len));
                        i += len - 1;
                    } else {
                        out += fmt::format("\\u{:04x}", c);
                    }
                }
        }
    }
    return out + "\"";
}

bool dotenv_bare(std::string_view value) {
    for (char c : value) {
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  std::string_view("_./:@,+=%-").find(c) != std::string_view::npos;
        if (!ok) return false;
    }
    return true;
}

}  // namespace

std::string sh_word(std::string_view value) {
    if (!needs_printf(value)) return single_quoted(value);
    return fmt::format("\"$(printf '{}')\"", printf_format(value));
}

std::string render(const std::vector<Export>& exports, Format format,
                   const std::function<std::string()>& random_token) {
    std::string out;
    switch (format) {
        case Format::sh:
            for (const auto& e : exports) {
                // $(...) drops trailing newlines: print a guard byte and strip it.
                if (needs_printf(e.value) && !e.value.empty() && e.value.back() == '\n') {
                    out += fmt::format("{0}=\"$(printf '{1}_')\"; export {0}=\"${{{0}%_}}\";\n", e.name,
                                       printf_format(e.value));
                } else {
                    out += fmt::format("export {}={};\n", e.name, sh_word(e.value));
                }
            }
            return out;
        case Format::fish:
            for (const auto& e : exports) {
                std::string quoted = "'";
                for (char c : e.value) {
                    if (c == '\\' || c == '\'') quoted += '\\';
                    quoted += c;
                }
                out += fmt::format("set -gx {} {}';\n", e.name, quoted);
            }
            return out;
        case Format::json: {
            out = "{";
            for (size_t i = 0; i < exports.size(); ++i)
                out += fmt::format("{}{}: {}", i ? ", " : "", json_string(exports[i].name), json_string(exports[i].value));
            return out + "}\n";
        }
        case Format::dotenv:
            for (const auto& e : exports) {
                if (dotenv_bare(e.value)) {
                    out += fmt::format("{}={}\n", e.name, e.value);
                    continue;
                }
                std::string quoted = "'";
                for (char c : e.value) {
                    if (c == '\\' || c == '\'') quoted += '\\';
                    quoted += c;
                }
                out += fmt::format("{}={}'\n", e.name, quoted);
            }
            return out;
        case Format::github:
            for (const auto& e : exports) {
                if (e.value.find_first_of("\r\n") == std::string::npos) {
                    out += fmt::format("{}={}\n", e.name, e.value);
                    continue;
                }
                std::string delimiter;
                do delimiter = "ghadelimiter_" + random_token();
                while (e.value.find(delimiter) != std::string::npos);
                out += fmt::format("{0}<<{1}\n{2}\n{1}\n", e.name, delimiter, e.value);
            }
            return out;
        case Format::ray: {
            // `ray job submit --runtime-env-json`: the JSON object under "env_vars".
            std::string object = render(exports, Format::json, random_token);
            object.pop_back();  // its newline
            return fmt::format("{{\"env_vars\": {}}}\n", object);
        }
    }
    return out;
}

std::string render_failure(Format format) {
    return format == Format::sh || format == Format::fish ? "false\n" : "";
}

}  // namespace goe
