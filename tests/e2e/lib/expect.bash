# Assertions for the e2e scripts: count failures, print what differs. Sourced; not a test.
fails=0
fail() { fails=$((fails + 1)); printf 'FAIL: %s\n' "$*"; }
expect() {  # expect WHAT WANT GOT
  [[ $2 == "$3" ]] || fail "$1"$'\n'"  want: $(printf %q "$2")"$'\n'"  got:  $(printf %q "$3")"
}
# The summary line and exit status of the script.
finish() {
  echo "$fails failures"
  ((fails == 0))
}
