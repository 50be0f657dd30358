/* games.h - the modules of the other games (private to the library): one record each, defined in
 * its own file, listed by other.c; and what their settings, records and hashes share. */
#ifndef SHASHKI_OTHER_GAMES_H
#define SHASHKI_OTHER_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include "shashki_other.h"

extern const ShOtherGame SH_OTHER_CORNERS;    /* corners.c */
extern const ShOtherGame SH_OTHER_GOBAN;      /* goban.c */
extern const ShOtherGame SH_OTHER_BELARUSIAN; /* belarusian.c */
extern const ShOtherGame SH_OTHER_WIEGMAN;    /* wiegman.c */
extern const ShOtherGame SH_OTHER_STAVROPOL;  /* stavropol.c */
extern const ShOtherGame SH_OTHER_PSKOV;      /* pskov.c */
extern const ShOtherGame SH_OTHER_NOVGOROD;   /* novgorod.c */
extern const ShOtherGame SH_OTHER_NEVA;       /* neva.c */

/* A module's state must fit in ShOtherState. */
#define SH_OTHER_STATE_FITS(type) \
    _Static_assert(sizeof(type) <= SH_OTHER_STATE_SIZE, #type " does not fit in ShOtherState")

/* ---- Settings (other.c) ---- */

/* The next setting of the settings text (length bytes) from *at: its record into *set (NULL
 * at the end of the text), its value into *value and *value_length, *at past it and its comma.
 * SH_ERR_SYNTAX at its column in text when it is no key=value, game has no such key, or the
 * value is none of the key's. A trailing comma ends the text like its end. */
ShStatus other_setting_next(const ShOtherGame *game, const char *text, size_t length,
                            size_t *at, const ShSetting **set, const char **value,
                            size_t *value_length, ShError *err);
/* Whether the value of setting key in settings (or its fallback) is value. */
bool other_setting_is(const ShOtherGame *game, const char *settings, const char *key,
                      const char *value);
/* The number that the value of setting key in settings (or its fallback) is; 0 for "off". */
int other_setting_number(const ShOtherGame *game, const char *settings, const char *key);
/* A number setting's value as a text writes it: "off" for 0, else the number in out. */
#define OTHER_NUMBER_SIZE 12 /* the bytes of out */
const char *other_number_text(unsigned value, char out[OTHER_NUMBER_SIZE]);

/* ---- Records and hashes ---- */

/* The fields of a game's record that its module's tables give: every module names its players'
 * names and colours and its settings NAMES, COLOURS and SETTINGS. */
#define OTHER_GAME_TABLES                                                                     \
    .player_names = NAMES, .player_colours = COLOURS, .settings = SETTINGS,                   \
    .setting_count = (int)(sizeof SETTINGS / sizeof SETTINGS[0])

/* The functions of a game's record that its module names prefix_start ... prefix_hash. The board
 * and the notation, which games share (board8.h), each record names itself. */
#define OTHER_GAME_FUNCTIONS(prefix)                                                          \
    .start = prefix##_start, .parse = prefix##_parse, .format = prefix##_format,              \
    .piece = prefix##_piece, .to_move = prefix##_to_move, .moves = prefix##_moves,            \
    .make = prefix##_make, .result = prefix##_result, .evaluate = prefix##_evaluate,          \
    .hash = prefix##_hash

/* The 64-bit FNV-1a hash: n bytes folded into h, which starts as OTHER_FNV_BASIS. A game whose
 * state has no padding hashes its bytes so. */
#define OTHER_FNV_BASIS 1469598103934665603ULL
#define OTHER_FNV_PRIME 1099511628211ULL
static inline uint64_t other_fnv(uint64_t h, const void *bytes, size_t n)
{
    const unsigned char *b = bytes;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * OTHER_FNV_PRIME;
    return h;
}

/* For evaluate: whether the game in st is over by its result, and then its worth to player into
 * *worth (a win 30000, a loss -30000, a draw 0). */
static inline bool other_over(const ShOtherGame *game, const ShOtherState *st, int player,
                              int *worth)
{
    ShOtherResult res;
    game->result(st, &res);
    if (res.over)
        *worth = res.winner < 0 ? 0 : res.winner == player ? 30000 : -30000;
    return res.over;
}

#endif
