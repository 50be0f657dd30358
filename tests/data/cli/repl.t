# the interactive prompt, driven through standard input

$ shashki
< board
< moves
< play c3-d4
< fen
< f6:g5
< d4-e5
< e5:g7
< undo
< undo
< undo
< fen
< play c3-e5
< cd4
< foo
< undo
< undo
< quit
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
played c3-d4
Black to move
B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
played f6-g5
White to move
played d4-e5
Black to move (a capture is compulsory)
error: illegal move 'e5:g7'; legal: d6:f4
took back d4-e5
White to move
took back f6-g5
Black to move
took back c3-d4
White to move
W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
error: illegal move 'c3-e5'; legal: a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4, g3-h4
played c3-d4
Black to move
error: unknown command 'foo' (try help)
took back c3-d4
White to move
error: no move to take back

$ shashki
< fen W:WKa1:Bc3,f6
< moves
< notation numeric
< moves
< a1:h8
< board flip
< fen B:Wa2
< fen
White to move (a capture is compulsory)
a1:g7 a1:h8
29x8 29x4
played 29x4
no legal moves: White wins: Black has no pieces
   +-----------------+
 1 |   .   .   .   . |
 2 | .   .   .   .   |
 3 |   .   .   .   . |
 4 | .   .   .   .   |
 5 |   .   .   .   . |
 6 | .   .   .   .   |
 7 |   .   .   .   . |
 8 | W   .   .   .   |
   +-----------------+
     h g f e d c b a
no legal moves: White wins: Black has no pieces
error: FEN column 4: a2 is a light square; pieces stand on dark squares
B:WK4:B

# any game: an other game of a checkers set (corners: 14 x 14 first moves, as in other.t), then
# Neva's four players
$ shashki play --variant corners
< moves
< d1-e1
< fen
< undo
< perft 2
< variant neva
< 13-23
< fen
< quit
c1-e1 d1-e1 a2-a4 b2-b4 c2-e2 c2-c4 d2-e2 d2-d4 a3-a4 b3-b4 c3-c4 c3-e3 d3-e3 d3-d4
played d1-e1
Black to move
4bbbb/4bbbb/4bbbb/8/8/wwww4/wwww4/www1w3 b 1 0 house=4x3,diagonal=no,equal=on,home=40,limit=80
took back d1-e1
White to move
perft 2 196 time *
Neva draughts
White to move
played 13-23
Red to move
capture=free,promote=end,out=remove,quiet=30 R W:11,12,21,22,23,31 R:14,15,16,25,26,36 G:46,55,56,64,65,66 B:41,51,52,61,62,63 - 0

# a game's name mistyped: the names it could be (issue 27)
$ shashki play
< variant corner
error: unknown variant 'corner': russian, brazilian, pool, english, italian, spanish, czech, turkish, international, frisian, giveaway, flying, diagonal, northern, self-eaters, two-move, columns, lasca, canadian, spantsiretti, corners, goban, belarusian, wiegman, stavropol, pskov, novgorod, neva

$ shashki play --help
usage: shashki [play [--variant NAME] [--numeric|--algebraic]]
...
