/* web_other_seats.c - the seats of the other games (web_other.h): who holds which, refusals,
 * taking a seat and joining by code. The mechanisms are the club's (web_seats.c, web_rights.c):
 * secret tokens kept as hashes, cookies on the game's path, paced join codes. */
#include <stdio.h>
#include <string.h>

#include "web_other.h"
#include "web_rights.h"

void web_other_cookie_name(WebApp *app, int player, char *out, size_t size)
{
    char what[16];
    snprintf(what, sizeof what, "other%d", player);
    rights_cookie_name(app, what, out, size);
}

unsigned web_other_seats_held(WebApp *app, const HttpRequest *req, const OtherLive *l,
                              unsigned *stale)
{
    unsigned held = 0, bad = 0;
    for (int p = 0; p < l->game->players; p++) {
        char name[64];
        web_other_cookie_name(app, p, name, sizeof name);
        const char *token = http_cookie(req, name);
        if (!token || !*token)
            continue;
        const OtherSeat *s = &l->seats[p];
        if (s->human && s->taken && auth_token_matches(token, s->token))
            held |= 1u << p;
        else
            bad |= 1u << p;
    }
    if (stale)
        *stale = bad;
    return held;
}

static void needs_text(const OtherLive *l, int player, char *out, size_t size)
{
    snprintf(out, size, "seat:%s", l->game->player_names[player]);
    for (char *p = out; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p - 'A' + 'a');
}

bool web_other_need_seat(WebApp *app, const HttpRequest *req, HttpResponse *res,
                         const OtherLive *l, int player)
{
    unsigned stale;
    unsigned held = web_other_seats_held(app, req, l, &stale);
    if (held & (1u << player))
        return true;
    char needs[48];
    needs_text(l, player, needs, sizeof needs);
    const char *who = l->game->player_names[player];
    if (!l->seats[player].human)
        http_refuse(res, 403, needs, "%s is played by the engine", who);
    else if (stale & (1u << player))
        http_refuse(res, 401, needs,
                    "your token for %s's seat in game %ld is not valid (stale or forged): take "
                    "the seat again with its code", who, l->id);
    else if (held)
        http_refuse(res, 403, needs, "you do not hold %s's seat in game %ld: %s moves now", who,
                    l->id, who);
    else
        http_refuse(res, 401, needs,
                    "to move for %s in game %ld needs %s's seat: take it with its code (you are "
                    "watching)", who, l->id, who);
    return false;
}

void web_other_take_seat(WebApp *app, HttpResponse *res, OtherLive *l, int player)
{
    char token[AUTH_TOKEN_TEXT], name[64], path[64];
    OtherSeat *s = &l->seats[player];
    auth_token_new(token, s->token);
    s->taken = true;
    s->code[0] = '\0';
    web_other_cookie_name(app, player, name, sizeof name);
    snprintf(path, sizeof path, "/api/other/games/%ld", l->id);
    http_set_cookie(res, name, token, path, RIGHTS_SEAT_SECONDS);
}

/* The open seat with this code (lock held), or NULL; every open seat is compared. */
static OtherLive *seat_find(WebOther *o, const char *code, int *player)
{
    OtherLive *found = NULL;
    for (OtherLive *l = o->list; l; l = l->next)
        for (int p = 0; p < l->game->players; p++) {
            const OtherSeat *s = &l->seats[p];
            if (s->human && !s->taken && s->code[0] && auth_code_equal(s->code, code) && !found) {
                found = l;
                *player = p;
            }
        }
    return found;
}

void web_other_join(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebOther *o = app->other;
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
    pthread_mutex_lock(&o->lock);
    int player = -1;
    OtherLive *l = seat_find(o, code, &player);
    if (l) {
        web_other_take_seat(app, res, l, player);
        web_other_changed(o, l);
        unsigned held = web_other_seats_held(app, req, l, NULL) | (1u << player);
        json_t *j = web_other_json(l, held, true);
        json_object_set_new(j, "joined", json_integer(player));
        http_json(res, 200, j);
    }
    pthread_mutex_unlock(&o->lock);
    auth_guess_end(app->auth, peer, l != NULL);
    if (!l)
        http_refuse(res, 403, "code",
                    "no game waits for a player with the code %s (taken already, or mistyped)", code);
done:
    json_decref(body);
}
