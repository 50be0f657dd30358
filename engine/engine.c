/*
 * engine.c - the engine's public face (engine.h): options, the thread pool, starting,
 * waiting for and stopping searches, developer settings.
 *
 * Threads: an engine owns `threads` workers, each on its own thread for its whole life,
 * sleeping on a condition variable between searches. engine_start hands them a new job
 * number; worker 0 (the main thread of the search) waits for the helpers after it has
 * stopped them, then marks the search finished. So engine_start never blocks, and a stop
 * sent at any time after it returns reaches the search.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "egdb.h"
#include "engine.h"
#include "error.h"
#include "search.h"
#include "thread.h"
#include "timelag.h"

enum { EVAL_MODE_DEFAULT = 0, EVAL_MODE_CLASSIC, EVAL_MODE_NNUE };

struct Engine {
    EngineOptions options;
    SearchParams params;
    EvalWeights *weights;   /* this engine's own weights, or NULL for the built-in ones */
    int weights_variant;    /* without a file: the game whose built-in weights they are */
    char eval_file[256];
    char eval_zero[256];
    int eval_mode;          /* "eval": EVAL_MODE_DEFAULT (the game's: nnue_default), classic, nnue */
    NnueNet *nnue;          /* "nnue-file": a network of this engine's own, or NULL */
    char nnue_file[256];
    Db *egdb;               /* shared with every engine given the same folder */
    char egdb_path[4096];
    const Book *book;       /* the opening book played from at level 10, or NULL */
    Book *book_owned;       /* ... when read from a file */
    char book_name[256];
    int book_margin;
    TTable tt;
    SearchShared shared;
    Worker **workers;
    pthread_t *threads;
    int nthreads;

    pthread_mutex_t lock;
    pthread_cond_t wake;    /* workers: a new job or quit */
    pthread_cond_t done;    /* a worker finished; the search finished */
    uint64_t job;
    bool quit;
    int running;            /* workers still in the current job */
    bool searching;         /* from engine_start until the main worker has finished */
    uint64_t *history_keys;
    int history_capacity;
    TimeLag lag;            /* what the clock charges a move beyond the search (timelag.h) */
    EngineDoneFn on_done;   /* engine_set_on_done */
    void *done_user;
};

/* The search's result is final: tell the caller at once (engine_set_on_done). */
static void search_finished(Engine *e)
{
    if (e->on_done)
        e->on_done(&e->shared.result, e->done_user);
}

void engine_options_default(EngineOptions *o)
{
    o->threads = 1;
    o->hash_mb = 64;
    o->level = ENGINE_LEVEL_MAX;
    o->seed = 0;
}

void engine_limits_default(EngineLimits *l)
{
    memset(l, 0, sizeof *l);
    l->time_left = ENGINE_NO_CLOCK;
    l->multipv = 1;
}

/* ---- the pool ---- */

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Engine *e = (Engine *)w->shared->user_engine;
    uint64_t seen = 0;
    pthread_mutex_lock(&e->lock);
    for (;;) {
        while (!e->quit && e->job == seen)
            pthread_cond_wait(&e->wake, &e->lock);
        if (e->quit)
            break;
        seen = e->job;
        pthread_mutex_unlock(&e->lock);
        search_run(w);
        if (w->id == 0)
            search_finished(e);
        pthread_mutex_lock(&e->lock);
        e->running--;
        if (w->id == 0) {
            while (e->running > 0)
                pthread_cond_wait(&e->done, &e->lock);
            e->searching = false;
        }
        pthread_cond_broadcast(&e->done);
    }
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

static void pool_stop(Engine *e)
{
    pthread_mutex_lock(&e->lock);
    e->quit = true;
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    for (int i = 0; i < e->nthreads; i++)
        pthread_join(e->threads[i], NULL);
    for (int i = 0; i < e->nthreads; i++) {
        free(e->workers[i]->keys);
        free(e->workers[i]);
    }
    free(e->workers);
    free(e->threads);
    e->workers = NULL;
    e->threads = NULL;
    e->nthreads = 0;
    e->quit = false;
}

static bool pool_start(Engine *e, int n)
{
    e->workers = calloc((size_t)n, sizeof *e->workers);
    e->threads = calloc((size_t)n, sizeof *e->threads);
    if (!e->workers || !e->threads)
        return false;
    e->shared.workers = e->workers;
    e->shared.threads = n;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, (size_t)16 << 20);
    for (int i = 0; i < n; i++) {
        Worker *w = calloc(1, sizeof *w);
        if (!w) {
            pthread_attr_destroy(&attr);
            return false;
        }
        w->id = i;
        w->shared = &e->shared;
        e->workers[i] = w;
        if (SH_SINGLE_THREAD) { /* no threads: engine_start runs worker 0 itself */
            e->nthreads = 1;
            e->shared.threads = 1;
            break;
        }
        if (pthread_create(&e->threads[i], &attr, worker_main, w) != 0) {
            free(w);
            e->workers[i] = NULL;
            pthread_attr_destroy(&attr);
            return false;
        }
        e->nthreads = i + 1;
    }
    pthread_attr_destroy(&attr);
    return true;
}

/* ---- options ---- */

static bool options_check(const EngineOptions *o, ShError *err)
{
    if (o->threads < 1 || o->threads > ENGINE_MAX_THREADS) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "threads must be 1 to %d, not %d",
                  ENGINE_MAX_THREADS, o->threads);
        return false;
    }
    if (o->hash_mb < 1 || o->hash_mb > ENGINE_MAX_HASH_MB) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "hash must be 1 to %d MiB, not %d",
                  ENGINE_MAX_HASH_MB, o->hash_mb);
        return false;
    }
    if (o->level < 1 || o->level > ENGINE_LEVEL_MAX) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "level must be 1 to %d, not %d", ENGINE_LEVEL_MAX,
                  o->level);
        return false;
    }
    return true;
}

Engine *engine_create(const EngineOptions *options, ShError *err)
{
    EngineOptions o;
    if (options)
        o = *options;
    else
        engine_options_default(&o);
    if (!options_check(&o, err))
        return NULL;
    eval_init();
    Engine *e = calloc(1, sizeof *e);
    if (!e) {
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    e->options = o;
    e->book_margin = BOOK_MARGIN;
    search_params_default(&e->params);
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->wake, NULL);
    pthread_cond_init(&e->done, NULL);
    e->shared.user_engine = e;
    e->shared.tt = &e->tt;
    if (!tt_init(&e->tt, (size_t)o.hash_mb)) {
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "cannot allocate %d MiB for the hash table",
                  o.hash_mb);
        engine_free(e);
        return NULL;
    }
    if (!pool_start(e, o.threads)) {
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "cannot start %d threads", o.threads);
        engine_free(e);
        return NULL;
    }
    return e;
}

void engine_free(Engine *e)
{
    if (!e)
        return;
    if (e->nthreads) {
        engine_stop(e);
        engine_wait(e, NULL);
    }
    pool_stop(e);
    tt_free(&e->tt);
    dbprobe_release(e->egdb);
    book_free(e->book_owned);
    free(e->weights);
    free(e->nnue);
    free(e->history_keys);
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->wake);
    pthread_cond_destroy(&e->done);
    free(e);
}

ShStatus engine_configure(Engine *e, const EngineOptions *options, ShError *err)
{
    if (!options_check(options, err))
        return SH_ERR_ARGUMENT;
    if (engine_busy(e)) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "cannot change the options during a search");
        return SH_ERR_ARGUMENT;
    }
    if (options->hash_mb != e->options.hash_mb) {
        tt_free(&e->tt);
        if (!tt_init(&e->tt, (size_t)options->hash_mb)) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "cannot allocate %d MiB for the hash table",
                      options->hash_mb);
            if (!tt_init(&e->tt, (size_t)e->options.hash_mb))
                tt_init(&e->tt, 1);
            return SH_ERR_NO_MEMORY;
        }
    }
    if (options->threads != e->options.threads) {
        pool_stop(e);
        if (!pool_start(e, options->threads)) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "cannot start %d threads", options->threads);
            pool_stop(e);
            pool_start(e, 1);
            e->options.threads = 1;
            return SH_ERR_NO_MEMORY;
        }
    }
    e->options = *options;
    return SH_OK;
}

void engine_get_options(const Engine *e, EngineOptions *options)
{
    *options = e->options;
}

void engine_clear(Engine *e)
{
    if (engine_busy(e)) {
        engine_stop(e);
        engine_wait(e, NULL);
    }
    tt_clear(&e->tt);
    for (int i = 0; i < e->nthreads; i++)
        search_worker_clear(e->workers[i]);
}

/* ---- developer settings ---- */

typedef struct ParamSwitch {
    const char *name;
    size_t offset;
    int max;
    const char *help;
} ParamSwitch;

static const ParamSwitch SWITCHES[] = {
    {"lmr", offsetof(SearchParams, lmr), 2, "late-move reductions (1 by move count, 2 by log)"},
    {"probcut", offsetof(SearchParams, probcut), 1, "ProbCut-style pruning at non-PV nodes"},
    {"aspiration", offsetof(SearchParams, aspiration), 1, "aspiration windows"},
    {"threat", offsetof(SearchParams, threat), 1, "one more ply in quiescence when threatened"},
    {"killers", offsetof(SearchParams, killers), 1, "killer moves in move ordering"},
    {"history", offsetof(SearchParams, history), 1, "history table in move ordering"},
    {"single-reply", offsetof(SearchParams, single_reply), 1, "extend forced moves by one ply"},
    {"prune", offsetof(SearchParams, prune), 1, "futility and move-count pruning near leaves"},
    {"egdb", offsetof(SearchParams, egdb), 1, "kings-only endgame tables (up to 4 pieces)"},
    {"shots", offsetof(SearchParams, shots), 1, "quiescence tries the quiet moves giving a piece up"},
    {"progress", offsetof(SearchParams, progress), 1, "scores shrink as a draw count nears its end"},
};

static bool parse_switch(const char *v, int max, int *out)
{
    if (strcmp(v, "true") == 0 || strcmp(v, "on") == 0) {
        *out = 1;
        return true;
    }
    if (strcmp(v, "false") == 0 || strcmp(v, "off") == 0) {
        *out = 0;
        return true;
    }
    if (v[0] >= '0' && v[0] <= '9' && v[1] == '\0' && v[0] - '0' <= max) {
        *out = v[0] - '0';
        return true;
    }
    return false;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n + 1 < cap)
            break;
        cap *= 2;
        char *bigger = realloc(buf, cap);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    fclose(f);
    if (buf)
        buf[n] = '\0';
    return buf;
}

bool engine_param_known(const char *name)
{
    static const char *const NAMED[] = {"egdb-path", "book", "book-margin", "eval-file",
                                        "eval-zero", "eval", "nnue-file"};
    for (size_t i = 0; i < sizeof SWITCHES / sizeof SWITCHES[0]; i++)
        if (strcmp(name, SWITCHES[i].name) == 0)
            return true;
    for (size_t i = 0; i < sizeof NAMED / sizeof NAMED[0]; i++)
        if (strcmp(name, NAMED[i]) == 0)
            return true;
    return false;
}

ShStatus engine_set_param(Engine *e, const char *name, const char *value, ShError *err)
{
    if (engine_busy(e)) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "cannot change settings during a search");
        return SH_ERR_ARGUMENT;
    }
    for (size_t i = 0; i < sizeof SWITCHES / sizeof SWITCHES[0]; i++) {
        if (strcmp(name, SWITCHES[i].name) == 0) {
            int *field = (int *)((char *)&e->params + SWITCHES[i].offset);
            if (!parse_switch(value, SWITCHES[i].max, field)) {
                error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s must be 0 to %d, not '%s'", name,
                          SWITCHES[i].max, value);
                return SH_ERR_ARGUMENT;
            }
            return SH_OK;
        }
    }
    if (strcmp(name, "egdb-path") == 0) {
        Db *db = NULL;
        if (*value && strcmp(value, "none") != 0 && !(db = dbprobe_acquire(value, err)))
            return err ? err->code : SH_ERR_IO;
        dbprobe_release(e->egdb);
        e->egdb = db;
        snprintf(e->egdb_path, sizeof e->egdb_path, "%s", db ? value : "");
        return SH_OK;
    }
    if (strcmp(name, "book") == 0) {
        const Book *book = NULL;
        Book *owned = NULL;
        if (strcmp(value, "on") == 0 || strcmp(value, "built-in") == 0 ||
            strcmp(value, "true") == 0 || strcmp(value, "1") == 0) {
            if (!(book = book_builtin())) {
                error_set(err, SH_ERR_ARGUMENT, 0, 0, "this program has no built-in book");
                return SH_ERR_ARGUMENT;
            }
        } else if (*value && strcmp(value, "off") != 0 && strcmp(value, "none") != 0 &&
                   strcmp(value, "false") != 0 && strcmp(value, "0") != 0) {
            ShStatus st = book_load(value, &owned, err);
            if (st != SH_OK)
                return st;
            book = owned;
        }
        book_free(e->book_owned);
        e->book_owned = owned;
        e->book = book;
        snprintf(e->book_name, sizeof e->book_name, "%s",
                 !book ? "" : owned ? value : "built-in");
        return SH_OK;
    }
    if (strcmp(name, "book-margin") == 0) {
        int v;
        if (!parse_switch(value, BOOK_BOUND, &v)) {
            error_set(err, SH_ERR_ARGUMENT, 0, 0, "book-margin must be 0 to %d, not '%s'",
                      BOOK_BOUND, value);
            return SH_ERR_ARGUMENT;
        }
        e->book_margin = v;
        return SH_OK;
    }
    if (strcmp(name, "eval") == 0) {
        int mode = strcmp(value, "classic") == 0 ? EVAL_MODE_CLASSIC
                   : strcmp(value, "nnue") == 0  ? EVAL_MODE_NNUE
                   : strcmp(value, "default") == 0 ? EVAL_MODE_DEFAULT
                                                   : -1;
        if (mode < 0) {
            error_set(err, SH_ERR_ARGUMENT, 0, 0, "eval must be classic, nnue or default, not '%s'",
                      value);
            return SH_ERR_ARGUMENT;
        }
        if (mode != e->eval_mode)
            tt_clear(&e->tt); /* the table keeps static evaluations */
        e->eval_mode = mode;
        return SH_OK;
    }
    if (strcmp(name, "nnue-file") == 0) {
        NnueNet *net = malloc(sizeof *net);
        char message[200];
        if (!net) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            return SH_ERR_NO_MEMORY;
        }
        if (!nnue_load_file(net, value, message, sizeof message)) {
            error_set(err, SH_ERR_SYNTAX, 0, 0, "%s: %s", value, message);
            free(net);
            return SH_ERR_SYNTAX;
        }
        free(e->nnue);
        e->nnue = net;
        snprintf(e->nnue_file, sizeof e->nnue_file, "%s", value);
        e->eval_mode = EVAL_MODE_NNUE; /* a network is loaded to be played with */
        tt_clear(&e->tt);
        return SH_OK;
    }
    if (strcmp(name, "eval-file") == 0 || strcmp(name, "eval-zero") == 0) {
        EvalWeights *w = e->weights;
        if (!w && !(w = malloc(sizeof *w))) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            return SH_ERR_NO_MEMORY;
        }
        if (!e->weights) {
            *w = *eval_default_weights();
            e->weights_variant = SH_VARIANT_RUSSIAN;
        }
        e->weights = w;
        if (strcmp(name, "eval-file") == 0) {
            char *text = read_text(value);
            double *values = malloc(sizeof(double) * 2 * EVAL_FEATURES);
            char message[200];
            if (!text || !values) {
                error_set(err, SH_ERR_IO, 0, 0, "cannot read '%s'", value);
                free(text);
                free(values);
                return SH_ERR_IO;
            }
            if (!eval_weights_parse(text, values, message, sizeof message)) {
                error_set(err, SH_ERR_SYNTAX, 0, 0, "%s: %s", value, message);
                free(text);
                free(values);
                return SH_ERR_SYNTAX;
            }
            eval_weights_set(w, values);
            snprintf(e->eval_file, sizeof e->eval_file, "%s", value);
            e->weights_variant = -1;
            e->eval_zero[0] = '\0';
            free(text);
            free(values);
        } else {
            if (!eval_weights_zero(w, value)) {
                error_set(err, SH_ERR_ARGUMENT, 0, 0, "unknown group of evaluation features '%s'",
                          value);
                return SH_ERR_ARGUMENT;
            }
            size_t n = strlen(e->eval_zero);
            snprintf(e->eval_zero + n, sizeof e->eval_zero - n, "%s%s", n ? "," : "", value);
        }
        return SH_OK;
    }
    error_set(err, SH_ERR_ARGUMENT, 0, 0, "unknown setting '%s'", name);
    return SH_ERR_ARGUMENT;
}

void engine_param_list(const Engine *e, char *out, int size)
{
    int n = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof SWITCHES / sizeof SWITCHES[0] && n < size; i++) {
        int v = *(const int *)((const char *)&e->params + SWITCHES[i].offset);
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9d %s\n", SWITCHES[i].name, v,
                      SWITCHES[i].help);
    }
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "eval-file",
                      e->eval_file[0] ? e->eval_file : "built-in", "evaluation weights file");
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "eval",
                      e->eval_mode == EVAL_MODE_NNUE      ? "nnue"
                      : e->eval_mode == EVAL_MODE_CLASSIC ? "classic"
                                                          : "default",
                      "classic, nnue or default (the game's: classic)");
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "nnue-file",
                      e->nnue_file[0] ? e->nnue_file : "built-in",
                      "network file (sets eval nnue)");
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "egdb-path",
                      e->egdb_path[0] ? e->egdb_path : "none",
                      "endgame databases folder (shashki egdb build)");
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "book",
                      e->book_name[0] ? e->book_name : "off",
                      "opening book at level 10: off, on (built-in) or a file");
    if (n < size)
        n += snprintf(out + n, (size_t)(size - n), "%-13s %-9d %s\n", "book-margin",
                      e->book_margin, "book moves this close to the best are chosen among");
    if (n < size)
        snprintf(out + n, (size_t)(size - n), "%-13s %-9s %s\n", "eval-zero",
                 e->eval_zero[0] ? e->eval_zero : "none", "evaluation features switched off");
}

/* ---- searching ---- */

/* The network a search of `variant` evaluates with, or NULL for the classical evaluation:
 * with eval nnue (or default, for a game whose default is the network), the engine's own network if it fits the game, else the game's built-in one
 * (none for the games without one). */
static const NnueNet *engine_nnue(const Engine *e, ShVariant variant)
{
    if (e->eval_mode == EVAL_MODE_CLASSIC ||
        (e->eval_mode == EVAL_MODE_DEFAULT && !nnue_default((int)variant)))
        return NULL;
    if (e->nnue && nnue_fits(e->nnue, (int)variant))
        return e->nnue;
    return nnue_builtin((int)variant);
}

/* The weights a search of `variant` evaluates with: the file's if one was loaded, else the
 * game's built-in weights (with the features eval-zero switched off, if any). */
static const EvalWeights *engine_weights(Engine *e, ShVariant variant)
{
    if (!e->weights)
        return eval_default_weights_for((int)variant);
    if (!e->eval_file[0] && e->weights_variant != (int)variant) {
        *e->weights = *eval_default_weights_for((int)variant);
        char groups[sizeof e->eval_zero];
        memcpy(groups, e->eval_zero, sizeof groups);
        for (char *g = groups, *next; g && *g; g = next) {
            next = strchr(g, ',');
            if (next)
                *next++ = '\0';
            eval_weights_zero(e->weights, g);
        }
        e->weights_variant = (int)variant;
    }
    return e->weights;
}

static bool limits_check(const EngineLimits *l, ShError *err)
{
    if (l->depth < 0 || l->depth >= ENGINE_MAX_PLY) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "depth must be 1 to %d, not %d", ENGINE_MAX_PLY - 1,
                  l->depth);
        return false;
    }
    if (l->multipv < 0 || l->multipv > ENGINE_MAX_MULTIPV) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "multipv must be 1 to %d, not %d",
                  ENGINE_MAX_MULTIPV, l->multipv);
        return false;
    }
    if (l->move_time < 0 || l->increment < 0 || l->moves_to_go < 0) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "negative time limit");
        return false;
    }
    return true;
}

/* At level 10 with a book, a single-line search for play (not infinite, not pondering) of a
 * position the book holds a safe move for ends at once with that move (book.h). */
static bool book_answer(Engine *e, const ShPosition *pos, const EngineLimits *limits,
                        EngineInfoFn on_info, void *user)
{
    BookMove m;
    if (!e->book || e->options.level != ENGINE_LEVEL_MAX || limits->infinite || limits->ponder ||
        limits->multipv > 1 || !book_choose(e->book, pos, e->book_margin, e->options.seed, &m))
        return false;
    EngineResult *r = &e->shared.result;
    memset(r, 0, sizeof *r);
    r->has_move = true;
    r->move = m.move;
    r->score = m.score;
    r->depth = r->seldepth = m.depth;
    r->pv_length = 1;
    r->pv[0] = m.move;
    if (on_info) {
        EngineInfo info;
        memset(&info, 0, sizeof info);
        info.depth = info.seldepth = m.depth;
        info.multipv = 1;
        info.score = m.score;
        info.bound = ENGINE_BOUND_EXACT;
        info.pv_length = 1;
        info.pv[0] = m.move;
        on_info(&info, user);
    }
    search_finished(e);
    return true;
}

ShStatus engine_start(Engine *e, const ShPosition *pos, const ShPosition *history,
                      int history_count, const EngineLimits *limits, EngineInfoFn on_info,
                      void *user, ShError *err)
{
    if (!pos || !limits || history_count < 0 || (history_count > 0 && !history)) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "missing position, history or limits");
        return SH_ERR_ARGUMENT;
    }
    if (engine_busy(e)) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "a search is already running");
        return SH_ERR_ARGUMENT;
    }
    if (!limits_check(limits, err))
        return SH_ERR_ARGUMENT;
    if (sh_position_validate(pos, err) != SH_OK)
        return SH_ERR_INVALID_POSITION;
    if (sh_position_hash(pos) != pos->key) {
        error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "the position's hash key is wrong");
        return SH_ERR_INVALID_POSITION;
    }
    if (book_answer(e, pos, limits, on_info, user))
        return SH_OK;

    /* Room for the game's keys and each worker's line. */
    if (history_count + 1 > e->history_capacity) {
        int cap = history_count + 64;
        uint64_t *k = realloc(e->history_keys, sizeof(uint64_t) * (size_t)cap);
        if (!k) {
            error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            return SH_ERR_NO_MEMORY;
        }
        e->history_keys = k;
        e->history_capacity = cap;
    }
    int need = history_count + ENGINE_MAX_PLY + 4;
    for (int i = 0; i < e->nthreads; i++) {
        Worker *w = e->workers[i];
        if (w->keys_capacity < need) {
            uint64_t *k = realloc(w->keys, sizeof(uint64_t) * (size_t)need);
            if (!k) {
                error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
                return SH_ERR_NO_MEMORY;
            }
            w->keys = k;
            w->keys_capacity = need;
        }
    }

    SearchShared *sh = &e->shared;
    sh->root = *pos;
    DrawCounters c;
    draw_start(history_count ? &history[0] : pos, &c);
    for (int i = 0; i < history_count; i++) {
        e->history_keys[i] = history[i].key;
        const ShPosition *next = i + 1 < history_count ? &history[i + 1] : pos;
        DrawCounters n;
        draw_step(&c, &history[i], next, &n);
        c = n;
    }
    sh->keys = e->history_keys;
    sh->key_count = history_count;
    sh->root_draw = c;
    sh->limits = *limits;
    if (sh->limits.multipv == 0)
        sh->limits.multipv = 1;
    sh->params = e->params;
    sh->board = search_board_get(pos->variant);
    level_params(e->options.level, &sh->level);
    sh->seed = e->options.seed;
    sh->weights = engine_weights(e, pos->variant);
    /* databases a build completed since the last search (dbprobe_refresh): from now on; a
     * search of another engine still on the old copy keeps it until its own next start */
    e->egdb = dbprobe_renew(e->egdb);
    sh->nnue = engine_nnue(e, pos->variant);
    sh->egdb = pos->variant == SH_VARIANT_RUSSIAN ? e->egdb : NULL;
    sh->egdb_pieces = sh->egdb ? dbprobe_max_pieces(sh->egdb) : 0;
    sh->on_info = on_info;
    sh->user = user;
    sh->node_limit = limits->nodes;
    if (sh->level.nodes && (!sh->node_limit || sh->level.nodes < sh->node_limit))
        sh->node_limit = sh->level.nodes;
    int men = sh_position_count(pos, SH_WHITE_MAN) + sh_position_count(pos, SH_BLACK_MAN);
    GeoKind board = geo_kind(pos->variant);
    int start_men = board == GEO_DIAGONAL10   ? 40
                    : board == GEO_DIAGONAL12 ? 60
                    : board == GEO_DIAGONAL80 ? 30
                                              : 24;
    /* the clock now against the clock of this side's last move (sh->result: that search's) */
    timelag_observe(&e->lag, limits, history_count, sh->result.time);
    timeman_plan(limits, men, start_men, &e->lag, &sh->plan);
    if (limits->infinite)
        sh->plan.timed = false;
    /* The kings-only tables are built on their first use (egdb.h), which took a search of a
     * bullet game 0.7-1.4 s on a busy machine, past its hard limit: under a clock the search
     * plays without them until a build on a thread of its own is done. */
    if (sh->params.egdb && !egdb_ready() && egdb_covers_game((int)pos->variant)) {
        if (sh->plan.timed) {
            egdb_init_background();
            sh->params.egdb = 0;
        } else {
            egdb_init();
        }
    }
    tt_new_search(&e->tt);
    memset(&sh->result, 0, sizeof sh->result);

    pthread_mutex_lock(&e->lock);
    atomic_store(&sh->stop, false);
    atomic_store(&sh->pondering, limits->ponder);
    sh->start = search_now();
    atomic_store(&sh->clock_start, sh->start);
    e->searching = true;
    e->running = e->nthreads;
    e->job++;
    pthread_cond_broadcast(&e->wake);
    pthread_mutex_unlock(&e->lock);
    if (SH_SINGLE_THREAD) { /* the search, here and now: engine_wait then returns at once */
        search_run(e->workers[0]);
        search_finished(e);
        e->running = 0;
        e->searching = false;
    }
    return SH_OK;
}

void engine_wait(Engine *e, EngineResult *result)
{
    pthread_mutex_lock(&e->lock);
    while (e->searching)
        pthread_cond_wait(&e->done, &e->lock);
    if (result)
        *result = e->shared.result;
    pthread_mutex_unlock(&e->lock);
}

bool engine_busy(Engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool busy = e->searching;
    pthread_mutex_unlock(&e->lock);
    return busy;
}

ShStatus engine_search(Engine *e, const ShPosition *pos, const ShPosition *history,
                       int history_count, const EngineLimits *limits, EngineInfoFn on_info,
                       void *user, EngineResult *result, ShError *err)
{
    ShStatus st = engine_start(e, pos, history, history_count, limits, on_info, user, err);
    if (st != SH_OK)
        return st;
    engine_wait(e, result);
    return SH_OK;
}

void engine_set_on_done(Engine *e, EngineDoneFn on_done, void *user)
{
    e->on_done = on_done;
    e->done_user = user;
}

void engine_stop(Engine *e)
{
    atomic_store(&e->shared.stop, true);
}

void engine_ponderhit(Engine *e)
{
    if (atomic_load(&e->shared.pondering)) {
        atomic_store(&e->shared.clock_start, search_now());
        atomic_store(&e->shared.pondering, false);
    }
}

void engine_time_state(Engine *e, EngineTimeState *state)
{
    pthread_mutex_lock(&e->lock);
    state->soft = e->shared.plan.timed ? e->shared.plan.soft : 0;
    state->hard = e->shared.plan.timed ? e->shared.plan.hard : 0;
    state->lag = e->lag.mean;
    state->stall = e->lag.stall;
    pthread_mutex_unlock(&e->lock);
}

bool engine_egdb_probe(Engine *e, const ShPosition *pos, EngineEgdbValue *value)
{
    return e->egdb && pos->variant == SH_VARIANT_RUSSIAN && dbsearch_verdict(e->egdb, pos, value);
}

int engine_evaluate(const ShPosition *pos)
{
    return eval_position(eval_default_weights_for((int)pos->variant), pos);
}
