/* web_json.h - positions and moves as the web API's JSON (docs/web-api.md), each in its own
 * game's squares. */
#ifndef SHASHKI_WEB_JSON_H
#define SHASHKI_WEB_JSON_H

#include <jansson.h>

#include "shashki.h"

/* "c3": a square of the variant's board */
json_t *wj_square(ShVariant variant, int square);
/* A legal move of pos with all its paths ("Move" in the API). */
json_t *wj_move(const ShPosition *pos, const ShMove *move);
/* The position with its legal moves ("Position" in the API). */
json_t *wj_position(const ShPosition *pos);
/* The board string: a character per playing square of the game (32, or 64 for Turkish). */
void wj_board(const ShPosition *pos, char out[SH_MAX_SQUARES + 1]);

#endif
