#include "gym_otel_env/gym/install_root.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/core/error.hpp"
#include "gym_otel_env/core/text.hpp"
#include "gym_otel_env/gym/launcher.hpp"

namespace goe {
namespace {

// How much of a script is read for its interpreter: the kernel reads at most 256 bytes
// of a #! line, and pip's trampoline puts one path (PATH_MAX, 4096) on the line after it.
// A binary launcher can be large, and its first bytes already say it has no #!.
constexpr size_t kScriptHeadBytes = 8192;

std::string dirname_of(const std::string& path) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

// execvp's search: a name with a slash is itself, else the first file on PATH that
// `wanted` takes.
template <typename Wanted>
std::optional<std::string> searched(const std::string& name, const Environment& env, FileSystem& fs, Wanted wanted) {
    if (name.find('/') != std::string::npos) return name;
    std::string_view path = lookup(env, "PATH").value_or(kExecvpDefaultPath);
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = std::min(path.find(':', start), path.size());
        std::string dir(path.substr(start, end - start));
        std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (fs.kind(candidate) == FileSystem::Kind::file && wanted(candidate)) return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

// The first executable on PATH, which is what execvp runs.
std::optional<std::string> on_path(const std::string& name, const Environment& env, FileSystem& fs) {
    return searched(name, env, fs, [&fs](const std::string& file) { return fs.executable(file); });
}

// The kernel's reading of a #! line (binfmt_script): the interpreter, then the rest of the
// line, blanks around it dropped, as one argument when there is any.
std::vector<std::string> shebang_words(std::string_view line) {
    line = trim(line, " \t");
    size_t end = line.find_first_of(" \t");
    std::vector<std::string> out{std::string(line.substr(0, end))};
    if (end != std::string_view::npos) out.emplace_back(trim(line.substr(end), " \t"));
    return out;
}

// The first shell word of `line` after quote removal, as sh reads the interpreter in a
// trampoline: pip's distlib wraps a path with a space in double quotes, uv in single
// quotes (a quote inside as '"'"'). nullopt for a word sh would expand (`$`, a backquote)
// or an unclosed quote. `rest` gets what follows the word.
std::optional<std::string> sh_word(std::string_view line, std::string_view* rest = nullptr) {
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string_view::npos) return std::nullopt;
    std::string word;
    for (; i < line.size() && line[i] != ' ' && line[i] != '\t'; ++i) {
        char c = line[i];
        if (c == '\'') {
            size_t end = line.find('\'', i + 1);
            if (end == std::string_view::npos) return std::nullopt;
            word.append(line.substr(i + 1, end - i - 1));
            i = end;
        } else if (c == '"') {
            for (++i;; ++i) {
                if (i >= line.size()) return std::nullopt;
                if (line[i] == '"') break;
                if (line[i] == '$' || line[i] == '`') return std::nullopt;
                // In double quotes a backslash escapes only these.
                if (line[i] == '\\' && i + 1 < line.size() &&
                    std::string_view("$`\"\\").find(line[i + 1]) != std::string_view::npos)
                    ++i;
                word += line[i];
            }
        } else if (c == '$' || c == '`') {
            return std::nullopt;
        } else if (c == '\\' && i + 1 < line.size()) {
            word += line[++i];
        } else {
            word += c;
        }
    }
    if (rest) *rest = line.substr(i);
    return word;
}

// The interpreter a console script runs: its shebang (through `env`), or the one named
// by the /bin/sh trampoline pip and uv write for an interpreter path with a space or too
// long for a shebang: `'''exec' "/path with space/python" "$0" "$@"`.
std::optional<std::string> script_interpreter(const std::string& script, const Environment& env, FileSystem& fs) {
    std::optional<std::string> text;
    try {
        text = fs.read_head(script, kScriptHeadBytes);
    } catch (const Error&) {
        return std::nullopt;
    }
    if (!text || !text->starts_with("#!")) return std::nullopt;
    size_t eol = text->find('\n');
    auto words =
        shebang_words(std::string_view(*text).substr(2, eol == std::string::npos ? std::string::npos : eol - 2));
    if (words[0].empty()) return std::nullopt;
    // `#!/usr/bin/env python3`, `#!/usr/bin/env -S python3 -u`: env (or another launcher)
    // runs the interpreter, searched on PATH as env changes it.
    words.push_back(script);
    Launched launch = launched(words, env);
    if (!launch.through.empty()) {
        // What env runs must come before the script: `#!/usr/bin/env` alone runs the script again.
        if (launch.stop != Launched::Stop::none || launch.command.size() < 2) return std::nullopt;
        return on_path(launch.command.front(), launch.env, fs);
    }
    if (words[0] == "/bin/sh" && eol != std::string::npos) {
        std::string_view second = std::string_view(*text).substr(eol + 1);
        second = second.substr(0, second.find('\n'));
        constexpr std::string_view kExec = "'''exec'";
        if (!second.starts_with(kExec) || (second.size() > kExec.size() && second[kExec.size()] != ' '))
            return std::nullopt;
        second.remove_prefix(kExec.size());
        // uv's relocatable form names the interpreter from the script's own directory.
        constexpr std::string_view kHere = " \"$(dirname -- \"$(realpath -- \"$0\")\")\"/";
        if (second.starts_with(kHere)) {
            auto name = sh_word(second.substr(kHere.size()));
            if (!name || name->empty()) return std::nullopt;
            return dirname_of(fs.resolve(script)) + "/" + *name;
        }
        auto interpreter = sh_word(second);
        if (!interpreter || interpreter->empty()) return std::nullopt;
        return interpreter;
    }
    return words[0];
}

// PARENT_DIR for a package directory `nemo_gym` found at `dir/nemo_gym`.
bool holds_gym(const std::string& dir, FileSystem& fs) {
    return fs.kind(dir + "/nemo_gym/__init__.py") == FileSystem::Kind::file;
}

// An editable install: a setuptools finder (`__editable___*_finder.py`, MAPPING =
// {'nemo_gym': '/checkout/nemo_gym'}) or a .pth line naming the checkout.
std::optional<std::string> editable_checkout(const std::string& site, FileSystem& fs) {
    auto names = fs.list(site);
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        std::string path = fmt::format("{}/{}", site, name);
        std::optional<std::string> text;
        try {
            if (name.ends_with(".pth") || (name.starts_with("__editable__") && name.ends_with("_finder.py")))
                text = fs.read(path);
        } catch (const Error&) {
        }
        if (!text) continue;
        if (name.ends_with(".py")) {
            for (std::string_view quote : {"'nemo_gym': '", "\"nemo_gym\": \""}) {
                size_t at = text->find(quote);
                if (at == std::string::npos) continue;
                size_t start = at + quote.size(), end = text->find(quote.back(), start);
                if (end == std::string::npos) continue;
                std::string package = text->substr(start, end - start);
                if (fs.kind(package + "/__init__.py") == FileSystem::Kind::file) return dirname_of(package);
            }
            continue;
        }
        size_t start = 0;
        while (start < text->size()) {
            size_t end = std::min(text->find('\n', start), text->size());
            std::string line = text->substr(start, end - start);
            start = end + 1;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.empty() || line[0] == '#' || line.starts_with("import")) continue;
            std::string dir = line[0] == '/' ? line : fmt::format("{}/{}", site, line);
            if (holds_gym(dir, fs)) return dir;
        }
    }
    return std::nullopt;
}

// The site-packages directories of an interpreter: a venv's (bin/python -> lib/python3.*/
// site-packages beside it) and the installation's it links to.
std::vector<std::string> site_dirs(const std::string& interpreter, FileSystem& fs) {
    std::vector<std::string> prefixes{dirname_of(dirname_of(interpreter))};
    std::string real = fs.resolve(interpreter);
    prefixes.push_back(dirname_of(dirname_of(real)));
    std::vector<std::string> out;
    for (const auto& prefix : prefixes) {
        for (const auto& lib : std::vector<std::string>{prefix + "/lib", prefix + "/lib64", prefix + "/local/lib"}) {
            auto names = fs.list(lib);
            std::sort(names.begin(), names.end());
            for (const auto& name : names) {
                if (!name.starts_with("python3")) continue;
                for (const char* leaf : {"/site-packages", "/dist-packages"}) {
                    std::string dir = fmt::format("{}/{}{}", lib, name, leaf);
                    if (fs.kind(dir) == FileSystem::Kind::directory &&
                        std::find(out.begin(), out.end(), dir) == out.end())
                        out.push_back(dir);
                }
            }
        }
    }
    return out;
}

std::optional<std::string> root_for_interpreter(const std::string& interpreter, FileSystem& fs) {
    for (const auto& site : site_dirs(interpreter, fs)) {
        if (holds_gym(site, fs)) return site;  // a wheel: PARENT_DIR is site-packages itself
        if (auto checkout = editable_checkout(site, fs)) return checkout;
    }
    return std::nullopt;
}

// uv run: the project found from --project/--directory or the working directory upward,
// its environment ($UV_PROJECT_ENVIRONMENT or .venv).
std::optional<std::string> uv_interpreter(const GymEntry& entry, const Environment& env, FileSystem& fs) {
    std::string dir = fs.resolve(entry.uv_project.value_or("."));
    for (;;) {
        if (fs.kind(dir + "/pyproject.toml") == FileSystem::Kind::file) break;
        std::string parent = dirname_of(dir);
        if (parent == dir) return std::nullopt;  // "/"; or "." where a double keeps paths relative
        dir = std::move(parent);
    }
    std::string venv = dir + "/.venv";
    if (auto custom = lookup(env, "UV_PROJECT_ENVIRONMENT"); custom && !custom->empty())
        venv = (*custom)[0] == '/' ? std::string(*custom) : dir + "/" + std::string(*custom);
    for (const char* name : {"/bin/python", "/bin/python3"})
        if (fs.kind(venv + name) != FileSystem::Kind::none) return venv + name;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> gym_install_root(const GymEntry& entry, const Environment& env, FileSystem& fs) {
    std::optional<std::string> interpreter;
    switch (entry.kind) {
        case GymEntry::Kind::none: return std::nullopt;
        case GymEntry::Kind::script:
            if (auto script = on_path(entry.program, env, fs)) interpreter = script_interpreter(*script, env, fs);
            break;
        case GymEntry::Kind::module: interpreter = on_path(entry.program, env, fs); break;
        case GymEntry::Kind::uv: interpreter = uv_interpreter(entry, env, fs); break;
    }
    if (!interpreter) return std::nullopt;
    return root_for_interpreter(*interpreter, fs);
}

bool command_found(const std::string& name, const Environment& env, FileSystem& fs) {
    if (name.empty()) return false;
    if (name.find('/') != std::string::npos) return fs.kind(name) != FileSystem::Kind::none;
    return searched(name, env, fs, [](const std::string&) { return true; }).has_value();
}

}  // namespace goe
