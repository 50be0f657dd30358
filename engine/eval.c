/*
 * eval.c - the static evaluation (see eval.h for the model and its features).
 *
 * One function, eval_core, walks the position's features. It is inlined twice: once adding
 * the weights as it goes (eval_position, the hot path) and once writing the features down
 * (eval_collect, for the tuner). The compiler removes the branch on `record` from each copy,
 * so the engine pays nothing for the tuner, and the two can never disagree.
 *
 * Most features are read on the public square numbering (a 32-bit mask, bit s = square s),
 * which one table lookup per byte gives from the 45-degree layout: a 4x4 window of the board
 * is then four pairs of adjacent bits, and turning the board round is s -> 31 - s.
 */
#include "eval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "thread.h"

/* The built-in weights of each family of games (data/eval/weights*.txt). */
extern const unsigned char EVAL_WEIGHTS[], EVAL_WEIGHTS_BRAZILIAN[], EVAL_WEIGHTS_POOL[],
    EVAL_WEIGHTS_ENGLISH[], EVAL_WEIGHTS_ITALIAN[], EVAL_WEIGHTS_SPANISH[], EVAL_WEIGHTS_CZECH[],
    EVAL_WEIGHTS_TURKISH[], EVAL_WEIGHTS_GIVEAWAY[], EVAL_WEIGHTS_INTERNATIONAL[],
    EVAL_WEIGHTS_FRISIAN[], EVAL_WEIGHTS_COLUMNS[], EVAL_WEIGHTS_LASCA[], EVAL_WEIGHTS_CANADIAN[],
    EVAL_WEIGHTS_SPANTSIRETTI[];

/* Which weights a game plays with: its own where the game differs from Russian checkers in
 * what a position is worth, Russian's where it moves and wins as Russian checkers does. */
enum { FAMILY_RUSSIAN = 0, FAMILY_BRAZILIAN, FAMILY_POOL, FAMILY_ENGLISH, FAMILY_ITALIAN,
       FAMILY_SPANISH, FAMILY_CZECH, FAMILY_TURKISH, FAMILY_GIVEAWAY, FAMILY_INTERNATIONAL,
       FAMILY_FRISIAN, FAMILY_COLUMNS, FAMILY_LASCA, FAMILY_CANADIAN, FAMILY_SPANTSIRETTI,
       FAMILIES };

static const unsigned char *const FAMILY_TEXT[FAMILIES] = {
    EVAL_WEIGHTS,          EVAL_WEIGHTS_BRAZILIAN, EVAL_WEIGHTS_POOL,
    EVAL_WEIGHTS_ENGLISH,  EVAL_WEIGHTS_ITALIAN,   EVAL_WEIGHTS_SPANISH,
    EVAL_WEIGHTS_CZECH,    EVAL_WEIGHTS_TURKISH,   EVAL_WEIGHTS_GIVEAWAY,
    EVAL_WEIGHTS_INTERNATIONAL, EVAL_WEIGHTS_FRISIAN, EVAL_WEIGHTS_COLUMNS,
    EVAL_WEIGHTS_LASCA, EVAL_WEIGHTS_CANADIAN, EVAL_WEIGHTS_SPANTSIRETTI,
};

static int family_of(int variant)
{
    switch ((ShVariant)variant) {
    case SH_VARIANT_BRAZILIAN: return FAMILY_BRAZILIAN;
    case SH_VARIANT_POOL: return FAMILY_POOL;
    case SH_VARIANT_ENGLISH: return FAMILY_ENGLISH;
    case SH_VARIANT_ITALIAN: return FAMILY_ITALIAN;
    case SH_VARIANT_SPANISH: return FAMILY_SPANISH;
    case SH_VARIANT_CZECH: return FAMILY_CZECH;
    case SH_VARIANT_TURKISH: return FAMILY_TURKISH;
    case SH_VARIANT_GIVEAWAY: return FAMILY_GIVEAWAY;
    case SH_VARIANT_INTERNATIONAL: return FAMILY_INTERNATIONAL;
    case SH_VARIANT_FRISIAN: return FAMILY_FRISIAN;
    case SH_VARIANT_COLUMNS: return FAMILY_COLUMNS;
    case SH_VARIANT_LASCA: return FAMILY_LASCA;
    case SH_VARIANT_CANADIAN: return FAMILY_CANADIAN;
    case SH_VARIANT_SPANTSIRETTI: return FAMILY_SPANTSIRETTI;
    default: return FAMILY_RUSSIAN;
    }
}

/* ---- tables built once ---- */

static uint32_t byte_to_squares[8][256]; /* a byte of the 45-degree layout -> square mask */
static uint16_t trits[256];              /* bit k set -> 3^k */
static uint16_t trits_reversed[256];     /* bit k set -> 3^(7-k) */
static uint32_t cone_white[32];          /* squares from which Black can stop a white man */
static uint32_t cone_black[32];
static Bitboard left_half;               /* files a-d */
static EvalWeights builtin[FAMILIES];     /* data/eval/weights*.txt */
/* Each window's four rows: where its pair of squares starts in the row (0..2). */
static uint8_t window_row[EVAL_WINDOWS];
static uint8_t window_pair[EVAL_WINDOWS][4];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static inline uint32_t to_squares(Bitboard b)
{
    return byte_to_squares[0][b & 255] | byte_to_squares[1][(b >> 8) & 255] |
           byte_to_squares[2][(b >> 16) & 255] | byte_to_squares[3][(b >> 24) & 255] |
           byte_to_squares[4][(b >> 32) & 255] | byte_to_squares[5][(b >> 40) & 255] |
           byte_to_squares[6][(b >> 48) & 255] | byte_to_squares[7][(b >> 56) & 255];
}

static void build_tables(void)
{
    for (int byte = 0; byte < 8; byte++)
        for (int v = 0; v < 256; v++) {
            uint32_t m = 0;
            for (int k = 0; k < 8; k++) {
                int sq = (v >> k) & 1 ? bb_bit_square(byte * 8 + k) : -1;
                if (sq >= 0)
                    m |= 1u << sq;
            }
            byte_to_squares[byte][v] = m;
        }
    /* A window covers 4 rows and 4 files: two dark squares of each row, adjacent in the
     * row's numbering. Rows and files start at 0, 2, 4 (a 3 x 3 grid) or 0..4 (5 x 5). */
    for (int wr = 0; wr < EVAL_GRID; wr++)
        for (int wf = 0; wf < EVAL_GRID; wf++) {
            int w = wr * EVAL_GRID + wf, step = 4 / (EVAL_GRID - 1);
            int row0 = wr * step, file0 = wf * step;
            window_row[w] = (uint8_t)row0;
            for (int k = 0; k < 4; k++) {
                int row = row0 + k; /* 0 = rank 8: dark squares on files b d f h */
                int p = file0 % 2 == 0 ? file0 / 2 : row % 2 == 0 ? (file0 - 1) / 2 : (file0 + 1) / 2;
                window_pair[w][k] = (uint8_t)p;
            }
        }
    for (int v = 0; v < 256; v++) {
        int t = 0, r = 0, p = 1;
        for (int k = 0; k < 8; k++, p *= 3) {
            if ((v >> k) & 1) {
                t += p;
                int q = 1;
                for (int j = 0; j < 7 - k; j++)
                    q *= 3;
                r += q;
            }
        }
        trits[v] = (uint16_t)t;
        trits_reversed[v] = (uint16_t)r;
    }
    for (int s = 0; s < 32; s++) {
        int f = sh_square_file(s), r = sh_square_rank(s);
        uint32_t cw = 0, cb = 0;
        for (int t = 0; t < 32; t++) {
            int tf = sh_square_file(t), tr = sh_square_rank(t);
            int df = tf > f ? tf - f : f - tf;
            if (tr > r && df <= tr - r + 1)
                cw |= 1u << t;
            if (tr < r && df <= r - tr + 1)
                cb |= 1u << t;
        }
        cone_white[s] = cw;
        cone_black[s] = cb;
        if (f < 4)
            left_half |= bb_bit(bb_square_bit(s));
    }
}

/* ---- the features ---- */

typedef struct Sink {
    int32_t mg, eg;          /* when evaluating */
    const EvalWeights *w;
    EvalFeatures *features;  /* when recording */
} Sink;

static inline __attribute__((always_inline)) void add(Sink *s, int feature, int count,
                                                      const bool record)
{
    if (record) {
        if (count != 0 && s->features->count < EVAL_MAX_TERMS) {
            EvalTerm *t = &s->features->terms[s->features->count++];
            t->feature = feature;
            t->count = count;
        }
    } else {
        s->mg += s->w->mg[feature] * count;
        s->eg += s->w->eg[feature] * count;
    }
}

/* Pieces of `color` the other side could capture at once if it were to move. */
static inline bool threatened(const ShPosition *p, int color)
{
    Bitboard ours = p->pieces[color], empty = pos_empty(p);
    Bitboard men = pos_men(p, color ^ 1), kings = pos_kings(p, color ^ 1);
    static const int dirs[4] = {DIR_NE, DIR_NW, DIR_SW, DIR_SE};
    for (int i = 0; i < 4; i++) {
        int d = dirs[i];
        Bitboard target = ours & bb_shift(empty, -d); /* a piece with a free square behind */
        if (bb_shift(men, d) & target)
            return true;
        if (kings && (bb_shift(bb_fill(kings, empty, d), d) & target))
            return true;
    }
    return false;
}

/* The sixteenth parts of the score to keep when `strong` is ahead: 16 = all of it. What the
 * material cannot win is Russian checkers' theory (flying kings, its draw counts). */
static inline int board10_ending_scale(const ShPosition *p, int strong);
static inline int board80_ending_scale(const ShPosition *p, int strong);

static inline int ending_scale(const ShPosition *p, int strong)
{
    if (p->variant == SH_VARIANT_INTERNATIONAL)
        return board10_ending_scale(p, strong);
    if (p->variant == SH_VARIANT_SPANTSIRETTI)
        return board80_ending_scale(p, strong);
    if (p->variant != SH_VARIANT_RUSSIAN && p->variant != SH_VARIANT_FLYING &&
        p->variant != SH_VARIANT_DIAGONAL)
        return 16;
    int weak = strong ^ 1;
    Bitboard weak_pieces = p->pieces[weak];
    if (!(weak_pieces & p->kings))
        return 16;
    int ns = bb_count(p->pieces[strong]), nw = bb_count(weak_pieces);
    if (ns <= 2)
        return 2; /* two pieces do not beat a king */
    if (nw == 1 && (weak_pieces & BB_MAIN_ROAD) && ns <= 3)
        return 2; /* a lone king on the main road holds three pieces */
    if (pos_kings(p, strong) && ns - nw <= 1)
        return 8;
    return 16;
}

static inline __attribute__((always_inline)) void eval_core(const ShPosition *p, Sink *s,
                                                            int *phase_out, const bool record)
{
    Bitboard wm = pos_men(p, SH_WHITE), bm = pos_men(p, SH_BLACK);
    Bitboard wk = pos_kings(p, SH_WHITE), bk = pos_kings(p, SH_BLACK);
    Bitboard empty = pos_empty(p);
    int nwm = bb_count(wm), nbm = bb_count(bm), nwk = bb_count(wk), nbk = bb_count(bk);
    *phase_out = nwm + nbm > EVAL_PHASE_MAX ? EVAL_PHASE_MAX : nwm + nbm;

    add(s, F_MAN, nwm - nbm, record);
    add(s, F_KING, nwk - nbk, record);
    add(s, F_KING_FIRST, (nwk > 0) - (nbk > 0), record);

    uint32_t wsq = to_squares(wm), bsq = to_squares(bm);
    uint32_t bpieces = to_squares(p->pieces[SH_BLACK]), wpieces = to_squares(p->pieces[SH_WHITE]);
    for (uint32_t b = wsq; b; b &= b - 1) {
        int sq = __builtin_ctz(b);
        add(s, F_MAN_PSQ + sq, 1, record);
        if (!bk && !(cone_white[sq] & bpieces))
            add(s, F_RUNAWAY + sq / 4 - 1, 1, record);
    }
    for (uint32_t b = bsq; b; b &= b - 1) {
        int sq = __builtin_ctz(b);
        add(s, F_MAN_PSQ + 31 - sq, -1, record);
        if (!wk && !(cone_black[sq] & wpieces))
            add(s, F_RUNAWAY + (31 - sq) / 4 - 1, -1, record);
    }

    if (wk | bk) {
        for (uint32_t b = to_squares(wk); b; b &= b - 1)
            add(s, F_KING_PSQ + __builtin_ctz(b), 1, record);
        for (uint32_t b = to_squares(bk); b; b &= b - 1)
            add(s, F_KING_PSQ + 31 - __builtin_ctz(b), -1, record);
        int mob = 0;
        if (wk)
            mob += bb_count(bb_fill(wk, empty, DIR_NE) & empty) +
                   bb_count(bb_fill(wk, empty, DIR_NW) & empty) +
                   bb_count(bb_fill(wk, empty, DIR_SW) & empty) +
                   bb_count(bb_fill(wk, empty, DIR_SE) & empty);
        if (bk)
            mob -= bb_count(bb_fill(bk, empty, DIR_NE) & empty) +
                   bb_count(bb_fill(bk, empty, DIR_NW) & empty) +
                   bb_count(bb_fill(bk, empty, DIR_SW) & empty) +
                   bb_count(bb_fill(bk, empty, DIR_SE) & empty);
        add(s, F_KING_MOBILITY, mob, record);
        add(s, F_MAIN_ROAD, ((wk & BB_MAIN_ROAD) != 0) - ((bk & BB_MAIN_ROAD) != 0), record);
    }

    add(s, F_MEN_MOBILITY,
        bb_count(bb_shift(wm, DIR_NE) & empty) + bb_count(bb_shift(wm, DIR_NW) & empty) -
            bb_count(bb_shift(bm, DIR_SW) & empty) - bb_count(bb_shift(bm, DIR_SE) & empty),
        record);
    int wl = bb_count(wm & left_half), bl = bb_count(bm & left_half);
    int wb = 2 * wl - nwm, bb = 2 * bl - nbm;
    add(s, F_BALANCE, (wb < 0 ? -wb : wb) - (bb < 0 ? -bb : bb), record);
    int us = p->side;
    if (threatened(p, us))
        add(s, F_THREAT, us == SH_WHITE ? 1 : -1, record);

    if (record || s->w->patterns_used) {
        /* 4x4 windows: the men of each as a number in base 3 (empty, white, black), read
         * forwards for White and, turned round with the colours swapped, for Black. */
        for (int window = 0; window < EVAL_WINDOWS; window++) {
            unsigned w8 = 0, b8 = 0;
            int base = window_row[window] * 4;
            for (int k = 0; k < 4; k++) {
                int shift = base + 4 * k + window_pair[window][k];
                w8 |= ((wsq >> shift) & 3) << (2 * k);
                b8 |= ((bsq >> shift) & 3) << (2 * k);
            }
            int fwd = trits[w8] + 2 * trits[b8];
            int rev = trits_reversed[b8] + 2 * trits_reversed[w8];
            add(s, F_PATTERN + window * EVAL_PATTERN_STATES + fwd, 1, record);
            add(s, F_PATTERN + (EVAL_WINDOWS - 1 - window) * EVAL_PATTERN_STATES + rev, -1,
                record);
        }
    }
}

#include "eval_ortho.h"
#include "eval_board10.h"
#include "eval_columns.h"
#include "eval_board12.h"
#include "eval_board80.h"

/* ---- evaluation ---- */

int eval_position(const EvalWeights *weights, const ShPosition *pos)
{
    Sink s = {0, 0, weights, NULL};
    int phase;
    if (__builtin_expect(geo_kind(pos->variant) == GEO_ORTHOGONAL, 0))
        eval_ortho(pos, &s, &phase, false);
    else if (__builtin_expect(geo_kind(pos->variant) == GEO_DIAGONAL10, 0))
        eval_board10(pos, &s, &phase, false);
    else if (__builtin_expect(col_is(pos->variant), 0))
        eval_columns(pos, &s, &phase, false);
    else if (__builtin_expect(geo_kind(pos->variant) == GEO_DIAGONAL12, 0))
        eval_board12(pos, &s, &phase, false);
    else if (__builtin_expect(geo_kind(pos->variant) == GEO_DIAGONAL80, 0))
        eval_board80(pos, &s, &phase, false);
    else
        eval_core(pos, &s, &phase, false);
    int v = (s.mg * phase + s.eg * (EVAL_PHASE_MAX - phase)) / EVAL_PHASE_MAX;
    if (v > 0)
        v = v * ending_scale(pos, SH_WHITE) / 16;
    else if (v < 0)
        v = v * ending_scale(pos, SH_BLACK) / 16;
    v /= EVAL_UNIT;
    if (v > EVAL_LIMIT)
        v = EVAL_LIMIT;
    if (v < -EVAL_LIMIT)
        v = -EVAL_LIMIT;
    return pos->side == SH_WHITE ? v : -v;
}

int eval_scale_ending(const ShPosition *pos, int v)
{
    if (v > 0)
        return v * ending_scale(pos, SH_WHITE) / 16;
    if (v < 0)
        return v * ending_scale(pos, SH_BLACK) / 16;
    return 0;
}

void eval_collect(const ShPosition *pos, EvalFeatures *f)
{
    eval_init();
    Sink s = {0, 0, NULL, f};
    f->count = 0;
    if (geo_kind(pos->variant) == GEO_ORTHOGONAL)
        eval_ortho(pos, &s, &f->phase, true);
    else if (geo_kind(pos->variant) == GEO_DIAGONAL10)
        eval_board10(pos, &s, &f->phase, true);
    else if (col_is(pos->variant))
        eval_columns(pos, &s, &f->phase, true);
    else if (geo_kind(pos->variant) == GEO_DIAGONAL12)
        eval_board12(pos, &s, &f->phase, true);
    else if (geo_kind(pos->variant) == GEO_DIAGONAL80)
        eval_board80(pos, &s, &f->phase, true);
    else
        eval_core(pos, &s, &f->phase, true);
    f->scale = ending_scale(pos, SH_WHITE);
    f->scale_black = ending_scale(pos, SH_BLACK);
}

double eval_from_features(const EvalFeatures *f, const double *w)
{
    double mg = 0, eg = 0;
    for (int i = 0; i < f->count; i++) {
        mg += w[2 * f->terms[i].feature] * f->terms[i].count;
        eg += w[2 * f->terms[i].feature + 1] * f->terms[i].count;
    }
    double v = (mg * f->phase + eg * (EVAL_PHASE_MAX - f->phase)) / EVAL_PHASE_MAX;
    return v * (v > 0 ? f->scale : f->scale_black) / 16.0;
}

/* ---- weights ---- */

void eval_feature_name(int feature, char *out, int size)
{
    static const char *const names[] = {"man", "king", "king_first", "king_mobility",
                                        "main_road", "men_mobility", "balance", "threat"};
    if (feature < F_RUNAWAY)
        snprintf(out, (size_t)size, "%s", names[feature]);
    else if (feature < F_MAN_PSQ)
        snprintf(out, (size_t)size, "runaway[%d]", feature - F_RUNAWAY + 1);
    else if (feature < F_KING_PSQ)
        snprintf(out, (size_t)size, "man_psq[%d]", feature - F_MAN_PSQ + 1);
    else if (feature < F_PATTERN)
        snprintf(out, (size_t)size, "king_psq[%d]", feature - F_KING_PSQ + 1);
    else
        snprintf(out, (size_t)size, "pattern[%d][%d]", (feature - F_PATTERN) / EVAL_PATTERN_STATES,
                 (feature - F_PATTERN) % EVAL_PATTERN_STATES);
}

/* The feature a name stands for, or -1. */
static int feature_find(const char *name)
{
    static const char *const names[] = {"man", "king", "king_first", "king_mobility",
                                        "main_road", "men_mobility", "balance", "threat"};
    for (int i = 0; i < F_RUNAWAY; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    int a, b, n;
    if (sscanf(name, "runaway[%d]%n", &a, &n) == 1 && name[n] == '\0' && a >= 1 && a <= 7)
        return F_RUNAWAY + a - 1;
    if (sscanf(name, "man_psq[%d]%n", &a, &n) == 1 && name[n] == '\0' && a >= 1 && a <= 32)
        return F_MAN_PSQ + a - 1;
    if (sscanf(name, "king_psq[%d]%n", &a, &n) == 1 && name[n] == '\0' && a >= 1 && a <= 32)
        return F_KING_PSQ + a - 1;
    if (sscanf(name, "pattern[%d][%d]%n", &a, &b, &n) == 2 && name[n] == '\0' && a >= 0 &&
        a < EVAL_WINDOWS && b >= 0 && b < EVAL_PATTERN_STATES)
        return F_PATTERN + a * EVAL_PATTERN_STATES + b;
    return -1;
}

bool eval_weights_parse(const char *text, double *weights, char *message, int message_size)
{
    memset(weights, 0, sizeof(double) * 2 * EVAL_FEATURES);
    int line = 0;
    for (const char *p = text; *p;) {
        line++;
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        char buf[256];
        if (len >= sizeof buf) {
            snprintf(message, (size_t)message_size, "line %d: too long", line);
            return false;
        }
        memcpy(buf, p, len);
        buf[len] = '\0';
        p += len + (nl ? 1 : 0);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char name[128];
        double mg, eg;
        int n = 0;
        if (sscanf(buf, " %127s%n", name, &n) != 1)
            continue; /* blank */
        if (sscanf(buf + n, "%lf %lf", &mg, &eg) != 2) {
            snprintf(message, (size_t)message_size, "line %d: expected 'name mg eg'", line);
            return false;
        }
        int f = feature_find(name);
        if (f < 0) {
            snprintf(message, (size_t)message_size, "line %d: unknown feature '%s'", line, name);
            return false;
        }
        weights[2 * f] = mg;
        weights[2 * f + 1] = eg;
    }
    return true;
}

static void load(void)
{
    build_tables();
    board10_build_tables();
    double *w = malloc(sizeof(double) * 2 * EVAL_FEATURES);
    char message[200];
    for (int f = 0; f < FAMILIES; f++) {
        if (!w || !eval_weights_parse((const char *)FAMILY_TEXT[f], w, message, sizeof message)) {
            /* The built-in files are checked by the tests; this cannot happen in a release. */
            fprintf(stderr, "shashki: built-in evaluation weights %d: %s\n", f,
                    w ? message : "no memory");
            abort();
        }
        eval_weights_set(&builtin[f], w);
    }
    free(w);
}

void eval_weights_set(EvalWeights *t, const double *w)
{
    t->patterns_used = false;
    for (int f = 0; f < EVAL_FEATURES; f++) {
        t->mg[f] = (int32_t)lround(w[2 * f] * EVAL_UNIT);
        t->eg[f] = (int32_t)lround(w[2 * f + 1] * EVAL_UNIT);
        if (f >= F_PATTERN && (t->mg[f] || t->eg[f]))
            t->patterns_used = true;
    }
}

const EvalWeights *eval_default_weights(void)
{
    eval_init();
    return &builtin[FAMILY_RUSSIAN];
}

const EvalWeights *eval_default_weights_for(int variant)
{
    eval_init();
    return &builtin[family_of(variant)];
}

static void zero_range(EvalWeights *t, int from, int to)
{
    for (int f = from; f < to; f++)
        t->mg[f] = t->eg[f] = 0;
}

bool eval_weights_zero(EvalWeights *t, const char *group)
{
    if (strcmp(group, "psq") == 0)
        zero_range(t, F_MAN_PSQ, F_PATTERN);
    else if (strcmp(group, "king_mobility") == 0)
        zero_range(t, F_KING_MOBILITY, F_KING_MOBILITY + 1);
    else if (strcmp(group, "main_road") == 0)
        zero_range(t, F_MAIN_ROAD, F_MAIN_ROAD + 1);
    else if (strcmp(group, "men_mobility") == 0)
        zero_range(t, F_MEN_MOBILITY, F_MEN_MOBILITY + 1);
    else if (strcmp(group, "balance") == 0)
        zero_range(t, F_BALANCE, F_BALANCE + 1);
    else if (strcmp(group, "threat") == 0)
        zero_range(t, F_THREAT, F_THREAT + 1);
    else if (strcmp(group, "runaway") == 0)
        zero_range(t, F_RUNAWAY, F_RUNAWAY + 7);
    else if (strcmp(group, "pattern") == 0)
        zero_range(t, F_PATTERN, EVAL_FEATURES);
    else if (strcmp(group, "positional") == 0)
        zero_range(t, F_KING_MOBILITY, EVAL_FEATURES);
    else
        return false;
    t->patterns_used = false;
    for (int f = F_PATTERN; f < EVAL_FEATURES && !t->patterns_used; f++)
        t->patterns_used = t->mg[f] || t->eg[f];
    return true;
}

void eval_init(void)
{
    pthread_once(&init_once, load);
}

void eval_weights_get(const EvalWeights *t, double *w)
{
    for (int f = 0; f < EVAL_FEATURES; f++) {
        w[2 * f] = (double)t->mg[f] / EVAL_UNIT;
        w[2 * f + 1] = (double)t->eg[f] / EVAL_UNIT;
    }
}
