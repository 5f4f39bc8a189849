// The header_list rule of check_rule (lint.hpp): the entries the OpenTelemetry Python SDK
// drops, as sdk_header_entries (otlp.hpp) reads them, in the lint's words.
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gym_otel_env/telemetry/lint.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"

namespace goe {

namespace {

// A byte an entry may not hold, as a message may show it without showing a secret's
// characters: the three ASCII ones the SDK's value format leaves out by name, any other
// by its kind.
std::string byte_named(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) return "a non-ASCII byte";
    if (u < 0x20 || u == 0x7f) return "a control character";
    return fmt::format("'{}'", c);
}

}  // namespace

std::vector<std::string> header_list_findings(std::string_view shown, std::string_view headers) {
    std::vector<std::string> out;
    for (const auto& e : sdk_header_entries(headers)) {
        using Drop = SdkHeaderEntry::Drop;
        std::string why;
        switch (e.drop) {
            case Drop::none: continue;
            case Drop::blank: why = "it is only white space"; break;
            case Drop::no_name: why = "it is not name=value"; break;
            case Drop::name_byte:
                why = fmt::format("its name holds {}, which a header name may not", byte_named(e.byte));
                break;
            case Drop::value_byte: {
                bool named = e.byte > 0x20 && e.byte < 0x7f;  // '"', ';' or '\\': its code helps
                why = fmt::format("its value holds {}, which the SDK takes only percent-encoded{}{}",
                                  byte_named(e.byte), named ? fmt::format(" (%{:02X})", e.byte) : std::string(),
                                  e.byte == ';' ? "; entries are separated by ','" : "");
                break;
            }
            case Drop::replaced:
                why =
                    fmt::format("entry {} names the header '{}' too, and only the last is sent", e.replaced_by, e.name);
                break;
        }
        out.push_back(fmt::format("the OpenTelemetry SDK drops entry {} of {}: {}", e.number, shown, why));
    }
    return out;
}

}  // namespace goe
