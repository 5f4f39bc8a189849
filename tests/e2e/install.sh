#!/usr/bin/env bash
# `cmake --install` into a fresh prefix: the binary, a man page that renders without
# warnings, and bash, zsh and fish completions that load the way each shell finds them
# and complete options, --format values and files. The man page, the manual and the
# completions agree with --help on the options; `cpack -G DEB` packages the same files.
set -uo pipefail
. "$(dirname "$0")/lib.bash"

build=${GOE_BUILD_DIR:-$(dirname "$GOE_BIN")/..}
[[ -f $build/cmake_install.cmake ]] || die "no CMake build tree at $build (set GOE_BUILD_DIR)"
src=$GOE_SOURCE_DIR
helpers=$src/tests/e2e/completion
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >"$work/install.log" 2>&1 || die "cmake --install: $(cat "$work/install.log")"
files=(bin/gym-otel-env libexec/gym-otel-env/probe share/man/man1/gym-otel-env.1.gz
       share/bash-completion/completions/gym-otel-env
       share/zsh/site-functions/_gym-otel-env
       share/fish/vendor_completions.d/gym-otel-env.fish
       share/doc/gym-otel-env/copyright share/doc/gym-otel-env/changelog.gz)
for f in "${files[@]}"; do check; [[ -f $prefix/$f ]] || fail "not installed: $f"; done
check; [[ -x $prefix/bin/gym-otel-env ]] || fail "bin/gym-otel-env is not executable"
version=$(sed -nE 's/^project\(gym-otel-env VERSION ([0-9.]+).*/\1/p' "$src/CMakeLists.txt")
check; [[ $("$prefix/bin/gym-otel-env" --version) == *"$version"* ]] || fail "installed --version is not $version"
# The installed gym-otel-env finds the installed probe (telemetry off: nothing to send).
printf 'telemetry: {enabled: false}\n' >"$work/off.yaml"
check; probed=$(env -i PATH="$PATH" "$prefix/bin/gym-otel-env" --no-env-yaml --check --probe "$work/off.yaml" 2>&1) ||
  fail "the installed --probe: $probed"

# --- --strip: the same files, the binary without its symbol table
check; cmake --install "$build" --prefix "$work/stripped" --strip >"$work/strip.log" 2>&1 || fail "cmake --install --strip: $(cat "$work/strip.log")"
check; readelf -S "$work/stripped/bin/gym-otel-env" | grep -q '\.symtab' && fail "--strip left the symbol table in"
check; [[ $("$work/stripped/bin/gym-otel-env" --version) == *"$version"* ]] || fail "the stripped binary does not run"

# --- the documentation installed links only to what is installed too
links=$(cd "$prefix/share/doc/gym-otel-env" && python3 - <<'PY'
import os, re, sys
for root, _, names in os.walk("."):
    for name in names:
        if not name.endswith(".md"):
            continue
        path = os.path.join(root, name)
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", open(path).read()):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not os.path.exists(os.path.normpath(os.path.join(root, target))):
                print(f"{path} -> {target}")
PY
)
check; [[ -z $links ]] || fail "installed docs link to files that are not installed:"$'\n'"$links"

# --- man page
command -v man >/dev/null || die "man is not installed (scripts/install-deps installs man-db)"
man_page=$prefix/share/man/man1/gym-otel-env.1.gz
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$man_page" 2>&1 >/dev/null)
check; [[ -z $warnings ]] || fail "the man page renders with warnings:"$'\n'"$warnings"
check; MANPATH=$prefix/share/man man -w gym-otel-env >/dev/null 2>&1 || fail "man does not find gym-otel-env under MANPATH"
check; zcat "$man_page" | grep -q "^\.TH GYM\\\\-OTEL\\\\-ENV 1 .*\"gym\\\\-otel\\\\-env $version\"" \
  || fail "the man page's .TH line does not carry version $version"
man_text=$(LC_ALL=C.UTF-8 MANWIDTH=200 man -l "$man_page" 2>/dev/null | sed 's/\xe2\x80\x90/-/g')

# --- every option: --help, man page, manual, completions
help=$("$GOE_BIN" --help)
help_options=$(grep -oE '^  (-[a-zA-Z], |    )--[a-z][a-z-]*' <<<"$help" | grep -oE -- '--[a-z-]+$' | sort -u)
options=$(sort -u <<<"$help_options"$'\n'"--explain"$'\n'"--check"$'\n'"--strict"$'\n'"--quiet")
bash_file=$prefix/share/bash-completion/completions/gym-otel-env
zsh_file=$prefix/share/zsh/site-functions/_gym-otel-env
fish_file=$prefix/share/fish/vendor_completions.d/gym-otel-env.fish
for opt in $options; do
  check; grep -qE -- "(^| )$opt\b" <<<"$man_text" || fail "the man page does not document $opt"
  check; grep -qF -- "\`$opt" "$src/docs/manual.md" || fail "docs/manual.md does not document $opt"
  check; grep -qE -- "(^|[ \"'])$opt([ \"'=]|$)" "$bash_file" || fail "the bash completion lacks $opt"
  check; grep -qE -- "(^|[^a-z-])$opt(=?\\[|'|\\})" "$zsh_file" || fail "the zsh completion lacks $opt"
  check; grep -qE -- "-l ${opt#--}( |$)" "$fish_file" || fail "the fish completion lacks $opt"
done
for short in -h -q; do
  check; grep -qE -- "(^|[ \"'])$short([ \"']|$)" "$bash_file" || fail "the bash completion lacks $short"
  check; grep -qE -- "-s ${short#-} " "$fish_file" || fail "the fish completion lacks $short"
done

# --- bash: loaded on demand by bash-completion from XDG_DATA_DIRS, else sourced
# What the completions offer for --format: the installed binary's list (sorted, as shown).
formats=$("$prefix/bin/gym-otel-env" --help | sed -n '/^Formats (--format FORMAT):$/,/^$/p' |
  sed -nE 's/^  ([a-z-]+) .*/\1/p' | sort | xargs)
check; [[ -n $formats ]] || fail "--help shows no Formats list"
bash_run() {  # LINE -> completions, one line, space-separated
  local loader=/usr/share/bash-completion/bash_completion
  XDG_DATA_DIRS=$prefix/share PATH=$prefix/bin:$PATH bash --norc --noprofile -c '
    if [[ -r $1 ]]; then source "$1"; _completion_loader gym-otel-env
    else source "$2"; fi
    source "$3"; __goe_complete_line "$4" 2>/dev/null' bash "$loader" "$bash_file" "$helpers/bash_complete.bash" "$1" \
    | tr '\n' ' ' | sed 's/ $//'
}
if [[ ! -r /usr/share/bash-completion/bash_completion ]]; then
  echo "note: bash-completion is not installed; sourcing the bash completion directly"
fi
completes() {  # SHELL LINE EXPECTED GOT
  expect "$1: completing '$2'" "$3" "$4"
}
mkdir -p "$work/cwd/sub dir" && touch "$work/cwd/c.yaml" "$work/cwd/env.yml" "$work/cwd/notes.txt"
cd "$work/cwd" || exit 1
completes bash "gym-otel-env --form" "--format" "$(bash_run 'gym-otel-env --form')"
completes bash "gym-otel-env --format " "$formats" "$(bash_run 'gym-otel-env --format ')"
completes bash "gym-otel-env --format=r" "ray" "$(bash_run 'gym-otel-env --format=r')"
completes bash "gym-otel-env " "c.yaml env.yml sub dir" "$(bash_run 'gym-otel-env ')"
completes bash "gym-otel-env --env-yaml e" "env.yml" "$(bash_run 'gym-otel-env --env-yaml e')"
completes bash "gym-otel-env --search-dir " "sub dir" "$(bash_run 'gym-otel-env --search-dir ')"
completes bash "gym-otel-env --gym-root " "sub dir" "$(bash_run 'gym-otel-env --gym-root ')"
completes bash "gym-otel-env --set telemetry.otlp_p" "telemetry.otlp_protocol=" "$(bash_run 'gym-otel-env --set telemetry.otlp_p')"
completes bash "gym-otel-env --exec -- gym-otel-e" "gym-otel-env" "$(bash_run 'gym-otel-env --exec -- gym-otel-e')"
completes bash "gym-otel-env --st" "--strict" "$(bash_run 'gym-otel-env --st')"

# --- zsh: found through fpath by compinit (matches come shell-quoted)
zsh_run() {
  rm -f "$work/zsh.out"
  PATH=$prefix/bin:$PATH timeout 30 zsh -f "$helpers/zsh_complete.zsh" "$prefix/share/zsh/site-functions" \
    "$work/zsh.out" "$1" || echo "zsh: completing '$1' did not run" >&2
  [[ -s $work/zsh.out ]] || cat -v "$work/zsh.out.screen" >&2
  sort -u "$work/zsh.out" | tr '\n' ' ' | sed 's/ $//'
}
if command -v zsh >/dev/null; then
  completes zsh "gym-otel-env --form" "--format" "$(zsh_run 'gym-otel-env --form')"
  completes zsh "gym-otel-env --format " "$formats" "$(zsh_run 'gym-otel-env --format ')"
  completes zsh "gym-otel-env " 'c.yaml env.yml sub\ dir' "$(zsh_run 'gym-otel-env ')"
  completes zsh "gym-otel-env --search-dir " 'sub\ dir' "$(zsh_run 'gym-otel-env --search-dir ')"
  completes zsh "gym-otel-env --gym-root " 'sub\ dir' "$(zsh_run 'gym-otel-env --gym-root ')"
  completes zsh "gym-otel-env --set telemetry.otlp_p" "telemetry.otlp_protocol=" "$(zsh_run 'gym-otel-env --set telemetry.otlp_p')"
  completes zsh "gym-otel-env --exec -- gym-otel-e" "gym-otel-env" "$(zsh_run 'gym-otel-env --exec -- gym-otel-e')"
else
  fail "zsh is not installed (scripts/install-deps installs it)"
fi

# --- fish: found in vendor_completions.d of XDG_DATA_DIRS
fish_run() {
  XDG_DATA_DIRS=$prefix/share PATH=$prefix/bin:$PATH HOME=$work/fish-home \
    fish -c "complete -C '$1'" | cut -f1 | sort -u | tr '\n' ' ' | sed 's/ $//'
}
if command -v fish >/dev/null; then
  mkdir -p "$work/fish-home"
  completes fish "gym-otel-env --form" "--format" "$(fish_run 'gym-otel-env --form')"
  completes fish "gym-otel-env --format " "$formats" "$(fish_run 'gym-otel-env --format ')"
  # The descriptions are literal text: $GITHUB_ENV in one must not expand to the variable.
  github=$(GITHUB_ENV=/tmp/goe-expanded XDG_DATA_DIRS=$prefix/share HOME=$work/fish-home fish -c "complete -C 'gym-otel-env --format g'")
  check; [[ $github == *goe-expanded* ]] && fail "fish: the --format github description expands \$GITHUB_ENV: $github"
  completes fish "gym-otel-env --search-dir " "sub dir/" "$(fish_run 'gym-otel-env --search-dir ')"
  completes fish "gym-otel-env --gym-root " "sub dir/" "$(fish_run 'gym-otel-env --gym-root ')"
  completes fish "gym-otel-env --set telemetry.otlp_p" "telemetry.otlp_protocol=" "$(fish_run 'gym-otel-env --set telemetry.otlp_p')"
  completes fish "gym-otel-env --exec -- gym-otel-e" "gym-otel-env" "$(fish_run 'gym-otel-env --exec -- gym-otel-e')"
else
  fail "fish is not installed (scripts/install-deps installs it)"
fi

# --- the Debian package holds the same files under /usr
if command -v cpack >/dev/null && command -v dpkg-deb >/dev/null; then
  (cd "$work" && cpack -G DEB -B "$work/deb" --config "$build/CPackConfig.cmake") >"$work/cpack.log" 2>&1 \
    || die "cpack -G DEB: $(cat "$work/cpack.log")"
  deb=$(ls "$work"/deb/gym-otel-env_"$version"_*.deb 2>/dev/null | head -1)
  [[ -n $deb ]] || die "cpack made no gym-otel-env_${version}_*.deb: $(ls "$work/deb")"
  listing=$(dpkg-deb -c "$deb")
  # Debian's zsh reads packages' completions from vendor-completions, not site-functions.
  for f in "${files[@]/zsh\/site-functions/zsh/vendor-completions}"; do
    check; grep -q " \./usr/$f$" <<<"$listing" || fail "the .deb lacks /usr/$f"
  done
  check; dpkg-deb -f "$deb" Depends | grep -q libcurl || fail "the .deb does not depend on the libcurl the probe links"
  check; [[ $(dpkg-deb -f "$deb" Homepage) == http* ]] || fail "the .deb has no Homepage"
  check; [[ $(dpkg-deb -f "$deb" Maintainer) == *'<'*@*'>' ]] || fail "the .deb's Maintainer is not Name <mail>"
  if command -v lintian >/dev/null; then
    lint=$(lintian --suppress-tags shared-library-lacks-prerequisites "$deb" 2>&1 | grep -v 'running with root privileges')
    check; grep -q '^E:' <<<"$lint" && fail "lintian reports errors:"$'\n'"$lint"
  else
    fail "lintian is not installed (scripts/install-deps --test installs it)"
  fi
  # A static binary (GOE_STATIC, the default) needs no shared library at run time; a
  # dynamic one must depend on the yaml-cpp it links.
  if readelf -d "$GOE_BIN" | grep -q NEEDED; then
    check; dpkg-deb -f "$deb" Depends | grep -q libyaml-cpp || fail "the .deb does not depend on libyaml-cpp"
  else
    check; dpkg-deb -f "$deb" Depends | grep -q libyaml-cpp && fail "the static binary's .deb depends on libyaml-cpp"
  fi
else
  fail "cpack or dpkg-deb is missing"
fi
finish
