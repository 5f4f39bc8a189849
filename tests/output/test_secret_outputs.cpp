// What the formats read elsewhere do with a secret the config gave: GitLab's dotenv report
// refuses it unless told, GitHub's masks hide each part worth hiding and no other.
#include <catch2/catch.hpp>

#include "gym_otel_env/invocation.hpp"
#include "gym_otel_env/output/render.hpp"
#include "support.hpp"

namespace {

goe::Export from_config(std::string name, std::string value, bool secret) {
    return goe::Export{std::move(name), std::move(value), goe::Export::Source::config, goe::Origin{"c.yaml", 3, 17}, {},
                       secret};
}

const goe::Environment kActions{{"GITHUB_ACTIONS", "true"}};

}  // namespace

TEST_CASE("gitlab: a secret from the config is refused, named and not shown, unless allowed") {
    std::vector<goe::Export> exports{from_config("OTEL_SERVICE_NAME", "svc", false),
                                     from_config("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20t0k3n", true)};
    auto gitlab = goe::parse_format("gitlab");
    std::string message =
        goe::testing::error_of([&] { goe::render(exports, gitlab, goe::RenderOptions{}); }, goe::Error::Kind::config);
    CHECK(message ==
          "c.yaml:3:17: OTEL_EXPORTER_OTLP_HEADERS: holds a secret, and --format gitlab writes none\n"
          "a GitLab dotenv report is an artifact that everyone who can see the pipeline can download, unmasked: make "
          "OTEL_EXPORTER_OTLP_HEADERS a masked CI/CD variable (the job's own value wins and is left out of the "
          "report), or run gym-otel-env c.yaml --exec -- gym ... in the job that needs it; "
          "--allow-secrets-in-artifact writes it anyway");
    CHECK(message.find("t0k3n") == std::string::npos);
    // A credentialed endpoint too: the schema's rule says which values are secret.
    // Every secret named at once, in the order written.
    std::vector<goe::Export> both{from_config("OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:pw@c:4318", true), exports[1]};
    CHECK(goe::testing::error_of([&] { goe::render(both, gitlab, goe::RenderOptions{}); }) ==
          "c.yaml:3:17: OTEL_EXPORTER_OTLP_ENDPOINT: holds a secret, and --format gitlab writes none\n"
          "c.yaml:3:17: OTEL_EXPORTER_OTLP_HEADERS: holds a secret, and --format gitlab writes none\n"
          "a GitLab dotenv report is an artifact that everyone who can see the pipeline can download, unmasked: make "
          "OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_EXPORTER_OTLP_HEADERS masked CI/CD variables (the job's own values "
          "win and are left out of the report), or run gym-otel-env c.yaml --exec -- gym ... in the job that needs "
          "them; --allow-secrets-in-artifact writes them anyway");
    goe::RenderOptions allowed;
    allowed.allow_secrets = true;
    CHECK(goe::render(exports, gitlab, allowed) ==
          "OTEL_SERVICE_NAME=svc\nOTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer%20t0k3n\n");
    // Other formats read elsewhere write it: a ConfigMap/Secret, a file the user places.
    CHECK_NOTHROW(goe::render(exports, goe::parse_format("env-file"), goe::RenderOptions{}));
}

TEST_CASE("render_options: --allow-secrets-in-artifact is for --format gitlab only") {
    goe::Invocation inv;
    inv.allow_secrets_in_artifact = true;
    auto token = [] { return std::string("t"); };
    CHECK(goe::render_options(inv, goe::parse_format("gitlab"), token).allow_secrets);
    CHECK(goe::testing::error_of([&] { goe::render_options(inv, goe::parse_format("env-file"), token); },
                                 goe::Error::Kind::usage) ==
          "--allow-secrets-in-artifact is for --format gitlab only, not --format env-file: no other format refuses "
          "a secret");
    CHECK_FALSE(goe::render_options(goe::Invocation{}, goe::parse_format("gitlab"), token).allow_secrets);
}

TEST_CASE("github masks: never an empty part, a bare scheme or a part under kMinSecretLength") {
    auto masks = [](std::string name, std::string value) {
        return goe::log_masks({from_config(std::move(name), std::move(value), true)}, goe::parse_format("github"),
                              kActions);
    };
    // An empty token, as GitHub gives a fork's pull request: the scheme alone is no secret,
    // and `::add-mask::Bearer ` would hide every "Bearer " in the rest of the log.
    CHECK(masks("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer%20") == "::add-mask::authorization=Bearer%2520\n");
    CHECK(masks("OTEL_EXPORTER_OTLP_HEADERS", "authorization=Bearer ") == "::add-mask::authorization=Bearer \n");
    CHECK(masks("OTEL_EXPORTER_OTLP_HEADERS", "a=basic,b=") == "::add-mask::a=basic,b=\n");
    CHECK(masks("OTEL_EXPORTER_OTLP_HEADERS", "a=1") == "");  // the whole list is 3 bytes
    CHECK(masks("OTEL_EXPORTER_OTLP_HEADERS", "k=abc,x=t0k3n") == "::add-mask::k=abc,x=t0k3n\n::add-mask::t0k3n\n");
    // A one-letter user name, a three-letter password: the userinfo is masked, not them.
    CHECK(masks("OTEL_EXPORTER_OTLP_ENDPOINT", "https://u:pwd@c:4318") ==
          "::add-mask::https://u:pwd@c:4318\n::add-mask::u:pwd\n");
    CHECK(masks("OTEL_EXPORTER_OTLP_ENDPOINT", "https://alice:s3cret@c") ==
          "::add-mask::https://alice:s3cret@c\n::add-mask::alice:s3cret\n::add-mask::alice\n::add-mask::s3cret\n");
}
