/*
 * review_queue.h - the web app's reviews of finished games (engine/review.h), made in the
 * background: a queue of the games asked for, a bounded number of workers that review them one
 * at a time each, and the store, which keeps every review done with its game (so that it is
 * computed once, and a restart asks again for the ones still queued).
 *
 * Priority. The live games' engines (live_engine.c) play first; a review takes what they
 * leave. A worker is a thread of its own at the lowest priority a thread may take (nice 19: the
 * scheduler gives a thread of nice 0 about 68 times its share), whose engine's search threads
 * inherit it; it has an engine of its own, never one of the live games' pool, so no live game
 * waits for an engine while a review runs. At most REVIEW_WORKERS reviews run at once and
 * REVIEW_QUEUE_MAX wait; a request beyond that is refused (503), and a server with many games
 * to review keeps playing the live ones as fast as before.
 *
 * State. The jobs are guarded by the games' lock (WebGames.lock). A job's version moves on at
 * each change (queued, each position done, the end), from one counter of the queue, and its
 * game's watchers are woken (live_watch_cond): the review's event stream sends the review again.
 * A job that ends keeps its last version in a short list of the ended, so that the stream sends
 * the review done once more.
 */
#ifndef SHASHKI_REVIEW_QUEUE_H
#define SHASHKI_REVIEW_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "live.h"

#define REVIEW_WORKERS 1
#define REVIEW_QUEUE_MAX 64
#define REVIEW_NODES_MIN 1000
#define REVIEW_NODES_MAX 10000000
#define REVIEW_ENDED 64 /* ended jobs whose last version is kept */

typedef struct ReviewJob {
    long game;
    uint64_t nodes;     /* each position's search */
    int plies;          /* the game's moves */
    bool running;
    int done, total;    /* positions done, to do (known once it runs) */
    double started;     /* when it began running (a monotonic clock's seconds) */
    unsigned version;
    struct ReviewJob *next;
} ReviewJob;

typedef struct ReviewQueue ReviewQueue;

/* Start the workers and queue again the reviews the store holds as queued. `nodes`: the limit of
 * each position's search when a request names none (0: REVIEW_DEFAULT_NODES). NULL with a
 * message when the threads cannot start. */
ReviewQueue *review_queue_open(WebGames *games, uint64_t nodes, char *err, size_t size);
/* Stop the reviews running (their work is lost: they stay queued in the store) and the
 * workers. */
void review_queue_close(ReviewQueue *queue);
uint64_t review_queue_nodes(const ReviewQueue *queue);

typedef enum ReviewAsk {
    REVIEW_ASK_QUEUED = 0, /* queued now, or already waiting or running */
    REVIEW_ASK_FULL,       /* REVIEW_QUEUE_MAX wait */
    REVIEW_ASK_FAILED      /* the store refused */
} ReviewAsk;

/* Queue the review of a finished game (lock held): its row in the store, "queued". */
ReviewAsk review_queue_ask(ReviewQueue *queue, long game, int plies, uint64_t nodes);
/* The job of a game, waiting or running (lock held), with its place in the queue (0: running,
 * 1: next ...); NULL for none. */
const ReviewJob *review_queue_find(const ReviewQueue *queue, long game, int *place);
/* The version of a game's review now (lock held): its job's, an ended job's last, or 0. */
unsigned review_queue_version(const ReviewQueue *queue, long game);

#endif
