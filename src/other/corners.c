/* corners.c - Corners (Уголки): a race of two houses of pieces to the opposite corners of the
 * 8x8 board by steps and jumps, without captures. The rules, their sources and the settings are
 * in docs/variants.md ("Corners"); the seed is ../shared/seeds/003_*.txt L164-186 and L309. */
#include <stdio.h>
#include <string.h>

#include "board8.h"
#include "error.h"
#include "games.h"
#include "postext.h"
#include "rows.h"

enum { EMPTY = 0, WHITE_PIECE = 1, BLACK_PIECE = 2 };
enum { HOUSE_4X3, HOUSE_3X3, HOUSE_4X4 };

typedef struct Corners {
    uint8_t cell[BOARD8_CELLS]; /* EMPTY, WHITE_PIECE, BLACK_PIECE */
    uint8_t side;               /* player to move */
    uint8_t house;              /* HOUSE_* */
    uint8_t diagonal;           /* steps and jumps also diagonal */
    uint8_t equal;              /* the second player may finish in as many moves: a draw */
    uint16_t home;              /* moves after which a piece in its own house loses; 0: off */
    uint16_t limit;             /* moves of each after which the game is scored; 0: off */
    uint16_t moves[2];          /* moves made by each player */
} Corners;

SH_OTHER_STATE_FITS(Corners);

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

static const ShSetting SETTINGS[] = {
    {"house", "4x3|3x3|4x4", "4x3",
     "the house: 4 wide and 3 high (seed L174), a 3x3 square (seed L309) or 4x4"},
    {"diagonal", "no|yes", "no",
     "steps and jumps diagonal too (seed L175, L184: horizontal and vertical only)"},
    {"equal", "on|off", "on",
     "if White finishes first, Black has one more move: finishing with it is a draw"},
    {"home", "40|41|off", "40",
     "a player who has made this many moves and has a piece in his own house loses"},
    {"limit", "80|off", "80", "after 80 moves each, more pieces in the opponent's house wins"},
};

static const char LETTERS[] = "wb";
static const int DIRS[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1},
                               {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static Corners *get(ShOtherState *st) { return (Corners *)(void *)st->bytes; }
static const Corners *cget(const ShOtherState *st)
{
    return (const Corners *)(const void *)st->bytes;
}

static void house_size(const Corners *c, int *w, int *h)
{
    *w = c->house == HOUSE_3X3 ? 3 : 4;
    *h = c->house == HOUSE_4X3 ? 3 : c->house == HOUSE_3X3 ? 3 : 4;
}

static int house_pieces(const Corners *c)
{
    int w, h;
    house_size(c, &w, &h);
    return w * h;
}

/* Whether cell is in the house of player p (White: bottom left; Black: top right, L173). */
static bool in_house(const Corners *c, int p, int cell)
{
    int w, h;
    house_size(c, &w, &h);
    int f = board8_file(cell), r = board8_rank(cell);
    return p == 0 ? f < w && r < h : f >= 8 - w && r >= 8 - h;
}

/* Pieces of p in the house of q. */
static int count_in(const Corners *c, int p, int q)
{
    int n = 0;
    for (int i = 0; i < BOARD8_CELLS; i++)
        if (c->cell[i] == p + 1 && in_house(c, q, i))
            n++;
    return n;
}

static void settings_read(Corners *c, const char *settings)
{
    const ShOtherGame *g = &SH_OTHER_CORNERS;
    c->house = other_setting_is(g, settings, "house", "3x3")   ? HOUSE_3X3
               : other_setting_is(g, settings, "house", "4x4") ? HOUSE_4X4
                                                               : HOUSE_4X3;
    c->diagonal = other_setting_is(g, settings, "diagonal", "yes");
    c->equal = other_setting_is(g, settings, "equal", "on");
    c->home = (uint16_t)other_setting_number(g, settings, "home");
    c->limit = (uint16_t)other_setting_number(g, settings, "limit");
}

static ShStatus corners_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)err;
    Corners *c = get(st);
    memset(c, 0, sizeof *c);
    settings_read(c, settings);
    for (int i = 0; i < BOARD8_CELLS; i++)
        c->cell[i] = in_house(c, 0, i) ? WHITE_PIECE : in_house(c, 1, i) ? BLACK_PIECE : EMPTY;
    return SH_OK;
}

static size_t settings_write(const Corners *c, char *out, size_t size)
{
    static const char *const HOUSES[] = {"4x3", "3x3", "4x4"};
    char home[OTHER_NUMBER_SIZE], limit[OTHER_NUMBER_SIZE];
    int n = snprintf(out, size, "house=%s,diagonal=%s,equal=%s,home=%s,limit=%s",
                     HOUSES[c->house], c->diagonal ? "yes" : "no", c->equal ? "on" : "off",
                     other_number_text(c->home, home), other_number_text(c->limit, limit));
    return n < 0 ? 0 : (size_t)n;
}

static size_t corners_format(const ShOtherState *st, char *out, size_t size)
{
    const Corners *c = cget(st);
    char rows[80], set[128];
    rows_write(c->cell, 8, LETTERS, rows, sizeof rows);
    settings_write(c, set, sizeof set);
    int n = snprintf(out, size, "%s %c %u %u %s", rows, c->side ? 'b' : 'w', (unsigned)c->moves[0],
                     (unsigned)c->moves[1], set);
    return n < 0 ? 0 : (size_t)n;
}

static ShStatus corners_parse(ShOtherState *st, const char *text, ShError *err)
{
    int start[5], len[5];
    ShStatus status = postext_open_fields(
        &SH_OTHER_CORNERS, text, 4, 5,
        "a corners position is ROWS SIDE WHITE-MOVES BLACK-MOVES [SETTINGS]", start, len, st, err);
    if (status != SH_OK)
        return status;
    Corners *c = get(st);
    status = rows_read(text, len[0], 8, LETTERS, c->cell,
                       "the rows are 8 of 8 cells: w, b or a count of empty cells, separated by /",
                       err);
    if (status == SH_OK)
        status = postext_side(text, start[1], len[1], &c->side, err);
    if (status != SH_OK)
        return status;
    for (int p = 0; p < 2; p++)
        if (!postext_count(text + start[2 + p], len[2 + p], &c->moves[p]))
            return error_set(err, SH_ERR_SYNTAX, 1, start[2 + p] + 1,
                             "the moves made are a number of 1 to 4 digits");
    int want = house_pieces(c);
    for (int p = 0; p < 2; p++) {
        int have = 0;
        for (int i = 0; i < BOARD8_CELLS; i++)
            have += c->cell[i] == p + 1;
        if (have != want)
            return error_set(err, SH_ERR_INVALID_POSITION, 1, 1,
                             "%s has %d pieces; this house holds %d", NAMES[p], have, want);
    }
    if (c->moves[0] != c->moves[1] + c->side)
        return error_set(err, SH_ERR_INVALID_POSITION, 1, start[3] + 1,
                         "White moves first: with %s to move White has made %s Black's moves",
                         NAMES[c->side], c->side ? "one more than" : "as many as");
    return SH_OK;
}

static ShUnit corners_piece(const ShOtherState *st, int cell)
{
    ShUnit p = {SH_UNIT_NONE, 0};
    const Corners *c = cget(st);
    if (cell >= 0 && cell < BOARD8_CELLS && c->cell[cell]) {
        p.kind = SH_UNIT_PIECE;
        p.owner = (uint8_t)(c->cell[cell] - 1);
    }
    return p;
}

static int corners_to_move(const ShOtherState *st) { return cget(st)->side; }

/* The moves of player p whatever the result: steps, then every cell a chain of jumps reaches
 * (by its shortest chain, found breadth first; a chain never comes back to a cell, L176: it may
 * stop anywhere). */
static int generate(const Corners *c, int p, ShOtherMove *out)
{
    int n = 0, dirs = c->diagonal ? 8 : 4;
    for (int from = 0; from < BOARD8_CELLS; from++) {
        if (c->cell[from] != p + 1)
            continue;
        int f = board8_file(from), r = board8_rank(from);
        for (int d = 0; d < dirs; d++) {
            int to = board8_cell(f + DIRS[d][0], r + DIRS[d][1]);
            if (to < 0 || c->cell[to])
                continue;
            ShOtherMove *m = &out[n++];
            memset(m, 0, sizeof *m);
            m->kind = SH_MOVE_STEP;
            m->owner = (uint8_t)p;
            m->length = 2;
            m->path[0] = (uint8_t)from;
            m->path[1] = (uint8_t)to;
        }
        int parent[BOARD8_CELLS], queue[BOARD8_CELLS], head = 0, tail = 0;
        for (int i = 0; i < BOARD8_CELLS; i++)
            parent[i] = -2;
        parent[from] = -1;
        queue[tail++] = from;
        while (head < tail) {
            int at = queue[head++];
            int af = board8_file(at), ar = board8_rank(at);
            for (int d = 0; d < dirs; d++) {
                int over = board8_cell(af + DIRS[d][0], ar + DIRS[d][1]);
                int to = board8_cell(af + 2 * DIRS[d][0], ar + 2 * DIRS[d][1]);
                if (over < 0 || to < 0 || over == from || !c->cell[over] || parent[to] != -2)
                    continue;
                if (c->cell[to] && to != from)
                    continue;
                parent[to] = at;
                queue[tail++] = to;
                uint8_t rev[SH_OTHER_MAX_PATH];
                int len = 0;
                for (int x = to; x >= 0 && len < SH_OTHER_MAX_PATH; x = parent[x])
                    rev[len++] = (uint8_t)x;
                ShOtherMove *m = &out[n++];
                memset(m, 0, sizeof *m);
                m->kind = SH_MOVE_JUMP;
                m->owner = (uint8_t)p;
                m->length = (uint8_t)len;
                for (int i = 0; i < len; i++)
                    m->path[i] = rev[len - 1 - i];
            }
        }
    }
    return n;
}

/* Whether p has a move: a piece with a free neighbour, or next to a piece with a free cell
 * behind it (what generate would find, without listing it). */
static bool can_move(const Corners *c, int p)
{
    int dirs = c->diagonal ? 8 : 4;
    for (int from = 0; from < BOARD8_CELLS; from++) {
        if (c->cell[from] != p + 1)
            continue;
        int f = board8_file(from), r = board8_rank(from);
        for (int d = 0; d < dirs; d++) {
            int near = board8_cell(f + DIRS[d][0], r + DIRS[d][1]);
            int far = board8_cell(f + 2 * DIRS[d][0], r + 2 * DIRS[d][1]);
            if (near >= 0 && (!c->cell[near] || (far >= 0 && !c->cell[far])))
                return true;
        }
    }
    return false;
}

/* The result by the rules alone (L178-180 and the settings); false if the game goes on. */
static bool rules_result(const Corners *c, ShOtherResult *res)
{
    int want = house_pieces(c);
    bool done[2] = {count_in(c, 0, 1) == want, count_in(c, 1, 0) == want};
    res->score[0] = count_in(c, 0, 1);
    res->score[1] = count_in(c, 1, 0);
    if (done[0] && done[1]) {
        res->over = true;
        snprintf(res->reason, sizeof res->reason,
                 "both players brought all their pieces into the opposite house in %u moves",
                 (unsigned)c->moves[0]);
        return true;
    }
    for (int p = 0; p < 2; p++) {
        if (!done[p])
            continue;
        /* White's finish waits for Black's answering move when the rule is on. */
        if (p == 0 && c->equal && c->moves[1] < c->moves[0])
            break;
        res->over = true;
        res->winner = p;
        snprintf(res->reason, sizeof res->reason,
                 "%s brought all the pieces into the opposite house first", NAMES[p]);
        return true;
    }
    bool lost[2] = {false, false};
    for (int p = 0; p < 2 && c->home; p++)
        lost[p] = c->moves[p] >= c->home && count_in(c, p, p) > 0;
    if (lost[0] || lost[1]) {
        res->over = true;
        res->winner = lost[0] && lost[1] ? -1 : lost[0] ? 1 : 0;
        int p = lost[0] ? 0 : 1;
        snprintf(res->reason, sizeof res->reason,
                 "%s has a piece in his own house after %u moves", NAMES[p], (unsigned)c->home);
        return true;
    }
    if (c->limit && c->moves[0] >= c->limit && c->moves[1] >= c->limit) {
        res->over = true;
        res->winner = res->score[0] > res->score[1] ? 0 : res->score[1] > res->score[0] ? 1 : -1;
        snprintf(res->reason, sizeof res->reason,
                 "%u moves each: %d against %d pieces in the opposite house",
                 (unsigned)c->limit, res->score[0], res->score[1]);
        return true;
    }
    return false;
}

static void corners_result(const ShOtherState *st, ShOtherResult *res)
{
    const Corners *c = cget(st);
    memset(res, 0, sizeof *res);
    res->winner = -1;
    if (rules_result(c, res))
        return;
    if (!can_move(c, 0) && !can_move(c, 1)) {
        res->over = true;
        snprintf(res->reason, sizeof res->reason, "neither player can move");
        return;
    }
    snprintf(res->reason, sizeof res->reason, "%s to move", NAMES[c->side]);
}

static int corners_moves(const ShOtherState *st, ShOtherMove *out)
{
    ShOtherResult res;
    corners_result(st, &res);
    if (res.over)
        return 0;
    const Corners *c = cget(st);
    int n = generate(c, c->side, out);
    if (n == 0) { /* blocked but the game goes on: the turn passes */
        memset(&out[0], 0, sizeof out[0]);
        out[0].kind = SH_MOVE_PASS;
        out[0].owner = c->side;
        n = 1;
    }
    return n;
}

static void corners_make(ShOtherState *st, const ShOtherMove *m)
{
    Corners *c = get(st);
    if (m->kind != SH_MOVE_PASS && m->length >= 2) {
        uint8_t piece = c->cell[m->path[0]];
        c->cell[m->path[0]] = EMPTY;
        c->cell[m->path[m->length - 1]] = piece;
    }
    c->moves[c->side]++;
    c->side ^= 1;
}

static size_t corners_move_text(const ShOtherState *st, const ShOtherMove *m, char *out,
                                size_t size)
{
    if (m->kind != SH_MOVE_PASS)
        return board8_move_text(st, m, out, size);
    int n = snprintf(out, size, "pass");
    return n < 0 ? 0 : (size_t)n;
}

/* Progress of p's pieces: steps already made towards the far corner. */
static int progress(const Corners *c, int p)
{
    int sum = 0;
    for (int i = 0; i < BOARD8_CELLS; i++) {
        if (c->cell[i] != p + 1)
            continue;
        int f = board8_file(i), r = board8_rank(i);
        sum += p == 0 ? f + r : 14 - f - r;
    }
    return sum;
}

/* What p's pieces still in his own house cost: the steps each needs to leave it, weighed by
 * the moves p has made. */
static int home_cost(const Corners *c, int p)
{
    int w, h, cost = 0;
    house_size(c, &w, &h);
    for (int i = 0; i < BOARD8_CELLS; i++) {
        if (c->cell[i] != p + 1 || !in_house(c, p, i))
            continue;
        int f = board8_file(i), r = board8_rank(i);
        int across = p == 0 ? w - f : f - (7 - w), up = p == 0 ? h - r : r - (7 - h);
        int out = across < up ? across : up;
        cost += out * (10 + 3 * c->moves[p]);
    }
    return cost;
}

static int corners_evaluate(const ShOtherState *st, int player)
{
    int worth;
    if (other_over(&SH_OTHER_CORNERS, st, player, &worth))
        return worth;
    const Corners *c = cget(st);
    int q = player ^ 1;
    int score = 10 * (progress(c, player) - progress(c, q));
    score += 15 * (count_in(c, player, q) - count_in(c, q, player));
    /* Pieces left at home grow costly as the house rule nears (L179), the more the further
     * they are from its edge. */
    if (c->home)
        score += home_cost(c, q) - home_cost(c, player);
    return score;
}

static uint64_t corners_hash(const ShOtherState *st)
{
    return other_fnv(OTHER_FNV_BASIS, st->bytes, sizeof(Corners));
}

const ShOtherGame SH_OTHER_CORNERS = {
    .name = "corners", .game_type = "corners", .title_en = "Corners", .title_ru = "Уголки",
    .players = 2, .searchable = true, OTHER_GAME_TABLES, OTHER_GAME_FUNCTIONS(corners),
    .board = board8_board, .move_text = corners_move_text,
};
