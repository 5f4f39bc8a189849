#!/usr/bin/env bash
# The fish format in real fish: `gym-otel-env --format fish c.yaml | source` gives
# every hostile value back byte for byte, in the shell variable and in the environment.
set -u
. "$(dirname "$0")/lib.bash"
command -v fish >/dev/null || skip "fish is not installed"

work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cfg=$work/c.yaml
printf '%s\n' "telemetry: {enabled: true, service_name: '\${oc.env:GOE_V}', exporter: '\${oc.env:GOE_V}'}" >"$cfg"

readback='printf "%s" "$NEMO_GYM_OTEL_EXPORTER" | od -An -v -tx1 | tr -d " \n"; echo
printenv NEMO_GYM_OTEL_EXPORTER | od -An -v -tx1 | tr -d " \n"; echo'
# "inside": the user's own line, the binary started by fish. "piped": the binary started
# outside, because fish in the C locale re-encodes inherited non-ASCII variables (GOE_V
# here) before the binary would see them; what is tested is fish reading our output.
# -q: the lint would warn about each exporter value.
for mode in inside:C.UTF-8 piped:C.UTF-8 piped:C; do
  how=${mode%%:*} locale=${mode#*:}
  for i in "${!HOSTILE_VALUES[@]}"; do
    read_all value < <(hostile_value "$i")
    want=$(printf '%s' "$value" | hex)
    start=(env -i PATH="$PATH" HOME="$work" LC_ALL="$locale" GOE_BIN="$GOE_BIN" CFG="$cfg"
      NEMO_GYM_OTEL_RUN_ID=run GOE_V="$value")
    if [[ $how == inside ]]; then
      got=$(cd "$work" && "${start[@]}" fish --no-config -c "\$GOE_BIN -q --format fish --no-env-yaml \$CFG | source; $readback" 2>&1)
    else
      got=$(cd "$work" && "${start[@]}" "$GOE_BIN" -q --format fish --no-env-yaml "$cfg" |
        env -i PATH="$PATH" HOME="$work" LC_ALL="$locale" fish --no-config -c "source; $readback" 2>&1)
    fi
    expect "[fish $how | LC_ALL=$locale] value #$i ${HOSTILE_VALUES[$i]}" "$(printf '%s\n%s0a' "$want" "$want")" "$got"
  done
done
finish
