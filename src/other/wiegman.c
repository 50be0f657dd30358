/* wiegman.c - Wiegman's draughts (шашки Вигмана, seed 003 L315).
 *
 * Each player has 24 pieces in three rows, on the dark and on the light squares of an 8x8
 * board: two games at once, one on each colour (a diagonal never leaves its colour), and a
 * turn is two moves, by the same piece or by two pieces, in either game ("the rule of the
 * double move", L315). The seed says no more; each game here follows the Russian rules on its
 * own colour (the library's default game, docs/variants.md): men step diagonally forward and
 * capture forward and backward, a man that reaches the last rank becomes a king at once, even
 * mid-capture, and goes on capturing as a king; kings fly; a captured piece is lifted when the
 * capture ends and cannot be jumped twice; a king chooses a landing square from which it can
 * capture further when there is one; capture is compulsory, any sequence may be chosen.
 *
 * The two moves of a turn are two plies of the same player: to_move stays after the first, and
 * the position text says which half of the turn it is. A player with no second move ends the
 * turn after the first. The choices (docs/variants.md "Wiegman's draughts") are settings:
 *   capture=any|board  any: a capture on either board must be made; board: capture is
 *                      compulsory only within the game the move is made in
 *   end=both|one       both: a player with no move on either board (no pieces, or all
 *                      blocked) at the start of the turn loses; one: losing one game (no move
 *                      in it) loses the match
 *   draw=60|30|off     that many moves (of either player) without a capture or a man's move
 *
 * The position text: SETTINGS SIDE HALF QUIET BOARD, e.g.
 *   capture=any,end=both,draw=60 w 1 0 bbbbbbbb/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/wwwwwwww
 * HALF is 1 or 2 (the move of the turn to play), BOARD the ranks from 8 down with w b (men),
 * W B (kings) and digits for runs of empty squares.
 */
#include <stdio.h>
#include <string.h>

#include "board8.h"
#include "error.h"
#include "games.h"
#include "postext.h"
#include "rows.h"

enum { EMPTY = 0, WMAN, BMAN, WKING, BKING };

typedef struct Wiegman {
    uint8_t cell[64];  /* a1 = 0, b1 = 1 ... h8 = 63 */
    uint8_t side;
    uint8_t half;      /* 0: the turn's first move, 1: its second */
    uint8_t any;       /* capture=any */
    uint8_t one;       /* end=one */
    uint16_t draw;     /* 0: off */
    uint16_t quiet;    /* moves without a capture or a man's move */
} Wiegman;

SH_OTHER_STATE_FITS(Wiegman);
_Static_assert(sizeof(Wiegman) == 72, "Wiegman has padding bytes (its bytes are its hash's input)");

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};
static const char *const BOARD_NAMES[] = {"dark", "light"};

static const ShSetting SETTINGS[] = {
    {"capture", "any|board", "any",
     "a capture on either board must be made, or only within the game moved in"},
    {"end", "both|one", "both",
     "a player loses with no move on both boards, or with no move on one of them"},
    {"draw", "60|30|off", "60", "moves without a capture or a man's move that make a draw"},
};

static const int DF[4] = {1, -1, 1, -1}, DR[4] = {1, 1, -1, -1};

static const Wiegman *wg(const ShOtherState *st)
{
    return (const Wiegman *)(const void *)st->bytes;
}

static Wiegman *wg_mut(ShOtherState *st)
{
    return (Wiegman *)(void *)st->bytes;
}

static int owner_of(uint8_t c)
{
    return c == WMAN || c == WKING ? 0 : 1;
}

static bool is_king(uint8_t c)
{
    return c == WKING || c == BKING;
}

static int colour_of(int sq)
{
    return (sq % 8 + sq / 8) % 2; /* 0 dark (a1), 1 light */
}

static int step(int sq, int d)
{
    int f = sq % 8 + DF[d], r = sq / 8 + DR[d];
    return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

static void settings_read(Wiegman *w, const char *settings)
{
    const ShOtherGame *g = &SH_OTHER_WIEGMAN;
    w->any = other_setting_is(g, settings, "capture", "any");
    w->one = other_setting_is(g, settings, "end", "one");
    w->draw = (uint16_t)other_setting_number(g, settings, "draw");
}

static ShStatus wiegman_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)err;
    Wiegman *w = wg_mut(st);
    memset(w, 0, sizeof *w);
    settings_read(w, settings);
    for (int sq = 0; sq < 24; sq++) {
        w->cell[sq] = WMAN;
        w->cell[63 - sq] = BMAN;
    }
    return SH_OK;
}

static size_t wiegman_format(const ShOtherState *st, char *out, size_t size)
{
    const Wiegman *w = wg(st);
    char text[SH_OTHER_TEXT_SIZE];
    char draw[OTHER_NUMBER_SIZE];
    int n = snprintf(text, sizeof text, "capture=%s,end=%s,draw=%s %c %d %d ",
                     w->any ? "any" : "board", w->one ? "one" : "both",
                     other_number_text(w->draw, draw),
                     w->side ? 'b' : 'w', w->half + 1, w->quiet);
    n += (int)rows_write(w->cell, 8, "wbWB", text + n, sizeof text - (size_t)n);
    if (size)
        snprintf(out, size, "%s", text);
    return (size_t)n;
}

static ShStatus wiegman_parse(ShOtherState *st, const char *text, ShError *err)
{
    ShOtherState fresh;
    uint8_t side;
    int at;
    ShStatus s = postext_open_settings(&SH_OTHER_WIEGMAN, text,
                                       "a Wiegman position is SETTINGS SIDE HALF QUIET BOARD",
                                       &fresh, &side, &at, err);
    if (s != SH_OK)
        return s;
    Wiegman w = *wg(&fresh);
    memset(w.cell, 0, sizeof w.cell);
    w.side = side;
    if ((text[at] != '1' && text[at] != '2') || text[at + 1] != ' ')
        return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "the move of the turn is 1 or 2");
    w.half = (uint8_t)(text[at] - '1');
    at += 2;
    int quiet_col = at + 1;
    int quiet = postext_number(text, &at);
    if (quiet < 0 || text[at] != ' ')
        return error_set(err, SH_ERR_SYNTAX, 1, at + 1,
                         "the count of moves without a capture or a man's move was expected");
    if (w.draw && quiet > w.draw)
        return error_set(err, SH_ERR_SYNTAX, 1, quiet_col,
                         "more quiet moves (%d) than make a draw (%d)", quiet, w.draw);
    w.quiet = (uint16_t)quiet;
    at++;
    int count[2][2] = {{0, 0}, {0, 0}}; /* [player][colour] */
    RowsScan rows;
    rows_begin(&rows, text, at, 8, "wbWB", false, true);
    while (rows_next(&rows, err)) {
        uint8_t c = (uint8_t)rows.code;
        int sq = rows.cell, r = sq / 8;
        if ((c == WMAN && r == 7) || (c == BMAN && r == 0))
            return error_set(err, SH_ERR_SYNTAX, 1, rows.column,
                             "a man on its last rank is a king");
        if (++count[owner_of(c)][colour_of(sq)] > 12)
            return error_set(err, SH_ERR_SYNTAX, 1, rows.column,
                             "%s has more than 12 pieces on the %s squares",
                             NAMES[owner_of(c)], BOARD_NAMES[colour_of(sq)]);
        w.cell[sq] = c;
    }
    if (rows.status != SH_OK)
        return rows.status;
    memset(st, 0, sizeof *st);
    *wg_mut(st) = w;
    return SH_OK;
}

static ShUnit wiegman_piece(const ShOtherState *st, int cell)
{
    const Wiegman *w = wg(st);
    ShUnit p = {SH_UNIT_NONE, 0};
    if (cell >= 0 && cell < 64 && w->cell[cell]) {
        p.kind = is_king(w->cell[cell]) ? SH_UNIT_KING : SH_UNIT_MAN;
        p.owner = (uint8_t)owner_of(w->cell[cell]);
    }
    return p;
}

static int wiegman_to_move(const ShOtherState *st)
{
    return wg(st)->side;
}

/* ---- move generation: one colour of squares at a time ---- */

typedef struct Gen {
    const Wiegman *w;
    int who;
    ShOtherMove *out; /* NULL: count only */
    int n;
    ShOtherMove cur;  /* the capture being built */
} Gen;

static void emit(Gen *g, const ShOtherMove *m)
{
    if (g->n >= SH_OTHER_MAX_MOVES)
        return;
    if (g->out)
        g->out[g->n] = *m;
    g->n++;
}

static bool is_enemy(const Gen *g, int sq, uint64_t taken)
{
    uint8_t c = g->w->cell[sq];
    return c && owner_of(c) != g->who && !(taken >> sq & 1);
}

static bool last_rank(int who, int sq)
{
    return who == 0 ? sq / 8 == 7 : sq / 8 == 0;
}

/* Free for the capturing piece: empty, or `from`, the cell it has left. */
static bool is_free(const Gen *g, int sq, int from)
{
    return sq == from || !g->w->cell[sq];
}

/* The piece the piece on sq (a king or not) would take along direction d: the first piece on
 * the line (a man's neighbour), if it is the opponent's and not taken yet; -1 if none. */
static int victim(const Gen *g, int sq, int d, bool king, int from, uint64_t taken)
{
    int t = step(sq, d);
    if (king)
        while (t >= 0 && is_free(g, t, from))
            t = step(t, d);
    return t >= 0 && is_enemy(g, t, taken) ? t : -1;
}

/* Whether the piece on sq (a king or not) can capture further, `from` being empty now. */
static bool can_capture(const Gen *g, int sq, bool king, int from, uint64_t taken)
{
    for (int d = 0; d < 4; d++) {
        int t = victim(g, sq, d, king, from, taken);
        int land = t >= 0 ? step(t, d) : -1;
        if (land >= 0 && is_free(g, land, from))
            return true;
    }
    return false;
}

static void capture_from(Gen *g, int sq, bool king, int from, uint64_t taken)
{
    bool any = false;
    for (int d = 0; d < 4; d++) {
        int t = victim(g, sq, d, king, from, taken);
        if (t < 0)
            continue;
        int lands[8], nl = 0;
        for (int l = step(t, d); l >= 0 && is_free(g, l, from); l = king ? step(l, d) : -1)
            lands[nl++] = l;
        if (!nl)
            continue;
        uint64_t now = taken | (uint64_t)1 << t;
        /* a king lands where it can capture on, if it can anywhere */
        bool onward[8], some = false;
        for (int i = 0; i < nl; i++) {
            bool k = king || last_rank(g->who, lands[i]);
            onward[i] = can_capture(g, lands[i], k, from, now);
            some = some || onward[i];
        }
        for (int i = 0; i < nl; i++) {
            if (some && !onward[i])
                continue;
            if (g->cur.length >= SH_OTHER_MAX_PATH)
                continue;
            any = true;
            ShOtherMove saved = g->cur;
            g->cur.path[g->cur.length++] = (uint8_t)lands[i];
            g->cur.captured[g->cur.captured_count++] = (uint8_t)t;
            bool k = king || last_rank(g->who, lands[i]);
            capture_from(g, lands[i], k, from, now);
            g->cur = saved;
        }
    }
    if (!any && g->cur.captured_count) {
        ShOtherMove m = g->cur;
        m.promotes = !is_king(g->w->cell[from]) && king;
        emit(g, &m);
    }
}

/* The captures of colour `colour`; their count. */
static int gen_captures(Gen *g, int colour)
{
    int before = g->n;
    for (int sq = 0; sq < 64; sq++) {
        uint8_t c = g->w->cell[sq];
        if (!c || owner_of(c) != g->who || colour_of(sq) != colour)
            continue;
        memset(&g->cur, 0, sizeof g->cur);
        g->cur.kind = SH_MOVE_CAPTURE;
        g->cur.owner = (uint8_t)g->who;
        g->cur.flags = (uint8_t)colour;
        g->cur.length = 1;
        g->cur.path[0] = (uint8_t)sq;
        capture_from(g, sq, is_king(c), sq, 0);
    }
    return g->n - before;
}

static int gen_steps(Gen *g, int colour)
{
    int before = g->n;
    for (int sq = 0; sq < 64; sq++) {
        uint8_t c = g->w->cell[sq];
        if (!c || owner_of(c) != g->who || colour_of(sq) != colour)
            continue;
        bool king = is_king(c);
        for (int d = 0; d < 4; d++) {
            if (!king && (DR[d] > 0) != (g->who == 0))
                continue;
            for (int t = step(sq, d); t >= 0 && !g->w->cell[t]; t = king ? step(t, d) : -1) {
                ShOtherMove m;
                memset(&m, 0, sizeof m);
                m.kind = SH_MOVE_STEP;
                m.owner = (uint8_t)g->who;
                m.flags = (uint8_t)colour;
                m.length = 2;
                m.path[0] = (uint8_t)sq;
                m.path[1] = (uint8_t)t;
                m.promotes = !king && last_rank(g->who, t);
                emit(g, &m);
            }
        }
    }
    return g->n - before;
}

/* The moves of one game (colour), capture compulsory within it. */
static int board_moves(const Wiegman *w, int who, int colour, ShOtherMove *out)
{
    Gen g = {w, who, out, 0, {0}};
    if (gen_captures(&g, colour))
        return g.n;
    return gen_steps(&g, colour);
}

/* The moves of `who` on both boards under the capture setting, whatever the game's end. */
static int raw_moves(const Wiegman *w, int who, ShOtherMove *out)
{
    if (!w->any) {
        int n = board_moves(w, who, 0, out);
        return n + board_moves(w, who, 1, out ? out + n : NULL);
    }
    Gen g = {w, who, out, 0, {0}};
    gen_captures(&g, 0);
    gen_captures(&g, 1);
    if (g.n)
        return g.n;
    gen_steps(&g, 0);
    gen_steps(&g, 1);
    return g.n;
}

static bool game_over(const Wiegman *w, int *winner, char *reason, size_t size)
{
    *winner = -1;
    if (w->half == 0) {
        if (raw_moves(w, w->side, NULL) == 0) {
            *winner = 1 - w->side;
            snprintf(reason, size, "%s has no move on either board", NAMES[w->side]);
            return true;
        }
        if (w->one)
            for (int colour = 0; colour < 2; colour++)
                if (board_moves(w, w->side, colour, NULL) == 0) {
                    *winner = 1 - w->side;
                    snprintf(reason, size, "%s has no move on the %s squares", NAMES[w->side],
                             BOARD_NAMES[colour]);
                    return true;
                }
    }
    if (w->draw && w->quiet >= w->draw) {
        snprintf(reason, size, "%d moves without a capture or a man's move", w->draw);
        return true;
    }
    return false;
}

static int wiegman_moves(const ShOtherState *st, ShOtherMove *out)
{
    const Wiegman *w = wg(st);
    int winner;
    char reason[160];
    if (game_over(w, &winner, reason, sizeof reason))
        return 0;
    return raw_moves(w, w->side, out);
}

static void wiegman_make(ShOtherState *st, const ShOtherMove *m)
{
    Wiegman *w = wg_mut(st);
    int from = m->path[0], to = m->path[m->length - 1];
    uint8_t c = w->cell[from];
    bool man = !is_king(c);
    w->cell[from] = EMPTY;
    for (int i = 0; i < m->captured_count; i++)
        w->cell[m->captured[i]] = EMPTY;
    if (m->promotes)
        c = w->side == 0 ? WKING : BKING;
    w->cell[to] = c;
    w->quiet = m->captured_count || man ? 0 : (uint16_t)(w->quiet + 1);
    if (w->half == 0 && raw_moves(w, w->side, NULL) > 0) {
        w->half = 1;
        return;
    }
    w->half = 0;
    w->side = (uint8_t)(1 - w->side);
}

static void wiegman_result(const ShOtherState *st, ShOtherResult *out)
{
    const Wiegman *w = wg(st);
    memset(out, 0, sizeof *out);
    out->over = game_over(w, &out->winner, out->reason, sizeof out->reason);
    for (int sq = 0; sq < 64; sq++)
        if (w->cell[sq])
            out->score[owner_of(w->cell[sq])]++;
}

/* Material (man 100, king 300) and the men's progress, for `player`. */
static int wiegman_evaluate(const ShOtherState *st, int player)
{
    const Wiegman *w = wg(st);
    int v = 0;
    for (int sq = 0; sq < 64; sq++) {
        uint8_t c = w->cell[sq];
        if (!c)
            continue;
        int who = owner_of(c);
        int worth = is_king(c) ? 300 : 100 + 3 * (who == 0 ? sq / 8 : 7 - sq / 8);
        v += who == player ? worth : -worth;
    }
    return v;
}

static uint64_t wiegman_hash(const ShOtherState *st)
{
    return other_fnv(OTHER_FNV_BASIS, st->bytes, sizeof(Wiegman));
}

const ShOtherGame SH_OTHER_WIEGMAN = {
    .name = "wiegman", .game_type = "wiegman", .title_en = "Wiegman's draughts",
    .title_ru = "Шашки Вигмана", .players = 2, .searchable = true, OTHER_GAME_TABLES,
    OTHER_GAME_FUNCTIONS(wiegman), .board = board8_board, .move_text = board8_move_text,
};
