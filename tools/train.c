/*
 * train.c - train the learned evaluation's network (engine/nnue.h) on the engine's own games.
 *
 *   train [--variant russian|international] --out NET [--epochs N] [--batch B] [--rate R]
 *         [--lambda L] [--seed S] [--threads T] [--max N] [--residual] [--init NET]
 *         [--check NET] FILE...
 *
 * The data is datagen's ("FEN RESULT SCORE": the result and the search's score for White),
 * every FILE read (--data FILE works too). The network is the engine's, in floating point:
 * the pieces' inputs summed into two accumulators of NNUE_HIDDEN (one per point of view, the
 * side to move's first), clipped to 0..1, then NNUE_L1 and NNUE_L2 clipped units and one output
 * y in men. As tools/tune.c, it minimises the mean of (fit_sigmoid(K * y) - target)^2 with
 *
 *   target = L * result + (1 - L) * fit_sigmoid(K * search_score / 100)
 *
 * seen from the side to move (L = --lambda, default 0.5); K is fitted first, to the search's
 * scores against the results. Mini-batches (--batch, default 4096) in an order shuffled anew
 * each epoch, Adam (--rate, default 0.002, falling to a tenth over the epochs), the weights
 * kept where the integer network holds them (the first layer within +-NNUE_FT_LIMIT, the
 * dense ones within +-127/64). The positions of 5% of the games are held out and their loss
 * printed each epoch, to show over-fitting: a game's positions all on one side, as positions of
 * one game are alike (a game is the lines of a file whose pieces never grow: datagen writes each
 * game's positions together, and no move adds a piece).
 *
 * --init NET: start from the network file NET (its weights as the integer network has them,
 * and its residual flag) instead of random weights: a network trained on earlier data goes on
 * learning from new data, its old data being gone.
 *
 * --check NET: no training; the held-out loss of the network file NET (and the classical
 * evaluation's) on the same held-out games: networks compared on one yardstick.
 *
 * --residual: the network learns what the classical evaluation (eval_position, the built-in
 * weights) misses: its output is added to that score in the loss and in the engine (nnue.h).
 *
 * Deterministic for a seed and data, whatever --threads: a batch is cut into 8 fixed shards,
 * each shard's gradient summed alone, the shards added in order.
 *
 * At the end the network is quantised (nnue.h: the first layer times 127 in int16, the dense
 * weights times 64 in int8, the output times NNUE_OUT_SCALE) and written; the program reads it
 * back and prints the held-out loss of the integer network and how far its scores are from
 * the floating-point ones.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "fit.h"
#include "nnue.h"

#define H NNUE_HIDDEN
#define SHARDS 8
#define MAX_PIECES 40

typedef struct Sample {
    uint32_t first;   /* into features[] */
    uint8_t count;    /* pieces */
    uint8_t side;     /* to move */
    uint8_t holdout;
    float result;     /* for White */
    float score;      /* the search's, centi-men, for White */
    float target;     /* for the side to move */
    float classic;    /* the classical evaluation for the side to move (a yardstick) */
} Sample;

static Sample *samples;
static size_t nsamples, capsamples;
static uint8_t *features; /* White's inputs of each sample */
static size_t nfeatures, capfeatures;
static int squares = 32, inputs = 128;
static uint8_t flip[NNUE_MAX_INPUTS]; /* White's input -> Black's */
static bool residual;                 /* the network adds to the classical evaluation */
static uint64_t games;                /* games read so far (the held-out split) */

/* Whether a game is held out: 1 in 20, by a hash of its number. */
static bool held_out(uint64_t game)
{
    uint64_t z = game * UINT64_C(0x9e3779b97f4a7c15) + UINT64_C(0x2545f4914f6cdd1d);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return (z ^ (z >> 31)) % 20 == 0;
}

/* ---- the parameters: one array, these offsets ---- */
static size_t O_FTW, O_FTB, O_W1, O_B1, O_W2, O_B2, O_W3, O_B3, NPARAMS;

static void layout(void)
{
    size_t o = 0;
    O_FTW = o, o += (size_t)inputs * H;
    O_FTB = o, o += H;
    O_W1 = o, o += (size_t)NNUE_L1 * 2 * H;
    O_B1 = o, o += NNUE_L1;
    O_W2 = o, o += (size_t)NNUE_L2 * NNUE_L1;
    O_B2 = o, o += NNUE_L2;
    O_W3 = o, o += NNUE_L2;
    O_B3 = o, o += 1;
    NPARAMS = o;
}

static uint64_t rng_state;
static uint64_t rng(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}
static double uniform(double a)
{
    return ((double)(rng() >> 11) / 9007199254740992.0 * 2 - 1) * a;
}

static bool load(const char *path, ShVariant variant, const NnueNet *shape, size_t max)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return false;
    }
    char line[512];
    size_t bad = 0;
    int last = MAX_PIECES + 1; /* the pieces of the line before: more now is another game */
    while (nsamples < max && fgets(line, sizeof line, f)) {
        char fen[400];
        double result;
        int score;
        ShPosition pos;
        if (sscanf(line, "%399s %lf %d", fen, &result, &score) != 3 ||
            sh_fen_read_variant(fen, variant, &pos, NULL) != SH_OK) {
            bad++;
            continue;
        }
        int f_in[64];
        int n = nnue_features(shape, &pos, SH_WHITE, f_in);
        if (n > MAX_PIECES ||
            !fit_grow((void **)&samples, &capsamples, nsamples + 1, sizeof *samples) ||
            !fit_grow((void **)&features, &capfeatures, nfeatures + (size_t)n, 1)) {
            fprintf(stderr, "train: out of memory\n");
            fclose(f);
            return false;
        }
        Sample *s = &samples[nsamples++];
        s->first = (uint32_t)nfeatures;
        s->count = (uint8_t)n;
        for (int i = 0; i < n; i++)
            features[nfeatures++] = (uint8_t)f_in[i];
        s->side = pos.side;
        if (n > last)
            games++;
        last = n;
        s->holdout = held_out(games);
        s->result = (float)result;
        s->score = (float)score;
        s->classic = (float)eval_position(eval_default_weights_for((int)variant), &pos);
    }
    fclose(f);
    if (bad)
        fprintf(stderr, "train: %s: %zu lines skipped\n", path, bad);
    return true;
}

/* K of fit_sigmoid(K * score / 100) that fits the search's scores to the results. */
static double score_loss(double k)
{
    double sum = 0;
    for (size_t i = 0; i < nsamples; i++) {
        double d = samples[i].result - fit_sigmoid(k * samples[i].score / 100);
        sum += d * d;
    }
    return sum / (double)nsamples;
}

static double fit_k(void)
{
    double lo = 0.1, hi = 5.0;
    for (int i = 0; i < 40; i++) {
        double a = lo + (hi - lo) * 0.382, b = lo + (hi - lo) * 0.618;
        if (score_loss(a) < score_loss(b))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

/* ---- the network in floating point ---- */

typedef struct Pass {
    float acc[2][H]; /* by perspective */
    float x[2 * H];  /* side to move's first, clipped */
    float z1[NNUE_L1], h1[NNUE_L1], z2[NNUE_L2], h2[NNUE_L2];
    float y;
} Pass;

static inline float clip01(float v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

static void forward(const float *p, const Sample *s, Pass *q)
{
    const uint8_t *fw = features + s->first;
    for (int v = 0; v < 2; v++) {
        float *a = q->acc[v];
        memcpy(a, p + O_FTB, sizeof(float) * H);
        for (int i = 0; i < s->count; i++) {
            const float *row = p + O_FTW + (size_t)(v == 0 ? fw[i] : flip[fw[i]]) * H;
            for (int h = 0; h < H; h++)
                a[h] += row[h];
        }
    }
    for (int h = 0; h < H; h++) {
        q->x[h] = clip01(q->acc[s->side][h]);
        q->x[H + h] = clip01(q->acc[s->side ^ 1][h]);
    }
    for (int o = 0; o < NNUE_L1; o++) {
        const float *w = p + O_W1 + (size_t)o * 2 * H;
        float z = p[O_B1 + (size_t)o];
        for (int i = 0; i < 2 * H; i++)
            z += w[i] * q->x[i];
        q->z1[o] = z;
        q->h1[o] = clip01(z);
    }
    for (int o = 0; o < NNUE_L2; o++) {
        const float *w = p + O_W2 + (size_t)o * NNUE_L1;
        float z = p[O_B2 + (size_t)o];
        for (int i = 0; i < NNUE_L1; i++)
            z += w[i] * q->h1[i];
        q->z2[o] = z;
        q->h2[o] = clip01(z);
    }
    float y = p[O_B3];
    for (int i = 0; i < NNUE_L2; i++)
        y += p[O_W3 + (size_t)i] * q->h2[i];
    q->y = y;
}

/* What a residual network adds to, in men. */
static inline double base(const Sample *s)
{
    return residual ? s->classic / 100.0 : 0.0;
}

/* Adds the gradient of one sample's loss to g; returns the loss. */
static double backward(const float *p, const Sample *s, float k, float *g)
{
    Pass q;
    forward(p, s, &q);
    double pr = fit_sigmoid(k * (q.y + base(s)));
    double loss = (pr - s->target) * (pr - s->target);
    float dy = (float)(2 * (pr - s->target) * pr * (1 - pr) * k);
    float dh2[NNUE_L2], dz2[NNUE_L2], dh1[NNUE_L1], dz1[NNUE_L1], dx[2 * H];
    g[O_B3] += dy;
    for (int i = 0; i < NNUE_L2; i++) {
        g[O_W3 + (size_t)i] += dy * q.h2[i];
        dh2[i] = dy * p[O_W3 + (size_t)i];
        dz2[i] = q.z2[i] > 0 && q.z2[i] < 1 ? dh2[i] : 0;
    }
    memset(dh1, 0, sizeof dh1);
    for (int o = 0; o < NNUE_L2; o++) {
        if (dz2[o] == 0)
            continue;
        g[O_B2 + (size_t)o] += dz2[o];
        float *gw = g + O_W2 + (size_t)o * NNUE_L1;
        const float *w = p + O_W2 + (size_t)o * NNUE_L1;
        for (int i = 0; i < NNUE_L1; i++) {
            gw[i] += dz2[o] * q.h1[i];
            dh1[i] += dz2[o] * w[i];
        }
    }
    for (int i = 0; i < NNUE_L1; i++)
        dz1[i] = q.z1[i] > 0 && q.z1[i] < 1 ? dh1[i] : 0;
    memset(dx, 0, sizeof dx);
    for (int o = 0; o < NNUE_L1; o++) {
        if (dz1[o] == 0)
            continue;
        g[O_B1 + (size_t)o] += dz1[o];
        float *gw = g + O_W1 + (size_t)o * 2 * H;
        const float *w = p + O_W1 + (size_t)o * 2 * H;
        for (int i = 0; i < 2 * H; i++) {
            gw[i] += dz1[o] * q.x[i];
            dx[i] += dz1[o] * w[i];
        }
    }
    /* back through the clip into the two accumulators (side to move's half first) */
    float da[2][H];
    for (int h = 0; h < H; h++) {
        float a = q.acc[s->side][h], b = q.acc[s->side ^ 1][h];
        da[s->side][h] = a > 0 && a < 1 ? dx[h] : 0;
        da[s->side ^ 1][h] = b > 0 && b < 1 ? dx[H + h] : 0;
        g[O_FTB + (size_t)h] += da[0][h] + da[1][h];
    }
    const uint8_t *fw = features + s->first;
    for (int v = 0; v < 2; v++)
        for (int i = 0; i < s->count; i++) {
            float *row = g + O_FTW + (size_t)(v == 0 ? fw[i] : flip[fw[i]]) * H;
            for (int h = 0; h < H; h++)
                row[h] += da[v][h];
        }
    return loss;
}

/* ---- batches over threads ---- */

typedef struct Job {
    const float *p;
    float k;
    const size_t *order;
    size_t from, to;   /* the batch in order[] */
    float *grad[SHARDS];
    double loss[SHARDS];
    int thread, threads;
} Job;

static void *run_shards(void *arg)
{
    Job *j = arg;
    size_t n = j->to - j->from;
    for (int sh = j->thread; sh < SHARDS; sh += j->threads) {
        float *g = j->grad[sh];
        memset(g, 0, sizeof(float) * NPARAMS);
        double loss = 0;
        for (size_t i = j->from + n * (size_t)sh / SHARDS; i < j->from + n * (size_t)(sh + 1) / SHARDS; i++)
            loss += backward(j->p, &samples[j->order[i]], j->k, g);
        j->loss[sh] = loss;
    }
    return NULL;
}

static double holdout_loss(const float *p, float k)
{
    double sum = 0;
    size_t n = 0;
    Pass q;
    for (size_t i = 0; i < nsamples; i++) {
        if (!samples[i].holdout)
            continue;
        forward(p, &samples[i], &q);
        double d = fit_sigmoid(k * (q.y + base(&samples[i]))) - samples[i].target;
        sum += d * d;
        n++;
    }
    return n ? sum / (double)n : 0;
}

/* ---- writing the integer network ---- */

static void put_u32(FILE *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    fwrite(b, 1, 4, f);
}

static void put_i16(FILE *f, long v)
{
    if (v > 32767)
        v = 32767;
    if (v < -32767)
        v = -32767;
    uint16_t u = (uint16_t)(int16_t)v;
    unsigned char b[2] = {(unsigned char)u, (unsigned char)(u >> 8)};
    fwrite(b, 1, 2, f);
}

static void put_i8(FILE *f, long v)
{
    if (v > 127)
        v = 127;
    if (v < -127)
        v = -127;
    fputc((unsigned char)(int8_t)v, f);
}

static bool write_net(const char *path, const float *p)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        perror(path);
        return false;
    }
    fwrite(NNUE_MAGIC, 1, 8, f);
    put_u32(f, (uint32_t)squares);
    put_u32(f, H);
    put_u32(f, NNUE_L1);
    put_u32(f, NNUE_L2);
    put_u32(f, residual ? 1 : 0);
    for (int h = 0; h < H; h++)
        put_i16(f, lround(p[O_FTB + (size_t)h] * NNUE_ACTIVATION));
    for (size_t i = 0; i < (size_t)inputs * H; i++)
        put_i16(f, lround(p[O_FTW + i] * NNUE_ACTIVATION));
    const double dense_bias = NNUE_ACTIVATION * NNUE_WEIGHT_SCALE;
    for (int o = 0; o < NNUE_L1; o++)
        put_u32(f, (uint32_t)(int32_t)lround(p[O_B1 + (size_t)o] * dense_bias));
    for (size_t i = 0; i < (size_t)NNUE_L1 * 2 * H; i++)
        put_i8(f, lround(p[O_W1 + i] * NNUE_WEIGHT_SCALE));
    for (int o = 0; o < NNUE_L2; o++)
        put_u32(f, (uint32_t)(int32_t)lround(p[O_B2 + (size_t)o] * dense_bias));
    for (size_t i = 0; i < (size_t)NNUE_L2 * NNUE_L1; i++)
        put_i8(f, lround(p[O_W2 + i] * NNUE_WEIGHT_SCALE));
    put_u32(f, (uint32_t)(int32_t)lround(p[O_B3] * NNUE_ACTIVATION * NNUE_OUT_SCALE));
    for (int i = 0; i < NNUE_L2; i++)
        put_u32(f, (uint32_t)(int32_t)lround(p[O_W3 + (size_t)i] * NNUE_OUT_SCALE));
    return fclose(f) == 0;
}

/* The parameters of a network file, as floats (write_net's scales undone). */
static bool read_net(const char *path, float *p)
{
    static NnueNet net;
    char message[200];
    if (!nnue_load_file(&net, path, message, sizeof message) || net.squares != squares) {
        fprintf(stderr, "train: %s: %s\n", path,
                net.squares != squares ? "a network of another game" : message);
        return false;
    }
    residual = net.residual;
    const float dense_bias = NNUE_ACTIVATION * NNUE_WEIGHT_SCALE;
    for (int h = 0; h < H; h++)
        p[O_FTB + (size_t)h] = (float)net.ft_bias[h] / NNUE_ACTIVATION;
    for (int i = 0; i < inputs; i++)
        for (int h = 0; h < H; h++)
            p[O_FTW + (size_t)i * H + (size_t)h] = (float)net.ft_weight[i][h] / NNUE_ACTIVATION;
    for (int o = 0; o < NNUE_L1; o++) {
        p[O_B1 + (size_t)o] = (float)net.l1_bias[o] / dense_bias;
        for (int i = 0; i < 2 * H; i++)
            p[O_W1 + (size_t)o * 2 * H + (size_t)i] = (float)net.l1_weight[o][i] / NNUE_WEIGHT_SCALE;
    }
    for (int o = 0; o < NNUE_L2; o++) {
        p[O_B2 + (size_t)o] = (float)net.l2_bias[o] / dense_bias;
        for (int i = 0; i < NNUE_L1; i++)
            p[O_W2 + (size_t)o * NNUE_L1 + (size_t)i] = (float)net.l2_weight[o][i] / NNUE_WEIGHT_SCALE;
    }
    p[O_B3] = (float)net.out_bias / (NNUE_ACTIVATION * NNUE_OUT_SCALE);
    for (int i = 0; i < NNUE_L2; i++)
        p[O_W3 + (size_t)i] = (float)net.out_weight[i] / NNUE_OUT_SCALE;
    return true;
}

/* The integer network's held-out loss and its mean distance from the float one (centi-men). */
static bool check_quantised(const char *path, const float *p, float k)
{
    static NnueNet net;
    char message[200];
    if (!nnue_load_file(&net, path, message, sizeof message)) {
        fprintf(stderr, "train: %s: %s\n", path, message);
        return false;
    }
    if (net.squares != squares) {
        fprintf(stderr, "train: %s: a network of %d squares, the data's game has %d\n", path,
                net.squares, squares);
        return false;
    }
    residual = net.residual;
    double sum = 0, dist = 0;
    size_t n = 0;
    Pass q;
    for (size_t i = 0; i < nsamples; i++) {
        const Sample *s = &samples[i];
        if (!s->holdout)
            continue;
        NnueAccumulator acc;
        memcpy(acc.v[0], net.ft_bias, sizeof acc.v[0]);
        memcpy(acc.v[1], net.ft_bias, sizeof acc.v[1]);
        for (uint32_t j = 0; j < s->count; j++) {
            int f = features[s->first + j];
            for (int h = 0; h < H; h++) {
                acc.v[0][h] = (int16_t)(acc.v[0][h] + net.ft_weight[f][h]);
                acc.v[1][h] = (int16_t)(acc.v[1][h] + net.ft_weight[flip[f]][h]);
            }
        }
        int cm = nnue_centimen(nnue_output(&net, &acc, s->side));
        if (p) {
            forward(p, s, &q);
            dist += fabs(cm - 100.0 * q.y);
        }
        double d = fit_sigmoid((double)k * (cm / 100.0 + base(s))) - s->target;
        sum += d * d;
        n++;
    }
    if (n && p)
        fprintf(stderr, "train: integer network: held-out loss %.6f, %.2f centi-men from the "
                        "float network on average\n",
                sum / (double)n, dist / (double)n);
    else if (n)
        fprintf(stderr, "train: %s: held-out loss %.6f\n", path, sum / (double)n);
    return true;
}

static void clamp_range(float *p, size_t from, size_t count, float limit)
{
    for (size_t i = from; i < from + count; i++)
        p[i] = p[i] > limit ? limit : p[i] < -limit ? -limit : p[i];
}

int main(int argc, char **argv)
{
    const char *out = NULL, *check = NULL, *init = NULL;
    const char *data[4096];
    int ndata = 0, epochs = 20, batch = 4096, threads = 1;
    double rate = 0.002, lambda = 0.5;
    uint64_t seed = 1;
    size_t max = (size_t)-1;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            if (ndata < 4096)
                data[ndata++] = a;
            continue;
        }
        if (strcmp(a, "--residual") == 0) {
            residual = true;
            continue;
        }
        if (i + 1 >= argc) {
        usage:
            fprintf(stderr, "usage: train [--variant russian|international] --out NET "
                            "[--epochs N] [--batch B] [--rate R] [--lambda L] [--seed S] "
                            "[--threads T] [--max N] [--residual] [--init NET] [--check NET] FILE...\n");
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--out") == 0)
            out = v;
        else if (strcmp(a, "--check") == 0)
            check = v;
        else if (strcmp(a, "--init") == 0)
            init = v;
        else if (strcmp(a, "--data") == 0 && ndata < 4096)
            data[ndata++] = v;
        else if (strcmp(a, "--epochs") == 0)
            epochs = atoi(v);
        else if (strcmp(a, "--batch") == 0)
            batch = atoi(v);
        else if (strcmp(a, "--rate") == 0)
            rate = atof(v);
        else if (strcmp(a, "--lambda") == 0)
            lambda = atof(v);
        else if (strcmp(a, "--seed") == 0)
            seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--threads") == 0)
            threads = atoi(v);
        else if (strcmp(a, "--max") == 0)
            max = strtoull(v, NULL, 10);
        else if (strcmp(a, "--variant") == 0) {
            if (!sh_rules_find(v, &variant) ||
                (variant != SH_VARIANT_RUSSIAN && variant != SH_VARIANT_INTERNATIONAL)) {
                fprintf(stderr, "train: networks are for russian and international, not '%s'\n", v);
                return 2;
            }
        } else
            goto usage;
    }
    if ((!out && !check) || !ndata || epochs < 0 || batch < SHARDS || threads < 1 || threads > SHARDS)
        goto usage;

    /* The network's shape for the game: its squares and their numbering. */
    static NnueNet shape;
    memset(&shape, 0, sizeof shape);
    squares = variant == SH_VARIANT_INTERNATIONAL ? 50 : 32;
    inputs = 4 * squares;
    nnue_shape(&shape, squares);
    for (int i = 0; i < inputs; i++) {
        int group = i / squares, s = i % squares;
        flip[i] = (uint8_t)((group ^ 2) * squares + squares - 1 - s);
    }
    layout();

    for (int i = 0; i < ndata; i++)
        if (!load(data[i], variant, &shape, max))
            return 1;
    if (!nsamples) {
        fprintf(stderr, "train: no positions\n");
        return 1;
    }
    float k = (float)fit_k();
    size_t *order = malloc(sizeof(size_t) * nsamples), ntrain = 0;
    if (!order)
        return 1;
    for (size_t i = 0; i < nsamples; i++) {
        Sample *s = &samples[i];
        double sc = s->score > 3000 ? 1.0 : s->score < -3000 ? 0.0 : fit_sigmoid(k * s->score / 100);
        double t = lambda * s->result + (1 - lambda) * sc;
        s->target = (float)(s->side == SH_WHITE ? t : 1 - t);
        if (!s->holdout)
            order[ntrain++] = i;
    }
    double classic = 0;
    for (size_t i = 0; i < nsamples; i++)
        if (samples[i].holdout) {
            double d = fit_sigmoid(k * samples[i].classic / 100) - samples[i].target;
            classic += d * d;
        }
    fprintf(stderr, "train: %zu positions of %llu games (%zu held out), K = %.4f, %d x %d -> %d -> %d -> 1; "
                    "the classical evaluation's held-out loss %.6f\n",
            nsamples, (unsigned long long)games, nsamples - ntrain, k, 2, H, NNUE_L1, NNUE_L2,
            classic / (double)(nsamples - ntrain));
    if (check)
        return check_quantised(check, NULL, k) ? 0 : 1;

    rng_state = seed;
    float *p = calloc(NPARAMS, sizeof(float)), *m = calloc(NPARAMS, sizeof(float)),
          *v2 = calloc(NPARAMS, sizeof(float));
    Job job;
    memset(&job, 0, sizeof job);
    for (int s = 0; s < SHARDS; s++)
        if (!(job.grad[s] = malloc(sizeof(float) * NPARAMS)))
            return 1;
    if (!p || !m || !v2)
        return 1;
    for (size_t i = 0; i < (size_t)inputs * H; i++)
        p[O_FTW + i] = (float)uniform(0.05);
    for (int h = 0; h < H; h++)
        p[O_FTB + (size_t)h] = 0.5f;
    for (size_t i = 0; i < (size_t)NNUE_L1 * 2 * H; i++)
        p[O_W1 + i] = (float)uniform(1 / sqrt(2.0 * H));
    for (int o = 0; o < NNUE_L1; o++)
        p[O_B1 + (size_t)o] = 0.5f;
    for (size_t i = 0; i < (size_t)NNUE_L2 * NNUE_L1; i++)
        p[O_W2 + i] = (float)uniform(1 / sqrt((double)NNUE_L1));
    for (int o = 0; o < NNUE_L2; o++)
        p[O_B2 + (size_t)o] = 0.5f;
    for (int i = 0; i < NNUE_L2; i++) /* a residual network starts at the classical score */
        p[O_W3 + (size_t)i] = residual ? 0.0f : (float)uniform(1 / sqrt((double)NNUE_L2));
    if (init && !read_net(init, p))
        return 1;
    if (init)
        fprintf(stderr, "train: from %s: held-out loss %.6f\n", init, holdout_loss(p, k));

    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    const float dense_limit = 127.0f / NNUE_WEIGHT_SCALE;
    long step = 0;
    pthread_t tid[SHARDS];
    Job jobs[SHARDS];
    for (int e = 0; e < epochs; e++) {
        double lr = rate * pow(0.1, (double)e / (epochs > 1 ? epochs - 1 : 1));
        for (size_t i = ntrain; i > 1; i--) { /* Fisher-Yates */
            size_t j = (size_t)(rng() % i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        double total = 0;
        for (size_t from = 0; from < ntrain; from += (size_t)batch) {
            size_t to = from + (size_t)batch < ntrain ? from + (size_t)batch : ntrain;
            job.p = p;
            job.k = k;
            job.order = order;
            job.from = from;
            job.to = to;
            job.threads = threads;
            for (int t = 0; t < threads; t++) {
                jobs[t] = job;
                jobs[t].thread = t;
                if (t > 0)
                    pthread_create(&tid[t], NULL, run_shards, &jobs[t]);
            }
            run_shards(&jobs[0]);
            for (int t = 1; t < threads; t++)
                pthread_join(tid[t], NULL);
            for (int t = 0; t < threads; t++)
                for (int sh = t; sh < SHARDS; sh += threads)
                    job.loss[sh] = jobs[t].loss[sh];
            float *g = job.grad[0];
            for (int sh = 1; sh < SHARDS; sh++)
                for (size_t i = 0; i < NPARAMS; i++)
                    g[i] += job.grad[sh][i];
            for (int sh = 0; sh < SHARDS; sh++)
                total += job.loss[sh];
            step++;
            double c1 = 1 - pow(b1, (double)step), c2 = 1 - pow(b2, (double)step);
            float scale = 1.0f / (float)(to - from);
            for (size_t i = 0; i < NPARAMS; i++) {
                float gi = g[i] * scale;
                m[i] = (float)(b1 * m[i] + (1 - b1) * gi);
                v2[i] = (float)(b2 * v2[i] + (1 - b2) * gi * gi);
                p[i] -= (float)(lr * (m[i] / c1) / (sqrt(v2[i] / c2) + eps));
            }
            clamp_range(p, O_FTW, (size_t)inputs * H + H, (float)NNUE_FT_LIMIT);
            clamp_range(p, O_W1, (size_t)NNUE_L1 * 2 * H, dense_limit);
            clamp_range(p, O_W2, (size_t)NNUE_L2 * NNUE_L1, dense_limit);
        }
        fprintf(stderr, "train: epoch %d: rate %.5f, loss %.6f, held out %.6f\n", e + 1, lr,
                total / (double)ntrain, holdout_loss(p, k));
    }
    if (!write_net(out, p))
        return 1;
    check_quantised(out, p, k);
    fprintf(stderr, "train: wrote %s\n", out);
    return 0;
}
