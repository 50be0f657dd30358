/* web_rated.c - games between accounts: seats taken by accounts, rated games and their end
 * (see web_accounts.h). */
#include <stdio.h>
#include <string.h>

#include "web_accounts.h"
#include "web_rights.h"

bool web_rated_request(WebApp *app, const HttpRequest *req, HttpResponse *res, json_t *body,
                       const ShKind *kind, const char *time_control, bool *rated, ShSpeed *speed)
{
    *rated = false;
    if (!http_get_bool(body, "rated", rated, res))
        return false;
    if (!*rated)
        return true;
    Account a;
    if (!rights_account(app, req, &a)) {
        http_refuse(res, 401, "account", "a rated game is between accounts: log in first");
        return false;
    }
    if (kind->players != 2) {
        http_field_error(res, 400, "rated", 0, 0, "rated games are games of two players");
        return false;
    }
    ShError err;
    if (!time_control || !*time_control ||
        sh_speed_classify(time_control, speed, &err) != SH_OK) {
        http_field_error(res, 400, "time", 0, 0, "a rated game has a time control%s%s",
                         time_control && *time_control ? ": " : "",
                         time_control && *time_control ? err.message : "");
        return false;
    }
    return true;
}

bool web_rated_may_take(WebApp *app, const HttpRequest *req, HttpResponse *res, Live *l,
                        int player)
{
    ShSpeed speed;
    if (!accounts_game_is_rated(app->accounts, l->id, &speed))
        return true;
    Account a;
    if (!rights_account(app, req, &a)) {
        http_refuse(res, 401, "account", "game %ld is rated: log in to take its seat", l->id);
        return false;
    }
    for (int p = 0; p < live_players(l); p++)
        if (p != player && accounts_game_player(app->accounts, l->id, p) == a.id) {
            http_refuse(res, 409, "account", "you play %s in game %ld: a rated game is between "
                        "two accounts", live_colour(l, p), l->id);
            return false;
        }
    return true;
}

void web_rated_took(WebApp *app, const HttpRequest *req, Live *l, int player)
{
    Account a;
    if (!rights_account(app, req, &a))
        return;
    if (accounts_game_seat(app->accounts, l->id, player, a.id))
        snprintf(l->row.player[player].name, sizeof l->row.player[player].name, "%s", a.name);
}

void web_rated_known(WebApp *app, Live *l)
{
    ShSpeed speed;
    if (l->is_rated)
        return;
    bool rated = accounts_game_is_rated(app->accounts, l->id, &speed);
    l->is_rated = rated ? 1 : -1;
    snprintf(l->speed, sizeof l->speed, "%s", rated ? sh_speed_name(speed) : "");
}

void web_rated_json(WebApp *app, json_t *game, Live *l)
{
    web_rated_known(app, l);
    json_object_set_new(game, "rated", json_boolean(l->is_rated > 0));
    json_object_set_new(game, "speed", l->is_rated > 0 ? json_string(l->speed) : json_null());
    json_t *players = json_object_get(game, "players");
    for (int p = 0; p < live_players(l) && json_is_array(players); p++) {
        long id = accounts_game_player(app->accounts, l->id, p);
        Account a;
        json_t *item = json_array_get(players, (size_t)p);
        if (json_is_object(item))
            json_object_set_new(item, "account",
                                id && accounts_get(app->accounts, id, &a) == ACCOUNT_OK
                                    ? json_string(a.name)
                                    : json_null());
    }
}

/* The hook (lock held): a rated game that has ended moves both ratings, once. */
static void on_game_change(WebGames *g, Live *l, void *ctx)
{
    (void)g;
    WebApp *app = ctx;
    if (live_playing(l) || l->row.result[0] == '*' || l->rated)
        return;
    l->rated = true; /* this process asks once; the database answers once in every process */
    ShRating after[2];
    accounts_rate_game(app->accounts, l->id, sh_play_kind(l->play)->name, l->row.result, after);
}

void web_rated_attach(WebApp *app)
{
    live_hook_add(app->games, on_game_change, app);
}
