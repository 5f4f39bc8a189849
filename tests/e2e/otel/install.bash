# Sourced by the tests that run the OpenTelemetry JS SDK or its @grpc/grpc-js
# (tests/e2e/otel_sdk.sh, tests/e2e/probe*.sh), after lib.bash: installs the packages of
# tests/e2e/otel/package-lock.json once per lock file into a folder next to the build and
# copies the test's scripts there (ES modules resolve packages from their own folder).
# Sets node_dir; skips (77) only when the npm registry is unreachable.
#
#   otel_node_install SCRIPT.mjs...
otel_node_install() {
  local here=$GOE_SOURCE_DIR/tests/e2e/otel tool stamp
  for tool in node npm; do
    command -v "$tool" >/dev/null || die "$tool is not installed (scripts/install-deps installs nodejs and npm)"
  done
  node_dir=${GOE_OTEL_NODE_DIR:-$(dirname "$GOE_BIN")/../otel-node}
  mkdir -p "$node_dir" || die "cannot create $node_dir"
  node_dir=$(cd "$node_dir" && pwd)
  stamp=$(cat "$here/package.json" "$here/package-lock.json" | cksum)
  # One install at a time: ctest may run two tests that need it at once.
  exec {lock}>"$node_dir/.lock" && flock "$lock"
  if [[ ! -d $node_dir/node_modules || $(cat "$node_dir/.stamp" 2>/dev/null) != "$stamp" ]]; then
    cp "$here/package.json" "$here/package-lock.json" "$node_dir/"
    echo "installing the OpenTelemetry JS SDK into $node_dir"
    if ! (cd "$node_dir" && timeout 400 npm ci --ignore-scripts --no-audit --no-fund) >"$node_dir/npm.log" 2>&1; then
      if ! timeout 60 npm ping >/dev/null 2>&1; then
        skip "the npm registry is unreachable, cannot install @opentelemetry/sdk-node"$'\n'"$(
          sed 's/^/  npm: /' "$node_dir/npm.log" | tail -5)"
      fi
      die "npm ci failed although the registry answers: $(cat "$node_dir/npm.log")"
    fi
    printf '%s\n' "$stamp" >"$node_dir/.stamp"
  fi
  exec {lock}>&-
  local script
  for script in "$@"; do cp "$here/$script" "$node_dir/"; done
}
