#!/usr/bin/env bash
# Measures the computer's strength (issue 19) and writes the raw game logs and a summary:
#   1. orthodox level 5 against Stockfish 15.1 (Debian's package, installed here if missing)
#      with UCI_LimitStrength at UCI_Elo 2200, from the 50 book openings, colours alternating;
#   2. in each 8x8 variant, level 5 of this tree against level 5 of commit cf23326 (built here
#      from git, played through "plyground engine"), at the same CPU time per turn;
#   3. the level ladder (each level against the one below) and level 1 against greedy.
# Every match runs at the lowest priority (nice 19), one at a time, and time budgets count
# CPU time, so the figures do not depend on the machine's load (Stockfish's node budget
# does not either). Run from the repository root:
#
#	scripts/strength.sh                # the full run: several days of CPU, see the README
#	QUICK=1 scripts/strength.sh        # a short run of every match that proves the tooling
#
# Settings (environment): OUT (logs folder, default strength-logs/DATE), MOVETIME (1s),
# SF_GAMES (100), SF_ELO (2200), SF_GO ("nodes 1000000": Stockfish's budget per move, about
# what level 5 searches in its second), VAR_GAMES (200), LADDER_GAMES (100), VARIANTS,
# BASE (cf23326), PROTOCOL (7690dee, see below), SEED (1).
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=${QUICK:-}
MOVETIME=${MOVETIME:-1s}
SF_GAMES=${SF_GAMES:-100}
SF_ELO=${SF_ELO:-2200}
SF_GO=${SF_GO:-nodes 1000000}
VAR_GAMES=${VAR_GAMES:-200}
LADDER_GAMES=${LADDER_GAMES:-100}
VARIANTS=${VARIANTS:-sdm marseillais dice progressive-italian progressive-scottish}
BASE=${BASE:-cf23326}
SEED=${SEED:-1}
LADDER_TIME=()
if [ -n "$QUICK" ]; then
  MOVETIME=${QUICK_MOVETIME:-50ms}
  LADDER_TIME=(-movetime "$MOVETIME")
  SF_GAMES=2 VAR_GAMES=2 LADDER_GAMES=2
  SF_GO="nodes 20000"
fi
OUT=${OUT:-strength-logs/$(date -u +%Y-%m-%d)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
NICE="nice -n 19"

# Stockfish from Debian's packages.
SF=$(command -v stockfish || true)
[ -z "$SF" ] && [ -x /usr/games/stockfish ] && SF=/usr/games/stockfish
if [ -z "$SF" ]; then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq stockfish >/dev/null
  SF=$(command -v stockfish || echo /usr/games/stockfish)
fi
echo "stockfish: $SF ($(echo quit | "$SF" | head -1))"

# This tree's plyground, and the base commit's with the engine protocol added. The protocol
# file is taken as commit PROTOCOL had it: later versions read the page's table size
# (app/worker) and the network (engine/orthonet), which the base does not have; the protocol
# itself is the same (cmd/plyground's TestStrengthBaseProtocol checks both).
PROTOCOL=${PROTOCOL:-7690dee}
go build -o "$OUT/plyground" ./cmd/plyground
BASEDIR=$(mktemp -d)
trap 'rm -rf "$BASEDIR"' EXIT
git archive "$BASE" | tar -x -C "$BASEDIR"
git show "$PROTOCOL:cmd/plyground/engine.go" >"$BASEDIR/cmd/plyground/engine.go"
cat >"$BASEDIR/cmd/plyground/engine_register.go" <<'EOF'
package main

import (
	"io"
	"os"
)

func init() {
	commands["engine"] = command{"play turns over a line protocol", func(a []string, o, e io.Writer) error { return runEngine(a, os.Stdin, o, e) }}
}
EOF
(cd "$BASEDIR" && go build -o "$OUT/plyground-$BASE" ./cmd/plyground)
NEW=$OUT/plyground
OLD=$OUT/plyground-$BASE

summary=$OUT/summary.md
{
  echo "# Strength run $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Tree $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (with uncommitted changes)'), base $BASE, $(nproc) cores, seed $SEED."
  echo
  echo "| match | command | games | W-D-L (A) | Elo A-B (95% interval) |"
  echo "| --- | --- | --- | --- | --- |"
} >"$summary"

# match NAME ARGS...: runs one match into OUT/NAME.log and adds its line to the summary.
match() {
  local name=$1
  shift
  echo "== $name: plyground match $*"
  $NICE "$NEW" match "$@" -seed "$SEED" -v -movetext >"$OUT/$name.log" 2>&1 || { tail -5 "$OUT/$name.log"; exit 1; }
  local wdl elo games
  wdl=$(sed -n 's/^A: \([0-9]*\) wins, \([0-9]*\) draws, \([0-9]*\) losses.*/\1-\2-\3/p' "$OUT/$name.log")
  elo=$(sed -n 's/^Elo difference A-B: //p' "$OUT/$name.log")
  games=$(sed -n 's/^variant .*, \([0-9]*\) games.*/\1/p' "$OUT/$name.log")
  echo "| $name | \`plyground match $*\` | $games | $wdl | $elo |" >>"$summary"
  tail -4 "$OUT/$name.log"
}

match orthodox-vs-stockfish$SF_ELO -variant orthodox -a level5 -b "uci:$SF" \
  -bopt "Threads=1,Hash=16,UCI_LimitStrength=true,UCI_Elo=$SF_ELO" -bgo "$SF_GO" \
  -movetime "$MOVETIME" -games "$SF_GAMES" -book builtin -adjudicate 1500 -maxturns 250
for v in $VARIANTS; do
  match "$v-vs-$BASE" -variant "$v" -a level5 -b "engine:$OLD engine" -movetime "$MOVETIME" \
    -games "$VAR_GAMES" -adjudicate 1500 -maxturns 250
done
for v in orthodox $VARIANTS; do
  for l in 5 4 3 2; do
    match "$v-level$l-vs-level$((l - 1))" -variant "$v" -a "level$l" -b "level$((l - 1))" \
      -games "$LADDER_GAMES" -adjudicate 1500 -maxturns 250 "${LADDER_TIME[@]}"
  done
  match "$v-level1-vs-greedy" -variant "$v" -a level1 -b greedy -games "$LADDER_GAMES" -maxturns 250 "${LADDER_TIME[@]}"
done
echo
cat "$summary"
