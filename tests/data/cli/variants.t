# The other games at the command line: each in its own rules and square numbers

# English from the start, the published counts; Black moves first
$ shashki perft 5 --variant english
perft 1 7 *
perft 2 49 *
perft 3 302 *
perft 4 1469 *
perft 5 7361 *

# Turkish (every square, orthogonal moves), the reference counts
$ shashki perft 4 --variant turkish
perft 1 8 *
perft 2 64 *
perft 3 708 *
perft 4 7538 *

# a variant's FEN is read in its own numbering: English 1 = b8, so 9-14 is b6-c5 (Black);
# English and pool are written in numbers by default, as their literature writes them
# (issue 27), the Russian board's letters on request; Russian itself in letters
$ shashki moves --variant english B:W22:B9
9-13 W:W22:B13
9-14 W:W22:B14
$ shashki moves --variant pool B:W22:B9
9-13 W:W22:B13
9-14 W:W22:B14
$ shashki moves --algebraic --variant english B:W22:B9
b6-a5 W:Wc3:Ba5
b6-c5 W:Wc3:Bc5
$ shashki moves --variant russian B:W22:B9
b6-a5 W:Wc3:Ba5
b6-c5 W:Wc3:Bc5
$ shashki moves --numeric --variant russian B:W22:B9
9-13 W:W22:B13
9-14 W:W22:B14

# the majority rule: Brazilian takes the longer capture only, Russian either
$ shashki moves --variant brazilian W:Wc3:Bb4,d4,f6
c3:g7 B:Wg7:Bb4
$ shashki moves --variant russian W:Wc3:Bb4,d4,f6
c3:a5 B:Wa5:Bd4,f6
c3:g7 B:Wg7:Bb4

# International draughts on 10x10, the published counts from the start
$ shashki perft 5 --variant international
perft 1 9 *
perft 2 81 *
perft 3 658 *
perft 4 4265 *
perft 5 27117 *

# a man that reaches the crowning row during a capture and must go on stays a man (Russian
# would crown it there); in algebraic notation, then in the game's usual one, the numbers
# (b8 = 11, d10 = 2, f8 = 13, j2 = 45)
$ shashki moves --algebraic --variant international W:Wb8:Bc9,e9,j2
b8:d10:f8 B:Wf8:Bj2
$ shashki moves --variant international W:Wb8:Bc9,e9,j2
11x2x13 B:W13:B45

# 10x10 squares: 46 = a1, 41 = b2, 1 = b10; a1..j10 in algebraic notation. International is
# written in numbers by default (FMJD, Scan, lidraughts: issue 27), letters on request
$ shashki moves --variant international W:W46:B1
46-41 B:W41:B1
$ shashki moves --algebraic --variant international W:W46:B1
a1-b2 B:Wb2:Bb10
$ shashki moves --variant international "W:W31-50:B1-20" | head -2
31-26 B:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
31-27 B:W27,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20
$ shashki divide 1 --variant international --algebraic | head -2
b4-a5 1
b4-c5 1
$ shashki moves --variant international W:Wa2
! bad FEN 'W:Wa2': FEN column 4: a2 is a light square; pieces stand on dark squares
? 2
$ shashki moves --variant international W:Wa11
! bad FEN 'W:Wa11': FEN column 4: a11 is not a square of this board (a1..j10)
? 2

# Frisian draughts on 10x10, the reference counts from the start
$ shashki perft 5 --variant frisian
perft 1 9 *
perft 2 81 *
perft 3 658 *
perft 4 3874 *
perft 5 21265 *

# a man captures along the rank too, over the next playing square (c5 or g5)
$ shashki moves --algebraic --variant frisian W:We5:Bc5,g5
e5:a5 B:Wa5:Bg5
e5:i5 B:Wi5:Bc5

# the value rule: two men (h4, g7) are worth more than a king (b2)
$ shashki moves --algebraic --variant frisian W:Wa1,h2:BKb2,h4,g7
h2:h6:f8 B:Wa1,f8:BKb2

# a king that has made three moves in a row (the FEN's RWa1=3) may not make a fourth while its
# side has men; its third move shows in the FEN it leads to
$ shashki moves --algebraic --variant frisian W:WKa1,j4:Bj10:RWa1=3
j4-i5 B:WKa1,i5:Bj10
$ shashki moves --numeric --variant frisian W:WKa1,j4:Bj10:RWa1=2
46-41 B:W35,K41:B5:RW41=3
46-37 B:W35,K37:B5:RW37=3
46-32 B:WK32,35:B5:RW32=3
46-28 B:WK28,35:B5:RW28=3
46-23 B:WK23,35:B5:RW23=3
46-19 B:WK19,35:B5:RW19=3
46-14 B:WK14,35:B5:RW14=3
46-10 B:WK10,35:B5:RW10=3
35-30 B:W30,K46:B5
$ shashki moves --variant frisian W:WKa1:Bj10:RWa1=2
! bad FEN 'W:WKa1:Bj10:RWa1=2': FEN column 13: a run of king moves needs a white king on its square and white men on the board
? 2

# a Frisian PDN game (GameType 40) starting from a king's run: its fourth move is refused
$ shashki pdn check $DATA/pdn/frisian.pdn
frisian.pdn:1 (line 1) ? - ?: 7 plies, recorded *, arbiter: the game goes on
frisian.pdn:2 (line 7) ? - ?: FAILED at line 11, column 31: move 3.: illegal move '37-41'; legal: 35-30
1 passed, 1 failed
? 1

# Column checkers (bashni): Russian moves, and a captured piece goes under the capturer; the
# counts agree with the reference lister of tests/test_columns.c
$ shashki perft 5 --variant columns
perft 1 7 *
perft 2 49 *
perft 3 302 *
perft 4 1469 *
perft 5 7482 *

# a column is written with the pieces under its top, from the top down: the black man on d4
# is taken off the column, the white man under it is White's again, and the taken man goes
# under the capturer
$ shashki moves --variant bashni 'W:Wc3:Bd4(w)'
c3:e5 B:Wd4,e5(b):B

# the order the tops are taken in is part of the move: the same loop either way round
$ shashki moves --variant columns W:Wc1:BKb2,b4,d4,d2
c1:a3:c5:e3:c1 B:Wc1(Bbbb):B
c1:e3:c5:a3:c1 B:Wc1(bbbB):B

# a game without columns has no columns
$ shashki moves --variant russian 'W:Wc3(b):Bd4'
! bad FEN 'W:Wc3(b):Bd4': FEN column 6: a column of pieces, but russian has no columns
? 2

# Lasca on the 25 squares of a 7x7 board (1 = a7, 25 = g1): White's six first moves, and the
# counts of the reference lister
$ shashki moves --numeric --variant lasca
15-12 B:W12,16,17,18,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
16-12 B:W12,15,17,18,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
16-13 B:W13,15,17,18,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
17-13 B:W13,15,16,18,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
17-14 B:W14,15,16,18,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
18-14 B:W14,15,16,17,19,20,21,22,23,24,25:B1,2,3,4,5,6,7,8,9,10,11
$ shashki perft 7 --variant lasca
perft 1 6 *
perft 2 6 *
perft 3 18 *
perft 4 54 *
perft 5 116 *
perft 6 324 *
perft 7 846 *

# a soldier crowned in a capture ends its move (an officer could have gone on to g5)
$ shashki moves --variant lasca W:Wc5:Bd6,f6
c5:e7 B:WKe7(b):Bf6
$ shashki moves --variant lasca W:Wb1
! bad FEN 'W:Wb1': FEN column 4: b1 is not one of the board's 25 playing squares
? 2

$ shashki perft 2 --variant chess
! unknown variant 'chess': russian, brazilian, pool, english, italian, spanish, czech, turkish, international, frisian, giveaway, flying, diagonal, northern, self-eaters, two-move, columns, lasca, canadian, spantsiretti
? 2

# the Hub protocol plays any of them
$ shashki hub
< hub
< set-param name=variant value=english
< init
< pos
< level depth=2
< go think
< quit
id name=Shashki *
param name=variant *
...

# and international draughts, its position as 50 squares (Scan's variant name "normal")
$ shashki hub
< hub
< set-param name=variant value=normal
< init
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
< level depth=1
< go think
< pos pos=Wbbbb
< quit
id name=Shashki *
param name=variant *
...
done move=*
error message="pos= must be W or B and then 50 squares (w b W B e)"

# and Frisian draughts, with Scan's variant name "frisian" and the 50-square position
$ shashki hub
< hub
< set-param name=variant value=frisian
< init
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
< level depth=2
< go think
< quit
id name=Shashki *
param name=variant *
...
done move=*

# Canadian draughts on 12x12: perft from the start (tests/data/variants/start.txt)
$ shashki perft 4 --variant canadian
perft 1 11 *
perft 2 121 *
perft 3 1222 *
perft 4 10053 *

# a man passing the crowning row mid-capture goes on as a man, not crowned where it ends
$ shashki moves --algebraic --variant canadian W:Wb10:Bc11,e11,k3
b10:d12:f10 B:Wf10:Bk3

# 12x12 squares: 67 = a1, 61 = b2; a1..l12, and k9 is a square (a king there is Kk9)
$ shashki moves --variant canadian W:W67:B1
67-61 B:W61:B1
$ shashki moves --algebraic --variant canadian W:Wk9:BKk3
k9-j10 B:Wj10:BKk3
k9-l10 B:Wl10:BKk3
$ shashki moves --variant canadian W:Wm1
! bad FEN 'W:Wm1': FEN column 4: expected a square (a1..l12 or 1..72), found 'm'
? 2

# the Hub protocol with 72 squares
$ shashki hub
< hub
< set-param name=variant value=canadian
< init
< pos pos=Wbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbeeeeeeeeeeeewwwwwwwwwwwwwwwwwwwwwwwwwwwwww
< level depth=1
< go think
< pos pos=Wbbbb
< quit
id name=Shashki *
param name=variant *
...
done move=*
error message="pos= must be W or B and then 72 squares (w b W B e)"
