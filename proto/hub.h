/*
 * hub.h - the Hub protocol, engine side: Scan's text protocol (version 2) in the Russian
 * dialect of hub-russian.md section 5, so that pydraughts, lidraughts bots and match runners
 * can drive the engine.
 *
 * One command a line, words and name=value pairs (values with spaces in double quotes):
 *
 *   hub                      -> id ..., param ... lines, wait
 *   set-param name=N value=V    variant (russian), move-numbering (b8 | a1), threads, hash,
 *                               level, ponder, egdb-path (a folder of endgame databases, or
 *                               none), and the engine's developer settings
 *   init                     -> ready
 *   new-game                    forget the last game
 *   pos [start] [pos=P] [moves="M ..."]   P: W|B then 32 of w b W B e, square 1 (b8) first
 *                               (50 on 10x10; a pos= of 50 squares while the game is one of
 *                               another board switches to international, as Scan's clients,
 *                               which speak only 10x10, need not send set-param variant;
 *                               72 on 12x12, 25 on Lasca's board, 40 on the 10x8 board
 *                               of 80-square draughts, 1 = b8). Frisian: P may end with
 *                               the king runs of our FEN, ":RW46=3" (White's king on 46 has
 *                               made White's last 3 non-capturing moves; ":RB5=1" Black's),
 *                               which Scan's pos= has no room for; moves= builds them too.
 *                               The Hub writes no positions, only moves, so nothing else
 *                               carries them
 *   level move-time=S | time=T inc=I [moves=M] | depth=D | nodes=N | infinite
 *                               (T is the clock without the coming increment, as pydraughts
 *                               sends it: the engine may spend up to T + I). As in Scan,
 *                               level lines add up, and pos and every go start them afresh
 *   go think | go ponder | go analyze
 *                            -> info depth= mean-depth= score= nodes= time= nps= pv="..." ...
 *                               with databases also egdb-hits= (positions they scored) and,
 *                               when they know the position, egdb=win|draw|loss [egdb-dtc=N]
 *                               (plies to the next capture or crowning)
 *                            -> done [move=M [ponder=M]]   (no move: the side has lost)
 *   ponder-hit, stop, ping (-> pong), quit
 *
 * Moves: from-to, or fromxto followed by x and every captured square (ascending on output,
 * any order on input); the numbering is 1 = b8 ... 32 = g1 unless move-numbering=a1 (then
 * 1 = a1 ... 32 = h8, pydraughts 0.6.x), which applies to moves only, never to pos=.
 * Algebraic moves (c3-d4, e3:g5) and a capture given as just fromxto are accepted on input
 * when they are unambiguous.
 *
 * An unknown command or set-param name, and a known command with bad arguments, are answered
 * `error message="..."` (as Scan answers them) and otherwise ignored. A move of moves= that is
 * refused is quoted as it was sent, with the legal moves in the client's numbering and the
 * Hub's form. After a pos that is refused, go is refused too until a pos reads in full: the
 * engine never answers for a position the client did not give.
 *
 * While a search runs, ping, stop, ponder-hit and quit act at once; any other command waits
 * until the search has ended and its `done` line is out, so a script of commands always
 * gives the same conversation. At the end of the input a running search is finished (not
 * stopped) before the program exits.
 */
#ifndef SHASHKI_HUB_H
#define SHASHKI_HUB_H

#include <stdbool.h>
#include <stdio.h>

/* Run the protocol on `in` and `out` until quit or the end of `in`. Returns 0, or 1 if the
 * engine could not be created. */
int hub_run(FILE *in, FILE *out);

/* The same with the endgame databases of the folder `egdb` (NULL: none); when `named` (the user
 * gave it) a folder that cannot be opened is reported as an error, else quietly left out.
 * `time_log` (NULL: none) gets a line a timed search: the clock it was told, the time plan,
 * the search's time and the time from go to done (shashki hub --time-log). */
int hub_run_egdb(FILE *in, FILE *out, const char *egdb, bool named, FILE *time_log);

#endif
