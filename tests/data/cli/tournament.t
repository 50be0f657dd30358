# shashki tournament: the contracts (pair, berger), an arbiter's event, engine events, from-pdn.
# Events are kept in $DB, a database of this file's own.

# the Berger table (FIDE C.05 Annex 1), one round a line
$ shashki tournament berger 4
1-4 2-3
4-3 1-2
2-4 3-1

# an odd field plays the next even table, the highest number being the bye
$ shashki tournament berger 5
1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1

# two cycles: the second reverses the colours
$ shashki tournament berger 4 --cycles 2
1-4 2-3
4-3 1-2
2-4 3-1
4-1 3-2
3-4 2-1
4-2 1-3

$ shashki tournament berger 1
! the number of players
? 2

# the next Dutch round of a TRF16 file, in the -p format of JaVaFo and bbpPairings
$ shashki tournament pair $DATA/tournament/small.trf
3
2 1
4 3
6 5

# no pairing exists: exit 1
$ shashki tournament pair $DATA/tournament/nopair.trf
! no pairing exists
? 1

# a malformed file: exit 2, with line and column
$ shashki tournament pair $DATA/tournament/bad.trf
! bad.trf:2:97: the colour is w, b or -
? 2

$ shashki tournament pair /nonexistent.trf
! cannot read /nonexistent.trf
? 2

# what concerns the whole file is said of the file, not of a line 0 (issue 27)
$ shashki tournament pair $DATA/tournament/noxxr.trf
! noxxr.trf: the file does not say how many rounds the event has (an XXR line)
? 2

# import refuses it too, as pair does: the rounds played are not the event's total (issue 35)
$ shashki tournament import $DATA/tournament/noxxr.trf --db $DB-noxxr
! noxxr.trf: the file does not say how many rounds the event has (an XXR line)
? 2

$ test -e $DB-noxxr || echo "no file made"
no file made

# a file with no player is no event to import (as pair says of it), and no file is made
$ printf '012 Nothing here\n' | shashki tournament import - --db $DB-empty
! -: the file has no players (001 lines)
? 2

$ test -e $DB-empty || echo "no file was made"
no file was made

# knockout seeding: byes to the top seeds
$ shashki tournament bracket 6
1 bye
4-5
2 bye
3-6

# an arbiter's event
$ shashki tournament create "Autumn Open" system=swiss rounds=3 date=2026.10.01 --db $DB
event 1: Autumn Open (swiss)

$ shashki tournament create "Autumn Open" --db $DB
! there is an event 'Autumn Open' already (event 1)
? 1

$ shashki tournament create Bad system=ladder --db $DB
! system
? 2

$ shashki tournament add Autumn "Ivanov I." --rating 2100 --born 1990 --club Spartak --db $DB
player 1: Ivanov I.

$ shashki tournament add Autumn "Petrov P." --rating 2000 --born 2010 --club Dynamo --db $DB
player 2: Petrov P.

$ shashki tournament add Autumn "Sidorov S." --rating 1900 --born 1960 --club Spartak --db $DB
player 3: Sidorov S.

$ shashki tournament add Autumn "Orlov O." --rating 1800 --born 2016 --db $DB
player 4: Orlov O.

# a duplicate player is refused, and the list stays as it was
$ shashki tournament add Autumn "petrov p." --born 2010 --db $DB
! petrov p., born 2010 is already entered (player 2) (nothing was changed)
? 1

$ shashki tournament players Autumn --db $DB
  No  Name * Category * State
   1  Ivanov I. * 2100 * Spartak * 1990 adults *
   2  Petrov P. * 2000 * Dynamo * 2010 older-youth *
   3  Sidorov S. * 1900 * Spartak * 1960 adults *
   4  Orlov O. * 1800 * 2016 children *

$ shashki tournament result Autumn 1 1 1-0 --db $DB
! no round has been paired yet
? 1

$ shashki tournament next Autumn --db $DB
Round 1
  1  Ivanov I. (1) * Sidorov S. (3)
  2  Orlov O. (4) * Petrov P. (2)

# the round paired twice: refused while results are missing
$ shashki tournament next Autumn --db $DB
! round 1 is not over: 2 boards without a result, the first board 1 (nothing was changed)
? 1

# a result for a pairing that does not exist, a result that is not one
$ shashki tournament result Autumn 1 7 1-0 --db $DB
! round 1 has no board 7 (boards 1 to 2) (nothing was changed)
? 1

$ shashki tournament result Autumn 4 1 1-0 --db $DB
! round 4 has not been paired
? 1

$ shashki tournament result Autumn 1 1 2-2 --db $DB
! '2-2' is not a result
? 2

# a result entered is said in a line (issue 27)
$ shashki tournament result Autumn 1 1 1-0 --db $DB
round 1, board 1: Ivanov I. (1) 1-0 Sidorov S. (3)

$ shashki tournament result Autumn 1 2 1/2-1/2 --db $DB
round 1, board 2: Orlov O. (4) 1/2-1/2 Petrov P. (2)
round 1 is complete

$ shashki tournament standings Autumn --db $DB
Autumn Open: standings
*
Rank  No  Name * Club/team  Points  Games  +/=/-  bh-c1  bh    sb    Perf  Elo +/-
   1   1  Ivanov I. * 2100  Spartak * 1      1  1/0/0 *
  2=   2  Petrov P. * 0.5      1  0/1/0 *
  2=   4  Orlov O. * 0.5      1  0/1/0 *
   4   3  Sidorov S. * 0      1  0/0/1 *
*

# the ranks as the standings give them, 2= shared (the cells name opponents by their row)
$ shashki tournament crosstable Autumn --format csv --db $DB
Rank,Name,Rating,1,Points,bh-c1
1,Ivanov I.,2100,4w1,1,0.00
2=,Petrov P.,2000,3b=,0.5,0.00
2=,Orlov O.,1800,2w=,0.5,0.00
4,Sidorov S.,1900,1b0,0,0.00

$ shashki tournament standings Autumn --format html --db $DB
<!DOCTYPE html>
...

$ shashki tournament bye Autumn Orlov 2 half --db $DB
Orlov O. (4) has a half-point bye in round 2

# a change that names nobody in the event is refused: exit 1, "nothing was changed", as any
# refused change (issue 27)
$ shashki tournament bye Autumn Nobody 5 half --db $DB
! no player 'Nobody' in the event (shashki tournament players EVENT): nothing was changed
? 1

$ shashki tournament withdraw Autumn Nobody --db $DB
! nothing was changed
? 1

# a round the event does not have is refused (Autumn has 3) (issue 35)
$ shashki tournament bye Autumn Orlov 5 half --db $DB
! there is no round 5: the event has 3
! nothing was changed
? 1

# a malformed argument is 2
$ shashki tournament bye Autumn Orlov soon half --db $DB
! the round must be a whole number
? 2

$ shashki tournament next Autumn --db $DB
Round 2
  1  Petrov P. (2) * Ivanov I. (1)
  2  Sidorov S. (3) * bye
  3  Orlov O. (4) * half-point bye

$ shashki tournament unpair Autumn --db $DB
round 2 is taken back: its pairings are gone

$ shashki tournament withdraw Autumn Sidorov --db $DB
Sidorov S. (3) is withdrawn: no more rounds from round 2

$ shashki tournament next Autumn --db $DB
Round 2
  1  Petrov P. (2) * Ivanov I. (1)
  2  Orlov O. (4) * half-point bye

$ shashki tournament export Autumn trf --db $DB
012 Autumn Open
042 2026/10/01
001    1      Ivanov I.                         2100                 1990        1.0    1     3 w 1
001    2      Petrov P.                         2000                 2010        0.5    3     4 b =
001    3      Sidorov S.                        1900                 1960        0.0    4     1 b 0  0000 - Z
001    4      Orlov O.                          1800                 2016        0.5    2     2 w =  0000 - H
XXR 3
XXC white1
240    3    3

# TRF16 in keeps the start date (042, so age categories) and the withdrawal (absent from
# every coming round: withdrawn, not merely absent from the next) (issue 27)
$ shashki tournament export Autumn trf --db $DB | shashki tournament import - --name Again --db $DB
event 2: Again, 4 players, 1 round played of 3

$ shashki tournament players Again --db $DB
  No  Name * Category * State
   1  Ivanov I. * 1990 adults *
   2  Petrov P. * 2010 older-youth *
   3  Sidorov S. * 1960 adults * withdrawn from round 2
   4  Orlov O. * 2016 children *

$ shashki tournament next Again --db $DB
Round 2
  1  Petrov P. (2) * Ivanov I. (1)
  2  Orlov O. (4) * half-point bye

$ shashki tournament log Autumn --db $DB
*  create 'Autumn Open' system=swiss rounds=3 date=2026.10.01
*  add Autumn 'Ivanov I.' --rating 2100 --born 1990 --club Spartak
*  add Autumn 'Petrov P.' --rating 2000 --born 2010 --club Dynamo
*  add Autumn 'Sidorov S.' --rating 1900 --born 1960 --club Spartak
*  add Autumn 'Orlov O.' --rating 1800 --born 2016
*  next Autumn
*  result Autumn 1 1 1-0
*  result Autumn 1 2 1/2-1/2
*  bye Autumn Orlov 2 half
*  next Autumn
*  unpair Autumn
*  withdraw Autumn Sidorov
*  next Autumn

$ shashki tournament show Nothing --db $DB
! no event 'Nothing'
? 1

# TRF16 in: an event of one Swiss stage
$ shashki tournament import $DATA/tournament/small.trf --name Imported --db $DB
event 3: Imported, 6 players, 1 round played of 3

$ shashki tournament next Imported --db $DB
Round 2
  1  B (2) * A (1)
  2  D (4) * C (3)
  3  F (6) * E (5)

$ shashki tournament import $DATA/tournament/bad.trf --db $DB
! bad.trf:2:97
? 2

# engines: a round robin of three at depth 1, played to the end
$ shashki tournament run Trio --engine one=self:level=1 --engine two=self:level=2 --engine three=self:level=3 system=round-robin --depth 1 --quiet --db $DB
Event 4: Trio, 3 engines, round-robin
...

$ shashki tournament show Trio --db $DB
...
stage 1: 3 of 3 rounds paired
finished

# stopped after a game, then resumed where it was
$ shashki tournament run Quad --engine a=self --engine b=self --engine c=self --engine d=self system=swiss rounds=2 --depth 1 --quiet --stop-after 1 --db $DB
Event 5: Quad, 4 engines, swiss
*
Stopped after 1 game; 'shashki tournament run Quad --db *' resumes.

$ shashki tournament run Quad --depth 1 --quiet --db $DB
Event 5: Quad, resumed (4 players)
...
Quad: standings
...

$ shashki tournament export Quad pdn --db $DB
! 4 games
...

# the records in numbers on request (issue 27): each of the 4 games opens with a move of White's
# numbered squares
$ shashki tournament export Quad pdn --numeric --db $DB | grep -c '^1\. [0-9][0-9]*-[0-9][0-9]* '
4

# two teams of engines, each member against every member of the other
$ shashki tournament run Match --team North --engine n1=self:level=1 --engine n2=self:level=2 --team South --engine s1=self:level=1 --engine s2=self:level=2 system=scheveningen --depth 1 --quiet --db $DB
...
Teams: North *, South *
...

# a knockout of five: byes to the top three, matches of two games, tie-break games, third place
$ shashki tournament run KO --engine a=self:level=1 --engine b=self:level=1 --engine c=self:level=1 --engine d=self:level=1 --engine e=self:level=1 system=knockout games=2 third-place=yes --depth 1 --quiet --db $DB
...
Place  No  Name * Points  Games  +/=/-  Perf  Elo +/-
    1 *
    2 *
    3 *
    4 *
    5   5  e *
...

$ shashki tournament run Nobody --engine a=self --db $DB
! a new one needs two --engine or more
? 2

# a crosstable rebuilt from the games of an 18-player round robin (USSR 1947)
$ shashki tournament from-pdn $DATA/games/ussr1947.pdn
Crosstable from *ussr1947.pdn: 18 players, 153 games
*
Rank  Name *
   1  Куперман И. *  11.5 *     17
...
Complete: all 153 games of a single round robin of 18 players.

# 29 of the games of a 20-player double round robin (USSR 1924): what is missing
$ shashki tournament from-pdn $DATA/games/ussr1924.pdn --players 20 --cycles 2 --scoring 2-1-0
Crosstable from *ussr1924.pdn: 17 players, 29 games
...
Partial: 29 of the 380 games of a double round robin of 20 players are in the collection; 351 are missing (a dot in the table is a game missing).
3 players of the field have no game in the collection.
Points and ranks are those of the games present, not the event's.
