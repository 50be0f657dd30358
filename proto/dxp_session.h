/*
 * dxp_session.h - playing DXP games with the engine, as the initiator or the follower, under
 * the arbiter's rules of the library's game (ShGame).
 *
 * The initiator asks for each game with GAMEREQ (its colour alternating, White first; each
 * start position twice, once with each colour), the follower answers GAMEACC and the moves
 * follow. Each side keeps the game in a ShGame with repetition automatic, as between programs,
 * and ends it on its own turn, as the specification allows, when:
 *   - the rules have ended it (no move, no pieces, the third repetition, FMJD's counts): the
 *     GAMEEND says 1 (I give up) or 2 (draw) or 3 (I win) from the sender's side;
 *   - the other side has used more than the game's thinking time (measured here, from the
 *     moment our move was sent to the moment its move arrived, with 1 s for the network):
 *     3, a win on time;
 *   - the number of moves of GAMEREQ is reached: 0 (no reason the rules give), a draw by
 *     the limit;
 *   - the other side sent an illegal move: 3, the game lost by the other side.
 * When the other side ends the game, the rules' result stands if they have one; otherwise its
 * reason 1 is its resignation, the move limit reached a draw, its reason 2 a draw agreed; else
 * our own clock run out is a loss on time; else its reason 0 (no reason given) is a draw and 3
 * leaves the game without a result (PDN "*"). The specification gives the reason "for
 * information only" and does not say how a game ended with 0 counts; Scan's DXP code counts it
 * a draw ("assume unknown is a draw"), and so does this program, both ways: the 0 it sends at
 * the move limit is a draw for it too (docs/dxp.md). A message that cannot be read is answered
 * with a CHAT saying why and otherwise ignored; a MOVE after the rules ended the game is
 * ignored and answered with GAMEEND. BACKREQ is granted when the move it names is in the game
 * (BACKACC 0), refused (2) otherwise.
 */
#ifndef SHASHKI_DXP_SESSION_H
#define SHASHKI_DXP_SESSION_H

#include <stdbool.h>
#include <stdio.h>

#include "dxp_link.h"
#include "engine.h"

typedef struct DxpSettings {
    ShVariant variant;          /* a 50-square game: international */
    EngineOptions engine;       /* threads, hash, level */
    EngineLimits limits;        /* depth, nodes or move_time per move: used when one is set;
                                   otherwise the engine plays on the game's clock */
    char name[64];              /* our name in GAMEREQ / GAMEACC */
    /* the initiator's */
    int games;                  /* games to ask for */
    int minutes;                /* GAMEREQ thinking time per player (0: no clock) */
    int moves;                  /* GAMEREQ number of moves (0: no limit) */
    const ShPosition *starts;   /* start positions, each for two games; NULL: the usual one */
    int start_count;
    /* both */
    double timeout;             /* seconds to wait for the other side (negative: for ever) */
    FILE *log;                  /* a line per game, chats, the score (NULL: nothing) */
    FILE *pdn;                  /* every game as PDN (NULL: none) */
    bool trace;                 /* every message sent and received on log ("> M...", "< M...") */
} DxpSettings;

/* The score from our side. */
typedef struct DxpScore {
    int games, wins, draws, losses, unfinished;
    int plies;                  /* moves played in all games */
    char peer[33];              /* the other program's name, as it gave it */
} DxpScore;

void dxp_settings_default(DxpSettings *settings);

/* Play as the initiator on a connected link until settings->games are played, the follower
 * refuses to play on or the connection ends. Returns SH_OK, or an error (err) when the
 * engine cannot be made or the follower does not speak DXP. */
ShStatus dxp_session_initiate(DxpLink *link, const DxpSettings *settings, DxpScore *score,
                              ShError *err);
/* Play as the follower on an accepted link until the initiator stops (stop code 1) or closes
 * the connection. */
ShStatus dxp_session_follow(DxpLink *link, const DxpSettings *settings, DxpScore *score,
                            ShError *err);

#endif
