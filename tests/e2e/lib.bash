# The one library of the end-to-end tests, sourced by tests/e2e/*.sh (ctest runs only
# those): assertions that count failures and say what differed, skipping, the check for
# the reference's Python, and the hostile values of the round-trip tests.
: "${GOE_BIN:?GOE_BIN must name the built gym-otel-env}"
: "${GOE_SOURCE_DIR:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
_GOE_LIB=${BASH_SOURCE[0]}
FAILURES=0
CHECKS=0

# --- assertions: each counts, a failure says where and what, `finish` sums up ----------

# The script's lines that led to the failure, outermost first ("40 > 17": the helper
# called at line 40 failed at its line 17); the library's own frames are left out.
_goe_where() {
    local i where=
    for ((i = ${#BASH_SOURCE[@]} - 2; i >= 1; i--)); do
        [[ ${BASH_SOURCE[i + 1]} == "$_GOE_LIB" ]] || where+=${where:+ > }${BASH_LINENO[i]}
    done
    printf %s "${where:-?}"
}

# fail MESSAGE: one failure; the script goes on.
fail() {
    FAILURES=$((FAILURES + 1))
    printf 'FAIL (line %s): %s\n' "$(_goe_where)" "$*"
}

# die MESSAGE: a failure after which nothing can be checked; ends the script.
die() {
    fail "$@"
    finish
    exit 1
}

# check: counts an assertion written out, as in `check; [[ $x == y ]] || fail "..."`.
check() { CHECKS=$((CHECKS + 1)); }

# expect WHAT WANT GOT: GOT must be WANT.
expect() {
    check
    [[ $2 == "$3" ]] || fail "$1"$'\n'"  want: $(printf %q "$2")"$'\n'"  got:  $(printf %q "$3")"
}

# finish: the summary line, and the script's exit status.
finish() {
    echo "$CHECKS checks, $FAILURES failed"
    ((FAILURES == 0))
}

# skip REASON: the test cannot run on this machine (ctest counts exit 77 as skipped).
skip() {
    echo "SKIP: $*"
    exit 77
}

# --- one command and what a user sees of it --------------------------------------------

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

_goe_fail_run() { fail "$1"$'\n'"  command: ${LAST:-}"; }
expect_status() { check; [ "$STATUS" = "$1" ] || _goe_fail_run "exit status $STATUS, expected $1; stderr: $ERR"; }
expect_stdout() { check; [ "$OUT" = "$1" ] || _goe_fail_run "stdout was: [$OUT], expected: [$1]"; }
expect_stderr() { check; [ "$ERR" = "$1" ] || _goe_fail_run "stderr was: [$ERR], expected: [$1]"; }
expect_stdout_has() { check; [[ $OUT == *"$1"* ]] || _goe_fail_run "stdout lacks [$1]: [$OUT]"; }
expect_stdout_lacks() { check; [[ $OUT != *"$1"* ]] || _goe_fail_run "stdout has [$1]: [$OUT]"; }
expect_stderr_has() { check; [[ $ERR == *"$1"* ]] || _goe_fail_run "stderr lacks [$1]: [$ERR]"; }

# clear_telemetry_env [PREFIX...]: unsets every NEMO_GYM_OTEL_*, NEMO_LENS_*, OTEL_* and
# SLURM_* variable (and PREFIX_* for each PREFIX), so that nothing the caller of the test
# has set decides a result.
clear_telemetry_env() {
    local pattern
    pattern=$(IFS='|' && echo "NEMO_GYM_OTEL|NEMO_LENS|OTEL|SLURM${*:+|$*}")
    # shellcheck disable=SC2046  # one word per name
    unset $(env | grep -E "^($pattern)_" | cut -d= -f1) 2>/dev/null
}

# tool_formats: the formats the tool lists in --help (kFormats, its one table), one a
# line, so that a test looping over every format gets a new one without an edit.
tool_formats() {
    "$GOE_BIN" --help | sed -n '/^Formats (--format FORMAT):$/,/^$/p' | sed -nE 's/^  ([a-z-]+) .*/\1/p'
}

# --- the reference (tests/differential/reference: real OmegaConf and pydantic) --------

# need_reference_python: sets `py` to the Python that runs the reference, or skips the
# test when that Python cannot import Debian's OmegaConf and pydantic v2.
need_reference_python() {
    py=${GOE_PYTHON:-python3}
    PYTHONPATH=/usr/lib/python3/dist-packages "$py" -c \
        'import omegaconf, pydantic, sys; sys.exit(pydantic.VERSION.split(".")[0] != "2")' 2>/dev/null ||
        skip "OmegaConf (python3-omegaconf) or pydantic v2 not importable by $py"
}

# --- hostile values, for the round trips through real shells and parsers ---------------

# Written as printf formats (octal escapes for bytes, %% for a percent sign) so that this
# file stays plain printable text.
HOSTILE_VALUES=(
    'my-gym'
    'a b'
    'a  b'
    'a   b    c'
    ' lead'
    'trail '
    '  both  '
    ' '
    '   '
    'a\tb'
    '\t'
    ' \t \t '
    'a\nb'
    'a\n'
    'a\n\n\n'
    '\n'
    '\na'
    ' \n '
    "it's"
    '"dq"'
    "'\"'\"'"
    '$HOME'
    '$'
    '$(echo pwned)'
    '`echo pwned`'
    '${HOME}'
    'a\\b'
    '\\'
    '\\\\'
    'a\\'
    '\\n'
    "\\\\'"
    '*'
    '*.yaml'
    '?'
    '[ab]'
    '['
    'a*b?c[d]'
    '!'
    '!!'
    '!$'
    '!(x)'
    '@(x) +(y) ?(z) *(w)'
    '~'
    '~root'
    'a=~/x'
    '#'
    'a #b'
    '#comment'
    ';&|'
    'a; touch pwned & b | c'
    '<in >out 2>&1'
    '{a,b}'
    '{1..3}'
    '()'
    '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177'
    '\001'
    '\177'
    '\r'
    'a\r\nb'
    'x\r'
    'gr\303\274\303\237e \342\200\224 \346\227\245\346\234\254 \360\237\216\211'
    '\302\240nbsp\302\240'
    '\342\200\250'
    '\357\230\200'
    '\377\376'
    'a\200b'
    '\303'
    '\355\240\200'
    ''
    '-n'
    '-e'
    '--'
    '-'
    '-v x'
    '%%s%%d%%%%'
    "a b'c\"d\$e\`f\\\\g"
    '='
    'a=b'
    "x'"
    "'x"
    'x y z'
    '-v  x'
    '-\n'
    '--\t'
    '%%s  %%b'
    '\\c  x'
    '\203'
    'a\204\205b'
    '\200\201\202\203\204\205\206\207\210\211\212\213\214\215\216\217\220\221\222\223\224\225\226\227\230\231\232\233\234\235\236\237\240\241\242\243\244\245\246\247\250\251\252\253\254\255\256\257\260\261\262\263\264\265\266\267\270\271\272\273\274\275\276\277\300\301\302\303\304\305\306\307\310\311\312\313\314\315\316\317\320\321\322\323\324\325\326\327\330\331\332\333\334\335\336\337\340\341\342\343\344\345\346\347\350\351\352\353\354\355\356\357\360\361\362\363\364\365\366\367\370\371\372\373\374\375\376\377'
    '\244\t\\'
    'a\\\n'
    " it's\\\\n "
    '"x"\n'
    "x\ry'"
)

# env_file_values: adds to HOSTILE_VALUES what YAML would type or read as syntax, the `$`
# forms, a BOM, and '=' or '#' where a line could be misread (the env-file readers).
env_file_values() {
    HOSTILE_VALUES+=(
        'yes' 'no' 'null' '010' '0x1F' '1:30' '1e3' '.inf' '*anchor' '&a' '!tag' '%%x' '@x'
        '- item' 'key: value' '{a: 1}' '[1, 2]' '---' '...' '|' '>' '? x' "'single'"
        '$HOME-x' '$(id)' 'a$' '$-x' '${' '${}' '${a b}' '$$' '$1'
        '\357\273\277' '\357\273\277x' ' =x' '=#' ' \t#x'
    )
}

# hostile_value I: the Ith value's bytes on stdout.
hostile_value() { printf -- "${HOSTILE_VALUES[$1]}"; }

# read_all NAME: all of stdin (no NUL in it) into NAME, trailing newlines included. Not
# $(...; printf .) and ${v%.}: in a UTF-8 locale bash 5.2 garbles that strip for a value
# like \xe0\\ (docs/formats.md, "sh").
read_all() { IFS= read -r -d '' "$1" || :; }

# hex: the bytes of stdin as lowercase hex, no spaces.
hex() { od -An -v -tx1 | tr -d ' \n'; }

# render_all FORMAT DIR: for every hostile value I, the value put into both
# telemetry.service_name and telemetry.exporter (through the environment, so any bytes
# get in), rendered in FORMAT: DIR/I.want (the value), DIR/I.out (stdout), DIR/I.err
# (stderr), DIR/I.rc (exit status). -q: the lint would warn about each exporter value.
render_all() {
    local format=$1 dir=$2 i value
    mkdir -p "$dir"
    printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}', exporter: '\${oc.env:GOE_V}'}" \
        >"$dir/c.yaml"
    for i in "${!HOSTILE_VALUES[@]}"; do
        hostile_value "$i" >"$dir/$i.want"
        read_all value < <(hostile_value "$i")
        env -i PATH="$PATH" NEMO_GYM_OTEL_RUN_ID=run GOE_V="$value" \
            "$GOE_BIN" -q --no-env-yaml --format "$format" "$dir/c.yaml" >"$dir/$i.out" 2>"$dir/$i.err"
        echo $? >"$dir/$i.rc"
    done
}
