/* postext.h - what the position texts of the square-board games share (private): the head of a
 * text, which carries the game's settings and starts the position under them, its fields, the
 * side to move and small numbers. Every fault is SH_ERR_SYNTAX on line 1 at its column (1-based,
 * in bytes of the whole text) unless said otherwise; the rows of the board are rows.h's. */
#ifndef SHASHKI_OTHER_POSTEXT_H
#define SHASHKI_OTHER_POSTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "shashki_other.h"

#define POSTEXT_SETTINGS_SIZE 256 /* the settings of a text, with the NUL */

/* Splits text into its fields, separated by single spaces: at most max of them, with their
 * starts (offsets into text) and lengths; returns how many, or -1 if there are more than max
 * (or an empty field: a leading, doubled or trailing space), with *column at the fault. */
int postext_fields(const char *text, int max, int start[], int length[], int *column);

/* The head of a text of fields whose last, optional one holds the settings ("ROWS SIDE ...
 * [SETTINGS]": corners, Belarusian, Stavropol): splits text into min to max fields (starts and
 * lengths into start and length, the max-th the settings) and starts game under the settings
 * into st. Faults: "no position" at column 1 if text is NULL; `form` (the text's form) at the
 * fields' fault, or past the text's end when there are fewer than min; "settings too long"; a
 * setting's fault (sh_other_start's) at its column. */
ShStatus postext_open_fields(const ShOtherGame *game, const char *text, int min, int max,
                             const char *form, int start[], int length[], ShOtherState *st,
                             ShError *err);

/* The head of a text that begins "SETTINGS SIDE " (go-ban, Wiegman): starts game under the
 * settings into st, the side to move (w 0, b 1) into *side, and the offset just past the space
 * after it into *at. Faults: SH_ERR_ARGUMENT "no text" (no line or column) if text is NULL;
 * `form` (the text's form) past the text's end when it has no space; "the settings are too long"
 * at column 1; a setting's fault at its column; "the side to move is w or b" unless the side is
 * one of them and a space follows. */
ShStatus postext_open_settings(const ShOtherGame *game, const char *text, const char *form,
                               ShOtherState *st, uint8_t *side, int *at, ShError *err);

/* The side to move in the field at text + start, length bytes: "w" (0) or "b" (1) into *side;
 * else "the side to move is w or b" at the field. */
ShStatus postext_side(const char *text, int start, int length, uint8_t *side, ShError *err);

/* A count of 1 to 4 digits, the field at s of length bytes, into *out; false if it is none. */
bool postext_count(const char *s, int length, uint16_t *out);

/* The number at text + *at, *at moved past it (its digits are read while it is under 100000);
 * -1 if no digit is there. */
int postext_number(const char *text, int *at);

#endif
