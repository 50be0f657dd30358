/* timelag.c - the time a clock charges the engine beyond its own search (see timelag.h). */
#include "timelag.h"

#include <math.h>

void timelag_reset(TimeLag *lag)
{
    lag->mean = lag->stall = 0;
    lag->count = 0;
    lag->pending = false;
    lag->left = lag->increment = 0;
    lag->ply = 0;
}

void timelag_observe(TimeLag *lag, const EngineLimits *limits, int ply, double last_used)
{
    bool timed = limits->time_left >= 0 && !limits->ponder && !limits->infinite;
    /* A clock that did not move at all was given back the move (a Bronstein delay): it says
     * nothing of the lag. */
    bool moved = limits->time_left < lag->left - 0.0005 || limits->time_left > lag->left + 0.0005;
    if (lag->pending && timed && ply == lag->ply + 2 && moved) {
        double seen = lag->left - last_used + lag->increment - limits->time_left;
        /* Less than nothing: the clock gained time (a new control, a clock set by hand). */
        if (seen >= 0 && seen <= TIMELAG_MAX) {
            /* a running mean of the first five, then each new one weighs a fifth; a stall
             * counts in it only as twice the mean and 5 ms more (the stall is its own) */
            double part = lag->count < 5 ? seen : fmin(seen, 2 * lag->mean + 0.005);
            lag->count += lag->count < 5;
            lag->mean += (part - lag->mean) / lag->count;
            double decayed = 0.97 * lag->stall;
            lag->stall = seen > decayed ? seen : decayed;
        }
    }
    lag->pending = timed;
    lag->left = limits->time_left;
    lag->increment = limits->increment > 0 ? limits->increment : 0;
    lag->ply = ply;
}
