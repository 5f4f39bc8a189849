#!/usr/bin/env bash
# The fish format in real fish: `gym-otel-env --format fish c.yaml | source` gives
# every hostile value back byte for byte, in the shell variable and in the environment.
set -u
. "$GOE_SOURCE_DIR/tests/e2e/lib/hostile_values.bash"
command -v fish >/dev/null || { echo "skip: fish is not installed"; exit 77; }

work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cfg=$work/c.yaml
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}', exporter: '\${oc.env:GOE_V}'}" >"$cfg"

check='printf "%s" "$NEMO_GYM_OTEL_EXPORTER" | od -An -v -tx1 | tr -d " \n"; echo
printenv NEMO_GYM_OTEL_EXPORTER | od -An -v -tx1 | tr -d " \n"; echo'
# "inside": the user's own line, the binary started by fish. "piped": the binary started
# outside, because fish in the C locale re-encodes inherited non-ASCII variables (GOE_V
# here) before the binary would see them; what is tested is fish reading our output.
# -q: the lint would warn about each exporter value.
fails=0 runs=0
for mode in inside:C.UTF-8 piped:C.UTF-8 piped:C; do
  how=${mode%%:*} locale=${mode#*:}
  for i in "${!HOSTILE_VALUES[@]}"; do
    value=$(hostile_value "$i"; printf .) && value=${value%.}
    want=$(printf '%s' "$value" | hex)
    run=(env -i PATH="$PATH" HOME="$work" LC_ALL="$locale" GOE_BIN="$GOE_BIN" CFG="$cfg"
      NEMO_GYM_OTEL_RUN_ID=run GOE_V="$value")
    if [[ $how == inside ]]; then
      got=$(cd "$work" && "${run[@]}" fish --no-config -c "\$GOE_BIN -q --format fish --no-env-yaml \$CFG | source; $check" 2>&1)
    else
      got=$(cd "$work" && "${run[@]}" "$GOE_BIN" -q --format fish --no-env-yaml "$cfg" |
        env -i PATH="$PATH" HOME="$work" LC_ALL="$locale" fish --no-config -c "source; $check" 2>&1)
    fi
    expect=$(printf '%s\n%s0a' "$want" "$want")
    runs=$((runs + 1))
    if [[ $got != "$expect" ]]; then
      fails=$((fails + 1))
      printf 'FAIL [fish %s | LC_ALL=%s] value #%d %q\n  want: %s\n  got:  %s\n' \
        "$how" "$locale" "$i" "${HOSTILE_VALUES[$i]}" "${expect//$'\n'/ }" "${got//$'\n'/ }"
    fi
  done
done
echo "$runs runs, $fails failures"
((fails == 0))
