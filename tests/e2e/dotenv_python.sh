#!/usr/bin/env bash
# --format dotenv read back by the real python-dotenv (Debian's python3-dotenv) and by
# docker --env-file (emulated after docker/cli opts/file.go: lines written without
# quotes must be every simple value, taken as is). Not UTF-8, and values that no dotenv
# quoting can carry for both npm and python readers, are refused.
set -u
. "$GOE_SOURCE_DIR/tests/e2e/lib/hostile_values.bash"
python=
for candidate in python3 /usr/bin/python3; do
  if command -v "$candidate" >/dev/null && "$candidate" -c 'import dotenv' 2>/dev/null; then
    python=$candidate && break
  fi
done
[[ -n $python ]] || { echo "skip: python-dotenv is not installed (Debian: python3-dotenv)"; exit 77; }
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

render_all dotenv "$work"
refused=(invalid-utf8 "$(printf "'\"'\"'" | hex)" "$(printf " it's\\\\n " | hex)")
"$python" "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" python-dotenv "$work" "${refused[@]}" || exit 1
"$python" "$GOE_SOURCE_DIR/tests/e2e/lib/check_formats.py" docker "$work" "${refused[@]}"
