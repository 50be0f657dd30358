#!/bin/sh
# perft-speed.sh [SHASHKI] [ROUNDS]: the perft speed of every game against Russian's, measured in
# the same run. Each game's perft from its start runs to a depth of about a second; the games
# alternate with Russian (Russian, game, Russian, game ...) and the whole round is repeated
# ROUNDS times (default 3). Speed is the nodes of the deepest level over that level's time, as
# `shashki perft` prints it, and also all the nodes over the process's user CPU time (less
# sensitive to a loaded machine). Prints a line per game: the median of each over the rounds
# and its ratio to the median of all the Russian runs.
shashki=${1:-./build/dev/shashki}
rounds=${2:-3}
games="russian:11 brazilian:10 pool:11 english:11 italian:10 spanish:10 czech:10 turkish:7
giveaway:10 flying:11 diagonal:14 northern:10 self-eaters:11 two-move:10 international:9"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { # run NAME DEPTH ROUND: appends 'wall_nps cpu_nps' to $tmp/NAME
    /usr/bin/time -f "%U" -o "$tmp/t" "$shashki" perft "$2" --variant "$1" > "$tmp/p" || exit 1
    awk -v cpu="$(cat "$tmp/t")" '
        { n = $3; t = $5; sum += $3 }
        END { printf "%.0f %.0f\n", (t > 0 ? n / t : 0), (cpu > 0 ? sum / cpu : 0) }' \
        "$tmp/p" >> "$tmp/$1"
}
r=1
while [ "$r" -le "$rounds" ]; do
    for g in $games; do
        name=${g%:*} depth=${g#*:}
        [ "$name" = russian ] && continue
        run russian 11 "$r"
        run "$name" "$depth" "$r"
    done
    r=$((r + 1))
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
rw=$(cut -d' ' -f1 "$tmp/russian" | median)
rc=$(cut -d' ' -f2 "$tmp/russian" | median)
printf "%-14s %6s %12s %6s %12s %6s\n" game depth "nodes/s" ratio "nodes/cpu-s" ratio
for g in $games; do
    name=${g%:*} depth=${g#*:}
    w=$(cut -d' ' -f1 "$tmp/$name" | median)
    c=$(cut -d' ' -f2 "$tmp/$name" | median)
    awk -v n="$name" -v d="$depth" -v w="$w" -v c="$c" -v rw="$rw" -v rc="$rc" \
        'BEGIN { printf "%-14s %6d %12.0f %6.2f %12.0f %6.2f\n", n, d, w, w / rw, c, c / rc }'
done
