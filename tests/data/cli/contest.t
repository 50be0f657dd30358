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

# the files the web page downloads (issue 35): the problems as PDN, each from its FEN with its
# whole solution (read back: every move legal), and the standings as text
$ shashki contest export Spring pdn --db $DB | grep -e '^\[FEN' -e '^{'
[FEN "W:Wa1,b2,c3:Ba5,e5,g7"]
{b2 strike: White to win, 10 points} 1. c3-b4! a5:c3 2. b2:h8 1-0
[FEN "*"]
{P0386: White to win, 10 points} 1. e5-f6! h4:e7 2. d8:f6 1-0
[FEN "W:Wc3,e3:Bd4"]
{Two keys: White to win, 10 points} 1. c3:e5! 1-0

$ shashki contest export Spring pdn --db $DB | shashki pdn check - | tail -1
3 passed, 0 failed

$ shashki contest export Spring text --db $DB
Spring: standings
Rank  Solver               Points  Time      1   2   3
   1  Anna                     20  *
   2  Boris                     5  *

$ shashki contest export Spring xml --db $DB
! export writes pdn or text, not 'xml'
? 2

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

# the usual option of dropping each entry's highest and lowest mark (issue 35): Strike has 9, 9
# and 1 (a total of 19), Again 7, 7 and 7 (21); trimmed, Strike keeps 9 and Again 7
$ shashki contest create Trim kind=composing --db $DB
contest 3: Trim (composing, code SOLVE)

$ shashki contest entry Trim "W:Wa1,b2,c3:Ba5,e5,g7" "1. c3-b4! a5:c3 2. b2:h8" --author Ivanov --title Strike --db $DB && shashki contest entry Trim "W:Wa1,b2,c3:Ba5,e5,g7" "1. c3-b4! a5:c3 2. b2:h8" --author Orlova --title Again --db $DB
entry 1: sound: the key c3-b4, 2 moves
entry 2: sound: the key c3-b4, 2 moves

$ for m in "A 1 9" "B 1 9" "C 1 1" "A 2 7" "B 2 7" "C 2 7"; do shashki contest judge Trim $m --db $DB; done; shashki contest award Trim --db $DB | grep points
 1. Orlova, Again: 21 points (3 judges)
 2. Ivanov, Strike: 19 points (3 judges)

$ shashki contest set Trim marks=trimmed --db $DB && shashki contest award Trim --db $DB | grep award -A1 -A4 | grep -e award -e points
contest 3: settings changed
Trim: award (with 3 marks or more the highest and the lowest do not count)
 1. Ivanov, Strike: 9 points (3 judges, the highest and lowest left out)
 2. Orlova, Again: 7 points (3 judges, the highest and lowest left out)

$ shashki contest set Trim marks=average --db $DB
! marks = 'average': total (every mark counts) or trimmed (the highest and the lowest do not) (nothing was changed)
? 1

# the entries as PDN: each position with the stated solution and the check in a comment
$ shashki contest export Trim pdn --db $DB | grep -e Annotator -e '^{' | head -2
[Annotator "Ivanov"]
{White to win. Stated: 1. c3-b4! a5:c3 2. b2:h8. Check: sound: the key c3-b4, 2 moves} *

$ shashki contest list --db $DB
1  Spring  (solving)
2  Etudes  (composing)
3  Trim  (composing)

$ shashki contest solve Nothing Anna 1 "c3-d4" --db $DB
! no contest 'Nothing'
? 1
