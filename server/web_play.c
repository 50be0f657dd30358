/* web_play.c - what is done in a game: the players' moves, take-backs, draw offers, claims
 * and resignations (each needs the seat of the side it speaks for), and the arbiter's result.
 * See docs/web-api.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_app.h"
#include "web_rights.h"

static void on_move(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
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
    Live *l = web_game_for(app, req, res);
    if (!l) {
        json_decref(body);
        return;
    }
    ShError err;
    int side = (int)sh_position_side(sh_game_position(l->game));
    if (!live_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if (side == live_engine_color(l)) {
        http_error(res, 409, "it is the engine's turn");
    } else if (!rights_need_seat(app, req, res, l, side, "move")) {
        /* refused: res says why */
    } else if (ply >= 0 && ply != sh_game_ply_count(l->game)) {
        http_error(res, 409, "the game has %d moves, not %ld: reload it", sh_game_ply_count(l->game), ply);
    } else if (sh_game_play_text(l->game, text, NULL, &err) != SH_OK) {
        http_field_error(res, err.code == SH_ERR_SYNTAX ? 400 : 422, "move", 0, err.column, "%s",
                         err.message);
    } else if ((offer && live_playing(l) &&
                sh_game_offer_draw(l->game, (ShColor)side, NULL) != SH_OK) ||
               !live_save_move(g, l)) {
        sh_game_undo(l->game, NULL);
        live_row_sync(l);
        http_error(res, 500, "the move could not be saved");
    } else {
        if (!live_playing(l))
            store_update(g->store, &l->row);
        live_engine_maybe_move(g, l);
        live_changed(g, l);
        web_reply_game(app, req, res, 200, l, 0);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
}

static void on_undo(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    if (!rights_need_all_seats(app, req, res, l, "taking a move back")) {
        pthread_mutex_unlock(&g->lock);
        return;
    }
    int me = live_engine_color(l);
    int floor = sh_game_opening_plies(l->game);
    int plies = sh_game_ply_count(l->game);
    /* against the engine: back to the start of the person's last turn (in two-move the turn
     * is two moves); between people: one move */
    int target = plies - 1;
    if (me >= 0) {
        target = plies;
        const ShPosition *at;
        do {
            target--;
            at = sh_game_position_at(l->game, target);
        } while (target > floor && ((int)sh_position_side(at) == me || at->turn_move != 0));
        if ((int)sh_position_side(at) == me)
            target = -1;
    }
    if (plies <= floor || target < floor) {
        http_error(res, 409, "there is no move to take back");
        pthread_mutex_unlock(&g->lock);
        return;
    }
    live_engine_cancel(l);
    bool ok = true;
    while (ok && sh_game_ply_count(l->game) > target)
        ok = sh_game_undo(l->game, NULL) == SH_OK;
    live_row_sync(l);
    if (!store_truncate(g->store, &l->row, l->row.moves))
        ok = false;
    live_changed(g, l);
    if (ok)
        web_reply_game(app, req, res, 200, l, 0);
    else
        http_error(res, 500, "the move could not be taken back");
    pthread_mutex_unlock(&g->lock);
}

/* Which side a request speaks for: "color" if given, else the person against the engine, else
 * the one seat the request holds; -2 with res filled if it cannot be told or is not its. */
static int request_color(WebApp *app, const HttpRequest *req, json_t *body, const Live *l,
                         HttpResponse *res, const char *what)
{
    const char *color = NULL;
    if (!http_get_string(body, "color", &color, res))
        return -2;
    int c = -1;
    if (color) {
        c = live_color_parse(color);
        if (c < 0) {
            http_field_error(res, 400, "color", 0, 0, "color must be white or black");
            return -2;
        }
        if (c == live_engine_color(l)) {
            http_field_error(res, 409, "color", 0, 0, "%s is played by the engine", color);
            return -2;
        }
    } else if (live_engine_color(l) >= 0) {
        c = live_engine_color(l) ^ 1;
    } else {
        unsigned held = rights_seats(app, req, l, NULL);
        if (held == 1u || held == 2u) {
            c = held == 1u ? SH_WHITE : SH_BLACK;
        } else {
            http_field_error(res, 400, "color", 0, 0, "say which side: color white or black");
            return -2;
        }
    }
    return rights_need_seat(app, req, res, l, c, what) ? c : -2;
}

/* A side's action on the game (resign, offer, accept or decline a draw): the game's lock is
 * taken and released here, and the body freed. */
typedef ShStatus (*SideAction)(ShGame *game, ShColor who, ShError *err);

static void side_action(WebApp *app, const HttpRequest *req, HttpResponse *res, json_t *body,
                        SideAction act, const char *what)
{
    Live *l = web_game_for(app, req, res);
    if (l) {
        int who = request_color(app, req, body, l, res, what);
        ShError err;
        if (who >= 0) {
            if (act(l->game, (ShColor)who, &err) != SH_OK) {
                http_error(res, 409, "%s", err.message);
            } else {
                live_settle(app->games, l);
                web_reply_game(app, req, res, 200, l, 0);
            }
        }
        pthread_mutex_unlock(&app->games->lock);
    }
    json_decref(body);
}

static void on_draw(const HttpRequest *req, HttpResponse *res, void *ctx)
{
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
    bool offer = action[0] == 'o', accept = action[0] == 'a';
    side_action(ctx, req, res, body,
                offer ? sh_game_offer_draw : accept ? sh_game_accept_draw : sh_game_decline_draw,
                offer ? "offer a draw" : accept ? "accept a draw" : "decline a draw");
}

static void on_claim(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL;
    if (!http_get_string(body, "move", &text, res)) {
        json_decref(body);
        return;
    }
    Live *l = web_game_for(app, req, res);
    if (!l) {
        json_decref(body);
        return;
    }
    ShError err;
    ShMove move;
    bool granted = false;
    int before = sh_game_ply_count(l->game);
    int side = (int)sh_position_side(sh_game_position(l->game));
    if (!live_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if (side == live_engine_color(l)) {
        http_error(res, 409, "only the side to move may claim, and it is the engine's turn");
    } else if (!rights_need_seat(app, req, res, l, side, "claim a draw")) {
        /* refused */
    } else if (text && sh_move_parse(sh_game_position(l->game), text, &move, &err) != SH_OK) {
        http_field_error(res, 422, "move", 0, err.column, "%s", err.message);
    } else if (sh_game_claim_draw(l->game, text ? &move : NULL, &granted, &err) != SH_OK) {
        http_error(res, 409, "%s", err.message);
    } else {
        if (sh_game_ply_count(l->game) == before + 1)
            live_save_move(g, l);
        live_row_sync(l);
        store_update(g->store, &l->row);
        live_engine_maybe_move(g, l);
        live_changed(g, l);
        json_t *j = web_game_json(app, req, l, 0);
        json_object_set_new(j, "granted", json_boolean(granted));
        http_json(res, 200, j);
    }
    pthread_mutex_unlock(&g->lock);
    json_decref(body);
}

static void on_resign(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    side_action(ctx, req, res, body, sh_game_resign, "resign");
}

/* The arbiter's word: end a game in progress or correct a finished one's result. */
static void on_result(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL, *note = NULL;
    ShResult result = SH_RESULT_NONE;
    if (!http_get_string(body, "result", &text, res) || !http_get_string(body, "note", &note, res))
        goto done;
    if (!text || !sh_result_parse(text, &result) || result == SH_RESULT_NONE) {
        http_field_error(res, 400, "result", 0, 0, "result must be 1-0, 0-1 or 1/2-1/2");
        goto done;
    }
    if (note && strlen(note) >= sizeof ((StoredGame *)0)->note) {
        http_field_error(res, 400, "note", 0, 0, "the note is longer than %zu characters",
                         sizeof ((StoredGame *)0)->note - 1);
        goto done;
    }
    if (!rights_need_arbiter(app, req, res, "setting a game's result"))
        goto done;
    Live *l = web_game_for(app, req, res);
    if (!l)
        goto done;
    ShError err;
    if (sh_game_adjudicate(l->game, result, &err) != SH_OK) {
        http_error(res, 409, "%s", err.message);
    } else {
        snprintf(l->row.note, sizeof l->row.note, "%s", note ? note : "");
        live_settle(app->games, l);
        web_reply_game(app, req, res, 200, l, 0);
    }
    pthread_mutex_unlock(&app->games->lock);
done:
    json_decref(body);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/games/*/moves", on_move},
    {"POST", "/api/games/*/undo", on_undo},
    {"POST", "/api/games/*/draw", on_draw},
    {"POST", "/api/games/*/claim", on_claim},
    {"POST", "/api/games/*/resign", on_resign},
    {"POST", "/api/games/*/result", on_result},
};

WEB_ROUTES(WEB_PLAY_ROUTES, ROUTES);
