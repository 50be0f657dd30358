/* web_games.c - the games resource, every game of the project alike: create a game, list the
 * archive, read a game (as JSON, as PDN, its position at any ply), delete one (the arbiter's).
 * See docs/web-api.md "Games". */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "web_accounts.h"
#include "web_app.h"
#include "web_rights.h"
#include "web_variant.h"

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

Live *web_game_for(WebApp *app, const HttpRequest *req, HttpResponse *res)
{
    long id;
    if (!parse_id(req, &id, res))
        return NULL;
    WebGames *g = app->games;
    pthread_mutex_lock(&g->lock);
    Live *l = live_get(g, id);
    if (!l) {
        pthread_mutex_unlock(&g->lock);
        if (store_probe(app->store))
            http_error(res, 404, "no game %ld", id);
        else /* web_database.c answers 503 */
            http_error(res, 500, "game %ld could not be read", id);
    }
    return l;
}

json_t *web_game_json(WebApp *app, const HttpRequest *req, Live *l, unsigned taken_now)
{
    /* the board, which never changes, comes with a read of the game and with a seat taken;
     * the answers to a move or an action leave it out, as the events do */
    bool geometry = strcmp(req->method, "GET") == 0 || taken_now != 0;
    json_t *j = live_json_game(l, geometry);
    unsigned held = rights_seats(app, req, l, NULL) | taken_now;
    live_json_viewer(j, l, held, held != 0 || rights_is_arbiter(app, req));
    json_t *event = web_event_link_json(app, l->id);
    json_object_set_new(j, "event", event ? event : json_null());
    json_object_set_new(j, "review", web_review_brief(app, l));
    web_rated_json(app, j, l);
    return j;
}

void web_reply_game(WebApp *app, const HttpRequest *req, HttpResponse *res, int status,
                    Live *l, unsigned taken_now)
{
    http_json(res, status, web_game_json(app, req, l, taken_now));
}

void web_reply_stale(WebApp *app, const HttpRequest *req, HttpResponse *res, Live *l,
                     const char *message)
{
    json_t *j = web_game_json(app, req, l, 0);
    json_object_set_new(j, "error", json_pack("{s:i,s:s,s:s}", "status", 409, "needs", "reload",
                                              "message", message));
    http_json(res, 409, j);
}

/* ---- creating a game ------------------------------------------------------------------------ */

/* What the creator asked of each seat: 'h' here (this device takes it), 'c' another device
 * (by its code), 'e' the engine. */
typedef struct SeatPlan {
    char kind[SH_MAX_PLAYERS];
    int level[SH_MAX_PLAYERS];
    const char *name[SH_MAX_PLAYERS];
} SeatPlan;

static int colour_of(const ShKind *k, const char *text)
{
    for (int p = 0; text && p < k->players; p++)
        if (strcmp(text, live_kind_colour(k, p)) == 0)
            return p;
    return -1;
}

/* A random player of the game. */
static int random_player(WebGames *g, const ShKind *k)
{
    return (int)(((uint64_t)time(NULL) ^ g->seed++) % (uint64_t)k->players);
}

/* The seats as the request's "players" list gives them. */
static bool plan_players(json_t *list, const ShKind *k, long level, SeatPlan *plan,
                         HttpResponse *res)
{
    if (!json_is_array(list) || (int)json_array_size(list) != k->players) {
        http_field_error(res, 400, "players", 0, 0,
                         "players is a list of %d, one a player of %s: {\"seat\": \"here\" | "
                         "\"code\" | \"engine\", \"level\", \"name\"}",
                         k->players, k->name);
        return false;
    }
    for (int p = 0; p < k->players; p++) {
        json_t *item = json_array_get(list, (size_t)p);
        const char *seat = json_string_value(json_object_get(item, "seat"));
        json_t *lv = json_object_get(item, "level"), *name = json_object_get(item, "name");
        if (!json_is_object(item) || !seat ||
            (strcmp(seat, "here") && strcmp(seat, "code") && strcmp(seat, "engine"))) {
            http_field_error(res, 400, "players", 0, 0, "player %d's seat is here, code or engine",
                             p + 1);
            return false;
        }
        if (lv && !json_is_null(lv) &&
            (!json_is_integer(lv) || json_integer_value(lv) < 1 || json_integer_value(lv) > 10)) {
            http_field_error(res, 400, "players", 0, 0, "player %d's level is 1 to 10", p + 1);
            return false;
        }
        if (name && !json_is_null(name) &&
            (!json_is_string(name) || strlen(json_string_value(name)) >= STORE_TEXT)) {
            http_field_error(res, 400, "players", 0, 0, "player %d's name is a text of at most %d "
                             "characters", p + 1, STORE_TEXT - 1);
            return false;
        }
        plan->kind[p] = seat[0];
        plan->level[p] = lv && json_is_integer(lv) ? (int)json_integer_value(lv) : (int)level;
        plan->name[p] = json_is_string(name) ? json_string_value(name) : NULL;
    }
    return true;
}

/* The seats of the two-player form: the person against the engine (`color`), or people at one
 * board or on several devices (`seats`). Every game of more players takes it too: the engine
 * plays every seat but the person's; between people "both" means every seat here. */
static bool plan_classic(WebGames *g, const ShKind *k, const char *opponent, const char *color,
                         const char *seats, long level, SeatPlan *plan, HttpResponse *res)
{
    if (strcmp(opponent, "engine") && strcmp(opponent, "human")) {
        http_field_error(res, 400, "opponent", 0, 0, "opponent must be engine or human");
        return false;
    }
    bool engine = opponent[0] == 'e';
    if (engine && seats) {
        http_field_error(res, 400, "seats", 0, 0,
                         "against the engine the person takes their colour's seat");
        return false;
    }
    int person = colour_of(k, color);
    if (person < 0 && strcmp(color, "random") == 0)
        person = random_player(g, k);
    if (person < 0) {
        http_field_error(res, 400, "color", 0, 0, "color must be %s%s%s or random",
                         live_kind_colour(k, 0), k->players > 2 ? ", " : " or ",
                         live_kind_colour(k, 1));
        return false;
    }
    for (int p = 0; p < k->players; p++) {
        plan->level[p] = (int)level;
        plan->kind[p] = engine ? (p == person ? 'h' : 'e') : 'h';
    }
    if (!engine && seats) {
        int mine = colour_of(k, seats);
        if (mine < 0 && strcmp(seats, "random") == 0)
            mine = random_player(g, k);
        if (mine < 0 && strcmp(seats, "both") && strcmp(seats, "none")) {
            http_field_error(res, 400, "seats", 0, 0,
                             "seats must be both, a colour (%s, %s ...), random or none",
                             live_kind_colour(k, 0), live_kind_colour(k, 1));
            return false;
        }
        for (int p = 0; p < k->players; p++)
            plan->kind[p] = strcmp(seats, "both") == 0 ? 'h' : p == mine ? 'h' : 'c';
    }
    return true;
}

static void on_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *opponent = "engine", *color = NULL, *time_text = NULL, *fen = NULL,
               *position = NULL, *opening = NULL, *seats = NULL, *settings = NULL;
    long level = 5;
    const ShKind *k;
    if (!http_get_string(body, "opponent", &opponent, res) ||
        !http_get_string(body, "color", &color, res) ||
        !http_get_string(body, "time", &time_text, res) ||
        !http_get_string(body, "fen", &fen, res) ||
        !http_get_string(body, "position", &position, res) ||
        !http_get_string(body, "opening", &opening, res) ||
        !http_get_string(body, "seats", &seats, res) ||
        !http_get_string(body, "settings", &settings, res) ||
        !http_get_int(body, "level", 1, 10, &level, res) || !web_kind_member(body, &k, res))
        goto done;
    SeatPlan plan;
    memset(&plan, 0, sizeof plan);
    json_t *list = json_object_get(body, "players");
    if (list && !json_is_null(list) ? !plan_players(list, k, level, &plan, res)
                                    : !plan_classic(g, k, opponent, color ? color : live_kind_colour(k, 0),
                                                    seats, level, &plan, res))
        goto done;
    const char *names[SH_MAX_PLAYERS] = {0};
    for (int p = 0; p < k->players; p++) {
        const char *given = NULL;
        if (!http_get_string(body, live_kind_colour(k, p), &given, res))
            goto done;
        names[p] = plan.name[p] ? plan.name[p] : given;
        if (names[p] && strlen(names[p]) >= STORE_TEXT) {
            http_field_error(res, 400, live_kind_colour(k, p), 0, 0,
                             "a name is at most %d characters", STORE_TEXT - 1);
            goto done;
        }
        if (plan.kind[p] == 'e' && !k->engine) {
            http_field_error(res, 400, list ? "players" : "opponent", 0, 0,
                             "%s has no engine: every seat is a person's", k->name);
            goto done;
        }
    }
    const char *start = fen && *fen ? fen : position;
    const char *start_field = fen && *fen ? "fen" : "position";
    bool rated;
    ShSpeed speed;
    if (!web_rated_request(app, req, res, body, k, time_text, &rated, &speed))
        goto done;
    if (rated) {
        int here = 0, code = 0;
        for (int p = 0; p < k->players; p++) {
            here += plan.kind[p] == 'h';
            code += plan.kind[p] == 'c';
        }
        if (here != 1 || code != 1) {
            http_field_error(res, 400, "rated", 0, 0, "a rated game is between two accounts: "
                             "this device takes one seat, the other is taken by its code");
            goto done;
        }
        if (start && *start) {
            http_field_error(res, 400, "rated", 0, 0,
                             "a rated game starts from the game's start (or an opening)");
            goto done;
        }
    }
    if (start && *start && opening && *opening) {
        http_field_error(res, 400, "opening", 0, 0, "give a starting position or an opening, not both");
        goto done;
    }
    if (start && *start && settings && *settings && k->family == SH_FAMILY_OTHER) {
        http_field_error(res, 400, "settings", 0, 0,
                         "a position's text keeps its own settings: give one or the other");
        goto done;
    }
    if (start && strlen(start) >= SH_PLAY_TEXT_SIZE) {
        http_field_error(res, 400, start_field, 0, 0, "the position is too long");
        goto done;
    }
    if ((settings && strlen(settings) >= sizeof((StoredGame *)0)->settings) ||
        (opening && strlen(opening) >= sizeof((StoredGame *)0)->opening) ||
        (time_text && strlen(time_text) >= sizeof((StoredGame *)0)->time_control)) {
        http_field_error(res, 400, settings && strlen(settings) > 200 ? "settings"
                                   : opening && strlen(opening) > 30  ? "opening"
                                                                      : "time",
                         0, 0, "too long");
        goto done;
    }
    StoredGame *row = calloc(1, sizeof *row);
    if (!row) {
        http_error(res, 500, "out of memory");
        goto done;
    }
    snprintf(row->variant, sizeof row->variant, "%s", k->name);
    snprintf(row->settings, sizeof row->settings, "%s", settings ? settings : "");
    snprintf(row->start, sizeof row->start, "%s", start ? start : "");
    snprintf(row->opening, sizeof row->opening, "%s", opening ? opening : "");
    snprintf(row->time_control, sizeof row->time_control, "%s", time_text ? time_text : "");
    for (int p = 0; p < k->players; p++) {
        StoredPlayer *pl = &row->player[p];
        pl->level = plan.kind[p] == 'e' ? plan.level[p] : 0;
        if (names[p] && *names[p])
            snprintf(pl->name, sizeof pl->name, "%s", names[p]);
        else if (pl->level)
            snprintf(pl->name, sizeof pl->name, "Shashki (level %d)", pl->level);
        else
            snprintf(pl->name, sizeof pl->name, "%s", k->player_names[p]);
    }
    ShError err;
    const char *field;
    pthread_mutex_lock(&g->lock);
    Live *l = live_create(g, row, NULL, NULL, &err, &field);
    if (!l) {
        pthread_mutex_unlock(&g->lock);
        if (strcmp(field, "position") == 0)
            http_field_error(res, 400, start_field, 0, err.column, "%s (a %s of %s, in its %s)",
                             err.message, k->family == SH_FAMILY_OTHER ? "position" : "FEN",
                             k->name, k->family == SH_FAMILY_OTHER ? "cells" : "squares");
        else if (*field)
            http_field_error(res, 400, field, 0, err.column, "%s", err.message);
        else
            http_error(res, 500, "%s", err.message);
        free(row);
        goto done;
    }
    free(row);
    if (rated)
        accounts_game_rated(app->accounts, l->id, speed);
    /* the seats this device takes; the creator sees the codes it made, whatever it took */
    unsigned take = 0;
    for (int p = 0; p < k->players; p++)
        if (plan.kind[p] == 'h') {
            rights_take_seat(app, res, l, p);
            web_rated_took(app, req, l, p);
            take |= 1u << p;
        }
    if (take)
        store_update(g->store, &l->row);
    json_t *j = live_json_game(l, true);
    live_json_viewer(j, l, take, true);
    json_object_set_new(j, "event", json_null());
    json_object_set_new(j, "review", json_null());
    web_rated_json(app, j, l);
    http_json(res, 201, j);
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
}

/* ---- reading ------------------------------------------------------------------------------- */

/* A result of a game of three or four: a point for each player (1, 0, 1/3, 1/4, 1/2) joined by
 * '-'. */
static bool many_result(const char *text)
{
    int parts = 0;
    for (const char *p = text; *p; parts++) {
        if (strncmp(p, "1/", 2) == 0 && p[2] >= '2' && p[2] <= '4')
            p += 3;
        else if (*p == '0' || *p == '1')
            p++;
        else
            return false;
        if (*p == '-' && p[1])
            p++;
        else if (*p)
            return false;
    }
    return parts == 3 || parts == 4;
}

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const char *q = http_query(req, "q"), *result = http_query(req, "result"),
               *status = http_query(req, "status"), *limit_text = http_query(req, "limit"),
               *offset_text = http_query(req, "offset"), *vtext = http_query(req, "variant");
    const ShKind *k;
    if (!web_kind_query(req, &k, res))
        return;
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
    if (result && *result && !sh_result_parse(result, &parsed) && !many_result(result)) {
        http_field_error(res, 400, "result", 0, 0,
                         "result must be 1-0, 0-1, 1/2-1/2, * or a result of more players (0-1-0)");
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
    const char *result_text = result && *result && sh_result_parse(result, &parsed)
                                  ? sh_result_pdn(parsed, false)
                                  : result;
    StoreFilter filter = {.player = q, .result = result_text, .status = status,
                          .variant = vtext && *vtext ? k->name : NULL};
    int n = store_find(app->store, &filter, (int)offset, (int)limit, rows, &total);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        json_t *summary = live_json_summary(&rows[i]), *event = web_event_link_json(app, rows[i].id);
        json_object_set_new(summary, "event", event ? event : json_null());
        json_array_append_new(list, summary);
    }
    free(rows);
    http_json(res, 200, json_pack("{s:o,s:i}", "games", list, "total", total));
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    web_reply_game(app, req, res, 200, l, 0);
    pthread_mutex_unlock(&app->games->lock);
}

/* GET /api/games/ID/position?ply=K: the position after K moves (the page's review). */
static void on_position(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const char *text = http_query(req, "ply");
    long ply = -1;
    if (text && *text) {
        char *end;
        errno = 0;
        ply = strtol(text, &end, 10);
        if (*end || errno || ply < 0 || ply > 100000) {
            http_field_error(res, 400, "ply", 0, 0, "ply is a number of moves from 0");
            return;
        }
    }
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    if (ply > sh_play_ply_count(l->play))
        http_field_error(res, 400, "ply", 0, 0, "the game has %d moves", sh_play_ply_count(l->play));
    else
        http_json(res, 200, live_json_position(l, (int)ply));
    pthread_mutex_unlock(&app->games->lock);
}

static void on_pdn(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    char *text = NULL;
    char disposition[96];
    snprintf(disposition, sizeof disposition, "attachment; filename=\"shashki-%ld.pdn\"", l->id);
    if (web_game_pdn(app, l, &text, NULL) != SH_OK) {
        http_error(res, 500, "the game could not be written as PDN");
    } else {
        http_text(res, 200, "application/x-pdn; charset=utf-8", text);
        if (http_query(req, "download"))
            http_add_header(res, "Content-Disposition", disposition);
        free(text);
    }
    pthread_mutex_unlock(&g->lock);
}

static void on_delete(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    long id;
    if (!parse_id(req, &id, res) || !rights_need_arbiter(app, req, res, "deleting a game"))
        return;
    pthread_mutex_lock(&g->lock);
    live_forget(g, id);
    bool ok = store_delete(g->store, id);
    pthread_mutex_unlock(&g->lock);
    if (ok)
        http_json(res, 200, json_pack("{s:I}", "deleted", (json_int_t)id));
    else
        http_error(res, 404, "no game %ld", id);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/games", on_create},
    {"GET", "/api/games", on_list},
    {"GET", "/api/games/*", on_get},
    {"DELETE", "/api/games/*", on_delete},
    {"GET", "/api/games/*/pdn", on_pdn},
    {"GET", "/api/games/*/position", on_position},
};

WEB_ROUTES(WEB_GAMES_ROUTES, ROUTES);
