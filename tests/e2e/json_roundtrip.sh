#!/usr/bin/env bash
# --format json: one object that Python's json module reads back to every hostile value
# (bytes outside UTF-8 through surrogateescape, as os.environ does), and that jq reads
# back to every UTF-8 one.
set -u
. "$(dirname "$0")/lib.bash"
command -v python3 >/dev/null || skip "python3 is not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

render_all json "$work"
check
python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" json "$work" || fail "Python's json read values back changed (above)"

if ! command -v jq >/dev/null; then
  echo "jq is not installed: jq check skipped"
  finish
  exit
fi
for i in "${!HOSTILE_VALUES[@]}"; do
  if ! iconv -f UTF-8 -t UTF-8 "$work/$i.want" >/dev/null 2>&1; then continue; fi
  expect "[jq] value #$i ${HOSTILE_VALUES[$i]}" "$(hex <"$work/$i.want")" \
    "$(jq -j .NEMO_GYM_OTEL_EXPORTER "$work/$i.out" | hex)"
done
finish
