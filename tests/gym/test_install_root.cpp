#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "gym_otel_env/gym/install_root.hpp"
#include "support.hpp"

using namespace goe;
using goe::testing::MemoryFileSystem;

namespace {

const std::string kSite = "/v/lib/python3.11/site-packages";
const std::string kCheckout = "/src/Gym";

GymEntry script(std::string program) {
    GymEntry e;
    e.kind = GymEntry::Kind::script;
    e.program = std::move(program);
    e.script = "gym";
    return e;
}

GymEntry module(std::string python) {
    GymEntry e;
    e.kind = GymEntry::Kind::module;
    e.program = std::move(python);
    return e;
}

GymEntry uv(std::optional<std::string> project = std::nullopt) {
    GymEntry e = script("gym");
    e.kind = GymEntry::Kind::uv;
    e.uv_project = std::move(project);
    return e;
}

// A venv at `prefix` with a python3, a `gym` console script whose first line is
// `shebang`, and an empty site-packages.
void venv(MemoryFileSystem& fs, const std::string& prefix, const std::string& shebang) {
    fs.files[prefix + "/bin/python3"] = "\177ELF";
    fs.executables.insert(prefix + "/bin/python3");
    fs.files[prefix + "/bin/gym"] = shebang + "\nimport sys\nfrom nemo_gym.cli.main import main\nsys.exit(main())\n";
    fs.executables.insert(prefix + "/bin/gym");
    fs.directories.insert(prefix + "/lib/python3.11/site-packages");
}

// A wheel's nemo_gym in `site`.
void wheel(MemoryFileSystem& fs, const std::string& site) { fs.files[site + "/nemo_gym/__init__.py"] = ""; }

// The wheel layout most tests start from: /v/bin/gym runs /v/bin/python3, whose
// site-packages holds nemo_gym.
MemoryFileSystem installed(const std::string& shebang = "#!/v/bin/python3") {
    MemoryFileSystem fs;
    fs.cwd = "/home/u";
    venv(fs, "/v", shebang);
    wheel(fs, kSite);
    return fs;
}

}  // namespace

TEST_CASE("gym_install_root of a wheel install is its site-packages") {
    auto fs = installed();
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kSite);
}

TEST_CASE("gym_install_root finds a bare script name on PATH as execvp does") {
    auto fs = installed();
    fs.files["/first/gym"] = "#!/other/bin/python3\n";  // not executable: skipped
    fs.directories.insert("/second/gym");               // a directory: skipped
    fs.executables.insert("/second/gym");
    CHECK(gym_install_root(script("gym"), {{"PATH", "/none:/first:/second:/v/bin"}}, fs) == kSite);
    CHECK(gym_install_root(script("gym"), {{"PATH", "/none:/first:/second"}}, fs) == std::nullopt);
    // The first executable one wins, even where its interpreter has no Gym.
    venv(fs, "/w", "#!/w/bin/python3");
    CHECK(gym_install_root(script("gym"), {{"PATH", "/w/bin:/v/bin"}}, fs) == std::nullopt);
    CHECK(gym_install_root(script("gym"), {{"PATH", "/v/bin:/w/bin"}}, fs) == kSite);
}

TEST_CASE("gym_install_root searches an empty PATH entry in the working directory, no PATH in execvp's default") {
    MemoryFileSystem fs;  // cwd "." keeps "./gym" the file "gym"
    fs.files["gym"] = "#!/v/bin/python3\n";
    fs.executables.insert("gym");
    wheel(fs, kSite);
    CHECK(gym_install_root(script("gym"), {{"PATH", "/none:"}}, fs) == kSite);
    CHECK(gym_install_root(script("gym"), {{"PATH", "/none"}}, fs) == std::nullopt);

    // No PATH: glibc's /bin:/usr/bin, as the exec itself searches (system.cpp), so the
    // script pip puts in /usr/local/bin (as root on Debian) is not found, one in /usr/bin is.
    MemoryFileSystem system;
    system.files["/usr/local/bin/gym"] = "#!/usr/bin/python3\n";
    system.executables.insert("/usr/local/bin/gym");
    system.files["/usr/bin/python3"] = "";
    wheel(system, "/usr/local/lib/python3.12/dist-packages");
    CHECK(gym_install_root(script("gym"), {}, system) == std::nullopt);
    system.files["/usr/bin/gym"] = "#!/usr/bin/python3\n";
    system.executables.insert("/usr/bin/gym");
    CHECK(gym_install_root(script("gym"), {}, system) == "/usr/local/lib/python3.12/dist-packages");
}

TEST_CASE("gym_install_root reads the interpreter from the script's #! line") {
    struct Row {
        std::string shebang;
        std::optional<std::string> root;
    };
    for (const auto& r : std::vector<Row>{
             {"#!/v/bin/python3", kSite},
             {"#! /v/bin/python3", kSite},
             {"#!/v/bin/python3 -E -s", kSite},
             {"#!/v/bin/python3\t-u", kSite},
             {"#!/usr/bin/env python3", kSite},  // python3 on PATH: /v/bin/python3
             {"#!/usr/bin/env -S python3 -u", kSite},
             {"#!/bin/env python3", kSite},
             {"#!/usr/bin/env", std::nullopt},  // env would run the script itself again
             {"#!/usr/bin/env -S", std::nullopt},
             // env's own grammar (launcher.hpp): the kernel hands it the rest of the line as
             // one word, so only -S splits it; its PATH is the one env searches.
             {"#!/usr/bin/env -S PATH=/w/bin python3", std::nullopt},
             {"#!/usr/bin/env -S PATH=/v/bin python3 -u", kSite},
             {"#!/usr/bin/env -S -i PATH=/v/bin python3", kSite},
             {"#!/usr/bin/env -i python3", std::nullopt},  // env: invalid option -- ' '
             {"#!/usr/bin/env  python3  ", kSite},
             {"#!/usr/bin/nice python3", kSite},
             {"#!/usr/bin/env python3.99", std::nullopt},  // not on PATH
             {"#!", std::nullopt},
             {"#!   ", std::nullopt},
             {"#!/w/bin/python3", std::nullopt},  // an interpreter without Gym
             {"# /v/bin/python3", std::nullopt},
             {"", std::nullopt},
         }) {
        INFO(r.shebang);
        auto fs = installed(r.shebang);
        CHECK(gym_install_root(script("/v/bin/gym"), {{"PATH", "/none:/v/bin"}}, fs) == r.root);
    }
}

TEST_CASE("gym_install_root follows pip's /bin/sh trampoline to a long interpreter path") {
    // pip (distlib) writes this when the interpreter's path is too long for a #! line.
    std::string prefix = "/very/long/" + std::string(120, 'p');
    MemoryFileSystem fs;
    venv(fs, prefix, "#!/bin/sh\n'''exec' " + prefix + "/bin/python3 \"$0\" \"$@\"\n' '''");
    wheel(fs, prefix + "/lib/python3.11/site-packages");
    CHECK(gym_install_root(script(prefix + "/bin/gym"), {}, fs) == prefix + "/lib/python3.11/site-packages");

    for (std::string head : {"#!/bin/sh\nexec /v/bin/python3 \"$0\" \"$@\"", "#!/bin/sh\n'''exec'", "#!/bin/sh\n"}) {
        INFO(head);
        auto other = installed(head);
        CHECK(gym_install_root(script("/v/bin/gym"), {}, other) == std::nullopt);
    }
}

// distlib's enquote_executable wraps a path with a space in double quotes, and uv's
// format_shebang single-quotes it (a quote inside as '"'"'), or names it from the
// script's own directory in a relocatable venv. The word after '''exec' was taken as it
// was written, quotes and all, and the path was cut at its space.
TEST_CASE("gym_install_root: regression: a trampoline's quoted interpreter path with a space was not found") {
    struct Row {
        std::string prefix;
        std::string second_line;
    };
    for (const Row& r : {
             Row{"/opt/my venv", "'''exec' \"/opt/my venv/bin/python3\" \"$0\" \"$@\""},
             Row{"/opt/it's venv", "'''exec' '/opt/it'\"'\"'s venv/bin/python3' \"$0\" \"$@\""},
             Row{"/opt/a\"b c", "'''exec' \"/opt/a\\\"b c/bin/python3\" \"$0\" \"$@\""},
             Row{"/opt/rel venv", "'''exec' \"$(dirname -- \"$(realpath -- \"$0\")\")\"/'python3' \"$0\" \"$@\""},
         }) {
        INFO(r.second_line);
        MemoryFileSystem fs;
        venv(fs, r.prefix, "#!/bin/sh\n" + r.second_line + "\n' '''");
        wheel(fs, r.prefix + "/lib/python3.11/site-packages");
        CHECK(gym_install_root(script(r.prefix + "/bin/gym"), {}, fs) == r.prefix + "/lib/python3.11/site-packages");
    }
    // A word sh would expand, or a quote left open, names no interpreter we can tell.
    for (std::string head : {"#!/bin/sh\n'''exec' \"$PY\" \"$0\" \"$@\"",
                             "#!/bin/sh\n'''exec' \"/opt/my venv/bin/python3", "#!/bin/sh\n'''exec'x /v/bin/python3"}) {
        INFO(head);
        auto other = installed(head);
        CHECK(gym_install_root(script("/v/bin/gym"), {}, other) == std::nullopt);
    }
}

TEST_CASE("gym_install_root finds no interpreter in a binary launcher or an unreadable script") {
    auto fs = installed(std::string("\177ELF\2\1\1\0\0\0", 10));
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == std::nullopt);
    auto dir = installed();
    dir.directories.insert("/v/bin/gym.d");
    CHECK(gym_install_root(script("/v/bin/gym.d"), {}, dir) == std::nullopt);  // reading it throws
    CHECK(gym_install_root(script("/v/bin/nope"), {}, dir) == std::nullopt);
}

TEST_CASE("gym_install_root looks in the venv's site-packages, then the installation its python links to") {
    MemoryFileSystem fs;
    venv(fs, "/v", "#!/v/bin/python3");
    fs.files.erase("/v/bin/python3");
    fs.links["/v/bin/python3"] = "/opt/py/bin/python3.11";
    fs.files["/opt/py/bin/python3.11"] = "";
    wheel(fs, "/opt/py/lib/python3.11/site-packages");
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == "/opt/py/lib/python3.11/site-packages");
    wheel(fs, kSite);
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kSite);
}

TEST_CASE("gym_install_root reads site-packages and dist-packages of python3* under lib, lib64 and local/lib") {
    struct Row {
        std::string site;
        std::optional<std::string> root;
    };
    for (const auto& r : std::vector<Row>{
             {"/v/lib/python3.11/site-packages", "/v/lib/python3.11/site-packages"},
             {"/v/lib/python3/dist-packages", "/v/lib/python3/dist-packages"},
             {"/v/lib64/python3.9/site-packages", "/v/lib64/python3.9/site-packages"},
             {"/v/local/lib/python3.12/dist-packages", "/v/local/lib/python3.12/dist-packages"},
             {"/v/lib/python2.7/site-packages", std::nullopt},
             {"/v/lib/python3.11/other-packages", std::nullopt},
             {"/v/lib/python3.11", std::nullopt},
         }) {
        INFO(r.site);
        MemoryFileSystem fs;
        fs.files["/v/bin/python3"] = "";
        wheel(fs, r.site);
        CHECK(gym_install_root(module("/v/bin/python3"), {}, fs) == r.root);
    }
}

TEST_CASE("gym_install_root of python -m uses that python, on PATH unless a path is given") {
    auto fs = installed();
    CHECK(gym_install_root(module("/v/bin/python3"), {}, fs) == kSite);
    CHECK(gym_install_root(module("python3"), {{"PATH", "/v/bin"}}, fs) == kSite);
    CHECK(gym_install_root(module("python3"), {{"PATH", "/none"}}, fs) == std::nullopt);
}

TEST_CASE("gym_install_root of an editable install is the checkout a setuptools finder maps nemo_gym to") {
    for (std::string mapping : {"MAPPING = {'nemo_gym': '/src/Gym/nemo_gym'}\n",
                                "MAPPING = {\"nemo_gym\": \"/src/Gym/nemo_gym\", 'x': '/y'}\n"}) {
        INFO(mapping);
        MemoryFileSystem fs;
        venv(fs, "/v", "#!/v/bin/python3");
        fs.files[kSite + "/__editable___nemo_gym_0_1_finder.py"] = "import sys\n" + mapping;
        fs.files[kCheckout + "/nemo_gym/__init__.py"] = "";
        CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kCheckout);
    }
    MemoryFileSystem fs;
    venv(fs, "/v", "#!/v/bin/python3");
    fs.files[kSite + "/__editable___nemo_gym_0_1_finder.py"] = "MAPPING = {'nemo_gym': '/src/Gym/nemo_gym'}\n";
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == std::nullopt);  // no checkout there
    fs.files[kSite + "/editable_nemo_gym_finder.py"] = "MAPPING = {'nemo_gym': '/src/Other/nemo_gym'}\n";
    fs.files["/src/Other/nemo_gym/__init__.py"] = "";
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == std::nullopt);  // not a finder's name
}

TEST_CASE("gym_install_root of an editable install is the checkout a .pth line names") {
    MemoryFileSystem fs;
    venv(fs, "/v", "#!/v/bin/python3");
    fs.files[kCheckout + "/nemo_gym/__init__.py"] = "";
    fs.files[kSite + "/_nemo_gym.pth"] = "# comment\n\nimport _virtualenv\n/src/Gym\r\n";
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kCheckout);
    // A relative line is under site-packages, spelled as written.
    fs.files.erase(kSite + "/_nemo_gym.pth");
    fs.files[kSite + "/a.pth"] = "/elsewhere\nsrc\n";
    fs.files[kSite + "/src/nemo_gym/__init__.py"] = "";
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kSite + "/src");
    // .pth files in name order; nemo_gym in site-packages itself first of all.
    fs.files[kSite + "/0.pth"] = kCheckout + "\n";
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kCheckout);
    wheel(fs, kSite);
    CHECK(gym_install_root(script("/v/bin/gym"), {}, fs) == kSite);
}

TEST_CASE("gym_install_root of uv run is the project environment's, from the working directory upward") {
    MemoryFileSystem fs;
    fs.cwd = "/proj/sub/deeper";
    fs.files["/proj/pyproject.toml"] = "";
    fs.files["/proj/.venv/bin/python"] = "";
    wheel(fs, "/proj/.venv/lib/python3.11/site-packages");
    CHECK(gym_install_root(uv(), {}, fs) == "/proj/.venv/lib/python3.11/site-packages");
    CHECK(gym_install_root(uv("/proj/sub"), {}, fs) == "/proj/.venv/lib/python3.11/site-packages");
    CHECK(gym_install_root(uv("/elsewhere"), {}, fs) == std::nullopt);  // no pyproject.toml up to /

    // $UV_PROJECT_ENVIRONMENT, relative to the project or absolute; bin/python3 also serves.
    fs.files["/proj/env/bin/python3"] = "";
    wheel(fs, "/proj/env/lib/python3.12/site-packages");
    fs.files["/abs/bin/python"] = "";
    wheel(fs, "/abs/lib/python3.10/site-packages");
    CHECK(gym_install_root(uv(), {{"UV_PROJECT_ENVIRONMENT", "env"}}, fs) == "/proj/env/lib/python3.12/site-packages");
    CHECK(gym_install_root(uv(), {{"UV_PROJECT_ENVIRONMENT", "/abs"}}, fs) == "/abs/lib/python3.10/site-packages");
    CHECK(gym_install_root(uv(), {{"UV_PROJECT_ENVIRONMENT", ""}}, fs) == "/proj/.venv/lib/python3.11/site-packages");
    CHECK(gym_install_root(uv(), {{"UV_PROJECT_ENVIRONMENT", "none"}}, fs) == std::nullopt);
}

TEST_CASE("gym_install_root of uv run stops where a double keeps paths relative") {
    MemoryFileSystem fs;  // cwd "."
    CHECK(gym_install_root(uv(), {}, fs) == std::nullopt);
    CHECK(gym_install_root(uv("a/b"), {}, fs) == std::nullopt);
}

TEST_CASE("gym_install_root of a command that is not Gym's is nothing") {
    auto fs = installed();
    GymEntry none;
    none.program = "/v/bin/gym";
    CHECK(gym_install_root(none, {}, fs) == std::nullopt);
}
