/* web_games.c - the games resource: create a game, list the archive, read a game (as JSON or
 * PDN), delete one (the arbiter's). See docs/web-api.md. */
#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
        http_error(res, 404, "no game %ld", id);
    }
    return l;
}

json_t *web_game_json(WebApp *app, const HttpRequest *req, const Live *l, unsigned taken_now)
{
    json_t *j = live_json_game(l);
    unsigned held = rights_seats(app, req, l, NULL) | taken_now;
    live_json_viewer(j, l, held, held != 0 || rights_is_arbiter(app, req));
    json_t *event = web_event_link_json(app, l->id);
    json_object_set_new(j, "event", event ? event : json_null());
    return j;
}

void web_reply_game(WebApp *app, const HttpRequest *req, HttpResponse *res, int status,
                    const Live *l, unsigned taken_now)
{
    http_json(res, status, web_game_json(app, req, l, taken_now));
}

static void on_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *opponent = "engine", *color = "white", *time_text = NULL, *fen = NULL,
               *opening = NULL, *white = NULL, *black = NULL, *seats = NULL;
    long level = 5;
    if (!http_get_string(body, "opponent", &opponent, res) ||
        !http_get_string(body, "color", &color, res) ||
        !http_get_string(body, "time", &time_text, res) ||
        !http_get_string(body, "fen", &fen, res) ||
        !http_get_string(body, "opening", &opening, res) ||
        !http_get_string(body, "white", &white, res) ||
        !http_get_string(body, "black", &black, res) ||
        !http_get_string(body, "seats", &seats, res) ||
        !http_get_int(body, "level", 1, ENGINE_LEVEL_MAX, &level, res))
        goto done;
    ShVariant variant;
    if (!web_variant_member(body, &variant, res))
        goto done;
    if (strcmp(opponent, "engine") && strcmp(opponent, "human")) {
        http_field_error(res, 400, "opponent", 0, 0, "opponent must be engine or human");
        goto done;
    }
    bool vs_engine = strcmp(opponent, "engine") == 0;
    int person = live_color_parse(color);
    if (person < 0 && strcmp(color, "random") == 0)
        person = (int)((uint64_t)time(NULL) ^ g->seed++) & 1;
    if (person < 0) {
        http_field_error(res, 400, "color", 0, 0, "color must be white, black or random");
        goto done;
    }
    /* the seats this device takes: against the engine the person's; between people both
     * (one board) unless it says which (two devices: the other seat waits for its code) */
    unsigned take = vs_engine ? 1u << person : 3u;
    if (seats && vs_engine) {
        http_field_error(res, 400, "seats", 0, 0, "against the engine the person takes their colour's seat");
        goto done;
    }
    if (seats) {
        int c = live_color_parse(seats);
        if (c < 0 && strcmp(seats, "random") == 0)
            c = (int)((uint64_t)time(NULL) ^ g->seed++) & 1;
        if (c >= 0)
            take = 1u << c;
        else if (strcmp(seats, "both") == 0)
            take = 3u;
        else if (strcmp(seats, "none") == 0)
            take = 0;
        else {
            http_field_error(res, 400, "seats", 0, 0, "seats must be both, white, black, random or none");
            goto done;
        }
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
    const char *vname = web_variant_name(variant);
    if (opening && *opening && !web_variant_has_ballots(variant)) {
        http_field_error(res, 400, "opening", 0, 0,
                         "the ballots are openings of Russian checkers (and of giveaway and "
                         "northern): a game of %s starts from its start or a FEN", vname);
        goto done;
    }
    if (opening && *opening) {
        field = "opening";
        st = sh_game_new_opening_variant(&game, opening, variant, &options, &err);
    } else {
        ShPosition start;
        if (fen && *fen)
            st = sh_fen_read_variant(fen, variant, &start, &err);
        else { /* a game that draws its start by lot (flying) draws it now */
            sh_position_start_drawn(&start, variant, randombytes_random());
            st = SH_OK;
        }
        if (st == SH_OK)
            st = sh_game_new(&game, &start, &options, &err);
    }
    if (st != SH_OK) {
        if (field[0] == 'f')
            http_field_error(res, 400, field, 0, err.column, "%s (a FEN of %s, in its squares)",
                             err.message, vname);
        else
            http_field_error(res, 400, field, 0, err.column, "%s", err.message);
        goto done;
    }
    if (sh_position_result(sh_game_position(game), NULL) != SH_RESULT_NONE) {
        sh_game_free(game);
        http_field_error(res, 400, field, 0, 0,
                         "the game is over in that position (a side has no piece or no move): "
                         "nothing to play");
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
    snprintf(row->variant, sizeof row->variant, "%s", vname);
    char engine_name[64];
    snprintf(engine_name, sizeof engine_name, "Shashki (level %ld)", level);
    const char *white_name = white && *white ? white : (vs_engine && person == SH_BLACK ? engine_name : "White");
    const char *black_name = black && *black ? black : (vs_engine && person == SH_WHITE ? engine_name : "Black");
    snprintf(row->white, sizeof row->white, "%s", white_name);
    snprintf(row->black, sizeof row->black, "%s", black_name);
    snprintf(row->opponent, sizeof row->opponent, "%s", opponent);
    row->level = vs_engine ? (int)level : 0;
    snprintf(row->engine_color, sizeof row->engine_color, "%s", vs_engine ? live_color_name(person ^ 1) : "");
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
    live_row_sync(l);
    pthread_mutex_lock(&g->lock);
    if (!store_create(g->store, row)) {
        pthread_mutex_unlock(&g->lock);
        live_free(l);
        http_error(res, 500, "the game could not be saved");
        goto done;
    }
    l->id = row->id;
    for (int c = 0; c < 2; c++) {
        l->seats[c].human = !vs_engine || c == person;
        if (!l->seats[c].human)
            continue;
        if (take & (1u << c))
            rights_take_seat(app, res, l, c);
        else
            auth_code_new(l->seats[c].code);
    }
    if (!store_seats_save(g->store, l->id, l->seats)) {
        pthread_mutex_unlock(&g->lock);
        store_delete(g->store, l->id);
        live_free(l);
        http_error(res, 500, "the game could not be saved");
        goto done;
    }
    char date[16];
    snprintf(date, sizeof date, "%.4s.%.2s.%.2s", row->created, row->created + 5, row->created + 8);
    sh_game_set_tag(game, "Date", date, NULL);
    live_add(g, l);
    live_engine_maybe_move(g, l);
    /* the creator sees the codes it made, whatever seats it took */
    json_t *j = live_json_game(l);
    live_json_viewer(j, l, take, true);
    http_json(res, 201, j);
    pthread_mutex_unlock(&g->lock);
done:
    json_decref(body);
}

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const char *q = http_query(req, "q"), *result = http_query(req, "result"),
               *status = http_query(req, "status"), *limit_text = http_query(req, "limit"),
               *offset_text = http_query(req, "offset");
    ShVariant variant;
    const char *vtext = http_query(req, "variant");
    if (!web_variant_query(req, &variant, res))
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
    StoreFilter filter = {.player = q, .result = result_text, .status = status,
                          .variant = vtext && *vtext ? web_variant_name(variant) : NULL};
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

static void on_pdn(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    char *text = NULL;
    ShVariant variant = (ShVariant)sh_game_start(l->game)->variant;
    if (sh_pdn_write(l->game, web_variant_pdn_notation(variant, false), &text, NULL, NULL) !=
        SH_OK) {
        http_error(res, 500, "the game could not be written as PDN");
    } else {
        http_text(res, 200, "application/x-pdn; charset=utf-8", text);
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
};

WEB_ROUTES(WEB_GAMES_ROUTES, ROUTES);
