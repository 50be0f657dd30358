/* web_play.c - what is done in a game of any kind: the players' moves, take-backs, draw offers,
 * claims and resignations (each needs the seat of the player it speaks for), and the arbiter's
 * result. See docs/web-api.md "Games". */
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
    int mover = live_to_move(l);
    int plies = sh_play_ply_count(l->play);
    if (ply >= 0 && ply != plies) { /* stale, whoever sends it: the game as it is */
        char why[160];
        if (!live_playing(l))
            snprintf(why, sizeof why, "the game has %d moves, not %ld: it is over", plies, ply);
        else
            snprintf(why, sizeof why, "the game has %d moves, not %ld: it is %s's turn now%s",
                     plies, ply, sh_play_kind(l->play)->player_names[mover],
                     live_human(l, mover) ? "" : " (the engine's)");
        web_reply_stale(app, req, res, l, why);
    } else if (!live_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if (!live_human(l, mover)) {
        http_error(res, 409, "it is the engine's turn");
    } else if (!rights_need_seat(app, req, res, l, mover, "move")) {
        /* refused: res says why */
    } else if (sh_play_move(l->play, text, NULL, &err) != SH_OK) {
        if (sh_play_over(l->play)) { /* the mover's flag had fallen: the game is lost on time */
            live_settle(g, l);
            http_error(res, 409, "%s", err.message);
        } else {
            http_field_error(res, err.code == SH_ERR_SYNTAX ? 400 : 422, "move", 0, err.column,
                             "%s", err.message);
        }
    } else if (offer && live_playing(l) && sh_play_offer_draw(l->play, mover, &err) != SH_OK) {
        /* the offer is refused (a game without draws, an offer out of turn): so is the move */
        sh_play_undo(l->play, NULL);
        live_row_sync(l);
        http_field_error(res, 409, "offer_draw", 0, 0, "%s", err.message);
    } else if (!live_save_move(g, l)) {
        if (live_refresh_stale(g, l)) { /* another process changed the game first */
            char why[160];
            snprintf(why, sizeof why, "the game changed meanwhile: it has %d moves now",
                     sh_play_ply_count(l->play));
            web_reply_stale(app, req, res, l, why);
        } else {
            sh_play_undo(l->play, NULL);
            live_row_sync(l);
            http_error(res, 500, "the move could not be saved");
        }
    } else {
        if (!live_playing(l))
            live_commit(g, l, 0, NULL);
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
    int floor = sh_play_opening_plies(l->play);
    int plies = sh_play_ply_count(l->play);
    /* against the engine: back to the person's last turn (past the engine's moves, and both
     * moves of a two-move turn); between people: one move */
    int target = plies - 1;
    bool engines = false;
    for (int p = 0; p < live_players(l); p++)
        engines = engines || !live_human(l, p);
    if (engines) {
        target = plies;
        int mover;
        do {
            target--;
            mover = sh_play_to_move(l->play, target);
        } while (target > floor && !live_human(l, mover));
        /* a two-move turn: back to its first move */
        while (target > floor && sh_play_to_move(l->play, target - 1) == mover &&
               sh_play_kind(l->play)->family != SH_FAMILY_OTHER)
            target--;
        if (!live_human(l, mover))
            target = -1;
    }
    if (plies <= floor || target < floor) {
        http_error(res, 409, "there is no move to take back");
        pthread_mutex_unlock(&g->lock);
        return;
    }
    live_engine_cancel(l);
    bool ok = true;
    while (ok && sh_play_ply_count(l->play) > target)
        ok = sh_play_undo(l->play, NULL) == SH_OK;
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

/* Which player a request speaks for: "color" if given, else the one person against the
 * engine, else the one seat the request holds; -2 with res filled if it cannot be told or is
 * not its. */
static int request_player(WebApp *app, const HttpRequest *req, json_t *body, const Live *l,
                          HttpResponse *res, const char *what)
{
    const char *color = NULL;
    if (!http_get_string(body, "color", &color, res))
        return -2;
    int p = -1;
    unsigned held = rights_seats(app, req, l, NULL);
    int people = 0, person = -1, seats = 0, seat = -1;
    for (int q = 0; q < live_players(l); q++) {
        if (live_human(l, q)) {
            people++;
            person = q;
        }
        if (held & (1u << q)) {
            seats++;
            seat = q;
        }
    }
    if (color) {
        p = live_colour_parse(l, color);
        if (p < 0) {
            http_field_error(res, 400, "color", 0, 0, "color must be a player of this game (%s, %s%s)",
                             live_colour(l, 0), live_colour(l, 1), live_players(l) > 2 ? " ..." : "");
            return -2;
        }
        if (!live_human(l, p)) {
            http_field_error(res, 409, "color", 0, 0, "%s is played by the engine", color);
            return -2;
        }
    } else if (people == 1) {
        p = person;
    } else if (seats == 1) {
        p = seat;
    } else {
        http_field_error(res, 400, "color", 0, 0, "say which side: color %s or %s%s",
                         live_colour(l, 0), live_colour(l, 1), live_players(l) > 2 ? " ..." : "");
        return -2;
    }
    return rights_need_seat(app, req, res, l, p, what) ? p : -2;
}

/* A player's action on the game (resign, offer, accept or decline a draw): the game's lock is
 * taken and released here, and the body freed. */
typedef ShStatus (*PlayerAction)(ShPlay *play, int player, ShError *err);

static void player_action(WebApp *app, const HttpRequest *req, HttpResponse *res, json_t *body,
                          PlayerAction act, const char *what)
{
    Live *l = web_game_for(app, req, res);
    if (l) {
        int who = request_player(app, req, body, l, res, what);
        ShError err;
        if (who >= 0) {
            if (act(l->play, who, &err) != SH_OK) {
                http_error(res, 409, "%s", err.message);
            } else {
                live_settle(app->games, l);
                /* an offer to the engine is answered when the engine has thought */
                live_engine_maybe_move(app->games, l);
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
    player_action(ctx, req, res, body,
                  offer ? sh_play_offer_draw : accept ? sh_play_accept_draw : sh_play_decline_draw,
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
    ShPlayMove move;
    bool granted = false;
    int before = sh_play_ply_count(l->play);
    int mover = live_to_move(l);
    if (!live_playing(l)) {
        http_error(res, 409, "the game is over");
    } else if (!live_human(l, mover)) {
        http_error(res, 409, "only the side to move may claim, and it is the engine's turn");
    } else if (!rights_need_seat(app, req, res, l, mover, "claim a draw")) {
        /* refused */
    } else if (text && sh_play_parse_move(l->play, text, &move, &err) != SH_OK) {
        http_field_error(res, 422, "move", 0, err.column, "%s", err.message);
    } else if (sh_play_claim_draw(l->play, text, &granted, &err) != SH_OK) {
        http_error(res, 409, "%s", err.message);
    } else {
        if (sh_play_ply_count(l->play) == before + 1)
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
    player_action(ctx, req, res, body, sh_play_resign, "resign");
}

/* The arbiter's word: end a game in progress or correct a finished one's result. */
static void on_result(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL, *note = NULL;
    if (!http_get_string(body, "result", &text, res) || !http_get_string(body, "note", &note, res))
        goto done;
    if (!text || !*text || strlen(text) >= SH_PLAY_RESULT_SIZE) {
        http_field_error(res, 400, "result", 0, 0, "result must be 1-0, 0-1 or 1/2-1/2 (a point "
                         "for each player, joined by '-', in a game of more)");
        goto done;
    }
    if (note && strlen(note) >= sizeof((StoredGame *)0)->note) {
        http_field_error(res, 400, "note", 0, 0, "the note is longer than %zu characters",
                         sizeof((StoredGame *)0)->note - 1);
        goto done;
    }
    if (!rights_need_arbiter(app, req, res, "setting a game's result"))
        goto done;
    Live *l = web_game_for(app, req, res);
    if (!l)
        goto done;
    ShError err;
    ShResult two;
    /* the draughts' other forms of a result ("2-0", "1:0") read as theirs */
    if (text && live_players(l) == 2 && sh_result_parse(text, &two) && two != SH_RESULT_NONE)
        text = sh_result_pdn(two, false);
    if (!text || sh_play_adjudicate(l->play, text, &err) != SH_OK) {
        http_field_error(res, 400, "result", 0, 0, "result must be %s",
                         live_players(l) == 2 ? "1-0, 0-1 or 1/2-1/2"
                         : live_players(l) == 3
                             ? "a point for each player joined by '-': 1-0-0, 0-1-0, 0-0-1 or "
                               "1/3-1/3-1/3"
                             : "a point for each player joined by '-': 1-0-0-0 ... or "
                               "1/4-1/4-1/4-1/4");
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
