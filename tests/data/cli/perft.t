# shashki perft and divide: counts from perft_start.txt and rules_perft.epd

$ shashki perft 6
perft 1 7 time * s * Mnodes/s
perft 2 49 time *
perft 3 302 time *
perft 4 1469 time *
perft 5 7482 time *
perft 6 37986 time *

$ shashki perft 9 --paths --threads 2
perft 1 7 *
perft 2 49 *
perft 3 302 *
perft 4 1469 *
perft 5 7482 *
perft 6 37986 *
perft 7 190146 *
perft 8 929905 *
perft 9 4570667 *

$ shashki perft 2 W:WKa1:Bc3,f6
perft 1 2 *
perft 2 0 *

$ shashki perft 3 W:Wh2:Be7,g7,g5,g3,e3,b4,b2
perft 1 4 *
perft 2 18 *
perft 3 83 *

$ shashki perft --suite $DATA/rules_perft.epd
16 passed, 0 failed

$ shashki perft --suite $DATA/kestog13.epd --max-depth 5
13 passed, 0 failed

$ shashki perft --suite $DATA/cli/wrong_counts.epd
*wrong_counts.epd:3: W:W21-32:B1-12 depth 3: expected 303, got 302
*wrong_counts.epd:4: bad FEN: *
1 passed, 2 failed
? 1

$ shashki perft --suite $DATA/cli/missing.epd
! cannot open
? 2

$ shashki perft
! usage: shashki perft
? 2

$ shashki perft x
! DEPTH must be a whole number from 0 to 64, not 'x'
? 2

$ shashki perft 3 W:Wz9
! bad FEN 'W:Wz9': FEN column 4: expected a square
? 2

$ shashki perft 3 --threads 0
! --threads must be a whole number from 1 to 256
? 2

$ shashki perft 3 --frobnicate
! unknown option --frobnicate
? 2

$ shashki divide 3
a3-b4 47
c3-b4 47
c3-d4 40
e3-d4 40
e3-f4 40
g3-f4 40
g3-h4 48
total 302

# divide takes --numeric (issue 27): c3-d4 is 22-18 (a3 = 21, b4 = 17 ... h4 = 20); perft
# takes it too, and writes no move
$ shashki divide 3 --numeric
21-17 47
22-17 47
22-18 40
23-18 40
23-19 40
24-19 40
24-20 48
total 302
$ shashki perft 1 --numeric
perft 1 7 *

$ shashki divide 1 B:We3,e5,g3,g5:Bf6
f6:d4:f2:h4:f6 1
total 1

$ shashki divide 1 B:We3,e5,g3,g5:Bf6 --paths
f6:d4:f2:h4:f6 2
total 2

# a position with no legal move: counts of 0, and the reason
$ shashki perft 2 B:Wa3,c3,d2:Bb4
perft 1 0 *
perft 2 0 *
! no legal moves (White wins: Black has no move): every count is 0

$ shashki divide 2 B:Wa3,c3,d2:Bb4
no legal moves: White wins: Black has no move
total 0

$ shashki divide 0
! divide needs a DEPTH from 1 to 64
? 2
