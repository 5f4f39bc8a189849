#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/invocation.hpp"
#include "gym_otel_env/output/render.hpp"
#include "support.hpp"

namespace {

using goe::Format;
using goe::testing::error_of;
using goe::testing::matched_words;
using goe::testing::source_file;

goe::Export make(std::string name, std::string value) {
    return goe::Export{
        std::move(name), std::move(value), goe::Export::Source::config, goe::Origin{"c.yaml", 3, 16}, {}};
}

std::string token() { return "0123456789abcdef"; }

// What each format's refusal suggests instead (issue 34): what helps that format's reader.
const std::string kDotenvInstead =
    "; run the program that reads the file under gym-otel-env instead (gym-otel-env c.yaml --exec -- python "
    "app.py), or have it read --format json";
const std::string kGithubInstead =
    "; compute the variables in the step that uses them (gym-otel-env c.yaml --exec -- gym ...), or keep such a "
    "value in a secret and give it to that step's env:";
const std::string kGitlabInstead =
    "; compute the variables inside the job that needs them (gym-otel-env c.yaml --exec -- gym ...), or keep such a "
    "value in a CI/CD variable";
std::string env_file_instead(std::string_view name) {
    return fmt::format(
        "; for docker or podman, export the variables here and pass each by name (eval \"$(gym-otel-env c.yaml)\"; "
        "docker run -e {} ...), or run gym-otel-env inside the container; for kubectl, use --format kubernetes",
        name);
}

// One variable rendered alone.
std::string one(Format format, const std::string& value, const std::string& name = "V") {
    return goe::render({make(name, value)}, format, token);
}

}  // namespace

TEST_CASE("parse_format knows every format of kFormats by its name, and no other") {
    std::set<std::string_view> names;
    for (const auto& f : goe::kFormats) {
        INFO(f.name);
        CHECK(goe::parse_format(f.name) == &f);
        CHECK(names.insert(f.name).second);
    }
    CHECK(goe::parse_format("bash") == nullptr);
    CHECK(goe::parse_format("") == nullptr);
}

TEST_CASE("kFormats: the first row is the default format") {
    CHECK(goe::parse_format(goe::Invocation{}.format) == goe::kDefaultFormat);
}

TEST_CASE("kFormats: every completion file offers exactly the formats, fish with their descriptions") {
    std::vector<std::string> names, described;
    for (const auto& f : goe::kFormats) {
        names.emplace_back(f.name);
        described.push_back(fmt::format("{}\\t\"{}\"", f.name, f.description));
    }
    CHECK(matched_words("completions/gym-otel-env.bash", R"re(local formats="([^"]*)")re") == names);
    CHECK(matched_words("completions/_gym-otel-env", R"(--format=\[[^\]]*\]:format:\(([^)]*)\))") == names);
    // fish: -a 'sh\t"POSIX shell (default)" fish\t"fish shell" ...', one word per format.
    std::string fish = source_file("completions/gym-otel-env.fish");
    std::smatch m;
    REQUIRE(std::regex_search(fish, m, std::regex(R"(-l format -x -a '([^']*)')")));
    std::vector<std::string> offered;
    std::string list = m[1].str();
    std::regex one_format(R"([^ \\]+\\t"[^"]*")");
    for (auto i = std::sregex_iterator(list.begin(), list.end(), one_format); i != std::sregex_iterator(); ++i)
        offered.push_back(i->str());
    CHECK(offered == described);
}

TEST_CASE("render_failure prints false for the shells only, for every format of kFormats") {
    // Written out, so that a new format must say what it prints on failure.
    const std::map<std::string_view, std::string> want{
        {"sh", "false\n"}, {"fish", "false\n"}, {"json", ""}, {"dotenv", ""},     {"env-file", ""},
        {"github", ""},    {"gitlab", ""},      {"ray", ""},  {"kubernetes", ""},
    };
    std::set<std::string_view> covered;
    for (const auto& f : goe::kFormats) {
        INFO(f.name);
        REQUIRE(want.count(f.name) == 1);
        CHECK(goe::render_failure(&f) == want.at(f.name));
        covered.insert(f.name);
    }
    CHECK(covered.size() == want.size());
}

// ---- kFormats held to the docs that list the formats, as the completions are above ----

namespace {

std::vector<std::string> format_names() {
    std::vector<std::string> out;
    out.reserve(goe::kFormats.size());
    for (const auto& f : goe::kFormats) out.emplace_back(f.name);
    return out;
}

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The `backquoted` words of `text`, in order.
std::vector<std::string> quoted_words(const std::string& text) {
    std::vector<std::string> out;
    std::regex word("`([^`]*)`");
    for (auto i = std::sregex_iterator(text.begin(), text.end(), word); i != std::sregex_iterator(); ++i)
        out.push_back((*i)[1].str());
    return out;
}

// The rows of the first Markdown table after the line `heading` whose header starts with
// `header`: each row's cells, trimmed.
std::vector<std::vector<std::string>> table_after(const std::string& doc, const std::string& heading,
                                                  const std::string& header) {
    auto lines = text_lines(doc);
    auto at = std::find(lines.begin(), lines.end(), heading);
    at = std::find_if(at, lines.end(), [&](const std::string& l) { return l.starts_with(header); });
    std::vector<std::vector<std::string>> rows;
    if (at == lines.end()) return rows;
    for (at += 2; at != lines.end() && at->starts_with("| ") && at->ends_with(" |"); ++at) {
        // "| a | b |" -> a, b; an escaped "\|" inside a cell has no space before it.
        std::string row = at->substr(2, at->size() - 4);
        std::vector<std::string> cells;
        for (size_t start = 0;;) {
            size_t bar = row.find(" | ", start);
            cells.push_back(row.substr(start, bar == std::string::npos ? bar : bar - start));
            if (bar == std::string::npos) break;
            start = bar + 3;
        }
        rows.push_back(cells);
    }
    return rows;
}

// The first `word` of each row's first cell: the format a table's row is about.
std::vector<std::string> first_words(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::string> out;
    for (const auto& row : rows) {
        auto words = quoted_words(row.empty() ? "" : row[0]);
        out.push_back(words.empty() ? "(no `format` in " + (row.empty() ? "" : row[0]) + ")" : words[0]);
    }
    return out;
}

// The man page's FORMATS: the `.B name` after each `.TP`.
std::vector<std::string> man_formats(const std::string& man) {
    auto lines = text_lines(man);
    auto at = std::find(lines.begin(), lines.end(), ".SH FORMATS");
    std::vector<std::string> out;
    for (; at != lines.end() && at + 1 != lines.end(); ++at) {
        if (at->starts_with(".SH ") && *at != ".SH FORMATS") break;
        if (*at != ".TP") continue;
        std::string tag = *(at + 1);
        for (size_t i; (i = tag.find("\\-")) != std::string::npos;) tag.replace(i, 2, "-");
        out.push_back(tag.starts_with(".B ") ? tag.substr(3) : "(not a .B entry) " + tag);
    }
    return out;
}

// The formats named, as `name`, in the part of `text` between `from` and the next `to`.
std::set<std::string> formats_between(const std::string& text, const std::string& from, const std::string& to) {
    auto start = text.find(from);
    if (start == std::string::npos) return {"(no '" + from + "')"};
    auto end = text.find(to, start + from.size());
    std::set<std::string> out;
    auto names = format_names();
    for (const auto& w : quoted_words(text.substr(start, end == std::string::npos ? end : end - start)))
        if (std::find(names.begin(), names.end(), w) != names.end()) out.insert(w);
    return out;
}

std::set<std::string> formats_where(bool (*keep)(const goe::FormatInfo&)) {
    std::set<std::string> out;
    for (const auto& f : goe::kFormats)
        if (keep(f)) out.emplace(f.name);
    return out;
}

}  // namespace

TEST_CASE("kFormats: the docs' lists of formats are kFormats, in its order, and nothing else") {
    auto names = format_names();
    SECTION("README.md's 'Formats (`--format`):' paragraph") {
        std::string paragraph;
        bool in = false;
        for (const auto& l : text_lines(source_file("README.md"))) {
            if (l.starts_with("Formats (`--format`):")) in = true;
            if (in && l.empty()) break;
            if (in) paragraph += l.substr(l.starts_with("Formats") ? l.find(':') + 1 : 0) + "\n";
        }
        CHECK(quoted_words(paragraph) == names);
    }
    SECTION("docs/manual.md's table under 'Output formats'") {
        CHECK(first_words(table_after(source_file("docs/manual.md"), "## Output formats", "| format |")) == names);
    }
    SECTION("docs/formats.md's table") {
        CHECK(first_words(table_after(source_file("docs/formats.md"), "# Output formats", "| format |")) == names);
    }
    SECTION("the man page's FORMATS") { CHECK(man_formats(source_file("docs/gym-otel-env.1")) == names); }
}

TEST_CASE("kFormats: what the docs say each format does on failure and with a kept variable is its row's") {
    auto shells = formats_where([](const goe::FormatInfo& f) { return f.on_failure == "false\n"; });
    auto quiet = formats_where([](const goe::FormatInfo& f) { return f.on_failure.empty(); });
    auto inherits = formats_where([](const goe::FormatInfo& f) { return !goe::carries_kept(f.reader); });
    std::string formats = source_file("docs/formats.md");
    SECTION("docs/formats.md 'On failure': which print false, which nothing") {
        CHECK(formats_between(formats, "## On failure", "print exactly `false`") == shells);
        CHECK(formats_between(formats, "print exactly `false`", "print nothing") == quiet);
    }
    SECTION("docs/formats.md 'Variables already set': left out, or written with its value") {
        CHECK(formats_between(formats, "- **Left out** by", ".") == inherits);
        auto elsewhere = formats_where([](const goe::FormatInfo& f) { return goe::carries_kept(f.reader); });
        CHECK(formats_between(formats, "- **Written with its value** by", ".") == elsewhere);
    }
    SECTION("docs/formats.md's table: the column 'a variable already set'") {
        auto rows = table_after(formats, "# Output formats", "| format |");
        REQUIRE(rows.size() == goe::kFormats.size());
        for (size_t i = 0; i < rows.size(); ++i) {
            const auto& f = goe::kFormats[i];
            INFO(f.name << ": " << rows[i].back());
            std::string want = !goe::carries_kept(f.reader)                     ? "left out"
                               : f.reader == goe::Reader::elsewhere_but_secrets ? "written, but a secret"
                                                                                : "written";
            CHECK(rows[i].back().starts_with(want));
            if (f.reader == goe::Reader::elsewhere) CHECK(!rows[i].back().starts_with("written, but"));
        }
    }
    SECTION("docs/manual.md: what each format prints when telemetry is off names every format") {
        auto all = formats_where([](const goe::FormatInfo&) { return true; });
        CHECK(formats_between(source_file("docs/manual.md"), "When telemetry is off,", "\n\n") == all);
    }
}

// The printf form of value V, one piece (see sh_piece in render.cpp).
std::string printf_form(const std::string& format, const std::string& name = "V") {
    return "_goe_p=\"`printf '" + format + ".'`\" && test \"${_goe_p%.}\" != \"$_goe_p\" && export " + name +
           "=\"${_goe_p%.}\"";
}
const std::string helpers_end = " &&\nunset _goe_p _goe_v;\n";

TEST_CASE("render sh: simple values read naturally, single-quoted") {
    CHECK(one(goe::parse_format("sh"), "my-gym", "OTEL_SERVICE_NAME") == "export OTEL_SERVICE_NAME='my-gym';\n");
    CHECK(one(goe::parse_format("sh"), "") == "export V='';\n");
    CHECK(one(goe::parse_format("sh"), "a b") == "export V='a b';\n");
    CHECK(one(goe::parse_format("sh"), " lead") == "export V=' lead';\n");
    CHECK(one(goe::parse_format("sh"), "http/x.y@z+1_A-9") == "export V='http/x.y@z+1_A-9';\n");
    CHECK(one(goe::parse_format("sh"), "-n") == "export V='-n';\n");
}

TEST_CASE("render sh: every byte another shell or option reads as syntax goes through printf octal escapes") {
    CHECK(one(goe::parse_format("sh"), "a  b") == printf_form("a\\040\\040b") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "a\tb") == printf_form("a\\011b") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "*.yaml") == printf_form("\\052.yaml") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "it's") == printf_form("it\\047s") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "%s\\") == printf_form("\\045s\\134") + helpers_end);
    // IFS values people use (`:`, `,`), braces (ksh93, mksh), zsh's globsubst and
    // extendedglob (`|~=#^<>()`), bash's extglob.
    CHECK(one(goe::parse_format("sh"), "http://c:4317") == printf_form("http\\072//c\\0724317") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "{a,b}") == printf_form("\\173a\\054b\\175") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "|~=#^<>()") ==
          printf_form("\\174\\176\\075\\043\\136\\074\\076\\050\\051") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "\x01\x7f") == printf_form("\\001\\177") + helpers_end);
}

TEST_CASE("render sh: regression: a byte of 0x80 or above stood literally and GB18030 read it with the quote") {
    CHECK(one(goe::parse_format("sh"), "\x81\x30") == printf_form("\\2010") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "gr\xc3\xbc") == printf_form("gr\\303\\274") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "\xff") == printf_form("\\377") + helpers_end);
}

TEST_CASE("render sh: regression: a leading dash in the printf format was taken for an option") {
    CHECK(one(goe::parse_format("sh"), "-v  x") == printf_form("\\055v\\040\\040x") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "--\t") == printf_form("\\055-\\011") + helpers_end);
}

TEST_CASE("render sh: trailing newlines survive `...` through the guard byte") {
    CHECK(one(goe::parse_format("sh"), "a\n") == printf_form("a\\012") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "\n\n") == printf_form("\\012\\012") + helpers_end);
}

TEST_CASE("render sh: regression: printf of a long value failed in mksh and set it empty; pieces, assembled") {
    std::string value(8192 + 2, '\t');
    std::string piece1, piece2 = "\\011\\011";
    for (int i = 0; i < 8192; ++i) piece1 += "\\011";
    auto step = [](const std::string& f) {
        return " &&\n_goe_p=\"`printf '" + f +
               ".'`\" && test \"${_goe_p%.}\" != \"$_goe_p\" && _goe_p=\"${_goe_p%.}\" && "
               "_goe_v=\"$_goe_v$_goe_p\"";
    };
    CHECK(one(goe::parse_format("sh"), value) ==
          "_goe_v=" + step(piece1) + step(piece2) + " && export V=\"$_goe_v\"" + helpers_end);
    // At the limit, one piece.
    CHECK(one(goe::parse_format("sh"), std::string(8192, '\t')) == printf_form(piece1) + helpers_end);
}

TEST_CASE("render sh: regression: bash 5.2 garbled the strip of a piece opening with a lead byte and a backslash") {
    // The piece is cut before the backslash: no printed piece holds a stretch of bytes of
    // 0x80 and above that opens it (or follows a backslash) and ends at a backslash.
    auto step = [](const std::string& f) {
        return " &&\n_goe_p=\"`printf '" + f +
               ".'`\" && test \"${_goe_p%.}\" != \"$_goe_p\" && _goe_p=\"${_goe_p%.}\" && "
               "_goe_v=\"$_goe_v$_goe_p\"";
    };
    auto pieces = [&](std::initializer_list<std::string> formats) {
        std::string out = "_goe_v=";
        for (const auto& f : formats) out += step(f);
        return out + " && export V=\"$_goe_v\"" + helpers_end;
    };
    CHECK(one(goe::parse_format("sh"), "\xe0\\") == pieces({"\\340", "\\134"}));
    CHECK(one(goe::parse_format("sh"), "\xc3\\x") == pieces({"\\303", "\\134x"}));
    CHECK(one(goe::parse_format("sh"), "\xf0\x9f\\\n") == pieces({"\\360\\237", "\\134\\012"}));
    // Mid-value: after a backslash, and Big5's 0xb3 0x5c.
    CHECK(one(goe::parse_format("sh"), "a\\\xe0\\b") == pieces({"a\\134\\340", "\\134b"}));
    CHECK(one(goe::parse_format("sh"), "\xb3\\") == pieces({"\\263", "\\134"}));
    // Across a piece boundary: the second piece opens with the pair.
    std::string long_value = std::string(8192, 'a') + "\xe0\\";
    CHECK(one(goe::parse_format("sh"), long_value) == pieces({std::string(8192, 'a'), "\\340", "\\134"}));
    // Whole UTF-8 characters before the backslash, or ASCII opening the stretch: one piece.
    CHECK(one(goe::parse_format("sh"), "\xc3\xa9\\") == printf_form("\\303\\251\\134") + helpers_end);
    CHECK(one(goe::parse_format("sh"), "a\xe0\\") == printf_form("a\\340\\134") + helpers_end);
    CHECK(one(goe::parse_format("sh"),
              "\xe0"
              "a\\") == printf_form("\\340a\\134") + helpers_end);
}

TEST_CASE("render sh: regression: yash's cut right after the value's own '.' looked like the guard") {
    // The piece ends after a '.' that a byte of 0x80 or above follows, so that a cut at
    // that byte loses the next piece's guard instead.
    auto step = [](const std::string& f) {
        return " &&\n_goe_p=\"`printf '" + f +
               ".'`\" && test \"${_goe_p%.}\" != \"$_goe_p\" && _goe_p=\"${_goe_p%.}\" && "
               "_goe_v=\"$_goe_v$_goe_p\"";
    };
    CHECK(one(goe::parse_format("sh"),
              "a.\xff"
              "b") == "_goe_v=" + step("a.") + step("\\377b") + " && export V=\"$_goe_v\"" + helpers_end);
    CHECK(one(goe::parse_format("sh"), "a.b\xff") == printf_form("a.b\\377") + helpers_end);
}

TEST_CASE("render sh: one and-or list, a statement per line, so the first failure stops eval") {
    CHECK(goe::render({make("A", "1"), make("B", "x y")}, goe::parse_format("sh"), token) ==
          "export A='1' &&\nexport B='x y';\n");
    CHECK(goe::render({make("A", "1"), make("B", "x;"), make("C", "2")}, goe::parse_format("sh"), token) ==
          "export A='1' &&\n" + printf_form("x\\073", "B") + " &&\nexport C='2'" + helpers_end);
    CHECK(goe::render({}, goe::parse_format("sh"), token).empty());
}

TEST_CASE("render fish: single quotes with only \\\\ and \\' escaped") {
    CHECK(one(goe::parse_format("fish"), "my-gym") == "set -gx V 'my-gym';\n");
    CHECK(one(goe::parse_format("fish"), "it's \\ $x") == "set -gx V 'it\\'s \\\\ $x';\n");
    CHECK(one(goe::parse_format("fish"), "a\n\tb\n") == "set -gx V 'a\n\tb\n';\n");
    CHECK(one(goe::parse_format("fish"), "") == "set -gx V '';\n");
}

TEST_CASE("render json: one object, UTF-8 as is, control bytes escaped") {
    auto out =
        goe::render({make("A", "1"), make("B", "q\"b\\n\n\t\x01\x7f\xc3\xbc")}, goe::parse_format("json"), token);
    CHECK(out == "{\"A\": \"1\", \"B\": \"q\\\"b\\\\n\\n\\t\\u0001\\u007f\xc3\xbc\"}\n");
    CHECK(goe::render({}, goe::parse_format("json"), token) == "{}\n");
}

TEST_CASE("render json: a byte outside UTF-8 becomes its surrogateescape code point") {
    CHECK(one(goe::parse_format("json"), "a\xff") == "{\"V\": \"a\\udcff\"}\n");
    CHECK(one(goe::parse_format("json"), "\xc3") == "{\"V\": \"\\udcc3\"}\n");                        // truncated
    CHECK(one(goe::parse_format("json"), "\xc0\xaf") == "{\"V\": \"\\udcc0\\udcaf\"}\n");             // overlong
    CHECK(one(goe::parse_format("json"), "\xed\xa0\x80") == "{\"V\": \"\\udced\\udca0\\udc80\"}\n");  // surrogate
    CHECK(one(goe::parse_format("json"), "\xf4\x90\x80\x80") ==
          "{\"V\": \"\\udcf4\\udc90\\udc80\\udc80\"}\n");  // > U+10FFFF
    CHECK(one(goe::parse_format("json"), "\xf0\x9f\x8e\x89") == "{\"V\": \"\xf0\x9f\x8e\x89\"}\n");
}

TEST_CASE("render dotenv: unquoted when docker and dotenv readers take it as is") {
    CHECK(one(goe::parse_format("dotenv"), "my-gym") == "V=my-gym\n");
    CHECK(one(goe::parse_format("dotenv"), "") == "V=\n");
    CHECK(one(goe::parse_format("dotenv"), "a b") == "V=a b\n");
    CHECK(one(goe::parse_format("dotenv"), "it's \"x\" $y \\n") == "V=it's \"x\" $y \\n\n");
    CHECK(one(goe::parse_format("dotenv"), "k1=v1,k2=v2") == "V=k1=v1,k2=v2\n");
    CHECK(one(goe::parse_format("dotenv"), "caf\xc3\xa9") == "V=caf\xc3\xa9\n");
}

TEST_CASE("render dotenv: quoted when an unquoted value would be read changed") {
    CHECK(one(goe::parse_format("dotenv"), " lead") == "V=' lead'\n");
    CHECK(one(goe::parse_format("dotenv"), "trail ") == "V='trail '\n");
    CHECK(one(goe::parse_format("dotenv"), "\xc2\xa0nbsp") == "V='\xc2\xa0nbsp'\n");
    CHECK(one(goe::parse_format("dotenv"), "a#b") == "V='a#b'\n");
    CHECK(one(goe::parse_format("dotenv"), "'x") == "V=\"'x\"\n");
    CHECK(one(goe::parse_format("dotenv"), "\"x\"") == "V='\"x\"'\n");
    CHECK(one(goe::parse_format("dotenv"), "a\tb") == "V='a\tb'\n");
    CHECK(one(goe::parse_format("dotenv"), "#a\\b") == "V='#a\\b'\n");
}

TEST_CASE("render dotenv: multi-line values on one line with \\n, else literal in single quotes") {
    CHECK(one(goe::parse_format("dotenv"), "a\nb\n") == "V=\"a\\nb\\n\"\n");
    CHECK(one(goe::parse_format("dotenv"), "x\ry'") == "V=\"x\\ry'\"\n");
    CHECK(one(goe::parse_format("dotenv"), "\"x\"\n") == "V='\"x\"\n'\n");
    CHECK(one(goe::parse_format("dotenv"), "a\\\n") == "V='a\\\n'\n");
}

TEST_CASE("render dotenv: refuses what no dotenv quoting carries, naming where it was written") {
    CHECK(error_of([&] { one(goe::parse_format("dotenv"), "'\"'\"'", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: it needs quotes, and npm dotenv or "
          "python-dotenv would read it back changed from both single and double quotes" +
              kDotenvInstead);
    CHECK(error_of([&] { one(goe::parse_format("dotenv"), "#a\\\\b'", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: it needs quotes, and npm dotenv or "
          "python-dotenv would read it back changed from both single and double quotes" +
              kDotenvInstead);
    CHECK(error_of([&] { one(goe::parse_format("dotenv"), "a\xff", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: it is not UTF-8, and dotenv files are read "
          "as UTF-8" +
              kDotenvInstead);
}

TEST_CASE("render dotenv: refuses what python-dotenv's default interpolation would replace, as its pattern finds it") {
    const std::string why =
        "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as dotenv: python-dotenv would replace the ${...} in it, "
        "in any quotes, and has no escape for it" +
        kDotenvInstead;
    for (const char* v : {"svc-${USER}-x", "${}", "${a b}", "${X:-default}", "${X:-}", "a${b}c${", "$${HOME}",
                          "\\${HOME}", "'${HOME}'", "${:-x}", "${a:b}${c}"}) {
        INFO(v);
        CHECK(error_of([&] { one(goe::parse_format("dotenv"), v, "OTEL_SERVICE_NAME"); }) == why);
    }
    // Not its pattern: written, and read back as is.
    CHECK(one(goe::parse_format("dotenv"), "$HOME ${ ${a") == "V=$HOME ${ ${a\n");
    CHECK(one(goe::parse_format("dotenv"), "${a:b}") == "V=${a:b}\n");
    CHECK(one(goe::parse_format("dotenv"), "${a:+b}") == "V=${a:+b}\n");
    CHECK(one(goe::parse_format("dotenv"), "{x}$") == "V={x}$\n");
}

TEST_CASE("render github: NAME=VALUE for one line, else a heredoc with a random delimiter") {
    CHECK(one(goe::parse_format("github"), "my gym") == "V=my gym\n");
    CHECK(one(goe::parse_format("github"), "") == "V=\n");
    CHECK(one(goe::parse_format("github"), "a<<b") == "V=a<<b\n");
    CHECK(one(goe::parse_format("github"), "a\nb\n") ==
          "V<<ghadelimiter_0123456789abcdef\na\nb\n\nghadelimiter_0123456789abcdef\n");
    CHECK(one(goe::parse_format("github"), "x\r") ==
          "V<<ghadelimiter_0123456789abcdef\nx\r\nghadelimiter_0123456789abcdef\n");
}

TEST_CASE("render github: a delimiter that occurs in the value is drawn again") {
    std::vector<std::string> tokens{"aaaa", "bbbb"};
    size_t next = 0;
    auto out = goe::render({make("V", "ghadelimiter_aaaa\nx")}, goe::parse_format("github"),
                           [&] { return tokens.at(next++); });
    CHECK(out == "V<<ghadelimiter_bbbb\nghadelimiter_aaaa\nx\nghadelimiter_bbbb\n");
}

TEST_CASE("render github: refuses a value that is not UTF-8") {
    CHECK(error_of([&] { one(goe::parse_format("github"), "\xc3(", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written for $GITHUB_ENV: it is not UTF-8, and the runner "
          "reads the file as UTF-8" +
              kGithubInstead);
}

TEST_CASE("render env-file: NAME=VALUE, the value as is, quotes, spaces and # included") {
    Format f = goe::parse_format("env-file");
    CHECK(one(f, "my gym", "OTEL_SERVICE_NAME") == "OTEL_SERVICE_NAME=my gym\n");
    CHECK(one(f, "") == "V=\n");
    CHECK(one(f, "'a b #c'") == "V='a b #c'\n");
    CHECK(one(f, "\"x\"") == "V=\"x\"\n");
    CHECK(one(f, "  both \t ") == "V=  both \t \n");
    CHECK(one(f, "#x=y") == "V=#x=y\n");
    CHECK(one(f, "a\rb $HOME ${x} \\n \xef\xbb\xbf") == "V=a\rb $HOME ${x} \\n \xef\xbb\xbf\n");
    CHECK(goe::render({make("A", "1"), make("B", "2")}, f, token) == "A=1\nB=2\n");
}

// podman 5's pkg/env/env.go (v5.0.0 to v5.8.2) cuts each line at the first '=' and keeps the
// rest, as podman 4 does; only 4.7.0 read quotes, '#' and lines after an open quote.
TEST_CASE("render env-file: quotes, # and trailing blanks are written as is, as podman 5 reads them") {
    Format f = goe::parse_format("env-file");
    CHECK(one(f, "\"a b\"", "OTEL_SERVICE_NAME") == "OTEL_SERVICE_NAME=\"a b\"\n");
    CHECK(one(f, "'x'") == "V='x'\n");
    CHECK(one(f, "\"open") == "V=\"open\n");
    CHECK(one(f, "'open") == "V='open\n");
    CHECK(one(f, "\"a\\\"b\" # c ") == "V=\"a\\\"b\" # c \n");
    CHECK(one(f, "`x`") == "V=`x`\n");
    CHECK(goe::render({make("A", "\"x"), make("B", "y\"")}, f, token) == "A=\"x\nB=y\"\n");
}

TEST_CASE("render env-file: refuses a line break, a trailing CR, bytes outside UTF-8 and a line over 64 KiB") {
    Format f = goe::parse_format("env-file");
    CHECK(error_of([&] { one(f, "a\nb", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as an env file: it holds a line break, and each line of "
          "the file is one variable" +
              env_file_instead("OTEL_SERVICE_NAME"));
    CHECK(error_of([&] { one(f, "x\r", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as an env file: it ends in a carriage return, which the "
          "readers take for part of the line break" +
              env_file_instead("OTEL_SERVICE_NAME"));
    CHECK(error_of([&] { one(f, "a\xff", "OTEL_SERVICE_NAME"); }) ==
          "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written as an env file: it is not UTF-8, and docker and kubectl "
          "refuse such a file" +
              env_file_instead("OTEL_SERVICE_NAME"));
    // "V=" and the value: 65,535 bytes is the longest line Go's bufio.Scanner returns.
    CHECK(one(f, std::string(65533, 'x')) == "V=" + std::string(65533, 'x') + "\n");
    CHECK(error_of([&] { one(f, std::string(65534, 'x')); }) ==
          "c.yaml:3:16: V: cannot be written as an env file: its line would be 65536 bytes, and docker, podman and "
          "kubectl read at most 65535 bytes per line" +
              env_file_instead("V"));
}

TEST_CASE("render gitlab: NAME=VALUE, the value as is") {
    Format f = goe::parse_format("gitlab");
    CHECK(one(f, "my gym", "OTEL_SERVICE_NAME") == "OTEL_SERVICE_NAME=my gym\n");
    CHECK(one(f, "") == "V=\n");
    CHECK(one(f, "'q' \"d\" #c a=b") == "V='q' \"d\" #c a=b\n");
    // A `$` or `%` that neither the runner nor the server reads as a reference.
    CHECK(one(f, "a$ $. $/ $% 5% %a b% %1% %%") == "V=a$ $. $/ $% 5% %a b% %1% %%\n");
    CHECK(one(f, "\xc2\xa0nbsp\xc2\xa0") == "V=\xc2\xa0nbsp\xc2\xa0\n");
    CHECK(one(f, "a\rb") == "V=a\rb\n");
    CHECK(goe::render({}, f, token).empty());
}

TEST_CASE("render gitlab: refuses line breaks, white space GitLab strips, references it expands, bytes outside UTF-8") {
    Format f = goe::parse_format("gitlab");
    auto error = [&](const std::string& value) { return error_of([&] { one(f, value, "OTEL_SERVICE_NAME"); }); };
    auto refused = [](std::string_view why) {
        return fmt::format("c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written for a GitLab dotenv report: {}{}", why,
                           kGitlabInstead);
    };
    CHECK(error("a\nb") == refused("it holds a line break, and GitLab reads one variable per line"));
    for (const char* v : {" a", "a ", "\ta", "a\v", "\fa", "\ra", "a\r"})
        CHECK(error(v) == refused("it starts or ends with white space, which GitLab strips"));
    for (const char* v : {"$HOME", "a${x}", "${", "$$", "$1", "$-", "$*", "$_", "%PATH%", "x%_a1%y", "a$$HOME"})
        CHECK(error(v) ==
              refused("GitLab would expand the $NAME, ${...} or %NAME% in it, and has no escape for dotenv variables"));
    CHECK(error("\xc3(") == refused("it is not UTF-8, and GitLab reads the file as UTF-8"));
}

TEST_CASE("render gitlab: refuses more variables or bytes than GitLab's default limits take") {
    Format f = goe::parse_format("gitlab");
    std::vector<goe::Export> exports;
    exports.reserve(21);
    for (int i = 0; i < 20; ++i) exports.push_back(make(fmt::format("V{:02}", i), "x"));
    CHECK(goe::render(exports, f, token).size() == size_t{20} * 6);
    exports.push_back(make("V20", "x"));
    CHECK(error_of([&] { goe::render(exports, f, token); }) ==
          "--format gitlab: 21 variables, and GitLab takes at most 20 from one dotenv report (its dotenv_variables "
          "limit, 20 by default; a self-managed instance can change it)" +
              kGitlabInstead);
    // "V=" + value + "\n": 5,119 bytes pass, 5,120 do not.
    CHECK(one(f, std::string(5116, 'x')).size() == 5119);
    CHECK(error_of([&] { one(f, std::string(5117, 'x')); }) ==
          "--format gitlab: the report would be 5120 bytes, and GitLab refuses one of 5120 bytes or more (its "
          "dotenv_size limit, 5120 by default; a self-managed instance can change it)" +
              kGitlabInstead);
}

TEST_CASE("render ray: the JSON object of the variables under \"env_vars\", on one line") {
    CHECK(one(goe::parse_format("ray"), "my-gym", "OTEL_SERVICE_NAME") ==
          "{\"env_vars\": {\"OTEL_SERVICE_NAME\": \"my-gym\"}}\n");
    CHECK(goe::render({make("A", "1"), make("B", "")}, goe::parse_format("ray"), token) ==
          "{\"env_vars\": {\"A\": \"1\", \"B\": \"\"}}\n");
    CHECK(goe::render({}, goe::parse_format("ray"), token) == "{\"env_vars\": {}}\n");
}

TEST_CASE("render ray: hostile values are JSON-escaped, a byte outside UTF-8 as its surrogateescape code point") {
    CHECK(one(goe::parse_format("ray"), "q\"b\\n\n\t\x01\x7f") ==
          "{\"env_vars\": {\"V\": \"q\\\"b\\\\n\\n\\t\\u0001\\u007f\"}}\n");
    CHECK(one(goe::parse_format("ray"), "}}, \"x\": {\"y") == "{\"env_vars\": {\"V\": \"}}, \\\"x\\\": {\\\"y\"}}\n");
    CHECK(one(goe::parse_format("ray"), "$(rm -rf ~) 'it''s' `x`") ==
          "{\"env_vars\": {\"V\": \"$(rm -rf ~) 'it''s' `x`\"}}\n");
    // A `$` that os.path.expandvars does not read as a reference.
    CHECK(one(goe::parse_format("ray"), "a$ $- $$ ${ ${x $\xc3\xa9 $.") ==
          "{\"env_vars\": {\"V\": \"a$ $- $$ ${ ${x $\xc3\xa9 $.\"}}\n");
    CHECK(one(goe::parse_format("ray"), "caf\xc3\xa9 \xff") == "{\"env_vars\": {\"V\": \"caf\xc3\xa9 \\udcff\"}}\n");
}

TEST_CASE("render ray: a secret value is carried byte for byte, never masked") {
    CHECK(one(goe::parse_format("ray"), "authorization=Bearer%20s3cr3t,x-key=abc", "OTEL_EXPORTER_OTLP_HEADERS") ==
          "{\"env_vars\": {\"OTEL_EXPORTER_OTLP_HEADERS\": \"authorization=Bearer%20s3cr3t,x-key=abc\"}}\n");
}

TEST_CASE("render ray: refuses a value holding what os.path.expandvars reads as $NAME or ${...}") {
    for (const char* v : {"$HOME", "a$HOME-b", "$1", "$_", "${HOME}", "${}", "${a b}", "${\n}", "$$x", "${ $x"}) {
        INFO(v);
        CHECK(error_of([&] { one(goe::parse_format("ray"), v, "OTEL_SERVICE_NAME"); }) ==
              "c.yaml:3:16: OTEL_SERVICE_NAME: cannot be written for Ray: the worker passes env_vars values through "
              "os.path.expandvars, which would replace the $NAME or ${...} in it and has no escape; run gym-otel-env "
              "inside the job instead: ray job submit -- gym-otel-env c.yaml --exec -- python run.py");
    }
}

TEST_CASE("written: a format read elsewhere carries the kept variables with their values; the shells do not") {
    goe::Translation t;
    t.enabled = true;
    t.exports = {make("NEMO_GYM_OTEL_ENABLED", "1"), make("OTEL_SERVICE_NAME", "svc")};
    t.kept = {goe::Export{"NEMO_GYM_OTEL_RUN_ID", "abc123", goe::Export::Source::kept, {}, "NEMO_GYM_OTEL_RUN_ID"}};
    for (const auto& f : goe::kFormats) {
        INFO(f.name);
        std::vector<std::string> names;
        for (const auto& e : goe::written(t, &f)) names.push_back(e.name);
        bool elsewhere = f.name != "sh" && f.name != "fish" && f.name != "json";
        CHECK(goe::carries_kept(f.reader) == elsewhere);
        CHECK(names == (elsewhere ? std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "NEMO_GYM_OTEL_RUN_ID",
                                                             "OTEL_SERVICE_NAME"}
                                  : std::vector<std::string>{"NEMO_GYM_OTEL_ENABLED", "OTEL_SERVICE_NAME"}));
    }
    CHECK(goe::render(t, goe::parse_format("env-file"), goe::RenderOptions{}) ==
          "NEMO_GYM_OTEL_ENABLED=1\nNEMO_GYM_OTEL_RUN_ID=abc123\nOTEL_SERVICE_NAME=svc\n");
    CHECK(goe::render(t, goe::parse_format("sh"), goe::RenderOptions{}) ==
          "export NEMO_GYM_OTEL_ENABLED='1' &&\nexport OTEL_SERVICE_NAME='svc';\n");
}

TEST_CASE("written: gitlab leaves a kept secret to GitLab's masked variable, and writes the others") {
    goe::Translation t;
    t.enabled = true;
    t.exports = {make("NEMO_GYM_OTEL_ENABLED", "1")};
    auto kept = [](std::string name, std::string value, bool secret) {
        return goe::Export{std::move(name), std::move(value), goe::Export::Source::kept, {}, {}, secret};
    };
    t.kept = {kept("OTEL_EXPORTER_OTLP_HEADERS", "k=v", true), kept("OTEL_SERVICE_NAME", "svc", false)};
    CHECK(goe::render(t, goe::parse_format("gitlab"), goe::RenderOptions{}) ==
          "NEMO_GYM_OTEL_ENABLED=1\nOTEL_SERVICE_NAME=svc\n");
    CHECK(goe::render(t, goe::parse_format("env-file"), goe::RenderOptions{}) ==
          "NEMO_GYM_OTEL_ENABLED=1\nOTEL_EXPORTER_OTLP_HEADERS=k=v\nOTEL_SERVICE_NAME=svc\n");
}

TEST_CASE("log_masks: GitHub's ::add-mask:: for each secret part, inside GitHub Actions only") {
    auto secret = [](std::string name, std::string value) {
        auto e = make(std::move(name), std::move(value));
        e.secret = true;
        return e;
    };
    std::vector<goe::Export> exports{make("OTEL_SERVICE_NAME", "svc"),
                                     secret("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20t0k3n"),
                                     secret("OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:p%a\nb@c/")};
    const goe::Environment actions{{"GITHUB_ACTIONS", "true"}};
    CHECK(goe::log_masks(exports, goe::parse_format("github"), actions) ==
          "::add-mask::authorization=Bearer%2520t0k3n\n"
          "::add-mask::Bearer%2520t0k3n\n"
          "::add-mask::Bearer t0k3n\n"
          "::add-mask::t0k3n\n"
          "::add-mask::https://u:p%25a%0Ab@c/\n"
          "::add-mask::u:p%25a%0Ab\n"
          "::add-mask::p%25a%0Ab\n");  // not the user name `u`: every later "u" of the log would go
    // Anywhere else the command would print the secret; other formats have no such command.
    CHECK(goe::log_masks(exports, goe::parse_format("github"), {}).empty());
    CHECK(goe::log_masks(exports, goe::parse_format("github"), {{"GITHUB_ACTIONS", "1"}}).empty());
    for (const auto& f : goe::kFormats)
        if (f.name != "github") CHECK(goe::log_masks(exports, &f, actions).empty());
}

TEST_CASE(
    "render_for_terminal sh: export NAME='value' as a person writes it, the printf form only for what a terminal "
    "cannot show") {
    goe::RenderOptions terminal;
    terminal.terminal = true;
    auto sh = [&](std::vector<goe::Export> exports) { return goe::render(exports, goe::parse_format("sh"), terminal); };
    CHECK(sh({make("OTEL_EXPORTER_OTLP_ENDPOINT", "http://localhost:4318"), make("SPANS", "default,rollout")}) ==
          "export OTEL_EXPORTER_OTLP_ENDPOINT='http://localhost:4318'\nexport SPANS='default,rollout'\n");
    CHECK(sh({make("V", "it's $HOME `x` \\ * ~ !x {a,b} caf\xc3\xa9  ")}) ==
          "export V='it'\\''s $HOME `x` \\ * ~ !x {a,b} caf\xc3\xa9  '\n");
    CHECK(sh({make("V", "")}) == "export V=''\n");
    // A control character, an invalid byte, a line separator: the escaped printf form.
    CHECK(sh({make("V", "a\x1b[31m")}) ==
          "_goe_p=\"`printf 'a\\033\\13331m.'`\" && test \"${_goe_p%.}\" != \"$_goe_p\" && export "
          "V=\"${_goe_p%.}\";\nunset _goe_p _goe_v\n");
    // U+202E then "evil": \x65 is the 'e', which a hex escape would otherwise swallow.
    for (const char* v : {"a\nb", "a\tb", "\xff", "a\xe2\x80\xa8", "\xe2\x80\xae\x65vil", "\xc2\x9b"}) {
        INFO(v);
        CHECK_FALSE(goe::terminal_printable(v));
        CHECK(sh({make("V", v)}).starts_with("_goe_p="));
    }
    for (const char* v : {"", "a b", "caf\xc3\xa9", "\xf0\x9f\x98\x80", "'\"", "\xc2\xa0"}) {
        INFO(v);
        CHECK(goe::terminal_printable(v));
    }
}

TEST_CASE("render_for_terminal fish and the formats programs read: no control character or invalid byte raw") {
    goe::RenderOptions terminal;
    terminal.terminal = true;
    terminal.random_token = token;
    CHECK(goe::render({make("V", "a\tb\xff\x1b[m'\\c")}, goe::parse_format("fish"), terminal) ==
          "set -gx V 'a'\\x09'b'\\XFF\\x1B'[m\\'\\\\c'\n");
    CHECK(goe::render({make("V", "")}, goe::parse_format("fish"), terminal) == "set -gx V ''\n");
    CHECK(goe::render({make("V",
                            "a\x1b"
                            "b\tc")},
                      goe::parse_format("env-file"), terminal) == "V=a\\x1bb\\tc\n");
    CHECK(goe::render({make("V", "x\ny")}, goe::parse_format("github"), terminal) ==
          "V<<ghadelimiter_0123456789abcdef\nx\ny\nghadelimiter_0123456789abcdef\n");
    // Through a pipe, the same options without `terminal` give the text eval reads.
    CHECK(goe::render({make("V", "a b")}, goe::parse_format("sh"), goe::RenderOptions{}) == "export V='a b';\n");
}
