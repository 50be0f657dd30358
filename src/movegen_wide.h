/* movegen_wide.h - the move generator of the 12x12 board (Canadian draughts), with the entry
 * points the other generators have (private; see movegen_wide.c). */
#ifndef SHASHKI_MOVEGEN_WIDE_H
#define SHASHKI_MOVEGEN_WIDE_H

#include "movegen.h"

void canadian_generate(const ShPosition *pos, ShMoveList *list, bool merge);
int canadian_count(const ShPosition *pos, bool merge);
bool canadian_capture_pending(const ShPosition *pos);
void canadian_paths(const ShPosition *pos, PathList *paths);
uint64_t canadian_perft(const ShPosition *pos, int depth, bool merge);

#endif
