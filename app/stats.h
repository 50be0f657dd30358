/*
 * stats.h - what a match's score says about two players' strength.
 *
 * From wins, draws and losses of the first player: the Elo difference with its 95% interval
 * (the per-game scores' spread, normal approximation), the likelihood of superiority, and the
 * sequential probability ratio test that stops a match as soon as it has shown whether the
 * difference is nearer elo0 or elo1 (the logistic-Elo GSPRT of cutechess-cli and fishtest,
 * trinomial form).
 */
#ifndef SHASHKI_STATS_H
#define SHASHKI_STATS_H

#include <stdbool.h>

typedef struct MatchScore {
    int wins, draws, losses; /* of the first player */
} MatchScore;

typedef struct EloEstimate {
    double score;  /* points per game, 0..1 */
    double elo;    /* difference, first minus second */
    double margin; /* half the 95% interval, in Elo (infinite when undefined) */
    double los;    /* likelihood of superiority, 0..1 */
} EloEstimate;

void stats_elo(const MatchScore *s, EloEstimate *e);

typedef struct Sprt {
    double elo0, elo1;   /* H0: elo = elo0, H1: elo = elo1 */
    double alpha, beta;  /* error rates (0.05 by default) */
} Sprt;

typedef enum SprtState { SPRT_CONTINUE = 0, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } SprtState;

/* The log-likelihood ratio of the score so far, and the bounds it is tested against. */
double stats_sprt_llr(const MatchScore *s, const Sprt *t);
void stats_sprt_bounds(const Sprt *t, double *lower, double *upper);
SprtState stats_sprt(const MatchScore *s, const Sprt *t, double *llr);

/* The Elo difference a score fraction stands for (and back). */
double stats_elo_of_score(double score);
double stats_score_of_elo(double elo);

#endif
