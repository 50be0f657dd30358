/*
 * stream.h - server-sent events of something that changes: a game (web_watch.c) or an event
 * (web_event_view.c). A watcher gets the thing's state at once and again each time its version
 * moves on; one that falls behind gets the latest state, not every one in between (each state
 * is whole and carries its version), and one that reconnects gets the current state first, so
 * nothing is lost. A stream waits without a thread: it parks (stream_wait.h) until its
 * condition is announced (live_announce); a quiet stream sends a keep-alive every
 * STREAM_WAIT_SECONDS. The stream ends when the thing is gone or the
 * server stops.
 */
#ifndef SHASHKI_STREAM_H
#define SHASHKI_STREAM_H

#include <stdbool.h>

#include <jansson.h>

#include "event_text.h"
#include "http.h"
#include "live.h"

#define STREAM_WAIT_SECONDS 15

typedef struct StreamSource {
    /* (the games' lock held) false when the thing is gone; else its version now */
    bool (*version)(WebGames *games, long id, void *context, unsigned *version);
    /* (the games' lock held) the event's text of its state now, malloc'ed; NULL ends the stream */
    char *(*text)(WebGames *games, long id, void *context);
    /* the condition variable its changes are announced on (live_announce) */
    pthread_cond_t *(*cond)(WebGames *games, long id);
    /* (the games' lock held; optional, used instead of `text`) the event's text of its state
     * now, shared by every watcher of that state: a reference the stream lets go of */
    EventText *(*shared)(WebGames *games, long id, void *context);
} StreamSource;

/* Answer with the stream of the thing `id` (context is passed to the source, and freed with
 * free() when the stream ends; it may be NULL). */
void stream_respond(HttpResponse *res, WebGames *games, const StreamSource *source, long id,
                    void *context);

/* One server-sent event, "event: EVENT\ndata: JSON\n\n", of `data` dumped with `flags`
 * (JSON_COMPACT | JSON_ENSURE_ASCII and the like); takes `data` (NULL gives NULL). The text is
 * the caller's to free; NULL when out of memory. */
char *stream_event_text(const char *event, json_t *data, size_t flags);

#endif
