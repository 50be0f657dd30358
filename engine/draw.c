/* draw.c - the arbiter's draw counters for the search (see draw.h). */
#include "draw.h"

#include "drawrules.h"

#define NO_LIMIT 1000

static uint8_t bump(uint8_t v)
{
    return v < 250 ? (uint8_t)(v + 1) : v;
}

void draw_start(const ShPosition *pos, DrawCounters *c)
{
    (void)pos;
    *c = (DrawCounters){0, 0, 0, 0};
}

static bool road_holds(const ShPosition *p)
{
    return drawrules_material(p, MAT_MAIN_ROAD);
}

/* The counters after a move that captured or not, moved a man or not, changed the material or
 * not, could be undone or not. */
static void advance(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
                    bool king_quiet, bool changes_material, bool reversible, DrawCounters *out)
{
    DrawCounters n = {0, 0, 0, 0};
    n.quiet = king_quiet ? bump(c->quiet) : 0;
    n.balance = changes_material ? 0 : bump(c->balance);
    n.reversible = reversible ? bump(c->reversible) : 0;
    if (pos_has_kings(after) && road_holds(after) && road_holds(before))
        n.road = bump(c->road);
    *out = n;
}

void draw_next(const DrawCounters *c, const ShPosition *before, const ShMove *move,
               const ShPosition *after, DrawCounters *out)
{
    bool king = pos_king_at(before, move->from);
    bool changes = move->captured || move->promotes;
    advance(c, before, after, king && !move->captured, changes,
            drawrules_reversible(before, move), out);
}

void draw_step(const DrawCounters *c, const ShPosition *before, const ShPosition *after,
               DrawCounters *out)
{
    int mover = before->side;
    /* (128-bit words: the 12x12 board's bits past 63 are in ext) */
    Wide kb = pos_wide_kings(before), ka = pos_wide_kings(after);
    Wide pb = pos_wide_pieces(before, mover), pa = pos_wide_pieces(after, mover);
    int total_before = w_count(pb | pos_wide_pieces(before, mover ^ 1)),
        total_after = w_count(pa | pos_wide_pieces(after, mover ^ 1));
    bool capture = total_after < total_before || w_count(kb) > w_count(ka) + (total_before - total_after);
    Wide wide_men_before = pb & ~kb, wide_men_after = pa & ~ka;
    Bitboard men_before = (Bitboard)wide_men_before, men_after = (Bitboard)wide_men_after;
    bool man_moved = wide_men_after != wide_men_before;
    bool crowned = w_count(pa & ka) > w_count(pb & kb);
    /* a man's side step on the orthogonal board can be undone */
    bool sidestep = man_moved && !capture && !crowned && geo_kind(before->variant) == GEO_ORTHOGONAL &&
                    bb_count(men_before ^ men_after) == 2 &&
                    bb_first(men_before & ~men_after) / 8 == bb_first(men_after & ~men_before) / 8;
    advance(c, before, after, !capture && !man_moved, capture || crowned,
            !capture && !crowned && (!man_moved || sidestep), out);
}

static int counter_value(const DrawCounters *c, int counter)
{
    return counter == COUNT_QUIET ? c->quiet : counter == COUNT_BALANCE ? c->balance : c->road;
}

/* Plies left, and which counter binds (0: a king-moves count, 1: another), the king-moves
 * counts first so that ties bind them. */
static int plies_left(const DrawCounters *c, const ShPosition *pos, int *which, ShReason *reason)
{
    *which = 0;
    if (reason)
        *reason = SH_REASON_NONE;
    if (!pos_has_kings(pos))
        return NO_LIMIT;
    const DrawRule *rules;
    int n = drawrules_of(pos->variant, &rules), left = NO_LIMIT;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < n; i++) {
            const DrawRule *r = &rules[i];
            if ((r->counter == COUNT_QUIET) != (pass == 0))
                continue;
            if (r->counter == COUNT_ROAD ? !road_holds(pos) : !drawrules_material(pos, r->material))
                continue;
            int l = r->limit - counter_value(c, r->counter);
            if (l < left) {
                left = l;
                *which = pass;
                if (reason)
                    *reason = r->reason;
            }
        }
    }
    return left;
}

int draw_plies_left(const DrawCounters *c, const ShPosition *pos)
{
    int which;
    return plies_left(c, pos, &which, NULL);
}

uint64_t draw_key(const DrawCounters *c, const ShPosition *pos)
{
    int which;
    int left = plies_left(c, pos, &which, NULL);
    if (left > 32)
        return 0;
    /* With men on the board the king-only count matters only once it has run a while. */
    if (which == 0 && (pos_men(pos, SH_WHITE) | pos_men(pos, SH_BLACK)) && c->quiet < 10)
        return 0;
    uint64_t z = (uint64_t)(left + 1) * UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 31)) * UINT64_C(0xbf58476d1ce4e5b9);
    return z ^ (z >> 29);
}

ShReason draw_reason(const DrawCounters *c, const ShPosition *pos)
{
    int which;
    ShReason reason;
    return plies_left(c, pos, &which, &reason) <= 0 ? reason : SH_REASON_NONE;
}
