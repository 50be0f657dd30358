/* text.h - a growing text buffer for the WebAssembly build's answers (wasm/api.c): JSON
 * written piece by piece. Out of memory, it keeps what fits and says so (text_failed). */
#ifndef SHASHKI_WASM_TEXT_H
#define SHASHKI_WASM_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Text {
    char *data; /* NUL-terminated */
    size_t length, capacity;
    bool failed;
} Text;

void text_clear(Text *t);
void text_add(Text *t, const char *s);
void text_printf(Text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
/* s as a JSON string, quotes included; NULL as null */
void text_json_string(Text *t, const char *s);
/* "key": (a comma first unless the previous character opened an object) */
void text_key(Text *t, const char *key);
void text_comma(Text *t); /* a comma unless the previous character opened a list or object */
void text_int(Text *t, int64_t v);
void text_bool(Text *t, bool v);

#endif
