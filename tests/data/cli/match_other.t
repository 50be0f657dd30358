# shashki match and tournament run in any game of two players: the built-in engine plays the
# other games (self, self:level=N) with the engine of every game; a Hub engine speaks draughts
# squares and is refused there; games of three or four players are refused. At a fixed depth
# the games are the same every run.

# corners, full strength against level 1, each opening with both colours; the record read back
$ shashki match --variant corners --second self:level=1 --games 2 --depth 2 --seed 0 --pdn build/cli-match-corners.pdn
Game 1 (corners random 1, self - self:level=1): 1-0 {White wins: Black has a piece in his own house after 40 moves} [80 plies] score 1-0-0
Game 2 (corners random 1, self:level=1 - self): 0-1 {Black wins: 80 moves each: 4 against 9 pieces in the opposite house} [160 plies] score 2-0-0
Score of self vs self:level=1: 2 - 0 - 0 [1.000] 2
Elo difference: undefined, LOS: 92.1 %, DrawRatio: 0.0 %

$ shashki pdn check build/cli-match-corners.pdn
cli-match-corners.pdn:1 (line 1) self - self:level=1: 80 plies, recorded 1-0, arbiter: White wins: Black has a piece in his own house after 40 moves
cli-match-corners.pdn:2 (line 23) self:level=1 - self: 160 plies, recorded 0-1, arbiter: Black wins: 80 moves each: 4 against 9 pieces in the opposite house
2 passed, 0 failed

# the start's choices, a node limit; a column game and a hex game through the same runner
$ shashki match --variant corners --settings house=3x3 --second self:level=1 --games 2 --nodes 300 --seed 3 --quiet
Score of self vs self:level=1: * 2
Elo difference: *

$ shashki match --variant columns --games 2 --depth 1 --seed 0
Game 1 (columns random 1, first - second): * {*} [* plies] score *
Game 2 (columns random 1, second - first): * {*} [* plies] score *
Score of first vs second: * 2
Elo difference: *

$ shashki match --variant pskov --games 2 --depth 1 --seed 0 --quiet
Score of first vs second: * 2
Elo difference: *

# refusals, each saying why
$ shashki match --variant corners --second "hub:shashki hub" --games 2 --depth 1
! second player: a Hub engine plays the draughts games only: corners is an other game of a checkers set, whose positions and moves the Hub protocol cannot carry
? 2

$ shashki match --variant neva --games 2 --depth 1
! neva is a game of 4 players: a match is between two engines (shashki game plays it at one terminal)
? 2

$ shashki match --variant corners --first self:lmr=0 --games 2 --depth 1
! first player: 'lmr' is a setting of the draughts engine; corners is played by the other games' engine (level, seed)
? 2

$ shashki match --variant corners --openings idf
! the ballots are Russian openings; corners plays 'random' or a file
? 2

$ shashki match --variant corners --settings house=9x9
! bad --settings: setting house is one of 4x3|3x3|4x4, not "9x9"
? 2

# an engine event of corners on the small house: played to its end, its games in the archive
$ shashki tournament run Corners --engine a=self:level=1 --engine b=self --engine c=self:level=2 variant=corners variant-settings=house=3x3 system=round-robin --depth 1 --quiet --db $DB
Event 1: Corners, 3 engines, round-robin
...

$ shashki tournament export Corners pdn --db $DB | grep -c 'GameType "corners"'
3

$ shashki tournament run Hubs --engine a=self --engine "b=hub:shashki hub" variant=corners --depth 1 --db $DB
! a Hub engine plays the draughts games only: corners is an other game of a checkers set
? 2
