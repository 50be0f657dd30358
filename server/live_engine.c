/* live_engine.c - the engine's moves in the web app's games of every kind: a pool of engines
 * (engine/play_engine.h), a thread per search, the move played only if the game is still where
 * the search began (see live.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "live.h"

typedef struct EngineJob {
    WebGames *games;
    Live *live;      /* kept in memory while it is thinking (live.c frees no thinking game) */
    ShPlay *play;    /* a copy of the game as it was when the search began */
    int ply;
    PlayLimits limits;
    double queued;   /* when the move that set it thinking was played (monotonic seconds) */
} EngineJob;

/* Seconds of a move time (a game without a clock) kept for saving and sending the answer: the
 * level's move time is what the person waits, from their move to the engine's. */
#define ENGINE_ANSWER_RESERVE 0.15

static double monotonic_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static PlayEngine *pool_take(WebGames *g)
{
    for (;;) {
        if (g->stopping)
            return NULL;
        for (int i = 0; i < LIVE_ENGINE_POOL; i++) {
            if (!g->pool_busy[i]) {
                if (!g->pool[i]) {
                    /* the opening book plays at level 10 only (engine.h) */
                    PlayEngineOptions options = {.hash_mb = LIVE_ENGINE_HASH_MB,
                                                 .egdb = g->egdb,
                                                 .book = true};
                    g->pool[i] = play_engine_create(&options, NULL);
                    if (!g->pool[i])
                        return NULL;
                }
                g->pool_busy[i] = true;
                return g->pool[i];
            }
        }
        pthread_cond_wait(&g->changed, &g->lock);
    }
}

static void pool_give(WebGames *g, PlayEngine *e)
{
    for (int i = 0; i < LIVE_ENGINE_POOL; i++)
        if (g->pool[i] == e)
            g->pool_busy[i] = false;
    live_announce(g, &g->changed);
}

/* Play the engine's chosen move (lock held), answering a draw offered to it first and claiming
 * a draw when it may and does not expect to win. */
static void engine_answer(WebGames *g, Live *l, const PlayChoice *c)
{
    int me = live_to_move(l);
    if (!c->has_move || !live_playing(l))
        return;
    int offer = sh_play_draw_offer(l->play);
    if (offer >= 0 && offer != me && !c->expects_win &&
        sh_play_accept_draw(l->play, me, NULL) == SH_OK) {
        live_row_sync(l);
        store_update(g->store, &l->row);
        return;
    }
    int before = sh_play_ply_count(l->play);
    if (!c->expects_win && sh_play_kind(l->play)->claims) {
        bool granted = false;
        if (sh_play_may_claim(l->play, NULL, 0) &&
            sh_play_claim_draw(l->play, NULL, &granted, NULL) == SH_OK && granted) {
            live_row_sync(l);
            store_update(g->store, &l->row);
            return;
        }
        /* the move itself may make the third repetition: claim with it */
        if (sh_play_claim_draw(l->play, c->move, &granted, NULL) != SH_OK)
            sh_play_move(l->play, c->move, NULL, NULL);
    } else {
        sh_play_move(l->play, c->move, NULL, NULL);
    }
    bool saved = sh_play_ply_count(l->play) == before + 1 ? live_save_move(g, l)
                                                           : (live_row_sync(l),
                                                              store_update(g->store, &l->row));
    if (g->shared && saved)
        store_job_done(g->store, l->id);
    if (!saved)
        live_refresh_stale(g, l);
}

static void *engine_worker(void *arg)
{
    EngineJob *job = arg;
    WebGames *g = job->games;
    Live *l = job->live;
    pthread_mutex_lock(&g->lock);
    PlayEngine *e = pool_take(g);
    bool wanted = e && l->id > 0 && !l->cancel && sh_play_ply_count(l->play) == job->ply &&
                  live_playing(l);
    if (wanted)
        l->engine = e;
    pthread_mutex_unlock(&g->lock);

    PlayChoice choice;
    memset(&choice, 0, sizeof choice);
    if (wanted) {
        if (job->ply <= sh_play_opening_plies(job->play))
            play_engine_clear(e);
        if (job->limits.move_time > 0) {
            /* The move time counts from the move that set the engine thinking: the thread's
             * start, the lock and the pool (long on a busy server) and the answer's commit come
             * out of it. */
            double left = job->limits.move_time - (monotonic_now() - job->queued) -
                          ENGINE_ANSWER_RESERVE;
            job->limits.move_time = left > 0.05 ? left : 0.05;
        }
        if (play_engine_search(e, job->play, &job->limits, &choice, NULL) != SH_OK)
            choice.has_move = false;
    }

    pthread_mutex_lock(&g->lock);
    if (e)
        pool_give(g, e);
    bool moved = false;
    if (wanted && !l->cancel && sh_play_ply_count(l->play) == job->ply) {
        engine_answer(g, l, &choice);
        moved = sh_play_ply_count(l->play) == job->ply + 1;
    }
    l->engine = NULL;
    l->thinking = false;
    l->cancel = false;
    if (g->shared && wanted && l->id > 0 && !live_engine_to_move(l))
        store_job_done(g->store, l->id);
    /* the engine may be to move again (two moves a turn, engines on every seat) */
    if (moved && l->id > 0)
        live_engine_maybe_move(g, l);
    live_changed(g, l);
    g->workers--;
    live_announce(g, &g->changed);
    pthread_mutex_unlock(&g->lock);
    sh_play_free(job->play);
    free(job);
    return NULL;
}

/* If it is the engine's turn, start it thinking (lock held). */
void live_engine_maybe_move(WebGames *g, Live *l)
{
    if (l->thinking || g->stopping || !live_engine_to_move(l) ||
        !sh_play_kind(l->play)->engine)
        return;
    /* several processes: the one that takes the move's job searches */
    if (g->shared &&
        !store_job_take(g->store, l->id, sh_play_ply_count(l->play), g->owner, LIVE_JOB_LEASE))
        return;
    EngineJob *job = calloc(1, sizeof *job);
    if (!job)
        return;
    job->queued = monotonic_now();
    int me = live_to_move(l);
    job->games = g;
    job->live = l;
    job->ply = sh_play_ply_count(l->play);
    job->play = sh_play_copy(l->play);
    job->limits.level = l->row.player[me].level;
    job->limits.seed = (uint64_t)l->id * 1000003u + (uint64_t)job->ply;
    job->limits.time_left = -1;
    const ShClock *clock = sh_play_clock(l->play);
    if (clock && clock->control.days_per_move)
        clock = NULL; /* correspondence: days to answer, the engine answers as unclocked */
    if (clock) {
        job->limits.time_left = (double)sh_clock_remaining(clock, me) / 1000.0;
        job->limits.increment =
            (double)(clock->control.increment_ms + clock->control.delay_ms) / 1000.0;
        job->limits.moves_to_go = sh_clock_moves_to_go(clock, me);
    } else {
        job->limits.move_time = job->limits.level >= 10 ? 2.0 : 1.0;
        if (live_engine_all(l)) /* nobody waits at the board: the server plays on briskly */
            job->limits.move_time /= 4;
    }
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (!job->play || pthread_create(&thread, &attr, engine_worker, job) != 0) {
        sh_play_free(job->play);
        free(job);
    } else {
        l->thinking = true;
        l->cancel = false;
        g->workers++;
    }
    pthread_attr_destroy(&attr);
}

/* Stop the engine thinking for this game (lock held); its move will not be played. */
void live_engine_cancel(Live *l)
{
    if (!l->thinking)
        return;
    l->cancel = true;
    if (l->engine)
        play_engine_stop(l->engine);
}
