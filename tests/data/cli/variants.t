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

# a variant's FEN is read in its own numbering: English 1 = b8, so 9-14 is b6-c5 (Black)
$ shashki moves --numeric --variant english B:W22:B9
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
# would crown it there)
$ shashki moves --variant international W:Wb8:Bc9,e9,j2
b8:d10:f8 B:Wf8:Bj2

# 10x10 squares: 46 = a1, 41 = b2; a1..j10 in algebraic notation
$ shashki moves --numeric --variant international W:W46:B1
46-41 B:W41:B1
$ shashki moves --variant international W:Wa2
! bad FEN 'W:Wa2': FEN column 4: a2 is a light square; pieces stand on dark squares
? 2
$ shashki moves --variant international W:Wa11
! bad FEN 'W:Wa11': FEN column 4: a11 is not a square of this board (a1..j10)
? 2

$ shashki perft 2 --variant chess
! unknown variant 'chess': russian, brazilian, pool, english, italian, spanish, czech, turkish, international, canadian, giveaway, flying, diagonal, northern, self-eaters, two-move
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

# Canadian draughts on 12x12: perft from the start (tests/data/variants/start.txt)
$ shashki perft 4 --variant canadian
perft 1 11 *
perft 2 121 *
perft 3 1222 *
perft 4 10053 *

# a man passing the crowning row mid-capture goes on as a man, not crowned where it ends
$ shashki moves --variant canadian W:Wb10:Bc11,e11,k3
b10:d12:f10 B:Wf10:Bk3

# 12x12 squares: 67 = a1, 61 = b2; a1..l12, and k9 is a square (a king there is Kk9)
$ shashki moves --numeric --variant canadian W:W67:B1
67-61 B:W61:B1
$ shashki moves --variant canadian W:Wk9:BKk3
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
