#!/usr/bin/env bash
# Runs every Go fuzz target in the module for FUZZTIME each (default 30s).
# Usage: scripts/fuzz.sh [FUZZTIME]
set -euo pipefail
fuzztime=${1:-30s}
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "== fuzz $pkg $target ($fuzztime)"
    go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"
  done
done
