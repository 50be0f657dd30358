# shashki moves: each legal move in full notation and the FEN it leads to

$ shashki moves
a3-b4 B:Wa1,b2,b4,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
c3-b4 B:Wa1,a3,b2,b4,c1,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
c3-d4 B:Wa1,a3,b2,c1,d2,d4,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
e3-d4 B:Wa1,a3,b2,c1,c3,d2,d4,e1,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
e3-f4 B:Wa1,a3,b2,c1,c3,d2,e1,f2,f4,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
g3-f4 B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,f4,g1,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8
g3-h4 B:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,h2,h4:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8

$ shashki moves W:WKa1:Bc3,f6
a1:g7 B:WKg7:B
a1:h8 B:WKh8:B

$ shashki moves --numeric W:WKa1:Bc3,f6
29x8 B:WK8:B
29x4 B:WK4:B

# crowned mid-capture, then on as a king
$ shashki moves W:Wb6:Bc7,f6,e3
b6:d8:g5:c1 B:WKc1:B
b6:d8:g5:d2 B:WKd2:B

# the Turkish strike: the king must land on e1, g3 stays until the move ends
$ shashki moves B:W19,23,26,18,24:B6,7,8,11,K20
h4:e1:c3:e5 W:We3,f4:Bc7,Ke5,e7,f6,g7

$ shashki moves W:W:Bc7
no legal moves: Black wins: White has no pieces
? 1

# a man blocked: no move
$ shashki moves B:Wa3,c3,d2:Bb4
no legal moves: White wins: Black has no move
? 1

$ shashki moves W:WKa1:Bb2 extra
! unexpected argument 'extra'
? 2

$ shashki moves W:Wa2
! a2 is a light square
? 2

$ shashki moves --help
usage: shashki moves [--numeric|--algebraic] [--variant NAME] [--settings S] [POSITION]
...
