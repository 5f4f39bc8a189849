#!/usr/bin/env bash
# On error: in the shell formats stdout holds only `false`, so that eval fails and a
# `set -e` script stops (bash, dash, zsh; fish's `source` fails); in the other formats
# stdout is empty. Bad config exits 1, bad usage 2, an internal error (out of memory) 70.
set -u
. "$(dirname "$0")/lib.bash"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
printf 'telemetry: {enabled: true, export_rank: 2.5}\n' >bad.yaml
printf 'telemetry: {enabled: true}\n' >good.yaml
# clean_env CMD...: CMD with nothing in its environment but PATH and a fixed run id.
clean_env() { env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run "$@"; }

# Every format, as --help lists them (kFormats): a new one is covered without an edit here.
formats=$("$GOE_BIN" --help | sed -n '/^Formats (--format FORMAT):$/,/^$/p' | sed -nE 's/^  ([a-z-]+) .*/\1/p')
check; [[ $(wc -w <<<"$formats") -ge 9 ]] || fail "--help lists too few formats: $formats"
for format in $formats; do
  want_out=''
  [[ $format == sh || $format == fish ]] && want_out='false'
  out=$(clean_env "$GOE_BIN" --no-env-yaml --format "$format" bad.yaml 2>err)
  expect "$format: bad config status" 1 $?
  expect "$format: bad config stdout" "$want_out" "$out"
  expect "$format: one line on stderr" 1 "$(wc -l <err)"
  check; [[ $(cat err) == "gym-otel-env: error: "*"telemetry.export_rank"* ]] || fail "$format: message: $(cat err)"
  out=$(clean_env "$GOE_BIN" --no-env-yaml --format "$format" --no-such-option good.yaml 2>err)
  expect "$format: usage error status" 2 $?
  expect "$format: usage error stdout" "$want_out" "$out"
done

# `set -e` stops at the failed eval, quoted or not.
for sh in bash dash zsh; do
  command -v "$sh" >/dev/null || { echo "$sh not installed: skipped"; continue; }
  for line in 'eval "$("$GOE_BIN" --no-env-yaml bad.yaml)"' 'eval $("$GOE_BIN" --no-env-yaml bad.yaml)'; do
    out=$(clean_env GOE_BIN="$GOE_BIN" "$sh" -c "set -e; $line; echo reached" 2>/dev/null)
    status=$?
    expect "$sh: set -e stops at: $line" "" "$out"
    check; ((status != 0)) || fail "$sh: exit status 0 after a failed eval: $line"
  done
done
if command -v fish >/dev/null; then
  out=$(clean_env GOE_BIN="$GOE_BIN" fish --no-config -c \
    '$GOE_BIN --no-env-yaml --format fish bad.yaml 2>/dev/null | source; echo $status' 2>/dev/null)
  expect "fish: source fails" 1 "$out"
fi

# Out of memory is not the config's fault: its own words and status, still `false` on
# stdout. Skipped where the limit stops the binary from starting (AddressSanitizer
# reserves far more address space).
limit=200000  # KiB of address space
if (ulimit -v "$limit" && clean_env "$GOE_BIN" --no-env-yaml good.yaml >/dev/null 2>&1); then
  { echo 'telemetry: {enabled: true}'; echo 'big:'; seq -f '  k%g: [a, b, c, d]' 1 2000000; } >big.yaml
  out=$(ulimit -v "$limit" && clean_env "$GOE_BIN" --no-env-yaml big.yaml 2>err)
  expect "out of memory: status" 70 $?
  expect "out of memory: stdout" "false" "$out"
  expect "out of memory: message" "gym-otel-env: error: internal error: std::bad_alloc" "$(cat err)"
else
  echo "the binary does not start within $limit KiB: out of memory skipped"
fi

finish
