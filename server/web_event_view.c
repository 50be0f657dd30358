/* web_event_view.c - what anyone may read of an event besides the Event itself: its
 * standings and crosstable, its exports (TRF16, the PDN of every game, CSV, a printable HTML
 * page) and its server-sent events (the Event again each time it changes, so that the
 * pairings, standings and crosstable on every screen follow the results as they come in).
 * See docs/web-api.md "Events". */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stream.h"
#include "web_events.h"


json_t *web_event_standings_json(const ShEvent *e, int stage, char *err, size_t size)
{
    ShStanding *rows = NULL;
    ShError why;
    int n = sh_event_standings(e, stage, &rows, &why);
    if (n < 0) {
        snprintf(err, size, "%s", why.message);
        return NULL;
    }
    const ShEventSettings *s = sh_event_settings(e);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        const ShStanding *r = &rows[i];
        const ShEventPlayer *p = sh_event_player(e, r->id);
        json_t *tb = json_array();
        for (int k = 0; k < s->tiebreak_count; k++)
            json_array_append_new(tb, json_real(r->tiebreaks[k]));
        json_array_append_new(
            list,
            json_pack("{s:i,s:i,s:s,s:i,s:s,s:o,s:i,s:i,s:i,s:i,s:o,s:f,s:f,s:i,s:b,s:i,s:i}",
                      "rank", r->rank, "id", r->id, "name", p ? p->name : "?", "rating",
                      p ? p->rating : 0, "club", p ? p->club : "", "points",
                      web_event_points(r->points), "games", r->games, "wins", r->wins, "draws",
                      r->draws, "losses", r->losses, "tiebreaks", tb, "performance",
                      r->performance, "rating_change", r->rating_change, "group", r->group,
                      "out", r->out, "place_from", r->place_from, "place_to", r->place_to));
    }
    free(rows);
    return list;
}

/* A player's score in a pairing as the crosstable writes it: "1", "½", "0", "+", "-" ... */
static void score_text(const ShEvent *e, const ShEventPairing *p, int player, char *out,
                       size_t size)
{
    const ShEventSettings *s = sh_event_settings(e);
    int wp, bp, winner;
    sh_event_pairing_points(e, p, &wp, &bp, &winner);
    int mine = player == p->white ? wp : bp;
    bool forfeit = false, pending = false;
    for (int i = 0; i < p->ngames; i++) {
        ShGameResult r = p->games[i].result;
        forfeit |= r == SH_GAME_WHITE_FORFEIT || r == SH_GAME_BLACK_FORFEIT ||
                   r == SH_GAME_DOUBLE_FORFEIT;
        pending |= r == SH_GAME_PENDING;
    }
    if (p->type == SH_PAIRING_GAME && pending && mine == 0)
        snprintf(out, size, "*");
    else if (forfeit && p->ngames == 1)
        snprintf(out, size, "%s", mine ? "+" : "-");
    else if (p->ngames == 1 && s->win == 10 && mine == 5)
        snprintf(out, size, "\xc2\xbd");
    else if (mine % 10)
        snprintf(out, size, "%d.%d", mine / 10, mine % 10);
    else
        snprintf(out, size, "%d", mine / 10);
}

/* The crosstable: the players in the order of the standings, a cell for each round they
 * had (opponent's rank, colour, score; a bye's kind). */
static json_t *crosstable_json(const ShEvent *e, json_t *standings)
{
    int count = sh_event_player_count(e);
    int *rank = calloc((size_t)count + 1, sizeof *rank);
    size_t i;
    json_t *row;
    json_array_foreach(standings, i, row) {
        int id = (int)json_integer_value(json_object_get(row, "id"));
        if (id >= 1 && id <= count && rank && !rank[id])
            rank[id] = (int)i + 1;
    }
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all);
    json_t *columns = json_array(), *rows = json_array();
    for (int k = 0; k < n; k++) {
        size_t last = json_array_size(columns);
        json_t *prev = last ? json_array_get(columns, last - 1) : NULL;
        if (!prev || json_integer_value(json_object_get(prev, "stage")) != all[k].stage ||
            json_integer_value(json_object_get(prev, "round")) != all[k].round)
            json_array_append_new(columns, json_pack("{s:i,s:i}", "stage", all[k].stage,
                                                     "round", all[k].round));
    }
    json_array_foreach(standings, i, row) {
        int id = (int)json_integer_value(json_object_get(row, "id"));
        json_t *cells = json_array();
        size_t c;
        json_t *col;
        json_array_foreach(columns, c, col) {
            int st = (int)json_integer_value(json_object_get(col, "stage"));
            int rd = (int)json_integer_value(json_object_get(col, "round"));
            const ShEventPairing *p = NULL;
            int seat = -1;
            for (int k = 0; k < n && !p; k++) {
                if (all[k].stage != st || all[k].round != rd)
                    continue;
                for (int q = 0; q < all[k].seats; q++)
                    if (all[k].seat[q] == id)
                        seat = q;
                if (seat >= 0 || all[k].white == id || all[k].black == id)
                    p = &all[k];
            }
            if (!p) {
                json_array_append_new(cells, json_null());
                continue;
            }
            if (seat >= 0) { /* a table: its number and the points scored there */
                int pts[SH_MAX_PLAYERS];
                char score[24];
                sh_event_table_points(e, p, pts);
                if (p->games[0].result == SH_GAME_TABLE)
                    snprintf(score, sizeof score, "%d%s", pts[seat] / 10,
                             pts[seat] % 10 == 5 ? "\xc2\xbd" : "");
                else
                    snprintf(score, sizeof score, "*");
                if (!strcmp(score, "0\xc2\xbd"))
                    snprintf(score, sizeof score, "\xc2\xbd");
                json_array_append_new(cells, json_pack("{s:n,s:n,s:s,s:s,s:i}", "opponent",
                                                       "opponent_rank", "color", "t", "score",
                                                       score, "table", p->board));
                continue;
            }
            char score[16];
            score_text(e, p, id, score, sizeof score);
            int other = p->white == id ? p->black : p->white;
            json_array_append_new(
                cells, json_pack("{s:o,s:o,s:s,s:s}", "opponent",
                                 other ? json_integer(other) : json_null(), "opponent_rank",
                                 other && rank ? json_integer(rank[other]) : json_null(), "color",
                                 p->type != SH_PAIRING_GAME ? "-" : p->white == id ? "w" : "b",
                                 "score", p->type == SH_PAIRING_GAME ? score
                                          : p->type == SH_PAIRING_BYE ? "U"
                                          : p->type == SH_PAIRING_HALF_BYE ? "H"
                                          : p->type == SH_PAIRING_FULL_BYE ? "F"
                                                                           : "Z"));
        }
        json_array_append_new(rows, json_pack("{s:i,s:o}", "id", id, "cells", cells));
    }
    free(rank);
    return json_pack("{s:o,s:o}", "columns", columns, "rows", rows);
}

static bool stage_query(const HttpRequest *req, const ShEvent *e, int *stage, HttpResponse *res)
{
    const char *text = http_query(req, "stage");
    *stage = 0;
    if (!text || !*text)
        return true;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end || v < 0 || v > sh_event_stage_count(e)) {
        http_field_error(res, 400, "stage", 0, 0, "stage must be 0 (the whole event) to %d",
                         sh_event_stage_count(e));
        return false;
    }
    *stage = (int)v;
    return true;
}

static void on_standings(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!web_event_load(app, req, res, &id, &e))
        return;
    int stage;
    char why[256];
    if (stage_query(req, e, &stage, res)) {
        json_t *rows = web_event_standings_json(e, stage, why, sizeof why);
        if (!rows) {
            http_error(res, 409, "%s", why);
        } else {
            json_t *cross = crosstable_json(e, rows);
            http_json(res, 200, json_pack("{s:I,s:i,s:o,s:o}", "id", (json_int_t)id, "stage",
                                          stage, "standings", rows, "crosstable", cross));
        }
    }
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
}

/* ---- exports ---- */

typedef struct Text {
    char *data;
    size_t size, cap;
} Text;

static void __attribute__((format(printf, 2, 3))) put(Text *t, const char *format, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, format);
        size_t room = t->cap - t->size;
        int n = t->data ? vsnprintf(t->data + t->size, room, format, ap) : -1;
        va_end(ap);
        if (n >= 0 && (size_t)n < room) {
            t->size += (size_t)n;
            return;
        }
        size_t want = t->cap * 2 + (n > 0 ? (size_t)n : 0) + 4096;
        char *grown = realloc(t->data, want);
        if (!grown)
            return;
        t->data = grown;
        t->cap = want;
    }
}

/* Text for CSV (quoted when it needs to be) and for HTML (escaped). */
static void put_csv(Text *t, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        put(t, "%s", s);
        return;
    }
    put(t, "\"");
    for (; *s; s++)
        put(t, *s == '"' ? "\"\"" : "%c", *s);
    put(t, "\"");
}

static void put_html(Text *t, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            put(t, "&lt;");
        else if (*s == '>')
            put(t, "&gt;");
        else if (*s == '&')
            put(t, "&amp;");
        else if (*s == '"')
            put(t, "&quot;");
        else
            put(t, "%c", *s);
    }
}

static const char *number_text(json_t *v, char *buf, size_t size)
{
    double d = json_number_value(v);
    if (d == (double)(long)d)
        snprintf(buf, size, "%ld", (long)d);
    else
        snprintf(buf, size, "%.2f", d);
    size_t n = strlen(buf);
    while (n > 1 && strchr(buf, '.') && (buf[n - 1] == '0' || buf[n - 1] == '.'))
        buf[--n] = '\0';
    return buf;
}

/* A player's rating, blank for an unrated player (0), as the page and the command line show it. */
static const char *rating_text(json_t *v, char *buf, size_t size)
{
    json_int_t r = json_integer_value(v);
    if (r > 0)
        snprintf(buf, size, "%lld", (long long)r);
    else
        buf[0] = '\0';
    return buf;
}

/* A team event's team standings (and an individual-team event's team standing), first in the
 * CSV and the HTML page. */
static void export_team(json_t *team, Text *t, bool html)
{
    json_t *rows = json_object_get(team, "standings"), *tbs = json_object_get(team, "tiebreaks");
    bool individual = !json_integer_value(json_object_get(team, "boards"));
    size_t i, k;
    json_t *r, *v;
    char buf[32];
    const char *head = individual ? "Rank,Team,Points" : "Rank,Team,MP,GP,Matches,W,D,L";
    if (html) {
        put(t, "<h2>Team standings</h2>\n<table><tr><th>%s</th>",
            individual ? "Rank</th><th>Team</th><th>Points"
                       : "Rank</th><th>Team</th><th>MP</th><th>GP</th><th>Matches</th>"
                         "<th>+</th><th>=</th><th>-");
    } else {
        put(t, "%s", head);
    }
    json_array_foreach(tbs, k, v) put(t, html ? "<th>%s</th>" : ",%s", json_string_value(v));
    put(t, html ? "</tr>\n" : "\n");
    json_array_foreach(rows, i, r) {
        put(t, html ? "<tr><td>%lld</td><td class=\"name\">" : "%lld,",
            (long long)json_integer_value(json_object_get(r, "rank")));
        if (html)
            put_html(t, json_string_value(json_object_get(r, "name")));
        else
            put_csv(t, json_string_value(json_object_get(r, "name")));
        put(t, html ? "</td><td>%s</td>" : ",%s",
            number_text(json_object_get(r, "match_points"), buf, sizeof buf));
        if (!individual) {
            put(t, html ? "<td>%s</td>" : ",%s",
                number_text(json_object_get(r, "game_points"), buf, sizeof buf));
            static const char *const FIELDS[] = {"matches", "wins", "draws", "losses"};
            for (int f = 0; f < 4; f++)
                put(t, html ? "<td>%lld</td>" : ",%lld",
                    (long long)json_integer_value(json_object_get(r, FIELDS[f])));
        }
        json_array_foreach(json_object_get(r, "tiebreaks"), k, v)
            put(t, html ? "<td>%s</td>" : ",%s", number_text(v, buf, sizeof buf));
        put(t, html ? "</tr>\n" : "\n");
    }
    put(t, html ? "</table>\n" : "\n");
    json_t *boards = json_object_get(team, "board_prizes");
    json_array_foreach(boards, i, r) {
        if (!html)
            break;
        put(t, "<h2>Board %zu</h2>\n<table><tr><th>Rank</th><th>Name</th><th>Team</th>"
               "<th>Points</th><th>Games</th><th>%%</th><th>Perf</th></tr>\n",
            i + 1);
        json_array_foreach(r, k, v) {
            put(t, "<tr><td>%lld</td><td class=\"name\">",
                (long long)json_integer_value(json_object_get(v, "rank")));
            put_html(t, json_string_value(json_object_get(v, "name")));
            put(t, "</td><td>");
            put_html(t, json_string_value(json_object_get(v, "team")));
            put(t, "</td><td>%s</td><td>%lld</td><td>%.1f</td><td>%.0f</td></tr>\n",
                number_text(json_object_get(v, "points"), buf, sizeof buf),
                (long long)json_integer_value(json_object_get(v, "games")),
                json_real_value(json_object_get(v, "percentage")),
                json_real_value(json_object_get(v, "performance")));
        }
        put(t, "</table>\n");
    }
}

static void export_csv(const ShEvent *e, json_t *rows, Text *t)
{
    const ShEventSettings *s = sh_event_settings(e);
    put(t, "Rank,No,Name,Rating,Club,Points");
    for (int k = 0; k < s->tiebreak_count; k++)
        put(t, ",%s", sh_tiebreak_name(s->tiebreaks[k]));
    put(t, ",Games,Wins,Draws,Losses\n");
    size_t i;
    json_t *r;
    char buf[32];
    json_array_foreach(rows, i, r) {
        put(t, "%lld,%lld,", (long long)json_integer_value(json_object_get(r, "rank")),
            (long long)json_integer_value(json_object_get(r, "id")));
        put_csv(t, json_string_value(json_object_get(r, "name")));
        put(t, ",%s,", rating_text(json_object_get(r, "rating"), buf, sizeof buf));
        put_csv(t, json_string_value(json_object_get(r, "club")));
        put(t, ",%s", number_text(json_object_get(r, "points"), buf, sizeof buf));
        size_t k;
        json_t *v;
        json_array_foreach(json_object_get(r, "tiebreaks"), k, v)
            put(t, ",%s", number_text(v, buf, sizeof buf));
        put(t, ",%lld,%lld,%lld,%lld\n", (long long)json_integer_value(json_object_get(r, "games")),
            (long long)json_integer_value(json_object_get(r, "wins")),
            (long long)json_integer_value(json_object_get(r, "draws")),
            (long long)json_integer_value(json_object_get(r, "losses")));
    }
}

static void export_html(const ShEvent *e, json_t *rows, json_t *cross, Text *t)
{
    const ShEventSettings *s = sh_event_settings(e);
    put(t, "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>");
    put_html(t, s->name);
    put(t, "</title>\n<style>body{font:14px/1.4 system-ui,sans-serif;margin:2em}"
           "table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #999;"
           "padding:.2em .5em;text-align:center}td.name{text-align:left}"
           "@media print{body{margin:0}h2{break-before:page}}</style></head><body>\n<h1>");
    put_html(t, s->name);
    put(t, "</h1>\n<p>");
    put_html(t, s->site);
    put(t, " %s &middot; %s</p>\n", s->date, sh_system_name(s->stages[0].system));
    json_t *team = web_event_team_json(e);
    if (team)
        export_team(team, t, true);
    json_decref(team);
    put(t, "<h2>Standings</h2>\n<table><tr><th>Rank</th><th>Name</th>"
           "<th>Rating</th><th>Points</th>");
    for (int k = 0; k < s->tiebreak_count; k++)
        put(t, "<th>%s</th>", sh_tiebreak_name(s->tiebreaks[k]));
    json_t *cols = json_object_get(cross, "columns");
    size_t c;
    json_t *col;
    json_array_foreach(cols, c, col)
        put(t, "<th>%lld</th>", (long long)json_integer_value(json_object_get(col, "round")));
    put(t, "</tr>\n");
    size_t i;
    json_t *r;
    char buf[32];
    json_array_foreach(rows, i, r) {
        put(t, "<tr><td>%lld</td><td class=\"name\">",
            (long long)json_integer_value(json_object_get(r, "rank")));
        put_html(t, json_string_value(json_object_get(r, "name")));
        char rating[32];
        put(t, "</td><td>%s</td><td>%s</td>",
            rating_text(json_object_get(r, "rating"), rating, sizeof rating),
            number_text(json_object_get(r, "points"), buf, sizeof buf));
        size_t k;
        json_t *v;
        json_array_foreach(json_object_get(r, "tiebreaks"), k, v)
            put(t, "<td>%s</td>", number_text(v, buf, sizeof buf));
        json_t *cells = json_object_get(json_array_get(json_object_get(cross, "rows"), i), "cells");
        json_array_foreach(cells, k, v) {
            if (json_is_null(v)) {
                put(t, "<td></td>");
                continue;
            }
            json_t *rank = json_object_get(v, "opponent_rank");
            char opp[16] = "";
            if (json_is_integer(rank))
                snprintf(opp, sizeof opp, "%lld", (long long)json_integer_value(rank));
            put(t, "<td>%s%s%s</td>", opp, json_string_value(json_object_get(v, "color")),
                json_string_value(json_object_get(v, "score")));
        }
        put(t, "</tr>\n");
    }
    put(t, "</table>\n");
    for (int st = 1; st <= sh_event_stage_count(e); st++)
        for (int rd = 1; rd <= sh_event_rounds_paired(e, st); rd++) {
            const ShEventPairing *list;
            int n = sh_event_pairings(e, st, rd, &list);
            put(t, "<h2>Round %d</h2>\n<table><tr><th>Board</th><th>White</th><th>Result</th>"
                   "<th>Black</th></tr>\n",
                rd);
            for (int k = 0; k < n; k++) {
                const ShEventPairing *p = &list[k];
                if (p->seats) { /* a table: its players by seat, then its result */
                    char result[32];
                    put(t, "<tr><td>%d</td><td class=\"name\">", p->board);
                    for (int q = 0; q < p->seats; q++) {
                        put(t, "%s", q ? ", " : "");
                        put_html(t, sh_event_player(e, p->seat[q])->name);
                    }
                    put(t, "</td><td>%s</td><td></td></tr>\n",
                        sh_event_table_result_text(p, result, sizeof result));
                    continue;
                }
                const ShEventPlayer *w = sh_event_player(e, p->white),
                                    *b = p->black ? sh_event_player(e, p->black) : NULL;
                char ws[16], bs[16];
                score_text(e, p, p->white, ws, sizeof ws);
                score_text(e, p, p->black, bs, sizeof bs);
                put(t, "<tr><td>%d</td><td class=\"name\">", p->board);
                put_html(t, w ? w->name : "");
                put(t, "</td><td>%s</td><td class=\"name\">",
                    p->type == SH_PAIRING_GAME ? (strcmp(ws, "*") ? ws : "") : "bye");
                if (p->type == SH_PAIRING_GAME)
                    put(t, "%s ", strcmp(bs, "*") ? bs : "");
                put_html(t, b ? b->name : "");
                put(t, "</td></tr>\n");
            }
            put(t, "</table>\n");
        }
    put(t, "</body></html>\n");
}

/* The PDN of every recorded game of the event, in the order of the rounds (lock held). */
static void export_pdn(WebApp *app, const ShEvent *e, Text *t)
{
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all);
    for (int k = 0; k < n; k++)
        for (int g = 0; g < all[k].ngames; g++) {
            long id = all[k].games[g].game_id;
            Live *l = id ? live_get(app->games, id) : NULL;
            char *text = NULL, round[32];
            if (!l)
                continue;
            snprintf(round, sizeof round, "%d.%d", all[k].round, all[k].board);
            sh_play_set_tag(l->play, "Event", sh_event_settings(e)->name, NULL);
            sh_play_set_tag(l->play, "Round", round, NULL);
            if (sh_play_write_pdn(l->play, false, &text, NULL, NULL) == SH_OK)
                put(t, "%s\n", text);
            free(text);
        }
}

static void on_export(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const char *what = req->params[1];
    if (strcmp(what, "trf") && strcmp(what, "pdn") && strcmp(what, "csv") && strcmp(what, "html")) {
        http_error(res, 404, "no export '%s': trf, pdn, csv or html", what);
        return;
    }
    long id;
    ShEvent *e;
    if (!web_event_load(app, req, res, &id, &e))
        return;
    int stage;
    Text t = {0};
    char why[256];
    const char *type = "text/plain; charset=utf-8";
    if (!stage_query(req, e, &stage, res)) {
        /* res says why */
    } else if (what[0] == 't') {
        ShTrf trf;
        ShError err;
        char *text = NULL;
        size_t size = 0;
        if (sh_event_to_trf(e, stage, &trf, &err) != SH_OK) {
            http_error(res, 409, "%s", err.message);
        } else {
            if (sh_trf_write(&trf, &text, &size, &err) == SH_OK)
                put(&t, "%s", text);
            free(text);
            sh_trf_free(&trf);
        }
    } else if (what[0] == 'p') {
        export_pdn(app, e, &t);
        type = "application/x-pdn; charset=utf-8";
        if (!t.data)
            put(&t, "%s", "");
    } else {
        json_t *rows = web_event_standings_json(e, stage, why, sizeof why);
        if (!rows) {
            http_error(res, 409, "%s", why);
        } else if (what[0] == 'c') {
            json_t *team = web_event_team_json(e);
            if (team)
                export_team(team, &t, false);
            json_decref(team);
            export_csv(e, rows, &t);
            type = "text/csv; charset=utf-8";
        } else {
            json_t *cross = crosstable_json(e, rows);
            export_html(e, rows, cross, &t);
            json_decref(cross);
            type = "text/html; charset=utf-8";
        }
        json_decref(rows);
    }
    pthread_mutex_unlock(&app->games->lock);
    if (t.data) {
        char disposition[96];
        snprintf(disposition, sizeof disposition, "attachment; filename=\"event-%ld.%s\"", id,
                 what);
        http_add_header(res, "Content-Disposition", disposition);
        http_text(res, 200, type, t.data);
    }
    free(t.data);
    sh_event_free(e);
}

/* ---- the change log: every change entered, with its time (the games' reasons too) ---- */

static void log_line(void *ctx, const char *time, const char *change)
{
    json_array_append_new(ctx, json_pack("{s:s,s:s}", "time", time, "change", change));
}

static void on_log(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!web_event_load(app, req, res, &id, &e))
        return;
    json_t *changes = json_array();
    tstore_changes(app->tstore, id, log_line, changes);
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
    http_json(res, 200, json_pack("{s:I,s:o}", "id", (json_int_t)id, "changes", changes));
}

/* ---- the event's stream (stream.h) ---- */

static bool event_version(WebGames *g, long id, void *context, unsigned *version)
{
    (void)g;
    (void)id;
    *version = ((WebApp *)*(void **)context)->events_version;
    return true;
}

static char *event_text(WebGames *g, long id, void *context)
{
    (void)g;
    WebApp *app = *(void **)context;
    ShEvent *e;
    char why[256];
    if (!tstore_load(app->tstore, id, &e, why, sizeof why))
        return NULL; /* deleted */
    json_t *j = web_event_json(app, id, e);
    sh_event_free(e);
    return stream_event_text("event", j, JSON_COMPACT | JSON_ENSURE_ASCII);
}

static pthread_cond_t *event_cond(WebGames *g, long id)
{
    (void)id;
    return &g->changed;
}

static const StreamSource EVENT_STREAM = {event_version, event_text, event_cond, NULL};

static void on_stream(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    long id;
    ShEvent *e;
    if (!web_event_load(app, req, res, &id, &e))
        return;
    pthread_mutex_unlock(&app->games->lock);
    sh_event_free(e);
    void **context = malloc(sizeof *context);
    if (!context) {
        http_error(res, 500, "out of memory");
        return;
    }
    *context = app;
    stream_respond(res, app->games, &EVENT_STREAM, id, context);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/events/*/standings", on_standings},
    {"GET", "/api/events/*/export/*", on_export},
    {"GET", "/api/events/*/events", on_stream},
    {"GET", "/api/events/*/log", on_log},
};

WEB_ROUTES(WEB_EVENT_VIEW_ROUTES, ROUTES);
