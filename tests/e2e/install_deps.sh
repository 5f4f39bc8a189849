#!/usr/bin/env bash
# scripts/install-deps says what it installs, keeps the test-only packages behind --test,
# and refuses an unknown argument. --dry-run only reports, so this runs anywhere.
set -u
. "$(dirname "$0")/lib.bash"
deps=$GOE_SOURCE_DIR/scripts/install-deps

run "$deps" --dry-run
expect_status 0
check; [[ $OUT =~ ^install-deps:\ (all\ 9\ packages\ already\ installed|would\ install\ [0-9]+\ missing\ packages): ]] || fail "unexpected report: $OUT"
expect_stdout_has "libyaml-cpp-dev"
expect_stdout_has "libcurl4-openssl-dev"  # the --probe program
expect_stdout_lacks "catch2"  # the tool builds without the test framework
expect_stdout_lacks "slurm-wlm"

run "$deps" --test --dry-run
expect_status 0
for pkg in catch2 clang-format clang-tidy slurm-wlm munge lintian zsh fish python3-omegaconf openssl; do
  # Listed when missing, or counted among the installed ones.
  check; [[ $OUT == *" $pkg"* ]] || fail "--test does not mention $pkg: $OUT"
done

run "$deps" --upgrade
expect_status 2
expect_stderr "install-deps: unknown argument '--upgrade' (try --help)"

run "$deps" --help
expect_status 0
expect_stdout_has "scripts/install-deps [--test] [--dry-run]"
finish
