/*
 * tune.c - fit the evaluation's weights to the results of the engine's own games.
 *
 *   tune --data FILE [--data FILE ...] --out WEIGHTS [--init WEIGHTS] [--epochs N]
 *        [--lambda L] [--rate R] [--l2 X] [--max N] [--no-patterns] [--fix-material]
 *        [--variant NAME] [--note TEXT ...]
 *
 * Logistic regression ("Texel tuning"): each position of the data files (tools/datagen.c:
 * "FEN RESULT SCORE") is turned into the evaluation's features (engine/eval.c, eval_collect,
 * the very code the engine evaluates with), and the weights are moved by full-batch Adam to
 * minimise the mean squared difference between the target and fit_sigmoid(K * eval / 100), where
 *
 *   target = L * result + (1 - L) * fit_sigmoid(K * search_score / 100)
 *
 * (L = --lambda, default 0.7: mostly the game's result, partly the search's opinion, which
 * is less noisy). K is fitted first, to the starting weights. 5% of the positions (chosen by
 * their hash) are held out and their loss is printed as the fit goes, to show over-fitting.
 * Pattern weights may get an L2 penalty (--l2, default 0: with a million positions or more
 * a penalty only held the patterns back). The man's weight stays at 100 with --fix-material
 * (the unit of the scores). Adam's step is --rate centi-men (default 0.3).
 *
 * --variant NAME reads the data as that game's (its FEN numbering, its features) and starts,
 * without --init, from the game's built-in weights. The result is a weights file in the format
 * of data/eval/weights.txt, its header naming the game, the notes (--note: e.g. how the data
 * was made) and the tuner's command line; copy it there and rebuild to make the engine use it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "fit.h"

typedef struct Sample {
    float target;
    uint8_t phase, scale, scale_black, holdout;
    uint32_t first; /* index of the first term */
    uint16_t count;
} Sample;

static Sample *samples;
static size_t nsamples, capsamples;
static uint32_t *terms; /* feature << 12 | (count + 2048) */
static size_t nterms, capterms;
static ShVariant variant = SH_VARIANT_RUSSIAN; /* the game of the data (--variant) */

/* Raw data: the search score is kept until K is known. */
static float *scores;
static size_t capscores;

static bool load(const char *path, size_t max)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return false;
    }
    char line[512];
    size_t bad = 0;
    while (nsamples < max && fgets(line, sizeof line, f)) {
        char fen[256];
        double result;
        int score;
        if (sscanf(line, "%255s %lf %d", fen, &result, &score) != 3) {
            bad++;
            continue;
        }
        ShPosition pos;
        if (sh_fen_read_variant(fen, variant, &pos, NULL) != SH_OK) {
            bad++;
            continue;
        }
        EvalFeatures ft;
        eval_collect(&pos, &ft);
        if (!fit_grow((void **)&samples, &capsamples, nsamples + 1, sizeof *samples) ||
            !fit_grow((void **)&scores, &capscores, nsamples + 1, sizeof *scores) ||
            !fit_grow((void **)&terms, &capterms, nterms + (size_t)ft.count, sizeof *terms)) {
            fprintf(stderr, "tune: out of memory\n");
            fclose(f);
            return false;
        }
        Sample *s = &samples[nsamples];
        s->target = (float)result;
        s->phase = (uint8_t)ft.phase;
        s->scale = (uint8_t)ft.scale;
        s->scale_black = (uint8_t)ft.scale_black;
        s->holdout = (pos.key % 20) == 0;
        s->first = (uint32_t)nterms;
        s->count = (uint16_t)ft.count;
        for (int i = 0; i < ft.count; i++) {
            int c = ft.terms[i].count;
            if (c < -2047)
                c = -2047;
            if (c > 2047)
                c = 2047;
            terms[nterms++] = (uint32_t)ft.terms[i].feature << 12 | (uint32_t)(c + 2048);
        }
        scores[nsamples] = (float)score;
        nsamples++;
    }
    fclose(f);
    if (bad)
        fprintf(stderr, "tune: %s: %zu lines skipped\n", path, bad);
    return true;
}

/* The evaluation (White's view, centi-men) of sample s with weights w (mg, eg pairs). */
static double evaluate(const Sample *s, const double *w)
{
    double mg = 0, eg = 0;
    for (uint32_t i = 0; i < s->count; i++) {
        uint32_t t = terms[s->first + i];
        int f = (int)(t >> 12), c = (int)(t & 4095) - 2048;
        mg += w[2 * f] * c;
        eg += w[2 * f + 1] * c;
    }
    double v = (mg * s->phase + eg * (EVAL_PHASE_MAX - s->phase)) / EVAL_PHASE_MAX;
    return v * (v > 0 ? s->scale : s->scale_black) / 16.0;
}

static double loss(const double *w, double k, bool holdout, const float *targets)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < nsamples; i++) {
        if (samples[i].holdout != holdout)
            continue;
        double p = fit_sigmoid(k * evaluate(&samples[i], w) / 100.0);
        double d = (targets ? targets[i] : samples[i].target) - p;
        sum += d * d;
        n++;
    }
    return n ? sum / (double)n : 0;
}

static double fit_k(const double *w)
{
    double lo = 0.1, hi = 5.0;
    for (int i = 0; i < 40; i++) {
        double a = lo + (hi - lo) * 0.382, b = lo + (hi - lo) * 0.618;
        if (loss(w, a, false, NULL) < loss(w, b, false, NULL))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static bool write_weights(const char *path, const double *w, double k, size_t n,
                          const char *const *notes, int nnotes, int argc, char **argv)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return false;
    }
    const ShRules *rules = sh_rules_get(variant);
    fprintf(f, "# Shashki evaluation weights for %s: 'feature middlegame endgame', in the "
               "evaluation's unit\n# (the man's material weight is 100; see Scores in "
               "engine/engine.h).\n", rules ? rules->name : "?");
    fprintf(f, "# Features are counted for White minus Black (see engine/eval.h); squares are the "
               "public\n");
    fprintf(f, "# numbers from White's side (engine/eval.h): Black's are turned round.\n");
    for (int i = 0; i < nnotes; i++)
        fprintf(f, "# %s\n", notes[i]);
    fprintf(f, "# Features not listed weigh 0. Fitted by tools/tune on %zu positions (K = %.4f):\n",
            n, k);
    /* the command (without the notes), in lines the weights reader takes (under 256) */
    int col = fprintf(f, "#   tools/tune");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--note") == 0) {
            i++;
            continue;
        }
        int len = (int)strlen(argv[i]);
        if (col + 1 + len > 95) {
            fprintf(f, " \\\n");
            col = fprintf(f, "#      ");
        }
        col += fprintf(f, " %.*s", 200, argv[i]);
    }
    fprintf(f, "\n");
    for (int feature = 0; feature < EVAL_FEATURES; feature++) {
        double mg = w[2 * feature], eg = w[2 * feature + 1];
        if (feature >= F_PATTERN && fabs(mg) < 0.05 && fabs(eg) < 0.05)
            continue;
        char name[64];
        eval_feature_name(feature, name, sizeof name);
        fprintf(f, "%s %.2f %.2f\n", name, mg, eg);
    }
    fclose(f);
    return true;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *init = NULL;
    const char *data[16], *notes[16];
    int ndata = 0, nnotes = 0, epochs = 400;
    double lambda = 0.7, rate = 0.3, l2 = 0;
    size_t max = 4000000;
    bool patterns = true, fix_material = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--no-patterns") == 0) {
            patterns = false;
            continue;
        }
        if (strcmp(a, "--fix-material") == 0) {
            fix_material = true;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "usage: tune --data FILE --out WEIGHTS [--init WEIGHTS] [--epochs N] "
                            "[--lambda L] [--rate R] [--l2 X] [--max N] [--no-patterns] "
                            "[--fix-material] [--variant NAME] [--note TEXT]\n");
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--data") == 0 && ndata < 16)
            data[ndata++] = v;
        else if (strcmp(a, "--out") == 0)
            out = v;
        else if (strcmp(a, "--note") == 0 && nnotes < 16)
            notes[nnotes++] = v;
        else if (strcmp(a, "--init") == 0)
            init = v;
        else if (strcmp(a, "--epochs") == 0)
            epochs = atoi(v);
        else if (strcmp(a, "--lambda") == 0)
            lambda = atof(v);
        else if (strcmp(a, "--rate") == 0)
            rate = atof(v);
        else if (strcmp(a, "--l2") == 0)
            l2 = atof(v);
        else if (strcmp(a, "--max") == 0)
            max = (size_t)atol(v);
        else if (strcmp(a, "--variant") == 0) {
            if (!sh_rules_find(v, &variant)) {
                fprintf(stderr, "tune: unknown variant '%s'\n", v);
                return 2;
            }
        } else {
            fprintf(stderr, "tune: unknown option %s\n", a);
            return 2;
        }
    }
    if (!out || !ndata) {
        fprintf(stderr, "tune: --data and --out are needed\n");
        return 2;
    }
    size_t nw = 2 * (size_t)EVAL_FEATURES;
    double *w = calloc(nw, sizeof *w), *m = calloc(nw, sizeof *m), *v = calloc(nw, sizeof *v),
           *g = calloc(nw, sizeof *g);
    if (!w || !m || !v || !g)
        return 1;
    if (init) {
        FILE *f = fopen(init, "r");
        if (!f) {
            perror(init);
            return 1;
        }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *text = calloc((size_t)size + 1, 1);
        if (!text || fread(text, 1, (size_t)size, f) != (size_t)size)
            return 1;
        fclose(f);
        char message[200];
        if (!eval_weights_parse(text, w, message, sizeof message)) {
            fprintf(stderr, "tune: %s: %s\n", init, message);
            return 1;
        }
        free(text);
    } else {
        eval_weights_get(eval_default_weights_for((int)variant), w);
    }
    for (int i = 0; i < ndata; i++)
        if (!load(data[i], max))
            return 1;
    fprintf(stderr, "tune: %zu positions, %zu terms\n", nsamples, nterms);
    if (!nsamples)
        return 1;

    double k = fit_k(w);
    /* Targets mix the result with the search's score. */
    float *targets = malloc(sizeof(float) * nsamples);
    if (!targets)
        return 1;
    for (size_t i = 0; i < nsamples; i++) {
        double s = scores[i] > 3000 ? 1.0 : scores[i] < -3000 ? 0.0 : fit_sigmoid(k * scores[i] / 100);
        targets[i] = (float)(lambda * samples[i].target + (1 - lambda) * s);
    }
    fprintf(stderr, "tune: K = %.4f, loss %.6f (held out %.6f)\n", k, loss(w, k, false, targets),
            loss(w, k, true, targets));

    /* Which weights move. */
    bool *free_w = calloc(nw, sizeof *free_w);
    if (!free_w)
        return 1;
    for (int f = 0; f < EVAL_FEATURES; f++) {
        bool on = patterns || f < F_PATTERN;
        if (fix_material && f == F_MAN)
            on = false;
        free_w[2 * f] = free_w[2 * f + 1] = on;
    }
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    size_t ntrain = 0;
    for (size_t i = 0; i < nsamples; i++)
        ntrain += !samples[i].holdout;
    for (int epoch = 1; epoch <= epochs; epoch++) {
        memset(g, 0, sizeof(double) * nw);
        double sum = 0;
        for (size_t i = 0; i < nsamples; i++) {
            const Sample *s = &samples[i];
            if (s->holdout)
                continue;
            double e = evaluate(s, w);
            double p = fit_sigmoid(k * e / 100.0);
            double d = targets[i] - p;
            sum += d * d;
            double grad = -2.0 * d * p * (1 - p) * k / 100.0;
            double scale = (e > 0 ? s->scale : s->scale_black) / 16.0;
            double gm = grad * scale * s->phase / EVAL_PHASE_MAX;
            double ge = grad * scale * (EVAL_PHASE_MAX - s->phase) / EVAL_PHASE_MAX;
            for (uint32_t j = 0; j < s->count; j++) {
                uint32_t t = terms[s->first + j];
                int f = (int)(t >> 12), c = (int)(t & 4095) - 2048;
                g[2 * f] += gm * c;
                g[2 * f + 1] += ge * c;
            }
        }
        for (size_t i = 0; i < nw; i++) {
            if (!free_w[i])
                continue;
            double gi = g[i] / (double)ntrain;
            if (i >= 2 * (size_t)F_PATTERN)
                gi += l2 * w[i];
            m[i] = b1 * m[i] + (1 - b1) * gi;
            v[i] = b2 * v[i] + (1 - b2) * gi * gi;
            double mh = m[i] / (1 - pow(b1, epoch)), vh = v[i] / (1 - pow(b2, epoch));
            w[i] -= rate * mh / (sqrt(vh) + eps);
        }
        if (epoch % 25 == 0 || epoch == epochs)
            fprintf(stderr, "tune: epoch %d loss %.6f held out %.6f man %.1f/%.1f king %.1f/%.1f\n",
                    epoch, sum / (double)ntrain, loss(w, k, true, targets), w[2 * F_MAN],
                    w[2 * F_MAN + 1], w[2 * F_KING], w[2 * F_KING + 1]);
    }
    if (!write_weights(out, w, k, nsamples, notes, nnotes, argc, argv))
        return 1;
    fprintf(stderr, "tune: wrote %s\n", out);
    free(w);
    free(m);
    free(v);
    free(g);
    free(free_w);
    free(targets);
    free(samples);
    free(scores);
    free(terms);
    return 0;
}
