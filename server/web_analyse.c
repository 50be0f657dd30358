/* web_analyse.c - analysis as server-sent events: an engine of its own per stream, its lines
 * as it deepens, the best move at the end; closing the stream stops the search. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine.h"
#include "stream.h"
#include "stream_wait.h"
#include "web_app.h"
#include "web_json.h"
#include "web_variant.h"

#define MAX_ANALYSES 4
#define EVENT_WAIT_SECONDS 15

#define ANALYSIS_QUEUE 64

typedef struct Analysis {
    struct Analysis *next; /* in WebGames.analysis_list */
    WebGames *games;
    Engine *engine;
    ShPosition root;
    pthread_mutex_t lock;
    pthread_cond_t ready;
    char *queue[ANALYSIS_QUEUE]; /* events waiting to be sent */
    int head, count;
    bool finished;
    int multipv;
    EngineInfo lines[ENGINE_MAX_MULTIPV];
    bool have[ENGINE_MAX_MULTIPV];
    char *pending;
    size_t pending_size, pending_at;
    struct timespec keepalive; /* when to send a keep-alive if no event comes before */
    StreamWaiter waiter;       /* parked on the analysis itself (analysis_push announces) */
} Analysis;

static json_t *score_json(int score, bool white_to_move)
{
    int plies = engine_score_plies(score);
    json_t *j = json_pack("{s:i}", "score", score);
    int white = white_to_move ? score : -score;
    if (engine_score_is_db(score)) { /* a win by the endgame databases: no count of plies */
        bool win = score > 0;
        json_object_set_new(j, "win", json_pack("{s:s,s:n,s:b}", "side",
                                                (win == white_to_move) ? "white" : "black",
                                                "plies", "database", true));
        json_object_set_new(j, "white_cp", json_null());
    } else if (plies) {
        bool win = engine_score_is_win(score);
        json_object_set_new(j, "win", json_pack("{s:s,s:i}", "side",
                                                (win == white_to_move) ? "white" : "black",
                                                "plies", plies));
        json_object_set_new(j, "white_cp", json_null());
    } else {
        json_object_set_new(j, "win", json_null());
        json_object_set_new(j, "white_cp", json_integer(white));
    }
    return j;
}

static json_t *pv_json(const ShPosition *root, const ShMove *pv, int n)
{
    json_t *list = json_array();
    ShPosition pos = *root;
    for (int i = 0; i < n; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &pv[i], SH_NOTATION_FULL, text, NULL) != SH_OK)
            break;
        json_array_append_new(list, json_string(text));
        ShPosition next;
        sh_position_play(&pos, &pv[i], &next);
        pos = next;
    }
    return list;
}

static void analysis_push(Analysis *a, const char *event, json_t *data)
{
    char *line = stream_event_text(event, data, JSON_COMPACT | JSON_ENSURE_ASCII);
    if (!line)
        return;
    pthread_mutex_lock(&a->lock);
    if (a->count == ANALYSIS_QUEUE) { /* the reader is slow: drop the oldest progress */
        free(a->queue[a->head]);
        a->head = (a->head + 1) % ANALYSIS_QUEUE;
        a->count--;
    }
    a->queue[(a->head + a->count) % ANALYSIS_QUEUE] = line;
    a->count++;
    pthread_cond_signal(&a->ready);
    stream_wait_announce(a);
    pthread_mutex_unlock(&a->lock);
}

static void analysis_info(const EngineInfo *info, void *user)
{
    Analysis *a = user;
    if (info->multipv < 1 || info->multipv > a->multipv)
        return;
    a->lines[info->multipv - 1] = *info;
    a->have[info->multipv - 1] = true;
    bool white = sh_position_side(&a->root) == SH_WHITE;
    json_t *lines = json_array();
    for (int i = 0; i < a->multipv; i++) {
        if (!a->have[i])
            continue;
        json_t *line = score_json(a->lines[i].score, white);
        json_object_set_new(line, "depth", json_integer(a->lines[i].depth));
        json_object_set_new(line, "pv", pv_json(&a->root, a->lines[i].pv, a->lines[i].pv_length));
        json_array_append_new(lines, line);
    }
    analysis_push(a, "info",
                  json_pack("{s:i,s:i,s:I,s:I,s:f,s:o}", "depth", info->depth, "seldepth",
                            info->seldepth, "nodes", (json_int_t)info->nodes, "nps",
                            (json_int_t)info->nps, "time", info->time, "lines", lines));
}

/* Stop every analysis search (lock held): their streams then say "done" and close. */
static void analysis_stop_all(WebGames *g)
{
    for (Analysis *a = g->analysis_list; a; a = a->next) {
        if (a->engine)
            engine_stop(a->engine);
    }
}

static long analysis_next(void *state, HttpWake *wake, char *buf, size_t max)
{
    Analysis *a = state;
    if (!a->pending) {
        pthread_mutex_lock(&a->lock);
        if (a->count == 0 && !a->finished) {
            /* parked until an event is pushed or it is time for a keep-alive */
            if (!stream_wait_passed(&a->keepalive)) {
                if (stream_wait_park(&a->waiter, a, wake, &a->keepalive)) {
                    pthread_mutex_unlock(&a->lock);
                    return HTTP_STREAM_PAUSED;
                }
                /* not parked (no clock thread): a wait, not a loop of keep-alives */
                stream_wait_second(&a->ready, &a->lock);
            }
            pthread_mutex_unlock(&a->lock);
            a->keepalive = stream_wait_after(EVENT_WAIT_SECONDS);
            return 0;
        }
        if (a->count == 0) {
            pthread_mutex_unlock(&a->lock);
            /* the search has ended: say so once, then close */
            if (!a->engine)
                return -1;
            EngineResult r;
            engine_wait(a->engine, &r);
            engine_free(a->engine);
            a->engine = NULL;
            json_t *done = json_object();
            if (r.has_move) {
                json_object_set_new(done, "best", wj_move(&a->root, &r.move));
                json_object_set_new(done, "pv", pv_json(&a->root, r.pv, r.pv_length));
            } else {
                json_object_set_new(done, "best", json_null());
            }
            analysis_push(a, "done", done);
            pthread_mutex_lock(&a->lock);
        }
        a->pending = a->queue[a->head];
        a->pending_size = strlen(a->pending);
        a->pending_at = 0;
        a->head = (a->head + 1) % ANALYSIS_QUEUE;
        a->count--;
        pthread_mutex_unlock(&a->lock);
    }
    size_t n = a->pending_size - a->pending_at;
    if (n > max)
        n = max;
    memcpy(buf, a->pending + a->pending_at, n);
    a->pending_at += n;
    if (a->pending_at == a->pending_size) {
        free(a->pending);
        a->pending = NULL;
    }
    return (long)n;
}

static void *analysis_watch(void *arg)
{
    Analysis *a = arg;
    engine_wait(a->engine, NULL);
    pthread_mutex_lock(&a->lock);
    a->finished = true;
    pthread_cond_signal(&a->ready);
    stream_wait_announce(a);
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

static void analysis_done(void *state)
{
    Analysis *a = state;
    if (a->engine) {
        engine_stop(a->engine);
        engine_wait(a->engine, NULL);
    }
    /* the watcher thread ends once the search has; wait for it through `finished` */
    pthread_mutex_lock(&a->lock);
    while (!a->finished)
        pthread_cond_wait(&a->ready, &a->lock);
    pthread_mutex_unlock(&a->lock);
    engine_free(a->engine);
    for (int i = 0; i < a->count; i++)
        free(a->queue[(a->head + i) % ANALYSIS_QUEUE]);
    free(a->pending);
    WebGames *g = a->games;
    pthread_mutex_lock(&g->lock);
    for (Analysis **p = &g->analysis_list; *p; p = &(*p)->next) {
        if (*p == a) {
            *p = a->next;
            break;
        }
    }
    g->streams--;
    live_announce(g, &g->changed);
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_destroy(&a->lock);
    pthread_cond_destroy(&a->ready);
    free(a);
}

static bool query_number(const HttpRequest *req, const char *name, double min, double max,
                         double *out, HttpResponse *res)
{
    const char *text = http_query(req, name);
    if (!text)
        return true;
    char *end;
    double v = strtod(text, &end);
    if (!*text || *end || v < min || v > max) {
        http_field_error(res, 400, name, 0, 0, "%s must be a number from %g to %g", name, min, max);
        return false;
    }
    *out = v;
    return true;
}

static void on_analyse(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ((WebApp *)ctx)->games;
    const char *fen = http_query(req, "fen");
    ShPosition root;
    ShError err;
    ShVariant variant;
    if (!web_variant_query(req, &variant, res))
        return;
    if (fen && *fen) {
        if (sh_fen_read_variant(fen, variant, &root, &err) != SH_OK) {
            http_field_error(res, 400, "fen", 0, err.column, "%s (a FEN of %s, in its squares)",
                             err.message, web_variant_name(variant));
            return;
        }
    } else {
        sh_position_start(&root, variant);
    }
    double multipv = 1, depth = 0, seconds = 0;
    if (!query_number(req, "multipv", 1, ENGINE_MAX_MULTIPV, &multipv, res) ||
        !query_number(req, "depth", 1, ENGINE_MAX_PLY - 1, &depth, res) ||
        !query_number(req, "time", 0.1, 3600, &seconds, res))
        return;
    pthread_mutex_lock(&g->lock);
    bool room = !g->stopping && g->streams < MAX_ANALYSES;
    if (room)
        g->streams++;
    pthread_mutex_unlock(&g->lock);
    if (!room) {
        http_error(res, 503, "too many analyses at once (at most %d): close one", MAX_ANALYSES);
        return;
    }
    Analysis *a = calloc(1, sizeof *a);
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = LIVE_ENGINE_HASH_MB;
    if (a)
        a->engine = engine_create(&options, &err);
    if (a && a->engine && g->egdb[0])
        engine_set_param(a->engine, "egdb-path", g->egdb, NULL);
    if (!a || !a->engine) {
        free(a);
        pthread_mutex_lock(&g->lock);
        g->streams--;
        pthread_mutex_unlock(&g->lock);
        http_error(res, 500, "the engine could not be started");
        return;
    }
    a->keepalive = stream_wait_after(EVENT_WAIT_SECONDS);
    a->games = g;
    a->root = root;
    a->multipv = (int)multipv;
    pthread_mutex_init(&a->lock, NULL);
    pthread_cond_init(&a->ready, NULL);
    pthread_mutex_lock(&g->lock);
    a->next = g->analysis_list;
    g->analysis_list = a;
    pthread_mutex_unlock(&g->lock);
    EngineLimits limits;
    engine_limits_default(&limits);
    limits.multipv = a->multipv;
    limits.depth = (int)depth;
    limits.move_time = seconds;
    limits.infinite = depth == 0 && seconds == 0;
    if (sh_position_result(&root, NULL) != SH_RESULT_NONE) {
        a->finished = true;
        analysis_push(a, "done", json_pack("{s:o,s:s}", "best", json_null(), "over",
                                           "the game is over in this position"));
    } else if (engine_start(a->engine, &root, NULL, 0, &limits, analysis_info, a, &err) != SH_OK) {
        a->finished = true;
        analysis_push(a, "error", json_pack("{s:s}", "message", err.message));
    } else {
        pthread_t watcher;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&watcher, &attr, analysis_watch, a) != 0) {
            engine_stop(a->engine);
            engine_wait(a->engine, NULL);
            a->finished = true;
        }
        pthread_attr_destroy(&attr);
    }
    res->has_stream = true;
    res->stream = (HttpStream){analysis_next, analysis_done, a};
}

void web_analyse_attach(WebGames *games)
{
    games->stop_streams = analysis_stop_all;
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/analyse", on_analyse},
};

WEB_ROUTES(WEB_ANALYSE_ROUTES, ROUTES);
