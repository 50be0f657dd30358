/* web_lobby.c - the lobby: challenges offered to anyone or to one player, accepted by another
 * account, which then play (docs/web-api.md "The lobby"); and an account's games in progress,
 * those where it is to move first ("your move", the correspondence player's page). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lobby.h"
#include "web_accounts.h"
#include "web_rights.h"

static json_t *challenge_json(WebApp *app, const Challenge *c, const Account *me)
{
    Account from, to;
    bool has_from = accounts_get(app->accounts, c->from, &from) == ACCOUNT_OK;
    bool has_to = c->to && accounts_get(app->accounts, c->to, &to) == ACCOUNT_OK;
    ShSpeed speed;
    ShError err;
    const char *speed_name =
        sh_speed_classify(c->time_control, &speed, &err) == SH_OK ? sh_speed_name(speed) : NULL;
    json_t *j = json_pack("{s:I,s:s,s:s,s:o,s:s,s:s,s:o,s:b,s:s,s:o,s:o,s:s,s:o}", "id",
                          (json_int_t)c->id, "created", c->created, "from",
                          has_from ? from.name : "?", "to",
                          has_to ? json_string(to.name) : json_null(), "variant", c->variant,
                          "time", c->time_control, "speed",
                          speed_name ? json_string(speed_name) : json_null(), "rated", c->rated,
                          "color", c->color, "min_rating",
                          c->min_rating ? json_integer(c->min_rating) : json_null(),
                          "max_rating", c->max_rating ? json_integer(c->max_rating) : json_null(),
                          "status", lobby_status_name(c->status), "game",
                          c->game ? json_integer(c->game) : json_null());
    if (me) {
        json_object_set_new(j, "mine", json_boolean(c->from == me->id));
        json_object_set_new(j, "for_me", json_boolean(c->to == me->id));
    }
    return j;
}

/* An account's rating for a game and speed (a new player's when it has none). */
static int rating_of(WebApp *app, long account, const char *variant, const char *time_control)
{
    ShSpeed speed;
    ShError err;
    if (sh_speed_classify(time_control, &speed, &err) != SH_OK)
        return (int)SH_RATING_DEFAULT;
    AccountRating list[ACCOUNT_MAX_RATINGS];
    int n = accounts_ratings(app->accounts, account, list, ACCOUNT_MAX_RATINGS);
    for (int i = 0; i < n; i++)
        if (strcmp(list[i].kind, variant) == 0 && strcmp(list[i].speed, sh_speed_name(speed)) == 0)
            return (int)(list[i].rating.rating + 0.5);
    return (int)SH_RATING_DEFAULT;
}

static bool need_account(WebApp *app, const HttpRequest *req, HttpResponse *res, Account *a,
                         const char *what)
{
    if (rights_account(app, req, a))
        return true;
    http_refuse(res, 401, "account", "%s needs an account: log in first", what);
    return false;
}

/* POST /api/challenges {variant, time, rated, color, min_rating, max_rating, to} */
static void on_offer(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    Account me;
    const char *variant = "russian", *time_text = NULL, *color = "random", *to = NULL;
    bool rated = false;
    long min_rating = 0, max_rating = 0;
    Challenge c;
    memset(&c, 0, sizeof c);
    if (!need_account(app, req, res, &me, "a challenge") ||
        !http_get_string(body, "variant", &variant, res) ||
        !http_get_string(body, "time", &time_text, res) ||
        !http_get_string(body, "color", &color, res) || !http_get_string(body, "to", &to, res) ||
        !http_get_bool(body, "rated", &rated, res) ||
        !http_get_int(body, "min_rating", 0, 4000, &min_rating, res) ||
        !http_get_int(body, "max_rating", 0, 4000, &max_rating, res))
        goto done;
    const ShKind *k = sh_kind_find(variant ? variant : "russian");
    if (!k || k->players != 2) {
        http_field_error(res, 400, "variant", 0, 0, "%s is not a game of two the server plays",
                         variant ? variant : "?");
        goto done;
    }
    ShTimeControl tc;
    ShError err;
    if (!time_text || !*time_text ||
        sh_timecontrol_parse(time_text, &tc, &err) != SH_OK || tc.count == 0) {
        http_field_error(res, 400, "time", 0, time_text && *time_text ? err.column : 0,
                         "a challenge has a time control (\"5m+3s\", \"3d\" for three days a"
                         " move)%s%s", time_text && *time_text ? ": " : "",
                         time_text && *time_text ? err.message : "");
        goto done;
    }
    if (!color || (strcmp(color, "white") && strcmp(color, "black") && strcmp(color, "random"))) {
        http_field_error(res, 400, "color", 0, 0, "color is white, black or random");
        goto done;
    }
    if (max_rating && min_rating > max_rating) {
        http_field_error(res, 400, "min_rating", 0, 0, "the range's lower end is above its upper");
        goto done;
    }
    if (to && *to) {
        Account other;
        if (accounts_find(app->accounts, to, &other, NULL) != ACCOUNT_OK) {
            http_field_error(res, 404, "to", 0, 0, "no player is called '%s'", to);
            goto done;
        }
        if (other.id == me.id) {
            http_field_error(res, 400, "to", 0, 0, "a challenge is to another player");
            goto done;
        }
        c.to = other.id;
    }
    c.from = me.id;
    snprintf(c.variant, sizeof c.variant, "%s", k->name);
    sh_timecontrol_write(&tc, c.time_control);
    c.rated = rated;
    snprintf(c.color, sizeof c.color, "%s", color);
    c.min_rating = (int)min_rating;
    c.max_rating = (int)max_rating;
    if (!lobby_add(app->lobby, &c)) {
        http_error(res, 500, "the challenge could not be saved");
        goto done;
    }
    http_json(res, 201, challenge_json(app, &c, &me));
done:
    json_decref(body);
}

/* GET /api/challenges: the open ones this request may see. */
static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Account me;
    bool known = rights_account(app, req, &me);
    Challenge *list = calloc(LOBBY_MAX_LIST, sizeof *list);
    if (!list) {
        http_error(res, 500, "out of memory");
        return;
    }
    int n = lobby_list(app->lobby, known ? me.id : 0, list, LOBBY_MAX_LIST);
    json_t *items = json_array();
    for (int i = 0; i < n; i++) {
        json_t *j = challenge_json(app, &list[i], known ? &me : NULL);
        if (known && list[i].from != me.id) {
            int mine = rating_of(app, me.id, list[i].variant, list[i].time_control);
            bool fits = (!list[i].min_rating || mine >= list[i].min_rating) &&
                        (!list[i].max_rating || mine <= list[i].max_rating);
            json_object_set_new(j, "may_accept", json_boolean(fits));
        } else {
            json_object_set_new(j, "may_accept", json_false());
        }
        json_array_append_new(items, j);
    }
    free(list);
    http_json(res, 200, json_pack("{s:o}", "challenges", items));
}

static bool challenge_for(WebApp *app, const HttpRequest *req, HttpResponse *res, Challenge *c)
{
    char *end;
    long id = strtol(req->params[0], &end, 10);
    if (*end || id <= 0 || !lobby_get(app->lobby, id, c)) {
        http_error(res, 404, "no challenge %s", req->params[0]);
        return false;
    }
    return true;
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Challenge c;
    Account me;
    if (challenge_for(app, req, res, &c))
        http_json(res, 200, challenge_json(app, &c, rights_account(app, req, &me) ? &me : NULL));
}

/* The game a challenge becomes (lock held): both seats the accounts', the accepter's taken by
 * this device too; NULL with the reason when it cannot be made. */
static Live *make_game(WebApp *app, HttpResponse *res, const Challenge *c, const Account *from,
                       const Account *by, int *by_player)
{
    WebGames *g = app->games;
    int from_player = strcmp(c->color, "white") == 0   ? 0
                      : strcmp(c->color, "black") == 0 ? 1
                                                       : (int)(((unsigned long)time(NULL) ^
                                                                (unsigned long)c->id) & 1u);
    *by_player = 1 - from_player;
    StoredGame *row = calloc(1, sizeof *row);
    if (!row)
        return NULL;
    snprintf(row->variant, sizeof row->variant, "%s", c->variant);
    snprintf(row->time_control, sizeof row->time_control, "%s", c->time_control);
    snprintf(row->player[from_player].name, sizeof row->player[0].name, "%s", from->name);
    snprintf(row->player[*by_player].name, sizeof row->player[0].name, "%s", by->name);
    row->player[0].taken = row->player[1].taken = true; /* held by the accounts, no codes */
    ShError err;
    const char *field;
    Live *l = live_create(g, row, NULL, NULL, &err, &field);
    free(row);
    if (!l) {
        http_error(res, 500, "the game could not be made: %s", err.message);
        return NULL;
    }
    accounts_game_seat(app->accounts, l->id, from_player, from->id);
    accounts_game_seat(app->accounts, l->id, *by_player, by->id);
    ShSpeed speed;
    if (c->rated && sh_speed_classify(c->time_control, &speed, &err) == SH_OK)
        accounts_game_rated(app->accounts, l->id, speed);
    return l;
}

/* POST /api/challenges/ID/accept */
static void on_accept(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Challenge c;
    Account me, from;
    if (!need_account(app, req, res, &me, "accepting a challenge") ||
        !challenge_for(app, req, res, &c))
        return;
    if (c.status != CHALLENGE_OPEN) {
        http_error(res, 409, "challenge %ld is %s", c.id, lobby_status_name(c.status));
        return;
    }
    if (c.from == me.id) {
        http_error(res, 409, "challenge %ld is yours: another player accepts it", c.id);
        return;
    }
    if (c.to && c.to != me.id) {
        http_refuse(res, 403, "account", "challenge %ld is for another player", c.id);
        return;
    }
    int mine = rating_of(app, me.id, c.variant, c.time_control);
    if ((c.min_rating && mine < c.min_rating) || (c.max_rating && mine > c.max_rating)) {
        http_refuse(res, 403, "rating", "challenge %ld is for ratings %d to %d; yours is %d", c.id,
                    c.min_rating, c.max_rating ? c.max_rating : 4000, mine);
        return;
    }
    if (accounts_get(app->accounts, c.from, &from) != ACCOUNT_OK) {
        http_error(res, 409, "the challenger's account is gone");
        return;
    }
    if (!lobby_take(app->lobby, c.id, me.id)) { /* someone else, on any process, was first */
        http_error(res, 409, "challenge %ld was accepted by another player first", c.id);
        return;
    }
    WebGames *g = app->games;
    pthread_mutex_lock(&g->lock);
    int player;
    Live *l = make_game(app, res, &c, &from, &me, &player);
    if (!l) {
        pthread_mutex_unlock(&g->lock);
        lobby_accepted(app->lobby, c.id, 0);
        return;
    }
    lobby_accepted(app->lobby, c.id, l->id);
    rights_take_seat(app, res, l, player);
    store_update(g->store, &l->row);
    live_changed(g, l);
    json_t *j = web_game_json(app, req, l, 1u << player);
    json_object_set_new(j, "challenge", json_integer(c.id));
    http_json(res, 201, j);
    pthread_mutex_unlock(&g->lock);
}

/* DELETE /api/challenges/ID: the challenger cancels, the player it names declines. */
static void on_end(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Challenge c;
    Account me;
    if (!need_account(app, req, res, &me, "ending a challenge") ||
        !challenge_for(app, req, res, &c))
        return;
    ChallengeStatus to = c.from == me.id ? CHALLENGE_CANCELLED
                         : c.to == me.id ? CHALLENGE_DECLINED
                                         : CHALLENGE_OPEN;
    if (to == CHALLENGE_OPEN) {
        http_refuse(res, 403, "account", "only its challenger or the player it names ends"
                    " challenge %ld", c.id);
        return;
    }
    if (!lobby_end(app->lobby, c.id, to)) {
        http_error(res, 409, "challenge %ld is %s already", c.id, lobby_status_name(c.status));
        return;
    }
    c.status = to;
    http_json(res, 200, challenge_json(app, &c, &me));
}

/* GET /api/account/games: the account's games in progress, those where it is to move first. */
static void on_my_games(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Account me;
    if (!need_account(app, req, res, &me, "your games"))
        return;
    enum { MAX = 200 };
    long *ids = calloc(MAX, sizeof *ids);
    if (!ids) {
        http_error(res, 500, "out of memory");
        return;
    }
    int n = accounts_games(app->accounts, me.id, ids, MAX);
    json_t *yours = json_array(), *waiting = json_array();
    WebGames *g = app->games;
    pthread_mutex_lock(&g->lock);
    for (int i = 0; i < n; i++) {
        Live *l = live_get(g, ids[i]);
        if (!l || !live_playing(l))
            continue;
        int to_move = live_to_move(l);
        bool mine = accounts_game_player(app->accounts, l->id, to_move) == me.id;
        json_t *j = live_json_summary(&l->row);
        const ShClock *clock = sh_play_clock(l->play);
        json_object_set_new(j, "your_move", json_boolean(mine));
        json_object_set_new(j, "to_move", json_string(live_colour(l, to_move)));
        json_object_set_new(j, "time_left", clock ? json_real((double)sh_clock_remaining(
                                                                  clock, to_move) / 1000.0)
                                                  : json_null());
        json_array_append_new(mine ? yours : waiting, j);
    }
    pthread_mutex_unlock(&g->lock);
    free(ids);
    json_array_extend(yours, waiting);
    json_decref(waiting);
    http_json(res, 200, json_pack("{s:o}", "games", yours));
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/challenges", on_offer},
    {"GET", "/api/challenges", on_list},
    {"GET", "/api/challenges/*", on_get},
    {"POST", "/api/challenges/*/accept", on_accept},
    {"DELETE", "/api/challenges/*", on_end},
    {"GET", "/api/account/games", on_my_games},
};

WEB_ROUTES(WEB_LOBBY_ROUTES, ROUTES);
