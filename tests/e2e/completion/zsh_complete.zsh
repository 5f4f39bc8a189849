# zsh -f zsh_complete.zsh FPATH_DIR OUT LINE: writes to OUT, one per line, the matches zsh's
# completion system offers for LINE<TAB>, loading completion functions from FPATH_DIR.
# It drives an interactive zsh in a pseudo-terminal, records every compadd, and has TAB
# run a completion widget that writes OUT.done when the completion is over; what the
# terminal showed goes to OUT.screen. compinit's dump goes next to OUT: it replaces its
# dump file with mv, so it must never be pointed at /dev/null.
zmodload zsh/zpty || exit 1
out=$2
rm -f $out $out.ready $out.done $out.zcompdump*
zpty goe zsh -f -i
zpty -w goe "fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -d ${(q)out}.zcompdump"
zpty -w goe "compadd() { local -a __hits; builtin compadd -A __hits \"\$@\"; (( \$#__hits )) && print -rl -- \$__hits >> ${(q)out}; builtin compadd \"\$@\"; }"
zpty -w goe "_goe_complete() { _main_complete; print -r -- done > ${(q)out}.done; }"
zpty -w goe "zle -C goe-complete complete-word _goe_complete; bindkey '^I' goe-complete"
zpty -w goe "print -r -- ready > ${(q)out}.ready"
for i in {1..300}; do [[ -e $out.ready ]] && break; sleep 0.1; done
[[ -e $out.ready ]] || { print -u2 "zsh did not start"; zpty -d goe; exit 1; }
: >> $out
zpty -w -n goe "$3"$'\t'
for i in {1..300}; do [[ -e $out.done ]] && break; sleep 0.1; done
typeset screen chunk
while zpty -rt goe chunk; do screen+=$chunk; done
print -r -- "$screen" > $out.screen
[[ -e $out.done ]] || { print -u2 "zsh did not complete '$3'"; zpty -d goe; exit 1; }
zpty -d goe
rm -f $out.ready $out.done $out.zcompdump*
