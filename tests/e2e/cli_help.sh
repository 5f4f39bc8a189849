#!/usr/bin/env bash
# --version is CMake's project version; --help names every option and shows each one in
# use (in its description or among the examples); options take one value each, so a
# CONFIG after --set or --search-dir stays a CONFIG.
set -uo pipefail
. "$(dirname "$0")/lib.bash"

want=$(sed -nE 's/^project\(gym-otel-env VERSION ([0-9.]+).*/\1/p' "$GOE_SOURCE_DIR/CMakeLists.txt")
[[ -n $want ]] || die "no project version in CMakeLists.txt"
check; got=$("$GOE_BIN" --version) || fail "--version exited $?"
check; [[ $got == *"$want"* ]] || fail "--version printed '$got', expected version $want"

help=$("$GOE_BIN" --help) || die "--help exited $?"
examples=${help#*Examples:}
check; [[ $examples != "$help" ]] || fail "--help has no Examples section"
options=$(grep -oE '^ +(-[a-zA-Z],)?--[a-z][a-z-]*' <<<"$help" | sed -E 's/.*(--[a-z-]+)$/\1/' | sort -u)
check; [[ $(wc -l <<<"$options") -ge 8 ]] || fail "too few options found in --help: $options"
for opt in $options; do
  case $opt in --help | --version) continue ;; esac
  check
  line=$(grep -E "^ +(-[a-zA-Z],)?$opt( |$)" <<<"$help" | head -1)
  grep -qE -- "(e\.g\.|example).*$opt|^ .*gym-otel-env.* $opt( |=|$)" <<<"$line" && continue
  grep -qE -- "(^| )$opt( |=|$)" <<<"$examples" && continue
  fail "--help shows no example using $opt"
done
# The formats --format accepts (CLI11 shows them as TEXT:{sh,fish,...}), each one in the
# description too; the unit tests hold the completions to the same list (kFormats).
formats=$(sed -nE 's/^ +--format TEXT:\{([a-z,-]+)\}$/\1/p' <<<"$help" | tr , ' ')
check; [[ -n $formats ]] || fail "--help shows no --format TEXT:{...} list"
description=$(grep -A1 -E '^ +--format ' <<<"$help" | tail -1)
for format in $formats; do
  check; grep -qE -- "\b$format\b" <<<"$description" || fail "--help does not describe --format $format"
done

# Regression: `--set KEY=VALUE CONFIG` took CONFIG as a second --set value.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'telemetry:\n  enabled: true\n' >"$work/c.yaml"
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --set telemetry.service_name=svc "$work/c.yaml" --format json)
expect "--set followed by CONFIG: exit status" 0 $?
check; [[ $out == *'"OTEL_SERVICE_NAME": "svc"'* ]] || fail "--set followed by CONFIG: $out"
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --search-dir "$work" c.yaml --format json)
expect "--search-dir followed by CONFIG: exit status" 0 $?
check; [[ $out == *'"NEMO_GYM_OTEL_ENABLED": "1"'* ]] || fail "--search-dir followed by CONFIG: $out"
echo "--version $got, --help with examples for: $(echo $options)"
finish
