/*
 * live_clock.c - the site's clock: the one time every process of a site charges the players'
 * clocks on (see live.h, docs/federation.md "Clocks").
 *
 * A game's clocks are saved with the time they were true (StoredGame.clock_at, and each move's
 * time, StoredMove.at): milliseconds since 1970 on the site's clock. Whichever process reads
 * the game (to take the next move, to answer a watcher) starts the clock of the player to move
 * from that time, not from the moment it read the game: remaining = saved remaining - (now -
 * clock_at). So every process answers the same clock for a game at one instant, and a player
 * who thinks for 3 s before a move sent to another process is charged 3 s.
 *
 * The site's clock is the database's: each process reads PostgreSQL's clock_timestamp() when it
 * starts and every minute (live_sync.c), and keeps its own wall clock's offset from it, read to
 * within half the query's round trip (recorded in live_clock_sync); between readings it runs on
 * its own clock (a drift of at most a few milliseconds a minute). On SQLite (one process) the
 * site's clock is the process's. It never goes back within a process: a reading that would put
 * it back holds it still until it has caught up.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

#include "live.h"

static _Atomic long long offset_ms;   /* the database's clock minus this process's */
static _Atomic long long last_ms;     /* the latest time given (it never goes back) */
static _Atomic long long uncertainty; /* half the round trip of the last reading, ms */

long long live_clock_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    long long now = (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000 + atomic_load(&offset_ms);
    long long seen = atomic_load(&last_ms);
    while (now > seen && !atomic_compare_exchange_weak(&last_ms, &seen, now)) {
    }
    return now > seen ? now : seen;
}

static int64_t source_now(void *context)
{
    (void)context;
    return live_clock_now();
}

ShTimeSource live_clock_source(void)
{
    return (ShTimeSource){source_now, NULL};
}

static long long wall_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

bool live_clock_sync(Store *store)
{
    long long before = wall_ms(), db = 0;
    if (!store_clock(store, &db))
        return false;
    long long after = wall_ms();
    if (after - before > 2000)
        return false; /* too slow an answer to say what time it is */
    atomic_store(&offset_ms, db - (before + after) / 2);
    atomic_store(&uncertainty, (after - before + 1) / 2);
    return true;
}

long long live_clock_uncertainty(void)
{
    return atomic_load(&uncertainty);
}

void live_clock_set(ShPlay *play, const StoredGame *row, bool restore, bool charge)
{
    ShTimeControl control;
    if (!row->time_control[0] || sh_timecontrol_parse(row->time_control, &control, NULL) != SH_OK ||
        sh_play_set_clock(play, &control, live_clock_source(), NULL) != SH_OK)
        return;
    for (int p = 0; restore && p < sh_play_kind(play)->players; p++)
        if (row->player[p].clock >= 0)
            sh_play_set_remaining(play, p, llround(row->player[p].clock * 1000.0));
    sh_play_start_clock(play);
    if (restore && charge)
        live_clock_charge(play, row);
}

void live_clock_charge(ShPlay *play, const StoredGame *row)
{
    const ShClock *clock = sh_play_clock(play);
    if (!clock || row->clock_at <= 0 || clock->running < 0 || clock->paused ||
        clock->running >= sh_play_kind(play)->players || row->player[clock->running].clock < 0)
        return;
    long long since = live_clock_now() - row->clock_at;
    if (since > 0)
        sh_play_set_remaining(play, clock->running,
                              llround(row->player[clock->running].clock * 1000.0) - since);
}
