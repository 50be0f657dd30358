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

$ shashki perft 2 --variant chess
! unknown variant 'chess': russian, brazilian, pool, english, italian, spanish, czech, turkish, giveaway, flying, diagonal, northern, self-eaters, two-move
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
