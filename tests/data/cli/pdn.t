# shashki pdn: checking and converting game collections (the files of tests/data/games and
# tests/data/pdn; see their READMEs)

# every game replayed, a line each: players, plies, the recorded result, the arbiter's verdict
$ shashki pdn check $DATA/games/test.pdn
test.pdn:1 (line 1) Abaciev N. - Malamed V.: 45 plies, recorded 1-0, arbiter: the game goes on
test.pdn:2 (line 20) Kirillov - Smaidris: 58 plies, recorded 0-1, arbiter: the game goes on
test.pdn:3 (line 37) Abaciev N. - Shpicnadel' Z.: 107 plies, recorded 1/2-1/2, arbiter: draw: 15 moves with kings only
3 passed, 0 failed

# the two known-bad games of abatsiev.pdn (only '- -' placeholders) are reported, the rest pass
$ shashki pdn check --quiet $DATA/games/abatsiev.pdn
abatsiev.pdn:36 (line 591) Abaciev N. - Lebedev Ju.: FAILED at line 599, column 4: move 1.: '-' holds the place of a move that was not recorded
abatsiev.pdn:142 (line 2343) Lebedev Ju. - Abaciev N.: FAILED at line 2351, column 4: move 1.: '-' holds the place of a move that was not recorded
196 passed, 2 failed
? 1

# the three semi-short moves that only the continuation settles say so
$ shashki pdn check $DATA/games/World_Championship_1998.pdn | grep -e settled -e passed
World_Championship_1998.pdn:2 (line 15) Guba - Yumshanov: 68 plies, recorded 0-1, arbiter: the game goes on; move 30. settled by the moves after it as h8-g7
World_Championship_1998.pdn:47 (line 648) Cipes - Goryunov: 64 plies, recorded 0-1, arbiter: the game goes on; move 29... settled by the moves after it as a3-b2
World_Championship_1998.pdn:242 (line 3305) Maksimchuck - Langin: 66 plies, recorded 0-1, arbiter: the game goes on; move 31... settled by the moves after it as c3-b2
460 passed, 0 failed

$ shashki pdn check --quiet $DATA/games/World_Championship_1998.pdn $DATA/games/First_Computers_Match_Moscow_1998.pdn $DATA/games/ussr1947.pdn $DATA/games/ussr1924.pdn $DATA/games/lidraughts2025.pdn
657 passed, 0 failed

# the edge cases: errors with line and column, and the reader goes on
$ shashki pdn check $DATA/pdn/variations.pdn $DATA/pdn/truncated_comment.pdn
variations.pdn:1 (line 1) ? - ?: 5 plies, recorded 1-0, arbiter: the game goes on
variations.pdn:2 (line 7) ? - ?: FAILED at line 10, column 14: move 1.: illegal move 'c3-e5'; legal: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4
variations.pdn:3 (line 12) ? - ?: FAILED at line 15, column 10: a variation opened here is not closed before the next game starts at line 17
variations.pdn:4 (line 17) ? - ?: FAILED at line 20, column 10: ')' closes no variation
variations.pdn:5 (line 22) ? - ?: 1 plies, recorded *, arbiter: the game goes on
truncated_comment.pdn:1 (line 1) ? - ?: FAILED at line 4, column 10: unexpected character '@'
truncated_comment.pdn:2 (line 6) ? - ?: 1 plies, recorded *, arbiter: the game goes on
truncated_comment.pdn:3 (line 11) ? - ?: FAILED at line 14, column 10: a comment opened with '{' is never closed
3 passed, 5 failed
? 1

# converting: GameType 25, FEN only for another start, captures in full only where needed
$ shashki pdn convert $DATA/pdn/positions.pdn | grep -v '^$'
[Event "Black begins; the short form of the capture is ambiguous"]
[Result "*"]
[GameType "25"]
[FEN "B:Wc3,c7,e3,e5,e7:Ba7,Kg1,g3,h6,h8"]
1... g1:d4:a1 *
[Event "Numeric, with the initial position as FEN"]
[Result "*"]
[GameType "25"]
1. c3-d4 f6-e5 2. d4:f6 g7:e5 *
[Event "Marks and a Russian result"]
[Result "1-0"]
[GameType "25"]
1. c3-d4 $1 f6-g5 $4 2. g3-h4 $3 g5-f4 $6 3. e3:g5 h6:f4 $14 1-0
[Event "Results"]
[Result "0-1"]
[GameType "25"]
0-1
[Event "Results"]
[Result "1/2-1/2"]
[GameType "25"]
1/2-1/2
[Event "Results"]
[Result "1-1"]
[GameType "25"]
1-1
[Event "Results"]
[Result "0-2"]
[GameType "25"]
0-2
[Event "A draw the rules decide: kings only"]
[Result "1/2-1/2"]
[GameType "25"]
[FEN "W:WKa1,a3,a5,e1:Bb8,d8,f8,Kh6"]
[Termination "draw: 15 moves with kings only"]
1. a1-b2 h6-g5 2. b2-a1 g5-e3 3. a1-b2 e3-h6 4. b2-a1 h6-g5 5. a1-b2 g5-e3
6. b2-a1 e3-g5 7. a1-b2 g5-h6 8. b2-a1 h6-g5 9. a1-b2 g5-e3 10. b2-a1 e3-g5
11. a1-b2 g5-h6 12. b2-a1 h6-g5 13. a1-b2 g5-e3 14. b2-a1 e3-g5 15. a1-b2 g5-h6
1/2-1/2

$ shashki pdn convert --numeric --full $DATA/pdn/positions.pdn | head -n 12 | grep -v '^$'
[Event "Black begins; the short form of the capture is ambiguous"]
[Result "*"]
[GameType "25"]
[FEN "B:W6,7,15,22,23:B4,5,12,24,K32"]
1... 32x18x29 *
[Event "Numeric, with the initial position as FEN"]
[Result "*"]
[GameType "25"]
1. 22-18 11-15 2. 18x11 8x15 *

$ shashki pdn convert --algebraic $DATA/pdn/comments.pdn | grep -v '^$'
{a comment before the tags and a line comment}
[Event "Comments everywhere"]
[White "Иванов И."]
[Black "Петров П."]
[Result "0-1"]
[GameType "25"]
{between tags before the first move between number and move} 1. e3-d4 d6-c5
{to the end of the line} 2. f2-e3 {after a move, { with a brace inside}
2... f6-g5 3. c3-b4 g5-h4 4. b4:d6 h4:f2 5. e1:g3 c7:h4 {the seed's game} 0-1
[Event "Trailing"]
[Result "*"]
[GameType "25"]
1. c3-d4 {after the result, at the end of the file} *

# a game that cannot be read is copied as it is, and reported
$ shashki pdn convert $DATA/pdn/truncated_comment.pdn > /dev/null
! truncated_comment.pdn: game 1 (line 1) copied unchanged: line 4, column 10: unexpected character '@'
! truncated_comment.pdn: game 3 (line 11) copied unchanged: line 14, column 10: a comment opened with '{' is never closed
? 1

$ shashki pdn convert $DATA/pdn/truncated_comment.pdn 2>/dev/null | grep -v '^$'
[Event "Before"]
[Result "*"]
1. c3-d4 @ f6-g5 *
[Event "Still read"]
[Result "*"]
[GameType "25"]
1. c3-d4 *
[Event "Cut in a comment"]
[Result "*"]
1. c3-d4 {the file ends here

# what convert writes replays
$ shashki pdn convert --numeric $DATA/games/ussr1924.pdn | shashki pdn check --quiet -
29 passed, 0 failed

$ shashki pdn convert $DATA/games/lidraughts2025.pdn | shashki pdn convert --numeric --full - | shashki pdn check -
-:1 (line 1) ? - ?: 65 plies, recorded 1-0, arbiter: White wins: Black has no pieces
-:2 (line 15) ? - ?: 18 plies, recorded 0-1, arbiter: the game goes on
-:3 (line 23) ? - ?: 90 plies, recorded 1/2-1/2, arbiter: the game goes on
-:4 (line 39) ? - ?: 66 plies, recorded 0-1, arbiter: the game goes on
-:5 (line 52) ? - ?: 108 plies, recorded 0-1, arbiter: Black wins: White has no pieces
-:6 (line 70) ? - ?: 85 plies, recorded 1/2-1/2, arbiter: the game goes on
-:7 (line 85) ? - ?: 66 plies, recorded 0-1, arbiter: Black wins: White has no pieces
-:8 (line 99) ? - ?: 26 plies, recorded 0-1, arbiter: the game goes on
-:9 (line 108) ? - ?: 61 plies, recorded 1-0, arbiter: White wins: Black has no pieces
9 passed, 0 failed

# a record's TimeControl is read in either form and written in PDN's (seconds: 5m+3s is 300+3,
# the ballots' 1h10m/35+15m is 35/4200:900; issue 27)
$ printf '[TimeControl "5m+3s"]\n\n1. c3-d4 *\n\n[TimeControl "1h10m/35+15m"]\n\n1. c3-d4 *\n\n[TimeControl "300+3"]\n\n*\n' | shashki pdn convert - | grep TimeControl
[TimeControl "300+3"]
[TimeControl "35/4200:900"]
[TimeControl "300+3"]

$ shashki pdn check
! pdn check needs a file (see shashki pdn --help)
? 2

$ shashki pdn check /nonexistent.pdn
0 passed, 0 failed
! cannot open /nonexistent.pdn
? 2

$ shashki pdn frobnicate
! unknown pdn command 'frobnicate': check, convert or annotate (see shashki pdn --help)
? 2

$ shashki pdn convert --colour $DATA/pdn/positions.pdn
! unknown option --colour (see shashki pdn --help)
? 2

$ shashki pdn
! usage: shashki pdn check [--quiet] [--variant NAME] [--numeric|--algebraic] FILE...
!        shashki pdn convert [--numeric|--algebraic] [--full] [--variant NAME] FILE
! check    replay every game of the PDN files and print a line for each: its number and
!          line, the players, the moves replayed, the recorded result and the arbiter's
!          verdict on the final position; then 'N passed, M failed'. A game fails when a
!          move cannot be replayed (the line and column are given), when the rules decide
!          the final position otherwise than the record, or when the record goes on after
!          the rules ended the game (a count reached, no move, a flag shown down by a
!          [%clk] or [%clock] comment): the line names the ply, the move and the rule, and
!          where the moves that do not count begin. A game that goes on where the side to
!          move may claim a draw says so ('a draw may be claimed (threefold repetition)').
!          A move that fits several legal moves and is settled by the moves after it is
!          named in the game's line (in its usual notation, or as --numeric or
!          --algebraic says).
!          --quiet prints only the failed games and the totals. Exit status 1 if any failed
!          or a file holds no game, 2 if a file cannot be read.
! convert  read a collection and write it to standard output: tags (GameType, FEN when
!          the game does not start from the initial position), moves in one notation,
!          comments, NAGs and variations. A game that cannot be read is copied as it is and
!          reported on standard error (exit status 1). By default each game is written in
!          its usual notation (numbers in international, frisian, canadian, english and
!          pool; letters in the others):
!          --algebraic  squares a1..h8, captures with ':'
!          --numeric    squares 1..32 (1..50 ...), captures with 'x'
!          --full       every capture with its whole path (by default only where start and
!                       end are ambiguous)
! Each game's rules come from its GameType tag (20 international, 21 English, 22 Italian,
! 23 pool, 24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 29 Czech, 30 Turkish, 40
! Frisian, 41 80-square; 25 with a Variant tag for giveaway, flying, diagonal, northern,
! self-eaters, two-move, columns; 21 with Variant lasca) or, for the other games of a
! checkers set, its GameType or Variant tag naming the game (corners, goban, belarusian,
! wiegman, stavropol, pskov, novgorod, neva: their records as shashki game and match
! write them, a Settings tag, a FEN tag in the game's position text): a file may mix
! games. An other game's line names every player (White - Black - Red ...), the recorded
! result and the verdict of its rules; convert writes it in its own notation.
! --variant NAME is the game of the records that have no GameType (default russian).
! FILE '-' reads standard input.
? 2

# a record that goes on after the rules ended the game fails, naming the ply, the move, the
# rule and where the moves that do not count begin; a flag shown down by a clock comment
# ([%clk] or lidraughts' [%clock]) ends the game too; a position that may be claimed as a
# draw says so
$ shashki pdn check $DATA/pdn/ended.pdn
ended.pdn:1 (line 1) ? - ?: 13 plies, recorded 0-1, arbiter: draw: 5 moves without a change of balance (2 or 3 pieces, kings on both sides) at ply 10 (after 5... e7-h4); the 3 plies after it (from line 5, column 4) do not count; the recorded result does not stand - PLAYED ON PAST THE END
ended.pdn:2 (line 7) ? - ?: 33 plies, recorded 1/2-1/2, arbiter: draw: 15 moves with kings only at ply 30 (after 15... e3-c5); the 3 plies after it (from line 13, column 5) do not count - PLAYED ON PAST THE END
ended.pdn:3 (line 15) ? - ?: 6 plies, recorded 1-0, arbiter: Black wins: White lost on time at ply 3 (after 2. g3-h4); the 3 plies after it (from line 18, column 76) do not count; the recorded result does not stand - PLAYED ON PAST THE END
ended.pdn:4 (line 21) ? - ?: 2 plies, recorded 1-0, arbiter: White wins: Black lost on time
ended.pdn:5 (line 26) ? - ?: 8 plies, recorded *, arbiter: the game goes on; a draw may be claimed (threefold repetition)
2 passed, 3 failed
? 1

# a file with no game in it is not a pass
$ shashki pdn check /dev/null
0 passed, 0 failed
! /dev/null holds no game
? 1

$ shashki pdn convert /dev/null
! /dev/null holds no game
? 1
