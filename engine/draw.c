/* draw.c - the arbiter's draw counters for the search (see draw.h). */
#include "draw.h"

#define NO_LIMIT 1000

/* Three kings or more (with any other pieces) against a lone king. */
static bool three_v_one_holds(const ShPosition *p)
{
    for (int s = 0; s < 2; s++) {
        Bitboard weak = p->pieces[s ^ 1];
        if (bb_count(weak) == 1 && (weak & p->kings) && bb_count(pos_kings(p, s)) >= 3)
            return true;
    }
    return false;
}

/* Three pieces, at least one a king, against a lone king standing on the main road. */
static bool road_holds(const ShPosition *p)
{
    for (int s = 0; s < 2; s++) {
        Bitboard weak = p->pieces[s ^ 1];
        if (bb_count(weak) == 1 && (weak & p->kings & BB_MAIN_ROAD) &&
            bb_count(p->pieces[s]) == 3 && pos_kings(p, s))
            return true;
    }
    return false;
}

static bool both_have_kings(const ShPosition *p)
{
    return pos_kings(p, SH_WHITE) && pos_kings(p, SH_BLACK);
}

int draw_balance_limit(int pieces)
{
    if (pieces <= 3)
        return 10;
    if (pieces <= 5)
        return 60;
    if (pieces <= 7)
        return 120;
    return 0;
}

static uint8_t bump(uint8_t v)
{
    return v < 250 ? (uint8_t)(v + 1) : v;
}

void draw_start(const ShPosition *pos, DrawCounters *c)
{
    (void)pos;
    c->kings_only = 0;
    c->three_v_one = 0;
    c->road = 0;
    c->balance = 0;
}

void draw_next(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               bool irreversible, bool changes_balance, DrawCounters *out)
{
    DrawCounters n = {0, 0, 0, 0};
    if (after->kings) {
        n.kings_only = irreversible ? 0 : bump(c->kings_only);
        /* A condition counts the move if it held before it; one that has just begun is 0. */
        if (three_v_one_holds(after) && three_v_one_holds(before) && !changes_balance)
            n.three_v_one = bump(c->three_v_one);
        if (road_holds(after) && road_holds(before))
            n.road = bump(c->road);
        if (both_have_kings(after) && !changes_balance)
            n.balance = bump(c->balance);
    }
    *out = n;
}

void draw_step(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               DrawCounters *out)
{
    int mover = before->side;
    bool capture = bb_count(after->pieces[mover ^ 1]) < bb_count(before->pieces[mover ^ 1]);
    bool man_moved = pos_men(after, mover) != pos_men(before, mover);
    bool crowned = bb_count(pos_kings(after, mover)) > bb_count(pos_kings(before, mover));
    draw_next(c, before, after, capture || man_moved, capture || crowned, out);
}

/* Plies left and which counter binds (0 kings-only, 1 the others). */
static int plies_left(const DrawCounters *c, const ShPosition *pos, int *which)
{
    *which = 0;
    if (!pos->kings)
        return NO_LIMIT;
    int left = DRAW_KINGS_ONLY_LIMIT - c->kings_only;
    if (three_v_one_holds(pos) && DRAW_THREE_V_ONE_LIMIT - c->three_v_one < left) {
        left = DRAW_THREE_V_ONE_LIMIT - c->three_v_one;
        *which = 1;
    }
    if (road_holds(pos) && DRAW_ROAD_LIMIT - c->road < left) {
        left = DRAW_ROAD_LIMIT - c->road;
        *which = 1;
    }
    if (both_have_kings(pos)) {
        int limit = draw_balance_limit(bb_count(pos_occupied(pos)));
        if (limit && limit - c->balance < left) {
            left = limit - c->balance;
            *which = 1;
        }
    }
    return left;
}

int draw_plies_left(const DrawCounters *c, const ShPosition *pos)
{
    int which;
    return plies_left(c, pos, &which);
}

uint64_t draw_key(const DrawCounters *c, const ShPosition *pos)
{
    int which;
    int left = plies_left(c, pos, &which);
    if (left > 32)
        return 0;
    /* With men on the board the king-only count matters only once it has run a while. */
    if (which == 0 && (pos_men(pos, SH_WHITE) | pos_men(pos, SH_BLACK)) && c->kings_only < 10)
        return 0;
    uint64_t z = (uint64_t)(left + 1) * UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 31)) * UINT64_C(0xbf58476d1ce4e5b9);
    return z ^ (z >> 29);
}

const char *draw_reason(const DrawCounters *c, const ShPosition *pos)
{
    if (!pos->kings)
        return NULL;
    if (c->kings_only >= DRAW_KINGS_ONLY_LIMIT)
        return "15 moves with kings only";
    if (three_v_one_holds(pos) && c->three_v_one >= DRAW_THREE_V_ONE_LIMIT)
        return "three kings against one: 15 moves";
    if (road_holds(pos) && c->road >= DRAW_ROAD_LIMIT)
        return "three pieces against a king on the main road: 5 moves";
    if (both_have_kings(pos)) {
        int limit = draw_balance_limit(bb_count(pos_occupied(pos)));
        if (limit && c->balance >= limit)
            return "no change in the balance of material with kings on both sides";
    }
    return NULL;
}
