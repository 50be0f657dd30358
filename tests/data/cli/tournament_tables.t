# shashki tournament with a game of three or four players (Neva, Novgorod): a round robin and
# a Swiss at tables, run to their end, their standings worked out by hand below.
# Scoring by places: each pair of table mates scores as a game between them, won by the larger
# share of the point, drawn on equal shares (1 / 0.5 / 0): 1/2-1/2-0-0 gives 2.5, 2.5, 0.5, 0.5.

# ---- a round robin of 5 players of Neva (tables of 4): 5 rounds, one free round each ----
$ shashki tournament create "Neva Club" variant=neva system=round-robin --db $DB
event 1: Neva Club (round-robin)

$ shashki tournament add Neva Anna --db $DB
player 1: Anna
$ shashki tournament add Neva Boris --db $DB
player 2: Boris
$ shashki tournament add Neva Clara --db $DB
player 3: Clara
$ shashki tournament add Neva Denis --db $DB
player 4: Denis
$ shashki tournament add Neva Elena --db $DB
player 5: Elena

$ shashki tournament next Neva --db $DB
Round 1
  1  Boris (2), Clara (3), Denis (4), Elena (5)   *
  2  Anna (1)                           free round

# a table's result is a share for each player, summing to 1
$ shashki tournament result Neva 1 1 1-0 --db $DB
! a table's result gives each of its 4 players a share, the shares summing to 1 ('1-0' has another number of shares): nothing was changed
? 2
$ shashki tournament result Neva 1 1 1-x-0-0 --db $DB
! a table's result is a share of the point for each of its 4 players (1, 0, 1/2, 1/3, 1/4 ...) joined by '-': '1-x-0-0': nothing was changed
? 2

$ shashki tournament result Neva 1 1 1/2-1/2-0-0 --db $DB
round 1, table 1: 1/2-1/2-0-0: Boris (2) 2.5, Clara (3) 2.5, Denis (4) 0.5, Elena (5) 0.5
round 1 is complete

$ shashki tournament next Neva --db $DB
Round 2
  1  Anna (1), Boris (2), Clara (3), Denis (4)   *
  2  Elena (5)                          free round
$ shashki tournament result Neva 2 1 0-1/2-1/2-0 --db $DB
round 2, table 1: 0-1/2-1/2-0: Anna (1) 0.5, Boris (2) 2.5, Clara (3) 2.5, Denis (4) 0.5
round 2 is complete

$ shashki tournament next Neva --db $DB
Round 3
  1  Clara (3), Anna (1), Elena (5), Denis (4)   *
  2  Boris (2)                          free round
$ shashki tournament result Neva 3 1 0-1-0-0 --db $DB
round 3, table 1: 0-1-0-0: Clara (3) 1, Anna (1) 3, Elena (5) 1, Denis (4) 1
round 3 is complete

$ shashki tournament next Neva --db $DB
Round 4
  1  Denis (4), Elena (5), Anna (1), Boris (2)   *
  2  Clara (3)                          free round
$ shashki tournament result Neva 4 1 0-0-1/2-1/2 --db $DB
round 4, table 1: 0-0-1/2-1/2: Denis (4) 0.5, Elena (5) 0.5, Anna (1) 2.5, Boris (2) 2.5
round 4 is complete

$ shashki tournament next Neva --db $DB
Round 5
  1  Elena (5), Anna (1), Boris (2), Clara (3)   *
  2  Denis (4)                          free round
$ shashki tournament result Neva 5 1 0-1/2-0-1/2 --db $DB
round 5, table 1: 0-1/2-0-1/2: Elena (5) 0.5, Anna (1) 2.5, Boris (2) 0.5, Clara (3) 2.5
round 5 is complete

$ shashki tournament next Neva --db $DB
! the event is over: every round has been played (nothing was changed)
? 1

# By hand. Points: Anna 0 + .5 + 3 + 2.5 + 2.5 = 8.5; Boris 2.5 + 2.5 + 0 + 2.5 + .5 = 8;
# Clara 2.5 + 2.5 + 1 + 0 + 2.5 = 8.5; Denis .5 + .5 + 1 + .5 + 0 = 2.5; Elena .5 + 0 + 1 + .5
# + .5 = 2.5 (30 in all: 5 tables of 6). Round robin tie-breaks sb, de, win, ks:
# sb (each mate's points times the game between the two): Clara R1 draws Boris 4, beats Denis
# and Elena 5; R2 beats Anna 8.5, draws Boris 4, beats Denis 2.5; R3 draws Elena 1.25 and
# Denis 1.25; R5 beats Elena 2.5, draws Anna 4.25, beats Boris 8: 41.25. Anna R2 draws Denis
# 1.25; R3 beats Clara, Elena, Denis 13.5; R4 beats Denis, Elena 5, draws Boris 4; R5 beats
# Elena 2.5 and Boris 8, draws Clara 4.25: 38.5 -> Clara before Anna. Boris 9.25 + 15.25 +
# 9.25 + 1.25 = 35. Denis R1 draws Elena 1.25; R2 draws Anna 4.25; R3 draws Clara 4.25 and
# Elena 1.25; R4 draws Elena 1.25: 12.25; Elena 1.25 + 5.5 + 1.25 + 4 (R5 draws Boris) = 12
# -> Denis before Elena. de (against those of equal points): Anna-Clara 0 + 1 + .5 = 1.5 each,
# Denis-Elena three draws, 1.5 each. win (tables won alone): Anna 1 (R3). ks (against mates
# with 7.5 or more): Clara vs Boris 2 + vs Anna 1.5 = 3.5; Anna 1.5 + 1.5 = 3; Boris 2.5;
# Denis and Elena 1. +/=/-: tables won alone / shared first / the rest.
$ shashki tournament standings Neva --db $DB
Neva Club: standings
*
Rank  No  Name   Rating  Points  Games  +/=/-  sb     de    win  ks    Perf  Elo +/-
   1   3  Clara             8.5      4  0/3/1  41.25  1.50    0  3.50               
   2   1  Anna              8.5      4  1/2/1  38.50  1.50    1  3.00               
   3   2  Boris               8      4  0/3/1  35.00  0.00    0  2.50               
   4   4  Denis             2.5      4  0/0/4  12.25  1.50    0  1.00               
   5   5  Elena             2.5      4  0/0/4  12.00  1.50    0  1.00               
...

# the crosstable: each round's table and the points scored there
$ shashki tournament crosstable Neva --format csv --db $DB
Rank,Name,Rating,1,2,3,4,5,Points,sb
1,Clara,,t1:2.5,t1:2.5,t1:1,-,t1:2.5,8.5,41.25
2,Anna,,-,t1:0.5,t1:3,t1:2.5,t1:2.5,8.5,38.50
3,Boris,,t1:2.5,t1:2.5,-,t1:2.5,t1:0.5,8,35.00
4,Denis,,t1:0.5,t1:0.5,t1:1,t1:0.5,-,2.5,12.25
5,Elena,,t1:0.5,-,t1:1,t1:0.5,t1:0.5,2.5,12.00

# TRF16 has one opponent a cell: refused, with what to export instead
$ shashki tournament export Neva trf --db $DB
! TRF16 has a cell for one opponent a round, and neva seats 4 at a table: export the event's text (export EVENT event), its standings and crosstable (text, csv, html) or its games (pdn) instead
? 1

# a game of three or four is played at tables: a knockout is refused
$ shashki tournament create "Neva Cup" variant=neva system=knockout --db $DB
! stage 1: neva is a game of 4 players, played at tables in a round robin or a Swiss (a knockout pairs two players)
? 2

# ---- a Swiss of 7 players of Novgorod (tables of 3): 3 rounds (3^2 >= 7, plus one) ----
$ shashki tournament create "Novgorod Open" variant=novgorod system=swiss --db $DB
event 2: Novgorod Open (swiss)
$ shashki tournament add Novgorod Ivan --rating 2000 --db $DB
player 1: Ivan
$ shashki tournament add Novgorod Petr --rating 1900 --db $DB
player 2: Petr
$ shashki tournament add Novgorod Sergei --rating 1800 --db $DB
player 3: Sergei
$ shashki tournament add Novgorod Olga --rating 1700 --db $DB
player 4: Olga
$ shashki tournament add Novgorod Maria --rating 1600 --db $DB
player 5: Maria
$ shashki tournament add Novgorod Nina --rating 1500 --db $DB
player 6: Nina
$ shashki tournament add Novgorod Gleb --rating 1400 --db $DB
player 7: Gleb

# round 1 in rating order, the lowest the bye (a table's average: 1 point)
$ shashki tournament next Novgorod --db $DB
Round 1
  1  Ivan (1), Petr (2), Sergei (3)   *
  2  Olga (4), Maria (5), Nina (6)   *
  3  Gleb (7)                           bye
$ shashki tournament result Novgorod 1 1 1-0-0 --db $DB
round 1, table 1: 1-0-0: Ivan (1) 2, Petr (2) 0.5, Sergei (3) 0.5
$ shashki tournament result Novgorod 1 2 0-0-1 --db $DB
round 1, table 2: 0-0-1: Olga (4) 0.5, Maria (5) 0.5, Nina (6) 2
round 1 is complete

# Ivan, Nina 2, Gleb 1, the rest 0.5: Ivan and Nina with Gleb; the two tables of round 1 were
# each a table of three who met, so six of them cannot sit at two tables without a rematch,
# whatever the bye: one rematch (Petr-Sergei), the bye to Maria (no bye yet, lowest ranked)
$ shashki tournament next Novgorod --db $DB
Round 2
  1  Nina (6), Ivan (1), Gleb (7)   *
  2  Petr (2), Sergei (3), Olga (4)   *
  3  Maria (5)                          bye
$ shashki tournament result Novgorod 2 1 0-1-0 --db $DB
round 2, table 1: 0-1-0: Nina (6) 0.5, Ivan (1) 2, Gleb (7) 0.5
$ shashki tournament result Novgorod 2 2 1/2-0-1/2 --db $DB
round 2, table 2: 1/2-0-1/2: Petr (2) 1.5, Sergei (3) 0, Olga (4) 1.5
round 2 is complete

$ shashki tournament next Novgorod --db $DB
Round 3
  1  Gleb (7), Olga (4), Ivan (1)   *
  2  Maria (5), Nina (6), Petr (2)   *
  3  Sergei (3)                         bye
$ shashki tournament result Novgorod 3 1 0-0-1 --db $DB
round 3, table 1: 0-0-1: Gleb (7) 0.5, Olga (4) 0.5, Ivan (1) 2
$ shashki tournament result Novgorod 3 2 1/3-1/3-1/3 --db $DB
round 3, table 2: 1/3-1/3-1/3: Maria (5) 1, Nina (6) 1, Petr (2) 1
round 3 is complete

# By hand. Points: Ivan 2 + 2 + 2 = 6; Nina 2 + .5 + 1 = 3.5; Petr .5 + 1.5 + 1 = 3; Olga .5 +
# 1.5 + .5 = 2.5; Maria .5 + 1 (bye) + 1 = 2.5; Gleb 1 (bye) + .5 + .5 = 2; Sergei .5 + 0 +
# 1 (bye) = 1.5 (21 in all). Swiss tie-breaks bh-c1, bh, sb; a round's Buchholz is the mates'
# points, a round without a table counts the player's own points for each seat (2 x own):
# Olga R1 Maria 2.5 + Nina 3.5 = 6, R2 Petr 3 + Sergei 1.5 = 4.5, R3 Gleb 2 + Ivan 6 = 8: bh
# 18.5, bh-c1 14; Maria R1 6, R2 (bye) 5, R3 Nina 3.5 + Petr 3 = 6.5: bh 17.5, bh-c1 12.5 ->
# Olga before Maria. sb Olga: draws Maria 1.25, draws Petr 1.5 and beats Sergei 1.5, draws Gleb
# 1 = 5.25; Maria: draws Olga 1.25, draws Nina 1.75 and Petr 1.5 = 4.5.
$ shashki tournament standings Novgorod --db $DB
Novgorod Open: standings
*
Rank  No  Name    Rating  Points  Games  +/=/-  bh-c1  bh     sb     Perf  Elo +/-
   1   1  Ivan      2000       6      3  3/0/0  10.00  14.50  14.50  2417    +20.5
   2   6  Nina      1500     3.5      3  1/1/1  13.50  18.50   8.75  1757    +34.4
   3   2  Petr      1900       3      3  0/2/1  13.50  17.50   6.50  1733    -23.2
   4   4  Olga      1700     2.5      3  0/1/2  14.00  18.50   5.25  1643    -10.0
   5   5  Maria     1600     2.5      2  0/1/1  12.50  17.50   4.50  1563     -5.8
   6   7  Gleb      1400       2      2  0/0/2  18.00  22.00   3.00  1607     +6.1
   7   3  Sergei    1800     1.5      2  0/0/2  14.50  17.50   1.50  1553    -22.0
...

$ shashki tournament next Novgorod --db $DB
! the event is over: every round has been played (nothing was changed)
? 1
