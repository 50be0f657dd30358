/* review_queue.c - the reviews made in the background (review_queue.h): the jobs, the workers
 * at the lowest priority, the store. */
#define _GNU_SOURCE /* syscall(SYS_gettid): the worker's own priority */
#include "review_queue.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "review.h"

#define WORKER_NICE 19

struct ReviewQueue {
    WebGames *games;
    uint64_t nodes;
    ReviewJob *jobs;      /* waiting and running, in the order asked */
    int waiting;
    unsigned counter;     /* the versions' source */
    struct {
        long game;
        unsigned version;
    } ended[REVIEW_ENDED]; /* the last versions of jobs that ended, a ring */
    int ended_next;
    pthread_cond_t wake;  /* a job was queued, or the queue stops (with the games' lock) */
    atomic_bool stop;     /* the queue stops: the running reviews stop */
    PlayEngine *engines[REVIEW_WORKERS];
    pthread_t threads[REVIEW_WORKERS];
    int started;
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

uint64_t review_queue_nodes(const ReviewQueue *q)
{
    return q->nodes;
}

/* A job changed (lock held): a new version, its watchers woken. */
static void job_changed(ReviewQueue *q, ReviewJob *job)
{
    job->version = ++q->counter;
    live_announce(q->games, live_watch_cond(q->games, job->game));
}

const ReviewJob *review_queue_find(const ReviewQueue *q, long game, int *place)
{
    int waiting = 0;
    for (const ReviewJob *j = q->jobs; j; j = j->next) {
        if (j->game == game) {
            if (place)
                *place = j->running ? 0 : waiting + 1;
            return j;
        }
        waiting += !j->running;
    }
    return NULL;
}

unsigned review_queue_version(const ReviewQueue *q, long game)
{
    const ReviewJob *job = review_queue_find(q, game, NULL);
    if (job)
        return job->version;
    unsigned version = 0;
    for (int i = 0; i < REVIEW_ENDED; i++)
        if (q->ended[i].game == game && q->ended[i].version > version)
            version = q->ended[i].version;
    return version;
}

/* Add a job to the end of the queue (lock held). */
static ReviewJob *job_add(ReviewQueue *q, long game, int plies, uint64_t nodes)
{
    ReviewJob *job = calloc(1, sizeof *job);
    if (!job)
        return NULL;
    job->game = game;
    job->plies = plies;
    job->nodes = nodes;
    ReviewJob **end = &q->jobs;
    while (*end)
        end = &(*end)->next;
    *end = job;
    q->waiting++;
    job_changed(q, job);
    pthread_cond_broadcast(&q->wake);
    return job;
}

ReviewAsk review_queue_ask(ReviewQueue *q, long game, int plies, uint64_t nodes)
{
    if (review_queue_find(q, game, NULL))
        return REVIEW_ASK_QUEUED;
    if (q->waiting >= REVIEW_QUEUE_MAX)
        return REVIEW_ASK_FULL;
    StoredReview row = {.game = game, .nodes = (unsigned long)nodes, .plies = plies};
    if (!store_review_queue(q->games->store, &row))
        return REVIEW_ASK_FAILED;
    return job_add(q, game, plies, nodes) ? REVIEW_ASK_QUEUED : REVIEW_ASK_FAILED;
}

/* A job ends (lock held): out of the queue, its last version kept. */
static void job_end(ReviewQueue *q, ReviewJob *job)
{
    for (ReviewJob **p = &q->jobs; *p; p = &(*p)->next) {
        if (*p == job) {
            *p = job->next;
            break;
        }
    }
    job_changed(q, job);
    q->ended[q->ended_next].game = job->game;
    q->ended[q->ended_next].version = job->version;
    q->ended_next = (q->ended_next + 1) % REVIEW_ENDED;
    free(job);
}

typedef struct Worker {
    ReviewQueue *queue;
    int index;
} Worker;

typedef struct Progress {
    ReviewQueue *queue;
    ReviewJob *job;
} Progress;

static bool progress(const Review *review, int position, void *user)
{
    (void)position;
    Progress *p = user;
    WebGames *g = p->queue->games;
    pthread_mutex_lock(&g->lock);
    p->job->done = review->done;
    job_changed(p->queue, p->job);
    bool go_on = !g->stopping && !atomic_load(&p->queue->stop);
    pthread_mutex_unlock(&g->lock);
    return go_on;
}

/* Review one job's game (lock not held); the job stays the worker's until it ends. */
static void review_job(ReviewQueue *q, ReviewJob *job, const ShPlay *game, PlayEngine *engine)
{
    WebGames *g = q->games;
    ShError err;
    Review *review = game ? review_new(game, &err) : NULL;
    if (!review) {
        store_review_fail(g->store, job->game, game ? err.message : "the game cannot be read");
        return;
    }
    pthread_mutex_lock(&g->lock);
    job->total = review->plies - review->first + 1;
    job->started = now_seconds();
    job_changed(q, job);
    pthread_mutex_unlock(&g->lock);
    ReviewLimits limits = {.nodes = job->nodes, .stop = &q->stop};
    Progress p = {q, job};
    ShStatus st = review_run(review, engine, &limits, progress, &p, &err);
    bool stopped = atomic_load(&q->stop) || review->done < job->total;
    StoredReview row = {.game = job->game, .nodes = (unsigned long)job->nodes,
                        .plies = job->plies, .seconds = now_seconds() - job->started};
    if (st != SH_OK)
        store_review_fail(g->store, job->game, err.message);
    else if (!stopped) /* a review stopped stays queued: the next start does it again */
        store_review_save(g->store, &row, review->positions, review->first, review->plies);
    review_free(review);
}

/* The lowest priority a thread may take; its engine's threads, made by it, inherit it. */
static void lowest_priority(void)
{
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), WORKER_NICE);
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    ReviewQueue *q = w->queue;
    WebGames *g = q->games;
    lowest_priority();
    pthread_mutex_lock(&g->lock);
    while (!g->stopping && !atomic_load(&q->stop)) {
        ReviewJob *job = q->jobs;
        while (job && job->running)
            job = job->next;
        if (!job) {
            pthread_cond_wait(&q->wake, &g->lock);
            continue;
        }
        job->running = true;
        q->waiting--;
        job_changed(q, job);
        Live *l = live_get(g, job->game);
        ShPlay *game = l && !live_playing(l) ? sh_play_copy(l->play) : NULL;
        if (!q->engines[w->index]) {
            /* made by this thread, so that its search threads share its priority */
            PlayEngineOptions options = {.hash_mb = LIVE_ENGINE_HASH_MB, .egdb = g->egdb,
                                         .book = true};
            q->engines[w->index] = play_engine_create(&options, NULL);
        }
        PlayEngine *engine = q->engines[w->index];
        pthread_mutex_unlock(&g->lock);
        if (engine)
            review_job(q, job, game, engine);
        else
            store_review_fail(g->store, job->game, "no engine: out of memory");
        sh_play_free(game);
        pthread_mutex_lock(&g->lock);
        job_end(q, job);
    }
    pthread_mutex_unlock(&g->lock);
    free(w);
    return NULL;
}

ReviewQueue *review_queue_open(WebGames *g, uint64_t nodes, char *err, size_t size)
{
    ReviewQueue *q = calloc(1, sizeof *q);
    if (!q) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    q->games = g;
    q->nodes = nodes ? nodes : REVIEW_DEFAULT_NODES;
    pthread_cond_init(&q->wake, NULL);
    /* the reviews asked for before the last stop */
    long games[REVIEW_QUEUE_MAX];
    int n = store_reviews_queued(g->store, games, REVIEW_QUEUE_MAX);
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < n; i++) {
        StoredReview row;
        if (store_review_get(g->store, games[i], &row))
            job_add(q, games[i], row.plies, row.nodes ? row.nodes : q->nodes);
    }
    pthread_mutex_unlock(&g->lock);
    for (int i = 0; i < REVIEW_WORKERS; i++) {
        Worker *w = malloc(sizeof *w);
        if (w)
            *w = (Worker){q, i};
        if (!w || pthread_create(&q->threads[i], NULL, worker_main, w) != 0) {
            free(w);
            snprintf(err, size, "cannot start the reviews' threads");
            review_queue_close(q);
            return NULL;
        }
        q->started++;
    }
    return q;
}

void review_queue_close(ReviewQueue *q)
{
    if (!q)
        return;
    WebGames *g = q->games;
    pthread_mutex_lock(&g->lock);
    atomic_store(&q->stop, true);
    for (int i = 0; i < REVIEW_WORKERS; i++)
        if (q->engines[i])
            play_engine_stop(q->engines[i]);
    pthread_cond_broadcast(&q->wake);
    pthread_mutex_unlock(&g->lock);
    for (int i = 0; i < q->started; i++)
        pthread_join(q->threads[i], NULL);
    for (int i = 0; i < REVIEW_WORKERS; i++)
        play_engine_free(q->engines[i]);
    while (q->jobs) {
        ReviewJob *next = q->jobs->next;
        free(q->jobs);
        q->jobs = next;
    }
    pthread_cond_destroy(&q->wake);
    free(q);
}
