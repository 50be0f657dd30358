# shashki pdn annotate: the engine reviews every game (engine/review.h) and writes it back with
# its score and line after each move and the marks as NAGs. One thread and a node count: the
# same review every run.

# a composed shot (tests/data/pdn/blunder.pdn: the Turkish strike of tests/data/solve/shot.pdn
# one move earlier): the king's step into it is a blunder (??, $4), the line after it begins
# with the winning reply c3-d4, which is the only move (!, $1)
$ shashki pdn annotate --nodes 20000 $DATA/pdn/blunder.pdn | grep -v '^$'
[Event "A king walks into the Turkish strike"]
[Site "composed from the seeds' example of tests/data/solve/shot.pdn, one move earlier"]
[White "White"]
[Black "Black"]
[Result "1-0"]
[GameType "25"]
[FEN "B:Wc3,d2,e3,f4,g3:Bc7,e7,f6,Kg5,g7"]
[SetUp "1"]
1... g5-h4 $4
{[%eval +1.03,10] Blunder (-55%): best g7-h6 -2.26 (g7-h6). Line: c3-d4 h4:e5 f4:b8 f6-g5 e3-d4 g5-h4 b8-h2 g7-h6 h2-c7 e7-f6}
2. c3-d4 $1
{[%eval #7,12] Only move: the next best, f4-g5, loses 53%. Line: h4:e5 f4:h6 c7-b6 e3-d4 b6-a5 h6-d2 a5-b4 d2:a5 f6-g5 a5-d8}
2... h4:e5
{[%eval #7,11] Line: f4:h6 c7-b6 e3-d4 b6-a5 h6-d2 a5-b4 d2:a5 f6-g5 a5-d8 g5-f4}
3. f4:h6 $1
{[%eval #6,12] Only move: the next best, f4:b8, loses 29%. Line: c7-b6 e3-d4 b6-a5 h6-d2 a5-b4 d2:a5 f6-g5 a5-d8 g5-f4 d8-c7}
1-0

# a real game with a known blunder (tests/data/games/lidraughts2025.pdn, its second game):
# 5. d2:b4 gives a man to the shot d6-c5, the reply the engine's line begins with
$ shashki pdn annotate --nodes 20000 $DATA/games/lidraughts2025.pdn | grep -A1 '^5\. d2:b4'
5. d2:b4 $4
{[%eval -2.29,7] Blunder (-30%): best b2:d4 -0.28 (b2:d4). Line: d6-c5 b4:d6 c7:g3 b2-c3 g3-h2 a3-b4 a7-b6 c1-d2 e7-d6}

# every game annotated reads back, its moves and result unchanged
$ shashki pdn annotate --nodes 5000 $DATA/games/test.pdn | shashki pdn check -
-:1 (line 1) Abaciev N. - Malamed V.: 45 plies, recorded 1-0, arbiter: the game goes on
-:2 (line 78) Kirillov - Smaidris: 58 plies, recorded 0-1, arbiter: the game goes on
-:3 (line 172) Abaciev N. - Shpicnadel' Z.: 107 plies, recorded 1/2-1/2, arbiter: draw: 15 moves with kings only
3 passed, 0 failed

# the same scores and marks every run
$ a=$( shashki pdn annotate --nodes 5000 $DATA/games/test.pdn); b=$( shashki pdn annotate --nodes 5000 $DATA/games/test.pdn); test "$a" = "$b" && echo the same
the same

# the marks of test.pdn at 5000 nodes
$ shashki pdn annotate --nodes 5000 $DATA/games/test.pdn | grep -o '[0-9]*\.* [a-h][1-8][-:][-:a-h1-8]* \$[0-9]'
9. c3-d4 $6
9... c7-d6 $2
14... d6-e5 $2
6. e3:g5 $1
6... h4:f6 $1
12... g5-f4 $2
13. c3-d4 $6
17. e1-d2 $6
25... c7-d6 $1
7. h2-g3 $6
7... c5-b4 $2
20... g7-f6 $6
26. f4-g5 $1
45. f4-g5 $6
45... f8-d6 $6
51. e3-h6 $6
52. c3-a1 $6
52... e7-d6 $6
53. h6-g5 $6
53... d6-f8 $6
54. g5-e3 $6

# Ctrl-C: the games done are written, the one being reviewed with what was reviewed of it
# (here the second of four, stopped as soon as the first is out), status 130
$ cat $DATA/pdn/blunder.pdn $DATA/games/test.pdn | shashki pdn annotate --nodes 400000 - > $DB & p=$!; until grep -q "Turkish strike" $DB; do sleep 0.05; done; kill -INT $p; wait $p; echo "status $?"; shashki pdn check $DB | tail -1
status 130
2 passed, 0 failed
! interrupted: 2 of 4 games written, the last up to where its review got

# SIGHUP (the terminal closed) and SIGTERM stop it as Ctrl-C does (issue 35), status 128 + the
# signal; with --output FILE the games go to FILE.part, and FILE appears only whole, at the end
$ cat $DATA/pdn/blunder.pdn $DATA/games/test.pdn | shashki pdn annotate --nodes 400000 --output $DB.pdn - & p=$!; until grep -q "Turkish strike" $DB.pdn.part 2>/dev/null; do sleep 0.05; done; test -e $DB.pdn || echo "no file yet"; kill -HUP $p; wait $p; echo "status $?"; test -e $DB.pdn.part || echo "no part left"; shashki pdn check $DB.pdn | tail -1; rm -f $DB.pdn
no file yet
status 129
no part left
2 passed, 0 failed
! hung up: 2 of 4 games written, the last up to where its review got

$ cat $DATA/pdn/blunder.pdn $DATA/games/test.pdn | shashki pdn annotate --nodes 400000 - > $DB.term & p=$!; until grep -q "Turkish strike" $DB.term 2>/dev/null; do sleep 0.05; done; kill -TERM $p; wait $p; echo "status $?"; shashki pdn check $DB.term | tail -1; rm -f $DB.term
status 143
2 passed, 0 failed
! terminated: 2 of 4 games written

$ shashki pdn annotate --nodes 1000 --output /nonexistent/dir/out.pdn $DATA/pdn/blunder.pdn
! cannot write /nonexistent/dir/out.pdn.part: No such file or directory
? 2

# on a terminal (script(1) gives it one) a progress bar on standard error: the game, the moves
# judged of its moves, the time left; cleared at the end. Not a terminal: nothing (the cases above)
$ script -qec "exec shashki pdn annotate --nodes 2000 $DATA/pdn/blunder.pdn > /dev/null" /dev/null < /dev/null | tr '\r' '\n' | grep -o '^.*left'
[------------------------] game 1/1, move 0/4, ? left
[####--------------------] game 1/1, move 0/4, * left
[#########---------------] game 1/1, move 1/4, * left
[##############----------] game 1/1, move 2/4, * left
[###################-----] game 1/1, move 3/4, * left
[########################] game 1/1, move 4/4, * left
$ shashki pdn annotate --nodes 2000 $DATA/pdn/blunder.pdn 2>&1 >/dev/null | wc -c
0

# the other games' records keep the review too (issue 35): each move's comment and marks in
# the record, which reads back as written (convert gives the same text) and replays
$ shashki other selfplay --variant corners --depth 1 --seed 3 | shashki pdn annotate --nodes 1000 - > $DB.other; grep -c GameType $DB.other; grep -o '1\. c1-e1 {\[%eval [-0-9.]*,[0-9]*\]' $DB.other; shashki pdn convert $DB.other | cmp - $DB.other && echo "reads back the same"; shashki pdn check $DB.other | tail -1; rm -f $DB.other
1
1. c1-e1 {[%eval *,*]
reads back the same
1 passed, 0 failed

# errors
$ shashki pdn annotate
! pdn annotate needs a file
? 2
$ shashki pdn annotate --time 0 $DATA/pdn/blunder.pdn
! --time must be a number of seconds above 0, not '0'
? 2
$ shashki pdn annotate --nodes many $DATA/pdn/blunder.pdn
! --nodes
? 2
$ shashki pdn annotate --frobnicate $DATA/pdn/blunder.pdn
! unknown option --frobnicate
? 2
$ shashki pdn annotate /nonexistent.pdn
! cannot open /nonexistent.pdn
? 2
