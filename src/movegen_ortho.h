/* movegen_ortho.h - the move generator of the orthogonal board (Turkish draughts), with the
 * entry points the diagonal generators have (private; see movegen_ortho.c). */
#ifndef SHASHKI_MOVEGEN_ORTHO_H
#define SHASHKI_MOVEGEN_ORTHO_H

#include "movegen.h"

void ortho_generate(const ShPosition *pos, ShMoveList *list, bool merge);
int ortho_count(const ShPosition *pos, bool merge);
bool ortho_capture_pending(const ShPosition *pos);
void ortho_paths(const ShPosition *pos, PathList *paths);
uint64_t ortho_perft(const ShPosition *pos, int depth, bool merge);

#endif
