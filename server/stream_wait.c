/* stream_wait.c - event streams waiting for news without a thread each (stream_wait.h).
 *
 * The parked streams are kept in buckets by what they wait for (a move wakes the streams of
 * its game's condition only); one clock thread, started with the first stream parked, resumes
 * those whose time has come, checking once a second. */
#include "stream_wait.h"

#include <stdint.h>

#define WAIT_BUCKETS 4096

static pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wait_parked = PTHREAD_COND_INITIALIZER; /* the clock has something to do */
static StreamWaiter *wait_bucket[WAIT_BUCKETS];
static long wait_count;
static bool clock_running;

static unsigned bucket_of(const void *on)
{
    uintptr_t x = (uintptr_t)on;
    x ^= x >> 17;
    x *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (unsigned)(x >> 20) % WAIT_BUCKETS;
}

static void unlink_waiter(StreamWaiter *w)
{
    if (w->prev)
        w->prev->next = w->next;
    else
        wait_bucket[bucket_of(w->on)] = w->next;
    if (w->next)
        w->next->prev = w->prev;
    w->prev = w->next = NULL;
    w->parked = false;
    wait_count--;
}

/* Resume w (the registry's lock held). */
static void resume(StreamWaiter *w)
{
    unlink_waiter(w);
    http_stream_resume(w->wake);
}

struct timespec stream_wait_after(int seconds)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += seconds;
    return t;
}

bool stream_wait_passed(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > t->tv_sec || (now.tv_sec == t->tv_sec && now.tv_nsec >= t->tv_nsec);
}

static void *clock_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&wait_lock);
    for (;;) {
        while (wait_count == 0)
            pthread_cond_wait(&wait_parked, &wait_lock);
        for (unsigned b = 0; b < WAIT_BUCKETS; b++)
            for (StreamWaiter *w = wait_bucket[b], *next; w; w = next) {
                next = w->next;
                if (stream_wait_passed(&w->until))
                    resume(w);
            }
        pthread_mutex_unlock(&wait_lock);
        struct timespec second = {1, 0};
        nanosleep(&second, NULL);
        pthread_mutex_lock(&wait_lock);
    }
    return NULL;
}

bool stream_wait_park(StreamWaiter *w, const void *on, HttpWake *wake, const struct timespec *until)
{
    pthread_mutex_lock(&wait_lock);
    if (!clock_running) {
        pthread_t thread;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        clock_running = pthread_create(&thread, &attr, clock_main, NULL) == 0;
        pthread_attr_destroy(&attr);
        if (!clock_running) {
            pthread_mutex_unlock(&wait_lock);
            return false;
        }
    }
    w->on = on;
    w->wake = wake;
    w->until = *until;
    w->parked = true;
    unsigned b = bucket_of(on);
    w->prev = NULL;
    w->next = wait_bucket[b];
    if (w->next)
        w->next->prev = w;
    wait_bucket[b] = w;
    if (wait_count++ == 0)
        pthread_cond_signal(&wait_parked);
    http_stream_pause(wake); /* under the registry's lock: resumed only after */
    pthread_mutex_unlock(&wait_lock);
    return true;
}

void stream_wait_announce(const void *on)
{
    pthread_mutex_lock(&wait_lock);
    if (wait_count > 0) {
        if (on) {
            for (StreamWaiter *w = wait_bucket[bucket_of(on)], *next; w; w = next) {
                next = w->next;
                if (w->on == on)
                    resume(w);
            }
        } else {
            for (unsigned b = 0; b < WAIT_BUCKETS; b++)
                while (wait_bucket[b])
                    resume(wait_bucket[b]);
        }
    }
    pthread_mutex_unlock(&wait_lock);
}

void stream_wait_second(pthread_cond_t *cond, pthread_mutex_t *lock)
{
    struct timespec second;
    clock_gettime(CLOCK_REALTIME, &second);
    second.tv_sec++;
    pthread_cond_timedwait(cond, lock, &second);
}
