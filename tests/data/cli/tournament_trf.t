# shashki tournament pair and import on TRF16 files as arbiters write them (hand-made files of
# tests/data/tournament; the pairings worked out by hand, tests/data/README.md)

# both games of round 1 double forfeits (- and -): no game was played, round 2 pairs as round 1
$ shashki tournament pair $DATA/tournament/double4.trf
2
1 3
4 2

# a double forfeit in round 1 (1-4 and 5-2), and 2 and 5 paired again in round 2
$ shashki tournament pair $DATA/tournament/double6.trf
3
1 3
5 2
6 4

# every kind of cell; 3 and 7, whose round 1 was a double forfeit, meet in round 4
$ shashki tournament pair $DATA/tournament/combos.trf
4
6 1
3 7
8 9
5 4

# a round paired, its results not in: the next round waits for them (exit 2, where)
$ shashki tournament pair $DATA/tournament/pending.trf
! pending.trf:2:109: round 2: the game of 1 and 4 has no result yet
? 2

# as an event, with its double forfeit
$ shashki tournament import $DATA/tournament/combos.trf --name Combos --db $DB
event 1: Combos, 9 players, 3 rounds played of 5

$ shashki tournament pairings Combos 1 --db $DB
Round 1
  1  Alekseev A. (1)                    1-0       Dmitriev D. (5)
  2  Borisov B. (2)                     +-        Egorov E. (6)
  3  Grigoriev G. (4)                   half-point bye
  4  Zhukov Zh. (7)                     --        Vasiliev V. (3)
  5  Ivanov I. (8)                      bye

# 0-0 between two players who played is a score an event does not hold
$ shashki tournament import $DATA/tournament/reduced.trf --name Reduced --db $DB
! round 1: 1 and 3 scored 0 and 0
? 2
