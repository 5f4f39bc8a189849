#!/usr/bin/env bash
# --format dotenv read back by the real python-dotenv (Debian's python3-dotenv), with the
# defaults of load_dotenv() (interpolation on), and by
# docker --env-file (emulated after docker/cli opts/file.go: lines written without
# quotes must be every simple value, taken as is). Not UTF-8, values that no dotenv
# quoting can carry for both npm and python readers, and values python-dotenv would
# interpolate (0.21, as Debian has it, and 1.2 read `${...}` alike) are refused.
set -u
. "$(dirname "$0")/lib.bash"
python=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import dotenv' 2>/dev/null; then
    python=$candidate && break
  fi
done
[[ -n $python ]] || skip "python-dotenv is not installed (Debian: python3-dotenv)"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

render_all dotenv "$work"
# Refused: not UTF-8; no quoting that both readers take; what python-dotenv interpolates.
refused=(invalid-utf8 "$(printf "'\"'\"'" | hex)" "$(printf " it's\\\\n " | hex)" "$(printf '%s' '${HOME}' | hex)")
for reader in python-dotenv docker; do
  check
  "$python" "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" "$reader" "$work" "${refused[@]}" ||
    fail "$reader read values back changed (above)"
done
finish
