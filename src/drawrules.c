/* drawrules.c - the end-of-game counts of every variant (see drawrules.h; where each comes
 * from: docs/variants.md). Limits are in plies: a rule of N moves each is 2N plies. */
#include "drawrules.h"

static const DrawRule RUSSIAN[] = {
    {SH_REASON_THREE_KINGS, COUNT_BALANCE, MAT_THREE_KINGS_V_K, 30, false},
    {SH_REASON_MAIN_ROAD, COUNT_ROAD, MAT_MAIN_ROAD, 10, false},
    {SH_REASON_BALANCE_3, COUNT_BALANCE, MAT_BALANCE_2_3, 10, false},
    {SH_REASON_BALANCE_5, COUNT_BALANCE, MAT_BALANCE_4_5, 60, false},
    {SH_REASON_BALANCE_7, COUNT_BALANCE, MAT_BALANCE_6_7, 120, false},
    {SH_REASON_KINGS_ONLY, COUNT_QUIET, MAT_KINGS_BOTH, 30, false},
};
static const DrawRule FMJD[] = {
    {SH_REASON_FMJD_5, COUNT_BALANCE, MAT_FMJD_5, 10, false},
    {SH_REASON_FMJD_16, COUNT_BALANCE, MAT_FMJD_16, 32, false},
    {SH_REASON_KING_MOVES_25, COUNT_QUIET, MAT_ANY, 50, false},
};
static const DrawRule POOL[] = {
    {SH_REASON_POOL_13, COUNT_BALANCE, MAT_POOL_13, 26, false},
};
static const DrawRule ENGLISH[] = {
    {SH_REASON_FORTY_MOVES, COUNT_QUIET, MAT_ANY, 80, true},
};
static const DrawRule ITALIAN[] = {
    {SH_REASON_FORTY_MOVES, COUNT_QUIET, MAT_ANY, 80, false},
};
static const DrawRule SPANISH[] = {
    {SH_REASON_KING_MOVES_20, COUNT_QUIET, MAT_ANY, 40, false},
};
static const DrawRule CZECH[] = {
    {SH_REASON_KING_MOVES_30, COUNT_QUIET, MAT_ANY, 60, false},
};
static const DrawRule TURKISH[] = {
    {SH_REASON_KING_MOVES_25, COUNT_QUIET, MAT_ANY, 50, false},
};
static const DrawRule FRISIAN[] = {
    {SH_REASON_FRISIAN_2, COUNT_BALANCE, MAT_KING_V_K, 4, false},
    {SH_REASON_FRISIAN_7, COUNT_BALANCE, MAT_TWO_KINGS_V_K, 14, false},
    {SH_REASON_KING_MOVES_25, COUNT_QUIET, MAT_ANY, 50, false},
};
static const DrawRule GIVEAWAY[] = {
    {SH_REASON_KINGS_ONLY, COUNT_QUIET, MAT_KINGS_BOTH, 30, false},
};

#define RULES(table) *rules = table; return (int)(sizeof table / sizeof table[0])

int drawrules_of(int variant, const DrawRule **rules)
{
    const ShRules *r = sh_rules_get((ShVariant)variant);
    switch (r ? r->draws : SH_DRAWS_RUSSIAN) {
    case SH_DRAWS_FMJD: RULES(FMJD);
    case SH_DRAWS_POOL: RULES(POOL);
    case SH_DRAWS_ENGLISH: RULES(ENGLISH);
    case SH_DRAWS_ITALIAN: RULES(ITALIAN);
    case SH_DRAWS_SPANISH: RULES(SPANISH);
    case SH_DRAWS_CZECH: RULES(CZECH);
    case SH_DRAWS_TURKISH: RULES(TURKISH);
    case SH_DRAWS_GIVEAWAY: RULES(GIVEAWAY);
    case SH_DRAWS_FRISIAN: RULES(FRISIAN);
    case SH_DRAWS_RUSSIAN: break;
    }
    RULES(RUSSIAN);
}

bool drawrules_material(const ShPosition *p, int material)
{
    Wide white = pos_wide_pieces(p, SH_WHITE), black = pos_wide_pieces(p, SH_BLACK);
    Wide all_kings = pos_wide_kings(p); /* every board: the 12x12 one has bits past 63 */
    int kings[2] = {w_count(white & all_kings), w_count(black & all_kings)};
    int pieces[2] = {w_count(white), w_count(black)};
    int total = pieces[0] + pieces[1];
    int weak = pieces[0] == 1 && kings[0] == 1 ? SH_WHITE
             : pieces[1] == 1 && kings[1] == 1 ? SH_BLACK
                                               : -1;
    int strong = weak ^ 1;
    switch ((DrawMaterial)material) {
    case MAT_ANY: return true;
    case MAT_KINGS_BOTH: return kings[0] && kings[1];
    case MAT_THREE_KINGS_V_K: return weak >= 0 && kings[strong] >= 3;
    case MAT_BALANCE_2_3: return kings[0] && kings[1] && total <= 3;
    case MAT_BALANCE_4_5: return kings[0] && kings[1] && total >= 4 && total <= 5;
    case MAT_BALANCE_6_7: return kings[0] && kings[1] && total >= 6 && total <= 7;
    case MAT_MAIN_ROAD:
        return weak >= 0 && pieces[strong] == 3 && kings[strong] >= 1 &&
               geo_kind(p->variant) == GEO_DIAGONAL && (pos_kings(p, weak) & BB_MAIN_ROAD);
    case MAT_FMJD_16: return weak >= 0 && pieces[strong] == 3 && kings[strong] >= 1;
    case MAT_FMJD_5: return weak >= 0 && pieces[strong] <= 2 && kings[strong] >= 1;
    case MAT_POOL_13: return weak >= 0 && kings[strong] == 3 && pieces[strong] == 3;
    case MAT_TWO_KINGS_V_K: return weak >= 0 && kings[strong] == 2 && pieces[strong] == 2;
    case MAT_KING_V_K: return weak >= 0 && kings[strong] == 1 && pieces[strong] == 1;
    }
    return false;
}

bool drawrules_reversible(const ShPosition *before, const ShMove *move)
{
    if (move->captured || move->promotes)
        return false;
    if (pos_king_at(before, move->from))
        return true;
    /* a man's step: only sideways on the orthogonal board (bits rank * 8 + file) */
    return geo_kind(before->variant) == GEO_ORTHOGONAL && move->from / 8 == move->to / 8;
}
