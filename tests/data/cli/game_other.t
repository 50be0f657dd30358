# shashki game plays every game through the game interface: an other game of a checkers set
# (corners: its board drawn as a grid from its cells, each piece its player's letter), a column
# game, a game of four players (Neva, its board drawn as rows of named cells), a hex board
# (Pskov): moves in the game's notation, undo, draws where the game has them, resign, PDN.

# corners on the small house: the board, the moves, a refused move, undo asked of the other
# player, a draw offered with a move and accepted, the record
$ shashki game --variant corners --settings house=3x3 --white Ann --black Bob
< b1-d1
< moves
< g6-e6
< undo
< no
< undo
< yes
< f6-e6
< h8-h7
< c3-c4 draw
< accept
< save build/cli-game-corners.pdn
shashki game: Ann (White) against Bob (Black). Type help for the commands.
   +-----------------+
 8 | . . . . . b b b |
 7 | . . . . . b b b |
 6 | . . . . . b b b |
 5 | . . . . . . . . |
 4 | . . . . . . . . |
 3 | w w w . . . . . |
 2 | w w w . . . . . |
 1 | w w w . . . . . |
   +-----------------+
     a b c d e f g h
  w White, b Black
White to move
1. b1-d1
   +-----------------+
 8 | . . . . . b b b |
 7 | . . . . . b b b |
 6 | . . . . . b b b |
 5 | . . . . . . . . |
 4 | . . . . . . . . |
 3 | w w w . . . . . |
 2 | w w w . . . . . |
 1 | w . w w . . . . |
   +-----------------+
     a b c d e f g h
  w White, b Black
Black to move
f6-e6 f6-f5 g6-g5 g6-e6 h6-h5 f7-e7 f7-f5 g7-e7 g7-g5 h7-h5 f8-e8 g8-e8
1... g6-e6
   +-----------------+
 8 | . . . . . b b b |
 7 | . . . . . b b b |
 6 | . . . . b b . b |
 5 | . . . . . . . . |
 4 | . . . . . . . . |
 3 | w w w . . . . . |
 2 | w w w . . . . . |
 1 | w . w w . . . . |
   +-----------------+
     a b c d e f g h
  w White, b Black
White to move
Black asks to take back g6-e6: White, do you agree? (yes or no)
the move stands
Black asks to take back g6-e6: White, do you agree? (yes or no)
the move is taken back
...

$ grep -v -e Date -e '^$' build/cli-game-corners.pdn
[Event "Shashki game"]
[White "Ann"]
[Black "Bob"]
[Termination "agreement"]
[GameType "corners"]
[Variant "corners"]
[Settings "house=3x3"]
[Result "1/2-1/2"]

1. b1-d1 f6-e6 2. c3-c4 1/2-1/2

# the same without the board: what is said between the moves
$ shashki game --variant corners --settings house=3x3 --no-board
< b1-d1
< f6-e6
< h8-h7
< c3-c4 draw
< draw
< decline
< resign
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. b1-d1
Black to move
1... f6-e6
White to move
error: "h8-h7" is not a legal move here (18 moves)
2. c3-c4
White offers a draw
Black to move
White offers a draw: Black may accept, decline, or move
error: White's offer is waiting for an answer
Black declines the draw
game over: White wins: Black resigned (1-0)

# go-ban has no 1.9.3: a draw may be offered before any move
$ shashki game --variant goban --no-board
< draw
< accept
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
White offers a draw: Black may accept, decline, or move
game over: draw agreed (1/2-1/2)

# a column game: the columns under the board, a capture taken back, a resignation, the record
$ shashki game --variant columns --no-board
< g3-h4
< b6-a5
< h4-g5
< h6:f4
< e3:g5
< undo
< yes
< board
< resign black
< save build/cli-game-columns.pdn
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. g3-h4
Black to move
1... b6-a5
White to move
2. h4-g5
Black to move (a capture is compulsory)
2... h6:f4
White to move (a capture is compulsory)
3. e3:g5
Black to move (a capture is compulsory)
White asks to take back e3:g5: Black, do you agree? (yes or no)
the move is taken back
White to move (a capture is compulsory)
   +-----------------+
 8 |   b   b   b   b |
 7 | b   b   b   b   |
 6 |   .   b   b   . |
 5 | b   .   .   .   |
 4 |   .   .   b   . |
 3 | w   w   w   .   |
 2 |   w   w   w   w |
 1 | w   w   w   w   |
   +-----------------+
     a b c d e f g h
  columns, top first: f4 bw
White to move (a capture is compulsory)
game over: White wins: Black resigned (1-0)
saved build/cli-game-columns.pdn

$ grep -v -e Date -e '^$' build/cli-game-columns.pdn
[Event "Shashki game"]
[White "?"]
[Black "?"]
[Result "1-0"]
[GameType "25"]
[Variant "columns"]
[Termination "White wins: Black resigned"]

1. g3-h4 b6-a5 2. h4-g5 h6:f4 1-0

# four players (Neva) with their clocks: no draws by agreement; undo asks the others; a
# resignation gives the others a third of the point each
$ shashki game --variant neva --players Nord,Est,Sud,Ouest --time 1m --fake-clock --no-board | grep -v '^$'
< 13-23
< 14-24
< 46-45
< 41-42
< board
< draw
< undo
< yes
< wait 10s
< resign
< pdn
shashki game: Nord (White), Est (Red), Sud (Green) and Ouest (Black), time control 1m. Type help for the commands.
White to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
1. 13-23
Red to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
1... 14-24
Green to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
1... 46-45
Black to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
1... 41-42
White to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
                      66:g
                  56:g    65:g
              46:.    55:g    64:g
          36:r    45:g    54:.    63:b
      26:r    35:.    44:.    53:.    62:b
  16:r    25:r    34:.    43:.    52:b    61:b
      15:r    24:r    33:.    42:b    51:b
          14:.    23:w    32:.    41:.
              13:.    22:w    31:w
                  12:w    21:w
                      11:w
  w White, r Red, g Green, b Black
White to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
error: neva has no draws by agreement
Black asks to take back 41-42: the others, do you agree? (yes or no)
the move is taken back
Black to move
clocks: White 1:00, Red 1:00, Green 1:00, Black 1:00
clocks: White 1:00, Red 1:00, Green 1:00, Black 0:50
game over: Black resigned (1/3-1/3-1/3-0)
[Event "Shashki game"]
[Date "*"]
[White "Nord"]
[Black "Est"]
[Red "Sud"]
[Blue "Ouest"]
[TimeControl "60"]
[Termination "resignation"]
[GameType "neva"]
[Variant "neva"]
[Result "1/3-1/3-1/3-0"]
1. 13-23 14-24 46-45 1/3-1/3-1/3-0

# a hex board (Pskov), its rows of cells with their names
$ shashki game --variant pskov
< quit
shashki game: ? (White) against ? (Black). Type help for the commands.
           d7:b
        c6:b  e6:b
     b5:b  d6:b  f5:b
  a4:b  c5:b  e5:b  g4:b
     b4:b  d5:b  f4:b
  a3:.  c4:.  e4:.  g3:.
     b3:.  d4:.  f3:.
  a2:.  c3:.  e3:.  g2:.
     b2:w  d3:w  f2:w
  a1:w  c2:w  e2:w  g1:w
     b1:w  d2:w  f1:w
        c1:w  e1:w
           d1:w
  w White, b Black
White to move

# Novgorod has three players; a bad setting, a bad position
$ shashki game --variant novgorod --no-board --players A,B,C
< quit
shashki game: A (White), B (Black) and C (Red). Type help for the commands.
White to move

$ shashki game --variant corners --settings house=5x5
! bad --settings: setting house is one of 4x3|3x3|4x4, not "5x5" (column 7)
? 2

$ shashki game --variant corners --fen zz
! position 'zz': a corners position is
? 2

$ shashki game --variant corners --opening 1-III
! opening '1-III': the ballots open games of Russian checkers
? 2
