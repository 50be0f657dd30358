# shashki book: the opening book built into the program, probed and described

# the start position: all seven first moves searched, with the 856 games of tests/data/games
# (448 begin 1.c3-d4: White won 41, drew 363, lost 44, counted from the PDN texts by a separate
# script: 9%, 81%, 10%)
$ shashki book probe built-in start
depth *, 7 moves
* score * depth *
...
book move *

$ shashki book probe built-in start | grep '^c3-d4 '
c3-d4 * games 448 W 9% D 81% L 10%

# in numbers on request (issue 27): c3-d4 is 22-18
$ shashki book probe built-in start --numeric | grep '^22-18 '
22-18 * games 448 W 9% D 81% L 10%

# a ballot's position (IDF 1-III: 1.g3-h4 h6-g5) is in the book, searched
$ shashki book probe built-in W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g5,g7,h8
depth *, * moves
...
book move *

# a position no game and no search reached
$ shashki book probe built-in W:Wa1:Bh8
not in the book

$ shashki book info built-in
positions *
searched *
moves *
...
games only: * positions

$ shashki book info /nonexistent.bin
! cannot open book '/nonexistent.bin'
? 1

$ shashki book info $DATA/games/test.pdn
! offset 0: not a Shashki book
? 1

$ shashki book frobnicate
! book: expected build, info FILE or probe FILE FEN
? 2

$ shashki book build --depth 0
! --depth must be a whole number from 1 to 127
? 2

$ shashki book build --ballots some
! --ballots is all, idf, fmjd or none, not 'some'
? 2

$ shashki book --help
usage: shashki book build *
...
