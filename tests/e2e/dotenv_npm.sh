#!/usr/bin/env bash
# --format dotenv read back by the real npm `dotenv` package (both of its parsers),
# installed into a temporary directory. Skipped when npm cannot reach its registry.
set -u
. "$(dirname "$0")/lib.bash"
command -v node >/dev/null && command -v npm >/dev/null || skip "node/npm not installed"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT

if ! (cd "$work" && HOME=$work timeout 180 npm install --no-audit --no-fund --no-package-lock --silent \
  dotenv >"$work/npm.log" 2>&1); then
  skip "npm could not install dotenv: $(tail -3 "$work/npm.log")"
fi
echo "npm dotenv $(node -p "require('$work/node_modules/dotenv/package.json').version")"
render_all dotenv "$work/out"
# Refused: not UTF-8; no quoting that both readers take; what python-dotenv interpolates.
refused=(invalid-utf8 "$(printf "'\"'\"'" | hex)" "$(printf " it's\\\\n " | hex)" "$(printf '%s' '${HOME}' | hex)")
check
node "$GOE_SOURCE_DIR/tests/e2e/lib/check_npm_dotenv.js" "$work/node_modules/dotenv" "$work/out" "${refused[@]}" ||
  fail "npm dotenv read values back changed (above)"
finish
