/* position_json.h - positions and moves as the web API's JSON (docs/web-api.md: Position,
 * Move), written by the WebAssembly build the way server/web_json.c writes them with jansson,
 * so that the page reads the browser's engine as it reads the server. */
#ifndef SHASHKI_WASM_POSITION_JSON_H
#define SHASHKI_WASM_POSITION_JSON_H

#include "shashki.h"
#include "text.h"

/* A legal move of pos with all its paths (a Move). */
void position_json_move(Text *t, const ShPosition *pos, const ShMove *move);
/* The position with its legal moves (a Position), without its closing brace, so that the
 * caller may add members ("played"). */
void position_json_open(Text *t, const ShPosition *pos);
/* The moves of a line as the server's analysis writes them ("c3-d4", ...). */
void position_json_line(Text *t, const ShPosition *root, const ShMove *moves, int count);

#endif
