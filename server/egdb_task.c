/* egdb_task.c - the endgame databases built in the background (egdb_task.h). */
#define _GNU_SOURCE /* syscall(SYS_gettid): the thread's own priority */
#include "egdb_task.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "egdb/dbbuild.h"
#include "egdb/dbprobe.h"

#define TASK_NICE 19

struct EgdbTask {
    WebGames *games;
    char dir[4096];
    int target;
    FILE *log;
    atomic_bool cancel;
    /* `lock` guards `stopping` and `users`; the thread holds it while it touches the games, so
     * that once egdb_task_stop has set `stopping` it never does again */
    pthread_mutex_t lock;
    bool stopping;
    int users; /* the server, and the thread while it runs */
    int counts[DB_MAX_PIECES + 1]; /* the slices of up to N pieces */
    bool checked[DB_MAX_PIECES + 1];
    /* the games' lock: */
    EgdbState state;
    int pieces, done, total;
    bool waiting; /* for another process's build of the same folder */
    unsigned version;
    char error[sizeof ((ShError *)0)->message];
};

static const char *const STATES[] = {"off", "building", "ready", "failed"};

/* Every ending of up to how many pieces the folder holds (0: none). */
static int folder_pieces(const char *dir)
{
    if (!dir[0])
        return 0;
    Db *db = dbprobe_open(dir, 1, NULL);
    int pieces = db ? dbprobe_pieces(db) : 0;
    dbprobe_close(db);
    return pieces;
}

static void task_unref(EgdbTask *t)
{
    pthread_mutex_lock(&t->lock);
    bool last = --t->users == 0;
    pthread_mutex_unlock(&t->lock);
    if (last) {
        pthread_mutex_destroy(&t->lock);
        free(t);
    }
}

/* A new state, unless the server is stopping (pieces < 0: unchanged). */
static void publish_waiting(EgdbTask *t, EgdbState state, int pieces, int done, int total,
                            const char *error, bool waiting)
{
    pthread_mutex_lock(&t->lock);
    if (!t->stopping) {
        WebGames *g = t->games;
        pthread_mutex_lock(&g->lock);
        t->state = state;
        t->waiting = waiting;
        if (pieces >= 0)
            t->pieces = pieces;
        t->done = done;
        t->total = total;
        snprintf(t->error, sizeof t->error, "%s", error ? error : "");
        t->version++;
        live_announce(g, &g->changed);
        pthread_mutex_unlock(&g->lock);
    }
    pthread_mutex_unlock(&t->lock);
}

static void publish(EgdbTask *t, EgdbState state, int pieces, int done, int total,
                    const char *error)
{
    publish_waiting(t, state, pieces, done, total, error, false);
}

/* The processes of a site that share a folder build it once: dbbuild_run holds an flock on
 * DIR/.build-lock while it builds (dropped by the kernel when the builder ends, even killed),
 * and a second build waits for it, then builds only the slices still missing. Here that wait
 * is taken first, so that it can be seen (GET /api/health: "waiting") and left when the server
 * stops: the lock is tried until it is free, then let go for dbbuild_run to take. False when
 * stopped while waiting. */
static bool wait_for_builder(EgdbTask *t)
{
    mkdir(t->dir, 0777); /* dbbuild_run makes it otherwise; the lock's file needs it first */
    char path[sizeof t->dir + 16];
    snprintf(path, sizeof path, "%s/.build-lock", t->dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return true; /* dbbuild_run says why */
    bool waited = false;
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno != EWOULDBLOCK || atomic_load(&t->cancel))
            break;
        /* said by GET /api/health, not in the log: it may come before serve's first line */
        if (!waited)
            publish_waiting(t, EGDB_BUILDING, -1, 0, t->total, NULL, true);
        waited = true;
        usleep(200 * 1000);
    }
    close(fd);
    return !atomic_load(&t->cancel);
}

/* After each slice: every slice of one more piece count done means databases the engines can
 * take now (the slices are built in order of pieces, fewer first). */
static void on_progress(void *context, int done, int total)
{
    EgdbTask *t = context;
    int pieces = -1;
    for (int p = 2; p < t->target; p++) {
        if (t->checked[p] || done < t->counts[p])
            continue;
        t->checked[p] = true;
        int now = folder_pieces(t->dir);
        if (now > t->pieces) {
            dbprobe_refresh(t->dir);
            pieces = now;
        }
    }
    publish(t, EGDB_BUILDING, pieces, done, total, NULL);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *task_main(void *arg)
{
    EgdbTask *t = arg;
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), TASK_NICE);
    if (!wait_for_builder(t)) {
        task_unref(t);
        return NULL;
    }
    /* built meanwhile by the process that held the lock: nothing left to do */
    bool built_elsewhere = folder_pieces(t->dir) >= t->target;
    if (folder_pieces(t->dir) > t->pieces)
        dbprobe_refresh(t->dir);
    double start = seconds_now();
    DbBuildOptions o = {.pieces = t->target,
                        .dir = t->dir,
                        .threads = 1,
                        .variant = SH_VARIANT_RUSSIAN,
                        .progress = on_progress,
                        .context = t,
                        .cancel = &t->cancel};
    ShError err;
    memset(&err, 0, sizeof err);
    ShStatus st = dbbuild_run(&o, &err);
    if (!atomic_load(&t->cancel)) {
        if (st == SH_OK)
            dbprobe_refresh(t->dir);
        int pieces = folder_pieces(t->dir);
        int total = t->counts[t->target];
        publish(t, st == SH_OK ? EGDB_READY : EGDB_FAILED, pieces, st == SH_OK ? total : 0,
                total, st == SH_OK ? NULL : err.message);
        if (t->log) {
            if (st == SH_OK && built_elsewhere)
                fprintf(t->log,
                        "endgame databases: every ending of up to %d pieces is ready in %s "
                        "(built by another process of the site): the engine uses them from its "
                        "next search\n", pieces, t->dir);
            else if (st == SH_OK)
                fprintf(t->log,
                        "endgame databases: every ending of up to %d pieces is ready in %s "
                        "(built in %.0f s): the engine uses them from its next search\n",
                        pieces, t->dir, seconds_now() - start);
            else
                fprintf(t->log, "the endgame databases could not be built in %s: %s\n", t->dir,
                        err.message);
            fflush(t->log);
        }
    }
    task_unref(t);
    return NULL;
}

EgdbTask *egdb_task_start(WebGames *g, int pieces, FILE *log)
{
    EgdbTask *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->games = g;
    snprintf(t->dir, sizeof t->dir, "%s", g->egdb);
    t->target = pieces < 0 ? 0 : pieces > DB_MAX_PIECES ? DB_MAX_PIECES : pieces;
    t->log = log;
    t->users = 1;
    t->version = 1; /* the server's "off" before the task was there is 0 */
    pthread_mutex_init(&t->lock, NULL);
    t->pieces = folder_pieces(t->dir);
    if (!t->dir[0] || t->target < 2) {
        t->state = EGDB_OFF;
        t->target = 0;
        return t;
    }
    for (int p = 2; p <= t->target; p++) {
        DbSlice *list;
        int n = dbbuild_slices(p, &list);
        if (n >= 0)
            free(list);
        t->counts[p] = n < 0 ? 0 : n;
    }
    t->total = t->counts[t->target];
    if (t->pieces >= t->target) {
        t->state = EGDB_READY;
        t->done = t->total;
        return t;
    }
    t->state = EGDB_BUILDING;
    t->users = 2;
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, task_main, t) != 0) {
        t->users = 1;
        t->state = EGDB_FAILED;
        snprintf(t->error, sizeof t->error, "the building thread could not start");
    }
    pthread_attr_destroy(&attr);
    return t;
}

void egdb_task_stop(EgdbTask *t)
{
    if (!t)
        return;
    atomic_store(&t->cancel, true);
    pthread_mutex_lock(&t->lock);
    t->stopping = true;
    pthread_mutex_unlock(&t->lock);
    task_unref(t);
}

unsigned egdb_task_version(const EgdbTask *t)
{
    return t ? t->version : 0;
}

json_t *egdb_task_json(const EgdbTask *t)
{
    if (!t)
        return json_pack("{s:s,s:i,s:i,s:i,s:i,s:n,s:b}", "state", "off", "pieces", 0, "target", 0,
                         "done", 0, "total", 0, "error", "waiting", 0);
    return json_pack("{s:s,s:i,s:i,s:i,s:i,s:o,s:b}", "state", STATES[t->state], "pieces",
                     t->pieces, "target", t->target, "done", t->done, "total", t->total,
                     "error", t->error[0] ? json_string(t->error) : json_null(), "waiting",
                     t->waiting);
}
