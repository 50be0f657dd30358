/* goban.c - Go-ban (Го-бан). Not written yet: the record names the game; its module fills the rest. */
#include "games.h"

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

const ShOtherGame SH_OTHER_GOBAN = {
    .name = "goban",
    .game_type = "goban",
    .title_en = "Go-ban",
    .title_ru = "Го-бан",
    .players = 2,
    .player_names = NAMES,
    .player_colours = COLOURS,
};
