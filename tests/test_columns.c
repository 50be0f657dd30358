/* test_columns.c - the column games (bashni, Lasca) against a reference written here from the
 * rules alone: a board of squares (file, rank), each holding a column as a string of letters
 * from the top down (w, W white man and king, b, B black), and a move lister that walks every
 * capture square by square, with none of the library's bitboards, streams or move records.
 *
 * The rules as the reference applies them (docs/variants.md): men step one square forwards;
 * bashni's men capture both ways and its kings fly, a man crowned mid-capture goes on as a
 * king; Lasca's soldiers capture forwards only, its officers step and capture one square any
 * way, a soldier crowned ends its move; capture is compulsory, the choice free, and taken to
 * its end; a jumped column keeps its place until the move ends (it blocks, and is not jumped
 * twice), a king stops where it can go on if it can; then each jumped column loses its top,
 * which goes under the capturing column, the first taken highest.
 *
 * Checked: the same moves (start, end, captured squares, crowning and the position each leads
 * to) in every position of random games from the start and from random set-ups with columns,
 * and perft from the start. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

#define RMAX 8

typedef struct RefBoard {
    int size;    /* 8 (bashni) or 7 (Lasca) */
    bool lasca;
    int side;    /* 0 White, 1 Black */
    char col[RMAX][RMAX][SH_MAX_COLUMN + 1]; /* [file][rank], "" empty, top first */
} RefBoard;

typedef struct RefMove {
    int ff, fr, tf, tr;
    int n;                      /* pieces taken */
    int cf[SH_MAX_CAPTURES], cr[SH_MAX_CAPTURES];
    bool crowned;
    char after[SH_FEN_SIZE];    /* the position after it, as the library writes it */
} RefMove;

typedef struct RefList {
    int count;
    RefMove moves[512];
} RefList;

static const int DF[4] = {1, -1, -1, 1}, DR[4] = {1, 1, -1, -1};

static bool on_board(const RefBoard *b, int f, int r)
{
    return f >= 0 && r >= 0 && f < b->size && r < b->size && (f + r) % 2 == 0;
}

static bool white(char c)
{
    return c == 'w' || c == 'W';
}

static bool king(char c)
{
    return c == 'W' || c == 'B';
}

static int owner(const RefBoard *b, int f, int r)
{
    return b->col[f][r][0] ? (white(b->col[f][r][0]) ? 0 : 1) : -1;
}

/* Write the board as FEN (side, then each colour's tops with their columns) and let the
 * library canonicalise it. */
static void ref_fen(const RefBoard *b, ShVariant v, char out[SH_FEN_SIZE])
{
    char text[512];
    size_t n = 0;
    text[n++] = b->side ? 'B' : 'W';
    for (int c = 0; c < 2; c++) {
        text[n++] = ':';
        text[n++] = c ? 'B' : 'W';
        bool first = true;
        for (int f = 0; f < b->size; f++)
            for (int r = 0; r < b->size; r++) {
                if (owner(b, f, r) != c)
                    continue;
                const char *col = b->col[f][r];
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%s%c%d", first ? "" : ",",
                                      king(col[0]) ? "K" : "", 'a' + f, r + 1);
                if (col[1])
                    n += (size_t)snprintf(text + n, sizeof text - n, "(%s)", col + 1);
                first = false;
            }
    }
    text[n] = '\0';
    ShPosition p;
    ShError err;
    if (sh_fen_read_variant(text, v, &p, &err) != SH_OK) {
        snprintf(out, SH_FEN_SIZE, "unreadable %.100s: %.100s", text, err.message);
        return;
    }
    sh_fen_write(&p, false, out);
}

static void ref_from(RefBoard *b, const ShPosition *p)
{
    ShVariant v = (ShVariant)p->variant;
    memset(b, 0, sizeof *b);
    b->size = sh_rules_get(v)->board_size;
    b->lasca = v == SH_VARIANT_LASCA;
    b->side = sh_position_side(p) == SH_WHITE ? 0 : 1;
    static const char LETTER[5] = {'?', 'w', 'W', 'b', 'B'};
    for (int sq = 0; sq < sh_board_squares(v); sq++) {
        ShPiece col[SH_MAX_COLUMN];
        int h = sh_position_column(p, sq, col);
        int f = sh_board_square_file(v, sq), r = sh_board_square_rank(v, sq);
        for (int k = 0; k < h; k++)
            b->col[f][r][k] = LETTER[col[k]];
    }
}

typedef struct Walk {
    const RefBoard *b;
    ShVariant v;
    int ff, fr;
    int n, cf[SH_MAX_CAPTURES], cr[SH_MAX_CAPTURES];
    RefList *out;
} Walk;

static bool taken_already(const Walk *w, int f, int r)
{
    for (int i = 0; i < w->n; i++)
        if (w->cf[i] == f && w->cr[i] == r)
            return true;
    return false;
}

/* Empty during the move: no column, or the moving column's own start. */
static bool empty_now(const Walk *w, int f, int r)
{
    return (f == w->ff && r == w->fr) || w->b->col[f][r][0] == '\0';
}

static void finish(Walk *w, int tf, int tr, bool crowned)
{
    RefBoard a = *w->b;
    char moving[SH_MAX_COLUMN + 1];
    snprintf(moving, sizeof moving, "%s", a.col[w->ff][w->fr]);
    a.col[w->ff][w->fr][0] = '\0';
    if (crowned)
        moving[0] = (char)(moving[0] == 'w' ? 'W' : 'B');
    for (int i = 0; i < w->n; i++) {
        char *jumped = a.col[w->cf[i]][w->cr[i]];
        size_t len = strlen(moving);
        moving[len] = jumped[0];
        moving[len + 1] = '\0';
        memmove(jumped, jumped + 1, strlen(jumped));
    }
    snprintf(a.col[tf][tr], sizeof a.col[tf][tr], "%s", moving);
    a.side ^= 1;
    RefMove *m = &w->out->moves[w->out->count];
    memset(m, 0, sizeof *m);
    m->ff = w->ff;
    m->fr = w->fr;
    m->tf = tf;
    m->tr = tr;
    m->n = w->n;
    memcpy(m->cf, w->cf, sizeof m->cf);
    memcpy(m->cr, w->cr, sizeof m->cr);
    m->crowned = crowned;
    ref_fen(&a, w->v, m->after);
    /* one entry per distinct move: the same start, end, crowning and position after it */
    for (int i = 0; i < w->out->count; i++) {
        const RefMove *o = &w->out->moves[i];
        if (o->ff == m->ff && o->fr == m->fr && o->tf == m->tf && o->tr == m->tr &&
            o->crowned == m->crowned && strcmp(o->after, m->after) == 0)
            return;
    }
    if (w->out->count < 511)
        w->out->count++;
}

/* The captures from (f, r) by a piece that is a king or not; true if there was one. Adds every
 * complete capture (when `add`). */
static bool jumps(Walk *w, int f, int r, bool is_king, bool crowned, int me, bool add)
{
    bool any = false;
    bool flying = is_king && !w->b->lasca;
    for (int d = 0; d < 4; d++) {
        bool forward = me == 0 ? DR[d] > 0 : DR[d] < 0;
        if (!is_king && w->b->lasca && !forward)
            continue;
        int xf = f + DF[d], xr = r + DR[d];
        while (flying && on_board(w->b, xf, xr) && empty_now(w, xf, xr))
            xf += DF[d], xr += DR[d];
        if (!on_board(w->b, xf, xr) || empty_now(w, xf, xr) || owner(w->b, xf, xr) == me ||
            taken_already(w, xf, xr))
            continue;
        /* the squares it may land on */
        int lf[8], lr[8], nl = 0;
        for (int sf = xf + DF[d], sr = xr + DR[d]; on_board(w->b, sf, sr) && empty_now(w, sf, sr);
             sf += DF[d], sr += DR[d]) {
            lf[nl] = sf;
            lr[nl++] = sr;
            if (!flying)
                break;
        }
        if (nl == 0)
            continue;
        any = true;
        if (!add)
            continue;
        w->cf[w->n] = xf;
        w->cr[w->n] = xr;
        w->n++;
        /* a king must stop where it can go on, if it can go on from anywhere */
        bool goes_on[8], some = false;
        for (int i = 0; i < nl; i++) {
            int last = me == 0 ? w->b->size - 1 : 0;
            bool crown = !is_king && lr[i] == last;
            bool k2 = is_king || crown;
            if (crown && w->b->lasca)
                goes_on[i] = false; /* a soldier crowned ends its move */
            else
                goes_on[i] = jumps(w, lf[i], lr[i], k2, crowned || crown, me, false);
            some |= goes_on[i];
        }
        for (int i = 0; i < nl; i++) {
            int last = me == 0 ? w->b->size - 1 : 0;
            bool crown = !is_king && lr[i] == last;
            if (some && !goes_on[i])
                continue;
            if (goes_on[i])
                jumps(w, lf[i], lr[i], is_king || crown, crowned || crown, me, true);
            else
                finish(w, lf[i], lr[i], crowned || crown);
        }
        w->n--;
    }
    return any;
}

static void ref_moves(const RefBoard *b, ShVariant v, RefList *out)
{
    out->count = 0;
    Walk w = {.b = b, .v = v, .out = out};
    bool capture = false;
    for (int f = 0; f < b->size; f++)
        for (int r = 0; r < b->size; r++)
            if (owner(b, f, r) == b->side) {
                w.ff = f, w.fr = r, w.n = 0;
                capture |= jumps(&w, f, r, king(b->col[f][r][0]), false, b->side, false);
            }
    for (int f = 0; f < b->size; f++)
        for (int r = 0; r < b->size; r++) {
            if (owner(b, f, r) != b->side)
                continue;
            w.ff = f, w.fr = r, w.n = 0;
            bool k = king(b->col[f][r][0]);
            if (capture) {
                jumps(&w, f, r, k, false, b->side, true);
                continue;
            }
            for (int d = 0; d < 4; d++) {
                bool forward = b->side == 0 ? DR[d] > 0 : DR[d] < 0;
                if (!k && !forward)
                    continue;
                for (int sf = f + DF[d], sr = r + DR[d];
                     on_board(b, sf, sr) && b->col[sf][sr][0] == '\0'; sf += DF[d], sr += DR[d]) {
                    int last = b->side == 0 ? b->size - 1 : 0;
                    finish(&w, sf, sr, !k && sr == last);
                    if (!k || b->lasca)
                        break;
                }
            }
        }
}

/* The library's moves and the reference's are the same set; returns false (and says why) if
 * not. */
static bool same_moves(const ShPosition *pos, int *failures)
{
    ShVariant v = (ShVariant)pos->variant;
    RefBoard b;
    ref_from(&b, pos);
    static RefList ref;
    ref_moves(&b, v, &ref);
    ShMoveList lib;
    sh_moves_generate(pos, &lib);
    char fen[SH_FEN_SIZE];
    sh_fen_write(pos, false, fen);
    bool ok = lib.count == ref.count;
    for (int i = 0; ok && i < lib.count; i++) {
        const ShMove *m = &lib.moves[i];
        ShPosition next;
        sh_position_play(pos, m, &next);
        char after[SH_FEN_SIZE];
        sh_fen_write(&next, false, after);
        int caps[SH_MAX_CAPTURES], n = sh_move_captured_squares(m, caps);
        int found = 0;
        for (int j = 0; j < ref.count; j++) {
            const RefMove *r = &ref.moves[j];
            if (sh_board_square_at(v, r->ff, r->fr) != sh_move_from(m) ||
                sh_board_square_at(v, r->tf, r->tr) != sh_move_to(m) || r->n != n ||
                r->crowned != (m->promotes != 0) || strcmp(r->after, after) != 0)
                continue;
            int hit = 0;
            for (int k = 0; k < n; k++)
                for (int q = 0; q < r->n; q++)
                    hit += sh_board_square_at(v, r->cf[q], r->cr[q]) == caps[k];
            found += hit == n;
        }
        ok = found == 1;
    }
    if (!ok && (*failures)++ < 5)
        CHECK_MSG(false, "%s %s: the library has %d moves, the reference %d",
                  sh_rules_get(v)->name, fen, lib.count, ref.count);
    return ok;
}

static uint64_t ref_perft(const RefBoard *b, ShVariant v, int depth)
{
    RefList *list = malloc(sizeof *list);
    if (!list)
        return 0;
    ref_moves(b, v, list);
    uint64_t n = 0;
    if (depth <= 1) {
        n = (uint64_t)list->count;
    } else {
        for (int i = 0; i < list->count; i++) {
            ShPosition p;
            RefBoard next;
            sh_fen_read_variant(list->moves[i].after, v, &p, NULL);
            ref_from(&next, &p);
            n += ref_perft(&next, v, depth - 1);
        }
    }
    free(list);
    return n;
}

static void random_columns(ShPosition *pos, ShVariant v, uint64_t *rng)
{
    const ShRules *r = sh_rules_get(v);
    sh_position_clear(pos, v, (test_random(rng) & 1) ? SH_BLACK : SH_WHITE);
    int left[2] = {r->pieces_per_side, r->pieces_per_side};
    int columns = 2 + (int)(test_random(rng) % 9);
    for (int c = 0; c < columns; c++) {
        int sq = (int)(test_random(rng) % (uint64_t)r->squares);
        if (sh_position_piece_at(pos, sq) != SH_EMPTY)
            continue;
        ShPiece col[SH_MAX_COLUMN];
        int h = 0, want = 1 + (int)(test_random(rng) % 4);
        while (h < want) {
            ShPiece p = (ShPiece)(SH_WHITE_MAN + (int)(test_random(rng) % 4));
            int color = p <= SH_WHITE_KING ? 0 : 1;
            if (!left[color])
                break;
            left[color]--;
            col[h++] = p;
        }
        if (!h)
            continue;
        int rank = sh_board_square_rank(v, sq);
        if (col[0] == SH_WHITE_MAN && rank == r->board_size - 1)
            col[0] = SH_WHITE_KING;
        if (col[0] == SH_BLACK_MAN && rank == 0)
            col[0] = SH_BLACK_KING;
        sh_position_set_column(pos, sq, col, h, NULL);
    }
}

static void playouts(ShVariant v, int games, bool from_start, uint64_t seed)
{
    test_case("%s: the moves of %d random games from %s are the reference's",
              sh_rules_get(v)->name, games, from_start ? "the start" : "random columns");
    uint64_t rng = seed;
    int failures = 0;
    long positions = 0, captures = 0, tall = 0;
    for (int g = 0; g < games && failures < 5; g++) {
        ShPosition pos;
        if (from_start)
            sh_position_start(&pos, v);
        else
            random_columns(&pos, v, &rng);
        for (int ply = 0; ply < 160 && failures < 5; ply++) {
            same_moves(&pos, &failures);
            positions++;
            ShMoveList moves;
            sh_moves_generate(&pos, &moves);
            if (!moves.count)
                break;
            captures += moves.moves[0].captured != 0;
            for (int sq = 0; sq < sh_board_squares(v); sq++) {
                ShPiece col[SH_MAX_COLUMN];
                tall += sh_position_column(&pos, sq, col) >= 3;
            }
            ShPosition next;
            sh_position_play(&pos, &moves.moves[test_random(&rng) % (uint64_t)moves.count], &next);
            pos = next;
        }
    }
    CHECK_MSG(captures > games && tall > games, "too little covered: %ld positions, %ld captures",
              positions, captures);
}

/* The FEN of columns (docs/variants.md): read, written back, refused. */
static void fen_cases(void)
{
    static const struct {
        const char *fen, *want; /* want: the canonical FEN, or NULL for an error */
        ShStatus code;
        int column;
    } CASES[] = {
        {"W:Wc3(bB),e1:Bd4(w)", "W:Wc3(bB),e1:Bd4(w)", SH_OK, 0},
        {"B:B22(wW):W29", "B:Wa1:Bc3(wW)", SH_OK, 0},
        {"W:Wc3():Bd4", "W:Wc3:Bd4", SH_OK, 0},
        {"W:Wc3(bx):Bd4", NULL, SH_ERR_SYNTAX, 8},
        {"W:Wc3(b:Bd4", NULL, SH_ERR_SYNTAX, 8},
        /* thirteen white pieces: twelve in the column, one more on e1 */
        {"W:Wc3(wwwwwwwwwww),e1:Bd4", NULL, SH_ERR_INVALID_POSITION, 0},
        {"W:Wc3(wwwwwwwwwww):Bd4(bbbbbbbbbbb)", "W:Wc3(wwwwwwwwwww):Bd4(bbbbbbbbbbb)", SH_OK, 0},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        test_case("columns FEN '%s'", CASES[i].fen);
        ShPosition p;
        ShError err = {0};
        ShStatus st = sh_fen_read_variant(CASES[i].fen, SH_VARIANT_COLUMNS, &p, &err);
        CHECK_MSG(st == CASES[i].code, "status %d (%s), expected %d", st, err.message,
                  CASES[i].code);
        if (st == SH_OK && CASES[i].want) {
            char out[SH_FEN_SIZE];
            sh_fen_write(&p, false, out);
            CHECK_STR(out, CASES[i].want);
        }
        if (st != SH_OK && CASES[i].column)
            CHECK_INT(err.column, CASES[i].column);
    }
}

void suite_columns(void)
{
    fen_cases();
    static const struct {
        ShVariant v;
        int depth;
    } STARTS[] = {{SH_VARIANT_COLUMNS, 5}, {SH_VARIANT_LASCA, 7}};
    for (size_t i = 0; i < sizeof STARTS / sizeof STARTS[0]; i++) {
        ShVariant v = STARTS[i].v;
        ShPosition start;
        sh_position_start(&start, v);
        RefBoard b;
        ref_from(&b, &start);
        for (int d = 1; d <= STARTS[i].depth; d++) {
            test_case("%s perft %d from the start is the reference's", sh_rules_get(v)->name, d);
            CHECK_INT(sh_perft(&start, d, SH_PERFT_DISTINCT), ref_perft(&b, v, d));
        }
        playouts(v, 150, true, 7 + i);
        playouts(v, 300, false, 70 + i);
    }
}
