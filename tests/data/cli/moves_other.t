# moves, perft, divide and analyse take every game through one code path (the game interface):
# the draughts games, the column games, the other games of a checkers set with two, three or four
# players (Russian through the same path: perft.t, moves.t, analyse.t). The counts come from
# outside the code: go-ban places a piece on any of the 64 free squares (64, 64x63, 64x63x62);
# corners' two sides' first moves do not touch (14x14, tests/data/cli/other.t); Neva's start
# moves are those of its rules file (tests/data/other/neva.txt: 13-23 22-32 22-23 31-32), and
# Red's answers are the same four turned to its corner (14-24 25-24 25-35 36-35) with a fifth,
# 14-13, once White's 13-23 has emptied 13: 4 x 4 + 1 = 17; column checkers' 49 is the
# reference lister's of tests/test_columns.c (as in variants.t).

# a column game: each of White's 7 first moves meets Black's 7 (49, the lister's count)
$ shashki divide 2 --variant columns
a3-b4 7
c3-b4 7
c3-d4 7
e3-d4 7
e3-f4 7
g3-f4 7
g3-h4 7
total 49

$ shashki divide 1 --variant columns 'W:Wc3:Bd4(w)'
c3:e5 1
total 1

# the other games: corners, go-ban, Neva (four players)
$ shashki perft --variant goban 3 --threads 2
perft 1 64 *
perft 2 4032 *
perft 3 249984 *

$ shashki divide --variant corners 2
c1-e1 14
d1-e1 14
a2-a4 14
b2-b4 14
c2-e2 14
c2-c4 14
d2-e2 14
d2-d4 14
a3-a4 14
b3-b4 14
c3-c4 14
c3-e3 14
d3-e3 14
d3-d4 14
total 196

$ shashki moves --variant neva
13-23 capture=free,promote=end,out=remove,quiet=30 R W:11,12,21,22,23,31 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0
22-32 capture=free,promote=end,out=remove,quiet=30 R W:11,12,13,21,31,32 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0
22-23 capture=free,promote=end,out=remove,quiet=30 R W:11,12,13,21,23,31 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0
31-32 capture=free,promote=end,out=remove,quiet=30 R W:11,12,13,21,22,32 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0

$ shashki perft --variant neva 2
perft 1 4 *
perft 2 17 *

$ shashki divide --variant neva 2
13-23 5
22-32 4
22-23 4
31-32 4
total 17

# Red, after White's 13-23, has the fifth move into the square White left
$ shashki moves --variant neva "capture=free,promote=end,out=remove,quiet=30 R W:11,12,21,22,23,31 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0"
14-24 *
14-13 *
25-35 *
25-24 *
36-35 *

# the start's choices for the other games; a position's text keeps its own
$ shashki perft --variant corners --settings house=3x3 1
perft 1 12 *

$ shashki moves --variant corners --settings house=3x3 "5bbb/5bbb/5bbb/8/8/www5/www5/w1ww4 b 1 0 house=3x3,diagonal=no,equal=on,home=40,limit=80"
! --settings goes with the start position: a position's text keeps its own
? 2

$ shashki moves --variant lasca --settings house=3x3
! bad --settings: lasca has no settings (column 1)
? 2

$ shashki perft --variant neva --suite $DATA/cli/neva_counts.txt
1 passed, 0 failed

# analyse: the draughts engine for the draughts and column games, the other games' engine for
# the others; moves played first (here Neva's first two players)
$ shashki analyse --variant columns --depth 2
depth 1 seldepth * score * pv *
depth 2 seldepth * score * pv *
best *

$ shashki analyse --variant corners --depth 3
depth 3 score * nodes * pv * * *
best *

$ shashki analyse --variant neva --depth 2 --moves "13-23 14-24"
depth 2 score * nodes * pv * *
best *

$ shashki analyse --variant neva --moves "13-23 13-24"
! move '13-24'
? 2

$ shashki analyse --variant corners --multipv 2
! --multipv is the draughts engine's; corners is searched by the other games' engine
? 2

$ shashki analyse --variant goban --depth 33
! --depth must be a whole number from 1 to 32 for goban
? 2

# a finished position, as the draughts games say it
$ shashki analyse --variant belarusian --depth 2 "8/4b3/8/8/3P4/1P6/8/8 w 0"
best (none): no legal moves: Black wins: White has no men left
