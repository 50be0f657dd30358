/* position_over.h - the rules' word on a position alone (no piece or no move; in giveaway a
 * win), as the web API's Position says it (docs/web-api.md: over, over_code, over_result).
 * Without jansson: the WebAssembly build (wasm/) says it in the same words. */
#ifndef SHASHKI_POSITION_OVER_H
#define SHASHKI_POSITION_OVER_H

#include <stdbool.h>

#include "shashki.h"

typedef struct PositionOver {
    bool over;          /* false: the game goes on, the rest is empty */
    char text[160];     /* "White has no move: Black wins" */
    const char *code;   /* no-moves, no-pieces, giveaway-no-moves, giveaway-no-pieces */
    const char *result; /* "1-0", "0-1" */
} PositionOver;

void position_over(const ShPosition *pos, PositionOver *out);

#endif
