/* live_engine.c - the engine's moves in the web app's games: a pool of engines, a thread per
 * search, the move played only if the game is still where the search began (see live.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "live.h"

typedef struct EngineJob {
    WebGames *games;
    Live *live; /* kept in memory while it is thinking (live.c frees no thinking game) */
    int ply;
    int level;
    ShPosition position;
    ShPosition *history;
    int history_count;
    EngineLimits limits;
} EngineJob;

static Engine *pool_take(WebGames *g)
{
    for (;;) {
        if (g->stopping)
            return NULL;
        for (int i = 0; i < LIVE_ENGINE_POOL; i++) {
            if (!g->pool_busy[i]) {
                if (!g->pool[i]) {
                    EngineOptions options;
                    engine_options_default(&options);
                    options.hash_mb = LIVE_ENGINE_HASH_MB;
                    g->pool[i] = engine_create(&options, NULL);
                    if (!g->pool[i])
                        return NULL;
                    if (g->egdb[0])
                        engine_set_param(g->pool[i], "egdb-path", g->egdb, NULL);
                    /* the opening book, played at level 10 only (engine.h) */
                    engine_set_param(g->pool[i], "book", "on", NULL);
                }
                g->pool_busy[i] = true;
                return g->pool[i];
            }
        }
        pthread_cond_wait(&g->changed, &g->lock);
    }
}

static void pool_give(WebGames *g, Engine *e)
{
    for (int i = 0; i < LIVE_ENGINE_POOL; i++)
        if (g->pool[i] == e)
            g->pool_busy[i] = false;
    pthread_cond_broadcast(&g->changed);
}

/* Play the engine's chosen move (lock held), answering a pending draw offer first and
 * claiming a repetition when the engine does not expect to win. */
static void engine_answer(WebGames *g, Live *l, const EngineResult *r)
{
    int me = live_engine_side(l);
    if (!r->has_move || !live_playing(l))
        return;
    if (sh_game_draw_offer(l->game) == (me ^ 1) && r->score <= 0) {
        if (sh_game_accept_draw(l->game, (ShColor)me, NULL) == SH_OK) {
            live_row_sync(l);
            store_update(g->store, &l->row);
            return;
        }
    }
    int before = sh_game_ply_count(l->game);
    if (r->score <= 0 && sh_game_may_claim(l->game, NULL)) { /* repetition, English's 40 moves */
        bool granted = false;
        if (sh_game_claim_draw(l->game, NULL, &granted, NULL) == SH_OK && granted) {
            live_row_sync(l);
            store_update(g->store, &l->row);
            return;
        }
    }
    ShStatus st;
    if (r->score <= 0) {
        bool granted = false;
        st = sh_game_claim_draw(l->game, &r->move, &granted, NULL);
    } else {
        st = sh_game_play(l->game, &r->move, NULL);
    }
    if (st == SH_OK && sh_game_ply_count(l->game) == before + 1)
        live_save_move(g, l);
    else {
        live_row_sync(l);
        store_update(g->store, &l->row);
    }
}

static void *engine_worker(void *arg)
{
    EngineJob *job = arg;
    WebGames *g = job->games;
    Live *l = job->live;
    pthread_mutex_lock(&g->lock);
    Engine *e = pool_take(g);
    bool wanted = e && l->id > 0 && !l->cancel && sh_game_ply_count(l->game) == job->ply &&
                  live_playing(l);
    if (wanted)
        l->engine = e;
    pthread_mutex_unlock(&g->lock);

    EngineResult result;
    memset(&result, 0, sizeof result);
    if (wanted) {
        EngineOptions options;
        engine_get_options(e, &options);
        options.level = job->level;
        options.seed = (uint64_t)l->id * 1000003u + (uint64_t)job->ply;
        engine_configure(e, &options, NULL);
        if (job->ply <= 1)
            engine_clear(e);
        if (engine_search(e, &job->position, job->history, job->history_count, &job->limits, NULL,
                          NULL, &result, NULL) != SH_OK)
            result.has_move = false;
    }

    pthread_mutex_lock(&g->lock);
    if (e)
        pool_give(g, e);
    bool moved = false;
    if (wanted && !l->cancel && sh_game_ply_count(l->game) == job->ply) {
        engine_answer(g, l, &result);
        moved = sh_game_ply_count(l->game) == job->ply + 1;
    }
    l->engine = NULL;
    l->thinking = false;
    l->cancel = false;
    /* two moves a turn: the engine's first move leaves it to move again */
    if (moved && l->id > 0)
        live_engine_maybe_move(g, l);
    live_changed(g, l);
    g->workers--;
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
    free(job->history);
    free(job);
    return NULL;
}

/* If it is the engine's turn, start it thinking (lock held). */
void live_engine_maybe_move(WebGames *g, Live *l)
{
    int me = live_engine_side(l);
    if (me < 0 || l->thinking || !live_playing(l) || g->stopping ||
        (int)sh_position_side(sh_game_position(l->game)) != me)
        return;
    EngineJob *job = calloc(1, sizeof *job);
    if (!job)
        return;
    int plies = sh_game_ply_count(l->game);
    job->games = g;
    job->live = l;
    job->ply = plies;
    job->level = live_engine_level(l, me);
    job->position = *sh_game_position(l->game);
    job->history = malloc(sizeof(ShPosition) * (size_t)(plies + 1));
    job->history_count = plies;
    for (int i = 0; job->history && i < plies; i++)
        job->history[i] = *sh_game_position_at(l->game, i);
    engine_limits_default(&job->limits);
    const ShClock *clock = sh_game_clock_const(l->game);
    if (clock) {
        job->limits.time_left = (double)sh_clock_remaining(clock, (ShColor)me) / 1000.0;
        job->limits.increment = (double)(clock->control.increment_ms + clock->control.delay_ms) / 1000.0;
        job->limits.moves_to_go = sh_clock_moves_to_go(clock, (ShColor)me);
    } else {
        job->limits.move_time = job->level >= 10 ? 2.0 : 1.0;
        if (live_engine_both(l)) /* nobody waits at the board: the server plays on briskly */
            job->limits.move_time /= 4;
    }
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (!job->history || pthread_create(&thread, &attr, engine_worker, job) != 0) {
        free(job->history);
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
        engine_stop(l->engine);
}

