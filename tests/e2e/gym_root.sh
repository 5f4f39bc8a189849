#!/usr/bin/env bash
# Gym's install root: under --exec of Gym's entry point, found the way that entry point
# finds nemo_gym (its script's interpreter, that interpreter's site-packages, or an
# editable install's checkout), so configs Gym ships resolve from any directory; and
# --gym-root DIR. The venvs here are fake: a real python3 shebang script that prints
# its environment, and a site-packages holding nemo_gym/__init__.py and configs.
set -u
. "$(dirname "$0")/lib.bash"
py=$(command -v python3) || skip "no python3"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# venv VENV: a venv whose python links to the system's, and a `gym` script for it.
venv() {
  mkdir -p "$1/bin" "$1/lib/python3.11/site-packages"
  ln -s "$py" "$1/bin/python3"
  cat >"$1/bin/gym" <<PY
#!$1/bin/python3
import os
print("child", os.environ.get("OTEL_SERVICE_NAME", "-"))
PY
  chmod +x "$1/bin/gym"
}
# ship DIR NAME: the configs a Gym install ships under DIR.
ship() {
  mkdir -p "$1/nemo_gym" "$1/resources_servers/x/configs" "$1/environments/x"
  : >"$1/nemo_gym/__init__.py"
  printf 'telemetry: {enabled: true, run_id: r, service_name: %s-server}\n' "$2" >"$1/resources_servers/x/configs/x.yaml"
  printf 'telemetry: {enabled: true, run_id: r, service_name: %s-env}\n' "$2" >"$1/environments/x/config.yaml"
}
site=$work/venv/lib/python3.11/site-packages
venv "$work/venv"
ship "$site" wheel
mkdir elsewhere
cd elsewhere || exit 1
# clean_env CMD...: CMD with nothing in its environment but a system PATH and HOME.
clean_env() { env -i PATH="/usr/bin:/bin" HOME="$work" "$@"; }

# A wheel install: PARENT_DIR is site-packages.
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --config resources_servers/x/configs/x.yaml 2>&1)
expect "wheel: --config of a shipped config" "child wheel-server" "$out"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --environment x 2>&1)
expect "wheel: --environment x" "child wheel-env" "$out"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --resources-server x 2>&1)
expect "wheel: --resources-server x" "child wheel-server" "$out"
# On PATH, as a user runs it.
out=$(env -i PATH="$work/venv/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- gym env start --environment x 2>&1)
expect "wheel: gym on PATH" "child wheel-env" "$out"
# A `gym` earlier on PATH that cannot be run is passed over, as execvp passes over it.
mkdir "$work/noexec"
printf '#!/nowhere/python3\n' >"$work/noexec/gym"
out=$(env -i PATH="$work/noexec:$work/venv/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- gym env start --environment x 2>&1)
expect "wheel: a gym on PATH that cannot run is passed over" "child wheel-env" "$out"
# python -m nemo_gym.cli.main with that venv's python (a module run prints nothing here:
# there is no real Gym; the config is read before the exec).
out=$(clean_env "$GOE_BIN" --no-env-yaml --check --exec -- "$work/venv/bin/python3" -m nemo_gym.cli.main env start --environment x 2>&1)
expect "python -m: the venv's site-packages" "" "$out"
# A config in the working directory still comes first.
mkdir -p resources_servers/x/configs
printf 'telemetry: {enabled: true, run_id: r, service_name: mine}\n' >resources_servers/x/configs/x.yaml
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --config resources_servers/x/configs/x.yaml 2>&1)
expect "the working directory before the install root" "child mine" "$out"
rm -r resources_servers

# Not found: every place, the working directory shown absolute (it is what a relative path means).
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --config nope.yaml 2>&1)
expect "exit 1" 1 $?
expect "not found lists the places" "gym-otel-env: error: command line: config_paths[0]: config_paths entry 'nope.yaml' was not found. Looked in: \
$work/elsewhere/nope.yaml, $site/nope.yaml. Check the path is spelled correctly and is relative to your working \
directory, an extra root (NEMO_GYM_EXTRA_ROOTS / --search-dir), or the Gym install root." "$out"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/venv/bin/gym" env start --environment xx 2>&1)
expect "selector: usage error" 2 $?
expect "selector: Gym's did-you-mean" "gym-otel-env: error: \`--environment xx\` was specified which implies config \
\`environments/xx/config.yaml\`, which does not exist. Did you mean \`x\`? See available environment configs in \
\`$site/environments\`." "$out"

# Roots that resolve to one directory count once (a symlink, a "..", the working directory).
ln -s . here
out=$(clean_env "$GOE_BIN" --no-env-yaml --search-dir "$PWD/here" --search-dir ../elsewhere/ nope.yaml 2>&1 >/dev/null)
expect "roots de-duplicated by resolved directory" "gym-otel-env: error: nope.yaml: no such config file (looked in: \
$PWD/here/nope.yaml)" "$out"
rm here

# An editable install: a .pth names the checkout, PARENT_DIR is the checkout.
venv "$work/edit"
ship "$work/checkout" editable
: >"$work/checkout/pyproject.toml"
printf '%s\n' "$work/checkout" >"$work/edit/lib/python3.11/site-packages/_nemo_gym.pth"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/edit/bin/gym" env start --environment x 2>&1)
expect "editable (.pth)" "child editable-env" "$out"
# ... or a setuptools finder maps the package.
rm "$work/edit/lib/python3.11/site-packages/_nemo_gym.pth"
printf "MAPPING = {'nemo_gym': '%s/checkout/nemo_gym'}\n" "$work" \
  >"$work/edit/lib/python3.11/site-packages/__editable___nemo_gym_0_1_finder.py"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- "$work/edit/bin/gym" env start --config resources_servers/x/configs/x.yaml 2>&1)
expect "editable (finder)" "child editable-server" "$out"

# A `#!/usr/bin/env python3` script: the python3 on PATH is the interpreter.
venv "$work/envshebang"
ship "$work/envshebang/lib/python3.11/site-packages" envpath
printf '#!/usr/bin/env python3\nimport os\nprint("child", os.environ.get("OTEL_SERVICE_NAME", "-"))\n' >"$work/envshebang/bin/gym"
out=$(env -i PATH="$work/envshebang/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- gym env start --environment x 2>&1)
expect "env shebang" "child envpath-env" "$out"

# uv run: the project's .venv, from the working directory upward.
mkdir -p "$work/proj/sub" "$work/bin"
: >"$work/proj/pyproject.toml"
venv "$work/proj/.venv"
ship "$work/proj/.venv/lib/python3.11/site-packages" uv
printf '#!/bin/sh\necho "uv $OTEL_SERVICE_NAME"\n' >"$work/bin/uv"
chmod +x "$work/bin/uv"
out=$(cd "$work/proj/sub" && env -i PATH="$work/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- uv run gym env start --environment x 2>&1)
expect "uv run" "uv uv-env" "$out"
out=$(env -i PATH="$work/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- uv run --project "$work/proj" gym env start --environment x 2>&1)
expect "uv run --project" "uv uv-env" "$out"

# --gym-root DIR: the same root by hand, also without --exec.
out=$(clean_env "$GOE_BIN" --no-env-yaml --gym-root "$site" resources_servers/x/configs/x.yaml 2>&1)
expect "--gym-root" "export OTEL_SERVICE_NAME='wheel-server' &&" "$(grep '^export OTEL_SERVICE_NAME=' <<<"$out")"
out=$(clean_env "$GOE_BIN" --no-env-yaml --gym-root "$work/checkout" --exec -- "$work/venv/bin/gym" env start --environment x 2>&1)
expect "--gym-root wins over the found root" "child editable-env" "$out"

# Not Gym's command: nothing read, even a --config it names.
printf '#!/bin/sh\necho "other ${OTEL_SERVICE_NAME:--}"\n' >"$work/bin/other"
chmod +x "$work/bin/other"
out=$(env -i PATH="$work/bin:/usr/bin:/bin" "$GOE_BIN" -q --no-env-yaml --exec -- other --config "$site/environments/x/config.yaml" 2>&1)
expect "not Gym's: nothing loaded" "other -" "$out"
# Behind env, Gym is read, and its install root found on the PATH env hands it.
out=$(env -i PATH="$work/venv/bin:/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- env FOO=1 gym env start --environment x 2>&1)
expect "env FOO=1 gym: read through env" "child wheel-env" "$out"
out=$(env -i PATH="/usr/bin:/bin" "$GOE_BIN" --no-env-yaml --exec -- env PATH="$work/venv/bin:/usr/bin:/bin" gym env start --environment x 2>&1)
expect "env PATH=... gym: the install root on env's PATH" "child wheel-env" "$out"

finish
