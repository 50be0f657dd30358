/* web_games.c - games, engine play, clocks, archive and analysis for the web app
 * (see web_games.h for the design, docs/web-api.md for the API). */
#include "web_games.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "engine.h"
#include "web_json.h"

#define ENGINE_POOL 2
#define ENGINE_HASH_MB 32
#define MAX_ANALYSES 4
#define MAX_CACHED_FINISHED 64
#define EVENT_WAIT_SECONDS 15

typedef struct Live {
    long id;
    StoredGame row;
    ShGame *game;
    unsigned version;   /* bumped on every change */
    bool thinking;      /* the engine is choosing a move for this game */
    bool cancel;        /* the running search's move is no longer wanted */
    Engine *engine;     /* the engine searching for this game, while it does */
    struct Live *next;
} Live;

struct WebGames {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game changed, an engine came free, a worker ended */
    Store *store;
    Live *live;
    Engine *pool[ENGINE_POOL];
    bool pool_busy[ENGINE_POOL];
    int workers;   /* engine threads still running */
    int analyses;  /* analysis streams open */
    struct Analysis *analysis_list;
    bool stopping;
    pthread_t ticker;
    uint64_t seed;
    char egdb[4096]; /* the engines' endgame databases ("": none) */
};

/* ---- small helpers ---- */

static const char *color_name(int color)
{
    return color == SH_WHITE ? "white" : "black";
}

static int color_parse(const char *text)
{
    if (!text)
        return -1;
    if (strcmp(text, "white") == 0)
        return SH_WHITE;
    if (strcmp(text, "black") == 0)
        return SH_BLACK;
    return -1;
}

static bool parse_id(const HttpRequest *req, long *id, HttpResponse *res)
{
    char *end;
    errno = 0;
    long v = req->nparams > 0 ? strtol(req->params[0], &end, 10) : 0;
    if (req->nparams == 0 || *end || errno || v <= 0) {
        http_error(res, 404, "no game '%s'", req->nparams ? req->params[0] : "");
        return false;
    }
    *id = v;
    return true;
}

static int engine_color(const Live *l)
{
    return color_parse(l->row.engine_color);
}

static bool is_playing(const Live *l)
{
    return sh_game_result(l->game, NULL) == SH_RESULT_NONE;
}

/* ---- the row mirrors the game ---- */

static void row_sync(Live *l)
{
    ShReason reason;
    ShResult result = sh_game_result(l->game, &reason);
    snprintf(l->row.status, sizeof l->row.status, "%s", result == SH_RESULT_NONE ? "playing" : "finished");
    snprintf(l->row.result, sizeof l->row.result, "%s", sh_result_pdn(result, false));
    snprintf(l->row.reason, sizeof l->row.reason, "%s",
             result == SH_RESULT_NONE ? "" : sh_reason_name(reason));
    int offer = sh_game_draw_offer(l->game);
    snprintf(l->row.draw_offer, sizeof l->row.draw_offer, "%s", offer < 0 ? "" : color_name(offer));
    const ShClock *clock = sh_game_clock_const(l->game);
    l->row.clock_white = clock ? (double)sh_clock_remaining(clock, SH_WHITE) / 1000.0 : -1;
    l->row.clock_black = clock ? (double)sh_clock_remaining(clock, SH_BLACK) / 1000.0 : -1;
    l->row.moves = sh_game_ply_count(l->game) - sh_game_opening_plies(l->game);
}

/* Save the last move (the game has just grown by one ply). */
static bool save_move(WebGames *g, Live *l)
{
    row_sync(l);
    int ply = sh_game_ply_count(l->game);
    StoredMove m = {.clock_white = l->row.clock_white, .clock_black = l->row.clock_black};
    if (sh_move_write(sh_game_position_at(l->game, ply - 1), sh_game_move_at(l->game, ply - 1),
                      SH_NOTATION_FULL, m.text, NULL) != SH_OK)
        return false;
    return store_add_move(g->store, &l->row, l->row.moves, &m);
}

static void changed(WebGames *g, Live *l)
{
    l->version++;
    pthread_cond_broadcast(&g->changed);
}

/* ---- JSON ---- */

static json_t *clock_json(const ShGame *game)
{
    const ShClock *clock = sh_game_clock_const(game);
    if (!clock)
        return json_null();
    return json_pack("{s:f,s:f,s:o}", "white", (double)sh_clock_remaining(clock, SH_WHITE) / 1000.0,
                     "black", (double)sh_clock_remaining(clock, SH_BLACK) / 1000.0, "running",
                     clock->running < 0 || clock->paused ? json_null()
                                                         : json_string(color_name(clock->running)));
}

static json_t *game_json(const Live *l)
{
    const ShGame *game = l->game;
    json_t *moves = json_array();
    int plies = sh_game_ply_count(game);
    for (int i = 0; i < plies; i++) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(sh_game_position_at(game, i + 1), false, fen);
        json_array_append_new(moves, json_pack("{s:i,s:o,s:s,s:b}", "ply", i + 1, "move",
                                               wj_move(sh_game_position_at(game, i),
                                                       sh_game_move_at(game, i)),
                                               "fen", fen, "opening",
                                               i < sh_game_opening_plies(game)));
    }
    char reason[256] = "";
    ShResult result = sh_game_result(game, NULL);
    if (result != SH_RESULT_NONE)
        sh_game_result_text(game, reason, sizeof reason);
    char start[SH_FEN_SIZE];
    sh_fen_write(sh_game_start(game), false, start);
    int offer = sh_game_draw_offer(game);
    int ec = engine_color(l);
    ShReason why = SH_REASON_NONE;
    sh_game_result(game, &why);
    json_t *j = json_pack(
        "{s:I,s:s,s:s,s:s,s:i,s:o,s:o,s:s,s:o,s:o,s:o,s:o,s:s,s:s,s:o,s:o,s:b,s:i,s:b,s:s,s:s}",
        "id", (json_int_t)l->id, "white", l->row.white, "black", l->row.black, "opponent",
        l->row.opponent, "level", l->row.level, "engine_color",
        ec < 0 ? json_null() : json_string(color_name(ec)), "time",
        l->row.time_control[0] ? json_string(l->row.time_control) : json_null(), "start_fen",
        start, "opening", l->row.opening[0] ? json_string(l->row.opening) : json_null(),
        "position", wj_position(sh_game_position(game)), "moves", moves, "clock",
        clock_json(game), "status", result == SH_RESULT_NONE ? "playing" : "finished", "result",
        sh_result_pdn(result, false), "reason", reason[0] ? json_string(reason) : json_null(),
        "draw_offer", offer < 0 ? json_null() : json_string(color_name(offer)), "thinking",
        l->thinking, "repetitions", sh_game_repetitions(game), "may_claim",
        sh_game_may_claim(game, NULL), "created", l->row.created,
        "updated", l->row.updated);
    json_object_set_new(j, "version", json_integer(l->version));
    json_object_set_new(j, "reason_code", result == SH_RESULT_NONE ? json_null()
                                                                   : json_string(sh_reason_name(why)));
    return j;
}

static json_t *summary_json(const StoredGame *r)
{
    char reason[256] = "";
    ShReason rs;
    ShResult result;
    if (sh_reason_find(r->reason, &rs) && sh_result_parse(r->result, &result))
        sh_result_describe(result, rs, reason, sizeof reason);
    json_t *j = json_pack("{s:I,s:s,s:s,s:s,s:o,s:s,s:i,s:s,s:s,s:o,s:s,s:i}", "id", (json_int_t)r->id,
                     "white", r->white, "black", r->black, "result", r->result, "reason",
                     reason[0] ? json_string(reason) : json_null(), "status", r->status, "moves",
                     r->moves, "created", r->created, "updated", r->updated, "opening",
                     r->opening[0] ? json_string(r->opening) : json_null(), "opponent",
                     r->opponent, "level", r->level);
    json_object_set_new(j, "reason_code", r->reason[0] ? json_string(r->reason) : json_null());
    return j;
}

/* ---- bringing games into memory ---- */

static void live_free(Live *l)
{
    if (!l)
        return;
    sh_game_free(l->game);
    free(l);
}

/* Rebuild a stored game by replaying its moves; NULL if it cannot be. */
static Live *live_rebuild(const StoredGame *row, const StoredMove *moves, int count, char *why,
                          size_t whysize)
{
    ShError err;
    ShGame *game = NULL;
    ShGameOptions options = {.repetition = SH_REPETITION_CLAIMED, .replay = false};
    ShStatus st = row->opening[0] ? sh_game_new_opening(&game, row->opening, &options, &err)
                                  : sh_game_new_fen(&game, row->start_fen, &options, &err);
    if (st != SH_OK) {
        snprintf(why, whysize, "%.200s", err.message);
        return NULL;
    }
    sh_game_set_tag(game, "White", row->white, NULL);
    sh_game_set_tag(game, "Black", row->black, NULL);
    sh_game_set_tag(game, "Event", "Shashki", NULL);
    sh_game_set_tag(game, "Site", "Shashki web app", NULL);
    if (row->time_control[0])
        sh_game_set_tag(game, "TimeControl", row->time_control, NULL);
    char date[16];
    snprintf(date, sizeof date, "%.4s.%.2s.%.2s", row->created, row->created + 5, row->created + 8);
    sh_game_set_tag(game, "Date", date, NULL);
    for (int i = 0; i < count; i++) {
        if (sh_game_play_text(game, moves[i].text, NULL, &err) != SH_OK) {
            snprintf(why, whysize, "move %d (%s): %.160s", i + 1, moves[i].text, err.message);
            sh_game_free(game);
            return NULL;
        }
    }
    ShResult result;
    ShReason reason;
    if (strcmp(row->status, "finished") == 0 && sh_game_result(game, NULL) == SH_RESULT_NONE &&
        sh_result_parse(row->result, &result) && result != SH_RESULT_NONE) {
        if (!sh_reason_find(row->reason, &reason))
            reason = SH_REASON_RECORDED;
        sh_game_end(game, result, reason, NULL);
    }
    if (row->time_control[0]) {
        ShTimeControl control;
        if (sh_timecontrol_parse(row->time_control, &control, NULL) == SH_OK &&
            sh_game_set_clock(game, &control, sh_time_monotonic(), NULL) == SH_OK) {
            ShClock *clock = sh_game_clock(game);
            if (row->clock_white >= 0)
                sh_clock_set_remaining(clock, SH_WHITE, (int64_t)(row->clock_white * 1000.0));
            if (row->clock_black >= 0)
                sh_clock_set_remaining(clock, SH_BLACK, (int64_t)(row->clock_black * 1000.0));
            if (sh_game_result(game, NULL) == SH_RESULT_NONE)
                sh_game_start_clock(game);
        }
    }
    Live *l = calloc(1, sizeof *l);
    if (!l) {
        sh_game_free(game);
        snprintf(why, whysize, "out of memory");
        return NULL;
    }
    l->id = row->id;
    l->row = *row;
    l->game = game;
    return l;
}

static void evict_finished(WebGames *g)
{
    int finished = 0;
    for (Live *l = g->live; l; l = l->next)
        finished += !is_playing(l) && !l->thinking;
    for (Live **p = &g->live; *p && finished > MAX_CACHED_FINISHED;) {
        Live *l = *p;
        if (!is_playing(l) && !l->thinking) {
            *p = l->next;
            live_free(l);
            finished--;
        } else {
            p = &l->next;
        }
    }
}

/* The game with this id, from memory or the store (lock held); NULL if there is none. */
static Live *live_get(WebGames *g, long id)
{
    for (Live *l = g->live; l; l = l->next)
        if (l->id == id)
            return l;
    StoredGame row;
    StoredMove *moves;
    int count;
    if (!store_load(g->store, id, &row, &moves, &count))
        return NULL;
    char why[256];
    Live *l = live_rebuild(&row, moves, count, why, sizeof why);
    free(moves);
    if (!l) {
        fprintf(stderr, "shashki: game %ld cannot be replayed: %s\n", id, why);
        return NULL;
    }
    l->next = g->live;
    g->live = l;
    evict_finished(g);
    return l;
}

/* ---- the engine's moves ---- */

typedef struct EngineJob {
    WebGames *games;
    long id;
    int ply;
    int level;
    ShPosition position;
    ShPosition *history;
    int history_count;
    EngineLimits limits;
} EngineJob;

static Engine *pool_take(WebGames *g)
{
    for (;;) {
        if (g->stopping)
            return NULL;
        for (int i = 0; i < ENGINE_POOL; i++) {
            if (!g->pool_busy[i]) {
                if (!g->pool[i]) {
                    EngineOptions options;
                    engine_options_default(&options);
                    options.hash_mb = ENGINE_HASH_MB;
                    g->pool[i] = engine_create(&options, NULL);
                    if (!g->pool[i])
                        return NULL;
                    if (g->egdb[0])
                        engine_set_param(g->pool[i], "egdb-path", g->egdb, NULL);
                }
                g->pool_busy[i] = true;
                return g->pool[i];
            }
        }
        pthread_cond_wait(&g->changed, &g->lock);
    }
}

static void pool_give(WebGames *g, Engine *e)
{
    for (int i = 0; i < ENGINE_POOL; i++)
        if (g->pool[i] == e)
            g->pool_busy[i] = false;
    pthread_cond_broadcast(&g->changed);
}

/* Play the engine's chosen move (lock held), answering a pending draw offer first and
 * claiming a repetition when the engine does not expect to win. */
static void engine_answer(WebGames *g, Live *l, const EngineResult *r)
{
    int me = engine_color(l);
    if (!r->has_move || !is_playing(l))
        return;
    if (sh_game_draw_offer(l->game) == (me ^ 1) && r->score <= 0) {
        if (sh_game_accept_draw(l->game, (ShColor)me, NULL) == SH_OK) {
            row_sync(l);
            store_update(g->store, &l->row);
            return;
        }
    }
    int before = sh_game_ply_count(l->game);
    if (r->score <= 0 && sh_game_repetitions(l->game) >= 3) {
        bool granted = false;
        if (sh_game_claim_draw(l->game, NULL, &granted, NULL) == SH_OK && granted) {
            row_sync(l);
            store_update(g->store, &l->row);
            return;
        }
    }
    ShStatus st;
    if (r->score <= 0) {
        bool granted = false;
        st = sh_game_claim_draw(l->game, &r->move, &granted, NULL);
    } else {
        st = sh_game_play(l->game, &r->move, NULL);
    }
    if (st == SH_OK && sh_game_ply_count(l->game) == before + 1)
        save_move(g, l);
    else {
        row_sync(l);
        store_update(g->store, &l->row);
    }
}

static void *engine_worker(void *arg)
{
    EngineJob *job = arg;
    WebGames *g = job->games;
    pthread_mutex_lock(&g->lock);
    Engine *e = pool_take(g);
    Live *l = live_get(g, job->id);
    bool wanted = e && l && !l->cancel && sh_game_ply_count(l->game) == job->ply && is_playing(l);
    if (wanted)
        l->engine = e;
    pthread_mutex_unlock(&g->lock);

    EngineResult result;
    memset(&result, 0, sizeof result);
    if (wanted) {
        EngineOptions options;
        engine_get_options(e, &options);
        options.level = job->level;
        options.seed = (uint64_t)job->id * 1000003u + (uint64_t)job->ply;
        engine_configure(e, &options, NULL);
        if (job->ply <= 1)
            engine_clear(e);
        if (engine_search(e, &job->position, job->history, job->history_count, &job->limits, NULL,
                          NULL, &result, NULL) != SH_OK)
            result.has_move = false;
    }

    pthread_mutex_lock(&g->lock);
    if (e)
        pool_give(g, e);
    l = live_get(g, job->id);
    if (l && l->engine == e) {
        if (wanted && !l->cancel && sh_game_ply_count(l->game) == job->ply)
            engine_answer(g, l, &result);
        l->engine = NULL;
        l->thinking = false;
        l->cancel = false;
        changed(g, l);
    } else if (l && !wanted && sh_game_ply_count(l->game) == job->ply) {
        l->thinking = false;
        changed(g, l);
    }
    g->workers--;
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
    free(job->history);
    free(job);
    return NULL;
}

/* If it is the engine's turn, start it thinking (lock held). */
static void engine_maybe_move(WebGames *g, Live *l)
{
    int me = engine_color(l);
    if (me < 0 || l->thinking || !is_playing(l) || g->stopping ||
        (int)sh_position_side(sh_game_position(l->game)) != me)
        return;
    EngineJob *job = calloc(1, sizeof *job);
    if (!job)
        return;
    int plies = sh_game_ply_count(l->game);
    job->games = g;
    job->id = l->id;
    job->ply = plies;
    job->level = l->row.level;
    job->position = *sh_game_position(l->game);
    job->history = malloc(sizeof(ShPosition) * (size_t)(plies + 1));
    job->history_count = plies;
    for (int i = 0; job->history && i < plies; i++)
        job->history[i] = *sh_game_position_at(l->game, i);
    engine_limits_default(&job->limits);
    const ShClock *clock = sh_game_clock_const(l->game);
    if (clock) {
        job->limits.time_left = (double)sh_clock_remaining(clock, (ShColor)me) / 1000.0;
        job->limits.increment = (double)(clock->control.increment_ms + clock->control.delay_ms) / 1000.0;
        job->limits.moves_to_go = sh_clock_moves_to_go(clock, (ShColor)me);
    } else {
        job->limits.move_time = l->row.level >= 10 ? 2.0 : 1.0;
    }
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (!job->history || pthread_create(&thread, &attr, engine_worker, job) != 0) {
        free(job->history);
        free(job);
    } else {
        l->thinking = true;
        l->cancel = false;
        g->workers++;
    }
    pthread_attr_destroy(&attr);
}

/* Stop the engine thinking for this game (lock held); its move will not be played. */
static void engine_cancel(Live *l)
{
    if (!l->thinking)
        return;
    l->cancel = true;
    if (l->engine)
        engine_stop(l->engine);
}

/* A change that adds no move (an offer, a resignation, a fallen flag): saved with the game's
 * row, announced to the streams, and answered when there is a request (lock held). */
static void reply_game(HttpResponse *res, int status, const Live *l);

static void settle(WebGames *g, Live *l, HttpResponse *res)
{
    row_sync(l);
    if (!is_playing(l))
        engine_cancel(l);
    store_update(g->store, &l->row);
    changed(g, l);
    if (res)
        reply_game(res, 200, l);
}

/* ---- the clock thread: flags fall even when nobody asks ---- */

static void *ticker(void *arg)
{
    WebGames *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        for (Live *l = g->live; l; l = l->next) {
            if (!is_playing(l) || !sh_game_clock_const(l->game))
                continue;
            if (sh_game_update(l->game) != SH_RESULT_NONE)
                settle(g, l, NULL);
        }
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&g->changed, &g->lock, &until);
    }
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

WebGames *web_games_open(Store *store, const char *egdb_dir, char *err, size_t errsize)
{
    WebGames *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    snprintf(g->egdb, sizeof g->egdb, "%s", egdb_dir ? egdb_dir : "");
    g->store = store;
    g->seed = (uint64_t)time(NULL);
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->changed, NULL);
    long ids[1024];
    int n = store_playing(store, ids, 1024);
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < n; i++) {
        Live *l = live_get(g, ids[i]);
        if (l)
            engine_maybe_move(g, l);
    }
    pthread_mutex_unlock(&g->lock);
    if (pthread_create(&g->ticker, NULL, ticker, g) != 0) {
        snprintf(err, errsize, "cannot start the clock thread");
        web_games_close(g);
        return NULL;
    }
    return g;
}

static void analysis_stop_all(WebGames *g);

void web_games_shutdown(WebGames *g)
{
    pthread_mutex_lock(&g->lock);
    g->stopping = true;
    for (Live *l = g->live; l; l = l->next)
        engine_cancel(l);
    analysis_stop_all(g);
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
}

void web_games_close(WebGames *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->stopping = true;
    for (Live *l = g->live; l; l = l->next)
        engine_cancel(l);
    pthread_cond_broadcast(&g->changed);
    while (g->workers > 0 || g->analyses > 0)
        pthread_cond_wait(&g->changed, &g->lock);
    pthread_mutex_unlock(&g->lock);
    if (g->ticker)
        pthread_join(g->ticker, NULL);
    for (int i = 0; i < ENGINE_POOL; i++)
        engine_free(g->pool[i]);
    while (g->live) {
        Live *next = g->live->next;
        live_free(g->live);
        g->live = next;
    }
    pthread_cond_destroy(&g->changed);
    pthread_mutex_destroy(&g->lock);
    free(g);
}

/* ---- handlers ---- */

static void reply_game(HttpResponse *res, int status, const Live *l)
{
    http_json(res, status, game_json(l));
}

void web_games_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *opponent = "engine", *color = "white", *time_text = NULL, *fen = NULL,
               *opening = NULL, *white = NULL, *black = NULL;
    long level = 5;
    if (!http_get_string(body, "opponent", &opponent, res) ||
        !http_get_string(body, "color", &color, res) ||
        !http_get_string(body, "time", &time_text, res) ||
        !http_get_string(body, "fen", &fen, res) ||
        !http_get_string(body, "opening", &opening, res) ||
        !http_get_string(body, "white", &white, res) ||
        !http_get_string(body, "black", &black, res) ||
        !http_get_int(body, "level", 1, ENGINE_LEVEL_MAX, &level, res))
        goto done;
    if (strcmp(opponent, "engine") && strcmp(opponent, "human")) {
        http_field_error(res, 400, "opponent", 0, 0, "opponent must be engine or human");
        goto done;
    }
    bool vs_engine = strcmp(opponent, "engine") == 0;
    int person = color_parse(color);
    if (person < 0 && strcmp(color, "random") == 0)
        person = (int)((uint64_t)time(NULL) ^ g->seed++) & 1;
    if (person < 0) {
        http_field_error(res, 400, "color", 0, 0, "color must be white, black or random");
        goto done;
    }
    if (fen && *fen && opening && *opening) {
        http_field_error(res, 400, "opening", 0, 0, "give a starting FEN or an opening, not both");
        goto done;
    }
    ShTimeControl control = {0};
    ShError err;
    if (time_text && *time_text && sh_timecontrol_parse(time_text, &control, &err) != SH_OK) {
        http_field_error(res, 400, "time", 0, err.column, "%s", err.message);
        goto done;
    }
    ShGame *game = NULL;
    ShGameOptions options = {.repetition = SH_REPETITION_CLAIMED, .replay = false};
    ShStatus st;
    const char *field = "fen";
    if (opening && *opening) {
        field = "opening";
        st = sh_game_new_opening(&game, opening, &options, &err);
    } else {
        st = sh_game_new_fen(&game, fen && *fen ? fen : "start", &options, &err);
    }
    if (st != SH_OK) {
        http_field_error(res, 400, field, 0, err.column, "%s", err.message);
        goto done;
    }
    if (sh_moves_count(sh_game_position(game)) == 0) {
        sh_game_free(game);
        http_field_error(res, 400, field, 0, 0, "the side to move has no move in that position");
        goto done;
    }
    Live *l = calloc(1, sizeof *l);
    if (!l) {
        sh_game_free(game);
        http_error(res, 500, "out of memory");
        goto done;
    }
    l->game = game;
    StoredGame *row = &l->row;
    char engine_name[64];
    snprintf(engine_name, sizeof engine_name, "Shashki (level %ld)", level);
    const char *white_name = white && *white ? white : (vs_engine && person == SH_BLACK ? engine_name : "White");
    const char *black_name = black && *black ? black : (vs_engine && person == SH_WHITE ? engine_name : "Black");
    snprintf(row->white, sizeof row->white, "%s", white_name);
    snprintf(row->black, sizeof row->black, "%s", black_name);
    snprintf(row->opponent, sizeof row->opponent, "%s", opponent);
    row->level = vs_engine ? (int)level : 0;
    snprintf(row->engine_color, sizeof row->engine_color, "%s", vs_engine ? color_name(person ^ 1) : "");
    if (control.count)
        sh_timecontrol_write(&control, row->time_control);
    sh_fen_write(sh_game_start(game), false, row->start_fen);
    if (opening && *opening) {
        const char *tag = sh_game_tag(game, "Opening");
        snprintf(row->opening, sizeof row->opening, "%s", tag ? tag : opening);
    }
    sh_game_set_tag(game, "White", row->white, NULL);
    sh_game_set_tag(game, "Black", row->black, NULL);
    sh_game_set_tag(game, "Event", "Shashki", NULL);
    sh_game_set_tag(game, "Site", "Shashki web app", NULL);
    if (control.count)
        sh_game_set_tag(game, "TimeControl", row->time_control, NULL);
    if (control.count) {
        sh_game_set_clock(game, &control, sh_time_monotonic(), NULL);
        sh_game_start_clock(game);
    }
    row_sync(l);
    pthread_mutex_lock(&g->lock);
    if (!store_create(g->store, row)) {
        pthread_mutex_unlock(&g->lock);
        live_free(l);
        http_error(res, 500, "the game could not be saved");
        goto done;
    }
    l->id = row->id;
    char date[16];
    snprintf(date, sizeof date, "%.4s.%.2s.%.2s", row->created, row->created + 5, row->created + 8);
    sh_game_set_tag(game, "Date", date, NULL);
    l->next = g->live;
    g->live = l;
    engine_maybe_move(g, l);
    reply_game(res, 201, l);
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
}

void web_games_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    const char *q = http_query(req, "q"), *result = http_query(req, "result"),
               *status = http_query(req, "status"), *limit_text = http_query(req, "limit"),
               *offset_text = http_query(req, "offset");
    long limit = 50, offset = 0;
    char *end;
    if (limit_text) {
        limit = strtol(limit_text, &end, 10);
        if (*end || limit < 1 || limit > 500) {
            http_field_error(res, 400, "limit", 0, 0, "limit must be a number from 1 to 500");
            return;
        }
    }
    if (offset_text) {
        offset = strtol(offset_text, &end, 10);
        if (*end || offset < 0 || offset > 1000000000) {
            http_field_error(res, 400, "offset", 0, 0, "offset must be a number from 0");
            return;
        }
    }
    ShResult parsed;
    if (result && *result && !sh_result_parse(result, &parsed)) {
        http_field_error(res, 400, "result", 0, 0, "result must be 1-0, 0-1, 1/2-1/2 or *");
        return;
    }
    if (status && *status && strcmp(status, "playing") && strcmp(status, "finished")) {
        http_field_error(res, 400, "status", 0, 0, "status must be playing or finished");
        return;
    }
    if (q && strlen(q) > 100) {
        http_field_error(res, 400, "q", 0, 0, "the search text is too long");
        return;
    }
    StoredGame *rows = calloc((size_t)limit, sizeof *rows);
    if (!rows) {
        http_error(res, 500, "out of memory");
        return;
    }
    int total = 0;
    const char *result_text = result && *result ? sh_result_pdn(parsed, false) : NULL;
    int n = store_list(g->store, q, result_text, status, (int)offset, (int)limit, rows, &total);
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(list, summary_json(&rows[i]));
    free(rows);
    http_json(res, 200, json_pack("{s:o,s:i}", "games", list, "total", total));
}

/* Find the game for a handler (lock taken); NULL with a 404 (lock released) if none. */
static Live *game_for(WebGames *g, const HttpRequest *req, HttpResponse *res)
{
    long id;
    if (!parse_id(req, &id, res))
        return NULL;
    pthread_mutex_lock(&g->lock);
    Live *l = live_get(g, id);
    if (!l) {
        pthread_mutex_unlock(&g->lock);
        http_error(res, 404, "no game %ld", id);
    }
    return l;
}

void web_games_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    Live *l = game_for(g, req, res);
    if (!l)
        return;
    reply_game(res, 200, l);
    pthread_mutex_unlock(&g->lock);
}

void web_games_move(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL;
    long ply = -1;
    bool offer = false;
    if (!http_get_string(body, "move", &text, res) ||
        !http_get_int(body, "ply", 0, 100000, &ply, res) ||
        !http_get_bool(body, "offer_draw", &offer, res)) {
        json_decref(body);
        return;
    }
    if (!text) {
        json_decref(body);
        http_field_error(res, 400, "move", 0, 0, "the request needs a move, such as \"c3-d4\"");
        return;
    }
    Live *l = game_for(g, req, res);
    if (!l) {
        json_decref(body);
        return;
    }
    ShError err;
    int side = (int)sh_position_side(sh_game_position(l->game));
    if (!is_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if (ply >= 0 && ply != sh_game_ply_count(l->game)) {
        http_error(res, 409, "the game has %d moves, not %ld: reload it", sh_game_ply_count(l->game), ply);
    } else if (side == engine_color(l)) {
        http_error(res, 409, "it is the engine's turn");
    } else if (sh_game_play_text(l->game, text, NULL, &err) != SH_OK) {
        http_field_error(res, err.code == SH_ERR_SYNTAX ? 400 : 422, "move", 0, err.column, "%s",
                         err.message);
    } else if ((offer && is_playing(l) && sh_game_offer_draw(l->game, (ShColor)side, NULL) != SH_OK) ||
               !save_move(g, l)) {
        sh_game_undo(l->game, NULL);
        row_sync(l);
        http_error(res, 500, "the move could not be saved");
    } else {
        if (!is_playing(l))
            store_update(g->store, &l->row);
        engine_maybe_move(g, l);
        changed(g, l);
        reply_game(res, 200, l);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
}

void web_games_undo(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    Live *l = game_for(g, req, res);
    if (!l)
        return;
    int me = engine_color(l);
    int floor = sh_game_opening_plies(l->game);
    int plies = sh_game_ply_count(l->game);
    /* against the engine: back to the person's last turn; between people: one move */
    int target = plies - 1;
    if (me >= 0) {
        target = plies;
        do
            target--;
        while (target > floor && (int)sh_position_side(sh_game_position_at(l->game, target)) == me);
        if ((int)sh_position_side(sh_game_position_at(l->game, target)) == me)
            target = -1;
    }
    if (plies <= floor || target < floor) {
        http_error(res, 409, "there is no move to take back");
        pthread_mutex_unlock(&g->lock);
        return;
    }
    engine_cancel(l);
    bool ok = true;
    while (ok && sh_game_ply_count(l->game) > target)
        ok = sh_game_undo(l->game, NULL) == SH_OK;
    row_sync(l);
    if (!store_truncate(g->store, &l->row, l->row.moves))
        ok = false;
    changed(g, l);
    if (ok)
        reply_game(res, 200, l);
    else
        http_error(res, 500, "the move could not be taken back");
    pthread_mutex_unlock(&g->lock);
}

/* Which side a request speaks for: "color" if given, else the person against the engine. */
static int request_color(json_t *body, const Live *l, HttpResponse *res)
{
    const char *color = NULL;
    if (!http_get_string(body, "color", &color, res))
        return -2;
    if (color) {
        int c = color_parse(color);
        if (c < 0)
            http_field_error(res, 400, "color", 0, 0, "color must be white or black");
        else if (c == engine_color(l))
            http_field_error(res, 409, "color", 0, 0, "%s is played by the engine", color);
        return c < 0 || c == engine_color(l) ? -2 : c;
    }
    if (engine_color(l) >= 0)
        return engine_color(l) ^ 1;
    http_field_error(res, 400, "color", 0, 0, "say which side: color white or black");
    return -2;
}

/* A side's action on the game (resign, offer, accept or decline a draw): the game's lock is
 * taken and released here, and the body freed. */
typedef ShStatus (*SideAction)(ShGame *game, ShColor who, ShError *err);

static void side_action(WebGames *g, const HttpRequest *req, HttpResponse *res, json_t *body,
                        SideAction act)
{
    Live *l = game_for(g, req, res);
    if (l) {
        int who = request_color(body, l, res);
        ShError err;
        if (who >= 0) {
            if (act(l->game, (ShColor)who, &err) != SH_OK)
                http_error(res, 409, "%s", err.message);
            else
                settle(g, l, res);
        }
        pthread_mutex_unlock(&g->lock);
    }
    json_decref(body);
}

void web_games_draw(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *action = NULL;
    if (!http_get_string(body, "action", &action, res)) {
        json_decref(body);
        return;
    }
    if (!action || (strcmp(action, "offer") && strcmp(action, "accept") && strcmp(action, "decline"))) {
        json_decref(body);
        http_field_error(res, 400, "action", 0, 0, "action must be offer, accept or decline");
        return;
    }
    side_action(g, req, res, body,
                action[0] == 'o'   ? sh_game_offer_draw
                : action[0] == 'a' ? sh_game_accept_draw
                                   : sh_game_decline_draw);
}

void web_games_claim(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL;
    if (!http_get_string(body, "move", &text, res)) {
        json_decref(body);
        return;
    }
    Live *l = game_for(g, req, res);
    if (!l) {
        json_decref(body);
        return;
    }
    ShError err;
    ShMove move;
    bool granted = false;
    int before = sh_game_ply_count(l->game);
    if (!is_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if ((int)sh_position_side(sh_game_position(l->game)) == engine_color(l)) {
        http_error(res, 409, "only the side to move may claim, and it is the engine's turn");
    } else if (text && sh_move_parse(sh_game_position(l->game), text, &move, &err) != SH_OK) {
        http_field_error(res, 422, "move", 0, err.column, "%s", err.message);
    } else if (sh_game_claim_draw(l->game, text ? &move : NULL, &granted, &err) != SH_OK) {
        http_error(res, 409, "%s", err.message);
    } else {
        if (sh_game_ply_count(l->game) == before + 1)
            save_move(g, l);
        row_sync(l);
        store_update(g->store, &l->row);
        engine_maybe_move(g, l);
        changed(g, l);
        json_t *j = game_json(l);
        json_object_set_new(j, "granted", json_boolean(granted));
        http_json(res, 200, j);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
}

void web_games_resign(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    side_action(g, req, res, body, sh_game_resign);
}

void web_games_pdn(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    Live *l = game_for(g, req, res);
    if (!l)
        return;
    char *text = NULL;
    if (sh_pdn_write(l->game, SH_NOTATION_SHORT, &text, NULL, NULL) != SH_OK) {
        http_error(res, 500, "the game could not be written as PDN");
    } else {
        http_text(res, 200, "application/x-pdn; charset=utf-8", text);
        free(text);
    }
    pthread_mutex_unlock(&g->lock);
}

void web_games_delete(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    long id;
    if (!parse_id(req, &id, res))
        return;
    pthread_mutex_lock(&g->lock);
    for (Live **p = &g->live; *p; p = &(*p)->next) {
        if ((*p)->id == id) {
            Live *l = *p;
            engine_cancel(l);
            if (l->thinking) {
                /* the engine thread still refers to it: end the game, drop it later */
                sh_game_end(l->game, SH_RESULT_DRAW, SH_REASON_ADJUDICATION, NULL);
            } else {
                *p = l->next;
                live_free(l);
            }
            break;
        }
    }
    bool ok = store_delete(g->store, id);
    for (Live *l = g->live; l; l = l->next)
        if (l->id == id)
            changed(g, l);
    pthread_cond_broadcast(&g->changed);
    pthread_mutex_unlock(&g->lock);
    if (ok)
        http_json(res, 200, json_pack("{s:I}", "deleted", (json_int_t)id));
    else
        http_error(res, 404, "no game %ld", id);
}

/* ---- event streams ---- */

typedef struct GameStream {
    WebGames *games;
    long id;
    unsigned seen;
    bool first;
    char *pending; /* text not yet sent */
    size_t pending_size, pending_at;
} GameStream;

static long pending_copy(GameStream *s, char *buf, size_t max)
{
    size_t n = s->pending_size - s->pending_at;
    if (n > max)
        n = max;
    memcpy(buf, s->pending + s->pending_at, n);
    s->pending_at += n;
    if (s->pending_at == s->pending_size) {
        free(s->pending);
        s->pending = NULL;
    }
    return (long)n;
}

static long game_stream_next(void *state, char *buf, size_t max)
{
    GameStream *s = state;
    if (s->pending)
        return pending_copy(s, buf, max);
    WebGames *g = s->games;
    pthread_mutex_lock(&g->lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += EVENT_WAIT_SECONDS;
    for (;;) {
        if (g->stopping) {
            pthread_mutex_unlock(&g->lock);
            return -1;
        }
        Live *l = live_get(g, s->id);
        if (!l) {
            pthread_mutex_unlock(&g->lock);
            return -1;
        }
        if (s->first || l->version != s->seen) {
            s->first = false;
            s->seen = l->version;
            json_t *j = game_json(l);
            pthread_mutex_unlock(&g->lock);
            char *text = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
            json_decref(j);
            if (!text)
                return -1;
            size_t size = strlen(text) + 32;
            s->pending = malloc(size);
            if (!s->pending) {
                free(text);
                return -1;
            }
            s->pending_size = (size_t)snprintf(s->pending, size, "event: state\ndata: %s\n\n", text);
            s->pending_at = 0;
            free(text);
            return pending_copy(s, buf, max);
        }
        if (pthread_cond_timedwait(&g->changed, &g->lock, &until) == ETIMEDOUT) {
            pthread_mutex_unlock(&g->lock);
            return 0;
        }
    }
}

static void game_stream_done(void *state)
{
    GameStream *s = state;
    free(s->pending);
    free(s);
}

void web_games_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    Live *l = game_for(g, req, res);
    if (!l)
        return;
    pthread_mutex_unlock(&g->lock);
    GameStream *s = calloc(1, sizeof *s);
    if (!s) {
        http_error(res, 500, "out of memory");
        return;
    }
    s->games = g;
    s->id = l->id;
    s->first = true;
    res->has_stream = true;
    res->stream = (HttpStream){game_stream_next, game_stream_done, s};
}

/* ---- archive: import and export ---- */

void web_games_import(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *pdn = NULL;
    if (!http_get_string(body, "pdn", &pdn, res)) {
        json_decref(body);
        return;
    }
    if (!pdn) {
        json_decref(body);
        http_field_error(res, 400, "pdn", 0, 0, "the request needs the PDN text in \"pdn\"");
        return;
    }
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, pdn, strlen(pdn), NULL);
    json_t *imported = json_array(), *errors = json_array();
    for (int guard = 0; guard < 100000; guard++) {
        ShGame *game = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
        if (st == SH_OK && !game)
            break;
        if (st != SH_OK) {
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", info.number,
                                                    "line", err.line, "column", err.column,
                                                    "message", err.message));
            sh_game_free(game);
            continue;
        }
        StoredGame row;
        memset(&row, 0, sizeof row);
        const char *w = sh_game_tag(game, "White"), *b = sh_game_tag(game, "Black");
        snprintf(row.white, sizeof row.white, "%s", w && *w ? w : "?");
        snprintf(row.black, sizeof row.black, "%s", b && *b ? b : "?");
        strcpy(row.opponent, "human");
        sh_fen_write(sh_game_start(game), false, row.start_fen);
        ShReason reason;
        ShResult result = sh_game_result(game, &reason);
        strcpy(row.status, "finished");
        snprintf(row.result, sizeof row.result, "%s", sh_result_pdn(result, false));
        snprintf(row.reason, sizeof row.reason, "%s", result == SH_RESULT_NONE ? "" : sh_reason_name(reason));
        row.clock_white = row.clock_black = -1;
        int plies = sh_game_ply_count(game);
        row.moves = 0;
        pthread_mutex_lock(&g->lock);
        bool ok = store_create(g->store, &row);
        for (int i = 0; ok && i < plies; i++) {
            StoredMove m = {.clock_white = -1, .clock_black = -1};
            ok = sh_move_write(sh_game_position_at(game, i), sh_game_move_at(game, i),
                               SH_NOTATION_FULL, m.text, NULL) == SH_OK;
            row.moves = i + 1;
            ok = ok && store_add_move(g->store, &row, i + 1, &m);
        }
        pthread_mutex_unlock(&g->lock);
        if (ok)
            json_array_append_new(imported, json_integer(row.id));
        else
            json_array_append_new(errors, json_pack("{s:i,s:i,s:i,s:s}", "game", info.number, "line",
                                                    info.line, "column", 1, "message",
                                                    "the game could not be saved"));
        sh_game_free(game);
    }
    json_decref(body);
    http_json(res, 200, json_pack("{s:o,s:o}", "imported", imported, "errors", errors));
}

void web_games_export(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebGames *g = ctx;
    size_t cap = 1 << 16, size = 0;
    char *out = malloc(cap);
    if (!out) {
        http_error(res, 500, "out of memory");
        return;
    }
    out[0] = '\0';
    enum { BATCH = 100 };
    StoredGame *rows = calloc(BATCH, sizeof *rows);
    int total = 0;
    for (int offset = 0; rows; offset += BATCH) {
        int n = store_list(g->store, NULL, NULL, NULL, offset, BATCH, rows, &total);
        for (int i = n - 1; i >= 0; i--) { /* the list is newest first; export oldest first */
            pthread_mutex_lock(&g->lock);
            Live *l = live_get(g, rows[i].id);
            char *text = NULL;
            size_t len = 0;
            if (l)
                sh_pdn_write(l->game, SH_NOTATION_SHORT, &text, &len, NULL);
            pthread_mutex_unlock(&g->lock);
            if (!text)
                continue;
            if (size + len + 1 > cap) {
                while (size + len + 1 > cap)
                    cap *= 2;
                char *bigger = realloc(out, cap);
                if (!bigger) {
                    free(text);
                    break;
                }
                out = bigger;
            }
            memcpy(out + size, text, len);
            size += len;
            out[size] = '\0';
            free(text);
        }
        if (n < BATCH)
            break;
    }
    free(rows);
    res->status = 200;
    res->content_type = "application/x-pdn; charset=utf-8";
    res->body = out;
    res->size = size;
}

/* ---- analysis streams ---- */

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
    char *text = json_dumps(data, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(data);
    if (!text)
        return;
    size_t size = strlen(text) + strlen(event) + 32;
    char *line = malloc(size);
    if (line)
        snprintf(line, size, "event: %s\ndata: %s\n\n", event, text);
    free(text);
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

static long analysis_next(void *state, char *buf, size_t max)
{
    Analysis *a = state;
    if (!a->pending) {
        pthread_mutex_lock(&a->lock);
        if (a->count == 0 && !a->finished) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_sec += EVENT_WAIT_SECONDS;
            pthread_cond_timedwait(&a->ready, &a->lock, &until);
        }
        if (a->count == 0) {
            bool finished = a->finished;
            pthread_mutex_unlock(&a->lock);
            if (!finished)
                return 0;
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
    g->analyses--;
    pthread_cond_broadcast(&g->changed);
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

void web_analyse(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebGames *g = ctx;
    const char *fen = http_query(req, "fen");
    ShPosition root;
    ShError err;
    if (fen && *fen) {
        if (sh_fen_read(fen, &root, &err) != SH_OK) {
            http_field_error(res, 400, "fen", 0, err.column, "%s", err.message);
            return;
        }
    } else {
        sh_position_start(&root, SH_VARIANT_RUSSIAN);
    }
    double multipv = 1, depth = 0, seconds = 0;
    if (!query_number(req, "multipv", 1, ENGINE_MAX_MULTIPV, &multipv, res) ||
        !query_number(req, "depth", 1, ENGINE_MAX_PLY - 1, &depth, res) ||
        !query_number(req, "time", 0.1, 3600, &seconds, res))
        return;
    pthread_mutex_lock(&g->lock);
    bool room = !g->stopping && g->analyses < MAX_ANALYSES;
    if (room)
        g->analyses++;
    pthread_mutex_unlock(&g->lock);
    if (!room) {
        http_error(res, 503, "too many analyses at once (at most %d): close one", MAX_ANALYSES);
        return;
    }
    Analysis *a = calloc(1, sizeof *a);
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = ENGINE_HASH_MB;
    if (a)
        a->engine = engine_create(&options, &err);
    if (a && a->engine && g->egdb[0])
        engine_set_param(a->engine, "egdb-path", g->egdb, NULL);
    if (!a || !a->engine) {
        free(a);
        pthread_mutex_lock(&g->lock);
        g->analyses--;
        pthread_mutex_unlock(&g->lock);
        http_error(res, 500, "the engine could not be started");
        return;
    }
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
    if (sh_moves_count(&root) == 0) {
        a->finished = true;
        analysis_push(a, "done", json_pack("{s:o,s:s}", "best", json_null(), "over",
                                           "the side to move has no move"));
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
