/* rules.c - the variant records. A variant is data; the move generator is specialised for
 * each record at compile time (movegen_impl.h, instantiated in movegen.c; a test checks that
 * each instantiation's flags are the record's), so the generality costs no speed. Where each
 * game's rules come from, and what was chosen where the sources are silent: docs/variants.md. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "shashki.h"

#define START_8 "W:W21-32:B1-12"
#define START_8_BLACK "B:W21-32:B1-12"

/* The fields most games share: Russian checkers. */
#define RUSSIAN_BASE                                                                             \
    .pdn_game_type = 25, .board_size = 8, .board_rows = 8, .board = SH_BOARD_DIAGONAL,          \
    .a1_playable = true, .squares = 32, .pieces_per_side = 12, .first = SH_WHITE,               \
    .flying_kings = true, .men_capture_backward = true, .men_capture_kings = true,              \
    .precedence = SH_PRECEDENCE_FREE, .promotion_continues = true, .moves_per_turn = 1,         \
    .goal = SH_GOAL_NORMAL, .draws = SH_DRAWS_RUSSIAN, .start_fen = START_8

/* Each record starts from RUSSIAN_BASE and overrides what differs: the compilers' warning about
 * an initialiser overriding an earlier one is what this table is written to do. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Winitializer-overrides"
#else
#pragma GCC diagnostic ignored "-Woverride-init"
#endif

static const ShRules RULES[SH_VARIANT_COUNT] = {
    [SH_VARIANT_RUSSIAN] = {RUSSIAN_BASE, .name = "russian", .title = "Russian checkers"},
    [SH_VARIANT_BRAZILIAN] = {RUSSIAN_BASE, .name = "brazilian", .title = "Brazilian draughts",
                              .pdn_game_type = 26, .majority_capture = true,
                              .precedence = SH_PRECEDENCE_MAJORITY,
                              .promotion_continues = false, .draws = SH_DRAWS_FMJD},
    [SH_VARIANT_POOL] = {RUSSIAN_BASE, .name = "pool", .title = "American pool checkers",
                         .pdn_game_type = 23, .first = SH_BLACK, .promotion_continues = false,
                         .draws = SH_DRAWS_POOL, .start_fen = START_8_BLACK},
    [SH_VARIANT_ENGLISH] = {RUSSIAN_BASE, .name = "english",
                            .title = "English draughts (American checkers)",
                            .pdn_game_type = 21, .first = SH_BLACK, .flying_kings = false,
                            .men_capture_backward = false, .promotion_continues = false,
                            .draws = SH_DRAWS_ENGLISH, .start_fen = START_8_BLACK},
    [SH_VARIANT_ITALIAN] = {RUSSIAN_BASE, .name = "italian", .title = "Italian draughts",
                            .pdn_game_type = 22, .a1_playable = false, .flying_kings = false,
                            .men_capture_backward = false, .men_capture_kings = false,
                            .majority_capture = true, .precedence = SH_PRECEDENCE_ITALIAN,
                            .promotion_continues = false, .draws = SH_DRAWS_ITALIAN},
    [SH_VARIANT_SPANISH] = {RUSSIAN_BASE, .name = "spanish", .title = "Spanish draughts",
                            .pdn_game_type = 24, .a1_playable = false,
                            .men_capture_backward = false, .majority_capture = true,
                            .precedence = SH_PRECEDENCE_MAJORITY_KINGS,
                            .promotion_continues = false, .draws = SH_DRAWS_SPANISH},
    [SH_VARIANT_CZECH] = {RUSSIAN_BASE, .name = "czech", .title = "Czech draughts",
                          .pdn_game_type = 29, .men_capture_backward = false,
                          .majority_capture = true, .precedence = SH_PRECEDENCE_KING_FIRST,
                          .promotion_continues = false, .draws = SH_DRAWS_CZECH},
    [SH_VARIANT_TURKISH] = {RUSSIAN_BASE, .name = "turkish", .title = "Turkish draughts (dama)",
                            .pdn_game_type = 30, .board = SH_BOARD_ORTHOGONAL, .squares = 64,
                            .pieces_per_side = 16, .men_capture_backward = false,
                            .men_capture_sideways = true, .majority_capture = true,
                            .precedence = SH_PRECEDENCE_MAJORITY, .promotion_continues = true,
                            .removal_immediate = true, .draws = SH_DRAWS_TURKISH,
                            .start_fen = "W:W41-56:B9-24"},
    [SH_VARIANT_INTERNATIONAL] = {RUSSIAN_BASE, .name = "international",
                                  .title = "International draughts", .pdn_game_type = 20,
                                  .board_size = 10, .board_rows = 10, .squares = 50, .pieces_per_side = 20,
                                  .majority_capture = true, .precedence = SH_PRECEDENCE_MAJORITY,
                                  .promotion_continues = false, .draws = SH_DRAWS_FMJD,
                                  .start_fen = "W:W31-50:B1-20"},
    [SH_VARIANT_FRISIAN] = {RUSSIAN_BASE, .name = "frisian", .title = "Frisian draughts",
                            .pdn_game_type = 40, .board_size = 10, .board_rows = 10, .squares = 50,
                            .pieces_per_side = 20, .capture_orthogonal = true,
                            .majority_capture = true, .precedence = SH_PRECEDENCE_VALUE,
                            .promotion_continues = false, .king_moves_limit = 3,
                            .draws = SH_DRAWS_FRISIAN, .start_fen = "W:W31-50:B1-20"},
    [SH_VARIANT_GIVEAWAY] = {RUSSIAN_BASE, .name = "giveaway", .title = "Giveaway (poddavki)",
                             .pdn_variant = "giveaway", .goal = SH_GOAL_GIVEAWAY,
                             .draws = SH_DRAWS_GIVEAWAY},
    [SH_VARIANT_FLYING] = {RUSSIAN_BASE, .name = "flying", .title = "Flying start (letuchie)",
                           .pdn_variant = "flying", .start_drawn = true},
    [SH_VARIANT_DIAGONAL] = {RUSSIAN_BASE, .name = "diagonal",
                             .title = "Diagonal set-up (diagonalnye)", .pdn_variant = "diagonal",
                             .start_fen = "W:W12,16,19,20,23,24,26,27,28,30,31,32:"
                                          "B1,2,3,5,6,7,9,10,13,14,17,21"},
    [SH_VARIANT_NORTHERN] = {RUSSIAN_BASE, .name = "northern", .title = "Northern (severnye)",
                             .pdn_variant = "northern", .captured_king_demoted = true},
    [SH_VARIANT_SELF_EATERS] = {RUSSIAN_BASE, .name = "self-eaters",
                                .title = "Self-eaters (samoedy)", .pdn_variant = "self-eaters",
                                .capture_own = true},
    [SH_VARIANT_TWO_MOVE] = {RUSSIAN_BASE, .name = "two-move",
                             .title = "Two moves a turn (dvukhkhodovye)",
                             .pdn_variant = "two-move", .moves_per_turn = 2},
    [SH_VARIANT_COLUMNS] = {RUSSIAN_BASE, .name = "columns", .title = "Column checkers (bashni)",
                            .pdn_variant = "columns", .columns = true},
    [SH_VARIANT_LASCA] = {RUSSIAN_BASE, .name = "lasca", .title = "Lasca (Lasker's game)",
                          .pdn_game_type = 21, .pdn_variant = "lasca", .board_size = 7, .board_rows = 7,
                          .squares = 25, .pieces_per_side = 11, .flying_kings = false,
                          .men_capture_backward = false, .promotion_continues = false,
                          .columns = true, .draws = SH_DRAWS_ENGLISH,
                          .start_fen = "W:W15-25:B1-11"},
    [SH_VARIANT_CANADIAN] = {RUSSIAN_BASE, .name = "canadian", .title = "Canadian draughts",
                             .pdn_game_type = 27, .board_size = 12, .board_rows = 12, .squares = 72,
                             .pieces_per_side = 30, .majority_capture = true,
                             .precedence = SH_PRECEDENCE_MAJORITY, .promotion_continues = false,
                             .draws = SH_DRAWS_FMJD, .start_fen = "W:W43-72:B1-30"},
    /* Russian rules on 10 files by 8 ranks (PDN GameType "41,W,10,8,A0,0"): docs/variants.md */
    [SH_VARIANT_SPANTSIRETTI] = {RUSSIAN_BASE, .name = "spantsiretti",
                                 .title = "80-square draughts (Spantsiretti)",
                                 .pdn_game_type = 41, .board_size = 10, .board_rows = 8,
                                 .squares = 40, .pieces_per_side = 15,
                                 .start_fen = "W:W26-40:B1-15"},
};

const ShRules *sh_rules_get(ShVariant variant)
{
    if ((int)variant < 0 || variant >= SH_VARIANT_COUNT)
        return NULL;
    return &RULES[variant];
}

static const struct {
    const char *alias;
    ShVariant variant;
} ALIASES[] = {
    {"american", SH_VARIANT_ENGLISH},       {"checkers", SH_VARIANT_ENGLISH},
    {"draughts", SH_VARIANT_ENGLISH},       {"american-pool", SH_VARIANT_POOL},
    {"poddavki", SH_VARIANT_GIVEAWAY},      {"antidraughts", SH_VARIANT_GIVEAWAY},
    {"losing", SH_VARIANT_GIVEAWAY},        {"dama", SH_VARIANT_TURKISH},
    {"letuchie", SH_VARIANT_FLYING},        {"diagonalnye", SH_VARIANT_DIAGONAL},
    {"severnye", SH_VARIANT_NORTHERN},      {"samoedy", SH_VARIANT_SELF_EATERS},
    {"selfeaters", SH_VARIANT_SELF_EATERS}, {"self_eaters", SH_VARIANT_SELF_EATERS},
    {"twomove", SH_VARIANT_TWO_MOVE},       {"two_move", SH_VARIANT_TWO_MOVE},
    {"shashki", SH_VARIANT_RUSSIAN},        {"standard", SH_VARIANT_INTERNATIONAL},
    {"normal", SH_VARIANT_INTERNATIONAL},   {"polish", SH_VARIANT_INTERNATIONAL},
    {"fries", SH_VARIANT_FRISIAN},
    {"bashni", SH_VARIANT_COLUMNS},         {"stolbovye", SH_VARIANT_COLUMNS},
    {"towers", SH_VARIANT_COLUMNS},         {"laska", SH_VARIANT_LASCA},
    {"laskers", SH_VARIANT_LASCA},
    {"80", SH_VARIANT_SPANTSIRETTI},        {"russian80", SH_VARIANT_SPANTSIRETTI},
    {"80-square", SH_VARIANT_SPANTSIRETTI}, {"spanzeretti", SH_VARIANT_SPANTSIRETTI},
};

bool sh_rules_find(const char *name, ShVariant *variant)
{
    if (!name)
        return false;
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        if (strcasecmp(name, RULES[i].name) == 0) {
            if (variant)
                *variant = (ShVariant)i;
            return true;
        }
    }
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++) {
        if (strcasecmp(name, ALIASES[i].alias) == 0) {
            if (variant)
                *variant = ALIASES[i].variant;
            return true;
        }
    }
    return false;
}

bool sh_rules_from_pdn(int game_type, const char *variant_tag, ShVariant *variant)
{
    ShVariant named;
    if (variant_tag && *variant_tag && sh_rules_find(variant_tag, &named) &&
        RULES[named].pdn_game_type == game_type) {
        if (variant)
            *variant = named;
        return true;
    }
    /* no Variant tag, or one naming nothing of this game type: the game type's own game */
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        if (RULES[i].pdn_game_type == game_type && !RULES[i].pdn_variant) {
            if (variant)
                *variant = (ShVariant)i;
            return true;
        }
    }
    return false;
}
