/* repl.h - what the parts of `shashki play` share: the session (the game on the board, how it
 * is written, the engine and who it plays), the prompt's own commands (repl.c), the engine's
 * (repl_engine.c) and the record's (repl_record.c). */
#ifndef SHASHKI_REPL_H
#define SHASHKI_REPL_H

#include <stdbool.h>
#include <stdint.h>

#include "cli.h"
#include "play_engine.h"

typedef struct Session {
    ShPlay *play;          /* from the set-up position, read as a record is (any move goes) */
    CliNotation notation;  /* how moves and positions are written */
    PlayEngine *engine;    /* made on first use */
    bool seats[SH_MAX_PLAYERS]; /* the players the engine plays */
    int level;             /* 1-10 */
    double move_time;      /* seconds a move, 0: none */
    int depth;             /* a depth cap, 0: none */
    uint64_t nodes;        /* a node cap, 0: none */
    unsigned char *by_engine; /* per ply of this game: 1 the engine played it, 0 a person (or
                                 the record read back: its tags name the players) */
    int by_engine_size;
} Session;

/* ---- repl.c ---- */
/* Whether moves are written with numbers now. */
bool repl_numeric(const Session *s);
/* Play the legal move `text` names (any notation) and say so ("played 32-28", or with `who`
 * "the engine plays 19-23 (...)"); false with the error printed. */
bool repl_play(Session *s, const char *text, const char *said_after);
/* "White to move", or how the game ended. */
void repl_status(const Session *s);
/* The game on the board is replaced by `play` (set up, or read back): no ply is the engine's. */
void repl_replace_game(Session *s, ShPlay *play);
/* A new game of `kind` from a position's text (NULL: its start, drawn by `lot` where the game
 * draws it), under `settings` (NULL: the defaults); false with the error printed. */
bool repl_set_up(Session *s, const ShKind *kind, const char *position, const char *settings,
                 uint64_t lot);

/* ---- repl_engine.c ---- */
/* The engine's commands: level, depth, nodes, time, engine, go, hint, analyse. True when
 * `cmd` was one of them. */
bool repl_engine_command(Session *s, const char *cmd, const char *arg);
/* The engine plays while it has the player to move and the game goes on. */
void repl_engine_turns(Session *s);
/* Take back the last move, and while it is the engine's turn (and someone else plays) the
 * moves before it, so that a person is to move. */
void repl_take_back(Session *s);
void repl_engine_free(Session *s);

/* ---- repl_record.c ---- */
/* The record's commands: pdn, save FILE, load FILE [N]. True when `cmd` was one of them. */
bool repl_record_command(Session *s, const char *cmd, const char *arg);

#endif
