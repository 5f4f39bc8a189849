// The yardstick of scripts/bench: yaml-cpp's own cost on a file, with nothing built.
// Reads each FILE into a buffer of its size, as gym-otel-env does, and runs yaml-cpp's
// event parser over it with a handler that ignores every event; no tree, no typing.
//   bench_yaml_events FILE...
#include <cstdio>
#include <fstream>
#include <istream>
#include <iterator>
#include <streambuf>
#include <string>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

namespace {

class Ignore : public YAML::EventHandler {
public:
    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
    void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnSequenceEnd() override {}
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
    void OnMapEnd() override {}
};

// The same read-only view the tool gives yaml-cpp, so neither side pays for a copy.
class ViewBuf : public std::streambuf {
public:
    explicit ViewBuf(std::string& text) { setg(text.data(), text.data(), text.data() + text.size()); }
};

bool read_file(const char* path, std::string& out) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    if (!in) return false;
    out.resize(static_cast<size_t>(in.tellg()));
    in.seekg(0);
    return static_cast<bool>(in.read(out.data(), static_cast<std::streamsize>(out.size())));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fputs("usage: bench_yaml_events FILE...\n", stderr);
        return 2;
    }
    for (int i = 1; i < argc; ++i) {
        std::string text;
        if (!read_file(argv[i], text)) {
            std::fprintf(stderr, "bench_yaml_events: cannot read %s\n", argv[i]);
            return 1;
        }
        ViewBuf buf(text);
        std::istream in(&buf);
        Ignore handler;
        try {
            YAML::Parser parser(in);
            while (parser.HandleNextDocument(handler)) {
            }
        } catch (const YAML::Exception& e) {
            std::fprintf(stderr, "bench_yaml_events: %s: %s\n", argv[i], e.what());
            return 1;
        }
    }
    return 0;
}
