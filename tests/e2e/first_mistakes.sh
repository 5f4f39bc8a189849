#!/usr/bin/env bash
# Issue 34: what a new user sees of their mistakes, several at once, positions counted by hand.
set -u
. "$(dirname "$0")/lib.bash"

cd "$(mktemp -d)"
trap 'rm -rf "$PWD"' EXIT
clear_telemetry_env
unset NO_COLOR NEMO_GYM_EXTRA_ROOTS OTLP_KEY
export SLURM_JOB_ID=99  # a fixed run id

# Several mistakes at once: every one of them in one run, in file order, at the key for a key.
cat > k.yaml <<'YAML'
telemtry:
  enabled: true
telemetry:
  enabled: true
  servce_name: my-gym
  export_rank: two
  exportr: console
  logs_enabled: maybe
  otlp_protocol: http/protobuf
  otlp_endpoint: collector:4318
YAML
all="gym-otel-env: warning: k.yaml:1:1: telemtry: not the telemetry block, ignored; did you mean 'telemetry'?
gym-otel-env: warning: k.yaml:5:3: telemetry.servce_name: unknown key, ignored; did you mean 'service_name'?
gym-otel-env: error: k.yaml:6:16: telemetry.export_rank: expected an integer, got 'two'
gym-otel-env: warning: k.yaml:7:3: telemetry.exportr: unknown key, ignored; did you mean 'exporter'?
gym-otel-env: error: k.yaml:8:17: telemetry.logs_enabled: expected a boolean, got 'maybe'
gym-otel-env: warning: k.yaml:10:18: telemetry.otlp_endpoint: 'collector:4318' has no http:// or https://, which http/protobuf needs (the OpenTelemetry SDK rejects it)"
run "$GOE_BIN" k.yaml
expect_status 1
expect_stdout "false"
expect_stderr "$all"
run "$GOE_BIN" --check k.yaml
expect_status 1
expect_stdout ""
expect_stderr "$all"
run "$GOE_BIN" --format json k.yaml
expect_status 1
expect_stdout ""
# --quiet keeps the errors; --strict makes every line an error.
run "$GOE_BIN" --quiet k.yaml
expect_status 1
expect_stderr "gym-otel-env: error: k.yaml:6:16: telemetry.export_rank: expected an integer, got 'two'
gym-otel-env: error: k.yaml:8:17: telemetry.logs_enabled: expected a boolean, got 'maybe'"
run "$GOE_BIN" --check --strict k.yaml
expect_status 1
strict=${all//warning:/error:}
expect_stderr "${strict//, ignored/}"
check; [[ $ERR != *ignored* ]] || fail "--strict says ignored: $ERR"
# --exec runs nothing.
mkdir bin && printf '#!/bin/sh\necho ran\n' > bin/gym && chmod +x bin/gym
run "$GOE_BIN" k.yaml --exec -- bin/gym
expect_status 1
expect_stdout ""

# A key that is not a string, at the key; two files, each in its own order, the later merged last.
printf 'telemetry:\n  enabled: true\n  1: x\n' > base.yaml
printf 'config_paths: [base.yaml]\ntelemetry:\n  colour: red\n  export_rank: x\n' > top.yaml
run "$GOE_BIN" --check top.yaml
expect_status 1
expect_stderr "gym-otel-env: error: base.yaml:3:3: telemetry.1: keys should be strings, got the integer key 1
gym-otel-env: warning: top.yaml:3:3: telemetry.colour: unknown key, ignored
gym-otel-env: error: top.yaml:4:16: telemetry.export_rank: expected an integer, got 'x'"

# A CONFIG is named as typed; a word the shell split off --set is said to be one.
run "$GOE_BIN" nosuch.yaml
expect_status 1
expect_stdout "false"
expect_stderr "gym-otel-env: error: nosuch.yaml: no such config file (looked in: $(pwd -P)/nosuch.yaml)"
run "$GOE_BIN" --set telemetry.service_name=a b
expect_status 1
expect_stderr "gym-otel-env: error: b: no such config file (looked in: $(pwd -P)/b); it followed --set telemetry.service_name=a: a value with a space needs quotes, as in --set 'telemetry.service_name=a b'"
run "$GOE_BIN" --set 'telemetry.otlp_endpoint=https://u:pw@collector' s3cr3t
expect_status 1
expect_stderr "gym-otel-env: error: the word after --set telemetry.otlp_endpoint=*** is no config file: a value with a space needs quotes, as in --set 'telemetry.otlp_endpoint=***'"
run "$GOE_BIN" --env-yaml e.yaml k.yaml
expect_status 1
expect_stderr "gym-otel-env: error: --env-yaml: no such file 'e.yaml' (looked in: $(pwd -P)/e.yaml)"

# A place in a hidden value is counted in what the user typed after '='.
run "$GOE_BIN" --set telemetry.otlp_headers=x-api-key=abc
expect_status 2
expect_stdout "false"
expect_stderr "gym-otel-env: error: --set: Error parsing override 'telemetry.otlp_headers=***': unexpected '=' (quote the value: KEY='...') at character 10 of the hidden value"

# Telemetry off and a header's variable unset: Gym fails too, and the message says so and how to fix it.
printf 'telemetry:\n  otlp_headers: x-api-key=${oc.env:OTLP_KEY}\n' > off.yaml
run "$GOE_BIN" off.yaml
expect_status 1
expect_stderr "gym-otel-env: error: off.yaml:2:17: telemetry.otlp_headers: environment variable 'OTLP_KEY' not found (set it, or give it a default: \${oc.env:OTLP_KEY,''}); Gym fails here too, with telemetry off as well: it resolves the whole telemetry block before it reads 'enabled'"
OTLP_KEY=s3cr3t run "$GOE_BIN" off.yaml
expect_status 0
expect_stderr ""
printf 'telemetry:\n  otlp_headers: "x-api-key=${oc.env:OTLP_KEY,'"''"'}"\n' > fixed.yaml
run "$GOE_BIN" fixed.yaml
expect_status 0
expect_stderr ""
printf 'telemetry:\n  enabled: false\n  export_rank: two\n' > offrank.yaml
run "$GOE_BIN" offrank.yaml
expect_status 1
expect_stderr "gym-otel-env: error: offrank.yaml:3:16: telemetry.export_rank: expected an integer, got 'two'; Gym fails here too, with telemetry off as well: it validates the whole telemetry block before it reads 'enabled'"

# host:port is what gRPC clients take; OTLP/HTTP needs a URL.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: collector:4317\n' > grpc.yaml
run "$GOE_BIN" --check --strict grpc.yaml
expect_status 0
expect_stderr ""
OTEL_EXPORTER_OTLP_PROTOCOL=http/json run "$GOE_BIN" --check grpc.yaml
expect_stderr_has "gym-otel-env: warning: grpc.yaml:3:18: telemetry.otlp_endpoint: 'collector:4317' has no http:// or https://, which http/json needs (the OpenTelemetry SDK rejects it)"

# A refusal suggests what helps where the format is read.
printf 'telemetry:\n  enabled: true\n  service_name: svc-$HOME\n' > dollar.yaml
run "$GOE_BIN" --format gitlab dollar.yaml
expect_status 1
expect_stdout ""
expect_stderr "gym-otel-env: error: dollar.yaml:3:17: OTEL_SERVICE_NAME: cannot be written for a GitLab dotenv report: GitLab would expand the \$NAME, \${...} or %NAME% in it, and has no escape for dotenv variables; compute the variables inside the job that needs them (gym-otel-env c.yaml --exec -- gym ...), or keep such a value in a CI/CD variable"

# Standard output that cannot be written: the reason.
if [ -w /dev/full ]; then
    "$GOE_BIN" grpc.yaml >/dev/full 2>err.txt
    STATUS=$? ERR=$(cat err.txt) LAST="gym-otel-env grpc.yaml >/dev/full"
    expect_status 1
    expect_stderr "gym-otel-env: error: cannot write to standard output: No space left on device"
fi
printf '#!/bin/sh\n' > noexec && chmod -x noexec
run "$GOE_BIN" grpc.yaml --exec -- ./noexec
expect_status 126
expect_stderr "gym-otel-env: error: ./noexec: cannot execute: Permission denied"

# No config and no env.yaml: a warning, on a terminal too (tests/e2e/nothing_silent.sh).

# Gym's search order: NEMO_GYM_EXTRA_ROOTS before the working directory, ./ or not; said when
# the working directory's file is passed over.
mkdir -p configs other/configs
printf 'telemetry: {enabled: true, service_name: here}\n' > configs/t.yaml
printf 'telemetry: {enabled: true, service_name: there}\n' > other/configs/t.yaml
for name in configs/t.yaml ./configs/t.yaml; do
    NEMO_GYM_EXTRA_ROOTS=$PWD/other run "$GOE_BIN" --format json "$name"
    expect_status 0
    expect_stdout_has '"OTEL_SERVICE_NAME": "there"'
    tail=""
    [[ $name == ./* ]] && tail=", ./ or not"
    expect_stderr "gym-otel-env: warning: '$name' is read from $PWD/other/configs/t.yaml, found first under NEMO_GYM_EXTRA_ROOTS; the working directory's $(pwd -P)/configs/t.yaml is passed over, as Gym passes it over$tail (name that file by its absolute path to read it)"
done
NEMO_GYM_EXTRA_ROOTS=$PWD/other run "$GOE_BIN" --format json "$PWD/configs/t.yaml"
expect_stdout_has '"OTEL_SERVICE_NAME": "here"'
expect_stderr ""


# Issue 39: the first mistakes on the command line, in the tool's own words, whole.
mkdir first && cd first
printf 'telemetry:\n  enabled: true\n  service_name: svc\n' > c.yaml
help=" (see gym-otel-env --help)"
run "$GOE_BIN" --exec gym env start --config c.yaml
expect_status 2
expect_stdout ""
expect_stderr "gym-otel-env: error: '--' is missing before the command of --exec: put it before 'gym', as in gym-otel-env [OPTION]... --exec -- gym [ARG]...$help"
run "$GOE_BIN" --exec c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --exec needs a command after '--'"
run "$GOE_BIN" --formt json c.yaml
expect_status 2
expect_stdout "false"
expect_stderr "gym-otel-env: error: unknown option '--formt'; did you mean '--format'?$help"
formats="sh, fish, json, dotenv, env-file, github, gitlab, ray, kubernetes"
run "$GOE_BIN" c.yaml --format
expect_status 2
expect_stderr "gym-otel-env: error: --format needs a value: one of $formats$help"
run "$GOE_BIN" --format --check c.yaml
expect_status 2
expect_stdout ""
expect_stderr "gym-otel-env: error: --format needs a value: one of $formats$help"
run "$GOE_BIN" --format jsn c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --format: 'jsn' is not one of $formats; did you mean 'json'?$help"
run "$GOE_BIN" c.yaml --set
expect_status 2
expect_stderr "gym-otel-env: error: --set needs a value: KEY=VALUE$help"
run "$GOE_BIN" --strict=yes c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --strict takes no value$help"
run "$GOE_BIN" --set =x c.yaml
expect_status 2
expect_stderr "gym-otel-env: error: --set: expected KEY=VALUE, got '=x' (no KEY before '=')"

# A Hydra override as a CONFIG word is one, as on Gym's command line; a file of that name by a path.
run "$GOE_BIN" --format json c.yaml +telemetry.exporter=console ++telemetry.service_name=other
expect_status 0
expect_stdout_has '"NEMO_GYM_OTEL_EXPORTER": "console"'
expect_stdout_has '"OTEL_SERVICE_NAME": "other"'
expect_stderr ""
run "$GOE_BIN" c.yaml telemetry.exporter=console
expect_status 2
expect_stderr "gym-otel-env: error: command line: telemetry.exporter: Could not override 'telemetry.exporter'. To append to your config use +telemetry.exporter=console"
run "$GOE_BIN" c.yaml '~telemetry.service_name'
expect_status 2
expect_stderr "gym-otel-env: error: command line: telemetry.service_name: Could not delete from config. 'telemetry.service_name' does not exist."
printf 'telemetry:\n  service_name: from-a-file\n' > 'telemetry.service_name=x'
for word in ./telemetry.service_name=x "-- telemetry.service_name=x"; do
    run "$GOE_BIN" --format json c.yaml $word
    expect_status 0
    expect_stdout_has '"OTEL_SERVICE_NAME": "from-a-file"'
done

# A command that is not there: its 127 line alone.
run "$GOE_BIN" --exec -- goe-no-such-command a
expect_status 127
expect_stdout ""
expect_stderr "gym-otel-env: error: goe-no-such-command: command not found"
run "$GOE_BIN" c.yaml --strict --exec -- ./goe-no-such-command
expect_status 127
expect_stderr "gym-otel-env: error: ./goe-no-such-command: no such file"

# A quote never closed: where PyYAML says it opens, and where it says the text ends (a line past the last).
printf 'telemetry:\n  enabled: true\n  service_name: "abc\n' > quote.yaml
run "$GOE_BIN" quote.yaml
expect_status 1
expect_stderr "gym-otel-env: error: quote.yaml:4:1: telemetry.service_name: while scanning a quoted scalar at line 3, column 17: found unexpected end of stream"

# Every unset variable in one run, each with a default that passes when followed.
printf 'telemetry:\n  enabled: true\n  otlp_endpoint: ${oc.env:GOE_A}\n  service_name: ${oc.env:GOE_B}\n  otlp_protocol: ${oc.env:GOE_A}\n' > unset.yaml
run "$GOE_BIN" --check unset.yaml
expect_status 1
expect_stderr "gym-otel-env: error: unset.yaml:3:18: telemetry.otlp_endpoint: environment variable 'GOE_A' not found (set it, or give it a default: \${oc.env:GOE_A,null})
gym-otel-env: error: unset.yaml:4:17: telemetry.service_name: environment variable 'GOE_B' not found (set it, or give it a default: \${oc.env:GOE_B,'nemo-gym'})
gym-otel-env: error: unset.yaml:5:18: telemetry.otlp_protocol: environment variable 'GOE_A' not found (set it, or give it a default: \${oc.env:GOE_A,null})"
sed -e "s/GOE_A}/GOE_A,null}/g" -e "s/GOE_B}/GOE_B,'nemo-gym'}/" unset.yaml > followed.yaml
run "$GOE_BIN" --check --strict followed.yaml
expect_status 0
expect_stderr ""
# Past the first, a variable named from a secret is masked, though the first stopped before reading it.
printf 'telemetry:\n  enabled: true\n  otlp_headers: a=${oc.env:GOE_A},b=${oc.env:NOPE_${oc.env:HC_KEY}}\n' > past.yaml
HC_KEY=s3cr3tvalue run "$GOE_BIN" past.yaml
expect_status 1
expect_stderr "gym-otel-env: error: past.yaml:3:17: telemetry.otlp_headers: environment variable 'GOE_A' not found (set it, or give it a default: \${oc.env:GOE_A,''})
gym-otel-env: error: past.yaml:3:17: telemetry.otlp_headers: environment variable 'NOPE_***' not found (set it, or give it a default: \${oc.env:NOPE_***,''})"

# On a terminal, an error leaves stdout empty: `false` is for an eval, not for a person.
if script -qec true /dev/null >/dev/null 2>&1; then
    for args in "quote.yaml" "--formt json c.yaml" "--format fish quote.yaml"; do
        tty=$(script -qec "'$GOE_BIN' $args 2>/dev/null; echo status=\$?" /dev/null | tr -d '\r')
        check; [[ $tty == status=[12] ]] || fail "stdout on a terminal after an error ($args): [$tty]"
    done
fi

# --help names every form of --explain.
run "$GOE_BIN" --help
expect_stdout_has "      --explain[=full|short]"
cd ..

finish
