# shashki game: two people at one terminal, driven here through standard input. --fake-clock
# makes the clocks move only with 'wait', so that the transcript does not depend on speed.

# the board after each move; moves in any notation; an illegal move is refused with the list
$ shashki game
< moves
< c3-e5
< 22-18
< fg5
< quit
shashki game: ? (White) against ? (Black). Type help for the commands.
   +-----------------+
 8 |   b   b   b   b |
 7 | b   b   b   b   |
 6 |   b   b   b   b |
 5 | .   .   .   .   |
 4 |   .   .   .   . |
 3 | w   w   w   w   |
 2 |   w   w   w   w |
 1 | w   w   w   w   |
   +-----------------+
     a b c d e f g h
White to move
a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4
error: illegal move 'c3-e5'; legal: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4
1. c3-d4
   +-----------------+
 8 |   b   b   b   b |
 7 | b   b   b   b   |
 6 |   b   b   b   b |
 5 | .   .   .   .   |
 4 |   .   w   .   . |
 3 | w   .   w   w   |
 2 |   w   w   w   w |
 1 | w   w   w   w   |
   +-----------------+
     a b c d e f g h
Black to move
1... f6-g5
   +-----------------+
 8 |   b   b   b   b |
 7 | b   b   b   b   |
 6 |   b   b   .   b |
 5 | .   .   .   b   |
 4 |   .   w   .   . |
 3 | w   .   w   w   |
 2 |   w   w   w   w |
 1 | w   w   w   w   |
   +-----------------+
     a b c d e f g h
White to move

# draw offers (1.9.3-1.9.6): with a move, after a move, declined, declined by moving, accepted;
# at the start the side named is the one to move (issue 27, item 3)
$ shashki game --no-board | grep -v '^$'
< draw
< c3-d4 draw
< draw
< decline
< f6-g5
< draw
< d4-e5
< draw
< accept
< g3-h4
< pdn
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
error: no move has been made yet: White may offer a draw with a move (MOVE draw), Black right after making one (1.9.3)
1. c3-d4
White offers a draw
Black to move
White offers a draw: Black may accept, decline, or move
error: White's draw offer is waiting for an answer
Black declines the draw
1... f6-g5
White to move
Black offers a draw: White may accept, decline, or move
2. d4-e5
the draw offer is declined by the move
Black to move (a capture is compulsory)
White offers a draw: Black may accept, decline, or move
game over: draw: agreed (1/2-1/2)
error: the game is over (draw: agreed)
[Event "Shashki game"]
[Date "*"]
[White "?"]
[Black "?"]
[Result "1/2-1/2"]
[GameType "25"]
[Termination "draw: agreed"]
1. c3-d4 f6-g5 2. d4-e5 1/2-1/2

# undo needs the other player's yes; resign
$ shashki game --no-board
< undo
< c3-d4
< undo
< maybe
< no
< undo
< yes
< e3-d4
< resign
< undo
< yes
< resign white
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
error: no move to take back
1. c3-d4
Black to move
White asks to take back c3-d4: Black, do you agree? (yes or no)
answer yes or no: may the move be taken back?
the move stands
White asks to take back c3-d4: Black, do you agree? (yes or no)
the move is taken back
White to move
1. e3-d4
Black to move
game over: White wins: Black resigned (1-0)
White asks to take back e3-d4: Black, do you agree? (yes or no)
the move is taken back
White to move
game over: Black wins: White resigned (0-1)

# English, where Black moves first: Black may offer with its first move
$ shashki game --variant english --no-board
< draw
shashki game: ? (White) against ? (Black). Type help for the commands.
Black to move
error: no move has been made yet: Black may offer a draw with a move (MOVE draw), White right after making one (1.9.3)

# clocks: the increment after each move, pause and resume, the flag; the record's TimeControl in
# PDN's form, seconds (PGN's 300+3 for 5m+3s; issue 27)
$ shashki game --no-board --time 5m+3s --fake-clock | grep -v '^$'
< time
< c3-d4
< wait 10s
< f6-g5
< pause
< wait 1h
< resume
< wait 4m59.9s
< g3-h4
< wait 1m
< wait 10s
< g5-f4
< pdn
shashki game: ? (White) against ? (Black), time control 5m+3s. Type help for the commands.
White to move
clocks: White 5:00, Black 5:00
clocks: White 5:00, Black 5:00
1. c3-d4
Black to move
clocks: White 5:03, Black 5:00
clocks: White 5:03, Black 4:50
1... f6-g5
White to move
clocks: White 5:03, Black 4:53
clocks: White 5:03, Black 4:53 (paused)
clocks: White 5:03, Black 4:53 (paused)
clocks: White 5:03, Black 4:53
clocks: White 0:03.1, Black 4:53
2. g3-h4
Black to move
clocks: White 0:06.1, Black 4:53
clocks: White 0:06.1, Black 3:53
clocks: White 0:06.1, Black 3:43
2... g5-f4
White to move (a capture is compulsory)
clocks: White 0:06.1, Black 3:46
[Event "Shashki game"]
[Date "*"]
[White "?"]
[Black "?"]
[Result "*"]
[GameType "25"]
[TimeControl "300+3"]
1. c3-d4 f6-g5 2. g3-h4 g5-f4 *

# an opening ballot with the ballot games' control (1h10m/35+15m); a flag falls
$ shashki game --no-board --opening 1-III --time ballot --fake-clock --white Иванов --black Петров | grep -v '^$'
< undo
< wait 1h10m
< c3-d4
< wait 1m
< pdn
shashki game: Иванов (White) against Петров (Black), time control 1h10m/35+15m, ballot IDF-64 1-III. Type help for the commands.
ballot moves: g3-h4 h6-g5
White to move
clocks: White 1:10:00, Black 1:10:00
error: the opening ballot's moves cannot be taken back
game over: Black wins: White lost on time (0-1)
error: the game is over (Black wins: White lost on time)
[Event "Shashki game"]
[Date "*"]
[White "Иванов"]
[Black "Петров"]
[Result "0-1"]
[GameType "25"]
[Termination "Black wins: White lost on time"]
[Opening "IDF-64 1-III"]
[TimeControl "35/4200:900"]
1. g3-h4 h6-g5 0-1

# the arbiter: 5 moves with two kings against one
$ shashki game --no-board --fen W:WKc1,Ke1:BKh8
< c1-d2
< h8-g7
< d2-c1
< g7-h8
< c1-d2
< h8-g7
< d2-c1
< g7-h8
< c1-d2
< h8-g7
< d2-c1
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. c1-d2
Black to move
count: 1 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 1 of 30 plies towards '15 moves with kings only'
1... h8-g7
White to move
count: 2 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 2 of 30 plies towards '15 moves with kings only'
2. d2-c1
Black to move
count: 3 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 3 of 30 plies towards '15 moves with kings only'
2... g7-h8
White to move
count: 4 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 4 of 30 plies towards '15 moves with kings only'
3. c1-d2
Black to move
count: 5 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 5 of 30 plies towards '15 moves with kings only'
3... h8-g7
White to move
count: 6 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 6 of 30 plies towards '15 moves with kings only'
4. d2-c1
Black to move
count: 7 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 7 of 30 plies towards '15 moves with kings only'
4... g7-h8
White to move
this position has occurred 3 times: White may claim a draw
count: 8 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 8 of 30 plies towards '15 moves with kings only'
5. c1-d2
Black to move
this position has occurred 3 times: Black may claim a draw
count: 9 of 10 plies towards '5 moves without a change of balance (2 or 3 pieces, kings on both sides)'
count: 9 of 30 plies towards '15 moves with kings only'
5... h8-g7
game over: draw: 5 moves without a change of balance (2 or 3 pieces, kings on both sides) (1/2-1/2)
error: the game is over (draw: 5 moves without a change of balance (2 or 3 pieces, kings on both sides))

# repetition: claimed by the side to move with the move that repeats it a third time; a
# claim with a move that does not repeat leaves the move on the board (1.9.2)
$ shashki game --no-board --fen W:WKa1,a3,a5,e1:BKh6,b8,d8,f8
< a1-b2
< claim h6-g5
< b2-a1
< g5-h6
< claim
< a1-b2
< h6-g5
< b2-a1
< claim g5-h6
< g5-h6
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. a1-b2
Black to move
count: 1 of 30 plies towards '15 moves with kings only'
1... h6-g5
no threefold repetition: the move stands and the game goes on
White to move
count: 2 of 30 plies towards '15 moves with kings only'
2. b2-a1
Black to move
count: 3 of 30 plies towards '15 moves with kings only'
2... g5-h6
White to move
count: 4 of 30 plies towards '15 moves with kings only'
error: no draw to claim: this position has occurred 2 times, not three
3. a1-b2
Black to move
count: 5 of 30 plies towards '15 moves with kings only'
3... h6-g5
White to move
count: 6 of 30 plies towards '15 moves with kings only'
4. b2-a1
Black to move
count: 7 of 30 plies towards '15 moves with kings only'
4... g5-h6
game over: draw: the same position three times (1/2-1/2)
error: the game is over (draw: the same position three times)

$ shashki game --no-board --repetition automatic --fen W:WKa1,a3,a5,e1:BKh6,b8,d8,f8
< a1-b2
< h6-g5
< b2-a1
< g5-h6
< a1-b2
< h6-g5
< b2-a1
< g5-h6
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. a1-b2
Black to move
count: 1 of 30 plies towards '15 moves with kings only'
1... h6-g5
White to move
count: 2 of 30 plies towards '15 moves with kings only'
2. b2-a1
Black to move
count: 3 of 30 plies towards '15 moves with kings only'
2... g5-h6
White to move
count: 4 of 30 plies towards '15 moves with kings only'
3. a1-b2
Black to move
count: 5 of 30 plies towards '15 moves with kings only'
3... h6-g5
White to move
count: 6 of 30 plies towards '15 moves with kings only'
4. b2-a1
Black to move
count: 7 of 30 plies towards '15 moves with kings only'
4... g5-h6
game over: draw: the same position three times (1/2-1/2)

# no move left: the side to move loses
$ shashki game --no-board --fen W:Wb4,c3,h2:Ba5
< h2-g3
< save build/cli-game-save.pdn
< quit
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
1. h2-g3
game over: White wins: Black has no move (1-0)
saved build/cli-game-save.pdn

$ cat build/cli-game-save.pdn | grep -v '^$' | grep -v Date
[Event "Shashki game"]
[White "?"]
[Black "?"]
[Result "1-0"]
[GameType "25"]
[FEN "W:Wb4,c3,h2:Ba5"]
[Termination "White wins: Black has no move"]
1. h2-g3 1-0

# a file that cannot be written says why (issue 35)
$ shashki game --no-board --fen W:Wb4,c3,h2:Ba5
< save /nonexistent/dir/game.pdn
< quit
shashki game: ? (White) against ? (Black). Type help for the commands.
White to move
error: cannot write /nonexistent/dir/game.pdn: No such file or directory

$ shashki game --time 5x
! --time '5x': time control '5x': expected '+', '/' or the end at column 2, found 'x'
? 2

$ shashki game --fen W:Wz9
! FEN 'W:Wz9': FEN column 4: expected a square (a1..h8 or 1..32), found 'z'
? 2

$ shashki game --opening 99-X
! opening '99-X': no ballot 99-X
? 2

$ shashki game --opening 1-III --fen start
! --fen and --opening both give the start: choose one
? 2

$ shashki game --repetition sometimes
! --repetition takes claimed or automatic, not 'sometimes'
? 2

$ shashki game --frobnicate
! unknown or incomplete option '--frobnicate' (see shashki game --help)
? 2
