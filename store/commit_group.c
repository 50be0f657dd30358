/* commit_group.c - changes that arrive together share one commit (store_impl.h).
 *
 * A commit's cost is its fsync (SQLite's WAL with synchronous=FULL, PostgreSQL's WAL flush),
 * not its statements. A change is queued; the first thread that finds no commit running leads:
 * it takes every change queued so far, runs them in one transaction, each in a savepoint of
 * its own (a change that fails, such as a move saved from a stale copy, is rolled back alone),
 * and commits once. The changes that arrive while it commits wait for the next leader, who
 * takes them all. Each caller returns only when the commit of its own change is done, with
 * whether it was saved: nothing is acknowledged before it is durable.
 *
 * The leader waits for the store's connection (Store.lock) like any other use of it, so reads
 * and the other writes (games created, accounts ...) interleave with the groups unchanged. */
#include <stdlib.h>

#include "store_impl.h"

typedef struct GroupJob {
    StoreChange change;
    void *arg;
    bool ok;
    bool done;
    struct GroupJob *next;
} GroupJob;

void store_group_init(CommitGroup *q)
{
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->done, NULL);
    q->queue = NULL;
    q->tail = &q->queue;
    q->queued = 0;
    q->leading = false;
}

void store_group_destroy(CommitGroup *q)
{
    pthread_cond_destroy(&q->done);
    pthread_mutex_destroy(&q->lock);
}

/* One change in a savepoint of the group's transaction (the connection's lock held). */
static bool run_saved(Store *store, GroupJob *job)
{
    if (!db_exec(store->db, "SAVEPOINT store_group"))
        return false;
    bool ok = job->change(store, job->arg);
    if (ok)
        return db_exec(store->db, "RELEASE SAVEPOINT store_group");
    db_exec(store->db, "ROLLBACK TO SAVEPOINT store_group");
    db_exec(store->db, "RELEASE SAVEPOINT store_group");
    return false;
}

/* Run a batch of changes in one transaction and commit it: each job's ok set. */
static void run_batch(Store *store, GroupJob *batch)
{
    pthread_mutex_lock(store->lock);
    bool begun = store_begin(store);
    if (!batch->next) { /* alone: no savepoint needed */
        batch->ok = store_finish(store, begun && batch->change(store, batch->arg));
    } else {
        bool any = false;
        for (GroupJob *j = batch; j; j = j->next) {
            j->ok = begun && run_saved(store, j);
            any = any || j->ok;
        }
        bool committed = store_finish(store, begun && any);
        for (GroupJob *j = batch; j; j = j->next)
            j->ok = j->ok && committed;
    }
    pthread_mutex_unlock(store->lock);
}

bool store_group_run(Store *store, StoreChange change, void *arg)
{
    CommitGroup *q = &store->group;
    GroupJob job = {change, arg, false, false, NULL};
    pthread_mutex_lock(&q->lock);
    *q->tail = &job;
    q->tail = &job.next;
    q->queued++;
    while (!job.done) {
        if (q->leading) {
            pthread_cond_wait(&q->done, &q->lock);
            continue;
        }
        q->leading = true;
        GroupJob *batch = q->queue;
        q->queue = NULL;
        q->tail = &q->queue;
        q->queued = 0;
        pthread_mutex_unlock(&q->lock);
        run_batch(store, batch);
        pthread_mutex_lock(&q->lock);
        for (GroupJob *j = batch, *next; j; j = next) {
            next = j->next; /* read before done: a waiter may return and free its job */
            j->done = true;
        }
        q->leading = false;
        pthread_cond_broadcast(&q->done);
    }
    pthread_mutex_unlock(&q->lock);
    return job.ok;
}
