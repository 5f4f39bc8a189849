// Exports -> Kubernetes manifests for `kubectl apply -f -`: a ConfigMap of the variables
// that are not secret and a Secret of those that are, both named by --name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gym_otel_env/telemetry/translate.hpp"

namespace goe {

inline constexpr std::string_view kDefaultKubernetesName = "gym-otel-env";

// Why `name` cannot name the ConfigMap and the Secret, or empty when it can: a DNS-1123
// subdomain (what Kubernetes asks of both names) of at most 63 characters, because the
// name is also the value of their app.kubernetes.io/name label.
std::string kubernetes_name_problem(std::string_view name);

// Both objects as one YAML stream, the ConfigMap first; each is written even when it holds
// nothing, so that applying it replaces what an earlier run put there. Throws Error naming
// the variable when a value is not UTF-8, or when an object would pass Kubernetes' 1 MiB.
std::string kubernetes_manifests(const std::vector<Export>& exports, std::string_view name);

// `text` as a YAML double-quoted scalar that go-yaml (what kubectl and the API server
// read manifests with) and kustomize read back as the same string. `text` is UTF-8.
std::string yaml_double_quoted(std::string_view text);

// RFC 4648 base64 with padding: a Secret's `data` values.
std::string base64(std::string_view bytes);

}  // namespace goe
