/* belarusian.c - Belarusian draughts (Белорусские шашки), a "chess-draughts" game: each
 * side has 12 men that move and capture as in Russian draughts and 12 pawns that move straight
 * forward as chess pawns but never capture; they only block and shield (seed
 * ../shared/seeds/003_*.txt L313). The pawns change every capture's geometry (a pawn is in the
 * way of a man or a king), so the moves are this module's own. The rules, the choices made
 * where the seed is silent and their settings are in docs/variants.md ("Belarusian
 * draughts"). */
#include <stdio.h>
#include <string.h>

#include "board8.h"
#include "error.h"
#include "games.h"
#include "postext.h"
#include "rows.h"

enum { EMPTY, W_MAN, W_KING, W_PAWN, B_MAN, B_KING, B_PAWN };

typedef struct Belarusian {
    uint8_t cell[BOARD8_CELLS]; /* EMPTY, W_MAN ... B_PAWN */
    uint8_t side;               /* player to move: 0 White, 1 Black */
    uint8_t pawns;              /* the pawns are in the game (pawns=light) */
    uint8_t double_step;        /* a pawn on its side's first three ranks may go two squares */
    uint8_t pawn_take;          /* men and kings may capture the opponent's pawns */
    uint8_t quiet_limit;        /* moves each without a capture, a man's or a pawn's move: draw */
    uint8_t spare;              /* zero: no padding byte for the hash to read */
    uint16_t quiet;             /* plies without a capture, a man's or a pawn's move */
} Belarusian;

SH_OTHER_STATE_FITS(Belarusian);

static const char *const NAMES[] = {"White", "Black"};
static const char *const COLOURS[] = {"#f4f1e8", "#1f1f1f"};

static const ShSetting SETTINGS[] = {
    {"pawns", "light|none", "light",
     "light: the 12 pawns start on the light squares of the side's first three ranks; none: "
     "Russian draughts"},
    {"double", "no|yes", "no",
     "yes: a pawn on its side's first three ranks may go two squares forward over an empty one"},
    {"pawntake", "no|yes", "no",
     "yes: men and kings capture the opponent's pawns as they capture men; no: pawns are walls"},
    {"quiet", "30|15|off", "30",
     "moves each without a capture or a move of a man or a pawn that end the game in a draw"},
};

/* w/W White's man/king, P White's pawn; b/B Black's man/king, p Black's pawn. */
static const char LETTERS[] = "wWPbBp";
static const int DIAG[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

static Belarusian *get(ShOtherState *st) { return (Belarusian *)(void *)st->bytes; }
static const Belarusian *cget(const ShOtherState *st)
{
    return (const Belarusian *)(const void *)st->bytes;
}

static int owner_of(uint8_t piece) { return piece >= B_MAN; }
static bool is_pawn(uint8_t piece) { return piece == W_PAWN || piece == B_PAWN; }
static bool is_king(uint8_t piece) { return piece == W_KING || piece == B_KING; }
static bool is_man(uint8_t piece) { return piece == W_MAN || piece == B_MAN; }
/* The rank a side's men are crowned on. */
static int crown_rank(int side) { return side ? 0 : 7; }

static void settings_read(Belarusian *b, const char *settings)
{
    const ShOtherGame *g = &SH_OTHER_BELARUSIAN;
    b->pawns = !other_setting_is(g, settings, "pawns", "none");
    b->double_step = other_setting_is(g, settings, "double", "yes");
    b->pawn_take = other_setting_is(g, settings, "pawntake", "yes");
    b->quiet_limit = (uint8_t)other_setting_number(g, settings, "quiet");
}

static ShStatus belarusian_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)err;
    Belarusian *b = get(st);
    memset(b, 0, sizeof *b);
    settings_read(b, settings);
    for (int c = 0; c < BOARD8_CELLS; c++) {
        int r = board8_rank(c);
        bool dark = board8_dark(c);
        if (r < 3)
            b->cell[c] = dark ? W_MAN : b->pawns ? W_PAWN : EMPTY;
        else if (r > 4)
            b->cell[c] = dark ? B_MAN : b->pawns ? B_PAWN : EMPTY;
    }
    return SH_OK;
}

static size_t belarusian_format(const ShOtherState *st, char *out, size_t size)
{
    const Belarusian *b = cget(st);
    char rows[80], quiet[OTHER_NUMBER_SIZE];
    rows_write(b->cell, 8, LETTERS, rows, sizeof rows);
    int n = snprintf(out, size, "%s %c %u pawns=%s,double=%s,pawntake=%s,quiet=%s", rows,
                     b->side ? 'b' : 'w', (unsigned)b->quiet, b->pawns ? "light" : "none",
                     b->double_step ? "yes" : "no", b->pawn_take ? "yes" : "no",
                     other_number_text(b->quiet_limit, quiet));
    return n < 0 ? 0 : (size_t)n;
}

static ShStatus belarusian_parse(ShOtherState *st, const char *text, ShError *err)
{
    static const char FORM[] = "a Belarusian position is ROWS SIDE QUIET-PLIES [SETTINGS]";
    int start[4], len[4];
    ShStatus status =
        postext_open_fields(&SH_OTHER_BELARUSIAN, text, 3, 4, FORM, start, len, st, err);
    if (status != SH_OK)
        return status;
    Belarusian *b = get(st);
    status = rows_read(text, len[0], 8, LETTERS, b->cell,
                       "the rows are 8 of 8 cells: w W P b B p or a count of empty cells, "
                       "separated by /",
                       err);
    if (status == SH_OK)
        status = postext_side(text, start[1], len[1], &b->side, err);
    if (status != SH_OK)
        return status;
    if (!postext_count(text + start[2], len[2], &b->quiet))
        return error_set(err, SH_ERR_SYNTAX, 1, start[2] + 1,
                         "the quiet plies are a number of 1 to 4 digits");
    int men[2] = {0, 0}, pawns[2] = {0, 0};
    for (int c = 0; c < BOARD8_CELLS; c++) {
        uint8_t p = b->cell[c];
        if (!p)
            continue;
        int o = owner_of(p), r = board8_rank(c);
        int col = rows_column(text, 8, LETTERS, c);
        if (is_pawn(p)) {
            pawns[o]++;
            if (!b->pawns)
                return error_set(err, SH_ERR_INVALID_POSITION, 1, col,
                                 "a pawn on %c%d, but this game has none (pawns=none)",
                                 'a' + board8_file(c), r + 1);
            continue;
        }
        men[o]++;
        if (!board8_dark(c))
            return error_set(err, SH_ERR_INVALID_POSITION, 1, col,
                             "a man or a king on the light square %c%d", 'a' + board8_file(c),
                             r + 1);
        if (is_man(p) && r == crown_rank(o))
            return error_set(err, SH_ERR_INVALID_POSITION, 1, col,
                             "a man on his crowning rank (%c%d) is a king", 'a' + board8_file(c),
                             r + 1);
    }
    for (int o = 0; o < 2; o++)
        if (men[o] > 12 || pawns[o] > 12)
            return error_set(err, SH_ERR_INVALID_POSITION, 1, 1,
                             "%s has %d men and kings and %d pawns: 12 of each at most",
                             NAMES[o], men[o], pawns[o]);
    return SH_OK;
}

static ShUnit belarusian_piece(const ShOtherState *st, int cell)
{
    ShUnit p = {SH_UNIT_NONE, 0};
    if (cell < 0 || cell >= BOARD8_CELLS)
        return p;
    uint8_t c = cget(st)->cell[cell];
    if (c) {
        p.kind = is_pawn(c) ? SH_UNIT_PAWN : is_king(c) ? SH_UNIT_KING : SH_UNIT_MAN;
        p.owner = (uint8_t)owner_of(c);
    }
    return p;
}

static int belarusian_to_move(const ShOtherState *st) { return cget(st)->side; }

/* The capture search of one piece. */
typedef struct Search {
    const Belarusian *b;
    int side, from;
    ShOtherMove *out;
    int count;
    uint8_t path[SH_OTHER_MAX_PATH];
    uint8_t taken[SH_OTHER_MAX_PATH];
} Search;

/* Free for a capturing piece: empty, or the square it started from (it has left it). */
static bool free_cell(const Search *s, int c) { return c == s->from || !s->b->cell[c]; }

/* Whether the piece on c may be taken: the opponent's man or king (or pawn, pawntake=yes), not
 * taken already in this move (a taken piece stays on the board until the move ends). */
static bool takeable(const Search *s, int c, uint64_t taken)
{
    uint8_t p = s->b->cell[c];
    if (!p || c == s->from || owner_of(p) == s->side || (taken >> c & 1))
        return false;
    return !is_pawn(p) || s->b->pawn_take;
}

static void record(Search *s, int length, int takes, bool promoted)
{
    int to = s->path[length - 1];
    uint64_t set = 0;
    for (int i = 0; i < takes; i++)
        set |= 1ULL << s->taken[i];
    for (int i = 0; i < s->count; i++) { /* one move for each start, end and pieces taken */
        const ShOtherMove *m = &s->out[i];
        if (m->path[0] != s->from || m->path[m->length - 1] != to || m->captured_count != takes)
            continue;
        uint64_t other = 0;
        for (int k = 0; k < takes; k++)
            other |= 1ULL << m->captured[k];
        if (other == set)
            return;
    }
    if (s->count >= SH_OTHER_MAX_MOVES)
        return;
    ShOtherMove *m = &s->out[s->count++];
    memset(m, 0, sizeof *m);
    m->kind = SH_MOVE_CAPTURE;
    m->owner = (uint8_t)s->side;
    m->promotes = promoted;
    m->length = (uint8_t)length;
    memcpy(m->path, s->path, (size_t)length);
    m->captured_count = (uint8_t)takes;
    memcpy(m->captured, s->taken, (size_t)takes);
}

/* The landings of a capture from `at` along direction d: the piece taken on *victim, the free
 * cells behind it into land; their count (0: no capture that way). A man lands just behind. */
static int capture_ray(const Search *s, int at, int d, bool king, uint64_t taken, int *victim,
                       int land[8])
{
    int f = board8_file(at) + DIAG[d][0], r = board8_rank(at) + DIAG[d][1];
    if (king)
        while (board8_cell(f, r) >= 0 && free_cell(s, board8_cell(f, r))) {
            f += DIAG[d][0];
            r += DIAG[d][1];
        }
    int v = board8_cell(f, r);
    if (v < 0 || !takeable(s, v, taken))
        return 0;
    int n = 0;
    f += DIAG[d][0];
    r += DIAG[d][1];
    while (board8_cell(f, r) >= 0 && free_cell(s, board8_cell(f, r))) {
        land[n++] = board8_cell(f, r);
        if (!king)
            break;
        f += DIAG[d][0];
        r += DIAG[d][1];
    }
    *victim = v;
    return n;
}

static bool can_capture(const Search *s, int at, bool king, uint64_t taken)
{
    int victim, land[8];
    for (int d = 0; d < 4; d++)
        if (capture_ray(s, at, d, king, taken, &victim, land))
            return true;
    return false;
}

/* Russian captures: a man takes forwards and backwards, a king from afar; the chain goes on as
 * long as it can (a king lands where it can go on, if it can anywhere), a man crowned on the
 * way goes on as a king, and no piece is taken twice. */
static void capture_search(Search *s, int at, bool king, uint64_t taken, int length, int takes,
                           bool promoted)
{
    bool any = false;
    for (int d = 0; d < 4; d++) {
        int victim, land[8];
        int n = capture_ray(s, at, d, king, taken, &victim, land);
        if (!n)
            continue;
        uint64_t now = taken | 1ULL << victim;
        bool on[8], some = false;
        for (int i = 0; i < n; i++) {
            bool k = king || board8_rank(land[i]) == crown_rank(s->side);
            on[i] = can_capture(s, land[i], k, now);
            some = some || on[i];
        }
        for (int i = 0; i < n; i++) {
            if (some && !on[i])
                continue;
            if (length >= SH_OTHER_MAX_PATH || takes >= SH_OTHER_MAX_PATH)
                continue;
            any = true;
            bool crown = !king && board8_rank(land[i]) == crown_rank(s->side);
            s->path[length] = (uint8_t)land[i];
            s->taken[takes] = (uint8_t)victim;
            capture_search(s, land[i], king || crown, now, length + 1, takes + 1,
                           promoted || crown);
        }
    }
    if (!any && takes > 0)
        record(s, length, takes, promoted);
}

static int generate(const Belarusian *b, ShOtherMove *out)
{
    Search s = {.b = b, .side = b->side, .out = out, .count = 0};
    for (int c = 0; c < BOARD8_CELLS; c++) {
        uint8_t p = b->cell[c];
        if (!p || owner_of(p) != b->side || is_pawn(p))
            continue;
        s.from = c;
        s.path[0] = (uint8_t)c;
        capture_search(&s, c, is_king(p), 0, 1, 0, false);
    }
    if (s.count) /* a capture is compulsory */
        return s.count;
    int n = 0, fwd = b->side ? -1 : 1;
    for (int c = 0; c < BOARD8_CELLS; c++) {
        uint8_t p = b->cell[c];
        if (!p || owner_of(p) != b->side)
            continue;
        int f = board8_file(c), r = board8_rank(c);
        int to[16], k = 0;
        if (is_pawn(p)) { /* straight forward, never capturing */
            int one = board8_cell(f, r + fwd);
            if (one >= 0 && !b->cell[one]) {
                to[k++] = one;
                int home = b->side ? 7 - r : r;
                int two = board8_cell(f, r + 2 * fwd);
                if (b->double_step && home < 3 && two >= 0 && !b->cell[two])
                    to[k++] = two;
            }
        } else {
            for (int d = 0; d < 4; d++) {
                if (!is_king(p) && DIAG[d][1] != fwd)
                    continue;
                for (int x = f + DIAG[d][0], y = r + DIAG[d][1];
                     board8_cell(x, y) >= 0 && !b->cell[board8_cell(x, y)];
                     x += DIAG[d][0], y += DIAG[d][1]) {
                    to[k++] = board8_cell(x, y);
                    if (!is_king(p))
                        break;
                }
            }
        }
        for (int i = 0; i < k && n < SH_OTHER_MAX_MOVES; i++) {
            ShOtherMove *m = &out[n++];
            memset(m, 0, sizeof *m);
            m->kind = SH_MOVE_STEP;
            m->owner = b->side;
            m->length = 2;
            m->path[0] = (uint8_t)c;
            m->path[1] = (uint8_t)to[i];
            m->promotes = is_man(p) && board8_rank(to[i]) == crown_rank(b->side);
        }
    }
    return n;
}

static void belarusian_result(const ShOtherState *st, ShOtherResult *res)
{
    const Belarusian *b = cget(st);
    memset(res, 0, sizeof *res);
    res->winner = -1;
    for (int c = 0; c < BOARD8_CELLS; c++)
        if (b->cell[c] && !is_pawn(b->cell[c]))
            res->score[owner_of(b->cell[c])]++;
    int side = b->side;
    if (res->score[side] == 0) {
        res->over = true;
        res->winner = side ^ 1;
        snprintf(res->reason, sizeof res->reason, "%s has no men left", NAMES[side]);
        return;
    }
    static _Thread_local ShOtherMove buf[SH_OTHER_MAX_MOVES];
    if (generate(b, buf) == 0) {
        res->over = true;
        res->winner = side ^ 1;
        snprintf(res->reason, sizeof res->reason, "%s cannot move", NAMES[side]);
        return;
    }
    if (b->quiet_limit && b->quiet >= 2 * b->quiet_limit) {
        res->over = true;
        snprintf(res->reason, sizeof res->reason,
                 "%u moves each without a capture or a move of a man or a pawn",
                 (unsigned)b->quiet_limit);
        return;
    }
    snprintf(res->reason, sizeof res->reason, "%s to move", NAMES[side]);
}

static int belarusian_moves(const ShOtherState *st, ShOtherMove *out)
{
    /* belarusian_result's tests, with one generation */
    const Belarusian *b = cget(st);
    if (b->quiet_limit && b->quiet >= 2 * b->quiet_limit)
        return 0;
    bool men = false;
    for (int c = 0; c < BOARD8_CELLS && !men; c++)
        men = b->cell[c] && !is_pawn(b->cell[c]) && owner_of(b->cell[c]) == b->side;
    return men ? generate(b, out) : 0;
}

static void belarusian_make(ShOtherState *st, const ShOtherMove *m)
{
    Belarusian *b = get(st);
    if (m->length >= 2) {
        uint8_t p = b->cell[m->path[0]];
        bool reset = m->kind == SH_MOVE_CAPTURE || !is_king(p);
        for (int i = 0; i < m->captured_count; i++)
            b->cell[m->captured[i]] = EMPTY;
        b->cell[m->path[0]] = EMPTY;
        if (m->promotes)
            p = owner_of(p) ? B_KING : W_KING;
        b->cell[m->path[m->length - 1]] = p;
        b->quiet = reset ? 0 : (uint16_t)(b->quiet + 1);
    }
    b->side ^= 1;
}

static int belarusian_evaluate(const ShOtherState *st, int player)
{
    int over;
    if (other_over(&SH_OTHER_BELARUSIAN, st, player, &over))
        return over;
    const Belarusian *b = cget(st);
    int worth[2] = {0, 0};
    for (int c = 0; c < BOARD8_CELLS; c++) {
        uint8_t p = b->cell[c];
        if (!p)
            continue;
        int o = owner_of(p), advance = o ? 7 - board8_rank(c) : board8_rank(c);
        worth[o] += is_king(p) ? 300 : is_man(p) ? 100 + 4 * advance : 20 + 2 * advance;
    }
    return worth[player] - worth[player ^ 1];
}

static uint64_t belarusian_hash(const ShOtherState *st)
{
    _Static_assert(sizeof(Belarusian) == BOARD8_CELLS + 8, "Belarusian has padding");
    return other_fnv(OTHER_FNV_BASIS, st->bytes, sizeof(Belarusian));
}

const ShOtherGame SH_OTHER_BELARUSIAN = {
    .name = "belarusian", .game_type = "belarusian", .title_en = "Belarusian draughts",
    .title_ru = "Белорусские шашки", .players = 2, .searchable = true, OTHER_GAME_TABLES,
    OTHER_GAME_FUNCTIONS(belarusian), .board = board8_board, .move_text = board8_move_text,
};
