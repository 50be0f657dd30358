/* game.h - the game record's insides, shared by game.c and pdn.c (private). */
#ifndef SHASHKI_GAME_H
#define SHASHKI_GAME_H

#include "shashki.h"

/* The arbiter's counters for one position. */
typedef struct Arbiter {
    int quiet;       /* plies in a row of king moves without a capture: the kings-only count,
                        and the stretch in which a position can repeat */
    int balance;     /* plies since the material last changed (capture, crowning) or the start */
    int main_road;   /* plies since "three against a lone king on the main road" began; -1 */
    int reversible;  /* plies since the last move that cannot be undone: the repetition window */
    int repetitions; /* times this position has occurred, this time included */
} Arbiter;

/* The draw offers (1.9.3-1.9.6). */
typedef struct Offers {
    int pending;     /* the side whose offer waits for an answer, or -1 */
    bool blocked[2]; /* the side's offer was declined and the opponent has not offered since */
} Offers;

/* The state after a move (index 0: the start). */
typedef struct Ply {
    ShPosition pos;
    ShMove move; /* the move that led here */
    Arbiter arb;
    Offers offers;
} Ply;

/* What PDN can attach to a place in the game: a comment, NAGs, variations. */
typedef struct Note {
    char *comment;
    int nags[SH_GAME_MAX_NAGS];
    int nag_count;
    char **variations;
    int variation_count;
} Note;

typedef struct Tag {
    char *name;
    char *value;
} Tag;

struct ShGame {
    ShGameOptions options;
    Ply *plies; /* count positions: the start and one after each move */
    int count;
    int capacity;
    Note *notes; /* notes[i + 1] for move index i; notes[0] before the first move */
    ShClock *clock_before; /* per move: the clock just before it was pressed */
    int64_t *pressed_at;   /* per move: when (INT64_MIN: the clock did not run) */
    ShClock clock;
    bool has_clock;
    ShResult result;
    ShReason reason;
    Tag *tags;
    int tag_count;
    int opening_plies;
    char *preamble;       /* comments before the tags (PDN) */
    bool russian_scoring; /* results written 2-0 / 1-1 / 0-2 (PDN) */
};

/* Set the result without the checks of sh_game_end (the PDN reader). */
void game_set_result(ShGame *game, ShResult result, ShReason reason);
/* Add a tag even if its name is one sh_game_set_tag refuses (the PDN reader keeps what it
 * cannot interpret). */
ShStatus game_add_tag(ShGame *game, const char *name, const char *value, ShError *err);
/* Replace a text slot with a copy of text (NULL or "" clears it). */
/* SH_ERR_NO_MEMORY in err. */
ShStatus game_no_memory(ShError *err);
/* A copy of text (NULL if out of memory). */
char *game_text_copy(const char *text);
ShStatus game_set_text(char **slot, const char *text, ShError *err);
/* Append text to a slot, with a space between. */
ShStatus game_append_text(char **slot, const char *text, ShError *err);
/* A comment that holds a '}' is made one line (blanks and line breaks become one space), the
 * only form in which PDN can write it. */
void game_normalise_comment(char *text);
/* Add a variation without checking it (the reader has). */
ShStatus game_add_variation_raw(ShGame *game, int index, const char *text, ShError *err);

/* pdn.c: check PDN move text that starts from `pos` (a variation). */
ShStatus pdn_check_line(const ShPosition *pos, const char *text, ShError *err);

#endif
