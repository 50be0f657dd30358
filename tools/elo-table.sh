#!/bin/sh
# The Elo table of docs/engine.md: each part of the search and evaluation switched off (or an
# alternative switched on) against the default engine, 400 games at 1 s + 0.01 s, both colours
# of 200 official ballots (shuffled with seed 1), one game at a time.
#
#   tools/elo-table.sh [PROGRAM] [OUTDIR]     (defaults: build/shashki, build/elo)
#
# Each row writes OUTDIR/NAME.log (a line a game, then the score, Elo and LOS) and NAME.pdn;
# a row whose log is complete is skipped, so the script can be stopped and started again.
# Run it on an otherwise idle machine: the games are timed. About 12 minutes a row here.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
program=$(cd "$(dirname "${1:-build/shashki}")" && pwd)/$(basename "${1:-build/shashki}")
out=${2:-build/elo}
games=${ELO_GAMES:-400}   # fewer for a quick try of the script
mkdir -p "$out"
cd "$out"
row() {
    name=$1
    shift
    if [ -s "$name.log" ] && grep -q '^Elo' "$name.log"; then
        return
    fi
    "$program" match --games "$games" --tc 1+0.01 --openings ballots --pdn "$name.pdn" "$@" \
        > "$name.log" 2>&1
    grep -E '^(Score|Elo)' "$name.log" | tail -2
}
row eval-hand   --first "hand=self:eval-file=$here/elo/weights-hand.txt" --second "tuned=self"
row patterns    --first "nopatterns=self:eval-file=$here/elo/weights-no-patterns.txt" \
                --second "patterns=self"
row probcut     --first "off=self:probcut=0" --second "on=self"
row single      --first "off=self:single-reply=0" --second "on=self"
row egdb        --first "off=self:egdb=0" --second "on=self"
row runaway     --first "off=self:eval-zero=runaway" --second "on=self"
row ordering    --first "off=self:killers=0,history=0" --second "on=self"
row lmr         --first "off=self:lmr=0" --second "on=self"
row lmr-count   --first "count=self:lmr=1" --second "log=self"
row threat      --first "off=self:threat=0" --second "on=self"
row aspiration  --first "off=self:aspiration=0" --second "on=self"
row prune       --first "on=self:prune=1" --second "off=self"
