/* web_other_engine.c - the engine's seats of the other games (web_other.h): a detached thread
 * per move, at most WEB_OTHER_ENGINE_THREADS searching at once, each bounded in nodes and
 * seconds; the move is played only if the game is still where the search began. */
#include <stdlib.h>
#include <string.h>

#include "other_search.h"
#include "web_other.h"

typedef struct OtherJob {
    WebOther *other;
    OtherLive *live; /* not freed while thinking (make_room skips it, close waits) */
    int ply;
    unsigned version;
    int level;
    ShOtherState state;
} OtherJob;

static void *engine_worker(void *arg)
{
    OtherJob *job = arg;
    WebOther *o = job->other;
    OtherLive *l = job->live;
    pthread_mutex_lock(&o->lock);
    while (!o->stopping && o->searching >= WEB_OTHER_ENGINE_THREADS)
        pthread_cond_wait(&o->changed, &o->lock);
    bool wanted = !o->stopping && !atomic_load(&l->stop) && l->rec.move_count == job->ply;
    if (wanted)
        o->searching++;
    pthread_mutex_unlock(&o->lock);

    OtherSearchResult result;
    memset(&result, 0, sizeof result);
    if (wanted) {
        OtherSearchLimits lim = {.level = job->level,
                                 .nodes = WEB_OTHER_ENGINE_NODES,
                                 .seconds = WEB_OTHER_ENGINE_SECONDS,
                                 .seed = (uint64_t)l->id * 1000003u + (uint64_t)job->ply,
                                 .stop = &l->stop};
        if (other_search(l->game, &job->state, &lim, &result, NULL) != SH_OK)
            result.has_move = false;
    }

    pthread_mutex_lock(&o->lock);
    if (wanted)
        o->searching--;
    l->thinking = false;
    bool moved = false;
    if (wanted && result.has_move && !o->stopping && !atomic_load(&l->stop) &&
        l->rec.move_count == job->ply)
        moved = sh_other_record_play(&l->rec, &result.best, NULL) == SH_OK;
    atomic_store(&l->stop, false);
    web_other_changed(o, l);
    if (moved)
        web_other_engine_maybe_move(o, l); /* the next seat may be the engine's too */
    o->workers--;
    pthread_cond_broadcast(&o->changed);
    pthread_mutex_unlock(&o->lock);
    free(job);
    return NULL;
}

void web_other_engine_maybe_move(WebOther *o, OtherLive *l)
{
    if (o->stopping || l->thinking)
        return;
    const ShOtherGame *g = l->game;
    ShOtherResult r;
    g->result(&l->rec.current, &r);
    int mover = g->to_move(&l->rec.current);
    if (r.over || mover < 0 || mover >= g->players || l->seats[mover].human)
        return;
    OtherJob *job = calloc(1, sizeof *job);
    if (!job)
        return;
    job->other = o;
    job->live = l;
    job->ply = l->rec.move_count;
    job->level = l->seats[mover].level;
    job->state = l->rec.current;
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, engine_worker, job) != 0) {
        free(job);
    } else {
        l->thinking = true;
        atomic_store(&l->stop, false);
        o->workers++;
    }
    pthread_attr_destroy(&attr);
}
