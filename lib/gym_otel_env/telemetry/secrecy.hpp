// Which values are secret (SPEC 7), decided once, by the variable a value goes to: a table
// of secret variables, one row each, and the rule of each row's form. Every mask, the
// Kubernetes split, GitHub's ::add-mask::, the probe and the lint ask this unit.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/core/environment.hpp"
#include "gym_otel_env/core/value.hpp"
#include "gym_otel_env/telemetry/otlp.hpp"
#include "gym_otel_env/telemetry/schema.hpp"

namespace goe {

// What a secret variable holds, which says which of its values are secret and which of
// their parts a message could quote alone.
enum class SecretForm {
    header_list,  // key=value[,...]: every value is secret, each header's value a part
    url,          // secret when it holds userinfo, a query or a fragment (any scheme): those are the parts
};

struct SecretVariable {
    std::string_view variable;
    SecretForm form;
};

// Every variable whose values may be secret, kept or written: the OTLP exporter's headers
// and endpoints, generic and per signal. A new secret variable is one row here.
// OTEL_RESOURCE_ATTRIBUTES is not one (docs/decisions.md, "Secrecy by variable").
// clang-format off
inline constexpr std::array<SecretVariable, 8> kSecretVariables{{
    {"OTEL_EXPORTER_OTLP_HEADERS",          SecretForm::header_list},
    {"OTEL_EXPORTER_OTLP_TRACES_HEADERS",   SecretForm::header_list},
    {"OTEL_EXPORTER_OTLP_METRICS_HEADERS",  SecretForm::header_list},
    {"OTEL_EXPORTER_OTLP_LOGS_HEADERS",     SecretForm::header_list},
    {"OTEL_EXPORTER_OTLP_ENDPOINT",         SecretForm::url},
    {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",  SecretForm::url},
    {"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT", SecretForm::url},
    {"OTEL_EXPORTER_OTLP_LOGS_ENDPOINT",    SecretForm::url},
}};
// clang-format on

// The row of `variable`, or nullptr when none of its values is ever secret.
const SecretVariable* secret_variable(std::string_view variable);

// The one rule: the texts of `value`, given to `variable`, that no message may show:
// empty when it is not secret, else the value itself and each part a message could quote
// alone (a header's value as written and as sent, the credential after its scheme, a
// URL's userinfo, user, password, query, each query value, its fragment).
std::vector<std::string> secret_parts(std::string_view variable, std::string_view value);

// Whether `value`, given to `variable`, is secret: every value of a header list (the
// empty one too, which has no part), a URL with userinfo, a query or a fragment.
bool is_secret(std::string_view variable, std::string_view value);
// The same for a value of the config before validation: a string as is, any other as
// Python's str() writes it (what a message quoting it would show).
bool is_secret(std::string_view variable, const Node& value);

// `value` as a message may show it: unchanged when it is not secret; a header list as
// "key=***" pairs; a URL as scheme://***@host:port/path?*** (a fragment as #***).
std::string masked(std::string_view variable, std::string_view value);

// A parsed endpoint URL as messages show it: masked() under the URL form's rule.
std::string shown_url(const Url& url);

// The parts of a text a secret value was built from, when which variable it went to is
// not known: what any row's form finds in it.
std::vector<std::string> secret_parts_of_source(std::string_view text);

// The secret parts of every secret variable of the environment.
std::vector<std::string> environment_secrets(const Environment& env);

// Whether a field's values may be secret: its variable's (a field has a variable).
bool may_be_secret(const Field& field);

// Whether a text that is not yet a value (a Hydra override token as typed, a mapping's
// repr) may hold a secret one: it names a field of header-list variables, or one of URL
// variables and holds a URL's '@', '?' or '#' after it. For messages that must decide
// before anything is resolved.
bool may_hold_secret(std::string_view text);

// HTTP authentication schemes (the IANA registry, and the Token and ApiKey words APIs
// use), any case: a header that holds one alone carries no credential, and the word
// alone is no secret (`Bearer` is in every log).
bool is_auth_scheme(std::string_view word);

// The shortest secret text hidden on its own. Masking every "1" or "a" would garble line
// numbers, paths and words (a GitHub mask holds for the rest of the job's log), and a
// text that short gives away little.
inline constexpr size_t kMinSecretLength = 4;

// Whether a secret text is hidden by itself (by the Redactor, by an ::add-mask::, by the
// probe): at least kMinSecretLength bytes once percent-decoded and blanks around it
// dropped, and not a bare authentication scheme (`Bearer ` or `Bearer%20`).
bool worth_hiding(std::string_view part);

}  // namespace goe
