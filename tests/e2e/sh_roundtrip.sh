#!/usr/bin/env bash
# The sh format in real shells: every hostile value comes back byte for byte after
# eval "$(gym-otel-env ...)" and the unquoted eval $(gym-otel-env ...), in bash (also
# with nullglob, failglob, extglob, POSIX mode), dash and zsh, with files in the
# working directory that a careless glob would match.
set -u
. "$GOE_SOURCE_DIR/tests/e2e/lib/hostile_values.bash"

work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cfg=$work/c.yaml
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}', exporter: '\${oc.env:GOE_V}'}" >"$cfg"
# Bait: names that a glob left in the output would match.
bait=$work/bait && mkdir "$bait"
for name in x a b - "'x';" "NEMO_GYM_OTEL_EXPORTER='x';" "OTEL_SERVICE_NAME='x';" '"x' "x'" 'pwned'; do
  : >"$bait/$name"
done
rm "$bait/pwned"

# Each mode: "shell args..." | the eval line, run in a fresh shell per value.
check='printf "%s" "$NEMO_GYM_OTEL_EXPORTER" | od -An -v -tx1 | tr -d " \n"; echo
printf "%s" "${OTEL_SERVICE_NAME-}" | od -An -v -tx1 | tr -d " \n"; echo
printenv NEMO_GYM_OTEL_EXPORTER | od -An -v -tx1 | tr -d " \n"; echo'
# -q: the lint would warn about each exporter value, on the stderr compared here.
quoted='eval "$("$GOE_BIN" -q --no-env-yaml "$CFG")"'
unquoted='eval $("$GOE_BIN" -q --no-env-yaml "$CFG")'
modes=(
  "bash|$quoted"
  "bash|$unquoted"
  "bash|shopt -s nullglob; $quoted"
  "bash|shopt -s nullglob; $unquoted"
  "bash|shopt -s failglob; $quoted"
  "bash|shopt -s failglob; $unquoted"
  "bash|shopt -s extglob nullglob; $unquoted"
  "bash --posix|$unquoted"
  "dash|$quoted"
  "dash|$unquoted"
  "zsh -f|$quoted"
  "zsh -f|$unquoted"
  "zsh --emulate sh|$unquoted"
)

missing=()
for sh in bash dash zsh; do command -v "$sh" >/dev/null || missing+=("$sh"); done
if ((${#missing[@]})); then echo "skip: not installed: ${missing[*]}"; exit 77; fi

fails=0 runs=0
for mode in "${modes[@]}"; do
  shell=${mode%%|*} line=${mode#*|}
  for locale in C.UTF-8 C; do
    for i in "${!HOSTILE_VALUES[@]}"; do
      value=$(hostile_value "$i"; printf .) && value=${value%.}
      want=$(printf '%s' "$value" | hex)
      want_service=$want
      [[ -z $value ]] && want_service=''
      got=$(cd "$bait" && env -i PATH="$PATH" LC_ALL="$locale" GOE_BIN="$GOE_BIN" CFG="$cfg" \
        NEMO_GYM_OTEL_RUN_ID=run GOE_V="$value" $shell -c "set -e; $line; $check" 2>&1)
      expect=$(printf '%s\n%s\n%s0a' "$want" "$want_service" "$want")
      runs=$((runs + 1))
      if [[ $got != "$expect" ]]; then
        fails=$((fails + 1))
        printf 'FAIL [%s | %s | LC_ALL=%s] value #%d %q\n  want: %s\n  got:  %s\n' \
          "$shell" "$line" "$locale" "$i" "${HOSTILE_VALUES[$i]}" "${expect//$'\n'/ }" "${got//$'\n'/ }"
      fi
    done
  done
done
if [[ -e $bait/pwned ]]; then echo "FAIL: a value ran a command"; fails=$((fails + 1)); fi
echo "$runs runs, $fails failures"
((fails == 0))
