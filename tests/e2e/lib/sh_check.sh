# Sourced by tests/e2e/sh_roundtrip.sh inside the shell under test (bash, dash, zsh,
# ksh93, mksh, posh, yash, busybox sh, with their options): plain POSIX sh, every
# expansion quoted, so that the harness itself survives globsubst, shwordsplit, noglob
# and a changed IFS. For each value I in FIRST..LAST, a fresh subshell evals the output
# for config c_I.yaml (both fields hold the value GOE_V_I), quoted or unquoted as EVAL
# says, with the IFS of TEST_IFS when TEST_IFS_SET=1 (none when it is `unset`), and prints a line for a value that
# does not come back byte for byte, in the shell variable and in a child's environment.
# The strings compared come from the environment, so no step re-encodes them. Each
# subshell runs under set -eu and says "ok" last: a failing eval must stop it there.
cd "$BAIT" || exit 1
goe_i=$FIRST
while [ "$goe_i" -le "$LAST" ]; do
  goe_out=$(
    set -eu
    unset NEMO_GYM_OTEL_EXPORTER OTEL_SERVICE_NAME
    eval "goe_want=\"\${GOE_V_$goe_i-}\" goe_holds=\${GOE_V_$goe_i+yes}"
    goe_cfg="$CFGDIR/c_$goe_i.yaml"
    if [ "$TEST_IFS_SET" = 1 ]; then IFS=$TEST_IFS; elif [ "$TEST_IFS_SET" = unset ]; then unset IFS; fi
    if [ "$goe_holds" != yes ]; then
      # A value this shell cannot hold (yash: bytes that are no character of the
      # locale): eval must fail and set nothing.
      if [ "$EVAL" = quoted ]; then
        goe_rc=0 && eval "$("$GOE_BIN" -q --no-env-yaml "$goe_cfg")" || goe_rc=$?
      else
        goe_rc=0 && eval $("$GOE_BIN" -q --no-env-yaml "$goe_cfg") || goe_rc=$?
      fi
      IFS=' 	
'
      if [ "$goe_rc" = 0 ]; then echo "eval succeeded with a value the shell cannot hold"; exit; fi
      if [ -n "${NEMO_GYM_OTEL_EXPORTER+x}${OTEL_SERVICE_NAME+x}" ]; then echo "a variable was set"; exit; fi
      echo ok
      exit
    fi
    if [ "$EVAL" = quoted ]; then
      eval "$("$GOE_BIN" -q --no-env-yaml "$goe_cfg")"
    else
      eval $("$GOE_BIN" -q --no-env-yaml "$goe_cfg")
    fi
    IFS=' 	
'
    # An empty service_name is not exported (SPEC 5 point 5).
    if [ "${NEMO_GYM_OTEL_EXPORTER-unset}" != "$goe_want" ] || [ "${OTEL_SERVICE_NAME-}" != "$goe_want" ]; then
      echo "the shell variable differs"
    elif ! dash -c 'eval "w=\$GOE_V_$1"; [ "$NEMO_GYM_OTEL_EXPORTER" = "$w" ]' check "$goe_i"; then
      echo "the exported variable differs"
    else
      echo ok
    fi
  )
  if [ "$goe_out" != ok ]; then echo "value $goe_i: ${goe_out:-eval failed}"; fi
  goe_i=$((goe_i + 1))
done
