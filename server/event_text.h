/* event_text.h - a server-sent event's text shared by every watcher of one version of a thing
 * (a game's state): made once, counted, freed by whoever lets go of it last, so that a move
 * watched by many streams costs one text and no copy per stream (stream.c, live.c). */
#ifndef SHASHKI_EVENT_TEXT_H
#define SHASHKI_EVENT_TEXT_H

#include <stdatomic.h>
#include <stddef.h>

typedef struct EventText {
    atomic_int refs;
    size_t size; /* strlen(text) */
    char text[];
} EventText;

/* A text of one reference made from `event` and its `data` ("event: EVENT\ndata: DATA\n\n");
 * NULL when out of memory. */
EventText *event_text_new(const char *event, const char *data);
EventText *event_text_ref(EventText *t);
/* Let go of one reference (NULL: nothing); the last frees it. */
void event_text_unref(EventText *t);

#endif
