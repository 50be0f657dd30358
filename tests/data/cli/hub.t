# shashki hub: Hub conversations in the Russian dialect (hub-russian.md section 5), with bad
# lines. Commands sent during a search wait for its 'done', so each script's output is fixed;
# at the end of the input a running search is finished, not stopped.

# the start-up pydraughts and match runners use, then a search after 1.c3-d4 f6-g5 (the
# numbering of pos= and moves= is 1 = b8 ... 32 = g1); the capture is forced
$ shashki hub
< hub
< set-param name=variant value=russian
< init
< pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-18 11-15"
< level depth=3
< go think
id name=Shashki version=* author="the Shashki team"
param name=variant value=russian type=enum values="russian brazilian pool english italian spanish czech turkish international frisian giveaway flying diagonal northern self-eaters two-move columns lasca canadian spantsiretti"
param name=move-numbering value=b8 type=enum values="b8 a1"
param name=threads value=1 type=int min=1 max=64
param name=hash value=64 type=int min=1 max=65536
param name=level value=10 type=int min=1 max=10
param name=ponder value=false type=bool
param name=egdb-path value=* type=string
param name=book value=false type=bool
wait
ready
info depth=1 score=* nodes=* time=* nps=* pv="18x11x15 *"
info depth=2 score=* pv="18x11x15 *"
info depth=3 score=* pv="18x11x15 *"
done move=18x11x15 ponder=*

# pydraughts 0.6.x: moves in the 1 = a1 numbering (c3-d4 is 10-14), pos= unchanged
$ shashki hub
< hub
< set-param name=move-numbering value=a1
< init
< pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="10-14 21-18"
< level depth=2
< go think
...
ready
info depth=1 * pv="14x21x18 *"
info depth=2 * pv="14x21x18 *"
done move=14x21x18 ponder=*

# algebraic moves, and a capture given as just fromxto when that is unambiguous
$ shashki hub
< init
< pos moves="c3-d4 f6-g5 g3-h4 g5-f4 23x16"
< level depth=1
< go think
ready
info depth=1 *
done move=*

# ping is answered at once; new-game clears; pos starts the level afresh (Scan's rule), so
# this search has the default second
$ shashki hub
< ping
< init
< new-game
< level move-time=5
< level nodes=500
< pos
< go think
pong
ready
info depth=1 *
...
done move=*

# a position from pos= alone; a side with no move answers done with no move
$ shashki hub
< init
< pos pos=Beeeeeeeeeeeeeeeebeeewweeeweeeeee
< go think
ready
done

# bad lines: error message="..." and the line is otherwise ignored; an unknown command or
# parameter is answered error too, as Scan answers them (issue 27)
$ shashki hub
< init
< frobnicate now
< set-param name=no-such-thing value=1
< pos pos=Wxyz
< pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwz
< pos moves="22-19"
< pos moves="22-18 11-15 24-20"
< pos moves="22-18
< level depth=abc
< level move-time=-1
< level time=10 inc=x
< level depth
< go fly
< set-param name=threads value=0
< set-param name=hash
< set-param name=move-numbering value=z9
< set-param name=lmr value=maybe
< name=value
< ping
ready
error message="unknown command 'frobnicate'"
error message="unknown parameter 'no-such-thing' (the hub command lists the parameters; docs/engine.md the engine's settings)"
error message="pos= must be W or B and then 32 squares (w b W B e)"
error message="pos= squares must be w, b, W, B or e"
error message="move 1 '22-19': *"
error message="move 3 '24-20': *"
error message="a quoted value has no closing quote"
error message="level: depth must be 1 to 127, not 'abc'"
error message="level: move-time must be seconds above 0, not '-1'"
error message="level: inc must be seconds, not 'x'"
error message="level: 'depth' needs a value"
error message="go: expected think, ponder or analyze"
error message="threads must be a whole number from 1 to 64, not '0'"
error message="set-param needs name=... and value=..."
error message="move-numbering is b8 or a1, not 'z9'"
error message="lmr must be 0 to 2, not 'maybe'"
error message="a line must start with a command"
pong

# pydraughts 0.6's numbering (issue 27): a move refused is quoted as it was sent, and the legal
# moves are in the same 1 = a1 numbering (9 = a3, 13 = b4, 14 = d4 ...); in the b8 numbering the
# list is the b8 one. After a pos that is refused, go is refused until a pos reads (the engine
# does not answer for the position before); a parameter of the engine's own is taken before
# init as after it
$ shashki hub
< set-param name=move-numbering value=a1
< set-param name=lmr value=1
< init
< pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-18"
< go think
< pos moves="10-14 23-18"
< set-param name=move-numbering value=b8
< pos moves="22-18 11-14"
< go think
< pos moves="22-18"
< level depth=1
< go think
ready
error message="move 1 '22-18': illegal move '22-18'; legal: 9-13, 10-13, 10-14, 11-14, 11-15, 12-15, 12-16"
error message="go: no position to search: the last pos was refused (send a pos that reads)"
error message="move 2 '23-18': illegal move '23-18'; legal: 21-17, 21-18, 22-18, 22-19, 23-19, 23-20, 24-20"
error message="move 2 '11-14': illegal move '11-14'; legal: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16"
error message="go: no position to search: the last pos was refused (send a pos that reads)"
info depth=1 *
done move=*

# stop ends an analysis (go analyze searches until told); quit leaves at once
$ shashki hub
< init
< go analyze
< stop
< quit
ready
...
done move=*

# pondering: the search runs on the opponent's time until ponder-hit, then keeps the clock
$ shashki hub
< init
< pos moves="22-18"
< level time=0.5 inc=0
< go ponder
< ponder-hit
< ping
ready
...

$ shashki hub --help
usage: shashki hub [--egdb DIR] [--time-log FILE]
...

$ shashki hub extra
! unexpected argument 'extra'
? 2

# a folder named with --egdb must hold databases
$ shashki hub --egdb /nonexistent-folder
! --egdb /nonexistent-folder: cannot read the endgame database folder /nonexistent-folder
? 2

# the opening book (set-param name=book value=true): at level 10 a position it holds is answered
# at once with its move (one info line with 0 nodes); level 9 searches
$ shashki hub
< set-param name=book value=true
< init
< pos
< level move-time=5
< go think
< set-param name=book value=maybe
< ping
ready
info depth=* score=* nodes=0 time=0.000 nps=0.0 pv="*"
done move=*
error message="book is true or false, not 'maybe'"
pong

# --time-log: a line for each timed search (none for a depth search): the clock told (left
# includes the increment of this move), the plan within it, the search inside the go-to-done
# time, and over = that time less the hard limit
$ printf 'init\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\nlevel depth=2\ngo think\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="22-18 11-15"\nlevel time=5 inc=0.5\ngo think\n' | shashki hub --time-log $DB.tl | grep -c done; wc -l < $DB.tl; awk '{for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] } print "ply", v["ply"], "left", v["left"], "inc", v["inc"]; if (v["soft"] > 0 && v["soft"] <= v["hard"] && v["hard"] < v["left"]) print "plan within the clock"; if (v["search"] <= v["wall"] && v["over"] - (v["wall"] - v["hard"]) < 0.0002 && v["nodes"] > 0) print "search within go-to-done"}' $DB.tl; rm -f $DB.tl
2
1
ply 2 left 5.5000 inc 0.5000
plan within the clock
search within go-to-done

# a time log that cannot be opened
$ shashki hub --time-log /nonexistent/dir/log
! cannot open the time log '/nonexistent/dir/log': No such file or directory
? 2
