/*
 * timelag.h - the time a clock charges the engine beyond its own search.
 *
 * The clock that counts is the arbiter's (a match, a Hub client, the web app), not the
 * engine's: between the arbiter starting the engine's clock and the search starting, and
 * between the search ending and the arbiter stopping the clock, the move crosses a pipe or a
 * queue and every process and thread on the way waits its turn for a core. On a quiet machine
 * that is a millisecond; on one whose cores are busy with a build it was measured at tens of
 * milliseconds a move, more than the increment of a bullet game (1 s + 0.01 s): the clock
 * drained by that much each move, unseen by the plan, and a game of 60 moves lost on time.
 *
 * The engine cannot see the arbiter's clock, but it is told what is left before each move,
 * and it knows what it was told last time and how long its last search took. The difference
 * is the lag:
 *
 *     lag = (left before the last move - its search's time + increment) - left now
 *
 * Measured beside eight builds and test runs (a load average of 20-45 on 2 cores), the lag of
 * most moves was under a millisecond, one in a hundred 30 ms, the worst 290 ms: a machine
 * that stalls now and then rather than one that charges every move. So two estimates: the
 * mean lag, which every move to come will cost (kept back for them where the increment does
 * not pay for it; a stall weighs in it only as twice the mean and 5 ms more, or one stall
 * would have every move for ten after it played at once), and the stall, the worst lag seen lately, which follows the observations
 * upwards at once and is forgotten slowly (a busy machine is busy again a few moves later):
 * the plan (timeman.h) never lets the clock fall below it. Observations are made
 * only between two moves of one side in one game (the same history two plies on) and without
 * a new time control in between; the estimates outlive the game (the machine is the same).
 */
#ifndef SHASHKI_TIMELAG_H
#define SHASHKI_TIMELAG_H

#include <stdbool.h>

#include "engine.h"

/* The most an observation believes of one move (seconds): beyond, the clock was set by hand. */
#define TIMELAG_MAX 2.0

typedef struct TimeLag {
    double mean;       /* seconds a move costs the clock beyond the search, on average */
    double stall;      /* the worst of it lately */
    int count;         /* observations so far (the first few are averaged evenly) */
    bool pending;      /* a timed search was started and its observation is due */
    double left;       /* ... the clock it was told */
    double increment;  /* ... the increment */
    int ply;           /* ... the plies of the game before it */
} TimeLag;

void timelag_reset(TimeLag *lag);

/* A search starts with `limits` at `ply` plies into the game; the last search (if any) took
 * `last_used` seconds. Updates the estimates from the clock the arbiter now reports. */
void timelag_observe(TimeLag *lag, const EngineLimits *limits, int ply, double last_used);

#endif
