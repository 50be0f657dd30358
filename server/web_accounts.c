/* web_accounts.c - players' accounts: sign up, log in and out, who you are, a player's profile
 * (games, ratings and their history). See docs/web-api.md "Accounts". The accounts live in the
 * site's database (accounts.h), their sessions too, so any process answers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_accounts.h"
#include "web_rights.h"

json_t *web_account_json(const Account *a)
{
    json_t *roles = json_array();
    char copy[ACCOUNT_ROLES_SIZE];
    snprintf(copy, sizeof copy, "%s", a->roles);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        json_array_append_new(roles, json_string(w));
    return json_pack("{s:s,s:s,s:o}", "name", a->name, "created", a->created, "roles", roles);
}

static json_t *me_json(const Account *a)
{
    return json_pack("{s:o}", "account", a ? web_account_json(a) : json_null());
}

/* A session for this response: its token in the cookie, its hash in the database. */
static bool session_start(WebApp *app, HttpResponse *res, const Account *a)
{
    char token[AUTH_TOKEN_TEXT], name[64];
    unsigned char hash[STORE_HASH_SIZE];
    auth_token_new(token, hash);
    if (!accounts_session_new(app->accounts, a->id, hash, WEB_ACCOUNT_SESSION_SECONDS))
        return false;
    rights_cookie_name(app, "account", name, sizeof name);
    http_set_cookie(res, name, token, "/", WEB_ACCOUNT_SESSION_SECONDS);
    return true;
}

/* The name and password of a request's body (refused with 400 if missing). */
static bool read_credentials(json_t *body, HttpResponse *res, const char **name,
                             const char **password)
{
    *name = *password = NULL;
    if (!http_get_string(body, "name", name, res) ||
        !http_get_string(body, "password", password, res))
        return false;
    if (!*name || !**name) {
        http_field_error(res, 400, "name", 0, 0, "the request needs the account's name");
        return false;
    }
    if (!*password || !**password) {
        http_field_error(res, 400, "password", 0, 0, "the request needs the password");
        return false;
    }
    return true;
}

/* POST /api/accounts {name, password}: a new account, logged in. */
static void on_signup(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *name, *password;
    char why[128], peer[64], hash[ACCOUNT_HASH_TEXT];
    if (!read_credentials(body, res, &name, &password))
        goto done;
    if (!accounts_name_valid(name, why, sizeof why)) {
        http_field_error(res, 400, "name", 0, 0, "%s", why);
        goto done;
    }
    http_peer(req, peer, sizeof peer);
    if (accounts_signups_recent(app->accounts, peer, 3600) >= WEB_SIGNUPS_PER_HOUR) {
        http_refuse(res, 429, "time", "at most %d accounts an hour are made from one address: "
                    "try again later", WEB_SIGNUPS_PER_HOUR);
        goto done;
    }
    if (!auth_hash_password(app->auth, password, hash, sizeof hash, why, sizeof why)) {
        http_field_error(res, 400, "password", 0, 0, "%s", why);
        goto done;
    }
    Account a;
    AccountStatus st = accounts_create(app->accounts, name, hash, &a);
    if (st == ACCOUNT_TAKEN) {
        http_field_error(res, 409, "name", 0, 0, "the name %s is taken", name);
        goto done;
    }
    if (st != ACCOUNT_OK || !session_start(app, res, &a)) {
        http_error(res, 500, "the account could not be saved");
        goto done;
    }
    accounts_signup_count(app->accounts, peer);
    http_json(res, 201, me_json(&a));
done:
    json_decref(body);
}

/* GET /api/account: who this request is. */
static void on_me(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    Account a;
    bool known = rights_account(ctx, req, &a);
    http_json(res, 200, me_json(known ? &a : NULL));
}

/* POST /api/account/session {name, password}: log in. */
static void on_login(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *name, *password;
    char peer[64], hash[ACCOUNT_HASH_TEXT] = "";
    if (!read_credentials(body, res, &name, &password))
        goto done;
    Account a;
    AccountStatus st = accounts_find(app->accounts, name, &a, hash);
    if (st == ACCOUNT_FAILED) {
        http_error(res, 500, "the accounts cannot be read");
        goto done;
    }
    http_peer(req, peer, sizeof peer);
    /* a missing account and a wrong password take as long and answer alike */
    if (!auth_verify_password(app->auth, peer, name, st == ACCOUNT_OK ? hash : NULL, password)) {
        http_refuse(res, 401, "password", "wrong name or password");
        goto done;
    }
    if (!session_start(app, res, &a)) {
        http_error(res, 500, "the session could not be saved");
        goto done;
    }
    http_json(res, 200, me_json(&a));
done:
    json_decref(body);
}

/* POST /api/account/password {current, password}: the signed-in account's new password, given
 * its current one (paced as a login); its other sessions end, this one goes on. */
static void on_password(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *current = NULL, *password = NULL;
    char peer[64], hash[ACCOUNT_HASH_TEXT] = "", fresh[ACCOUNT_HASH_TEXT], why[128], cookie[64];
    Account me, a;
    if (!http_get_string(body, "current", &current, res) ||
        !http_get_string(body, "password", &password, res))
        goto done;
    if (!rights_account(app, req, &me)) {
        http_refuse(res, 401, "account", "changing a password needs the account's session: log in");
        goto done;
    }
    if (!current || !*current || !password) {
        http_field_error(res, 400, current && *current ? "password" : "current", 0, 0,
                         "the request needs %s", current && *current ? "the new password (\"password\")"
                                                                 : "the current password (\"current\")");
        goto done;
    }
    if (accounts_find(app->accounts, me.name, &a, hash) != ACCOUNT_OK) {
        http_error(res, 500, "the accounts cannot be read");
        goto done;
    }
    http_peer(req, peer, sizeof peer);
    if (!auth_verify_password(app->auth, peer, me.name, hash, current)) {
        http_refuse(res, 401, "password", "the current password is wrong");
        goto done;
    }
    if (!auth_hash_password(app->auth, password, fresh, sizeof fresh, why, sizeof why)) {
        http_field_error(res, 400, "password", 0, 0, "%s", why);
        goto done;
    }
    unsigned char keep[STORE_HASH_SIZE];
    rights_cookie_name(app, "account", cookie, sizeof cookie);
    bool kept = auth_token_hash(http_cookie(req, cookie), keep);
    if (accounts_set_password(app->accounts, me.id, fresh, kept ? keep : NULL) != ACCOUNT_OK) {
        http_error(res, 500, "the password could not be saved");
        goto done;
    }
    http_json(res, 200, me_json(&me));
done:
    json_decref(body);
}

/* DELETE /api/account/session: log out. */
static void on_logout(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    char name[64];
    unsigned char hash[STORE_HASH_SIZE];
    rights_cookie_name(app, "account", name, sizeof name);
    const char *token = http_cookie(req, name);
    if (token && auth_token_hash(token, hash))
        accounts_session_end(app->accounts, hash);
    http_set_cookie(res, name, "", "/", 0);
    http_json(res, 200, me_json(NULL));
}

/* GET /api/players/NAME: the profile: ratings with their history, the latest games. */
static void on_profile(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Account a;
    AccountStatus st = accounts_find(app->accounts, req->params[0], &a, NULL);
    if (st != ACCOUNT_OK) {
        if (st == ACCOUNT_MISSING)
            http_error(res, 404, "no player is called '%s'", req->params[0]);
        else
            http_error(res, 500, "the accounts cannot be read");
        return;
    }
    json_t *j = web_account_json(&a), *ratings = json_array(), *games = json_array();
    AccountRating list[ACCOUNT_MAX_RATINGS];
    /* one request's own (handlers run on many threads at once) */
    AccountRatingPoint *points = malloc(WEB_PROFILE_HISTORY * sizeof *points);
    int n = points ? accounts_ratings(app->accounts, a.id, list, ACCOUNT_MAX_RATINGS) : 0;
    for (int i = 0; i < n; i++) {
        ShSpeed speed;
        ShError err;
        json_t *history = json_array();
        int m = sh_speed_find(list[i].speed, &speed, &err) == SH_OK
                    ? accounts_history(app->accounts, a.id, list[i].kind, speed, points,
                                       WEB_PROFILE_HISTORY)
                    : 0;
        for (int k = 0; k < m; k++)
            json_array_append_new(history, json_pack("{s:I,s:s,s:i,s:i}", "game",
                                                     (json_int_t)points[k].game, "time",
                                                     points[k].time, "rating",
                                                     (int)(points[k].rating + 0.5), "deviation",
                                                     (int)(points[k].deviation + 0.5)));
        char shown[SH_RATING_DISPLAY_SIZE];
        const ShRatingSystem *system = accounts_rating_system(app->accounts);
        sh_rating_display(system, &list[i].rating, shown);
        json_array_append_new(
            ratings, json_pack("{s:s,s:s,s:i,s:i,s:b,s:s,s:i,s:s,s:o}", "variant", list[i].kind,
                               "speed", list[i].speed, "rating",
                               (int)(list[i].rating.rating + 0.5), "deviation",
                               (int)(list[i].rating.rd + 0.5), "provisional",
                               sh_rating_provisional(system, &list[i].rating), "shown", shown, "games",
                               list[i].games, "updated", list[i].updated, "history", history));
    }
    free(points);
    long ids[WEB_PROFILE_GAMES];
    int count = accounts_games(app->accounts, a.id, ids, WEB_PROFILE_GAMES);
    for (int i = 0; i < count; i++) {
        StoredGame row;
        StoredMove *moves = NULL;
        int nmoves = 0;
        pthread_mutex_lock(&app->games->lock);
        bool found = store_load(app->store, ids[i], &row, &moves, &nmoves);
        pthread_mutex_unlock(&app->games->lock);
        free(moves);
        if (found) {
            /* which of them were rated (and at what speed) */
            json_t *g = live_json_summary(&row);
            ShSpeed speed;
            bool rated = accounts_game_is_rated(app->accounts, ids[i], &speed);
            json_object_set_new(g, "rated", json_boolean(rated));
            json_object_set_new(g, "speed", rated ? json_string(sh_speed_name(speed)) : json_null());
            json_array_append_new(games, g);
        }
    }
    json_object_set_new(j, "ratings", ratings);
    json_object_set_new(j, "games", games);
    http_json(res, 200, j);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/accounts", on_signup},
    {"GET", "/api/account", on_me},
    {"POST", "/api/account/session", on_login},
    {"DELETE", "/api/account/session", on_logout},
    {"POST", "/api/account/password", on_password},
    {"GET", "/api/players/*", on_profile},
};

WEB_ROUTES(WEB_ACCOUNTS_ROUTES, ROUTES);
