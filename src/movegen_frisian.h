/* movegen_frisian.h - the move generator of Frisian draughts (10x10, captures along the
 * diagonals, files and ranks), with the entry points the other generators have (private; see
 * movegen_frisian.c). */
#ifndef SHASHKI_MOVEGEN_FRISIAN_H
#define SHASHKI_MOVEGEN_FRISIAN_H

#include "movegen.h"

void frisian_generate(const ShPosition *pos, ShMoveList *list, bool merge);
int frisian_count(const ShPosition *pos, bool merge);
bool frisian_capture_pending(const ShPosition *pos);
void frisian_paths(const ShPosition *pos, PathList *paths);
uint64_t frisian_perft(const ShPosition *pos, int depth, bool merge);
/* The order of captures under the value rule, as a number (a larger one goes first): `men`
 * and `kings` taken, by a king or not. For the tests of the rule. */
uint32_t frisian_capture_rank(int men, int kings, bool by_king);

#endif
