#!/bin/sh
# Runs the `duplicates` tool on src/ as code: without the command definitions (*.command.ts, *.group.ts:
# one declarative file per verb, alike by design) and the migrations (history that never changes).
# docs/decisions.md ("Interfaces and commands as data") says why these are counted apart.
#   sh scripts/duplicates-code.sh [--most N]
set -eu
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files src | grep -v -e '\.command\.ts$' -e '\.group\.ts$' -e '^src/store/migrations/' |
  tar -cf - -T - | tar -xf - -C "$copy"
cd "$copy" && duplicates --repo src "$@"
