/* live_lock.c - a game's change committed without the games' lock (live.h).
 *
 * WebGames.lock guards the games in memory; a commit waits for the disk (an fsync, a few
 * milliseconds), and held across it the lock would make every game of the server wait for
 * every other game's commit. So a change is made in memory under the lock, then the game is
 * marked busy and the lock let go while the store commits a copy of its rows (the commit is
 * shared with the other games' changes that arrive meanwhile: store/commit_group.c); then the
 * lock is taken again and the copy's new version kept. While a game is busy, whoever would
 * read or change it waits (live_get, live_peek, the clock thread passes it over): nobody sees
 * a move before it is durable, and the game's changes are committed one at a time, in order.
 * A busy game is neither evicted nor freed. */
#include <stdlib.h>

#include "live.h"

/* A busy game's waiters wait on the game's own condition (its watchers' slot), not on one
 * for all games: with the process-wide one every commit woke every request and stream waiting
 * for any busy game, all to take WebGames.lock again (gdb on one process at 1,000 lobby games:
 * 205 threads waiting so, 203 of them woken and queued for the lock). */
void live_wait_idle(WebGames *g, Live *l)
{
    while (l->busy)
        pthread_cond_wait(live_watch_cond(g, l->id), &g->lock);
}

bool live_commit(WebGames *g, Live *l, int ply, const StoredMove *move)
{
    StoredGame *row = malloc(sizeof *row);
    if (!row) /* no copy: commit with the lock held */
        return move ? store_add_move(g->store, &l->row, ply, move) : store_update(g->store, &l->row);
    *row = l->row;
    l->busy = true;
    pthread_mutex_unlock(&g->lock);
    bool ok = move ? store_add_move(g->store, row, ply, move) : store_update(g->store, row);
    pthread_mutex_lock(&g->lock);
    l->row.version = row->version;
    l->row.stale = row->stale;
    l->busy = false;
    pthread_cond_broadcast(live_watch_cond(g, l->id)); /* its waiters (and its watchers, who
                                                         * find no new version and wait on) */
    free(row);
    return ok;
}
