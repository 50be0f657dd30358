/*
 * nnue.c - the learned evaluation (see nnue.h for the network, its inputs and its file).
 */
#include "nnue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard10.h"
#include "eval.h"
#include "nnue_simd.h"
#include "thread.h"

/* The built-in networks (data/nnue/russian.nnue, international.nnue; tools/embed.c). */
extern const unsigned char NNUE_RUSSIAN[], NNUE_INTERNATIONAL[];
extern const unsigned long NNUE_RUSSIAN_size, NNUE_INTERNATIONAL_size;

/* ---- reading ---- */

typedef struct Reader {
    const unsigned char *p;
} Reader;

static uint32_t read_u32(Reader *r)
{
    uint32_t v = (uint32_t)r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 |
                 (uint32_t)r->p[3] << 24;
    r->p += 4;
    return v;
}

static int16_t read_i16(Reader *r)
{
    uint16_t v = (uint16_t)(r->p[0] | r->p[1] << 8);
    r->p += 2;
    return (int16_t)v;
}

static int8_t read_i8(Reader *r)
{
    return (int8_t)*r->p++;
}

static size_t file_size(int squares)
{
    return 8 + 5 * 4 + 2 * (size_t)NNUE_HIDDEN * (size_t)(1 + 4 * squares) +
           4 * NNUE_L1 + (size_t)NNUE_L1 * 2 * NNUE_HIDDEN + 4 * NNUE_L2 +
           (size_t)NNUE_L2 * NNUE_L1 + 4 + 4 * NNUE_L2;
}

void nnue_shape(NnueNet *net, int squares)
{
    net->squares = squares;
    net->inputs = 4 * squares;
    for (int b = 0; b < 64; b++)
        net->square_of_bit[b] = (int8_t)(squares == 32 ? bb_bit_square(b) : b10_bit_square(b));
#ifdef NNUE_HAVE_AVX2
    net->avx2 = __builtin_cpu_supports("avx2");
#else
    net->avx2 = false;
#endif
}

/* The lowest and highest the network's term can be, whatever the position: the output layer
 * over activations of 0..127, in centi-men, widened to take in 0 (the drawish endings scale
 * the term towards it) and by one for the rounding. */
static void nnue_bounds(NnueNet *net)
{
    int64_t low = net->out_bias, high = net->out_bias;
    for (int i = 0; i < NNUE_L2; i++) {
        if (net->out_weight[i] > 0)
            high += (int64_t)NNUE_ACTIVATION * net->out_weight[i];
        else
            low += (int64_t)NNUE_ACTIVATION * net->out_weight[i];
    }
    int64_t unit = NNUE_ACTIVATION * NNUE_OUT_SCALE;
    low = low * 100 / unit - 1;
    high = high * 100 / unit + 1;
    net->low = low > 0 ? 0 : low < -EVAL_LIMIT ? -EVAL_LIMIT : (int)low;
    net->high = high < 0 ? 0 : high > EVAL_LIMIT ? EVAL_LIMIT : (int)high;
}

bool nnue_load(NnueNet *net, const unsigned char *data, size_t size, char *message,
               int message_size)
{
    Reader r = {data};
    if (size < 28 || memcmp(data, NNUE_MAGIC, 8) != 0) {
        snprintf(message, (size_t)message_size, "not a network file");
        return false;
    }
    r.p += 8;
    uint32_t squares = read_u32(&r), hidden = read_u32(&r), l1 = read_u32(&r),
             l2 = read_u32(&r), flags = read_u32(&r);
    if ((squares != 32 && squares != 50) || hidden != NNUE_HIDDEN || l1 != NNUE_L1 ||
        l2 != NNUE_L2) {
        snprintf(message, (size_t)message_size,
                 "a network of %u squares, %u x %u x %u: this program reads 32 or 50 squares, "
                 "%d x %d x %d",
                 squares, hidden, l1, l2, NNUE_HIDDEN, NNUE_L1, NNUE_L2);
        return false;
    }
    if (size != file_size((int)squares)) {
        snprintf(message, (size_t)message_size, "%zu bytes, expected %zu", size,
                 file_size((int)squares));
        return false;
    }
    memset(net, 0, sizeof *net);
    nnue_shape(net, (int)squares);
    net->residual = (flags & 1) != 0;
    for (int h = 0; h < NNUE_HIDDEN; h++)
        net->ft_bias[h] = read_i16(&r);
    for (int i = 0; i < net->inputs; i++)
        for (int h = 0; h < NNUE_HIDDEN; h++)
            net->ft_weight[i][h] = read_i16(&r);
    for (int o = 0; o < NNUE_L1; o++)
        net->l1_bias[o] = (int32_t)read_u32(&r);
    for (int o = 0; o < NNUE_L1; o++)
        for (int i = 0; i < 2 * NNUE_HIDDEN; i++)
            net->l1_weight[o][i] = read_i8(&r);
    for (int o = 0; o < NNUE_L2; o++)
        net->l2_bias[o] = (int32_t)read_u32(&r);
    for (int o = 0; o < NNUE_L2; o++)
        for (int i = 0; i < NNUE_L1; i++)
            net->l2_weight[o][i] = read_i8(&r);
    net->out_bias = (int32_t)read_u32(&r);
    for (int i = 0; i < NNUE_L2; i++)
        net->out_weight[i] = (int32_t)read_u32(&r);
    nnue_bounds(net);
    net->l1_pairs = 1;
    for (int o = 0; o < NNUE_L1; o++)
        for (int i = 0; i < 2 * NNUE_HIDDEN; i++)
            if (net->l1_weight[o][i] > 64 || net->l1_weight[o][i] < -64)
                net->l1_pairs = 0;
    for (int g = 0; g < 2 * NNUE_HIDDEN / 4; g++)
        for (int o = 0; o < NNUE_L1; o++)
            for (int j = 0; j < 4; j++)
                net->l1_sparse[g][o][j] = net->l1_weight[o][4 * g + j];
    return true;
}

bool nnue_load_file(NnueNet *net, const char *path, char *message, int message_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(message, (size_t)message_size, "cannot read '%s'", path);
        return false;
    }
    size_t cap = file_size(NNUE_MAX_SQUARES) + 1, n = 0;
    unsigned char *buf = malloc(cap);
    if (buf)
        n = fread(buf, 1, cap, f);
    fclose(f);
    bool ok = buf && nnue_load(net, buf, n, message, message_size);
    if (!buf)
        snprintf(message, (size_t)message_size, "out of memory");
    free(buf);
    return ok;
}

/* ---- the built-in networks ---- */

static NnueNet builtin_russian, builtin_international;
static bool builtin_ok[2];
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void builtin_load(void)
{
    char message[200];
    builtin_ok[0] = nnue_load(&builtin_russian, NNUE_RUSSIAN, NNUE_RUSSIAN_size, message,
                              sizeof message);
    builtin_ok[1] = nnue_load(&builtin_international, NNUE_INTERNATIONAL,
                              NNUE_INTERNATIONAL_size, message, sizeof message);
}

const NnueNet *nnue_builtin(int variant)
{
    pthread_once(&builtin_once, builtin_load);
    if (variant == SH_VARIANT_RUSSIAN && builtin_ok[0] && builtin_russian.squares == 32)
        return &builtin_russian;
    if (variant == SH_VARIANT_INTERNATIONAL && builtin_ok[1] &&
        builtin_international.squares == 50)
        return &builtin_international;
    return NULL;
}

bool nnue_default(int variant)
{
    /* International's network beat the hand-set weights at equal time; the weights fitted
     * since beat the network (0 - 8 - 2 at 4000 nodes, the network being residual to the
     * hand-set ones): no game plays its network by default until one wins again. */
    (void)variant;
    return false;
}

bool nnue_fits(const NnueNet *net, int variant)
{
    return net && ((variant == SH_VARIANT_RUSSIAN && net->squares == 32) ||
                   (variant == SH_VARIANT_INTERNATIONAL && net->squares == 50));
}

/* ---- the inputs ---- */

/* The input of a piece of `color` (king or man) on `square` for `perspective`. */
static inline int feature(int squares, int perspective, int color, int king, int square)
{
    int s = perspective == SH_WHITE ? square : squares - 1 - square;
    return (color == perspective ? 0 : 2 * squares) + (king ? squares : 0) + s;
}

int nnue_features(const NnueNet *net, const ShPosition *pos, int perspective, int *out)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (Bitboard b = pos->pieces[c]; b; b &= b - 1) {
            int bit = bb_first(b);
            out[n++] = feature(net->squares, perspective, c, (int)((pos->kings >> bit) & 1),
                               net->square_of_bit[bit]);
        }
    return n;
}

static inline void add_row(int16_t *v, const int16_t *row)
{
    for (int h = 0; h < NNUE_HIDDEN; h++)
        v[h] = (int16_t)(v[h] + row[h]);
}

static inline void sub_row(int16_t *v, const int16_t *row)
{
    for (int h = 0; h < NNUE_HIDDEN; h++)
        v[h] = (int16_t)(v[h] - row[h]);
}

static inline void remember(NnueAccumulator *acc, const ShPosition *pos)
{
    acc->pieces[0] = pos->pieces[0];
    acc->pieces[1] = pos->pieces[1];
    acc->kings = pos->kings;
    acc->valid = true;
}

void nnue_refresh(const NnueNet *net, const ShPosition *pos, NnueAccumulator *acc)
{
    int f[64];
    for (int p = 0; p < 2; p++) {
        memcpy(acc->v[p], net->ft_bias, sizeof acc->v[p]);
        int n = nnue_features(net, pos, p, f);
        for (int i = 0; i < n; i++)
            add_row(acc->v[p], net->ft_weight[f[i]]);
    }
    remember(acc, pos);
}

int nnue_changes(const NnueAccumulator *from, const ShPosition *pos)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        n += bb_count((from->pieces[c] & from->kings) ^ (pos->pieces[c] & pos->kings)) +
             bb_count((from->pieces[c] & ~from->kings) ^ (pos->pieces[c] & ~pos->kings));
    return n;
}

void nnue_update(const NnueNet *net, const NnueAccumulator *from, const ShPosition *pos,
                 NnueAccumulator *to)
{
    if (to != from)
        memcpy(to->v, from->v, sizeof to->v);
    int n = net->squares;
    for (int c = 0; c < 2; c++)
        for (int king = 0; king < 2; king++) {
            Bitboard before = from->pieces[c] & (king ? from->kings : ~from->kings);
            Bitboard after = pos->pieces[c] & (king ? pos->kings : ~pos->kings);
            for (Bitboard b = before & ~after; b; b &= b - 1) {
                int sq = net->square_of_bit[bb_first(b)];
                sub_row(to->v[SH_WHITE], net->ft_weight[feature(n, SH_WHITE, c, king, sq)]);
                sub_row(to->v[SH_BLACK], net->ft_weight[feature(n, SH_BLACK, c, king, sq)]);
            }
            for (Bitboard b = after & ~before; b; b &= b - 1) {
                int sq = net->square_of_bit[bb_first(b)];
                add_row(to->v[SH_WHITE], net->ft_weight[feature(n, SH_WHITE, c, king, sq)]);
                add_row(to->v[SH_BLACK], net->ft_weight[feature(n, SH_BLACK, c, king, sq)]);
            }
        }
    remember(to, pos);
}

/* ---- the dense layers ---- */

static inline void clip16(const int16_t *v, uint8_t *out, int n)
{
    for (int i = 0; i < n; i++)
        out[i] = (uint8_t)(v[i] < 0 ? 0 : v[i] > NNUE_ACTIVATION ? NNUE_ACTIVATION : v[i]);
}

static inline void clip32(const int32_t *v, uint8_t *out, int n)
{
    for (int i = 0; i < n; i++) {
        int32_t x = v[i] >> NNUE_WEIGHT_SHIFT;
        out[i] = (uint8_t)(x < 0 ? 0 : x > NNUE_ACTIVATION ? NNUE_ACTIVATION : x);
    }
}

static inline int32_t output_layer(const NnueNet *net, const uint8_t *h2)
{
    int32_t sum = net->out_bias;
    for (int i = 0; i < NNUE_L2; i++)
        sum += (int32_t)h2[i] * net->out_weight[i];
    return sum;
}

/* The dense layers with the given kernels. */
#define OUTPUT_BODY(affine_sparse, affine)                                                     \
    _Alignas(64) uint8_t in[2 * NNUE_HIDDEN];                                                 \
    _Alignas(64) uint8_t h1[NNUE_L1], h2[NNUE_L2];                                            \
    _Alignas(64) int32_t s1[NNUE_L1], s2[NNUE_L2];                                            \
    clip16(acc->v[side], in, NNUE_HIDDEN);                                                    \
    clip16(acc->v[side ^ 1], in + NNUE_HIDDEN, NNUE_HIDDEN);                                  \
    affine_sparse(in, 2 * NNUE_HIDDEN, &net->l1_sparse[0][0][0], net->l1_bias, s1,            \
                  net->l1_pairs);                                                             \
    clip32(s1, h1, NNUE_L1);                                                                  \
    affine(h1, NNUE_L1, &net->l2_weight[0][0], net->l2_bias, NNUE_L2, s2);                    \
    clip32(s2, h2, NNUE_L2);                                                                  \
    return output_layer(net, h2);

#ifdef NNUE_HAVE_AVX2
NNUE_AVX2 static int32_t output_avx2(const NnueNet *net, const NnueAccumulator *acc, int side)
{
    OUTPUT_BODY(nnue_affine_sparse_avx2, nnue_affine_avx2)
}
#endif

static int32_t output_target(const NnueNet *net, const NnueAccumulator *acc, int side)
{
    OUTPUT_BODY(nnue_affine_sparse, nnue_affine)
}

int32_t nnue_output(const NnueNet *net, const NnueAccumulator *acc, int side)
{
#ifdef NNUE_HAVE_AVX2
    if (net->avx2)
        return output_avx2(net, acc, side);
#endif
    return output_target(net, acc, side);
}

int32_t nnue_output_portable(const NnueNet *net, const NnueAccumulator *acc, int side)
{
    uint8_t in[2 * NNUE_HIDDEN], h1[NNUE_L1], h2[NNUE_L2];
    int32_t s1[NNUE_L1], s2[NNUE_L2];
    clip16(acc->v[side], in, NNUE_HIDDEN);
    clip16(acc->v[side ^ 1], in + NNUE_HIDDEN, NNUE_HIDDEN);
    nnue_affine_portable(in, 2 * NNUE_HIDDEN, &net->l1_weight[0][0], net->l1_bias, NNUE_L1, s1);
    clip32(s1, h1, NNUE_L1);
    nnue_affine_portable(h1, NNUE_L1, &net->l2_weight[0][0], net->l2_bias, NNUE_L2, s2);
    clip32(s2, h2, NNUE_L2);
    return output_layer(net, h2);
}

const char *nnue_kernels(const NnueNet *net)
{
    return net->avx2 ? "AVX2" : NNUE_SIMD_NAME;
}

/* ---- the evaluation ---- */

/* The score for the side to move: the network's output, plus `base` (eval_position's) for a
 * residual network. */
static inline int finish(const NnueNet *net, const ShPosition *pos, int32_t output, int base)
{
    int v = nnue_centimen(output); /* for the side to move */
    int white = pos->side == SH_WHITE ? v : -v;
    white = eval_scale_ending(pos, white);
    if (net->residual)
        white += pos->side == SH_WHITE ? base : -base;
    if (white > EVAL_LIMIT)
        white = EVAL_LIMIT;
    if (white < -EVAL_LIMIT)
        white = -EVAL_LIMIT;
    return pos->side == SH_WHITE ? white : -white;
}

static int evaluate_with(const NnueNet *net, NnueAccumulator *stack, int ply,
                         const ShPosition *pos, int base)
{
    NnueAccumulator *acc = &stack[ply];
    const NnueAccumulator *best = NULL;
    int cost = bb_count(pos->pieces[0] | pos->pieces[1]); /* a refresh */
    for (int back = 0; back <= 2 && back <= ply; back++) {
        const NnueAccumulator *a = &stack[ply - back];
        if (!a->valid)
            continue;
        int c = nnue_changes(a, pos);
        if (c < cost) {
            cost = c;
            best = a;
        }
    }
    if (best)
        nnue_update(net, best, pos, acc);
    else
        nnue_refresh(net, pos, acc);
    return finish(net, pos, nnue_output(net, acc, pos->side), base);
}

int nnue_evaluate(const NnueNet *net, NnueAccumulator *stack, int ply, const ShPosition *pos,
                  const EvalWeights *classic)
{
    return evaluate_with(net, stack, ply, pos, net->residual ? eval_position(classic, pos) : 0);
}

int nnue_evaluate_lazy(const NnueNet *net, NnueAccumulator *stack, int ply, const ShPosition *pos,
                       const EvalWeights *classic, int alpha, int beta)
{
    if (!net->residual)
        return evaluate_with(net, stack, ply, pos, 0);
    int base = eval_position(classic, pos);
    if (base + net->high <= alpha)
        return base + net->high > EVAL_LIMIT ? EVAL_LIMIT : base + net->high;
    if (base + net->low >= beta)
        return base + net->low < -EVAL_LIMIT ? -EVAL_LIMIT : base + net->low;
    return evaluate_with(net, stack, ply, pos, base);
}

int nnue_evaluate_position(const NnueNet *net, const ShPosition *pos, const EvalWeights *classic)
{
    NnueAccumulator acc;
    nnue_refresh(net, pos, &acc);
    return finish(net, pos, nnue_output(net, &acc, pos->side),
                  net->residual ? eval_position(classic, pos) : 0);
}
