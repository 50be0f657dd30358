/* engine_text.h - engine output as text for people: scores and principal variations. */
#ifndef SHASHKI_ENGINE_TEXT_H
#define SHASHKI_ENGINE_TEXT_H

#include <stddef.h>

#include "engine.h"
#include "shashki_play.h"

/* A score for people: "+0.25" (men), "win in 4" / "loss in 3" (moves of the side to move). */
void engine_text_score(int score, char *out, size_t size);

/* A score of the engine of every game (play_engine.h) for the player to move: a draughts
 * game's as engine_text_score writes it, an other game's in pieces ("+1.50") or "win in 5
 * plies" / "loss in 4 plies". */
void engine_text_play_score(const ShKind *kind, int score, char *out, size_t size);

/* The moves of a line from `pos` in the given notation (sh_move_write flags), separated by
 * spaces; cut at the first move that is not legal. Returns the length. */
size_t engine_text_line(const ShPosition *pos, const ShMove *moves, int count, int notation,
                        char *out, size_t size);

#endif
