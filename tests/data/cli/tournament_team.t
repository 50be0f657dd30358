# shashki tournament with a team event: four teams of two boards (and a reserve), a round
# robin whose results are entered by hand; the standings are those worked out by hand in
# tests/test_team.c (round_robin_by_hand): after round 2 A 3 MP 2.5 GP, B and C 2 and 2.0 (SB
# 5 against 3), D 1; at the end B and A 4 MP (B on game points), C 3, D 1.
$ shashki tournament create "Teams 4" boards=2 system=round-robin --db $DB
event 1: Teams 4 (round-robin)

$ shashki tournament add Teams A1 --rating 2000 --team A --db $DB
player 1: A1

$ shashki tournament add Teams A2 --rating 1900 --team A --db $DB
player 2: A2

$ shashki tournament add Teams B1 --rating 1950 --team B --db $DB
player 3: B1

$ shashki tournament add Teams B2 --rating 1850 --team B --db $DB
player 4: B2

$ shashki tournament add Teams C1 --rating 1800 --team C --db $DB
player 5: C1

$ shashki tournament add Teams C2 --rating 1700 --team C --db $DB
player 6: C2

$ shashki tournament add Teams D1 --rating 1700 --team D --db $DB
player 7: D1

$ shashki tournament add Teams D2 --rating 1600 --team D --db $DB
player 8: D2

$ shashki tournament add Teams D3 --rating 1500 --team D --db $DB
player 9: D3

# the home team White on board 1, Black on board 2; D3 is D's reserve
$ shashki tournament next Teams --db $DB
Round 1: matches
   1  A                            0 - 0     D                         *
   2  B                            0 - 0     C                         *
Round 1
  1  A1 (1)                             *         D1 (7)
  2  D2 (8)                             *         A2 (2)
  3  B1 (3)                             *         C1 (5)
  4  C2 (6)                             *         B2 (4)

$ shashki tournament result Teams 1 1 1-0 --db $DB
round 1, board 1: A1 (1) 1-0 D1 (7)
$ shashki tournament result Teams 1 2 1/2-1/2 --db $DB
round 1, board 2: D2 (8) 1/2-1/2 A2 (2)
$ shashki tournament result Teams 1 3 0-1 --db $DB
round 1, board 3: B1 (3) 0-1 C1 (5)
$ shashki tournament result Teams 1 4 0-1 --db $DB
round 1, board 4: C2 (6) 0-1 B2 (4)
round 1 is complete

$ shashki tournament next Teams --db $DB
Round 2: matches
   1  D                            0 - 0     C                         *
   2  A                            0 - 0     B                         *
Round 2
  1  D1 (7)                             *         C1 (5)
  2  C2 (6)                             *         D2 (8)
  3  A1 (1)                             *         B1 (3)
  4  B2 (4)                             *         A2 (2)

$ shashki tournament result Teams 2 1 1/2-1/2 --db $DB
round 2, board 1: D1 (7) 1/2-1/2 C1 (5)
$ shashki tournament result Teams 2 2 1/2-1/2 --db $DB
round 2, board 2: C2 (6) 1/2-1/2 D2 (8)
$ shashki tournament result Teams 2 3 1/2-1/2 --db $DB
round 2, board 3: A1 (1) 1/2-1/2 B1 (3)
$ shashki tournament result Teams 2 4 1/2-1/2 --db $DB
round 2, board 4: B2 (4) 1/2-1/2 A2 (2)
round 2 is complete

$ shashki tournament teams Teams --format csv --db $DB
Rank,Team,MP,Matches,+/=/-,gp,de,sb
1,A,3,2,1/1/0,2.50,0.00,3.50
2,B,2,2,0/2/0,2.00,1.00,5.00
3,C,2,2,0/2/0,2.00,1.00,3.00
4,D,1,2,0/1/1,1.50,0.00,3.50

$ shashki tournament next Teams --db $DB
Round 3: matches
   1  B                            0 - 0     D                         *
   2  C                            0 - 0     A                         *
Round 3
  1  B1 (3)                             *         D1 (7)
  2  D2 (8)                             *         B2 (4)
  3  C1 (5)                             *         A1 (1)
  4  A2 (2)                             *         C2 (6)

$ shashki tournament result Teams 3 1 1-0 --db $DB
round 3, board 1: B1 (3) 1-0 D1 (7)
$ shashki tournament result Teams 3 2 0-1 --db $DB
round 3, board 2: D2 (8) 0-1 B2 (4)
$ shashki tournament result Teams 3 3 0-1 --db $DB
round 3, board 3: C1 (5) 0-1 A1 (1)
$ shashki tournament result Teams 3 4 0-1 --db $DB
round 3, board 4: A2 (2) 0-1 C2 (6)
round 3 is complete

$ shashki tournament standings Teams --format csv --db $DB
Rank,Team,MP,Matches,+/=/-,gp,de,sb
1,B,4,3,1/2/0,4.00,0.00,9.00
2,A,4,3,1/2/0,3.50,0.00,8.50
3,C,3,3,0/3/0,3.00,0.00,9.00
4,D,1,3,0/1/2,1.50,0.00,5.00

# board prizes, worked by hand (FIDE's table of rating differences: 83% +273, 33% -125,
# 17% -273): board 1 A1 2.5/3 against 1700, 1950, 1800 (1817 + 273 = 2090); C1 1.5/3 against
# 1950, 1700, 2000 (1883) ahead of B1 1.5/3 against 1800, 2000, 1700 (1833) by performance;
# D1 0.5/3 against 2000, 1800, 1950 (1917 - 273 = 1644). Board 2: B2 2.5/3 against 1700,
# 1900, 1600 (1733 + 273 = 2006), C2 1.5 (1850, 1600, 1900: 1783), D2 1/3 against 1900, 1700,
# 1850 (1817 - 125 = 1692) ahead of A2 1/3 against 1600, 1850, 1700 (1717 - 125 = 1592)
$ shashki tournament boards Teams --format csv --db $DB
Rank,Name,Team,Points,Games,%,Perf
1,A1,A,2.5,3,83.3,2090
2,C1,C,1.5,3,50.0,1883
3,B1,B,1.5,3,50.0,1833
4,D1,D,0.5,3,16.7,1644
Rank,Name,Team,Points,Games,%,Perf
1,B2,B,2.5,3,83.3,2006
2,C2,C,1.5,3,50.0,1783
3,D2,D,1,3,33.3,1692
4,A2,A,1,3,33.3,1592

# a team event has no Scheveningen, and a new team cannot join once it has begun
$ shashki tournament add Teams E1 --team E --db $DB
! a player may join a team already playing
? 1

$ shashki tournament create Bad boards=2 system=scheveningen --db $DB
! Scheveningen
? 2
