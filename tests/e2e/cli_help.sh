#!/usr/bin/env bash
# --version says what a bug report needs: the version (CMake's project version), what the
# tool follows (docs/contract.md's table) and what it was built with. --help lists the
# parser's options by group, each in the man page's OPTIONS and SYNOPSIS and the manual's
# Options and Synopsis, in the same group and with the same argument, and nothing else
# there (tests/e2e/lib/check_options_docs.py); its formats are the ones --format accepts;
# it fits 80 columns. Options take one value each, so a CONFIG after --set or
# --search-dir stays a CONFIG.
set -uo pipefail
. "$(dirname "$0")/lib.bash"

# --- --version
want=$(sed -nE 's/^project\(gym-otel-env VERSION ([0-9.]+).*/\1/p' "$GOE_SOURCE_DIR/CMakeLists.txt")
[[ -n $want ]] || die "no project version in CMakeLists.txt"
version=$("$GOE_BIN" --version)
expect "--version: exit status" 0 $?
expect "--version: the first line" "gym-otel-env $want" "$(head -1 <<<"$version")"
flat=$(tr '\n' ' ' <<<"$version" | tr -s ' ')
# Each system docs/contract.md says the tool follows, with its version.
followed=$(sed -n '/^## What it follows/,/^## /p' "$GOE_SOURCE_DIR/docs/contract.md" |
  sed -nE 's/^\| ([^|]+) \| `?([^|`]+)`? \| .*/\1 \2/p' | grep -v '^system version$' | grep -v -- '^---')
check; [[ $(wc -l <<<"$followed") -ge 5 ]] || fail "docs/contract.md's 'What it follows' table: $followed"
while IFS= read -r system; do
  check; [[ $flat == *"follows: "*"$system ("* ]] || fail "--version does not say it follows $system: $version"
done <<<"$followed"
for lib in yaml-cpp fmt CLI11; do
  check; [[ $flat =~ "built with: ".*"$lib "[0-9]+\.[0-9]+ ]] || fail "--version does not name the $lib it was built with: $version"
done
check; [[ $flat =~ (GCC|Clang|GNU|AppleClang)\ [0-9] ]] || fail "--version does not name the compiler: $version"
check; [[ $flat =~ (static-pie|static|dynamic) ]] || fail "--version does not say how it is linked: $version"

# --- --help
help=$("$GOE_BIN" --help)
expect "--help: exit status" 0 $?
expect "--help: the usage line" "Usage: gym-otel-env [OPTION]... [CONFIG]..." "$(head -1 <<<"$help")"
check; long=$(awk 'length > 80' <<<"$help"); [[ -z $long ]] || fail "--help has lines over 80 columns:"$'\n'"$long"
for group in Input Output Run Checks; do
  check; grep -qx "$group:" <<<"$help" || fail "--help has no '$group:' group"
done
check; [[ $help == *$'\nExamples:\n'* ]] || fail "--help has no Examples"
check; [[ $help == *"man gym-otel-env"* ]] || fail "--help does not say where the manual is"
command -v python3 >/dev/null || die "python3 is not installed"
check; problems=$(python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_options_docs.py" "$GOE_SOURCE_DIR" <<<"$help") ||
  fail "the docs do not list the options --help lists:"$'\n'"$problems"

# The formats --help lists are the ones --format takes, in the same order, and each runs.
listed=$(sed -n '/^Formats (--format FORMAT):$/,/^$/p' <<<"$help" | sed -nE 's/^  ([a-z-]+) .*/\1/p' | xargs)
taken=$("$GOE_BIN" --format nope 2>&1 >/dev/null | sed -nE "s/.*: 'nope' is not one of ([a-z, -]+)(;| \().*/\1/p" | tr -d ,)
check; [[ $(wc -w <<<"$listed") -ge 9 ]] || fail "--help lists too few formats: $listed"
expect "--help's formats are those --format takes" "$taken" "$listed"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'telemetry:\n  enabled: true\n' >"$work/c.yaml"
for format in $listed; do
  check; env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --format "$format" "$work/c.yaml" >/dev/null 2>&1 ||
    fail "--format $format, listed by --help, fails"
done

# Regression: `--set KEY=VALUE CONFIG` took CONFIG as a second --set value.
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --set telemetry.service_name=svc "$work/c.yaml" --format json)
expect "--set followed by CONFIG: exit status" 0 $?
check; [[ $out == *'"OTEL_SERVICE_NAME": "svc"'* ]] || fail "--set followed by CONFIG: $out"
out=$(env -i PATH="$PATH" "$GOE_BIN" --no-env-yaml --search-dir "$work" c.yaml --format json)
expect "--search-dir followed by CONFIG: exit status" 0 $?
check; [[ $out == *'"NEMO_GYM_OTEL_ENABLED": "1"'* ]] || fail "--search-dir followed by CONFIG: $out"
echo "--version: $(head -1 <<<"$version"); --help: $(grep -cE '^  (-[a-z], |    )--' <<<"$help") options, formats: $listed"
finish
