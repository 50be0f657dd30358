# shashki pdn reads and writes the records of every game through the game interface's reader:
# tests/data/pdn/mixed.pdn mixes a Russian game, corners games as shashki game writes them, a
# game of four players (Neva), a column game, a Belarusian game from a set-up position whose
# recorded result its rules do not give, and a corners record with a move from the wrong house
# (h8 is Black's; White is to move: its line and column in the file).

$ shashki pdn check $DATA/pdn/mixed.pdn
mixed.pdn:1 (line 1) Ivanov - Petrov: 3 plies, recorded *, arbiter: the game goes on
mixed.pdn:2 (line 9) Ann - Bob: 3 plies, recorded 1-0, arbiter: the game goes on
mixed.pdn:3 (line 19) N - E - S - W: 6 plies, recorded *, arbiter: the game goes on
mixed.pdn:4 (line 30) ? - ?: 3 plies, recorded *, arbiter: the game goes on
mixed.pdn:5 (line 37) Carl - Dora: FAILED at line 44, column 19: move 3 "h8-h7": "h8-h7" is not a legal move here (21 moves)
mixed.pdn:6 (line 46) ? - ?: 1 plies, recorded 0-1, arbiter: White wins: Black has no men left - DIFFERS FROM THE RECORD
mixed.pdn:7 (line 55) ? - ?: 1 plies, recorded 1-0, arbiter: the game goes on
5 passed, 2 failed
? 1

$ shashki pdn check --quiet $DATA/pdn/mixed.pdn
mixed.pdn:5 (line 37) Carl - Dora: FAILED at line 44, column 19: move 3 "h8-h7": "h8-h7" is not a legal move here (21 moves)
mixed.pdn:6 (line 46) ? - ?: 1 plies, recorded 0-1, arbiter: White wins: Black has no men left - DIFFERS FROM THE RECORD
5 passed, 2 failed
? 1

# converting: the draughts games in the notation asked, the other games in their own; the bad
# record copied as it came, and reported
$ shashki pdn convert --numeric $DATA/pdn/mixed.pdn | grep -v -e '^$' -e Date
[Event "Russian"]
[White "Ivanov"]
[Black "Petrov"]
[Result "*"]
[GameType "25"]
1. 22-18 11-16 2. 24-20 *
[Event "Corners at the terminal"]
[White "Ann"]
[Black "Bob"]
[Termination "resignation"]
[GameType "corners"]
[Variant "corners"]
[Result "1-0"]
1. d1-e1 e8-d8 2. d2-d4 1-0
[Event "Neva, four players"]
[White "N"]
[Black "E"]
[Red "S"]
[Blue "W"]
[GameType "neva"]
[Variant "neva"]
[Result "*"]
1. 13-23 14-24 46-45 41-42 2. 12-13 15-14 *
[Event "Column checkers"]
[Result "*"]
[GameType "25"]
[Variant "columns"]
1. 22-18 11-15 2. 18x11 *
[Event "Corners, a move from the wrong house"]
[White "Carl"]
[Black "Dora"]
[GameType "corners"]
[Variant "corners"]
[Result "*"]
1. d1-e1 e8-d8 2. h8-h7 *
[Event "Belarusian, a result its rules do not give"]
[White "?"]
[Black "?"]
[GameType "belarusian"]
[Variant "belarusian"]
[SetUp "1"]
[FEN "8/8/8/8/5b2/2b5/8/W7 w 0 pawns=light,double=no,pawntake=no,quiet=30"]
[Result "1-0"]
1. a1:e5:g3 1-0
[Event "Russian again"]
[Result "1-0"]
[GameType "25"]
1. 22-18 1-0
! mixed.pdn: game 5 (line 37) copied unchanged: line 44, column 19: move 3 "h8-h7": "h8-h7" is not a legal move here (21 moves)

# a record that names no game is of --variant's, any game
$ printf '1. d1-e1 e8-d8 *\n' | shashki pdn check --variant corners -
-:1 (line 1) ? - ?: 2 plies, recorded *, arbiter: the game goes on
1 passed, 0 failed

$ printf '1. d1-e1 e8-d8 *\n' | shashki pdn check -
-:1 (line 1) ? - ?: FAILED at line 1, column 4: move 1.: 'd1' at column 1 is not a square of the board
0 passed, 1 failed
? 1

# shashki other check: the first record that does not read, at its line and column
$ shashki other check $DATA/pdn/mixed.pdn
! mixed.pdn:44:19: move 3 "h8-h7"
? 1
