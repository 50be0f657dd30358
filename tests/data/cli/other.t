# The other games of a checkers set on the command line, through the game interface as every
# game: moves, perft and analyse take --variant NAME of one of them, and `shashki other` lists
# them, plays one to its end with the engine and checks records. The counts are checked by
# hand: go-ban places a piece on any free square of 64 (64, 64*63, 64*63*62); in corners and
# Belarusian the two sides' first moves do not touch (14*14, 11*11); the positions are the
# rules files' own (tests/data/other/*.txt).

$ shashki moves --variant corners --settings house=3x3
b1-d1 5bbb/5bbb/5bbb/8/8/www5/www5/w1ww4 b 1 0 house=3x3,diagonal=no,equal=on,home=40,limit=80
c1-d1 5bbb/5bbb/5bbb/8/8/www5/www5/ww1w4 b 1 0 house=3x3,diagonal=no,equal=on,home=40,limit=80
...

# a king takes both men: two ways (tests/data/other/belarusian.txt)
$ shashki moves --variant belarusian "8/8/8/8/5b2/2b5/8/W7 w 0"
a1:e5:g3 8/8/8/8/8/6W1/8/8 b 0 pawns=light,double=no,pawntake=no,quiet=30
a1:e5:h2 8/8/8/8/8/8/7W/8 b 0 pawns=light,double=no,pawntake=no,quiet=30

# pawns alone do not keep a side in the game
$ shashki moves --variant belarusian "8/4b3/8/8/3P4/1P6/8/8 w 0"
no legal moves: Black wins: White has no men left
? 1

$ shashki moves --variant corners zz
! bad position: a corners position is
? 2

$ shashki moves --variant corners --settings house=5x5
! bad --settings: setting house is one of 4x3|3x3|4x4, not "5x5" (column 7)
? 2

$ shashki perft --variant goban 3
perft 1 64 time *
perft 2 4032 time *
perft 3 249984 time *

$ shashki perft --variant corners 2
perft 1 14 time *
perft 2 196 time *

$ shashki perft --variant belarusian 2
perft 1 11 time *
perft 2 121 time *

$ shashki perft --variant corners
! say how deep: shashki perft --variant corners DEPTH
? 2

# the engine sees the win in one
$ shashki analyse --variant belarusian --depth 3 "8/8/8/8/5b2/2b5/8/W7 w 0"
depth 1 score win in 1 ply nodes * pv a1:e5:g3
best a1:e5:g3

$ shashki analyse --variant neva --depth 2
depth 2 score * nodes * pv * *
best *

$ shashki analyse --variant corners --level 11
! --level must be a whole number from 1 to 10, not '11'
? 2

$ shashki other list
corners     2 players  engine    Corners / Уголки  settings: *
goban       2 players  engine    Go-ban / Го-бан  settings: *
belarusian  2 players  engine    Belarusian draughts / Белорусские шашки  settings: *
wiegman     2 players  engine    Wiegman's draughts / Шашки Вигмана  settings: *
stavropol   2 players  engine    Stavropol draughts / Ставропольские шашки  settings: *
pskov       2 players  engine    Pskov draughts / Псковские шашки  settings: *
novgorod    3 players  engine    Novgorod draughts / Новгородские шашки  settings: *
neva        4 players  engine    Neva draughts / Невские шашки  settings: *

$ shashki other selfplay --variant belarusian --depth 1 --max-plies 4
[Event "shashki other selfplay"]
[Date "????.??.??"]
[White "shashki"]
[Black "shashki"]
[GameType "belarusian"]
[Variant "belarusian"]
[Result "*"]
...
! belarusian: 4 plies, not over

# a draughts game's record in its usual notation: English's numbers (Black's first move, then
# White's), or letters on request (issue 27)
$ shashki other selfplay --variant english --depth 1 --max-plies 2 | grep -c '^1\.\.\. [0-9][0-9]*-[0-9][0-9]* 2\. [0-9][0-9]*-[0-9][0-9]* '
1
$ shashki other selfplay --variant english --depth 1 --max-plies 2 --algebraic | grep -c '^1\.\.\. [a-h][1-8]-[a-h][1-8] 2\. [a-h][1-8]-[a-h][1-8] '
1

$ shashki other frobnicate
! unknown: shashki other frobnicate (list, selfplay or check)
? 2

$ shashki other --help
usage: shashki other list
...
