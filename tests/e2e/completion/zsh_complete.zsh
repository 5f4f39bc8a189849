# zsh -f zsh_complete.zsh FPATH_DIR OUT LINE: writes to OUT, one per line, the matches zsh's
# completion system offers for LINE<TAB>, loading completion functions from FPATH_DIR.
# It drives an interactive zsh in a pseudo-terminal and records every compadd.
zmodload zsh/zpty || exit 1
zpty goe zsh -f -i
zpty -w goe "fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D -d /dev/null"
zpty -w goe "compadd() { local -a __hits; builtin compadd -A __hits \"\$@\"; (( \$#__hits )) && print -rl -- \$__hits >> ${(q)2}; builtin compadd \"\$@\"; }"
zpty -w goe "print -r -- ready > ${(q)2}.ready"
for i in {1..100}; do [[ -e $2.ready ]] && break; sleep 0.1; done
[[ -e $2.ready ]] || { print -u2 "zsh did not start"; exit 1; }
: >> $2
zpty -w -n goe "$3"$'\t'
for i in {1..50}; do [[ -s $2 ]] && break; sleep 0.1; done
sleep 0.3  # later compadd calls of the same completion
zpty -d goe
rm -f $2.ready
