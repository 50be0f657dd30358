/* event_text.c - shared event texts (event_text.h). */
#include "event_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

EventText *event_text_new(const char *event, const char *data)
{
    size_t size = strlen(event) + strlen(data) + sizeof "event: \ndata: \n\n";
    EventText *t = malloc(sizeof *t + size);
    if (!t)
        return NULL;
    int n = snprintf(t->text, size, "event: %s\ndata: %s\n\n", event, data);
    t->size = n > 0 ? (size_t)n : 0;
    atomic_init(&t->refs, 1);
    return t;
}

EventText *event_text_ref(EventText *t)
{
    if (t)
        atomic_fetch_add_explicit(&t->refs, 1, memory_order_relaxed);
    return t;
}

void event_text_unref(EventText *t)
{
    if (t && atomic_fetch_sub_explicit(&t->refs, 1, memory_order_acq_rel) == 1)
        free(t);
}
