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
