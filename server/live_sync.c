/*
 * live_sync.c - several processes, one site: what keeps each process's games in memory true
 * to the shared database (see live.h, docs/federation.md).
 *
 * Every process of a site holds a copy of the games in progress. The database is the truth:
 * a game's row has a version that every saved change moves on (store.h), and a change saved
 * from an older copy is refused (the copy is read again: live_refresh_stale). Three things keep
 * the copies fresh:
 *
 *  - A request for a game compares its copy's version with the database's (live_get) and reads
 *    the game again when another process has changed it: an answer is never older than the
 *    database.
 *  - PostgreSQL's LISTEN/NOTIFY: each change's transaction sends "g ID VERSION" on the channel
 *    "shashki" when it commits; this module's thread listens on a connection of its own and
 *    wakes the game's watchers, which read the game again (live_peek), so a move made
 *    through process A reaches a spectator connected to process B at once; a game nobody
 *    watches here is read again only when a request asks for it. A new game is read, so every
 *    process holds every game in progress (a seat's code works in any; a clock that falls in a
 *    copy that is behind is refused by the version and read again).
 *    An event's change ("e ID") is handed to the web app's hook (its streams).
 *  - The engine's moves are jobs in the database (store_job_*): the process that makes the
 *    engine's turn takes its job for a lease of LIVE_JOB_LEASE seconds and renews it every
 *    second while it searches; every process looks each second for a job whose lease ran out
 *    (its process was killed mid-search) and takes it with FOR UPDATE SKIP LOCKED, so the
 *    engine's move is only delayed.
 *
 * A notification lost while the listener reconnects costs nothing but time: the next request
 * reads the game again, and the listener reads every game in progress again after it
 * reconnects. The listener also reads the database's clock every minute (live_clock.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "live.h"

/* A game changed elsewhere (lock held): the copy read again and its watchers woken, a game
 * not held read. */
static void sync_game(WebGames *g, long id, long version)
{
    Live *l = live_find(g, id);
    if (version == -2)
        return; /* the database did not answer: nothing known */
    if (version < 0) {
        if (l)
            live_forget(g, id);
        return;
    }
    if (!l) {
        live_get(g, id);
        return;
    }
    /* read again lazily: by a watcher here when it wakes (live_peek), by a request (live_get) */
    if (version > l->row.version) {
        l->notified = version;
        live_announce(g, live_watch_cond(g, id));
    }
}

/* Every game in progress read (after the listener connects: notifications may have been lost). */
static void sync_all(WebGames *g)
{
    enum { MAX_PLAYING = 4096 };
    long *ids = malloc(MAX_PLAYING * sizeof *ids);
    int n = ids ? store_playing(g->store, ids, MAX_PLAYING) : 0;
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < n && !g->stopping; i++)
        sync_game(g, ids[i], store_version(g->store, ids[i]));
    pthread_mutex_unlock(&g->lock);
    free(ids);
}

/* Each second: this process's searches keep their leases; a job whose lease ran out is taken. */
static void jobs_tick(WebGames *g)
{
    pthread_mutex_lock(&g->lock);
    for (Live *l = g->live; l; l = l->next)
        if (l->thinking && l->id > 0)
            store_job_renew(g->store, l->id, g->owner, LIVE_JOB_LEASE);
    long id;
    while (!g->stopping && (id = store_job_take_any(g->store, g->owner, LIVE_JOB_LEASE)) > 0) {
        Live *l = live_get(g, id);
        if (l && !l->thinking && live_engine_to_move(l))
            live_engine_maybe_move(g, l);
        else if (!l || !l->thinking)
            store_job_done(g->store, id); /* nothing to search any more */
    }
    pthread_mutex_unlock(&g->lock);
}

static void notice(WebGames *g, const char *text)
{
    long id = 0, version = 0;
    if (sscanf(text, "g %ld %ld", &id, &version) == 2) {
        pthread_mutex_lock(&g->lock);
        if (!g->stopping)
            sync_game(g, id, version);
        pthread_mutex_unlock(&g->lock);
    } else {
        pthread_mutex_lock(&g->lock);
        if (g->on_notice && !g->stopping)
            g->on_notice(g, text, g->notice_context);
        pthread_mutex_unlock(&g->lock);
    }
}

static bool stopping(WebGames *g)
{
    pthread_mutex_lock(&g->lock);
    bool stop = g->stopping;
    pthread_mutex_unlock(&g->lock);
    return stop;
}

static void *listener(void *arg)
{
    WebGames *g = arg;
    DbListener *l = NULL;
    time_t last_tick = 0, last_clock = time(NULL);
    bool lost = false; /* said once, not each second it stays lost */
    while (!stopping(g)) {
        if (!l) {
            char err[256];
            l = db_listen(store_name(g->store), "shashki", err, sizeof err);
            if (!l) {
                if (!lost)
                    fprintf(stderr, "shashki: %s; trying again each second\n", err);
                lost = true;
                sleep(1);
                continue;
            }
            if (lost)
                fprintf(stderr, "shashki: the database answers again\n");
            lost = false;
            sync_all(g); /* the store's own connection comes back with it (db_pg.c) */
            live_clock_sync(g->store);
        }
        char text[256];
        int got = db_listener_wait(l, 250, text, sizeof text);
        if (got > 0)
            notice(g, text);
        else if (got < 0) {
            db_listener_close(l);
            l = NULL;
            /* the database went away, most likely: the store finds out now, so that requests
             * get 503 at once rather than each module's error on its first statement */
            store_probe(g->store);
        }
        time_t now = time(NULL);
        if (now != last_tick) {
            last_tick = now;
            jobs_tick(g);
        }
        if (now - last_clock >= 60) { /* the site's clock read again (live_clock.c) */
            last_clock = now;
            live_clock_sync(g->store);
        }
    }
    db_listener_close(l);
    return NULL;
}

void live_sync_init(WebGames *g)
{
    g->shared = store_shared(g->store);
    char host[64] = "";
    gethostname(host, sizeof host - 1);
    snprintf(g->owner, sizeof g->owner, "%s:%ld:%lx", host, (long)getpid(),
             (unsigned long)time(NULL));
}

bool live_share(WebGames *g, char *err, size_t size)
{
    if (!g->shared)
        return true;
    if (pthread_create(&g->listener, NULL, listener, g) != 0) {
        snprintf(err, size, "cannot start the listener's thread");
        return false;
    }
    g->listening = true;
    return true;
}

void live_unshare(WebGames *g)
{
    if (g->listening) {
        pthread_join(g->listener, NULL);
        g->listening = false;
    }
}
