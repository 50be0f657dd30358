# shashki analyse and shashki bench

$ shashki analyse --depth 3 --book none
depth 1 seldepth * score * nodes * nps * time * pv *
depth 2 seldepth * score * nodes * nps * time * pv *
depth 3 seldepth * score * nodes * nps * time * pv *
best * ponder *

$ shashki analyse --depth 2 --multipv 2 --numeric W:Wc3,e3:Bf6,b6
depth 1 seldepth * multipv 1 score * pv *
depth 1 seldepth * multipv 2 score * pv *
depth 2 seldepth * multipv 1 score * pv *
depth 2 seldepth * multipv 2 score * pv *
best *

# Black has no move and has lost
$ shashki analyse --depth 2 B:Wa3,c3,d2:Bb4
best (none): no legal moves: White wins: Black has no move

# a win is shown with its distance in moves; the search stops once it has seen it all
$ shashki analyse --depth 5 W:Wc3:Bd4
depth 1 seldepth * score win in 1 *
best c3:e5

$ shashki analyse --depth 3 --moves "c3-d4 f6-g5 g3-h4"
...
best *

# the opening book's moves come first for a position it holds; the search is the engine's
$ shashki analyse --depth 1 --moves "c3-d4"
book * score * depth * games *
...
depth 1 seldepth * score * pv *
best *

$ shashki analyse --depth 1 --book /nonexistent.bin
! --book: cannot open book '/nonexistent.bin'
? 2

$ shashki analyse --depth 0
! --depth must be a whole number from 1 to 127
? 2

$ shashki analyse --time fast
! --time must be a number of seconds above 0
? 2

$ shashki analyse --moves "c3-d4 c3-d4"
! move 'c3-d4'
? 2

$ shashki analyse --warp
! unknown option --warp
? 2

$ shashki analyse W:Wz9
! bad FEN
? 2

$ shashki bench --depth 3
Nodes searched: *
Nodes/second: *
Time: *

$ shashki bench --depth 2 --verbose
 1 * W:W21-32:B1-12
...
Nodes searched: *
Nodes/second: *
Time: *

# its moves and FENs in each game's usual notation, the other on request (issue 27): the
# start and the IDF ballot 1-I (c3-d4 g7-h6?) written in numbers: a1 = 29, e3 = 23, d4 = 18 ...
$ shashki bench --depth 2 --verbose --numeric | head -2
 1 * W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12
 2 * B:W18,20,21,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,16

$ shashki bench --depth 2 --verbose --variant international | head -1
 1 * W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20

$ shashki bench --depth 2 --verbose --variant international --algebraic | head -1
 1 * W:Wa1,a3,b2,b4,c1,c3,d2,d4,e1,e3,f2,f4,g1,g3,h2,h4,i1,i3,j2,j4:Ba7,a9,b8,b10,c7,c9,d8,d10,e7,e9,f8,f10,g7,g9,h8,h10,i7,i9,j8,j10

# an other game of a checkers set is named as one, with the commands that play it (issue 27)
$ shashki bench --variant corners
! 'corners' is one of the other games of a checkers set, which this command does not play (play, moves, perft, divide, analyse, game, match, tournament, pdn and other do: shashki other list); it plays russian, brazilian,
? 2

$ shashki bench --depth x
! --depth must be a whole number
? 2

$ shashki analyse --help
usage: shashki analyse *
...

$ shashki bench --help
usage: shashki bench *
...

# developer settings
$ shashki analyse --depth 3 --set lmr=0 --set egdb=0
...
best *

$ shashki analyse --depth 3 --set warp=9
! --set warp=9: unknown setting 'warp'
? 2

# another game: giveaway's side without a move wins
$ shashki analyse --depth 2 --variant giveaway B:Wa3,c3,d2:Bb4
best (none): no legal moves: Black wins: it has no move (giveaway)

# an English position, in its own numbers: the engine finds the only capture, written in
# English's usual notation, the numbers (issue 27), or in letters (14 = c5, 23 = e3)
$ shashki analyse --depth 1 --numeric --variant english B:W18,K32:B14
depth 1 *
best 14x23*
$ shashki analyse --depth 1 --variant english B:W18,K32:B14
depth 1 * pv 14x23*
best 14x23*
$ shashki analyse --depth 1 --algebraic --variant english B:W18,K32:B14
depth 1 * pv c5:e3*
best c5:e3*
