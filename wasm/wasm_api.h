/* wasm_api.h - what the WebAssembly build's entry points share (wasm/api.c): the request's
 * lines, the answer's buffer, an error's answer. */
#ifndef SHASHKI_WASM_API_H
#define SHASHKI_WASM_API_H

#include "text.h"

/* The request's first `count` lines, split in place ("" for those missing). */
void wasm_request_lines(char **line, int count);
/* The answer's buffer, emptied: valid until the next call of an entry point. */
Text *wasm_out(void);
/* {"error": {"message", "field"}} (field may be NULL), as the server's 400s. */
const char *wasm_fail(const char *field, const char *message);

#endif
