/* stavropol.c - Stavropol draughts (Ставропольские шашки). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

const ShOtherGame SH_OTHER_STAVROPOL = {
    .name = "stavropol",
    .game_type = "stavropol",
    .title_en = "Stavropol draughts",
    .title_ru = "Ставропольские шашки",
    .players = 2,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
