# shashki solve: prove a forced win, draw or gain of material; the solution as a composition's

# The Turkish strike (seeds: [000] "Правило турецкого удара"): the black king takes three men and
# must stop on e5, the taken men still on the board; White takes the king and crowns
$ shashki solve W:W19,23,26,22,24:B6,7,8,11,K20 --goal material --moves 3 --sound
White wins material in 2 moves
solution: 1. c3-d4! h4:e5 2. f4:b8
main line: c3-d4 h4:e5 f4:b8
dual: at 2. f4:b8, f4:h6 also wins material as fast

# the solution in the game's usual notation (issue 27): international in numbers (c5 = 27, d6 =
# 22, e7 = 18), or in letters on request; Russian in letters, or in numbers on request
$ shashki solve --variant international W:W27:B22
White wins in 1 move
solution: 1. 27x18!
main line: 27x18
$ shashki solve --variant international W:W27:B22 --algebraic
White wins in 1 move
solution: 1. c5:e7!
main line: c5:e7
$ shashki solve W:W19,23,26,22,24:B6,7,8,11,K20 --goal material --moves 3 --numeric
White wins material in 2 moves
solution: 1. 22-18! 20x15 2. 19x1
main line: 22-18 20x15 19x1

# an other game of a checkers set is named as one, with the commands that play it (issue 27)
$ shashki solve --variant corners W:W27:B22
! 'corners' is one of the other games of a checkers set, which this command does not play (play, moves, perft, divide, analyse, game, match, tournament, pdn and other do: shashki other list)
? 2

# A. Shoshin's etude (draughts.narod.ru): the key move as published
$ shashki solve W:WKa5,a3:Ba7,f4 --moves 10
White wins in 6 moves
solution: 1. a5-b4! a7-b6 (1... f4-e3 2. b4-e1 *
main line: a5-b4 a7-b6 b4-e1 b6-c5 e1-f2 c5-d4 f2:a7 f4-g3 a3-b4 g3-f2 a7:g1

# a cook: either capture wins the man
$ shashki solve W:Wc3,e3,a1:Bd4,h8 --goal material --moves 2 --sound
White wins material in 1 move
solution: 1. c3:e5!
main line: c3:e5
cook: 1. e3:c5 also wins material (within 2 moves)

# giveaway: White gives its last man away
$ shashki solve W:Wc3:Be5 --variant giveaway --sound
White wins in 1 move
solution: 1. c3-d4! e5:c3
main line: c3-d4 e5:c3
sound: no dual, no cook within 20 moves

# no solution is an answer (exit status 1)
$ shashki solve start --moves 2
no solution: White does not force a win within 2 moves
? 1

$ shashki solve W:Wa1:Bb2,c3
no legal moves: Black wins: White has no move
? 1

# the limits ran out: unknown, not "no solution"
$ shashki solve W:WKb8,g1,h4:Bc5,e3,f6 --nodes 1000
unknown: the limits ran out before a proof either way
? 1

$ shashki solve W:Wz9:B1
! FEN column 4: expected a square
? 2

$ shashki solve W:Wb8:Bc3
! a white man on b8
? 2

$ shashki solve --goal mate W:Wa1:Bh8
! --goal must be win, draw or material
? 2

$ shashki solve
! no position given
? 2

$ shashki solve --help
usage: shashki solve FEN [--goal win|draw|material] [--moves N] [--time S] [--nodes N]
...
