#!/usr/bin/env bash
# --exec: the command replaces gym-otel-env (same pid, its own exit status and signals),
# gets its argv unchanged and the environment plus the exports; with no CONFIG the Gym
# command line after -- names the configs and overrides; 127 / 126 with one line.
set -u
. "$(dirname "$0")/lib.bash"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

cat >child <<'SH'
#!/bin/sh
# Reports what it was given, then exits as CHILD_DO says.
printf 'pid=%s\n' "$$"
printf 'argc=%s\n' "$#"
for a in "$@"; do printf 'arg=[%s]\n' "$a"; done
for n in OTEL_SERVICE_NAME NEMO_GYM_OTEL_EXPORTER NEMO_GYM_OTEL_ENABLED KEEP_ME; do
  printf '%s=[%s]\n' "$n" "$(printenv "$n")"
done
case ${CHILD_DO:-} in
  exit3) exit 3 ;;
  term) kill -TERM $$ ;;
esac
exit 0
SH
chmod +x child
cp child gym  # a stand-in for Gym's own entry point: only its command line is read
printf 'not a program\n' >not-executable
cat >my_env.yaml <<'YAML'
telemetry: {enabled: true, service_name: from-my-env}
YAML
printf 'telemetry: {service_name: from-a}\n' >a.yaml
printf 'telemetry: {enabled: true, exporter: from-b}\n' >b.yaml
printf 'telemetry: {export_rank: 2.5}\n' >bad.yaml
# clean_env CMD...: CMD with nothing in its environment but PATH (with ./child and ./gym),
# a fixed run id and KEEP_ME.
clean_env() { env -i PATH="$work:$PATH" NEMO_GYM_OTEL_RUN_ID=run KEEP_ME=kept "$@"; }

# argv unchanged, environment plus exports, the child's stdout only.
args=('a b' '' '  c  ' $'x\ny' '*' '$HOME' '--config' 'nothing.yaml')
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- child "${args[@]}" 2>"$work/err"; echo "rc=$?")
want="argc=8"$'\n'"$(printf 'arg=[%s]\n' "${args[@]}")"$'\n'"OTEL_SERVICE_NAME=[from-my-env]
NEMO_GYM_OTEL_EXPORTER=[otlp]
NEMO_GYM_OTEL_ENABLED=[1]
KEEP_ME=[kept]
rc=0"
expect "argv and environment" "$want" "$(sed 1d <<<"$out")"
expect "nothing on stderr" "" "$(cat "$work/err")"

# exec, not fork: the child has gym-otel-env's pid.
env -i PATH="$work:$PATH" NEMO_GYM_OTEL_RUN_ID=run "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- child \
  >"$work/out" 2>&1 &  # env execs too, so $! is gym-otel-env's pid
pid=$!
wait "$pid"
expect "exec keeps the pid" "pid=$pid" "$(head -1 "$work/out")"

# The child's exit status and signal are its own.
clean_env CHILD_DO=exit3 "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- child >/dev/null 2>&1
expect "exit status 3" 3 $?
clean_env CHILD_DO=term "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- child >/dev/null 2>&1
expect "killed by SIGTERM (128+15)" 143 $?
if command -v python3 >/dev/null; then
  got=$(clean_env CHILD_DO=term python3 -c 'import subprocess, sys; print(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode)' \
    "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- child)
  expect "the signal itself, seen by the parent" -15 "$got"
fi

# Not found: 127; not executable: 126; one line on stderr, nothing on stdout.
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- no-such-command-xyz 'a b' 2>"$work/err")
expect "127 status" 127 $?
expect "127 stdout" "" "$out"
expect "127 message" "gym-otel-env: error: no-such-command-xyz: command not found" "$(cat "$work/err")"
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- /nonexistent/gym-otel-env-test-cmd 2>"$work/err")
expect "127 for a path: status" 127 $?
expect "127 for a path: stdout" "" "$out"
expect "127 for a path: message" "gym-otel-env: error: /nonexistent/gym-otel-env-test-cmd: no such file" "$(cat "$work/err")"
# Regression: an empty name was searched for as "DIR/" on PATH and failed as a directory
# would (126, "Permission denied"); env '' and every shell say not found.
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- "" 2>"$work/err")
expect "127 for an empty name: status" 127 $?
expect "127 for an empty name: stdout" "" "$out"
expect "127 for an empty name: message" "gym-otel-env: error: '': command not found" "$(cat "$work/err")"
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- "$work/not-executable" 2>"$work/err")
expect "126 status" 126 $?
expect "126 stdout" "" "$out"
expect "126 message" "gym-otel-env: error: $work/not-executable: cannot execute: Permission denied" "$(cat "$work/err")"
out=$(clean_env "$GOE_BIN" --no-env-yaml my_env.yaml --exec -- "$work" 2>"$work/err")
expect "126 for a directory" 126 $?
expect "directory: one line" 1 "$(wc -l <"$work/err")"

# Errors before the exec: stdout stays empty (no `false`), the command does not run.
out=$(clean_env "$GOE_BIN" --no-env-yaml bad.yaml --exec -- child 2>"$work/err")
expect "bad config status" 1 $?
expect "bad config: stdout empty" "" "$out"
check; [[ $(cat "$work/err") == "gym-otel-env: error: "*"telemetry.export_rank"* ]] || fail "bad config message: $(cat "$work/err")"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec 2>"$work/err")
expect "--exec without command: status" 2 $?
expect "--exec without command: stdout empty" "" "$out"
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec --no-such-option -- child 2>"$work/err")
expect "usage error under --exec: status" 2 $?
expect "usage error under --exec: stdout empty" "" "$out"

# No CONFIG: the Gym command line after -- says which configs and overrides.
gym() {  # gym WANT_SERVICE WANT_EXPORTER GYM_ARGS...
  local service=$1 exporter=$2
  shift 2
  local got
  got=$(clean_env "$GOE_BIN" -q --no-env-yaml --exec -- gym "$@" 2>&1)  # -q: no lint of 'from-b'
  local want="argc=$#"$'\n'"$(printf 'arg=[%s]\n' "$@")"$'\n'"OTEL_SERVICE_NAME=[$service]
NEMO_GYM_OTEL_EXPORTER=[$exporter]
NEMO_GYM_OTEL_ENABLED=[1]
KEEP_ME=[kept]"
  expect "gym command line: $*" "$want" "$(sed 1d <<<"$got")"
}
gym from-my-env console env start --config my_env.yaml +telemetry.exporter=console
gym from-my-env otlp env start --config=my_env.yaml
gym from-a from-b env start '+config_paths=[a.yaml,b.yaml]'
gym from-a from-b env start --config a.yaml '+config_paths=[b.yaml]'
gym 'x y' console env start --config my_env.yaml '++telemetry.service_name=x y' ++telemetry.exporter=console

# A command that is not Gym's is never read: its --config means something else. With no
# config read at all, a warning says so (tests/e2e/launchers.sh has the others).
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- child --config m.toml 'telemetry.enabled=true' 2>"$work/err")
expect "not Gym's: the warning" "gym-otel-env: warning: no config read: child is not Gym's command (gym, ng, ng_*, \
python -m nemo_gym.cli.main), so its arguments are not read: give the configs as CONFIG (gym-otel-env CONFIG... \
--exec -- child ...)" "$(cat "$work/err")"
expect "not Gym's: argv unchanged, nothing loaded" "argc=3
arg=[--config]
arg=[m.toml]
arg=[telemetry.enabled=true]
OTEL_SERVICE_NAME=[]
NEMO_GYM_OTEL_EXPORTER=[]
NEMO_GYM_OTEL_ENABLED=[]
KEEP_ME=[kept]" "$(sed 1d <<<"$out")"
# Gym's command line that Gym's argparse refuses is refused before anything runs.
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- gym env start --confg my_env.yaml 2>&1)
expect "Gym refuses: usage error" 2 $?
expect "Gym refuses: its message" \
  "gym-otel-env: error: gym command line: unrecognized arguments: --confg Did you mean \`--config\`? (the tool reads \
Gym 2e5014086a's command line (the default: no Gym install root found): give the configs as CONFIG: gym-otel-env \
CONFIG... --exec -- gym ...)" "$out"

# Hydra applies the tokens to an empty config: KEY= needs a + for a key only the files have.
out=$(clean_env "$GOE_BIN" --no-env-yaml --exec -- gym env start --config my_env.yaml telemetry.exporter=console 2>"$work/err")
expect "KEY= of a key only in the files: status" 2 $?
expect "KEY= of a key only in the files: stdout empty" "" "$out"
expect "KEY= of a key only in the files: message" \
  "gym-otel-env: error: command line: telemetry.exporter: Could not override 'telemetry.exporter'. To append to your config use +telemetry.exporter=console" \
  "$(cat "$work/err")"

finish
