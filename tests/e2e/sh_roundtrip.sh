#!/usr/bin/env bash
# The sh format in real shells (SPEC 6): every hostile value, and values of 100 KB and
# more, comes back byte for byte after eval "$(gym-otel-env ...)" and the unquoted
# eval $(gym-otel-env ...), under set -eu, in bash (plain, --posix, as sh, nullglob,
# failglob, extglob, noglob), dash, zsh (plain, globsubst, extendedglob, shwordsplit,
# emulate sh), ksh93, mksh, posh, yash and busybox sh, in the C.UTF-8, C, GB18030 and
# Big5 locales, with IFS unset, empty and changed, in a directory holding files a
# careless glob would match. Then: a value over a shell's limit makes eval fail and
# never leaves a variable shorter. The jobs run in parallel (GOE_JOBS, default: cores).
set -u
. "$(dirname "$0")/lib.bash"

missing=()
for sh in bash dash zsh ksh mksh posh yash busybox; do command -v "$sh" >/dev/null || missing+=("$sh"); done
((${#missing[@]} == 0)) || skip "not installed: ${missing[*]} (scripts/install-deps)"

work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
export CFGDIR=$work/cfg BAIT=$work/bait GOE_BIN
mkdir "$CFGDIR" "$BAIT"
# Bait: names that a glob or brace expansion left in the output would match.
for name in x a b 1 2 3 - "'x';" "NEMO_GYM_OTEL_EXPORTER='x';" "OTEL_SERVICE_NAME='x';" '"x' "x'" pwned; do
  : >"$BAIT/$name"
done
rm "$BAIT/pwned"

# The values, each in the environment as GOE_V_I, and config c_I.yaml reading it.
values=()
for i in "${!HOSTILE_VALUES[@]}"; do
  read_all value < <(hostile_value "$i") && values+=("$value")
done
# Long ones: random bytes (100 KB, and 120 KB, near Linux's 128 KiB limit for one
# environment string); 40,000 tabs, whose printf format (160 KB) is over that limit for
# /usr/bin/printf; braces, commas and ranges that ksh93 and mksh would expand; GB18030
# lead bytes before ASCII digits; a long line of spaces with newlines at the end.
random_bytes() { head -c "$(($1 * 2))" /dev/urandom | tr -d '\000' | head -c "$1"; }
read_all value < <(random_bytes 100000) && values+=("$value")
read_all value < <(random_bytes 120000) && values+=("$value")
printf -v value '%40000s' '' && values+=("${value// /$'\t'}")
printf -v value '%5000s' '' && values+=("${value// /'{a,b}{1..3}*'}")
printf -v value '%10000s' '' && values+=("${value// /$'\x81\x30'}")
printf -v value '%50000s' '' && values+=("$value"$'\n\n')
# A byte of 0x80 or above and a backslash, opening the value or after a backslash (also
# across a piece boundary): bash 5.2 garbled ${_goe_p%.} of such a piece. In GB18030 and
# Big5 the pair can be one character (0xb3 0x5c), which yash holds but not cut in two, so
# yash fails there (see below) and these are left out of its runs in those locales.
lead_first=${#values[@]}
for v in '\340\134' '\303\134' '\360\134' '\360\237\134x' 'a\134\340\134b' '\340\134\n' '\303\251\134' '\263\134' \
  '\134\201\134\134\342\202\134'; do
  read_all value < <(printf -- "$v") && values+=("$value")
done
printf -v value '%8192s' '' && values+=("${value// /a}"$'\xe0\\')
# Each job's environment holds only its own values: a megabyte of environment would
# slow every fork and exec of the test several times over.
for i in "${!values[@]}"; do
  printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V_$i}', exporter: '\${oc.env:GOE_V_$i}'}" \
    >"$CFGDIR/c_$i.yaml"
done
# The configs of the checks after the round trip: a 140,000-tab exporter (written as
# \t escapes, so 280,000 bytes in the file), and a service name read from GOE_V.
printf -v value '%140000s' '' && value=${value// /\\t}
printf 'telemetry: {enabled: true, exporter: "%s", service_name: "a:b"}\n' "$value" >"$CFGDIR/long.yaml"
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}'}" >"$CFGDIR/lead.yaml"
ranges=("0 $((${#HOSTILE_VALUES[@]} - 1))" "${#HOSTILE_VALUES[@]} $((lead_first - 1))" "$lead_first $((${#values[@]} - 1))")
export NEMO_GYM_OTEL_RUN_ID=run

# bash as sh: the same binary started under the name sh turns on POSIX mode.
ln -s "$(command -v bash)" "$work/sh"
modes=(
  "bash|"
  "bash --posix|"
  "$work/sh|"
  "bash|shopt -s nullglob"
  "bash|shopt -s failglob"
  "bash|shopt -s extglob nullglob"
  "bash|set -f"
  "dash|"
  "zsh -f|"
  "zsh -f -o globsubst|"
  "zsh -f -o globsubst -o extendedglob|"
  "zsh -f -o shwordsplit -o globsubst|"
  "zsh --emulate sh|"
  "ksh|"
  "mksh|"
  "posh|"
  "yash|"
  "yash --posix|"
  "busybox sh|"
)
locales=(C.UTF-8 C)
for want in zh_CN.gb18030 zh_TW.big5; do
  if locale -a | grep -qx "$want"; then locales+=("$want"); else echo "note: locale $want missing (scripts/install-deps)"; fi
done
ifs_values=(unset '' ' ' $'\n' $'\t' ':' ',' ':,|')

# Under the sanitizers the shells are not run again: scripts/test-sanitizers names in
# GOE_ROUNDTRIP_REFERENCE the plain build's binary, whose round trip in every shell
# scripts/test has passed. All a shell sees of the binary is its output, and the binary
# cannot tell which shell, eval form, option or IFS will read it (nor does it set a
# locale): its code path is decided by the config, the environment and the arguments.
# So each config of the round trip is rendered by the sanitized binary, in each locale,
# in the environment a job gives it, and must be the reference's byte for byte: stdout,
# stderr and exit status (docs/hardening.md, "Sanitizers in CI").
if [[ -n ${GOE_ROUNDTRIP_REFERENCE:-} ]]; then
  [[ -x $GOE_ROUNDTRIP_REFERENCE ]] || die "GOE_ROUNDTRIP_REFERENCE=$GOE_ROUNDTRIP_REFERENCE is not an executable"
  cd "$BAIT" || exit 1
  # same_as_reference NAME CONFIG [VAR=VALUE...]
  same_as_reference() {
    local name=$1 cfg=$2 rc rc_ref
    shift 2
    env "$@" "$GOE_BIN" -q --no-env-yaml "$cfg" >"$work/out" 2>"$work/err"
    rc=$?
    env "$@" "$GOE_ROUNDTRIP_REFERENCE" -q --no-env-yaml "$cfg" >"$work/out.ref" 2>"$work/err.ref"
    rc_ref=$?
    check
    if [[ $rc != "$rc_ref" ]] || ! cmp -s "$work/out" "$work/out.ref" || ! cmp -s "$work/err" "$work/err.ref"; then
      fail "$name: $GOE_BIN's render is not $GOE_ROUNDTRIP_REFERENCE's: exit $rc, reference $rc_ref;" \
        "stdout: $(cmp "$work/out" "$work/out.ref" 2>&1 | head -n 1 || :); stderr: $(cmp "$work/err" "$work/err.ref" 2>&1 | head -n 1 || :)" \
        $'\n'"$(head -c 3000 "$work/err")"
    fi
  }
  start=$SECONDS
  for locale in "${locales[@]}"; do
    for range in "${ranges[@]}"; do
      first=${range% *} last=${range#* }
      for ((i = first; i <= last; i++)); do export "GOE_V_$i=${values[$i]}"; done
      for ((i = first; i <= last; i++)); do same_as_reference "value $i, LC_ALL=$locale" "$CFGDIR/c_$i.yaml" LC_ALL="$locale"; done
      for ((i = first; i <= last; i++)); do unset "GOE_V_$i"; done
    done
    same_as_reference "the 140,000-tab exporter, LC_ALL=$locale" "$CFGDIR/long.yaml" LC_ALL="$locale"
    same_as_reference "0xb3 0x5c, LC_ALL=$locale" "$CFGDIR/lead.yaml" LC_ALL="$locale" GOE_V=$'\xb3\\'
  done
  echo "$CHECKS renders compared with $GOE_ROUNDTRIP_REFERENCE in $((SECONDS - start)) s"
  finish
  exit
fi

# A configuration: MODE EVAL LOCALE IFS-INDEX (-1: the shell's own IFS). Every mode
# in C.UTF-8 and C with both evals; the shells that read multibyte text in GB18030
# and Big5; the IFS values in one shell of each family.
# The long values, costly to copy through every fork, only in the first group.
configs=()
jobs=()
runs=0
small=${ranges[0]}
add() {
  configs+=("$1"$'\x1f'"$2"$'\x1f'"$3"$'\x1f'"$4")
  local r
  for r in "${ranges[@]}"; do
    [[ ${ALL_RANGES:-} == 1 || $r == "$small" || ($r == "${ranges[2]}" && ! ($1 == yash* && $3 == zh_*)) ]] || continue
    jobs+=("${configs[-1]}"$'\x1f'"$r")
    runs=$((runs + ${r#* } - ${r% *} + 1))
  done
}
ALL_RANGES=1
for mode in "${modes[@]}"; do
  for locale in C.UTF-8 C; do add "$mode" quoted "$locale" -1; add "$mode" unquoted "$locale" -1; done
done
ALL_RANGES=0
for mode in "bash|" "bash --posix|" "zsh -f|" "zsh -f -o globsubst -o extendedglob|" "ksh|" "mksh|" "yash|" "busybox sh|"; do
  for locale in "${locales[@]:2}"; do
    add "$mode" unquoted "$locale" -1
    [[ $mode == bash* || $mode == zsh* ]] && add "$mode" quoted "$locale" -1
  done
done
for mode in "bash|" "dash|" "zsh -f -o globsubst|" "ksh|" "mksh|" "posh|" "yash|" "busybox sh|"; do
  for k in "${!ifs_values[@]}"; do add "$mode" unquoted C.UTF-8 "$k"; done
done

run_job() {
  local mode eval_form locale k range shell opts i
  IFS=$'\x1f' read -r mode eval_form locale k range <<<"$1"
  export FIRST=${range% *} LAST=${range#* }
  for ((i = FIRST; i <= LAST; i++)); do export "GOE_V_$i=${values[$i]}"; done
  shell=${mode%%|*} opts=${mode#*|}
  local ifs_set=0 ifs=''
  if ((k >= 0)); then
    ifs=${ifs_values[$k]}
    ifs_set=1 && [[ $ifs == unset ]] && ifs_set=unset
  fi
  local out
  out=$(LC_ALL=$locale EVAL=$eval_form TEST_IFS_SET=$ifs_set TEST_IFS=$ifs \
    $shell -c "${opts:+$opts; }. '$GOE_SOURCE_DIR/tests/e2e/lib/sh_check.sh'" 2>&1)
  local label
  label=$(printf '[%s | %s | %s eval | LC_ALL=%s | IFS=%q]' "$shell" "$opts" "$eval_form" "$locale" \
    "$( ((k >= 0)) && printf %s "$ifs" || printf default)")
  if [[ -n $out ]]; then printf '%s\n%s\n' "$label" "${out:0:2000}"; fi
}

start=$SECONDS
parallel=${GOE_JOBS:-$(nproc)}
results=$work/results && mkdir "$results"
running=0
for j in "${!jobs[@]}"; do
  run_job "${jobs[$j]}" >"$results/$j" &
  if ((++running >= parallel)); then wait -n; running=$((running - 1)); fi
done
wait
for j in "${!jobs[@]}"; do
  check
  [[ -s $results/$j ]] && fail "$(cat "$results/$j")"
done
echo "${#configs[@]} shell configurations, $runs round trips in $((SECONDS - start)) s"
# Over a limit: a 140,000-tab exporter fits in a shell variable, but once exported, no
# program can start (Linux: 128 KiB per environment string), so in mksh and posh the
# printf of the next value fails. eval must fail then, and OTEL_SERVICE_NAME stay unset
# rather than be set empty; bash and dash print with a builtin and take both.
for shell in mksh posh bash dash; do
  got=$(cd "$BAIT" && $shell -c 'set -u; rc=0; eval $("$GOE_BIN" -q --no-env-yaml "$CFGDIR/long.yaml") || rc=$?
    [ "$rc" = 0 ] || rc=failed; echo "$rc ${#NEMO_GYM_OTEL_EXPORTER} ${OTEL_SERVICE_NAME-unset}"' 2>/dev/null)
  case $shell in mksh | posh) want='failed 140000 unset' ;; *) want='0 140000 a:b' ;; esac
  expect "[$shell, over the limit]" "$want" "$got"
done
# yash in Big5 holds 0xb3 0x5c (one character) but not the 0xb3 the cut leaves alone:
# eval fails and sets nothing, as for any value yash cannot hold.
if [[ " ${locales[*]} " == *" zh_TW.big5 "* ]]; then
  got=$(cd "$BAIT" && GOE_V=$'\xb3\\' LC_ALL=zh_TW.big5 yash -c 'rc=0
    eval "$("$GOE_BIN" -q --no-env-yaml "$CFGDIR/lead.yaml")" || rc=failed; echo "$rc ${OTEL_SERVICE_NAME-unset}"' 2>/dev/null)
  expect "[yash, zh_TW.big5, 0xb3 0x5c]" "failed unset" "$got"
fi
# yash cuts a string at a byte its locale cannot hold: right after the value's own '.',
# the cut used to look like the guard, and yash set 'a' with status 0. Regression: it
# must fail and set nothing.
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}'}" >"$CFGDIR/dot.yaml"
for locale in C.UTF-8 C; do
  got=$(cd "$BAIT" && GOE_V=$'a.\xffb' LC_ALL=$locale yash -c 'rc=0
    eval "$("$GOE_BIN" -q --no-env-yaml "$CFGDIR/dot.yaml")" || rc=failed; echo "$rc ${OTEL_SERVICE_NAME-unset}"' 2>/dev/null)
  expect "[yash, $locale, a.\\xffb]" "failed unset" "$got"
done
check; [[ -e $BAIT/pwned ]] && fail "a value ran a command"
finish
