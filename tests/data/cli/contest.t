# shashki contest: a solving contest (problems from the editor, the built-in set and a PDN file;
# two solvers; answers as text; standings) and a composing contest (entries checked, judges,
# the award). Contests are kept in $DB. The solutions are worked out by hand: the b2 strike
# W:Wa1,b2,c3:Ba5,e5,g7 is 1. c3-b4! a5:c3 (forced) 2. b2:h8, taking c3, e5 and g7; P0386
# W:Wa3,Kd8,e5:BKh4 is 1. e5-f6! h4:e7 (forced) 2. d8:f6; in W:Wc3,e3:Bd4 either capture takes
# Black's last man.

$ shashki contest create Spring code=SPRING minutes=30 --db $DB
contest 1: Spring (solving, code SPRING)

$ shashki contest create Spring --db $DB
! there is a contest 'Spring' already
? 1

$ shashki contest create Bad alternative=some --db $DB
! alternative = 'some': full, half or none
? 2

$ shashki contest problem Spring "W:Wa1,b2,c3:Ba5,e5,g7" --title "b2 strike" --db $DB
problem 1: 1. c3-b4! a5:c3 2. b2:h8

$ shashki contest problem Spring --puzzle P0386 --db $DB
problem 2: 1. e5-f6! h4:e7 2. d8:f6

# the PDN file: its first game is a problem; the second has no win, the third is not a composition
$ shashki contest problem Spring --pdn $DATA/contest/compositions.pdn --db $DB
problem 3: 1. c3:e5!
! left out: game 2: the solver does not prove a win in 10 moves (there is none); game 3: no position (not a composition)

$ shashki contest join Spring Anna --code wrong --db $DB
! that is not the contest's code
? 1

$ shashki contest join Spring Anna --code spring --db $DB
solver 1: Anna

$ shashki contest join Spring Boris --code SPRING --db $DB
solver 2: Boris

$ shashki contest solve Spring Anna 1 "1. c3-b4! a5:c3 2. b2:h8" --db $DB
problem 1: solved, 10 points

$ shashki contest solve Spring Anna 2 "e5-f6 h4:e7 d8:f6" --db $DB
problem 2: solved, 10 points

$ shashki contest solve Spring Anna 2 "e5-f6 h4:e7 d8:f6" --db $DB
! problem 2 is over for Anna
? 1

# Boris: a key that does not win; the main line without its last move; the other key (half)
$ shashki contest solve Spring Boris 1 "1. c3-d4" --db $DB
problem 1: failed: c3-d4? does not win

$ shashki contest solve Spring Boris 2 "1. e5-f6 h4:e7" --db $DB
problem 2: failed: no answer to e5-f6 h4:e7

$ shashki contest solve Spring Boris 3 "e3:c5" --db $DB
problem 3: solved, 5 points (another key)

$ shashki contest standings Spring --format csv --db $DB | cut -d, -f1-4,6-
Rank,Solver,Points,Solved,1,2,3
1,Anna,20,2,10,10,-
2,Boris,5,1,x,x,5

$ shashki contest standings Spring --format html --db $DB | grep -c '<tr>'
3

# a composing contest: a sound entry, a cook, a wrong key; two judges; the award
$ shashki contest create Etudes kind=composing --db $DB
contest 2: Etudes (composing, code SOLVE)

$ shashki contest entry Etudes "W:Wa1,b2,c3:Ba5,e5,g7" "1. c3-b4! a5:c3 2. b2:h8" --author Ivanov --title Strike --db $DB
entry 1: sound: the key c3-b4, 2 moves

$ shashki contest entry Etudes "W:Wc3,e3:Bd4" "1. c3:e5" --author Petrov --db $DB
entry 2: cook: *

$ shashki contest entry Etudes "W:Wa1,b2,c3:Ba5,e5,g7" "1. b2-a3 e5-d4 2. c3:e5" --author Sidorov --db $DB
entry 3: the stated key b2-a3 is not the solver's (c3-b4)

$ shashki contest judge Etudes Judge1 1 8 --db $DB

$ shashki contest judge Etudes Judge2 1 7.5 --db $DB

$ shashki contest judge Etudes Judge1 2 9 --db $DB
! entry 2 is not sound: only sound entries are judged
? 1

$ shashki contest award Etudes --db $DB
Etudes: award
 1. Ivanov, Strike: 15.5 points (2 judges)
    W:Wa1,b2,c3:Ba5,e5,g7
    1. c3-b4! a5:c3 2. b2:h8
 -  Petrov: not ranked: cook: *
 -  Sidorov: not ranked: the stated key b2-a3 is not the solver's (c3-b4)

$ shashki contest list --db $DB
1  Spring  (solving)
2  Etudes  (composing)

$ shashki contest solve Nothing Anna 1 "c3-d4" --db $DB
! no contest 'Nothing'
? 1
