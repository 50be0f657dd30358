# shashki tournament as an arbiter meets it (issue 27): a match's results from the first-named
# player's side, a round robin's free round in TRF16, a look that makes no file. Events are
# kept in $DB, a database of this file's own.

# a knockout of eight, matches of two games: 1 against 8, 4 against 5, 2 against 7, 3 against 6
# (the bracket); the first-named player has White in games 1 and 3, the other in 2 and 4
$ shashki tournament create KO system=knockout games=2 --db $DB
event 1: KO (knockout)

$ for i in 1 2 3 4 5 6 7 8; do shashki tournament add KO "Player $i" --rating $((2000 - 10 * i)) --db $DB; done
player 1: Player 1
...
player 8: Player 8

$ shashki tournament next KO --db $DB
Round 1
     (each game's result from the first-named player's side: White in games 1, 3 ...)
  1  Player 8 (8) * Player 1 (1)
  2  Player 5 (5) * Player 4 (4)
  3  Player 2 (2) * Player 7 (7)
  4  Player 6 (6) * Player 3 (3)

# each game from the first-named player's side: Player 5 won the first game and lost the
# second, so the match is 1-1, tied, and goes on to its tie-break games
$ shashki tournament result KO 1 2 1-0 0-1 --db $DB
round 1, board 2: Player 5 (5) 1-0 0-1 * Player 4 (4), match 1-1
board 2 is tied: 2 tie-break games added (games 3-4, 20m+10s)

# two games won by Player 6 (with White, then with Black) win the match 2-0: no tie-break
$ shashki tournament result KO 1 4 1-0 1-0 --db $DB
round 1, board 4: Player 6 (6) 1-0 1-0 Player 3 (3), match 2-0, won by Player 6

# the standings agree: 1 point each for 4 and 5, 2 for 6, none for 3
$ shashki tournament standings KO --db $DB | grep -e "Player [3456]"
*   6  Player 6    1940       2      2  2/0/0 *
*   4  Player 4    1960       1      2  1/0/1 *
*   5  Player 5    1950       1      2  1/0/1 *
*   3  Player 3    1970       0      2  0/0/2 *

# the columns stay aligned with the tie-break games ('*' shown as 'p' here)
$ shashki tournament pairings KO --db $DB | tr '*' p
Round 1
     (each game's result from the first-named player's side: White in games 1, 3 ...)
  1  Player 8 (8)                       p p         Player 1 (1)
  2  Player 5 (5)                       1-0 0-1 p p Player 4 (4)
  3  Player 2 (2)                       p p         Player 7 (7)
  4  Player 6 (6)                       1-0 1-0     Player 3 (3)

# the tie-break games too: Player 5 wins the third and draws the fourth
$ shashki tournament result KO 1 2 1-0 1/2-1/2 --game 3 --db $DB
round 1, board 2: Player 5 (5) 1-0 0-1 1-0 1/2-1/2 Player 4 (4), match 1-1, won by Player 5

$ shashki tournament pairings KO --db $DB | tr '*' p
Round 1
     (each game's result from the first-named player's side: White in games 1, 3 ...)
  1  Player 8 (8)                       p p                 Player 1 (1)
  2  Player 5 (5)                       1-0 0-1 1-0 1/2-1/2 Player 4 (4)
  3  Player 2 (2)                       p p                 Player 7 (7)
  4  Player 6 (6)                       1-0 1-0             Player 3 (3)

# a result corrected so that a tied match is decided takes away its tie-break games not begun,
# and the next round can be paired (they held it back as games without a result)
$ shashki tournament result KO 1 1 1-0 0-1 --db $DB
round 1, board 1: Player 8 (8) 1-0 0-1 * * Player 1 (1), match 1-1
board 1 is tied: 2 tie-break games added (games 3-4, 20m+10s)

$ shashki tournament result KO 1 1 0-1 0-1 --db $DB
round 1, board 1: Player 8 (8) 0-1 0-1 Player 1 (1), match 0-2, won by Player 1
board 1 is decided: its tie-break games 3-4 are taken away

$ shashki tournament result KO 1 3 0-1 0-1 --db $DB
round 1, board 3: Player 2 (2) 0-1 0-1 Player 7 (7), match 0-2, won by Player 7
round 1 is complete

# the winners of boards 1 and 2 meet, and those of boards 3 and 4
$ shashki tournament next KO --db $DB
Round 2
     (each game's result from the first-named player's side: White in games 1, 3 ...)
  1  Player 1 (1) * Player 5 (5)
  2  Player 6 (6) * Player 7 (7)

# a round robin's free round is no game and no points: TRF16's zero-point bye, not '-' (a
# forfeit loss)
$ shashki tournament create RR system=round-robin --db $DB
event 2: RR (round-robin)

$ for p in A B C; do shashki tournament add RR $p --db $DB; done
player 1: A
player 2: B
player 3: C

# a birth year not given is left blank, as the other columns, not shown as 0; so is the
# rating of an unrated player (issue 35: kept as 0 inside, as TRF16 does, shown as nothing, as
# the standings and the page show it); spaces squeezed here
$ shashki tournament players RR --db $DB | tr -s ' ' | sed 's/ *$//'
 No Name Rating Title Club/team Fed Born Category State
 1 A
 2 B
 3 C

# a result before any round is paired is a change refused: exit 1, nothing was changed
$ shashki tournament result RR 1 1 1-0 --db $DB
! no round has been paired yet: there is no result to enter (nothing was changed)
? 1

$ shashki tournament next RR --db $DB
Round 1
  1  B (2) * C (3)
  2  A (1) * free round

$ shashki tournament result RR 1 1 1-0 --db $DB
round 1, board 1: B (2) 1-0 C (3)
round 1 is complete

$ shashki tournament export RR trf --db $DB
012 RR
001    1      A * 0.0    2  0000 - Z
001    2      B * 1.0    1     3 w 1
001    3      C * 0.0    2     2 b 0
XXR 3
XXC white1

# a look at a file that does not exist does not make it
$ shashki tournament list --db $DB-none; test -e $DB-none || echo "no file was made"
no events in * (there is no such file)
no file was made

$ shashki tournament standings KO --db $DB-none; test -e $DB-none || echo "no file was made"
! no event 'KO': there is no file
no file was made
