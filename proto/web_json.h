/* web_json.h - positions and moves as the web API's JSON (docs/web-api.md). */
#ifndef SHASHKI_WEB_JSON_H
#define SHASHKI_WEB_JSON_H

#include <jansson.h>

#include "shashki.h"

/* "c3" */
json_t *wj_square(int square);
/* A legal move of pos with all its paths ("Move" in the API). */
json_t *wj_move(const ShPosition *pos, const ShMove *move);
/* The position with its legal moves ("Position" in the API). */
json_t *wj_position(const ShPosition *pos);
/* The 32-character board string. */
void wj_board(const ShPosition *pos, char out[SH_SQUARES + 1]);

#endif
