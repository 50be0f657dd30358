/*
 * dutch.h - the FIDE Dutch system (C.04.3, in force since 1 July 2025): the pairing of the
 * next round of a Swiss tournament from the rounds before it (private to the tournament
 * module; the public entry points are in shashki_tournament.h).
 */
#ifndef SHASHKI_TOURNAMENT_DUTCH_H
#define SHASHKI_TOURNAMENT_DUTCH_H

#include <stdbool.h>

#include "shashki_tournament.h"

enum { DUTCH_WHITE = 0, DUTCH_BLACK = 1, DUTCH_NO_COLOR = -1 };
enum { DUTCH_LOSS = 0, DUTCH_DRAW = 1, DUTCH_WIN = 2 };

/* One player's round: the opponent (a player index, or -1), the colour played (or none),
 * the outcome, whether the game was played over the board (not a forfeit, not a bye) and
 * whether the player took part in that round's pairing (paired, or given the
 * pairing-allocated bye; not an absentee, a half-point or full-point bye). */
typedef struct DutchGame {
    int opponent;
    signed char color;
    unsigned char outcome;
    bool played;
    bool paired;
} DutchGame;

typedef struct DutchInput {
    int players;          /* in the order of their pairing numbers */
    int rounds;           /* rounds played so far */
    int total_rounds;     /* rounds the event will have (the last round's rules) */
    int initial_color;    /* DUTCH_WHITE or DUTCH_BLACK: the top player's colour in round 1 */
    /* Points in tenths: a win, a draw, a loss, a zero-point bye or absence, a forfeit loss,
     * the pairing-allocated bye. */
    int win, draw, loss, zero_bye, forfeit_loss, bye;
    const DutchGame *games;          /* players x rounds, row by row */
    const bool *absent;              /* players: not in the next round's pairing */
    const unsigned char *forbidden;  /* players x players: may not meet (NULL: none) */
    const int *order;                /* the ranking order of the players (NULL: by index) */
    bool no_absolute_colours;        /* teams (FIDE C.04.6): no colour preference is absolute,
                                        so colours never forbid a pairing */
} DutchInput;

typedef struct DutchPair {
    int white, black; /* player indexes; black -1: the pairing-allocated bye */
} DutchPair;

/* Pair the next round into out (room for players/2 + 1 pairs), in the published order:
 * by the scores of the higher then the lower player, the bye last. SH_ERR_NO_PAIRING when no
 * pairing satisfies the absolute criteria. */
ShStatus dutch_pair(const DutchInput *in, DutchPair *out, int *count, ShError *err);

/* The points of a player's round under the input's point values. */
int dutch_points(const DutchInput *in, const DutchGame *g);

#endif
