/*
 * play_engine.h - the engine of every game, through the game interface (shashki_play.h): one
 * search entry for a game of any kind, for what plays the engine without caring which game it
 * is (the web server's engine seats, events of engine players, the command line).
 *
 * The draughts and column games are searched by the engine of engine.h (with the game's
 * earlier positions, so that it knows what repeats and how far the draw counts have run; the
 * opening book and the endgame databases where they apply), the other games by the generic
 * search of other_search.h. A PlayEngine keeps the draughts engine's table between searches
 * (play_engine_clear forgets it) and serves one search at a time; play_engine_stop, from
 * another thread, ends the running search at once (its best move so far is the answer).
 */
#ifndef SHASHKI_PLAY_ENGINE_H
#define SHASHKI_PLAY_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "shashki_play.h"

typedef struct PlayEngine PlayEngine;

typedef struct PlayEngineOptions {
    int hash_mb;       /* the draughts engine's table (0: 32 MiB) */
    int threads;       /* the draughts engine's search threads (0: 1; the other games' search
                          has one) */
    const char *egdb;  /* the endgame databases' folder (NULL or "": none); one that holds
                          none yet is tried again after a build adds slices (dbprobe.h) */
    bool book;         /* the opening book, at level 10 (engine.h) */
} PlayEngineOptions;

typedef struct PlayLimits {
    int level;          /* 1..10 (0: 10) */
    double move_time;   /* seconds for this move (0: none) */
    double time_left;   /* the mover's clock in seconds, negative without a clock */
    double increment;   /* seconds added after each move */
    int moves_to_go;    /* moves to the next time control (0: sudden death) */
    uint64_t nodes;     /* a node cap (0: the level's) */
    int depth;          /* a depth cap (0: none) */
    uint64_t seed;      /* the levels' choice among near-best moves */
    int lines;          /* 2: find the second best move and its score too (PlayChoice.second;
                           the draughts engine's second line, where the opening book does not
                           answer; the other games' search scores it exactly); 0 or 1: the best
                           move only. For a review: a move that alone holds (engine/review.h) */
    const char *judge;  /* a legal move (any notation the game reads) whose own score is wanted
                           besides (PlayChoice.judged), from the same search: the other games'
                           search only (NULL: none) */
    bool two_depths;    /* the other games of two players: scores the mean of the last two
                           depths (OtherSearchLimits.two_depths; a review's, engine/review.h) */
} PlayLimits;

#define PLAY_PV_SIZE 2048

typedef struct PlayChoice {
    bool has_move;                      /* false: the game is over, nothing to play */
    char move[SH_PLAY_MOVE_TEXT_SIZE];  /* the move's full text (sh_play_move reads it) */
    char pv[PLAY_PV_SIZE];  /* the line the search expects, from the best move it found on
                               (a level's choice below 10 may differ from it): the moves' full
                               texts separated by spaces, as many as fit */
    int score;          /* for the player to move: centi-men (draughts), hundredths of a piece
                           (the other games); wins near the game's own win score */
    bool winning;       /* the score is a win the search proved */
    bool expects_win;   /* the engine expects to win (it declines draws; below it accepts) */
    int depth;
    uint64_t nodes;
    double seconds;
    /* with PlayLimits.lines 2, where the position has a second move: that move (full text) and
       its score, as `score` */
    bool has_second;
    char second[SH_PLAY_MOVE_TEXT_SIZE];
    int second_score;
    /* with PlayLimits.judge, in the other games: the score of the move judged, as `score` */
    bool has_judged;
    int judged_score;
} PlayChoice;

PlayEngine *play_engine_create(const PlayEngineOptions *options, ShError *err);
void play_engine_free(PlayEngine *engine);
/* A new game begins: forget what the last ones taught the table. */
void play_engine_clear(PlayEngine *engine);
/* The move the engine chooses in the game's current position. SH_ERR_ARGUMENT for a game the
 * engine does not play (kind->engine false). */
ShStatus play_engine_search(PlayEngine *engine, const ShPlay *play, const PlayLimits *limits,
                            PlayChoice *out, ShError *err);
/* End the running search now (any thread); a search that starts later is not affected. */
void play_engine_stop(PlayEngine *engine);

#endif
