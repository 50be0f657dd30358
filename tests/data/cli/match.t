# shashki match: engine against engine

# a tiny match at a fixed depth: two games on one ballot, colours swapped
$ shashki match --games 2 --depth 2 --seed 0 --first base=self --second new=self:lmr=0
Game 1 (IDF 1-I, base - new): * {*} [* plies] score *
Game 2 (IDF 1-I, new - base): * {*} [* plies] score *
Score of base vs new: * - * - * [*] 2
Elo difference: *, LOS: *, DrawRatio: *

# against a Hub engine (this program's own), two games at once, written as PDN
$ shashki match --games 2 --nodes 2000 --concurrency 2 --second "hub:shashki hub" --quiet --pdn /dev/null
Score of self vs hub:* hub: * - * - * [*] 2
Elo difference: *

# openings from a file: a FEN, a move list, a PDN game
$ shashki match --openings $DATA/match_openings.txt --depth 1 --seed 0 --quiet
Score of first vs second: * - * - * [*] 6
Elo difference: *

# an SPRT that cannot decide in two games says so
$ shashki match --games 2 --depth 1 --sprt elo0=0 elo1=10 --quiet
Score of first vs second: * 2
Elo difference: *
SPRT: llr * (-2.94, 2.94) [0.0, 10.0]

$ shashki match --first robot
! a player is self, self:SETTINGS or hub:COMMAND
? 2

$ shashki match --first self:lmr=7 --games 1 --depth 1
! lmr must be 0 to 2
? 1

$ shashki match --second hub:/nonexistent/engine --games 1 --depth 1
! did not answer
? 1

$ shashki match --openings /nonexistent
! cannot read openings file
? 2

$ shashki match --tc 10+x
! --tc '10+x'
? 2

$ shashki match --sprt elo0=5 elo1=0
! --sprt needs elo0=A elo1=B with A < B
? 2

$ shashki match --help
usage: shashki match *
...
