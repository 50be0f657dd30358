/* web_events.c - the events resource (tournaments): list and create events, read one, change
 * its settings, register players (people, and engine players at a level), pair the next
 * round or take it back, enter or correct results, delete an event. Reading is anyone's;
 * every change is the arbiter's. See docs/web-api.md "Events". */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_events.h"
#include "web_rights.h"
#include "web_variant.h"

/* ---- shared: loading, saving, the Event as JSON ---- */

bool web_event_load(WebApp *app, const HttpRequest *req, HttpResponse *res, long *id,
                    ShEvent **event)
{
    char *end;
    errno = 0;
    long v = req->nparams > 0 ? strtol(req->params[0], &end, 10) : 0;
    if (req->nparams == 0 || *end || errno || v <= 0) {
        http_error(res, 404, "no event '%s'", req->nparams ? req->params[0] : "");
        return false;
    }
    pthread_mutex_lock(&app->games->lock);
    char why[256];
    if (!tstore_load(app->tstore, v, event, why, sizeof why)) {
        pthread_mutex_unlock(&app->games->lock);
        http_error(res, 404, "no event %ld", v);
        return false;
    }
    *id = v;
    return true;
}

bool web_event_commit(WebApp *app, long id, const ShEvent *event, const char *change,
                      HttpResponse *res)
{
    char why[256];
    if (!tstore_save(app->tstore, id, event, change, why, sizeof why)) {
        if (res && tstore_stale(app->tstore))
            http_error(res, 409, "%s", why);
        else if (res)
            http_error(res, 500, "the event could not be saved: %s", why);
        return false;
    }
    app->events_version++;
    live_announce(app->games, &app->games->changed);
    return true;
}

json_t *web_event_points(int tenths)
{
    return tenths % 10 ? json_real(tenths / 10.0) : json_integer(tenths / 10);
}

int web_event_engine_level(const ShEventPlayer *p)
{
    if (!p->engine[0])
        return 0;
    const char *at = strstr(p->engine, "level=");
    int level = at ? atoi(at + 6) : 10;
    return level < 1 ? 1 : level > 10 ? 10 : level;
}

static const char *pairing_type_name(ShPairingType t)
{
    static const char *const NAMES[] = {"game", "bye", "half-bye", "full-bye", "absent", "rest"};
    return (unsigned)t < sizeof NAMES / sizeof NAMES[0] ? NAMES[t] : "game";
}

/* The settings as an object of their "key = value" lines. */
static json_t *settings_json(const ShEvent *e)
{
    json_t *o = json_object();
    char *text = NULL;
    if (sh_event_settings_write(sh_event_settings(e), &text, NULL) != SH_OK)
        return o;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line;
         line = strtok_r(NULL, "\n", &save)) {
        char *eq = strstr(line, " = ");
        if (!eq)
            continue;
        *eq = '\0';
        json_object_set_new(o, line, json_string(eq + 3));
    }
    free(text);
    return o;
}

static json_t *player_json(const ShEventPlayer *p)
{
    int level = web_event_engine_level(p);
    return json_pack("{s:i,s:s,s:i,s:s,s:s,s:s,s:s,s:i,s:o,s:i,s:i,s:i}", "id", p->id, "name",
                     p->name, "rating", p->rating, "title", p->title, "club", p->club, "team",
                     p->team, "federation", p->federation, "birth_year", p->birth_year,
                     "engine", level ? json_integer(level) : json_null(), "entered",
                     p->entered, "withdrawn", p->withdrawn, "board", p->board);
}

static json_t *pairing_json(const ShEvent *e, const ShEventPairing *p)
{
    json_t *games = json_array();
    char table_result[32];
    for (int i = 0; i < p->ngames; i++) {
        const ShEventGame *g = &p->games[i];
        int w, b;
        sh_event_game_players(p, i, &w, &b);
        const char *text = p->seats ? sh_event_table_result_text(p, table_result,
                                                                 sizeof table_result)
                                    : sh_event_result_text(g->result);
        json_array_append_new(
            games, json_pack("{s:s,s:o,s:i,s:s,s:i,s:i}", "result", text,
                             "game_id", g->game_id ? json_integer(g->game_id) : json_null(),
                             "tiebreak", g->tiebreak, "opening", g->opening, "white", w,
                             "black", b));
    }
    int wp, bp, winner;
    sh_event_pairing_points(e, p, &wp, &bp, &winner);
    char control[SH_TIME_CONTROL_SIZE] = "";
    int tb = 0;
    int next = p->type == SH_PAIRING_GAME ? sh_event_next_game(e, p, &tb, control) : -1;
    json_t *o = json_pack("{s:i,s:i,s:i,s:i,s:o,s:s,s:o,s:o,s:o,s:o,s:o}", "stage", p->stage,
                          "round", p->round, "board", p->board, "white", p->white, "black",
                          p->black ? json_integer(p->black) : json_null(), "type",
                          pairing_type_name(p->type), "white_points", web_event_points(wp),
                          "black_points", web_event_points(bp), "winner",
                          winner ? json_integer(winner) : json_null(), "next_game",
                          next >= 0 ? json_integer(next) : json_null(), "games", games);
    if (p->seats) { /* a table of three or four: its players by seat, their points */
        int pts[SH_MAX_PLAYERS];
        sh_event_table_points(e, p, pts);
        json_t *seats = json_array(), *points = json_array();
        for (int k = 0; k < p->seats; k++) {
            json_array_append_new(seats, json_integer(p->seat[k]));
            json_array_append_new(points, web_event_points(pts[k]));
        }
        json_object_set_new(o, "seats", seats);
        json_object_set_new(o, "seat_points", points);
    }
    if (p->home) { /* a team event's board: the match's teams */
        json_object_set_new(o, "home", json_integer(p->home));
        json_object_set_new(o, "away", p->away ? json_integer(p->away) : json_null());
    }
    return o;
}

json_t *web_event_json(WebApp *app, long id, const ShEvent *e)
{
    (void)app;
    const ShEventSettings *s = sh_event_settings(e);
    json_t *players = json_array();
    for (int i = 1; i <= sh_event_player_count(e); i++)
        json_array_append_new(players, player_json(sh_event_player(e, i)));
    json_t *stages = json_array(), *rounds = json_array();
    bool can_pair = !sh_event_finished(e);
    for (int st = 1; st <= sh_event_stage_count(e); st++) {
        int paired = sh_event_rounds_paired(e, st);
        json_array_append_new(stages, json_pack("{s:i,s:s,s:i,s:i}", "stage", st, "system",
                                                sh_system_name(s->stages[st - 1].system),
                                                "rounds_paired", paired, "rounds",
                                                sh_event_rounds_total(e, st)));
        for (int r = 1; r <= paired; r++) {
            const ShEventPairing *list;
            int n = sh_event_pairings(e, st, r, &list);
            json_t *pairings = json_array();
            for (int i = 0; i < n; i++)
                json_array_append_new(pairings, pairing_json(e, &list[i]));
            bool complete = sh_event_round_complete(e, st, r);
            if (!complete)
                can_pair = false;
            json_array_append_new(rounds, json_pack("{s:i,s:i,s:b,s:o}", "stage", st, "round", r,
                                                    "complete", complete, "pairings", pairings));
        }
    }
    if (sh_event_player_count(e) < 2)
        can_pair = false;
    json_t *tiebreaks = json_array();
    for (int i = 0; i < s->tiebreak_count; i++)
        json_array_append_new(tiebreaks, json_pack("{s:s,s:s}", "name",
                                                   sh_tiebreak_name(s->tiebreaks[i]), "title",
                                                   sh_tiebreak_title(s->tiebreaks[i])));
    char why[256];
    json_t *standings = web_event_standings_json(e, 0, why, sizeof why);
    int stage = sh_event_current_stage(e);
    json_t *team = web_event_team_json(e);
    json_t *out = json_pack("{s:I,s:s,s:s,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:o,s:i,s:b,s:b,s:b,s:o,s:o}",
                     "id", (json_int_t)id, "name", s->name, "site", s->site, "date", s->date,
                     "system", sh_system_name(s->stages[0].system), "variant",
                     sh_event_kind(s)->name, "time", s->time_control, "settings",
                     settings_json(e), "players", players, "stages", stages, "rounds", rounds,
                     "stage", stage, "started", stage > 0, "finished", sh_event_finished(e),
                     "can_pair", can_pair, "tiebreaks", tiebreaks, "standings",
                     standings ? standings : json_array());
    json_object_set_new(out, "table_size", json_integer(sh_event_table_size(s)));
    if (team)
        json_object_set_new(out, "team", team);
    return out;
}

static void reply_event(WebApp *app, HttpResponse *res, int status, long id, const ShEvent *e)
{
    http_json(res, status, web_event_json(app, id, e));
}

/* A settings value from JSON: a string, a number, a boolean, or a list joined by commas. */
static bool value_text(json_t *v, char *out, size_t size)
{
    if (json_is_string(v)) {
        snprintf(out, size, "%s", json_string_value(v));
    } else if (json_is_integer(v)) {
        snprintf(out, size, "%lld", (long long)json_integer_value(v));
    } else if (json_is_real(v)) {
        snprintf(out, size, "%g", json_real_value(v));
    } else if (json_is_boolean(v)) {
        snprintf(out, size, "%s", json_is_true(v) ? "yes" : "no");
    } else if (json_is_array(v)) {
        out[0] = '\0';
        size_t i, used = 0;
        json_t *x;
        json_array_foreach(v, i, x) {
            if (!json_is_string(x))
                return false;
            int n = snprintf(out + used, size - used, "%s%s", i ? "," : "", json_string_value(x));
            if (n < 0 || (size_t)n >= size - used)
                return false;
            used += (size_t)n;
        }
    } else {
        return false;
    }
    return true;
}

/* Apply every member of obj as a setting (to the settings, or to the event when e is given);
 * false with a 400 naming the member that does not fit. */
static bool apply_settings(json_t *obj, ShEventSettings *settings, ShEvent *e, HttpResponse *res,
                           char *change, size_t size)
{
    const char *key;
    json_t *v;
    size_t used = strlen(change);
    json_object_foreach(obj, key, v) {
        char text[512];
        if (!value_text(v, text, sizeof text)) {
            http_field_error(res, 400, key, 0, 0, "%s must be a string, a number or a list", key);
            return false;
        }
        ShError err;
        ShStatus st = e ? sh_event_set(e, key, text, &err)
                        : sh_event_settings_set(settings, key, text, &err);
        if (st != SH_OK) {
            http_field_error(res, e && err.code != SH_ERR_SYNTAX ? 409 : 400, key, 0, err.column,
                             "%s", err.message);
            return false;
        }
        int n = snprintf(change + used, size - used, " %s=%s", key, text);
        if (n > 0 && (size_t)n < size - used)
            used += (size_t)n;
    }
    return true;
}

/* ---- the handlers ---- */

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    WebApp *app = ctx;
    enum { MAX = 500 };
    TStoredEvent *rows = calloc(MAX, sizeof *rows);
    if (!rows) {
        http_error(res, 500, "out of memory");
        return;
    }
    pthread_mutex_lock(&app->games->lock);
    int n = tstore_list(app->tstore, rows, MAX);
    json_t *list = json_array();
    for (int i = n - 1; i >= 0; i--) { /* newest first */
        ShEvent *e;
        char why[256];
        if (!tstore_load(app->tstore, rows[i].id, &e, why, sizeof why))
            continue;
        const ShEventSettings *s = sh_event_settings(e);
        int stage = sh_event_current_stage(e);
        json_array_append_new(
            list, json_pack("{s:I,s:s,s:s,s:s,s:i,s:i,s:i,s:b,s:s,s:s}", "id",
                            (json_int_t)rows[i].id, "name", s->name, "system",
                            sh_system_name(s->stages[0].system), "variant",
                            sh_event_kind(s)->name, "players", sh_event_player_count(e),
                            "stage", stage, "rounds_paired",
                            stage ? sh_event_rounds_paired(e, stage) : 0, "finished",
                            sh_event_finished(e), "created", rows[i].created, "updated",
                            rows[i].updated));
        sh_event_free(e);
    }
    pthread_mutex_unlock(&app->games->lock);
    free(rows);
    http_json(res, 200, json_pack("{s:o}", "events", list));
}

static void on_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShEventSettings settings;
    sh_event_settings_init(&settings);
    char change[1024] = "create";
    json_t *name = json_object_get(body, "name");
    if (!json_is_string(name) || !*json_string_value(name)) {
        http_field_error(res, 400, "name", 0, 0, "an event needs a name");
    } else if (apply_settings(body, &settings, NULL, res, change, sizeof change) &&
               rights_need_arbiter(app, req, res, "creating an event")) {
        ShEvent *e = NULL;
        ShError err;
        if (sh_event_new(&e, &settings, &err) != SH_OK) {
            http_field_error(res, 400, "system", 0, 0, "%s", err.message);
        } else {
            long id = 0;
            char why[256];
            pthread_mutex_lock(&app->games->lock);
            if (!tstore_create(app->tstore, e, change, &id, why, sizeof why)) {
                http_error(res, 500, "the event could not be saved: %s", why);
            } else {
                app->events_version++;
                live_announce(app->games, &app->games->changed);
                reply_event(app, res, 201, id, e);
            }
            pthread_mutex_unlock(&app->games->lock);
            sh_event_free(e);
        }
    }
    json_decref(body);
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!web_event_load(app, req, res, &id, &e))
        return;
    reply_event(app, res, 200, id, e);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

static void on_delete(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "deleting an event") ||
        !web_event_load(app, req, res, &id, &e))
        return;
    if (tstore_delete(app->tstore, id)) {
        app->events_version++;
        live_announce(app->games, &app->games->changed);
        http_json(res, 200, json_pack("{s:I}", "deleted", (json_int_t)id));
    } else {
        http_error(res, 500, "the event could not be deleted");
    }
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

static void on_settings(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long id;
    ShEvent *e;
    if (rights_need_arbiter(app, req, res, "changing an event's settings") &&
        web_event_load(app, req, res, &id, &e)) {
        char change[1024] = "set";
        if (apply_settings(body, NULL, e, res, change, sizeof change) &&
            web_event_commit(app, id, e, change, res))
            reply_event(app, res, 200, id, e);
        pthread_mutex_unlock(&app->games->lock);
        sh_event_free(e);
    }
    json_decref(body);
}

static bool get_text(json_t *body, const char *name, char *out, size_t size, HttpResponse *res)
{
    const char *v = NULL;
    if (!http_get_string(body, name, &v, res))
        return false;
    if (v && strlen(v) >= size) {
        http_field_error(res, 400, name, 0, 0, "%s is longer than %zu characters", name, size - 1);
        return false;
    }
    snprintf(out, size, "%s", v ? v : "");
    return true;
}

static void on_add_player(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    long rating = 0, born = 0, level = 0, board = 0;
    if (!get_text(body, "name", p.name, sizeof p.name, res) ||
        !get_text(body, "title", p.title, sizeof p.title, res) ||
        !get_text(body, "club", p.club, sizeof p.club, res) ||
        !get_text(body, "team", p.team, sizeof p.team, res) ||
        !get_text(body, "federation", p.federation, sizeof p.federation, res) ||
        !http_get_int(body, "rating", 0, 4000, &rating, res) ||
        !http_get_int(body, "birth_year", 0, 2200, &born, res) ||
        !http_get_int(body, "board", 0, SH_TEAM_MAX_MEMBERS, &board, res))
        goto done;
    p.board = (int)board;
    json_t *engine = json_object_get(body, "engine");
    if (engine && !json_is_null(engine) &&
        !http_get_int(body, "engine", 1, 10, &level, res))
        goto done;
    if (level)
        snprintf(p.engine, sizeof p.engine, "self:level=%ld", level);
    if (!p.name[0] && level)
        snprintf(p.name, sizeof p.name, "Shashki (level %ld)", level);
    if (!p.name[0]) {
        http_field_error(res, 400, "name", 0, 0, "a player needs a name");
        goto done;
    }
    p.rating = (int)rating;
    p.birth_year = (int)born;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "registering a player") ||
        !web_event_load(app, req, res, &id, &e))
        goto done;
    int pid = 0;
    ShError err;
    char change[256];
    snprintf(change, sizeof change, "add %.100s%s", p.name, level ? " (engine)" : "");
    if (sh_event_add_player(e, &p, &pid, &err) != SH_OK)
        http_field_error(res, 409, "name", 0, 0, "%s", err.message);
    else if (web_event_commit(app, id, e, change, res))
        reply_event(app, res, 201, id, e);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
done:
    json_decref(body);
}

/* DELETE /api/events/ID/players/PID: the player withdraws (plays no more rounds). */
static void on_withdraw(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "withdrawing a player") ||
        !web_event_load(app, req, res, &id, &e))
        return;
    int pid = sh_event_find_player(e, req->params[1]);
    ShError err;
    char change[128];
    snprintf(change, sizeof change, "withdraw %d", pid);
    if (pid <= 0)
        http_error(res, 404, "event %ld has no player '%s'", id, req->params[1]);
    else if (sh_event_withdraw(e, pid, 0, &err) != SH_OK)
        http_error(res, 409, "%s", err.message);
    else if (web_event_commit(app, id, e, change, res))
        reply_event(app, res, 200, id, e);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

/* POST /api/events/ID/rounds: pair the next round (the first one starts the event); the
 * games of two engines begin at once. */
static void on_pair(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "pairing a round") ||
        !web_event_load(app, req, res, &id, &e))
        return;
    int stage = 0, round = 0;
    ShError err;
    char change[64];
    if (sh_event_player_count(e) < 2) {
        http_error(res, 409, "an event needs two players or more to start");
    } else if (sh_event_pair_next(e, &stage, &round, &err) != SH_OK) {
        http_error(res, 409, "%s", err.message);
    } else {
        snprintf(change, sizeof change, "pair stage %d round %d", stage, round);
        if (web_event_commit(app, id, e, change, res)) {
            web_event_start_engine_games(app, id, e, stage, round);
            reply_event(app, res, 201, id, e);
        }
    }
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

/* DELETE /api/events/ID/rounds: take back the last round paired while it has no result. */
static void on_unpair(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "taking back a round") ||
        !web_event_load(app, req, res, &id, &e))
        return;
    ShError err;
    if (sh_event_unpair_last(e, &err) != SH_OK)
        http_error(res, 409, "%s", err.message);
    else if (web_event_commit(app, id, e, "unpair", res))
        reply_event(app, res, 200, id, e);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

static ShResult board_result(ShGameResult r)
{
    switch (r) {
    case SH_GAME_WHITE_WINS:
    case SH_GAME_WHITE_FORFEIT:
        return SH_RESULT_WHITE_WINS;
    case SH_GAME_BLACK_WINS:
    case SH_GAME_BLACK_FORFEIT:
        return SH_RESULT_BLACK_WINS;
    case SH_GAME_DRAW:
    case SH_GAME_DOUBLE_FORFEIT:
        return SH_RESULT_DRAW;
    default:
        return SH_RESULT_NONE;
    }
}

/* A table's result entered by the arbiter (lock held): as on_result, the table's game still
 * being played in the app ending with it. */
static void table_result(WebApp *app, HttpResponse *res, long id, ShEvent *e,
                         const ShEventPairing *p, const char *text)
{
    ShError err;
    long game_id = p->ngames ? p->games[0].game_id : 0;
    int stage = p->stage, round = p->round, board = p->board;
    char change[128];
    snprintf(change, sizeof change, "result stage %d round %d board %d game 1 %s", stage, round,
             board, text);
    if (sh_event_set_table_result(e, stage, round, board, text, game_id, &err) != SH_OK) {
        if (err.code == SH_ERR_SYNTAX)
            http_field_error(res, 400, "result", 0, 0, "%s", err.message);
        else
            http_error(res, 409, "%s", err.message);
        return;
    }
    if (!web_event_commit(app, id, e, change, res))
        return;
    Live *l = game_id ? live_get(app->games, game_id) : NULL;
    if (l && live_playing(l) && strcmp(text, "*") &&
        sh_play_adjudicate(l->play, text, NULL) == SH_OK) {
        snprintf(l->recorded, sizeof l->recorded, "%s", text);
        snprintf(l->row.note, sizeof l->row.note, "the result entered in the event");
        live_settle(app->games, l);
    }
    reply_event(app, res, 200, id, e);
}

/* POST /api/events/ID/results {stage, round, board, game, result}: the arbiter enters or
 * corrects a result. A game of the pairing still being played in the app ends with it. */
static void on_result(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long stage = 0, round = 0, board = 0, game = -1;
    const char *text = NULL;
    ShGameResult result;
    if (!http_get_int(body, "stage", 1, SH_EVENT_MAX_STAGES, &stage, res) ||
        !http_get_int(body, "round", 1, 1000, &round, res) ||
        !http_get_int(body, "board", 1, SH_EVENT_MAX_PLAYERS, &board, res) ||
        !http_get_int(body, "game", 0, SH_EVENT_MAX_GAMES - 1, &game, res) ||
        !http_get_string(body, "result", &text, res))
        goto done;
    if (!round) {
        http_field_error(res, 400, "round", 0, 0, "say which round");
        goto done;
    }
    if (!board) {
        http_field_error(res, 400, "board", 0, 0, "say which board");
        goto done;
    }
    /* a table's result (a share for each seat: 1-0-0-0) is read against its table below */
    bool parsed = text && sh_event_result_parse(text, &result);
    if (!text || (!parsed && strchr(text, '-') == strrchr(text, '-'))) {
        http_field_error(res, 400, "result", 0, 0,
                         "result must be 1-0, 1/2-1/2, 0-1, +- or -+ (forfeits), -- or *; at a "
                         "table of three or four a share each (1-0-0, 1/3-1/3-1/3)");
        goto done;
    }
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "entering a result") ||
        !web_event_load(app, req, res, &id, &e))
        goto done;
    if (!stage)
        stage = sh_event_current_stage(e);
    const ShEventPairing *list;
    int n = stage >= 1 && stage <= sh_event_stage_count(e) &&
                    round <= sh_event_rounds_paired(e, (int)stage)
                ? sh_event_pairings(e, (int)stage, (int)round, &list)
                : -1;
    const ShEventPairing *p = NULL;
    for (int i = 0; i < n; i++)
        if (list[i].board == board)
            p = &list[i];
    ShError err;
    if (n < 0) {
        http_field_error(res, 400, "round", 0, 0, "round %ld of stage %ld has not been paired",
                         round, stage);
    } else if (!p) {
        http_field_error(res, 400, "board", 0, 0, "round %ld has no board %ld (boards 1 to %d)",
                         round, board, n);
    } else if (p->seats) {
        table_result(app, res, id, e, p, text);
    } else if (!parsed) {
        http_field_error(res, 400, "result", 0, 0,
                         "board %ld is a game of two players: 1-0, 1/2-1/2, 0-1, +-, -+, -- or *",
                         board);
    } else {
        if (game < 0) { /* the next game without a result, else the last one */
            int tb;
            game = sh_event_next_game(e, p, &tb, NULL);
            if (game < 0)
                game = p->ngames > 0 ? p->ngames - 1 : 0;
        }
        long game_id = game < p->ngames ? p->games[game].game_id : 0;
        char change[128];
        snprintf(change, sizeof change, "result stage %ld round %ld board %ld game %ld %s", stage,
                 round, board, game + 1, sh_event_result_text(result));
        if (sh_event_set_result(e, (int)stage, (int)round, (int)board, (int)game, result,
                                game_id, &err) != SH_OK) {
            http_error(res, 409, "%s", err.message);
        } else if (web_event_commit(app, id, e, change, res)) {
            /* the app's game of it, still being played, ends with the arbiter's result */
            Live *l = game_id ? live_get(app->games, game_id) : NULL;
            if (l && live_playing(l) && board_result(result) != SH_RESULT_NONE &&
                sh_play_adjudicate(l->play, sh_result_pdn(board_result(result), false), NULL) ==
                    SH_OK) {
                snprintf(l->recorded, sizeof l->recorded, "%s",
                         sh_result_pdn(board_result(result), false));
                snprintf(l->row.note, sizeof l->row.note, "the result entered in the event");
                live_settle(app->games, l);
            }
            reply_event(app, res, 200, id, e);
        }
    }
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
done:
    json_decref(body);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/events", on_list},
    {"POST", "/api/events", on_create},
    {"GET", "/api/events/*", on_get},
    {"DELETE", "/api/events/*", on_delete},
    {"POST", "/api/events/*/settings", on_settings},
    {"POST", "/api/events/*/players", on_add_player},
    {"DELETE", "/api/events/*/players/*", on_withdraw},
    {"POST", "/api/events/*/rounds", on_pair},
    {"DELETE", "/api/events/*/rounds", on_unpair},
    {"POST", "/api/events/*/results", on_result},
};

WEB_ROUTES(WEB_EVENTS_ROUTES, ROUTES);
