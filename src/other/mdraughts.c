/* mdraughts.c - draughts for two to four players on a graph of cells (mdraughts.h): the moves,
 * playing them, who is out, the result, the evaluation and the hash.
 *
 * The move generator walks the captures depth first on a copy of the board with the moving
 * piece lifted: a captured piece stays where it is (it blocks, and may not be jumped again)
 * until the move is written out. A king's capture first looks which of its landings let the
 * capture go on: if any does, only those are taken (the capture must go on), else every landing
 * ends a move. Turns: after a move the next player not out is to move; one with no legal move
 * (or no piece) is out there and then, and the turn passes on. So the player to move always has
 * a move unless the game is over. */
#include <stdio.h>
#include <string.h>

#include "hexboard.h"
#include "mdraughts.h"

typedef struct Gen {
    const MdState *st;
    int player;
    ShUnit board[MD_MAX_CELLS];
    bool taken[MD_MAX_CELLS];
    uint8_t path[SH_OTHER_MAX_PATH];
    uint8_t captured[SH_OTHER_MAX_PATH];
    int length, captured_count;
    bool started_king;
    ShOtherMove *out; /* NULL: only whether there is a move */
    int count;
    bool stop; /* a move was found and out is NULL, or the list is full */
} Gen;

static bool is_enemy(const Gen *g, int cell)
{
    return g->board[cell].kind != SH_UNIT_NONE && g->board[cell].owner != g->player &&
           !g->taken[cell];
}

static bool is_empty(const Gen *g, int cell)
{
    return g->board[cell].kind == SH_UNIT_NONE;
}

static void emit(Gen *g, uint8_t kind, bool king)
{
    if (!g->out) {
        g->count++;
        g->stop = true;
        return;
    }
    if (g->count >= SH_OTHER_MAX_MOVES) {
        g->stop = true;
        return;
    }
    ShOtherMove *m = &g->out[g->count++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->length = (uint8_t)g->length;
    m->captured_count = (uint8_t)g->captured_count;
    m->owner = (uint8_t)g->player;
    memcpy(m->path, g->path, (size_t)g->length);
    memcpy(m->captured, g->captured, (size_t)g->captured_count);
    int last = g->path[g->length - 1];
    bool on_promo = last == g->st->promo[g->player];
    if (!g->started_king) {
        if (kind == SH_MOVE_STEP)
            m->promotes = on_promo;
        else if (g->st->promote == MD_PROMOTE_CAPTURE)
            m->promotes = king;
        else if (g->st->promote == MD_PROMOTE_END)
            m->promotes = on_promo;
    }
}

/* The piece a piece on `from` (a king or not) would take along direction d: the first piece on
 * the line (a man's neighbour), if it is another player's and not taken yet; -1 if none. */
static int victim(const Gen *g, int from, int d, bool king)
{
    const MdState *st = g->st;
    int n = st->nb[from][d];
    if (king)
        while (n >= 0 && is_empty(g, n))
            n = st->nb[n][d];
    return n >= 0 && is_enemy(g, n) ? n : -1;
}

/* Whether a piece on `from` (a king or not) can capture now. */
static bool can_capture(const Gen *g, int from, bool king)
{
    const MdState *st = g->st;
    for (int d = 0; d < st->dir_count; d++) {
        int n = victim(g, from, d, king);
        int beyond = n >= 0 ? st->nb[n][d] : -1;
        if (beyond >= 0 && is_empty(g, beyond))
            return true;
    }
    return false;
}

static void capture_from(Gen *g, int from, bool king);

/* Jump the piece on `over` to `land`, and go on from there. */
static void jump(Gen *g, int over, int land, bool king)
{
    if (g->length >= SH_OTHER_MAX_PATH || g->captured_count >= SH_OTHER_MAX_PATH)
        return;
    g->path[g->length++] = (uint8_t)land;
    g->captured[g->captured_count++] = (uint8_t)over;
    g->taken[over] = true;
    bool now_king =
        king || (g->st->promote == MD_PROMOTE_CAPTURE && land == g->st->promo[g->player]);
    capture_from(g, land, now_king);
    g->taken[over] = false;
    g->captured_count--;
    g->length--;
}

static void capture_from(Gen *g, int from, bool king)
{
    const MdState *st = g->st;
    bool went_on = false;
    for (int d = 0; d < st->dir_count && !g->stop; d++) {
        int n = victim(g, from, d, king);
        if (n < 0)
            continue;
        int land[MD_MAX_CELLS], lands = 0;
        for (int b = st->nb[n][d]; b >= 0 && is_empty(g, b) && (king || lands == 0);
             b = st->nb[b][d])
            land[lands++] = b;
        if (lands == 0)
            continue;
        went_on = true;
        bool any_on = false, on[MD_MAX_CELLS];
        g->taken[n] = true;
        for (int i = 0; i < lands; i++) {
            bool k = king || (st->promote == MD_PROMOTE_CAPTURE && land[i] == st->promo[g->player]);
            on[i] = can_capture(g, land[i], k);
            any_on = any_on || on[i];
        }
        g->taken[n] = false;
        for (int i = 0; i < lands && !g->stop; i++)
            if (on[i] || !any_on)
                jump(g, n, land[i], king);
    }
    if (!went_on && g->captured_count > 0)
        emit(g, SH_MOVE_CAPTURE, king);
}

/* The moves of `player` into out (NULL: count up to the first); their number. */
static int generate(const MdState *st, int player, ShOtherMove *out)
{
    static _Thread_local Gen g;
    memset(&g, 0, sizeof g);
    g.st = st;
    g.player = player;
    g.out = out;
    memcpy(g.board, st->cell, sizeof g.board);
    for (int c = 0; c < st->cell_count && !g.stop; c++) {
        ShUnit p = st->cell[c];
        if (p.kind == SH_UNIT_NONE || p.owner != player)
            continue;
        bool king = p.kind == SH_UNIT_KING;
        g.board[c].kind = SH_UNIT_NONE; /* lifted while it moves */
        g.path[0] = (uint8_t)c;
        g.length = 1;
        g.captured_count = 0;
        g.started_king = king;
        capture_from(&g, c, king);
        g.board[c] = p;
    }
    if (g.count > 0) {
        if (out && st->capture == MD_CAPTURE_MAJORITY) {
            int best = 0, kept = 0;
            for (int i = 0; i < g.count; i++)
                if (out[i].captured_count > best)
                    best = out[i].captured_count;
            for (int i = 0; i < g.count; i++)
                if (out[i].captured_count == best)
                    out[kept++] = out[i];
            g.count = kept;
        }
        return g.count;
    }
    for (int c = 0; c < st->cell_count && !g.stop; c++) {
        ShUnit p = st->cell[c];
        if (p.kind == SH_UNIT_NONE || p.owner != player)
            continue;
        bool king = p.kind == SH_UNIT_KING;
        g.started_king = king;
        g.path[0] = (uint8_t)c;
        g.length = 2;
        g.captured_count = 0;
        for (int d = 0; d < st->dir_count && !g.stop; d++) {
            if (!king && !(st->forward[player] & (1u << d)))
                continue;
            for (int n = st->nb[c][d]; n >= 0 && is_empty(&g, n) && !g.stop; n = st->nb[n][d]) {
                g.path[1] = (uint8_t)n;
                emit(&g, SH_MOVE_STEP, king);
                if (!king)
                    break;
            }
        }
    }
    return g.count;
}

static int players_in(const MdState *st)
{
    int n = 0;
    for (int p = 0; p < st->players; p++)
        n += !(st->out & (1u << p));
    return n;
}

static bool quiet_draw(const MdState *st)
{
    return st->quiet > 0 && st->quiet_plies >= st->quiet * players_in(st);
}

static bool over(const MdState *st)
{
    return players_in(st) <= 1 || quiet_draw(st);
}

/* The player to move has a move, or is out and the turn passes on, until one has or the game
 * is over. */
static void settle(MdState *st)
{
    while (!over(st)) {
        int p = st->to_move;
        if (generate(st, p, NULL) > 0)
            return;
        st->out |= (uint8_t)(1u << p);
        if (!st->stay && players_in(st) >= 2)
            for (int c = 0; c < st->cell_count; c++)
                if (st->cell[c].kind != SH_UNIT_NONE && st->cell[c].owner == p)
                    st->cell[c].kind = SH_UNIT_NONE;
        if (players_in(st) <= 1) { /* the winner is left "to move" (no move: it is over) */
            for (int q = 0; q < st->players; q++)
                if (!(st->out & (1u << q)))
                    st->to_move = (uint8_t)q;
            return;
        }
        do
            st->to_move = (uint8_t)((st->to_move + 1) % st->players);
        while (st->out & (1u << st->to_move));
    }
}

void md_settle(MdState *st)
{
    settle(st);
}

int md_moves(const ShOtherState *s, ShOtherMove *out)
{
    const MdState *st = (const MdState *)s->bytes;
    if (over(st))
        return 0;
    return generate(st, st->to_move, out);
}

void md_make(ShOtherState *s, const ShOtherMove *m)
{
    MdState *st = (MdState *)s->bytes;
    int from = m->path[0], to = m->path[m->length - 1];
    ShUnit piece = st->cell[from];
    bool man = piece.kind == SH_UNIT_MAN;
    for (int i = 0; i < m->captured_count; i++)
        st->cell[m->captured[i]].kind = SH_UNIT_NONE;
    st->cell[from].kind = SH_UNIT_NONE;
    if (m->promotes)
        piece.kind = SH_UNIT_KING;
    st->cell[to] = piece;
    if (man || m->captured_count > 0)
        st->quiet_plies = 0;
    else if (st->quiet_plies < UINT16_MAX)
        st->quiet_plies++;
    do
        st->to_move = (uint8_t)((st->to_move + 1) % st->players);
    while ((st->out & (1u << st->to_move)) && players_in(st) > 0);
    settle(st);
}

int md_to_move(const ShOtherState *s)
{
    return ((const MdState *)s->bytes)->to_move;
}

ShUnit md_piece(const ShOtherState *s, int cell)
{
    const MdState *st = (const MdState *)s->bytes;
    ShUnit none = {SH_UNIT_NONE, 0};
    return cell >= 0 && cell < st->cell_count ? st->cell[cell] : none;
}

static void pieces_count(const MdState *st, int *count)
{
    for (int p = 0; p < SH_OTHER_MAX_PLAYERS; p++)
        count[p] = 0;
    for (int c = 0; c < st->cell_count; c++)
        if (st->cell[c].kind != SH_UNIT_NONE)
            count[st->cell[c].owner]++;
}

void md_result(const ShOtherState *s, ShOtherResult *out)
{
    const MdState *st = (const MdState *)s->bytes;
    const ShOtherGame *g = st->v->game;
    memset(out, 0, sizeof *out);
    out->winner = -1;
    pieces_count(st, out->score);
    for (int p = 0; p < st->players; p++)
        out->out[p] = (st->out >> p) & 1u;
    if (players_in(st) <= 1) {
        out->over = true;
        for (int p = 0; p < st->players; p++)
            if (!out->out[p])
                out->winner = p;
        if (out->winner >= 0)
            snprintf(out->reason, sizeof out->reason, "%s is the last player left",
                     g->player_names[out->winner]);
        else
            snprintf(out->reason, sizeof out->reason, "no player is left");
    } else if (quiet_draw(st)) {
        out->over = true;
        snprintf(out->reason, sizeof out->reason,
                 "a draw: %d moves of each player without a capture or a man moved", st->quiet);
    } else {
        snprintf(out->reason, sizeof out->reason, "%s to move", g->player_names[st->to_move]);
    }
}

/* A man is worth 100 and up to 40 more as it nears its promotion cell, a king 300. */
static int material(const MdState *st, int player)
{
    int sum = 0, far = 1;
    for (int c = 0; c < st->cell_count; c++)
        if (st->dist[player][c] > far)
            far = st->dist[player][c];
    for (int c = 0; c < st->cell_count; c++) {
        ShUnit p = st->cell[c];
        if (p.kind == SH_UNIT_NONE || p.owner != player)
            continue;
        if (p.kind == SH_UNIT_KING)
            sum += 300;
        else
            sum += 100 + 40 * (far - st->dist[player][c]) / far;
    }
    return sum;
}

int md_evaluate(const ShOtherState *s, int player)
{
    const MdState *st = (const MdState *)s->bytes;
    if (player < 0 || player >= st->players)
        return 0;
    if (st->out & (1u << player))
        return -30000;
    if (players_in(st) <= 1)
        return 30000;
    if (quiet_draw(st))
        return 0;
    int strongest = 0;
    for (int p = 0; p < st->players; p++)
        if (p != player && !(st->out & (1u << p))) {
            int m = material(st, p);
            if (m > strongest)
                strongest = m;
        }
    return material(st, player) - strongest;
}

uint64_t md_hash(const ShOtherState *s)
{
    const MdState *st = (const MdState *)s->bytes;
    uint64_t h = 1469598103934665603ull;
    const unsigned char *bytes = (const unsigned char *)st->cell;
    for (size_t i = 0; i < (size_t)st->cell_count * sizeof st->cell[0]; i++)
        h = (h ^ bytes[i]) * 1099511628211ull;
    uint64_t rest[] = {st->to_move, st->out, st->quiet_plies, st->size, st->step, st->capture,
                       st->promote, st->stay, st->quiet};
    for (size_t i = 0; i < sizeof rest / sizeof rest[0]; i++)
        h = (h ^ rest[i]) * 1099511628211ull;
    return h;
}

void md_distances(MdState *st)
{
    for (int p = 0; p < st->players; p++) {
        uint8_t *dist = st->dist[p];
        memset(dist, 0xff, sizeof st->dist[p]);
        int queue[MD_MAX_CELLS], head = 0, tail = 0;
        if (st->promo[p] < 0)
            continue;
        dist[st->promo[p]] = 0;
        queue[tail++] = st->promo[p];
        while (head < tail) {
            int c = queue[head++];
            for (int d = 0; d < st->dir_count; d++) {
                int n = st->nb[c][d];
                if (n >= 0 && dist[n] == 0xff) {
                    dist[n] = (uint8_t)(dist[c] + 1);
                    queue[tail++] = n;
                }
            }
        }
        for (int c = 0; c < st->cell_count; c++)
            if (dist[c] == 0xff)
                dist[c] = 0;
    }
}

int md_hex_side(const MdState *st)
{
    return st->size ? 5 : 4;
}

void md_hex_build(MdState *st, ShGeometry *board, const int home[])
{
    int n = md_hex_side(st);
    st->cell_count = (uint8_t)hex_count(n);
    st->dir_count = HEX_DIRS;
    hex_build(n, st->nb, board);
    for (int p = 0; p < st->players; p++) {
        int f = (home[p] + 3) % HEX_DIRS;
        st->forward[p] = (uint8_t)((1u << ((f + 1) % 6)) | (1u << ((f + 5) % 6)));
        if (st->step == 3)
            st->forward[p] |= (uint8_t)(1u << f);
        st->promo[p] = (int8_t)hex_corner(n, f);
    }
}
