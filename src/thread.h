/*
 * thread.h - POSIX threads, or a single thread's stand-ins where there are none.
 *
 * The library and the engine use threads for speed only (perft's and the search's helpers,
 * the endgame databases' build); each also works on the thread it is called from. The
 * WebAssembly build (wasm32-wasi, `make wasm`, docs/wasm.md) has no threads: there
 * SH_SINGLE_THREAD is 1, a mutex or condition is a no-op, pthread_once runs its function the
 * first time, and pthread_create fails (EAGAIN), so callers fall back to doing the work
 * themselves. engine.c runs its search on the caller's thread there.
 */
#ifndef SHASHKI_THREAD_H
#define SHASHKI_THREAD_H

#if defined(__wasi__) && !defined(_REENTRANT)

#define SH_SINGLE_THREAD 1

#include <errno.h>
#include <stddef.h>

typedef int pthread_t;
typedef int pthread_attr_t;
typedef int pthread_mutex_t;
typedef int pthread_cond_t;
typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_MUTEX_INITIALIZER 0

static inline int pthread_mutex_init(pthread_mutex_t *m, const void *attr)
{
    (void)attr;
    *m = 0;
    return 0;
}
static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
    (void)m;
    return 0;
}
static inline int pthread_cond_init(pthread_cond_t *c, const void *attr)
{
    (void)attr;
    *c = 0;
    return 0;
}
static inline int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
static inline int pthread_cond_broadcast(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
static inline int pthread_cond_signal(pthread_cond_t *c)
{
    (void)c;
    return 0;
}
/* Nothing else runs to change what the caller waits for: never called with a false condition
 * on one thread (engine.c runs its search inline). */
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    (void)c;
    (void)m;
    return 0;
}
static inline int pthread_once(pthread_once_t *once, void (*fn)(void))
{
    if (!*once) {
        *once = 1;
        fn();
    }
    return 0;
}
static inline int pthread_attr_init(pthread_attr_t *a)
{
    *a = 0;
    return 0;
}
static inline int pthread_attr_destroy(pthread_attr_t *a)
{
    (void)a;
    return 0;
}
static inline int pthread_attr_setstacksize(pthread_attr_t *a, size_t size)
{
    (void)a;
    (void)size;
    return 0;
}
static inline int pthread_attr_setdetachstate(pthread_attr_t *a, int state)
{
    (void)a;
    (void)state;
    return 0;
}
#define PTHREAD_CREATE_DETACHED 1
static inline int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *),
                                 void *arg)
{
    (void)t;
    (void)a;
    (void)fn;
    (void)arg;
    return EAGAIN;
}
static inline int pthread_join(pthread_t t, void **ret)
{
    (void)t;
    (void)ret;
    return 0;
}

#else

#define SH_SINGLE_THREAD 0
#include <pthread.h>

#endif

#endif /* SHASHKI_THREAD_H */
