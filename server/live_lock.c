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

void live_wait_idle(WebGames *g, Live *l)
{
    while (l->busy)
        pthread_cond_wait(&g->idle, &g->lock);
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
    pthread_cond_broadcast(&g->idle); /* the watchers are woken by live_changed */
    free(row);
    return ok;
}
