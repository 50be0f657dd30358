/* web_event_games.c - a pairing's game played in the app. The arbiter starts it (POST
 * /api/events/ID/games): the seats of its people open with their codes, as a club game's do
 * (two devices, or one player against an engine player of the event); a pairing of two
 * engines is started by the server itself when its round is paired, and played on. Each game
 * is linked to its pairing at once (tournament_games), and when it ends its result is
 * entered in the event by itself, the game's reason in the change log (the hook on
 * live_changed). A result the arbiter sets on the game's page goes to the event the same
 * way. The archive's games say the event, stage, round and board they were played in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_events.h"
#include "web_rights.h"
#include "web_variant.h"

/* A finished game's result as the event scores it (the events' games are of two players). */
static ShGameResult event_result(const char *result)
{
    return strcmp(result, "1-0") == 0       ? SH_GAME_WHITE_WINS
           : strcmp(result, "0-1") == 0     ? SH_GAME_BLACK_WINS
           : strcmp(result, "1/2-1/2") == 0 ? SH_GAME_DRAW
                                            : SH_GAME_PENDING;
}

bool web_event_start_game(WebApp *app, long event_id, ShEvent *e, const ShEventPairing *p,
                          long *game_id, char *why, size_t size)
{
    WebGames *g = app->games;
    const ShEventSettings *s = sh_event_settings(e);
    const ShKind *kind = sh_event_kind(s);
    int tb = 0;
    char control_text[SH_TIME_CONTROL_SIZE] = "";
    int index = sh_event_next_game(e, p, &tb, control_text);
    if (index < 0) {
        snprintf(why, size, "board %d of round %d needs no more games", p->board, p->round);
        return false;
    }
    int wid, bid;
    sh_event_game_players(p, index, &wid, &bid);
    const ShEventPlayer *w = sh_event_player(e, wid), *b = sh_event_player(e, bid);
    if (p->seats && p->seats != kind->players) {
        snprintf(why, size, "board %d seats %d players, and %s is a game of %d", p->board,
                 p->seats, kind->name, kind->players);
        return false;
    }
    if (!w || !b) {
        snprintf(why, size, "board %d is not a game between two players", p->board);
        return false;
    }
    StoredGame *row = calloc(1, sizeof *row);
    if (!row) {
        snprintf(why, size, "out of memory");
        return false;
    }
    snprintf(row->variant, sizeof row->variant, "%s", kind->name);
    snprintf(row->settings, sizeof row->settings, "%s", s->game_settings);
    snprintf(row->player[0].name, sizeof row->player[0].name, "%s", w->name);
    snprintf(row->player[1].name, sizeof row->player[1].name, "%s", b->name);
    row->player[0].level = web_event_engine_level(w);
    row->player[1].level = web_event_engine_level(b);
    for (int k = 2; k < p->seats; k++) { /* a table's third and fourth seats */
        const ShEventPlayer *q = sh_event_player(e, p->seat[k]);
        snprintf(row->player[k].name, sizeof row->player[k].name, "%s", q ? q->name : "?");
        row->player[k].level = q ? web_event_engine_level(q) : 0;
    }
    snprintf(row->time_control, sizeof row->time_control, "%s", control_text);
    if (p->games[index].opening[0] && kind->ballots)
        snprintf(row->opening, sizeof row->opening, "%s", p->games[index].opening);
    char round[32];
    snprintf(round, sizeof round, "%d.%d", p->round, p->board);
    const char *field;
    ShError err;
    Live *l = live_create(g, row, s->name, round, &err, &field);
    free(row);
    if (!l) {
        snprintf(why, size, "%s", err.message);
        return false;
    }
    if (s->site[0])
        sh_play_set_tag(l->play, "Site", s->site, NULL);
    char change[128];
    snprintf(change, sizeof change, "game %ld begun: stage %d round %d board %d game %d", l->id,
             p->stage, p->round, p->board, index + 1);
    if (sh_event_set_result(e, p->stage, p->round, p->board, index, SH_GAME_PENDING, l->id,
                            &err) != SH_OK ||
        !web_event_commit(app, event_id, e, change, NULL)) {
        long id = l->id;
        live_forget(g, id);
        store_delete(g->store, id);
        snprintf(why, size, "the game could not be saved");
        return false;
    }
    *game_id = l->id;
    return true;
}

/* Every player of the pairing (both, or a table's every seat) is an engine. */
static bool both_engines(const ShEvent *e, const ShEventPairing *p)
{
    const ShEventPlayer *w = sh_event_player(e, p->white), *b = sh_event_player(e, p->black);
    bool all = p->type == SH_PAIRING_GAME && w && b && web_event_engine_level(w) &&
               web_event_engine_level(b);
    for (int k = 2; k < p->seats && all; k++) {
        const ShEventPlayer *q = sh_event_player(e, p->seat[k]);
        all = q && web_event_engine_level(q);
    }
    return all;
}

void web_event_start_engine_games(WebApp *app, long event_id, ShEvent *e, int stage, int round)
{
    const ShEventPairing *list;
    int n = sh_event_pairings(e, stage, round, &list);
    for (int i = 0; i < n; i++) {
        /* the list moves when the event changes: each pairing found again by its board */
        const ShEventPairing *all;
        sh_event_pairings(e, stage, round, &all);
        const ShEventPairing *p = &all[i];
        long id;
        char why[256];
        if (both_engines(e, p) && !web_event_start_game(app, event_id, e, p, &id, why, sizeof why))
            fprintf(stderr, "shashki: event %ld board %d: %s\n", event_id, p->board, why);
    }
}

/* A finished game's result entered in its event (lock held): false when the save was refused
 * because another process saved the event meanwhile (the caller reads it again). */
static bool record_result(WebApp *app, Live *l, const TStoreLink *link)
{
    ShEvent *e;
    char why[256];
    if (!tstore_load(app->tstore, link->event, &e, why, sizeof why))
        return true;
    ShGameResult result = event_result(l->row.result);
    const ShEventPairing *list;
    int n = sh_event_pairings(e, link->stage, link->round, &list);
    const ShEventPairing *p = NULL;
    for (int i = 0; i < n; i++)
        if (list[i].board == link->board)
            p = &list[i];
    bool done = true;
    if (p && p->seats) { /* a table: the game's result is its shares */
        char now[32];
        sh_event_table_result_text(p, now, sizeof now);
        if (p->games[0].game_id == l->id && strcmp(now, l->row.result) != 0) {
            char change[512];
            ShVerdict v;
            sh_play_verdict(l->play, &v);
            snprintf(change, sizeof change,
                     "result stage %d round %d board %d game 1 %s (game %ld: %s%s%s)",
                     link->stage, link->round, link->board, l->row.result, l->id, v.reason,
                     l->row.note[0] ? "; " : "", l->row.note);
            ShError err;
            if (sh_event_set_table_result(e, link->stage, link->round, link->board,
                                          l->row.result, l->id, &err) != SH_OK ||
                !web_event_commit(app, link->event, e, change, NULL)) {
                if (tstore_stale(app->tstore))
                    done = false;
                else
                    fprintf(stderr, "shashki: game %ld's result could not be entered in event "
                                    "%ld\n", l->id, link->event);
            }
        }
    } else if (p && link->game < p->ngames && p->games[link->game].game_id == l->id &&
               p->games[link->game].result != result) {
        char change[512];
        ShVerdict v;
        sh_play_verdict(l->play, &v);
        const char *reason = v.reason;
        snprintf(change, sizeof change,
                 "result stage %d round %d board %d game %d %s (game %ld: %s%s%s)", link->stage,
                 link->round, link->board, link->game + 1, sh_event_result_text(result), l->id,
                 reason, l->row.note[0] ? "; " : "", l->row.note);
        ShError err;
        if (sh_event_set_result(e, link->stage, link->round, link->board, link->game, result,
                                l->id, &err) == SH_OK &&
            web_event_commit(app, link->event, e, change, NULL)) {
            /* a match of two engines goes on with its next game */
            const ShEventPairing *again;
            n = sh_event_pairings(e, link->stage, link->round, &again);
            for (int i = 0; i < n; i++) {
                int tb;
                long id;
                if (again[i].board == link->board && both_engines(e, &again[i]) &&
                    sh_event_next_game(e, &again[i], &tb, NULL) >= 0)
                    web_event_start_game(app, link->event, e, &again[i], &id, why, sizeof why);
            }
        } else if (tstore_stale(app->tstore)) {
            done = false;
        } else {
            fprintf(stderr, "shashki: game %ld's result could not be entered in event %ld\n",
                    l->id, link->event);
        }
    }
    sh_event_free(e);
    return done;
}

/* The hook (lock held): a game of an event that has ended, or whose result the arbiter
 * changed, enters its result in the event; read again and entered again when another process
 * saved the event meanwhile (its own games' results, an arbiter's change). */
static void on_game_change(WebGames *g, Live *l, void *ctx)
{
    (void)g;
    WebApp *app = ctx;
    if (live_playing(l) || strcmp(l->recorded, l->row.result) == 0)
        return;
    snprintf(l->recorded, sizeof l->recorded, "%s", l->row.result);
    TStoreLink link;
    if (!tstore_game_link(app->tstore, l->id, &link))
        return;
    for (int attempt = 0; attempt < 8 && !record_result(app, l, &link); attempt++) {
    }
}

json_t *web_event_link_json(WebApp *app, long game_id)
{
    TStoreLink link;
    if (!tstore_game_link(app->tstore, game_id, &link))
        return NULL;
    ShEvent *e;
    char why[256];
    if (!tstore_load(app->tstore, link.event, &e, why, sizeof why))
        return NULL;
    json_t *j = json_pack("{s:I,s:s,s:i,s:i,s:i,s:i}", "id", (json_int_t)link.event, "name",
                          sh_event_settings(e)->name, "stage", link.stage, "round", link.round,
                          "board", link.board, "game", link.game + 1);
    sh_event_free(e);
    return j;
}

void web_event_games_attach(WebApp *app)
{
    live_hook_add(app->games, on_game_change, app);
}

/* POST /api/events/ID/games {stage, round, board}: the arbiter starts the pairing's next game
 * in the app; the answer holds the game with its seats' codes, and the event. */
static void on_start(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long stage = 0, round = 0, board = 0;
    if (!http_get_int(body, "stage", 1, SH_EVENT_MAX_STAGES, &stage, res) ||
        !http_get_int(body, "round", 1, 1000, &round, res) ||
        !http_get_int(body, "board", 1, SH_EVENT_MAX_PLAYERS, &board, res))
        goto done;
    if (!board) {
        http_field_error(res, 400, "board", 0, 0, "say which board");
        goto done;
    }
    long id;
    ShEvent *e;
    if (!rights_need_arbiter(app, req, res, "starting a game of an event") ||
        !web_event_load(app, req, res, &id, &e))
        goto done;
    if (!stage)
        stage = sh_event_current_stage(e);
    if (!round && stage >= 1 && stage <= sh_event_stage_count(e))
        round = sh_event_rounds_paired(e, (int)stage);
    const ShEventPairing *list;
    int n = stage >= 1 && stage <= sh_event_stage_count(e) && round >= 1 &&
                    round <= sh_event_rounds_paired(e, (int)stage)
                ? sh_event_pairings(e, (int)stage, (int)round, &list)
                : -1;
    int at = -1;
    for (int i = 0; i < n; i++)
        if (list[i].board == board)
            at = i;
    if (n < 0) {
        http_field_error(res, 400, "round", 0, 0, "round %ld of stage %ld has not been paired",
                         round, stage);
    } else if (at < 0) {
        http_field_error(res, 400, "board", 0, 0, "round %ld has no board %ld", round, board);
    } else if (list[at].type != SH_PAIRING_GAME) {
        http_field_error(res, 400, "board", 0, 0, "board %ld is a bye: it has no game", board);
    } else {
        int tb, winner, wp, bp, added = 0;
        int next = sh_event_next_game(e, &list[at], &tb, NULL);
        sh_event_pairing_points(e, &list[at], &wp, &bp, &winner);
        ShError err;
        if (next < 0 && !winner && sh_event_settings(e)->stages[stage - 1].system == SH_SYSTEM_KNOCKOUT)
            sh_event_add_tiebreak_games(e, (int)stage, (int)round, (int)board, &added, &err);
        sh_event_pairings(e, (int)stage, (int)round, &list);
        next = sh_event_next_game(e, &list[at], &tb, NULL);
        Live *playing = next >= 0 && list[at].games[next].game_id
                            ? live_get(app->games, list[at].games[next].game_id)
                            : NULL;
        long game_id = 0;
        char why[256];
        if (next < 0) {
            http_error(res, 409, "board %ld of round %ld has every result it needs", board, round);
        } else if (playing && live_playing(playing)) {
            http_error(res, 409, "board %ld is being played already: game %ld", board, playing->id);
        } else if (!web_event_start_game(app, id, e, &list[at], &game_id, why, sizeof why)) {
            http_error(res, 500, "%s", why);
        } else {
            Live *l = live_get(app->games, game_id);
            json_t *j = live_json_game(l, true);
            live_json_viewer(j, l, 0, true); /* the arbiter sees the codes to hand out */
            json_t *link = web_event_link_json(app, game_id);
            json_object_set_new(j, "event", link ? link : json_null());
            http_json(res, 201, json_pack("{s:o,s:o}", "game", j, "event",
                                          web_event_json(app, id, e)));
        }
    }
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
done:
    json_decref(body);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/events/*/games", on_start},
};

WEB_ROUTES(WEB_EVENT_GAMES_ROUTES, ROUTES);
