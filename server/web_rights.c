/* web_rights.c - who may do what: the arbiter's session, the players' seats (web_rights.h). */
#include "web_rights.h"

#include <stdio.h>
#include <string.h>

void rights_cookie_name(const WebApp *app, const char *what, char *out, size_t size)
{
    snprintf(out, size, "shashki_%s_%s", auth_site_id(app->auth), what);
}

bool rights_is_arbiter(WebApp *app, const HttpRequest *req)
{
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
    for (int c = 0; c < 2; c++) {
        char name[64];
        rights_cookie_name(app, live_color_name(c), name, sizeof name);
        const char *token = http_cookie(req, name);
        if (!token || !*token)
            continue;
        const StoredSeat *s = &l->seats[c];
        if (s->human && s->taken && auth_token_matches(token, s->token))
            held |= 1u << c;
        else
            bad |= 1u << c;
    }
    if (stale)
        *stale = bad;
    return held;
}

static const char *side_name(int color)
{
    return color == SH_WHITE ? "White" : "Black";
}

bool rights_need_seat(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                      int color, const char *what)
{
    unsigned stale;
    unsigned held = rights_seats(app, req, l, &stale);
    if (held & (1u << color))
        return true;
    char needs[16];
    snprintf(needs, sizeof needs, "seat:%s", live_color_name(color));
    if (!l->seats[color].human)
        http_refuse(res, 403, needs, "%s is played by the engine", side_name(color));
    else if (stale & (1u << color))
        http_refuse(res, 401, needs,
                    "your token for %s's seat in game %ld is not valid (stale or forged): "
                    "take the seat again with its code", side_name(color), l->id);
    else if (held)
        http_refuse(res, 403, needs, "you play %s in game %ld: to %s for %s needs %s's seat",
                    side_name(color ^ 1), l->id, what, side_name(color), side_name(color));
    else
        http_refuse(res, 401, needs,
                    "to %s for %s in game %ld needs %s's seat: take it with its code (you are "
                    "watching)", what, side_name(color), l->id, side_name(color));
    return false;
}

bool rights_need_all_seats(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                           const char *what)
{
    unsigned human = 0;
    for (int c = 0; c < 2; c++)
        if (l->seats[c].human)
            human |= 1u << c;
    unsigned stale;
    unsigned held = rights_seats(app, req, l, &stale);
    if ((held & human) == human || rights_is_arbiter(app, req))
        return true;
    if (held)
        http_refuse(res, 403, "seats",
                    "%s in game %ld needs both players' seats (one device) or the arbiter: you "
                    "hold only %s's", what, l->id, side_name(held & 1u ? SH_WHITE : SH_BLACK));
    else
        http_refuse(res, 401, "seats", "%s in game %ld needs the players' seats or the arbiter%s",
                    what, l->id, stale ? " (your seat's token is stale or forged)" : "");
    return false;
}

void rights_take_seat(WebApp *app, HttpResponse *res, Live *l, int color)
{
    char token[AUTH_TOKEN_TEXT], name[64], path[48];
    StoredSeat *s = &l->seats[color];
    auth_token_new(token, s->token);
    s->taken = true;
    s->code[0] = '\0';
    rights_cookie_name(app, live_color_name(color), name, sizeof name);
    snprintf(path, sizeof path, "/api/games/%ld", l->id);
    http_set_cookie(res, name, token, path, RIGHTS_SEAT_SECONDS);
}
