/*
 * player.h - a player in a match: this program's engine with its own settings, or any
 * engine that speaks the Hub protocol, run as a separate program. The built-in engine plays
 * every game of two players (the draughts engine the draughts and column games, with its
 * settings; the other games' engine, engine/play_engine.h, the other games, with a level and a
 * seed); a Hub engine plays the draughts games only, the protocol's positions and moves being
 * draughts squares.
 *
 * A player is described by a text:
 *
 *   self                          the built-in engine with its defaults
 *   self:lmr=0,hash=32,level=5    ... with settings: threads, hash, level, seed and any
 *                                 engine setting (engine_set_param: lmr, probcut, eval-file...)
 *   hub:COMMAND                   an external Hub engine, started with /bin/sh -c COMMAND;
 *                                 e.g. "hub:./build/shashki hub" or "hub:scan hub"
 *
 * An optional name for the tables comes first, before '=': "base=self", "new=self:lmr=0".
 *
 * A Hub engine is told the game with set-param name=variant, by its own name for it: the one
 * its variant parameter lists (in its answer to `hub`) that is the game's name here, or else
 * one that means the game in the Hub's world (Scan's "normal" for international draughts; its
 * "losing" is not our giveaway) or to the library (sh_rules_find). An engine whose list has no
 * name for the game, or that lists no variant parameter when the game is not Russian (what
 * such an engine is taken to play), is refused by player_open with the reason.
 */
#ifndef SHASHKI_PLAYER_H
#define SHASHKI_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine.h"
#include "shashki_play.h"

#define PLAYER_MAX_SETTINGS 16

typedef struct PlayerSpec {
    char name[64];
    char command[1024]; /* not empty: an external Hub engine */
    EngineOptions options;
    int settings;
    char setting_name[PLAYER_MAX_SETTINGS][64];
    char setting_value[PLAYER_MAX_SETTINGS][256];
    const ShKind *kind; /* the game (a Hub engine is told with set-param name=variant);
                           NULL: Russian */
} PlayerSpec;

bool player_spec_parse(const char *text, PlayerSpec *spec, char *error, size_t size);
/* Whether the player can play `kind`: a Hub engine the draughts and column games only, the
 * built-in engine any game of two players it plays (the other games without the draughts
 * engine's settings). False with the reason. */
bool player_spec_check(const PlayerSpec *spec, const ShKind *kind, char *error, size_t size);

typedef enum PlayerStatus {
    PLAYER_OK = 0,
    PLAYER_NO_MOVE,   /* the engine says it has no move (only right if it has none) */
    PLAYER_ILLEGAL,   /* it answered a move that is not legal */
    PLAYER_TIMEOUT,   /* it did not answer in time */
    PLAYER_FAILED     /* it crashed or said something that is not the protocol */
} PlayerStatus;

typedef struct PlayerMove {
    PlayerStatus status;
    char move[SH_PLAY_MOVE_TEXT_SIZE]; /* its full text (sh_play_move reads it) */
    bool has_score;
    int score;       /* the engine's own score for the side to move, centi-men (the other
                        games: hundredths of a piece) */
    int depth;
    double seconds;  /* wall time from the question to the answer */
    char error[256];
} PlayerMove;

typedef struct Player Player;

Player *player_open(const PlayerSpec *spec, char *error, size_t size);
void player_close(Player *player);
/* The name for tables: the spec's, or the engine's own (Hub id name=), or "shashki". */
const char *player_name(const Player *player);
void player_new_game(Player *player);

/* Ask for a move in the game's current position (the player sees the whole game: its start and
 * moves). `deadline` is the wall time in seconds the answer may take before the player
 * forfeits (negative: no deadline). */
void player_move(Player *player, const ShPlay *play, const EngineLimits *limits,
                 double deadline, PlayerMove *out);

#endif
