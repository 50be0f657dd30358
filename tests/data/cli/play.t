# shashki play against the engine (issue 27): a level and a limit, a side given to the engine
# that answers by itself, a hint, the engine's line, taking back, the game saved and read back
# as PDN. Every game; moves in each game's usual notation.

# A whole game from a set-up position, every answer of the engine forced by the rules (its only
# legal move), so the game is the same whatever it searches: White's kings f2 and e3 against
# Black's man g7. e3-h6 leaves g7 only f6 (h6 is taken); h6-g5 must be taken (f6:h4); the
# move is taken back and played again; the game is saved; f2-e1 leaves h4 only g3, and e1:h4
# is then White's only move (the hint) and takes the last black piece. The saved game read
# back is the position before f2-e1.
$ sed "s#SAVED#$DB.pdn#" | shashki play | grep -v '^$'; rm -f $DB.pdn
< fen W:WKf2,Ke3:Bg7
< level 3
< depth 4
< engine black
< e3-h6
< h6-g5
< undo
< h6-g5
< save SAVED
< f2-e1
< hint
< analyse
< load SAVED
< f2-e1
< e1:h4
< hint
< pdn
< quit
White to move
the engine: level 3; it plays nobody (engine SIDE, or go)
the engine: level 3, depth 4; it plays nobody (engine SIDE, or go)
the engine: level 3, depth 4; it plays Black
White to move
played e3-h6
the engine plays g7-f6 (depth *, score *)
White to move
played h6-g5
the engine plays f6:h4 (depth *, score *)
White to move
took back f6:h4
took back h6-g5
White to move
played h6-g5
the engine plays f6:h4 (depth *, score *)
White to move
saved *.pdn
played f2-e1
the engine plays h4-g3 (depth *, score *)
White to move (a capture is compulsory)
hint: e1:h4 (depth *, score *)
depth * score * nodes * pv e1:h4
loaded *.pdn game 1: Russian checkers, 4 moves
White to move
played f2-e1
the engine plays h4-g3 (depth *, score *)
White to move (a capture is compulsory)
played e1:h4
no legal moves: White wins: Black has no pieces
error: no legal moves: White wins: Black has no pieces
[Event "Shashki play"]
[Date "*"]
[White "?"]
[Black "Shashki (level 3)"]
[Result "1-0"]
[GameType "25"]
[FEN "W:WKe3,Kf2:Bg7"]
[Termination "White wins: Black has no pieces"]
1. e3-h6 g7-f6 2. h6-g5 f6:h4 3. f2-e1 h4-g3 4. e1:h4 1-0

# go: the engine plays the side to move now (Black's man h4 has only g3) and that side from
# then on; White's king takes it (f2:h4, the only move)
$ shashki play
< fen B:WKf2:Bh4
< depth 2
< go
< engine
< f2:h4
Black to move
the engine: level 10, depth 2; it plays nobody (engine SIDE, or go)
the engine plays h4-g3 (depth *, score *)
White to move (a capture is compulsory)
the engine: level 10, depth 2; it plays Black
played f2:h4
no legal moves: White wins: Black has no pieces

# the record's player tags say who played each side (issue 35): the engine played Black's g7-f6,
# then "go" gave it White, whose first move a person had played; the moves are forced
# (g7 has only f6 after e3-h6) or any, the tags are what is checked
$ shashki play | grep '^\[White\|^\[Black'
< fen W:WKf2,Ke3:Bg7
< level 3
< depth 2
< engine black
< e3-h6
< go
< pdn
< quit
[White "? and Shashki (level 3)"]
[Black "Shashki (level 3)"]

# international draughts is written in numbers: 32-28 is d4-e5 (32 = d4, 28 = e5), echoed in
# the game's usual notation, or in letters with --algebraic; the engine's answer too (Black's
# first moves leave 16-20 for 21-25); taken back, both moves go, to White's move
$ shashki play --variant international
< 32-28
< notation algebraic
< moves
< notation usual
< depth 1
< engine black
< undo
< undo
< 33-28
played 32-28
Black to move
a7-b6 c7-b6 c7-d6 e7-d6 e7-f6 g7-f6 g7-h6 i7-h6 i7-j6
the engine: level 10, depth 1; it plays nobody (engine SIDE, or go)
the engine: level 10, depth 1; it plays Black
the engine plays 1*-2* (depth 1, score *)
White to move*
took back 1*-2*
took back 32-28
White to move
error: no move to take back
played 33-28
the engine plays 1*-2* (depth 1, score *)
White to move*

$ shashki play --variant international --algebraic
< 32-28
played d4-e5
Black to move

# English checkers in its numbers too: Black moves first, 11-15 is f6-e5
$ shashki play --variant english
< 11-15
< notation algebraic
< fen
played 11-15
White to move
W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e5,e7,f8,g7,h6,h8

# an other game: the engine plays corners' Black
$ shashki play --variant corners
< depth 1
< engine black
< c1-e1
the engine: level 10, depth 1; it plays nobody (engine SIDE, or go)
the engine: level 10, depth 1; it plays Black
White to move
played c1-e1
the engine plays * (depth 1, score *)
White to move

# what the engine and the record refuse
$ shashki play --variant neva
< engine purple
< level 11
< depth x
< save
< load /nonexistent.pdn
error: engine plays a player of neva (White, Red, Green, Black), all or none; not 'purple'
error: level takes a whole number from 1 to 10
error: depth takes a whole number from 0 to 127
error: save needs a file name
error: cannot read /nonexistent.pdn
