/*
 * http_workers.h - the threads that run the HTTP handlers (http.c).
 *
 * libmicrohttpd polls the connections on a few threads (epoll); a handler may block (a move
 * waits for its commit, a wrong password is slowed down), so handlers run here instead, on
 * threads started when every one is busy (at most WORKERS_MAX: then a request waits for one)
 * and ended after WORKERS_IDLE_SECONDS without work. A thousand games need a few threads at a
 * time, not one per connection. A thread is kept, not made a request: each new thread costs
 * the zeroing of the program's thread-local storage (229 KB).
 */
#ifndef SHASHKI_HTTP_WORKERS_H
#define SHASHKI_HTTP_WORKERS_H

#include <stdbool.h>

#define WORKERS_IDLE_SECONDS 30
#define WORKERS_MAX 256

typedef struct HttpWorkers HttpWorkers;

HttpWorkers *http_workers_new(void);
/* Run run(job) on a worker; false when no thread can be had (the caller runs it itself). */
bool http_workers_submit(HttpWorkers *w, void (*run)(void *job), void *job);
/* Wait for the jobs submitted to end; submit refuses from then on (false). */
void http_workers_stop(HttpWorkers *w);
/* Stop, then free the pool. */
void http_workers_free(HttpWorkers *w);

#endif
