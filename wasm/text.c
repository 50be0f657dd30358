/* text.c - a growing text buffer and JSON's pieces. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool text_room(Text *t, size_t more)
{
    if (t->failed)
        return false;
    if (t->length + more + 1 <= t->capacity)
        return true;
    size_t cap = t->capacity ? t->capacity : 4096;
    while (cap < t->length + more + 1)
        cap *= 2;
    char *d = realloc(t->data, cap);
    if (!d) {
        t->failed = true;
        return false;
    }
    t->data = d;
    t->capacity = cap;
    return true;
}

void text_clear(Text *t)
{
    t->length = 0;
    t->failed = false;
    if (text_room(t, 0))
        t->data[0] = '\0';
}

static void text_append(Text *t, const char *s, size_t n)
{
    if (!text_room(t, n))
        return;
    memcpy(t->data + t->length, s, n);
    t->length += n;
    t->data[t->length] = '\0';
}

void text_add(Text *t, const char *s)
{
    text_append(t, s, strlen(s));
}

void text_printf(Text *t, const char *format, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(small, sizeof small, format, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        text_append(t, small, (size_t)n);
        return;
    }
    if (!text_room(t, (size_t)n))
        return;
    va_start(ap, format);
    vsnprintf(t->data + t->length, (size_t)n + 1, format, ap);
    va_end(ap);
    t->length += (size_t)n;
}

void text_json_string(Text *t, const char *s)
{
    if (!s) {
        text_add(t, "null");
        return;
    }
    text_add(t, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            text_printf(t, "\\%c", *p);
        else if (*p < 0x20)
            text_printf(t, "\\u%04x", *p);
        else
            text_append(t, (const char *)p, 1);
    }
    text_add(t, "\"");
}

void text_comma(Text *t)
{
    char last = t->length ? t->data[t->length - 1] : '{';
    if (last != '{' && last != '[' && last != ':')
        text_add(t, ",");
}

void text_key(Text *t, const char *key)
{
    text_comma(t);
    text_json_string(t, key);
    text_add(t, ":");
}

void text_int(Text *t, int64_t v)
{
    text_printf(t, "%lld", (long long)v);
}

void text_bool(Text *t, bool v)
{
    text_add(t, v ? "true" : "false");
}
