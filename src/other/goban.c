/* goban.c - Go-ban (Го-бан), five in a row with a checkers set (seed 003 L311).
 *
 * Each player has 12 pieces and places them one by one on any empty square; once a player's
 * pieces are all placed, that player's turns move one piece to an adjacent empty square, in any
 * of the eight directions. A move that makes a row of five of one's pieces (horizontal,
 * vertical or diagonal) scores a point; the first to 10 points wins.
 *
 * The seed leaves open what becomes of a scored row, the board, and the ends of a game that
 * never gets there; the choices (docs/variants.md, "Go-ban") are settings:
 *   size=8|10        the board (8x8, as the seed's chessboard)
 *   squares=all|dark all 64 (100) squares, or the dark ones only (then rows run diagonally)
 *   rows=stay|hand   stay: the row's pieces stay, and a row scores once when a move forms it:
 *                    the moved piece's line in a direction is 5 or more long and was not 5
 *                    long without it (a line of 6 scores once); hand: the pieces of the row go
 *                    back to the scorer's hand and are placed again
 *   draw=200|100|400|off  that many moves (of either player) without a point: a draw
 *   nomove=pass|lose a player who cannot move passes (both cannot: a draw), or loses
 *
 * The position text: SETTINGS SIDE HAND SCORE QUIET BOARD, e.g.
 *   size=8,squares=all,rows=stay,draw=200,nomove=pass w 12/12 0/0 0 8/8/8/8/8/8/8/8
 * HAND and SCORE are White's/Black's; QUIET counts moves since the last point; BOARD runs from
 * the top rank down, '/' between ranks, W and B the pieces, digits runs of empty squares.
 */
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "games.h"
#include "postext.h"
#include "rows.h"

#define GB_PIECES 12
#define GB_TARGET 10
#define GB_MAX 10

typedef struct Goban {
    uint16_t draw;    /* 0: off */
    uint16_t quiet;   /* moves since the last point */
    uint8_t size;     /* 8 or 10 */
    uint8_t dark;     /* squares=dark */
    uint8_t hand;     /* rows=hand */
    uint8_t lose;     /* nomove=lose */
    uint8_t side;     /* to move */
    uint8_t in_hand[2];
    uint8_t score[2];
    uint8_t unused;   /* always 0: the struct has no padding, so its bytes are its hash's input */
    uint8_t cell[GB_MAX * GB_MAX]; /* 0 empty, 1 White, 2 Black; a1 = 0, b1 = 1 ... */
} Goban;

SH_OTHER_STATE_FITS(Goban);
_Static_assert(sizeof(Goban) == 14 + GB_MAX * GB_MAX, "Goban has padding bytes");

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

static const ShSetting SETTINGS[] = {
    {"size", "8|10", "8", "the board: 8x8 or 10x10"},
    {"squares", "all|dark", "all", "pieces go on every square, or on the dark ones only"},
    {"rows", "stay|hand", "stay",
     "a scored row's pieces stay (a row scores when a move forms it), or go back to the hand"},
    {"draw", "200|100|400|off", "200", "moves without a point that make a draw"},
    {"nomove", "pass|lose", "pass", "a player without a move passes, or loses"},
};

static const int DIRS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};

static const Goban *gb(const ShOtherState *st)
{
    return (const Goban *)(const void *)st->bytes;
}

static Goban *gb_mut(ShOtherState *st)
{
    return (Goban *)(void *)st->bytes;
}

static bool playable(const Goban *g, int f, int r)
{
    return f >= 0 && r >= 0 && f < g->size && r < g->size && (!g->dark || (f + r) % 2 == 0);
}

static void settings_read(Goban *g, const char *settings)
{
    const ShOtherGame *game = &SH_OTHER_GOBAN;
    g->size = (uint8_t)other_setting_number(game, settings, "size");
    g->dark = other_setting_is(game, settings, "squares", "dark");
    g->hand = other_setting_is(game, settings, "rows", "hand");
    g->draw = (uint16_t)other_setting_number(game, settings, "draw");
    g->lose = other_setting_is(game, settings, "nomove", "lose");
}

static ShStatus goban_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)err;
    Goban *g = gb_mut(st);
    memset(g, 0, sizeof *g);
    settings_read(g, settings);
    g->in_hand[0] = g->in_hand[1] = GB_PIECES;
    return SH_OK;
}

static size_t goban_format(const ShOtherState *st, char *out, size_t size)
{
    const Goban *g = gb(st);
    char text[SH_OTHER_TEXT_SIZE];
    char draw[OTHER_NUMBER_SIZE];
    int n = snprintf(text, sizeof text,
                     "size=%d,squares=%s,rows=%s,draw=%s,nomove=%s %c %d/%d %d/%d %d ", g->size,
                     g->dark ? "dark" : "all", g->hand ? "hand" : "stay",
                     other_number_text(g->draw, draw),
                     g->lose ? "lose" : "pass", g->side ? 'b' : 'w', g->in_hand[0],
                     g->in_hand[1], g->score[0], g->score[1], g->quiet);
    n += (int)rows_write(g->cell, g->size, "WB", text + n, sizeof text - (size_t)n);
    if (size)
        snprintf(out, size, "%s", text);
    return (size_t)n;
}

static ShStatus goban_parse(ShOtherState *st, const char *text, ShError *err)
{
    ShOtherState fresh;
    uint8_t side;
    int at;
    ShStatus s = postext_open_settings(&SH_OTHER_GOBAN, text,
                                       "a go-ban position is SETTINGS SIDE HAND SCORE QUIET BOARD",
                                       &fresh, &side, &at, err);
    if (s != SH_OK)
        return s;
    Goban g = *gb(&fresh);
    g.side = side;
    int v[5], col[5];
    const char seps[5] = {'/', ' ', '/', ' ', ' '};
    for (int i = 0; i < 5; i++) {
        col[i] = at + 1;
        v[i] = postext_number(text, &at);
        if (v[i] < 0)
            return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "a number was expected");
        if (text[at] != seps[i])
            return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "'%c' was expected", seps[i]);
        at++;
    }
    for (int i = 0; i < 2; i++)
        if (v[i] > GB_PIECES)
            return error_set(err, SH_ERR_SYNTAX, 1, col[i], "a player has %d pieces at most",
                             GB_PIECES);
    for (int i = 2; i < 4; i++)
        if (v[i] > GB_TARGET + 3 || (i == 3 && v[2] >= GB_TARGET && v[3] >= GB_TARGET))
            return error_set(err, SH_ERR_SYNTAX, 1, col[i],
                             "a score is %d at most (a move scores 4 at most, from %d), and "
                             "only one player reaches %d",
                             GB_TARGET + 3, GB_TARGET - 1, GB_TARGET);
    if (g.draw && v[4] > g.draw)
        return error_set(err, SH_ERR_SYNTAX, 1, col[4],
                         "more moves without a point (%d) than make a draw (%d)", v[4], g.draw);
    g.in_hand[0] = (uint8_t)v[0];
    g.in_hand[1] = (uint8_t)v[1];
    g.score[0] = (uint8_t)v[2];
    g.score[1] = (uint8_t)v[3];
    g.quiet = (uint16_t)v[4];
    int on_board[2] = {0, 0};
    RowsScan rows;
    rows_begin(&rows, text, at, g.size, "WB", true, true);
    while (rows_next(&rows, err)) {
        if (!playable(&g, rows.cell % g.size, rows.cell / g.size))
            return error_set(err, SH_ERR_SYNTAX, 1, rows.column,
                             "a piece on a light square (squares=dark)");
        g.cell[rows.cell] = (uint8_t)rows.code;
        on_board[rows.code - 1]++;
    }
    if (rows.status != SH_OK)
        return rows.status;
    for (int who = 0; who < 2; who++)
        if (on_board[who] + g.in_hand[who] != GB_PIECES)
            return error_set(err, SH_ERR_SYNTAX, 1, col[who],
                             "%s has %d pieces on the board and %d in hand, not %d in all",
                             NAMES[who], on_board[who], g.in_hand[who], GB_PIECES);
    memset(st, 0, sizeof *st);
    *gb_mut(st) = g;
    return SH_OK;
}

/* "a1" .. "j10" into name (at least 4 bytes). */
static void cell_name(char *name, int size, int cell)
{
    int f = cell % size, r = cell / size + 1, n = 0;
    name[n++] = (char)('a' + f);
    if (r >= 10)
        name[n++] = (char)('0' + r / 10);
    name[n++] = (char)('0' + r % 10);
    name[n] = '\0';
}

static void goban_board(const ShOtherState *st, ShGeometry *out)
{
    const Goban *g = gb(st);
    memset(out, 0, sizeof *out);
    out->cell_count = g->size * g->size;
    out->width = out->height = g->size;
    for (int i = 0; i < out->cell_count; i++) {
        int f = i % g->size, r = i / g->size;
        ShCell *c = &out->cell[i];
        c->x = (float)f + 0.5f;
        c->y = (float)(g->size - r) - 0.5f;
        c->shape = SH_CELL_SQUARE;
        c->dark = (f + r) % 2 == 0;
        cell_name(c->name, g->size, i);
    }
}

static ShUnit goban_piece(const ShOtherState *st, int cell)
{
    const Goban *g = gb(st);
    ShUnit p = {SH_UNIT_NONE, 0};
    if (cell >= 0 && cell < g->size * g->size && g->cell[cell]) {
        p.kind = SH_UNIT_PIECE;
        p.owner = (uint8_t)(g->cell[cell] - 1);
    }
    return p;
}

static int goban_to_move(const ShOtherState *st)
{
    return gb(st)->side;
}

/* Move n of out (if out is not NULL): who's placing on cell `from` (to < 0), or step from `from`
 * to `to`. Returns n + 1. */
static int move_put(ShOtherMove *out, int n, int who, int from, int to)
{
    if (out) {
        ShOtherMove *m = &out[n];
        memset(m, 0, sizeof *m);
        m->kind = to < 0 ? SH_MOVE_PLACE : SH_MOVE_STEP;
        m->length = to < 0 ? 1 : 2;
        m->owner = (uint8_t)who;
        m->path[0] = (uint8_t)from;
        if (to >= 0)
            m->path[1] = (uint8_t)to;
    }
    return n + 1;
}

/* Placings or steps of `who`, ignoring whether the game is over. */
static int raw_moves(const Goban *g, int who, ShOtherMove *out)
{
    int n = 0;
    int cells = g->size * g->size;
    for (int i = 0; i < cells; i++) {
        int f = i % g->size, r = i / g->size;
        if (g->in_hand[who]) {
            if (!g->cell[i] && playable(g, f, r))
                n = move_put(out, n, who, i, -1);
            continue;
        }
        if (g->cell[i] != who + 1)
            continue;
        for (int d = 0; d < 8; d++) {
            int tf = f + DIRS[d][0], tr = r + DIRS[d][1];
            if (playable(g, tf, tr) && !g->cell[tr * g->size + tf])
                n = move_put(out, n, who, i, tr * g->size + tf);
        }
    }
    return n;
}

/* Whether the game is over, and how (winner -1: a draw). */
static bool game_over(const Goban *g, int *winner, char *reason, size_t size)
{
    for (int who = 0; who < 2; who++)
        if (g->score[who] >= GB_TARGET) {
            *winner = who;
            snprintf(reason, size, "%s scored %d points", NAMES[who], GB_TARGET);
            return true;
        }
    if (g->draw && g->quiet >= g->draw) {
        *winner = -1;
        snprintf(reason, size, "%d moves without a point", g->draw);
        return true;
    }
    if (raw_moves(g, g->side, NULL) == 0) {
        if (g->lose) {
            *winner = 1 - g->side;
            snprintf(reason, size, "%s cannot move", NAMES[g->side]);
            return true;
        }
        if (raw_moves(g, 1 - g->side, NULL) == 0) {
            *winner = -1;
            snprintf(reason, size, "neither player can move");
            return true;
        }
    }
    *winner = -1;
    return false;
}

static int goban_moves(const ShOtherState *st, ShOtherMove *out)
{
    const Goban *g = gb(st);
    int winner;
    char reason[160];
    if (game_over(g, &winner, reason, sizeof reason))
        return 0;
    int n = raw_moves(g, g->side, out);
    if (n == 0) { /* nomove=pass, and the opponent can move */
        memset(&out[0], 0, sizeof out[0]);
        out[0].kind = SH_MOVE_PASS;
        out[0].owner = g->side;
        n = 1;
    }
    return n;
}

/* The pieces of `who` in a line from (f, r) in direction d, (f, r) not counted. */
static int run_length(const Goban *g, int who, int f, int r, int d)
{
    int n = 0;
    for (;;) {
        f += DIRS[d][0];
        r += DIRS[d][1];
        if (!playable(g, f, r) || g->cell[r * g->size + f] != who + 1)
            return n;
        n++;
    }
}

static void goban_make(ShOtherState *st, const ShOtherMove *m)
{
    Goban *g = gb_mut(st);
    int who = g->side;
    g->side = (uint8_t)(1 - who);
    g->quiet++;
    if (m->kind == SH_MOVE_PASS)
        return;
    int to = m->kind == SH_MOVE_PLACE ? m->path[0] : m->path[1];
    if (m->kind == SH_MOVE_PLACE)
        g->in_hand[who]--;
    else
        g->cell[m->path[0]] = 0;
    int f = to % g->size, r = to / g->size;
    int points = 0;
    int back[GB_MAX * 4], nback = 0;
    for (int d = 0; d < 8; d += 2) { /* a direction and its opposite */
        int a = run_length(g, who, f, r, d), b = run_length(g, who, f, r, d + 1);
        if (a + b + 1 < 5 || a >= 5 || b >= 5)
            continue;
        points++;
        for (int k = -b; k <= a; k++)
            if (k != 0)
                back[nback++] = (r + k * DIRS[d][1]) * g->size + f + k * DIRS[d][0];
    }
    g->cell[to] = (uint8_t)(who + 1);
    if (!points)
        return;
    g->score[who] = (uint8_t)(g->score[who] + points);
    g->quiet = 0;
    if (g->hand) { /* the rows' pieces go back to the hand */
        back[nback++] = to;
        for (int i = 0; i < nback; i++)
            if (g->cell[back[i]]) {
                g->cell[back[i]] = 0;
                g->in_hand[who]++;
            }
    }
}

static void goban_result(const ShOtherState *st, ShOtherResult *out)
{
    const Goban *g = gb(st);
    memset(out, 0, sizeof *out);
    out->over = game_over(g, &out->winner, out->reason, sizeof out->reason);
    out->score[0] = g->score[0];
    out->score[1] = g->score[1];
}

static size_t goban_move_text(const ShOtherState *st, const ShOtherMove *m, char *out, size_t size)
{
    const Goban *g = gb(st);
    char a[8], b[8];
    int n;
    cell_name(a, g->size, m->path[0]);
    cell_name(b, g->size, m->path[m->length > 1 ? 1 : 0]);
    if (m->kind == SH_MOVE_PASS)
        n = snprintf(out, size, "pass");
    else if (m->kind == SH_MOVE_PLACE)
        n = snprintf(out, size, "*%s", a);
    else
        n = snprintf(out, size, "%s-%s", a, b);
    return n < 0 ? 0 : (size_t)n;
}

/* Worth of `who`'s chances in the windows of five: a window free of the opponent's pieces with
 * k of one's own counts k*k. */
static int windows(const Goban *g, int who)
{
    int sum = 0;
    for (int i = 0; i < g->size * g->size; i++) {
        int f = i % g->size, r = i / g->size;
        for (int d = 0; d < 8; d += 2) {
            int own = 0, ok = 1;
            for (int k = 0; k < 5 && ok; k++) {
                int tf = f + k * DIRS[d][0], tr = r + k * DIRS[d][1];
                if (!playable(g, tf, tr)) {
                    ok = 0;
                    break;
                }
                uint8_t c = g->cell[tr * g->size + tf];
                if (c == 2 - who)
                    ok = 0;
                else if (c)
                    own++;
            }
            if (ok)
                sum += own * own;
        }
    }
    return sum;
}

static int goban_evaluate(const ShOtherState *st, int player)
{
    const Goban *g = gb(st);
    int other = 1 - player;
    int v = 1000 * (g->score[player] - g->score[other]);
    v += 4 * (windows(g, player) - windows(g, other));
    if (!g->in_hand[player] && !g->in_hand[other])
        v += raw_moves(g, player, NULL) - raw_moves(g, other, NULL);
    return v;
}

static uint64_t goban_hash(const ShOtherState *st)
{
    return other_fnv(OTHER_FNV_BASIS, st->bytes, sizeof(Goban));
}

const ShOtherGame SH_OTHER_GOBAN = {
    .name = "goban", .game_type = "goban", .title_en = "Go-ban", .title_ru = "Го-бан",
    .players = 2, .searchable = true, OTHER_GAME_TABLES, OTHER_GAME_FUNCTIONS(goban),
    .board = goban_board, .move_text = goban_move_text,
};
