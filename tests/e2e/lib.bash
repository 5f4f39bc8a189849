# Helpers for end-to-end tests: run a command, then assert on what a user sees.
# Sourced, not run: ctest runs only the *.sh files that call these.
: "${GOE_BIN:?GOE_BIN must name the built gym-otel-env}"
FAILURES=0
CHECKS=0

# run CMD...: captures stdout in OUT, stderr in ERR, exit status in STATUS.
run() {
    local out err
    out=$(mktemp) err=$(mktemp)
    "$@" >"$out" 2>"$err"
    STATUS=$?
    OUT=$(cat "$out") ERR=$(cat "$err")
    rm -f "$out" "$err"
    LAST="$*"
}

fail() {
    FAILURES=$((FAILURES + 1))
    printf 'FAIL (line %s): %s\n  command: %s\n' "${BASH_LINENO[1]:-?}" "$1" "${LAST:-}" >&2
}

check() { CHECKS=$((CHECKS + 1)); }

expect_status() { check; [ "$STATUS" = "$1" ] || fail "exit status $STATUS, expected $1; stderr: $ERR"; }
expect_stdout() { check; [ "$OUT" = "$1" ] || fail "stdout was: [$OUT], expected: [$1]"; }
expect_stderr() { check; [ "$ERR" = "$1" ] || fail "stderr was: [$ERR], expected: [$1]"; }
expect_stdout_has() { check; [[ $OUT == *"$1"* ]] || fail "stdout lacks [$1]: [$OUT]"; }
expect_stdout_lacks() { check; [[ $OUT != *"$1"* ]] || fail "stdout has [$1]: [$OUT]"; }
expect_stderr_has() { check; [[ $ERR == *"$1"* ]] || fail "stderr lacks [$1]: [$ERR]"; }

finish() {
    echo "$((CHECKS - FAILURES)) passed, $FAILURES failed"
    [ "$FAILURES" = 0 ]
}
