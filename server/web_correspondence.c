/* web_correspondence.c - correspondence events: a round robin whose games all begin at once,
 * each player playing every game in parallel at days per move, the results entered by the
 * games themselves (web_event_games.c's hook). The players are the site's accounts: a
 * player whose name is an account's plays with that account (the game is on its "your move"
 * list, on any device); another gets a seat's code from the arbiter. */
#include <stdio.h>
#include <string.h>

#include "web_accounts.h"
#include "web_events.h"
#include "web_rights.h"

/* The accounts named as the game's players hold its seats (lock held). */
static void seat_accounts(WebApp *app, long game_id)
{
    Live *l = live_get(app->games, game_id);
    if (!l)
        return;
    bool changed = false;
    for (int p = 0; p < live_players(l); p++) {
        Account a;
        StoredPlayer *pl = &l->row.player[p];
        if (!live_human(l, p) || accounts_find(app->accounts, pl->name, &a, NULL) != ACCOUNT_OK)
            continue;
        accounts_game_seat(app->accounts, l->id, p, a.id);
        snprintf(pl->name, sizeof pl->name, "%s", a.name);
        pl->taken = true;
        pl->code[0] = '\0';
        changed = true;
    }
    if (changed) {
        store_update(app->games->store, &l->row);
        live_changed(app->games, l);
    }
}

/* POST /api/events/ID/correspondence: the arbiter pairs every round and begins every game. */
static void on_begin(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "beginning a correspondence event") ||
        !web_event_load(app, req, res, &id, &e))
        return;
    const ShEventSettings *s = sh_event_settings(e);
    ShTimeControl tc;
    ShError err;
    json_t *games = json_array();
    if (sh_event_stage_count(e) != 1 || s->stages[0].system != SH_SYSTEM_ROUND_ROBIN) {
        http_field_error(res, 400, "system", 0, 0,
                         "a correspondence event is a round robin of one stage");
    } else if (sh_timecontrol_parse(s->time_control, &tc, &err) != SH_OK || !tc.days_per_move) {
        http_field_error(res, 400, "time", 0, 0, "a correspondence event's time control is days"
                         " per move (time=3d), not '%s'", s->time_control);
    } else if (sh_event_rounds_paired(e, 1) > 0) {
        http_error(res, 409, "the event has begun already: round %d is paired",
                   sh_event_rounds_paired(e, 1));
    } else {
        int rounds = 0;
        char why[1100] = "";
        bool ok = sh_event_pair_all(e, &rounds, &err) == SH_OK;
        if (!ok)
            snprintf(why, sizeof why, "%s", err.message);
        char change[64];
        snprintf(change, sizeof change, "correspondence: every round paired");
        if (ok)
            ok = web_event_commit(app, id, e, change, NULL);
        for (int r = 1; ok && r <= sh_event_rounds_total(e, 1); r++) {
            const ShEventPairing *list;
            int n = sh_event_pairings(e, 1, r, &list);
            for (int i = 0; ok && i < n; i++) {
                long game_id;
                if (list[i].type != SH_PAIRING_GAME)
                    continue;
                ok = web_event_start_game(app, id, e, &list[i], &game_id, why, sizeof why);
                if (ok) {
                    seat_accounts(app, game_id);
                    json_array_append_new(games, json_integer(game_id));
                }
                n = sh_event_pairings(e, 1, r, &list); /* the event changed under the list */
            }
        }
        if (ok)
            http_json(res, 201, json_pack("{s:O,s:o}", "games", games, "event",
                                          web_event_json(app, id, e)));
        else
            http_error(res, 409, "the event could not begin: %s", why);
    }
    json_decref(games);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/events/*/correspondence", on_begin},
};

WEB_ROUTES(WEB_CORRESPONDENCE_ROUTES, ROUTES);
