/* web_seats.c - taking a seat: a player's device gives a seat's join code and gets the seat's
 * token (a cookie on the game's path); the arbiter may open a seat again (a new code, the old
 * token stale), for a player whose device is lost. See docs/web-api.md "Seats". */
#include <stdio.h>
#include <string.h>

#include "web_accounts.h"
#include "web_app.h"
#include "web_rights.h"

/* The open seat with this code (lock held), or NULL. Every open seat is compared. */
static Live *seat_find(WebGames *g, const char *code, int *player)
{
    Live *found = NULL;
    for (Live *l = g->live; l; l = l->next) {
        if (l->id <= 0 || !live_playing(l))
            continue;
        for (int p = 0; p < live_players(l); p++) {
            const StoredPlayer *s = &l->row.player[p];
            if (s->level == 0 && !s->taken && s->code[0] && auth_code_equal(s->code, code) &&
                !found) {
                found = l;
                *player = p;
            }
        }
    }
    return found;
}

static void on_join(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebGames *g = app->games;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *typed = NULL;
    char code[STORE_CODE_SIZE], peer[64];
    if (!http_get_string(body, "code", &typed, res))
        goto done;
    if (!typed || !auth_code_normalize(typed, code)) {
        http_field_error(res, 400, "code", 0, 0,
                         "a seat's code is %d letters and digits, such as K7QX9M", AUTH_CODE_LENGTH);
        goto done;
    }
    http_peer(req, peer, sizeof peer);
    auth_guess_begin(app->auth, peer); /* codes are short: guesses are paced */
    pthread_mutex_lock(&g->lock);
    int player = -1;
    Live *l = seat_find(g, code, &player);
    while (l && l->busy) { /* a change of it is being committed (live_lock.c) */
        live_wait_idle(g, l);
        l = seat_find(g, code, &player);
    }
    if (g->shared) {
        /* several processes: the copy here may be behind (live_get reads it again), or the
         * game may be one another process has just made */
        long id = l ? l->id : store_game_with_code(g->store, code);
        l = id > 0 && live_get(g, id) ? seat_find(g, code, &player) : NULL;
    }
    bool refused = l && !web_rated_may_take(app, req, res, l, player);
    if (l && !refused) {
        StoredPlayer before = l->row.player[player];
        rights_take_seat(app, res, l, player);
        web_rated_took(app, req, l, player); /* an account's seat: its name the player's */
        if (!store_update(g->store, &l->row)) {
            l->row.player[player] = before;
            http_error(res, 500, "the seat could not be saved");
        } else {
            live_changed(g, l);
            json_t *j = web_game_json(app, req, l, 1u << player);
            json_object_set_new(j, "joined", json_string(live_colour(l, player)));
            http_json(res, 200, j);
        }
    }
    pthread_mutex_unlock(&g->lock);
    auth_guess_end(app->auth, peer, l != NULL);
    if (!l && !refused)
        http_refuse(res, 403, "code",
                    "no game waits for a player with the code %s (taken already, or mistyped)", code);
done:
    json_decref(body);
}

/* DELETE /api/games/ID/seats/COLOUR: the arbiter opens the seat again. */
static void on_free(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    if (!rights_need_arbiter(app, req, res, "opening a seat again"))
        return;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    int player = req->nparams > 1 ? live_colour_parse(l, req->params[1]) : -1;
    if (player < 0) {
        http_error(res, 404, "no seat '%s' in game %ld", req->nparams > 1 ? req->params[1] : "",
                   l->id);
    } else if (!live_human(l, player)) {
        http_error(res, 409, "%s is played by the engine", live_colour(l, player));
    } else if (!live_playing(l)) {
        http_error(res, 409, "the game is over");
    } else {
        StoredPlayer *s = &l->row.player[player];
        StoredPlayer before = *s;
        s->taken = false;
        memset(s->token, 0, sizeof s->token);
        auth_code_new(s->code);
        if (!store_update(app->games->store, &l->row)) {
            *s = before;
            http_error(res, 500, "the seat could not be saved");
        } else {
            live_changed(app->games, l);
            web_reply_game(app, req, res, 200, l, 0);
        }
    }
    pthread_mutex_unlock(&app->games->lock);
}

/* GET /j/CODE: the short link players type or scan; the page takes the seat. */
static void on_link(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    char code[STORE_CODE_SIZE], where[64];
    if (!auth_code_normalize(req->params[0], code)) {
        http_error(res, 404, "no such code '%s'", req->params[0]);
        return;
    }
    snprintf(where, sizeof where, "/#/join/%s", code);
    http_add_header(res, "Location", where);
    http_text(res, 303, "text/plain; charset=utf-8", where);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/join", on_join},
    {"DELETE", "/api/games/*/seats/*", on_free},
    {"GET", "/j/*", on_link},
};

WEB_ROUTES(WEB_SEATS_ROUTES, ROUTES);
