/* rules.c - the variant records. A variant is data; the move generator is specialised for
 * each record at compile time (movegen_impl.h), so the generality costs no speed. */
#include <string.h>

#include "shashki.h"

static const ShRules RULES[SH_VARIANT_COUNT] = {
    [SH_VARIANT_RUSSIAN] = {
        .name = "russian",
        .title = "Russian checkers",
        .pdn_game_type = 25,
        .board_size = 8,
        .pieces_per_side = 12,
        .flying_kings = true,
        .men_capture_backward = true,
        .majority_capture = false,
        .promotion_continues = true,
    },
};

const ShRules *sh_rules_get(ShVariant variant)
{
    if ((int)variant < 0 || variant >= SH_VARIANT_COUNT)
        return NULL;
    return &RULES[variant];
}

bool sh_rules_find(const char *name, ShVariant *variant)
{
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        if (name && strcmp(name, RULES[i].name) == 0) {
            if (variant)
                *variant = (ShVariant)i;
            return true;
        }
    }
    return false;
}
