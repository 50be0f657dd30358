/*
 * datagen.c - positions from the engine's own games, for the evaluation tuner.
 *
 *   datagen --games N --out FILE [--nodes N] [--random-plies R] [--seed S] [--threads T]
 *           [--variant NAME]
 *
 * Each game starts from an official ballot (IDF-64 or FMJD-64, moves or set-up) chosen at
 * random (for another game than Russian checkers: from the game's start, drawn by lot where
 * the game draws it, with 4 more random plies), then up to R random legal plies (default 4)
 * so that no two games are alike, and
 * is played out by the engine against itself at a fixed number of nodes per move (default
 * 6000). A game ends by the rules (no move, threefold repetition, the draw counts), when the
 * search proves a win, or after 300 plies (a draw).
 *
 * Every position in which the side to move has no capture pending is written, one a line:
 *
 *   FEN RESULT SCORE
 *
 * RESULT is the game's result for White (1, 0.5 or 0); SCORE is the search's score for
 * White in centi-men (a proven win is written as +/-10000). Runs are deterministic for a
 * given seed and thread count 1. The file is appended to, so runs can be pooled.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "draw.h"
#include "engine.h"

typedef struct Job {
    pthread_mutex_t lock;
    FILE *out;
    long games, next, done;
    uint64_t nodes;
    int random_plies;
    uint64_t seed;
    ShVariant variant;
    long positions;
} Job;

static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

#define MAX_PLIES 300

typedef struct Record {
    ShPosition pos;
    int score; /* for White */
} Record;

static void play(Job *job, Engine *engine, long index)
{
    uint64_t s = job->seed * UINT64_C(1000003) + (uint64_t)index;
    rnd(&s);
    ShOpening o;
    ShPosition start;
    ShMove line[SH_OPENING_MAX_PLIES];
    int count = 0, extra = 0;
    if (job->variant == SH_VARIANT_RUSSIAN) {
        do {
            sh_opening_at((int)(rnd(&s) % (uint64_t)sh_openings_count()), &o);
        } while (sh_opening_line(&o, &start, line, &count, NULL) != SH_OK);
    } else {
        sh_position_start_drawn(&start, job->variant, rnd(&s));
        extra = 4;
    }
    static __thread ShPosition history[MAX_PLIES + 64];
    static __thread Record records[MAX_PLIES + 64];
    int n = 0, nrec = 0;
    ShPosition pos = start;
    for (int i = 0; i < count; i++) {
        history[n++] = pos;
        sh_position_play(&pos, &line[i], &pos);
    }
    int randoms = extra + (job->random_plies ? (int)(rnd(&s) % (uint64_t)(job->random_plies + 1)) : 0);
    for (int i = 0; i < randoms; i++) {
        ShMoveList list;
        sh_moves_generate(&pos, &list);
        if (list.count == 0)
            break;
        history[n++] = pos;
        sh_position_play(&pos, &list.moves[rnd(&s) % (uint64_t)list.count], &pos);
    }
    engine_clear(engine);
    DrawCounters dc;
    draw_start(&history[0], &dc);
    for (int i = 0; i < n; i++) {
        DrawCounters next;
        draw_step(&dc, &history[i], i + 1 < n ? &history[i + 1] : &pos, &next);
        dc = next;
    }
    double result = 0.5;
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.nodes = job->nodes;
    int plies = 0;
    for (;;) {
        ShMoveList list;
        sh_moves_generate(&pos, &list);
        if (list.count == 0) { /* lost, or won in giveaway */
            bool lost = pos.variant != SH_VARIANT_GIVEAWAY;
            result = (pos.side == SH_WHITE) == lost ? 0 : 1;
            break;
        }
        if (draw_reason(&dc, &pos) != SH_REASON_NONE || plies >= MAX_PLIES)
            break;
        int seen = 0;
        for (int i = n - 2; i >= 0; i -= 2)
            seen += history[i].key == pos.key;
        if (seen >= 2)
            break;
        EngineResult r;
        if (engine_search(engine, &pos, history, n, &limits, NULL, NULL, &r, NULL) != SH_OK ||
            !r.has_move)
            break;
        int white = pos.side == SH_WHITE ? r.score : -r.score;
        if (!board_can_capture(&pos, pos.side) && nrec < MAX_PLIES + 64) {
            records[nrec].pos = pos;
            records[nrec].score = engine_score_is_win(white)    ? 10000
                                  : engine_score_is_loss(white) ? -10000
                                                                : white;
            nrec++;
        }
        if (engine_score_is_win(r.score) || engine_score_is_loss(r.score)) {
            result = (white > 0) ? 1 : 0;
            break;
        }
        if (n >= MAX_PLIES + 60)
            break;
        history[n++] = pos;
        ShPosition next;
        sh_position_play(&pos, &r.move, &next);
        DrawCounters nd;
        draw_step(&dc, &pos, &next, &nd);
        dc = nd;
        pos = next;
        plies++;
    }
    pthread_mutex_lock(&job->lock);
    for (int i = 0; i < nrec; i++) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(&records[i].pos, false, fen);
        fprintf(job->out, "%s %s %d\n", fen, result == 1 ? "1" : result == 0 ? "0" : "0.5",
                records[i].score);
    }
    job->positions += nrec;
    job->done++;
    if (job->done % 100 == 0) {
        fprintf(stderr, "datagen: %ld games, %ld positions\n", job->done, job->positions);
        fflush(job->out);
    }
    pthread_mutex_unlock(&job->lock);
}

static void *worker(void *arg)
{
    Job *job = arg;
    EngineOptions o;
    engine_options_default(&o);
    o.hash_mb = 8;
    Engine *engine = engine_create(&o, NULL);
    if (!engine)
        return NULL;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        long index = job->next < job->games ? job->next++ : -1;
        pthread_mutex_unlock(&job->lock);
        if (index < 0)
            break;
        play(job, engine, index);
    }
    engine_free(engine);
    return NULL;
}

static long number(const char *text, const char *what)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (!*text || *end || v < 0) {
        fprintf(stderr, "datagen: %s must be a whole number, not '%s'\n", what, text);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    Job job;
    memset(&job, 0, sizeof job);
    job.games = 1000;
    job.nodes = 6000;
    job.random_plies = 4;
    job.seed = 1;
    const char *out = NULL;
    long threads = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "usage: datagen --games N --out FILE [--nodes N] [--random-plies R] "
                            "[--seed S] [--threads T] [--variant NAME]\n");
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--games") == 0)
            job.games = number(v, a);
        else if (strcmp(a, "--nodes") == 0)
            job.nodes = (uint64_t)number(v, a);
        else if (strcmp(a, "--random-plies") == 0)
            job.random_plies = (int)number(v, a);
        else if (strcmp(a, "--seed") == 0)
            job.seed = (uint64_t)number(v, a);
        else if (strcmp(a, "--threads") == 0)
            threads = number(v, a);
        else if (strcmp(a, "--out") == 0)
            out = v;
        else if (strcmp(a, "--variant") == 0) {
            if (!sh_rules_find(v, &job.variant)) {
                fprintf(stderr, "datagen: unknown variant '%s'\n", v);
                return 2;
            }
        } else {
            fprintf(stderr, "datagen: unknown option %s\n", a);
            return 2;
        }
    }
    if (!out || threads < 1 || threads > 64) {
        fprintf(stderr, "datagen: --out FILE is needed (and 1-64 threads)\n");
        return 2;
    }
    job.out = fopen(out, "a");
    if (!job.out) {
        perror(out);
        return 1;
    }
    pthread_mutex_init(&job.lock, NULL);
    pthread_t t[64];
    for (long i = 0; i < threads; i++)
        pthread_create(&t[i], NULL, worker, &job);
    for (long i = 0; i < threads; i++)
        pthread_join(t[i], NULL);
    fclose(job.out);
    fprintf(stderr, "datagen: %ld games, %ld positions\n", job.done, job.positions);
    return 0;
}
