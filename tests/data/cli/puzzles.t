# shashki puzzles: the shots of a game collection as a puzzle file (docs/puzzles.md)

$ shashki puzzles $DATA/solve/shot.pdn
[Event "The Turkish strike"]
[Site "?"]
[Date "?"]
[Round "?"]
[White "seeds"]
[Black "seeds"]
[Result "*"]
[SetUp "1"]
[FEN "W:Wc3,d2,e3,f4,g3:Bc7,e7,f6,g7,Kh4"]
[GameType "25"]
[PuzzleId "P0001"]
[PuzzleGoal "material"]
[PuzzleTheme "breakthrough"]
[PuzzleDifficulty "2"]
[PuzzleRating "1200"]
[PuzzleSource "shot.pdn game 1 move 1"]
*
1. c3-d4 h4:e5 2. f4:b8 *
*
! shot.pdn: game 1 (line 1) searched up to its fault only: line 9, column 25: move 2...: illegal move 'c7-b6'
! 1 puzzle in 1 game

# a record that does not replay is searched up to its fault, and the user is told which and
# why (issue 27)
$ shashki puzzles $DATA/pdn/variations.pdn
! variations.pdn: game 2 (line 7) searched up to its fault only: line 10, column 14: move 1.: illegal move 'c3-e5'
! variations.pdn: game 3 (line 12) searched up to its fault only: line 15, column 10: a variation opened here is not closed
! variations.pdn: game 4 (line 17) searched up to its fault only: line 20, column 10: ')' closes no variation
! variations.pdn: 5 games (3 that do not replay), 0 positions tried, 0 puzzles

# one that does not, in words that agree with one
$ printf '1. c3-d4 c3-d4 *\n\n1. c3-d4 f6-g5 *\n' | shashki puzzles -
! -: game 1 (line 1) searched up to its fault only: line 1, column 10: move 1...: illegal move 'c3-d4'
! -: 2 games (1 that does not replay), 0 positions tried, 0 puzzles
! total: 0 puzzles in 2 games

# in numbers on request (issue 27): c3 = 22, d4 = 18, h4 = 20, e5 = 15, f4 = 19, b8 = 1
$ shashki puzzles --numeric $DATA/solve/shot.pdn | grep -e FEN -e '^1\.'
[FEN "W:W19,22,23,24,26:B6,7,8,11,K20"]
1. 22-18 20x15 2. 19x1 *

# the shot is two moves deep: none of three or more
$ shashki puzzles --min-depth 3 --first-id 7 $DATA/solve/shot.pdn
! 0 puzzles in 1 game

$ shashki puzzles --min-depth 4 --max-depth 3 $DATA/solve/shot.pdn
! --min-depth 4 is more than --max-depth 3
? 2

$ shashki puzzles $DATA/solve/missing.pdn
! cannot read
? 2

# an other game of a checkers set is named as one, with the commands that play it (issue 27)
$ shashki puzzles --variant corners $DATA/solve/shot.pdn
! 'corners' is one of the other games of a checkers set, which this command does not play (play, moves, perft, divide, analyse, game, match, tournament, pdn and other do: shashki other list)
? 2

$ shashki puzzles
! no PDN file given
? 2

$ shashki puzzles --help
usage: shashki puzzles PDN... [--variant NAME] [--min-depth N] [--max-depth N]
...
