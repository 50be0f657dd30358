/* http_workers.c - the threads that run the HTTP handlers (http_workers.h). */
#include "http_workers.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

typedef struct Job {
    void (*run)(void *job);
    void *arg;
    struct Job *next;
} Job;

struct HttpWorkers {
    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was queued, or the pool stops */
    pthread_cond_t ended; /* a thread ended */
    Job *head, **tail;
    int queued;  /* jobs not yet taken */
    int waiting; /* threads waiting for a job */
    int threads; /* threads running */
    bool stopping;
};

static void *worker_main(void *arg)
{
    HttpWorkers *w = arg;
    pthread_mutex_lock(&w->lock);
    for (;;) {
        while (!w->head && !w->stopping) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += WORKERS_IDLE_SECONDS;
            w->waiting++;
            int rc = pthread_cond_timedwait(&w->work, &w->lock, &until);
            w->waiting--;
            if (rc == ETIMEDOUT && !w->head)
                break;
        }
        if (!w->head)
            break;
        Job *job = w->head;
        w->head = job->next;
        if (!w->head)
            w->tail = &w->head;
        w->queued--;
        pthread_mutex_unlock(&w->lock);
        job->run(job->arg);
        free(job);
        pthread_mutex_lock(&w->lock);
    }
    w->threads--;
    pthread_cond_broadcast(&w->ended);
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

HttpWorkers *http_workers_new(void)
{
    HttpWorkers *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->work, NULL);
    pthread_cond_init(&w->ended, NULL);
    w->tail = &w->head;
    return w;
}

bool http_workers_submit(HttpWorkers *w, void (*run)(void *job), void *arg)
{
    Job *job = malloc(sizeof *job);
    if (!job)
        return false;
    *job = (Job){run, arg, NULL};
    pthread_mutex_lock(&w->lock);
    if (w->stopping) {
        pthread_mutex_unlock(&w->lock);
        free(job);
        return false;
    }
    /* every waiting thread has a job already: one more, up to WORKERS_MAX (then it waits) */
    if (w->queued >= w->waiting && w->threads < WORKERS_MAX) {
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&thread, &attr, worker_main, w) == 0)
            w->threads++;
        pthread_attr_destroy(&attr);
        if (w->threads == 0) {
            pthread_mutex_unlock(&w->lock);
            free(job);
            return false;
        }
    }
    *w->tail = job;
    w->tail = &job->next;
    w->queued++;
    pthread_cond_signal(&w->work);
    pthread_mutex_unlock(&w->lock);
    return true;
}

void http_workers_stop(HttpWorkers *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->lock);
    w->stopping = true;
    pthread_cond_broadcast(&w->work);
    while (w->threads > 0)
        pthread_cond_wait(&w->ended, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

void http_workers_free(HttpWorkers *w)
{
    if (!w)
        return;
    http_workers_stop(w);
    pthread_cond_destroy(&w->ended);
    pthread_cond_destroy(&w->work);
    pthread_mutex_destroy(&w->lock);
    free(w);
}
