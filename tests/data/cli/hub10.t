# shashki hub on 10x10, as Scan's clients speak to Scan (Scan's protocol.txt, "Hub protocol
# for draughts, version 2"): set-param name=variant value=normal, pos= with the side to move
# and the 50 squares 1..50, moves from-to or from x to x each captured square (28x19x23: the
# man on 28 takes 23 and lands on 19). The moves were worked out by hand on the 10x10
# numbering (32 = d4, 28 = e5, 23 = f6, 19 = g7, 14 = h8, 13 = f8, 24 = h6).

# the GUI's start-up, a new game, and a search after 1.32-28 19-23 2.28x19: Black must take
# back, with 14 or 13 (Hub's form out: from x to x captured)
$ shashki hub | grep -v -e '^param ' -e '^info '
< hub
< set-param name=variant value=normal
< init
< new-game
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23 28x19x23"
< level depth=2
< go think
id name=Shashki version=* author="the Shashki team"
wait
ready
done move=1*x2*x19*

# Scan's own example: a position with kings, the reversible moves since it, and a clock of
# 9 moves in 2.5 s (the number of info lines depends on the time: they are left out here)
$ shashki hub | grep -v '^info '
< set-param name=variant value=normal
< init
< pos pos=BeeeWWeeeeeeeeeeeeeeeeeeeweeeeeeeeewweBeeeeeeeeeBee moves="38-15 5-41 48-26"
< level moves=9 time=2.5
< go think
ready
done move=* ponder=*

# the other names of the game, a capture given as just from x to, ping, and bad lines
$ shashki hub
< set-param name=variant value=killer
< set-param name=variant value=standard
< init
< pos pos=Wbbbb
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwwx
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="34-28"
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28 19-23 28x19x24"
< ping
< pos moves="32-28 19-23 28x19 14x23x19"
< level depth=1
< go think
error message="unknown variant 'killer' (the hub command lists the games played)"
ready
error message="pos= must be W or B and then 50 squares (w b W B e)"
error message="pos= squares must be w, b, W, B or e"
error message="move 1 '34-28': illegal move '34-28'; legal: 31-26, 31-27, 32-27, 32-28, 33-28, 33-29, 34-29, 34-30, 35-30"
error message="move 3 '28x19x24': illegal move '28x19x24'; legal: 28x19x23"
pong
info depth=1 score=* nodes=* time=* nps=* pv="*"
done move=*

# draughtsnet (lidraughts' Scan client) sends its limits on level lines of their own: they add
# up (a depth of 1 and a node limit: one iteration)
$ shashki hub
< set-param name=variant value=normal
< init
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
< level depth=1
< level nodes=1000000
< go think
ready
info depth=1 score=* nodes=* time=* nps=* pv="*"
done move=*

# ... and pos starts them afresh, as Scan does: the depth of 1 given before it is forgotten, and
# the search runs its default second, deeper than one ply
$ shashki hub | grep '^info depth=2 ' | head -1
< set-param name=variant value=normal
< init
< level depth=1
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
< go think
info depth=2 *

# a client that speaks only 10x10 (as Scan's Hub GUI) need not set the variant: a pos= of 50
# squares is international's
$ shashki hub | grep -v -e '^id ' -e '^param ' -e '^wait'
< hub
< init
< pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves="32-28"
< level depth=1
< go think
ready
info depth=1 score=* pv="1*-2*"
done move=1*-2**

# Frisian's king runs (our dialect: Scan's pos= has no room for them): pos= may end with the
# run fields of our FEN, ":RW46=3" (the white king on 46 has made White's last three moves, none
# a capture). With its run at three the king on a1 (46) may not move again while White has a
# man, so the man on j4 (35) must; without the field the king is free (docs/variants.md: which
# move the engine prefers then is its evaluation's choice; the moves allowed are listed below)
$ shashki hub | grep -v -e '^id ' -e '^param ' -e '^wait' -e '^info '
< hub
< set-param name=variant value=frisian
< init
< pos pos=WeeeebeeeeeeeeeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWeeee:RW46=3
< level depth=3
< go think
< pos pos=WeeeebeeeeeeeeeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWeeee
< level depth=3
< go think
< pos pos=WeeeebeeeeeeeeeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWeeee:RW45=3
< pos pos=WeeeebeeeeeeeeeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWeeee:RW46=4
< set-param name=variant value=international
< pos pos=WeeeebeeeeeeeeeeeeeeeeeeeeeeeeeeeeeweeeeeeeeeeWeeee:RW46=3
< quit
ready
done move=35-30 *
done move=*
error message="pos= run fields ':RW45=3': a run of king moves needs a white king on its square and white men on the board"
error message="pos= run fields ':RW46=4': expected the number of the king's moves in a row (1-3), found '4'"
error message="pos= has no fields after its squares in this game (runs, :RW46=3, are Frisian's)"

# the same position's moves: without a run the king's eight and the man's, with the king's run
# at three only the man's
$ shashki moves --variant frisian "W:WK46,35:B5" | grep -c "^46-"
8
$ shashki moves --variant frisian "W:WK46,35:B5:RW46=3"
35-30 B:W30,K46:B5
