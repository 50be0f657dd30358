/*
 * timeman.h - how long to think about a move.
 *
 * A plan has two limits, in seconds from the moment the clock starts for this move:
 *
 *   soft  after an iteration ends, do not begin another past this (stretched or shrunk by
 *         how stable the best move has been: timeman_soft_factor);
 *   hard  stop the search wherever it is (the clock must never fall).
 *
 * Every clock form of the game is served: a fixed time per move; sudden death (the rest of
 * the game on the clock); Fischer increments; a number of moves to the next time control.
 * With no moves-to-go the engine assumes a number of moves still to play that falls as the
 * men come off the board. The hard limit always leaves a reserve on the clock for the
 * transfer of the move (TIMEMAN_OVERHEAD, and a share of the clock), so a search that uses
 * its whole hard limit still leaves time on the clock for every move after it.
 *
 * Planning is a pure function of the limits and the position, so the tests drive it with a
 * fake clock through whole games.
 */
#ifndef SHASHKI_TIMEMAN_H
#define SHASHKI_TIMEMAN_H

#include <stdbool.h>

#include "engine.h"
#include "timelag.h"

/* Seconds kept back for each move's transfer between the engine and the clock. */
#define TIMEMAN_OVERHEAD 0.03

/* Seconds the plan keeps on the clock besides, for the moments the machine does not run the
 * engine at all, before any was seen (then the worst lately, timelag.h): without it, 9 of
 * 4800 self-play games at 1 s + 0.01 s were lost on time on a machine running other work;
 * with 0.1 s, 7 of 60 beside eight builds, whose worst stall was 290 ms. */
#define TIMEMAN_SAFETY 0.3

typedef struct TimePlan {
    bool timed;  /* false: no time limit (depth, nodes, infinite) */
    double soft; /* seconds */
    double hard;
} TimePlan;

/* `men` is the number of men on the board (a measure of how much game is left), `men_start`
 * how many the game starts with (24 on the 8x8 board, 40 on the 10x10 one; 0: 24); `lag`
 * what each move costs the clock beyond the search (timelag.h; NULL: nothing known). */
void timeman_plan(const EngineLimits *limits, int men, int men_start, const TimeLag *lag,
                  TimePlan *plan);

/* The soft limit's multiplier after an iteration: `changes` is how many of the last few
 * iterations changed the best move (weighted), `score_drop` how much the score fell since
 * the last iteration (centi-men, positive = worse). */
double timeman_soft_factor(double changes, int score_drop);

#endif
