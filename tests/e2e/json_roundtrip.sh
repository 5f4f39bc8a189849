#!/usr/bin/env bash
# --format json: one object that Python's json module reads back to every hostile value
# (bytes outside UTF-8 through surrogateescape, as os.environ does), and that jq reads
# back to every UTF-8 one.
set -u
. "$GOE_SOURCE_DIR/tests/e2e/lib/hostile_values.bash"
command -v python3 >/dev/null || { echo "skip: python3 is not installed"; exit 77; }
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

render_all json "$work"
python3 "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" json "$work" || exit 1

command -v jq >/dev/null || { echo "jq is not installed: jq check skipped"; exit 0; }
fails=0
for i in "${!HOSTILE_VALUES[@]}"; do
  if ! iconv -f UTF-8 -t UTF-8 "$work/$i.want" >/dev/null 2>&1; then continue; fi
  got=$(jq -j .NEMO_GYM_OTEL_EXPORTER "$work/$i.out" | hex)
  if [[ $got != "$(hex <"$work/$i.want")" ]]; then
    fails=$((fails + 1))
    printf 'FAIL [jq] value #%d %q: got %s\n' "$i" "${HOSTILE_VALUES[$i]}" "$got"
  fi
done
echo "[jq] $fails failures"
((fails == 0))
