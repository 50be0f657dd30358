/* live.c - the games in memory, their rows and seats in the store, their watchers, and the
 * clock thread (see live.h for the design). */
#include "live.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "auth.h"
#include "web_variant.h"

/* ---- small helpers ---- */

const char *live_color_name(int color)
{
    return color == SH_WHITE ? "white" : "black";
}

int live_color_parse(const char *text)
{
    if (!text)
        return -1;
    if (strcmp(text, "white") == 0)
        return SH_WHITE;
    if (strcmp(text, "black") == 0)
        return SH_BLACK;
    return -1;
}

int live_engine_color(const Live *l)
{
    return live_color_parse(l->row.engine_color);
}

bool live_engine_both(const Live *l)
{
    return strcmp(l->row.engine_color, "both") == 0;
}

int live_engine_side(const Live *l)
{
    if (live_engine_both(l))
        return (int)sh_position_side(sh_game_position(l->game));
    return live_engine_color(l);
}

int live_engine_level(const Live *l, int color)
{
    if (live_engine_both(l))
        return color == SH_WHITE ? l->row.level % 16 : l->row.level / 16;
    return l->row.level;
}

bool live_playing(const Live *l)
{
    return sh_game_result(l->game, NULL) == SH_RESULT_NONE;
}

pthread_cond_t *live_watch_cond(WebGames *g, long id)
{
    return &g->watch[(unsigned long)id % LIVE_WATCH_SLOTS];
}

/* ---- the row mirrors the game ---- */

void live_row_sync(Live *l)
{
    ShReason reason;
    ShResult result = sh_game_result(l->game, &reason);
    snprintf(l->row.status, sizeof l->row.status, "%s", result == SH_RESULT_NONE ? "playing" : "finished");
    snprintf(l->row.result, sizeof l->row.result, "%s", sh_result_pdn(result, false));
    snprintf(l->row.reason, sizeof l->row.reason, "%s",
             result == SH_RESULT_NONE ? "" : sh_reason_name(reason));
    int offer = sh_game_draw_offer(l->game);
    snprintf(l->row.draw_offer, sizeof l->row.draw_offer, "%s", offer < 0 ? "" : live_color_name(offer));
    const ShClock *clock = sh_game_clock_const(l->game);
    l->row.clock_white = clock ? (double)sh_clock_remaining(clock, SH_WHITE) / 1000.0 : -1;
    l->row.clock_black = clock ? (double)sh_clock_remaining(clock, SH_BLACK) / 1000.0 : -1;
    l->row.moves = sh_game_ply_count(l->game) - sh_game_opening_plies(l->game);
    if (result == SH_RESULT_NONE)
        l->row.note[0] = '\0'; /* the arbiter's note went with the result it explained */
}

bool live_save_move(WebGames *g, Live *l)
{
    live_row_sync(l);
    int ply = sh_game_ply_count(l->game);
    StoredMove m = {.clock_white = l->row.clock_white, .clock_black = l->row.clock_black};
    if (sh_move_write(sh_game_position_at(l->game, ply - 1), sh_game_move_at(l->game, ply - 1),
                      SH_NOTATION_FULL, m.text, NULL) != SH_OK)
        return false;
    return store_add_move(g->store, &l->row, l->row.moves, &m);
}

void live_changed(WebGames *g, Live *l)
{
    l->version++;
    if (g->on_change && l->id > 0)
        g->on_change(g, l);
    pthread_cond_broadcast(live_watch_cond(g, l->id));
    pthread_cond_broadcast(&g->changed);
}

void live_settle(WebGames *g, Live *l)
{
    live_row_sync(l);
    if (!live_playing(l))
        live_engine_cancel(l);
    store_update(g->store, &l->row);
    live_changed(g, l);
}

const char *live_event_text(Live *l)
{
    if (l->event && l->event_version == l->version)
        return l->event;
    free(l->event);
    l->event = NULL;
    json_t *j = live_json_game(l);
    char *text = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(j);
    if (!text)
        return NULL;
    size_t size = strlen(text) + 32;
    l->event = malloc(size);
    if (l->event) {
        snprintf(l->event, size, "event: state\ndata: %s\n\n", text);
        l->event_version = l->version;
    }
    free(text);
    return l->event;
}

/* ---- bringing games into memory ---- */

void live_free(Live *l)
{
    if (!l)
        return;
    sh_game_free(l->game);
    free(l->event);
    free(l);
}

/* Rebuild a stored game by replaying its moves; NULL if it cannot be. */
static Live *live_rebuild(const StoredGame *row, const StoredMove *moves, int count, char *why,
                          size_t whysize)
{
    ShError err;
    ShGame *game = NULL;
    ShGameOptions options = {.repetition = SH_REPETITION_CLAIMED, .replay = false};
    ShVariant variant = web_variant_stored(row->variant);
    ShPosition start;
    ShStatus st;
    if (row->opening[0])
        st = sh_game_new_opening_variant(&game, row->opening, variant, &options, &err);
    else if ((st = sh_fen_read_variant(row->start_fen, variant, &start, &err)) == SH_OK)
        st = sh_game_new(&game, &start, &options, &err);
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
    if (strcmp(row->status, "finished") == 0 && sh_result_parse(row->result, &result) &&
        result != SH_RESULT_NONE) {
        if (!sh_reason_find(row->reason, &reason))
            reason = SH_REASON_RECORDED;
        if (reason == SH_REASON_ADJUDICATION)
            sh_game_adjudicate(game, result, NULL); /* the arbiter's word stands over the rules' */
        else if (sh_game_result(game, NULL) == SH_RESULT_NONE)
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

/* The seats of a game from the store; a game stored before seats existed (or imported) gets
 * open seats for its human sides, so that it can be taken up again with their codes. */
static void seats_load(WebGames *g, Live *l)
{
    if (store_seats_load(g->store, l->id, l->seats))
        return;
    int engine = live_engine_color(l);
    for (int c = 0; c < 2; c++) {
        memset(&l->seats[c], 0, sizeof l->seats[c]);
        l->seats[c].human = c != engine && !live_engine_both(l);
        if (l->seats[c].human)
            auth_code_new(l->seats[c].code);
    }
    if (live_playing(l))
        store_seats_save(g->store, l->id, l->seats);
}

static void evict_finished(WebGames *g)
{
    int finished = 0;
    for (Live *l = g->live; l; l = l->next)
        finished += !live_playing(l) && !l->thinking;
    for (Live **p = &g->live; *p && finished > LIVE_MAX_CACHED_FINISHED;) {
        Live *l = *p;
        if (!live_playing(l) && !l->thinking) {
            *p = l->next;
            live_free(l);
            finished--;
        } else {
            p = &l->next;
        }
    }
}

void live_add(WebGames *g, Live *l)
{
    l->next = g->live;
    g->live = l;
    evict_finished(g);
}

Live *live_get(WebGames *g, long id)
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
    seats_load(g, l);
    live_add(g, l);
    return l;
}

void live_forget(WebGames *g, long id)
{
    for (Live **p = &g->live; *p; p = &(*p)->next) {
        if ((*p)->id == id) {
            Live *l = *p;
            live_engine_cancel(l);
            if (l->thinking) {
                /* the engine thread still refers to it: end the game, drop it later */
                if (live_playing(l))
                    sh_game_end(l->game, SH_RESULT_DRAW, SH_REASON_ADJUDICATION, NULL);
                l->id = -l->id; /* never found again by its id */
            } else {
                *p = l->next;
                live_free(l);
            }
            break;
        }
    }
    pthread_cond_broadcast(live_watch_cond(g, id));
    pthread_cond_broadcast(&g->changed);
}

/* ---- the clock thread: flags fall even when nobody asks ---- */

static void *ticker(void *arg)
{
    WebGames *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        for (Live *l = g->live; l; l = l->next) {
            if (!live_playing(l) || !sh_game_clock_const(l->game))
                continue;
            if (sh_game_update(l->game) != SH_RESULT_NONE)
                live_settle(g, l);
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

WebGames *live_open(Store *store, const char *egdb_dir, char *err, size_t errsize)
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
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_init(&g->watch[i], NULL);
    enum { MAX_PLAYING = 4096 };
    long *ids = malloc(MAX_PLAYING * sizeof *ids);
    int n = ids ? store_playing(store, ids, MAX_PLAYING) : 0;
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < n; i++) {
        Live *l = live_get(g, ids[i]);
        if (l)
            live_engine_maybe_move(g, l);
    }
    pthread_mutex_unlock(&g->lock);
    free(ids);
    if (pthread_create(&g->ticker, NULL, ticker, g) != 0) {
        snprintf(err, errsize, "cannot start the clock thread");
        live_close(g);
        return NULL;
    }
    return g;
}

void live_shutdown(WebGames *g)
{
    pthread_mutex_lock(&g->lock);
    g->stopping = true;
    for (Live *l = g->live; l; l = l->next)
        live_engine_cancel(l);
    if (g->stop_streams)
        g->stop_streams(g);
    pthread_cond_broadcast(&g->changed);
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_broadcast(&g->watch[i]);
    pthread_mutex_unlock(&g->lock);
}

void live_close(WebGames *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->stopping = true;
    for (Live *l = g->live; l; l = l->next)
        live_engine_cancel(l);
    pthread_cond_broadcast(&g->changed);
    while (g->workers > 0 || g->streams > 0)
        pthread_cond_wait(&g->changed, &g->lock);
    pthread_mutex_unlock(&g->lock);
    if (g->ticker)
        pthread_join(g->ticker, NULL);
    for (int i = 0; i < LIVE_ENGINE_POOL; i++)
        engine_free(g->pool[i]);
    while (g->live) {
        Live *next = g->live->next;
        live_free(g->live);
        g->live = next;
    }
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_destroy(&g->watch[i]);
    pthread_cond_destroy(&g->changed);
    pthread_mutex_destroy(&g->lock);
    free(g);
}
