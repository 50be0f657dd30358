/* stream.c - server-sent events of something that changes (stream.h). */
#include "stream.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stream_wait.h"

typedef struct Stream {
    WebGames *games;
    const StreamSource *source;
    long id;
    void *context;
    unsigned seen;
    bool first;
    char *pending; /* text not yet sent: its own (owned) or a shared one's */
    EventText *shared; /* the shared text `pending` is in, or NULL */
    size_t pending_size, pending_at;
    struct timespec keepalive; /* when to send a keep-alive if nothing changes before */
    StreamWaiter waiter;
} Stream;

static void pending_free(Stream *s)
{
    if (s->shared)
        event_text_unref(s->shared);
    else
        free(s->pending);
    s->shared = NULL;
    s->pending = NULL;
}

static long pending_copy(Stream *s, char *buf, size_t max)
{
    size_t n = s->pending_size - s->pending_at;
    if (n > max)
        n = max;
    memcpy(buf, s->pending + s->pending_at, n);
    s->pending_at += n;
    if (s->pending_at == s->pending_size)
        pending_free(s);
    return (long)n;
}

static long stream_next(void *state, HttpWake *wake, char *buf, size_t max)
{
    Stream *s = state;
    if (s->pending)
        return pending_copy(s, buf, max);
    WebGames *g = s->games;
    pthread_mutex_lock(&g->lock);
    unsigned version = 0;
    if (g->stopping || !s->source->version(g, s->id, s->context, &version)) {
        pthread_mutex_unlock(&g->lock);
        return -1;
    }
    if (s->first || version != s->seen) {
        s->first = false;
        s->seen = version;
        if (s->source->shared) {
            s->shared = s->source->shared(g, s->id, s->context);
            s->pending = s->shared ? s->shared->text : NULL;
        } else {
            s->pending = s->source->text(g, s->id, s->context);
        }
        pthread_mutex_unlock(&g->lock);
        if (!s->pending)
            return -1;
        s->pending_size = s->shared ? s->shared->size : strlen(s->pending);
        s->pending_at = 0;
        s->keepalive = stream_wait_after(STREAM_WAIT_SECONDS);
        return pending_copy(s, buf, max);
    }
    /* nothing new: parked until its condition is announced (live_announce) or it is time
     * for a keep-alive */
    if (!stream_wait_passed(&s->keepalive)) {
        if (stream_wait_park(&s->waiter, s->source->cond(g, s->id), wake, &s->keepalive)) {
            pthread_mutex_unlock(&g->lock);
            return HTTP_STREAM_PAUSED;
        }
        /* not parked (no clock thread): a wait, not a loop of keep-alives */
        stream_wait_second(s->source->cond(g, s->id), &g->lock);
    }
    pthread_mutex_unlock(&g->lock);
    s->keepalive = stream_wait_after(STREAM_WAIT_SECONDS);
    return 0;
}

static void stream_done(void *state)
{
    Stream *s = state;
    pending_free(s);
    free(s->context);
    free(s);
}

void stream_respond(HttpResponse *res, WebGames *games, const StreamSource *source, long id,
                    void *context)
{
    Stream *s = calloc(1, sizeof *s);
    if (!s) {
        free(context);
        http_error(res, 500, "out of memory");
        return;
    }
    s->games = games;
    s->source = source;
    s->id = id;
    s->context = context;
    s->first = true;
    res->has_stream = true;
    res->stream = (HttpStream){stream_next, stream_done, s};
}

char *stream_event_text(const char *event, json_t *data, size_t flags)
{
    char *text = data ? json_dumps(data, flags) : NULL;
    json_decref(data);
    if (!text)
        return NULL;
    size_t size = strlen(text) + strlen(event) + 32;
    char *line = malloc(size);
    if (line)
        snprintf(line, size, "event: %s\ndata: %s\n\n", event, text);
    free(text);
    return line;
}
