/* web_rights.c - who may do what: the arbiter's session, the players' seats (web_rights.h). */
#include "web_rights.h"

#include <stdio.h>
#include <string.h>

void rights_cookie_name(const WebApp *app, const char *what, char *out, size_t size)
{
    snprintf(out, size, "shashki_%s_%s", auth_site_id(app->auth), what);
}

bool rights_account(WebApp *app, const HttpRequest *req, Account *out)
{
    char name[64];
    unsigned char hash[STORE_HASH_SIZE];
    rights_cookie_name(app, "account", name, sizeof name);
    const char *token = http_cookie(req, name);
    return token && auth_token_hash(token, hash) &&
           accounts_session_find(app->accounts, hash, out);
}

bool rights_is_arbiter(WebApp *app, const HttpRequest *req)
{
    Account a;
    if (rights_account(app, req, &a) && accounts_has_role(&a, "arbiter"))
        return true;
    if (!auth_has_password(app->auth))
        return http_peer_is_local(req);
    char name[64];
    rights_cookie_name(app, "arbiter", name, sizeof name);
    return auth_session_valid(app->auth, http_cookie(req, name));
}

bool rights_need_arbiter(WebApp *app, const HttpRequest *req, HttpResponse *res, const char *what)
{
    if (rights_is_arbiter(app, req))
        return true;
    if (!auth_has_password(app->auth))
        http_refuse(res, 401, "arbiter",
                    "%s is the arbiter's, and no arbiter's password is set yet: set one on the "
                    "server's machine (shashki serve --set-password)", what);
    else
        http_refuse(res, 401, "arbiter", "%s needs the arbiter's session: log in as the arbiter",
                    what);
    return false;
}

unsigned rights_seats(WebApp *app, const HttpRequest *req, const Live *l, unsigned *stale)
{
    unsigned held = 0, bad = 0;
    for (int p = 0; p < live_players(l); p++) {
        char name[64];
        rights_cookie_name(app, live_colour(l, p), name, sizeof name);
        const char *token = http_cookie(req, name);
        if (!token || !*token)
            continue;
        const StoredPlayer *s = &l->row.player[p];
        if (s->level == 0 && s->taken && auth_token_matches(token, s->token))
            held |= 1u << p;
        else
            bad |= 1u << p;
    }
    /* an account holds the seats the game gave it (the lobby's games, a seat taken by it), on
     * any device it logs in on */
    Account a;
    char cookie[64];
    rights_cookie_name(app, "account", cookie, sizeof cookie);
    if (http_cookie(req, cookie) && rights_account(app, req, &a))
        for (int p = 0; p < live_players(l); p++)
            if (live_human(l, p) && accounts_game_player(app->accounts, l->id, p) == a.id) {
                held |= 1u << p;
                bad &= ~(1u << p);
            }
    if (stale)
        *stale = bad;
    return held;
}

/* A player's name for people: "White", "Red". */
static const char *side_name(const Live *l, int player)
{
    return sh_play_kind(l->play)->player_names[player];
}

/* The first player of `held`. */
static int first_held(unsigned held)
{
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        if (held & (1u << p))
            return p;
    return 0;
}

/* A request for a seat from a device that holds none of the game's: what it lacks, by how the
 * seat is held (an account's, as the lobby's games are; another device's; open, with a code). */
static void refuse_watcher(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                           int player, const char *what, const char *needs)
{
    const char *name = side_name(l, player);
    long owner = accounts_game_player(app->accounts, l->id, player);
    Account seated, me;
    bool signed_in = rights_account(app, req, &me);
    if (owner > 0 && accounts_get(app->accounts, owner, &seated) == ACCOUNT_OK) {
        if (signed_in)
            http_refuse(res, 403, needs,
                        "you are signed in as %s, who does not play in game %ld: to %s for %s "
                        "needs %s's account (%s's seat is theirs)",
                        me.name, l->id, what, name, seated.name, name);
        else
            http_refuse(res, 401, needs,
                        "to %s for %s in game %ld needs %s's account: log in as %s (you are "
                        "watching)", what, name, l->id, seated.name, seated.name);
    } else if (l->row.player[player].taken) {
        http_refuse(res, signed_in ? 403 : 401, needs,
                    "to %s for %s in game %ld needs %s's seat, which another device holds%s "
                    "(you are watching)",
                    what, name, l->id, name, signed_in ? ", not your account" : "");
    } else {
        http_refuse(res, signed_in ? 403 : 401, needs,
                    "to %s for %s in game %ld needs %s's seat: take it with its code (you are "
                    "watching)", what, name, l->id, name);
    }
}

bool rights_need_seat(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                      int player, const char *what)
{
    unsigned stale;
    unsigned held = rights_seats(app, req, l, &stale);
    if (held & (1u << player))
        return true;
    char needs[16];
    snprintf(needs, sizeof needs, "seat:%s", live_colour(l, player));
    const char *name = side_name(l, player);
    if (!live_human(l, player))
        http_refuse(res, 403, needs, "%s is played by the engine", name);
    else if (stale & (1u << player))
        http_refuse(res, 401, needs,
                    "your token for %s's seat in game %ld is not valid (stale or forged): "
                    "take the seat again with its code", name, l->id);
    else if (held)
        http_refuse(res, 403, needs, "you play %s in game %ld: to %s for %s needs %s's seat",
                    side_name(l, first_held(held)), l->id, what, name, name);
    else
        refuse_watcher(app, req, res, l, player, what, needs);
    return false;
}

bool rights_need_all_seats(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                           const char *what)
{
    unsigned human = 0;
    for (int p = 0; p < live_players(l); p++)
        if (live_human(l, p))
            human |= 1u << p;
    unsigned stale;
    unsigned held = rights_seats(app, req, l, &stale);
    if ((held & human) == human || rights_is_arbiter(app, req))
        return true;
    if (held)
        http_refuse(res, 403, "seats",
                    "%s in game %ld needs every player's seat (one device) or the arbiter: you "
                    "hold only %s's", what, l->id, side_name(l, first_held(held)));
    else
        http_refuse(res, 401, "seats", "%s in game %ld needs the players' seats or the arbiter%s",
                    what, l->id, stale ? " (your seat's token is stale or forged)" : "");
    return false;
}

void rights_take_seat(WebApp *app, HttpResponse *res, Live *l, int player)
{
    char token[AUTH_TOKEN_TEXT], name[64], path[48];
    StoredPlayer *s = &l->row.player[player];
    auth_token_new(token, s->token);
    s->taken = true;
    s->code[0] = '\0';
    rights_cookie_name(app, live_colour(l, player), name, sizeof name);
    snprintf(path, sizeof path, "/api/games/%ld", l->id);
    http_set_cookie(res, name, token, path, RIGHTS_SEAT_SECONDS);
}
