/* live.c - the games in memory, their rows in the store, their watchers, and the clock thread
 * (see live.h for the design). */
#include "live.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "auth.h"
#include "error.h"
#include "stream_wait.h"

/* ---- players ---- */

const char *live_kind_colour(const ShKind *kind, int player)
{
    static const char *const KNOWN[] = {"white", "black", "red", "green", "blue", "yellow"};
    static const char *const NUMBERED[] = {"p1", "p2", "p3", "p4"};
    if (player < 0 || player >= kind->players || player >= SH_MAX_PLAYERS)
        return "?";
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if (strcasecmp(KNOWN[i], kind->player_names[player]) == 0)
            return KNOWN[i];
    return NUMBERED[player];
}

const char *live_colour(const Live *l, int player)
{
    return live_kind_colour(sh_play_kind(l->play), player);
}

int live_colour_parse(const Live *l, const char *text)
{
    if (!text)
        return -1;
    for (int p = 0; p < live_players(l); p++)
        if (strcmp(text, live_colour(l, p)) == 0)
            return p;
    return -1;
}

int live_players(const Live *l)
{
    return sh_play_kind(l->play)->players;
}

bool live_human(const Live *l, int player)
{
    return player >= 0 && player < live_players(l) && l->row.player[player].level == 0;
}

int live_engine_player(const Live *l)
{
    int engine = -1, people = 0;
    for (int p = 0; p < live_players(l); p++) {
        if (live_human(l, p))
            people++;
        else if (engine < 0)
            engine = p;
        else
            return -1; /* two engines */
    }
    return people > 0 ? engine : -1;
}

bool live_engine_all(const Live *l)
{
    for (int p = 0; p < live_players(l); p++)
        if (live_human(l, p))
            return false;
    return true;
}

int live_to_move(const Live *l)
{
    return sh_play_to_move(l->play, -1);
}

bool live_engine_to_move(const Live *l)
{
    return live_playing(l) && !live_human(l, live_to_move(l));
}

bool live_playing(const Live *l)
{
    return !sh_play_over(l->play);
}

pthread_cond_t *live_watch_cond(WebGames *g, long id)
{
    return &g->watch[(unsigned long)id % LIVE_WATCH_SLOTS];
}

/* ---- the rows mirror the game ---- */

void live_row_sync(Live *l)
{
    ShVerdict v;
    sh_play_verdict(l->play, &v);
    snprintf(l->row.status, sizeof l->row.status, "%s", v.over ? "finished" : "playing");
    snprintf(l->row.result, sizeof l->row.result, "%s", v.result);
    snprintf(l->row.reason, sizeof l->row.reason, "%s", v.reason_code);
    l->row.draw_offer = sh_play_draw_offer(l->play);
    const ShClock *clock = sh_play_clock(l->play);
    if (clock)
        l->row.clock_at = live_clock_now(); /* the clocks below are those of this time */
    for (int p = 0; p < live_players(l); p++)
        l->row.player[p].clock = clock ? (double)sh_clock_remaining(clock, p) / 1000.0 : -1;
    l->row.moves = sh_play_ply_count(l->play) - sh_play_opening_plies(l->play);
    if (!v.over)
        l->row.note[0] = '\0'; /* the arbiter's note went with the result it explained */
}

bool live_save_move(WebGames *g, Live *l)
{
    live_row_sync(l);
    int ply = sh_play_ply_count(l->play);
    ShPlayMove m;
    if (sh_play_move_at(l->play, ply - 1, &m, NULL) != SH_OK)
        return false;
    StoredMove stored;
    memset(&stored, 0, sizeof stored);
    snprintf(stored.text, sizeof stored.text, "%s", m.full);
    stored.at = l->row.clock_at ? l->row.clock_at : live_clock_now();
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        stored.clocks[p] = p < live_players(l) ? l->row.player[p].clock : -1;
    bool saved = live_commit(g, l, l->row.moves, &stored);
    if (!saved && !l->row.stale && g->shared)
        l->row.version = -1; /* the database did not answer: read the game again once it does */
    return saved;
}

void live_hook_add(WebGames *g, void (*hook)(WebGames *, Live *, void *), void *ctx)
{
    if (g->hooks < LIVE_MAX_HOOKS) {
        g->hook[g->hooks] = hook;
        g->hook_context[g->hooks++] = ctx;
    }
}

void live_announce(WebGames *g, pthread_cond_t *cond)
{
    (void)g;
    pthread_cond_broadcast(cond);
    stream_wait_announce(cond);
}

void live_changed(WebGames *g, Live *l)
{
    l->version++;
    for (int i = 0; i < g->hooks && l->id > 0; i++)
        g->hook[i](g, l, g->hook_context[i]);
    live_announce(g, live_watch_cond(g, l->id));
    live_announce(g, &g->changed);
}

void live_settle(WebGames *g, Live *l)
{
    live_row_sync(l);
    if (!live_playing(l))
        live_engine_cancel(l);
    if (!live_commit(g, l, 0, NULL)) {
        if (live_refresh_stale(g, l))
            return;
        if (g->shared) /* the database did not answer: the game read again once it does */
            l->row.version = -1;
    }
    live_changed(g, l);
}

EventText *live_event_text(Live *l)
{
    if (l->event && l->event_version == l->version)
        return event_text_ref(l->event);
    event_text_unref(l->event);
    l->event = NULL;
    json_t *j = live_json_game(l, false); /* a game's board never changes: not in events */
    char *text = json_dumps(j, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(j);
    if (!text)
        return NULL;
    l->event = event_text_new("state", text);
    free(text);
    if (!l->event)
        return NULL;
    l->event_version = l->version;
    return event_text_ref(l->event);
}

/* ---- making games, and bringing them back ---- */

void live_free(Live *l)
{
    if (!l)
        return;
    sh_play_free(l->play);
    json_decref(l->history);
    event_text_unref(l->event);
    free(l);
}

/* The record's tags of a game made from its row. */
static void set_tags(ShPlay *play, const StoredGame *row, const char *event, const char *round)
{
    for (int p = 0; p < sh_play_kind(play)->players; p++)
        sh_play_set_tag(play, sh_play_player_tag(p), row->player[p].name, NULL);
    sh_play_set_tag(play, "Event", event && *event ? event : "Shashki", NULL);
    sh_play_set_tag(play, "Site", "Shashki web app", NULL);
    if (round && *round)
        sh_play_set_tag(play, "Round", round, NULL);
    if (row->time_control[0])
        sh_play_set_tag(play, "TimeControl", row->time_control, NULL);
    if (row->created[0]) {
        char date[16];
        snprintf(date, sizeof date, "%.4s.%.2s.%.2s", row->created, row->created + 5,
                 row->created + 8);
        sh_play_set_tag(play, "Date", date, NULL);
    }
}

/* The index of the games by id: a game forgotten while busy keeps its bucket under its id
 * made negative (live_forget). */
static Live **index_slot(WebGames *g, long id)
{
    return &g->index[(unsigned long)labs(id) % LIVE_INDEX_SLOTS];
}

static void live_add(WebGames *g, Live *l)
{
    l->next = g->live;
    g->live = l;
    Live **slot = index_slot(g, l->id);
    l->id_next = *slot;
    *slot = l;
}

static void index_remove(WebGames *g, Live *l)
{
    for (Live **p = index_slot(g, l->id); *p; p = &(*p)->id_next)
        if (*p == l) {
            *p = l->id_next;
            return;
        }
}

Live *live_find(WebGames *g, long id)
{
    for (Live *l = *index_slot(g, id); l; l = l->id_next)
        if (l->id == id)
            return l;
    return NULL;
}

/* Keep the LIVE_MAX_CACHED_FINISHED newest finished games in memory and let the older go. The
 * list is newest first, so the game just added (at its head), which the caller is about to use,
 * is always kept. */
static void evict_finished(WebGames *g)
{
    int kept = 0;
    for (Live **p = &g->live; *p;) {
        Live *l = *p;
        if (!live_playing(l) && !l->thinking && !l->busy && ++kept > LIVE_MAX_CACHED_FINISHED) {
            *p = l->next;
            index_remove(g, l);
            live_free(l);
        } else {
            p = &l->next;
        }
    }
}

Live *live_create(WebGames *g, StoredGame *row, const char *event_name, const char *round,
                  ShError *err, const char **field)
{
    static const char *none = "";
    const char **f = field ? field : &none;
    *f = "";
    const ShKind *kind = sh_kind_find(row->variant);
    if (!kind) {
        *f = "variant";
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game '%s'", row->variant);
        return NULL;
    }
    snprintf(row->variant, sizeof row->variant, "%s", kind->name);
    row->players = kind->players;
    ShTimeControl control;
    if (row->time_control[0] && sh_timecontrol_parse(row->time_control, &control, err) != SH_OK) {
        *f = "time";
        return NULL;
    }
    ShPlayOptions options = {
        .settings = row->settings,
        .start = row->opening[0] ? NULL : row->start,
        .opening = row->opening[0] ? row->opening : NULL,
        .lot = (uint64_t)time(NULL) ^ (g->seed++ * 0x9e3779b97f4a7c15u),
    };
    ShPlay *play = NULL;
    if (sh_play_new(&play, kind, &options, err) != SH_OK) {
        *f = row->opening[0] ? "opening" : row->start[0] ? "position" : "settings";
        return NULL;
    }
    Live *l = calloc(1, sizeof *l);
    if (!l) {
        sh_play_free(play);
        error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        return NULL;
    }
    l->play = play;
    if (row->time_control[0])
        sh_timecontrol_write(&control, row->time_control);
    store_start_of(play, row);
    if (row->opening[0])
        snprintf(row->opening, sizeof row->opening, "%s", sh_play_opening(play));
    for (int p = 0; p < kind->players; p++)
        if (row->player[p].level == 0 && !row->player[p].taken && !row->player[p].code[0])
            auth_code_new(row->player[p].code);
    l->row = *row;
    live_clock_set(play, &l->row, false, false); /* saved with the game: its clocks' times */
    live_row_sync(l);
    if (!store_create(g->store, &l->row)) {
        live_free(l);
        error_set(err, SH_ERR_IO, 0, 0, "the game could not be saved");
        return NULL;
    }
    l->id = l->row.id;
    *row = l->row;
    set_tags(play, &l->row, event_name, round);
    live_add(g, l);
    evict_finished(g);
    live_engine_maybe_move(g, l);
    return l;
}

/* Rebuild a stored game by replaying its moves (the player to move charged the time since its
 * clocks were saved when `charge`); NULL if it cannot be. */
static Live *live_rebuild(const StoredGame *row, const StoredMove *moves, int count, bool charge,
                          char *why, size_t whysize)
{
    ShPlay *play = store_replay(row, moves, count, why, whysize);
    if (!play)
        return NULL;
    set_tags(play, row, NULL, NULL);
    live_clock_set(play, row, true, charge);
    live_offer_restore(play, row);
    Live *l = calloc(1, sizeof *l);
    if (!l) {
        sh_play_free(play);
        snprintf(why, whysize, "out of memory");
        return NULL;
    }
    l->id = row->id;
    l->row = *row;
    l->play = play;
    return l;
}

/* A person's seat stored without a code or a token (an imported game, or one stored before
 * seats) is opened with a new code, so that it can be taken up again. */
static void seats_open(WebGames *g, Live *l)
{
    bool changed = false;
    for (int p = 0; p < live_players(l); p++) {
        StoredPlayer *pl = &l->row.player[p];
        if (pl->level == 0 && !pl->taken && !pl->code[0]) {
            auth_code_new(pl->code);
            changed = true;
        }
    }
    if (changed && live_playing(l))
        store_update(g->store, &l->row);
}

Live *live_get(WebGames *g, long id)
{
again:
    for (Live *l = live_find(g, id); l; l = NULL) {
        if (l->busy) { /* its change is being committed: it is read when it is done */
            live_wait_idle(g, l);
            goto again;
        }
        if (g->shared) { /* another process may have changed it */
            long version = store_version(g->store, id);
            if (version == -2)
                return NULL; /* the database does not answer: no answer older than it */
            if (version < 0) {
                live_forget(g, id);
                return NULL;
            }
            /* read again, and its watchers here told (the notification that follows finds
             * the copy fresh already and wakes nobody) */
            if (version != l->row.version && !l->thinking && live_reload(g, l))
                live_changed(g, l);
        }
        return l;
    }
    StoredGame *row = malloc(sizeof *row);
    StoredMove *moves = NULL;
    int count;
    if (!row || !store_load(g->store, id, row, &moves, &count)) {
        free(row);
        return NULL;
    }
    char why[256];
    Live *l = live_rebuild(row, moves, count, g->shared, why, sizeof why);
    free(moves);
    free(row);
    if (!l) {
        fprintf(stderr, "shashki: game %ld cannot be replayed: %s\n", id, why);
        return NULL;
    }
    seats_open(g, l);
    live_add(g, l);
    evict_finished(g);
    return l;
}

Live *live_peek(WebGames *g, long id)
{
again:
    for (Live *l = live_find(g, id); l; l = NULL) {
        if (l->busy) {
            live_wait_idle(g, l);
            goto again;
        }
        if (l->notified > l->row.version && !l->thinking && live_reload(g, l))
            live_changed(g, l);
        return l;
    }
    return live_get(g, id);
}

bool live_reload(WebGames *g, Live *l)
{
    if (live_catch_up(g, l))
        return true;
    StoredGame *row = malloc(sizeof *row);
    StoredMove *moves = NULL;
    int count;
    if (!row || !store_load(g->store, l->id, row, &moves, &count)) {
        free(row);
        return false;
    }
    char why[256];
    Live *n = live_rebuild(row, moves, count, g->shared, why, sizeof why);
    free(moves);
    free(row);
    if (!n)
        return false;
    live_engine_cancel(l);
    sh_play_free(l->play);
    l->play = n->play;
    l->row = n->row;
    json_decref(l->history);
    l->history = NULL;
    event_text_unref(l->event);
    l->event = NULL;
    free(n);
    return true;
}

bool live_refresh_stale(WebGames *g, Live *l)
{
    if (!l->row.stale)
        return false;
    live_reload(g, l);
    live_changed(g, l);
    return true;
}

void live_forget(WebGames *g, long id)
{
    for (Live **p = &g->live; *p; p = &(*p)->next) {
        if ((*p)->id == id) {
            Live *l = *p;
            live_engine_cancel(l);
            if (l->thinking || l->busy) {
                /* the engine thread or a commit still refers to it: end the game, drop it
                 * later */
                if (live_playing(l))
                    sh_play_adjudicate(l->play, sh_play_kind(l->play)->players == 2 ? "1/2-1/2"
                                                : sh_play_kind(l->play)->players == 3
                                                    ? "1/3-1/3-1/3"
                                                    : "1/4-1/4-1/4-1/4",
                                       NULL);
                l->id = -l->id; /* never found again by its id */
            } else {
                *p = l->next;
                index_remove(g, l);
                live_free(l);
            }
            break;
        }
    }
    live_announce(g, live_watch_cond(g, id));
    live_announce(g, &g->changed);
}

/* ---- the clock thread: flags fall even when nobody asks ---- */

static void *ticker(void *arg)
{
    WebGames *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->stopping) {
        for (Live *l = g->live; l; l = l->next)
            if (l->id > 0 && !l->busy && sh_play_clock(l->play) && sh_play_update(l->play))
                live_settle(g, l);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        /* not g->changed: broadcast at every move, it walked every game at every move */
        pthread_cond_timedwait(&g->ticker_stop, &g->lock, &until);
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
    pthread_cond_init(&g->idle, NULL);
    pthread_cond_init(&g->ticker_stop, NULL);
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_init(&g->watch[i], NULL);
    live_sync_init(g);
    if (g->shared)
        live_clock_sync(store); /* the site's clock: the database's */
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
    pthread_cond_broadcast(&g->ticker_stop);
    for (Live *l = g->live; l; l = l->next)
        live_engine_cancel(l);
    if (g->stop_streams)
        g->stop_streams(g);
    live_announce(g, &g->changed);
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_broadcast(&g->watch[i]);
    stream_wait_announce(NULL); /* every stream parked: they end */
    pthread_mutex_unlock(&g->lock);
}

void live_close(WebGames *g)
{
    if (!g)
        return;
    pthread_mutex_lock(&g->lock);
    g->stopping = true;
    pthread_cond_broadcast(&g->ticker_stop);
    for (Live *l = g->live; l; l = l->next)
        live_engine_cancel(l);
    live_announce(g, &g->changed);
    while (g->workers > 0 || g->streams > 0)
        pthread_cond_wait(&g->changed, &g->lock);
    pthread_mutex_unlock(&g->lock);
    live_unshare(g);
    if (g->ticker)
        pthread_join(g->ticker, NULL);
    for (int i = 0; i < LIVE_ENGINE_POOL; i++)
        play_engine_free(g->pool[i]);
    while (g->live) {
        Live *next = g->live->next;
        live_free(g->live);
        g->live = next;
    }
    for (int i = 0; i < LIVE_WATCH_SLOTS; i++)
        pthread_cond_destroy(&g->watch[i]);
    pthread_cond_destroy(&g->changed);
    pthread_cond_destroy(&g->idle);
    pthread_cond_destroy(&g->ticker_stop);
    pthread_mutex_destroy(&g->lock);
    free(g);
}
