/*
 * stream_wait.h - event streams waiting for news without a thread each (http.h, stream.h).
 *
 * A stream with nothing to send parks: its connection is paused (http_stream_pause) and noted
 * under the condition variable its news are announced on; whoever announces on that condition
 * (stream_wait_announce, after the broadcast that wakes the threads waiting on it) resumes the
 * streams parked there, and their `next` looks again. A stream parked until a time (its next
 * keep-alive) is resumed then by the registry's clock thread. The caller orders park and
 * announce with its own lock (the games' lock, an analysis's lock): it checks for news and parks
 * under that lock, and news are made and announced under it, so none is missed.
 */
#ifndef SHASHKI_STREAM_WAIT_H
#define SHASHKI_STREAM_WAIT_H

#include <pthread.h>
#include <stdbool.h>
#include <time.h>

#include "http.h"

typedef struct StreamWaiter {
    const void *on;           /* what it waits for (a condition variable's address) */
    HttpWake *wake;
    struct timespec until;    /* CLOCK_MONOTONIC: resumed then if nothing came before */
    bool parked;
    struct StreamWaiter *prev, *next;
} StreamWaiter;

/* Pause the stream's connection until `on` is announced or `until` passes (from a stream's
 * `next`, which then returns HTTP_STREAM_PAUSED). False when it cannot be parked (no clock
 * thread): the caller answers at once instead (a keep-alive). */
bool stream_wait_park(StreamWaiter *w, const void *on, HttpWake *wake, const struct timespec *until);
/* When a stream cannot park: wait up to a second on cond (lock held) on the polling thread. */
void stream_wait_second(pthread_cond_t *cond, pthread_mutex_t *lock);
/* Resume every stream parked on `on` (NULL: every stream parked, when the server stops). */
void stream_wait_announce(const void *on);
/* The monotonic time `seconds` from now. */
struct timespec stream_wait_after(int seconds);
/* Whether `t` has come. */
bool stream_wait_passed(const struct timespec *t);

#endif
