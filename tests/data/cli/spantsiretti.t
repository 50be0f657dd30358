# 80-square draughts (Spantsiretti, PDN GameType 41): Russian rules on a board of 10 files
# (a..j) by 8 ranks, 15 men a side, squares 1 = b8 ... 5 = j8, 36 = a1 ... 40 = i1
# (docs/variants.md). The perft counts are tests/data/variants/start.txt's, which the plain
# generator of tests/refgen.c gives too (tests/test_board80.c).

$ shashki perft 6 --variant spantsiretti
perft 1 9 *
perft 2 81 *
perft 3 658 *
perft 4 4265 *
perft 5 27132 *
perft 6 168316 *

# the aliases
$ shashki perft 2 --variant 80
perft 1 9 *
perft 2 81 *
$ shashki perft 1 --variant russian80
perft 1 9 *

# the start's moves, letters and figures (the game's usual notation, as GameType
# "41,W,10,8,A0,0" says)
$ shashki moves --variant spantsiretti
a3-b4 B:Wa1,b2,b4,c1,c3,d2,e1,e3,f2,g1,g3,h2,i1,i3,j2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8,i7,j6,j8
c3-b4 *
c3-d4 *
e3-d4 *
e3-f4 *
g3-f4 *
g3-h4 *
i3-h4 *
i3-j4 *

# ... and in numbers
$ shashki moves --numeric --variant spantsiretti B:W26-40:B1-15
11-16 W:W26,27,28,29,30,31,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8,9,10,12,13,14,15,16
11-17 *
12-17 *
12-18 *
13-18 *
13-19 *
14-19 *
14-20 *
15-20 *

# a capture once begun goes on (c3 takes d4 and then f6)
$ shashki moves --variant 80 W:Wc3:Bd4,f6,b6
c3:g7 B:Wg7:Bb6

# a man that reaches the last rank (d8) in a capture goes on as a king
$ shashki moves --variant 80 W:Wb6:Bc7,f6
b6:d8:g5 B:WKg5:B
b6:d8:h4 B:WKh4:B
b6:d8:i3 B:WKi3:B
b6:d8:j2 B:WKj2:B

# a king lands where it can take again (d4 or e5 after c3, g7 after f6: not h8), then
# anywhere behind the last piece; a man captures backwards
$ shashki moves --variant 80 W:WKa1:Bc3,f6,h6
a1:g7:i5 B:WKi5:B
a1:g7:j4 B:WKj4:B
$ shashki moves --numeric --variant 80 B:W17:B11
11x22 W:W:B22

# free choice: the capture of one piece is as legal as that of two
$ shashki moves --variant 80 W:We3,i3:Bd4,f6,h4
e3:c5 B:Wc5,i3:Bf6,h4
i3:e7 B:We3,e7:Bd4

# the board has no rank 9 nor file k, and its light squares hold no piece
$ shashki moves --variant 80 W:Wa9:B1
! FEN column 4: a9 is not a square of this board (a1..j8)
? 2
$ shashki moves --variant 80 W:Wm1:B1
! expected a square (a1..j8 or 1..40), found 'm'
? 2
$ shashki moves --variant 80 W:W41:B1
! out of range 1..40
? 2

# the board drawn: 10 files, 8 ranks; a game against the engine at the prompt
$ shashki play
< variant 80
< board
< engine black
< depth 2
< play c3-d4
< quit
80-square draughts (Spantsiretti)
White to move
   +---------------------+
 8 |   b   b   b   b   b |
 7 | b   b   b   b   b   |
 6 |   b   b   b   b   b |
 5 | .   .   .   .   .   |
 4 |   .   .   .   .   . |
 3 | w   w   w   w   w   |
 2 |   w   w   w   w   w |
 1 | w   w   w   w   w   |
   +---------------------+
     a b c d e f g h i j
...
played c3-d4
the engine plays *
...

# the Hub protocol with 40 squares
$ shashki hub
< hub
< set-param name=variant value=spantsiretti
< init
< pos pos=Wbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwww
< level depth=2
< go think
< pos pos=Wbbbb
< quit
id name=Shashki *
param name=variant *
...
done move=*
error message="pos= must be W or B and then 40 squares (w b W B e)"

# PDN: GameType 41 read ("41,W,10,8,A0,0" and "41"), replayed to the rules' end, and written
$ shashki pdn check $DATA/pdn/spantsiretti.pdn
spantsiretti.pdn:1 (line 1) Shashki (level 3) - Shashki (level 3): 65 plies, recorded 1-0, arbiter: White wins: Black has no move
spantsiretti.pdn:2 (line 16) ? - ?: 3 plies, recorded *, arbiter: the game goes on
2 passed, 0 failed
$ shashki pdn convert --numeric $DATA/pdn/spantsiretti.pdn
[Event "80-square draughts: the engine against itself to the end (depth 4)"]
[White "Shashki (level 3)"]
[Black "Shashki (level 3)"]
[Result "1-0"]
[GameType "41"]
[Termination "White wins: Black has no move"]
...

# events: a round robin of three engines played to its end, its games' records GameType 41
$ shashki tournament run Eighty --engine A=self:level=1 --engine B=self:level=2 --engine C=self:level=3 system=round-robin variant=spantsiretti --depth 2 --db $DB --quiet | head -1
Event 1: Eighty, 3 engines, round-robin
$ shashki tournament run Eighty --db $DB --quiet | grep -cE '^ +[0-9]+=? +[ABC] '
3
$ shashki tournament export Eighty pdn --db $DB | grep -c 'GameType "41"'
3
