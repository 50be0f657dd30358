/*
 * match.h - engine against engine: games from a list of openings, each opening played
 * with both colours, several games at once, the score and what it says about strength.
 *
 * Every game is a game of the game interface (ShPlay), of any game of two players: a draughts
 * or column game with the arbiter's rules, repetition automatic as between programs, or an
 * other game of a checkers set with its own end; and the clock of the time control (ShClock).
 * A side with no move loses, a third repetition and the rules' counts draw, a fallen flag
 * loses. A player that answers an illegal move or dies loses too. Two optional adjudications
 * shorten hopeless games: resignation when both engines agree one side is lost, and a ply
 * limit. Games are written with the library's PDN writer (sh_play_write_pdn).
 */
#ifndef SHASHKI_MATCH_H
#define SHASHKI_MATCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli.h"
#include "player.h"
#include "stats.h"

#define MATCH_MAX_OPENING_PLIES 64

/* An opening as the game interface reads it. */
typedef struct MatchOpening {
    char name[64];
    char start[SH_PLAY_TEXT_SIZE]; /* the start's position text; "" the game's start (under
                                      the match's settings) */
    int count;                     /* plies */
    char moves[2048];              /* their full texts, separated by spaces */
} MatchOpening;

/* What limits each move: a time control (clock true: any the library reads, such as 10s+0.1s
 * or 1h10m/35+15m), or else a time per move, a depth or a number of nodes. */
typedef struct MatchTime {
    bool clock;
    ShTimeControl control;
    double move_time;
    int depth;
    uint64_t nodes;
} MatchTime;

typedef struct MatchConfig {
    const ShKind *kind;     /* the game (two players) */
    const char *settings;   /* an other game's settings (NULL: the defaults) */
    PlayerSpec players[2];
    const MatchOpening *openings;
    int opening_count;
    int games;          /* total; openings are taken in order, each for two games */
    int concurrency;
    MatchTime time;
    FILE *pdn;          /* games written here when not NULL */
    CliNotation notation; /* ... in the game's usual notation, or as --numeric/--algebraic say */
    bool sprt;
    Sprt sprt_params;
    int resign_score;   /* centi-men (the other games: hundredths of a piece); 0 = never */
    int resign_moves;   /* moves in a row each engine must agree */
    int max_plies;      /* a game this long is a draw; 0 = no limit */
    FILE *log;          /* progress, a line per game, and the summary */
} MatchConfig;

/* Play the match. Returns false (with the reason) if a player could not be started. */
bool match_run(const MatchConfig *config, MatchScore *score, char *error, size_t size);

/* One game between two open players (what a tournament plays): players[0] has the colour
 * first_color (0 White, the first player; 1 Black), from the opening, under cfg's game, time
 * and adjudication (cfg's players, openings, games and files are not used). Returns the
 * finished game (free it; NULL if it could not be made, with the reason), *result for White
 * (1 win, 0 draw, -1 loss) and what ended it. */
ShPlay *match_play_one(const MatchConfig *cfg, Player *players[2], const MatchOpening *opening,
                       int first_color, int round, const char *names[2], int *result,
                       char *reason, size_t size);

/* Openings of `kind` (match_openings.c): "idf" (IDF-64 ballots), "fmjd" (FMJD-64 move
 * ballots), "fmjd-setups" (its set-up ballots), "ballots" (IDF-64 and FMJD-64 move ballots),
 * "all" - the games with ballots (Russian, giveaway, northern); "random": `count` openings of
 * a few random plies from the game's start under `settings` (drawn by lot where the game
 * draws it), the same for a seed; or a file: for a draughts game FEN lines, move lists
 * ("1. c3-d4 f6-g5 ...") or PDN games (a FEN tag and the moves), in the game's squares; for
 * an other game a position's text a line. Lines starting with '#' are comments. */
bool match_openings_load(const char *source, const ShKind *kind, const char *settings,
                         int count, uint64_t seed, MatchOpening **list, int *n, char *error,
                         size_t size);
/* The opening of a ballot ("1-III", "FMJD 45-IX") in a game that has ballots; false with the
 * reason. */
bool match_opening_ballot(const char *code, const ShKind *kind, MatchOpening *out, char *error,
                          size_t size);
/* The game of `kind` an opening begins: its start (under `settings` when it has none of its
 * own) and its moves played, repetition automatic as between programs; NULL with the error. */
ShPlay *match_opening_play(const MatchOpening *opening, const ShKind *kind, const char *settings,
                           ShError *err);
/* Put the openings in a fixed pseudo-random order (seeded), so that a part of the list is a
 * fair sample of it. */
void match_openings_shuffle(MatchOpening *list, int count, uint64_t seed);

/* Print the score, the Elo difference with its interval and the LOS (and the SPRT state). */
void match_print_score(FILE *out, const char *first, const char *second, const MatchScore *s,
                       const Sprt *sprt);

#endif
