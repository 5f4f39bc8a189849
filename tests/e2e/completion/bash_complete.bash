# bash bash_complete.bash LINE: prints, one per line, what bash completion offers for LINE
# (the cursor at its end), as readline would call the function registered for its first
# word. The completion must already be registered: source this after loading it.
# COMP_WORDS is split at blanks and at `=`, as readline does with COMP_WORDBREAKS.
__goe_complete_line() {
    local line=$1 spec fn
    local -a words
    IFS=' ' read -ra words <<<"${line//=/ = }"
    [[ $line == *' ' || -z $line ]] && words+=("")
    spec=$(complete -p "${words[0]}" 2>/dev/null) || { echo "no completion for ${words[0]}" >&2; return 1; }
    fn=${spec#*-F }
    fn=${fn%% *}
    COMP_LINE=$line COMP_POINT=${#line} COMP_TYPE=9 COMP_KEY=9
    COMP_WORDS=("${words[@]}")
    COMP_CWORD=$((${#words[@]} - 1))
    COMPREPLY=()
    "$fn" "${words[0]}" "${words[COMP_CWORD]}" "${words[COMP_CWORD - 1]-}"
    ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}" | sort -u
    return 0
}
