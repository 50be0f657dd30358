/* web_other.c - "More games" (web_other.h): the list of the other games, creating a game, its
 * JSON, moves, the record and the event stream. See docs/web-api.md "More games". */
#include "web_other.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "web_rights.h"

#define EVENT_WAIT_SECONDS 15

static const char *const KINDS[] = {"empty", "piece", "man", "king", "pawn"};
static const char *const MOVE_KINDS[] = {"step", "jump", "capture", "place", "pass"};

WebOther *web_other_open(void)
{
    WebOther *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    pthread_mutex_init(&o->lock, NULL);
    pthread_cond_init(&o->changed, NULL);
    o->next_id = 1;
    return o;
}

static void live_free_one(OtherLive *l)
{
    sh_other_record_free(&l->rec);
    free(l->event);
    free(l);
}

void web_other_shutdown(WebOther *o)
{
    if (!o)
        return;
    pthread_mutex_lock(&o->lock);
    o->stopping = true;
    for (OtherLive *l = o->list; l; l = l->next)
        atomic_store(&l->stop, true);
    pthread_cond_broadcast(&o->changed);
    pthread_mutex_unlock(&o->lock);
}

void web_other_close(WebOther *o)
{
    if (!o)
        return;
    web_other_shutdown(o);
    pthread_mutex_lock(&o->lock);
    while (o->workers > 0)
        pthread_cond_wait(&o->changed, &o->lock);
    pthread_mutex_unlock(&o->lock);
    for (OtherLive *l = o->list, *next; l; l = next) {
        next = l->next;
        live_free_one(l);
    }
    pthread_cond_destroy(&o->changed);
    pthread_mutex_destroy(&o->lock);
    free(o);
}

OtherLive *web_other_get(WebOther *o, long id)
{
    for (OtherLive *l = o->list; l; l = l->next)
        if (l->id == id)
            return l;
    return NULL;
}

void web_other_changed(WebOther *o, OtherLive *l)
{
    l->version++;
    pthread_cond_broadcast(&o->changed);
}

/* ---- JSON ------------------------------------------------------------------------------- */

static json_t *settings_json(const ShOtherGame *g)
{
    json_t *a = json_array();
    for (int i = 0; i < g->setting_count; i++) {
        const ShSetting *s = &g->settings[i];
        json_t *values = json_array();
        for (const char *p = s->values; *p;) {
            size_t n = strcspn(p, "|");
            json_array_append_new(values, json_stringn(p, n));
            p += n;
            if (*p == '|')
                p++;
        }
        json_array_append_new(a, json_pack("{s:s,s:o,s:s,s:s}", "key", s->key, "values", values,
                                           "default", s->fallback, "help",
                                           s->help ? s->help : ""));
    }
    return a;
}

static json_t *strings_json(const char *const *list, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(list && list[i] ? list[i] : ""));
    return a;
}

static json_t *game_info_json(const ShOtherGame *g)
{
    return json_pack("{s:s,s:s,s:s,s:s,s:i,s:o,s:o,s:b,s:b,s:o}", "name", g->name, "game_type",
                     g->game_type, "title_en", g->title_en, "title_ru", g->title_ru, "players",
                     g->players, "player_names", strings_json(g->player_names, g->players),
                     "player_colours", strings_json(g->player_colours, g->players), "playable",
                     sh_other_playable(g), "engine", sh_other_playable(g) && g->searchable &&
                                                         g->evaluate != NULL,
                     "settings", settings_json(g));
}

static json_t *board_json(const ShGeometry *b)
{
    json_t *cells = json_array();
    for (int i = 0; i < b->cell_count; i++) {
        const ShCell *c = &b->cell[i];
        json_array_append_new(cells, json_pack("{s:f,s:f,s:s,s:b,s:s}", "x", (double)c->x, "y",
                                               (double)c->y, "shape",
                                               c->shape == SH_CELL_HEX        ? "hex"
                                               : c->shape == SH_CELL_HEX_FLAT ? "hex_flat"
                                                                               : "square", "dark",
                                               c->dark != 0, "name", c->name));
    }
    return json_pack("{s:f,s:f,s:o}", "width", (double)b->width, "height", (double)b->height,
                     "cells", cells);
}

static json_t *cells_json(const uint8_t *cells, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_integer(cells[i]));
    return a;
}

static json_t *result_json(const OtherLive *l)
{
    const ShOtherGame *g = l->game;
    ShOtherResult r;
    g->result(&l->rec.current, &r);
    json_t *score = json_array(), *out = json_array();
    for (int p = 0; p < g->players; p++) {
        json_array_append_new(score, json_integer(r.score[p]));
        json_array_append_new(out, json_boolean(r.out[p]));
    }
    return json_pack("{s:b,s:o,s:o,s:o,s:s,s:s}", "over", r.over, "winner",
                     r.winner >= 0 ? json_integer(r.winner) : json_null(), "score", score, "out",
                     out, "reason", r.reason, "text", l->rec.result);
}

json_t *web_other_json(const OtherLive *l, unsigned held, bool show_codes)
{
    const ShOtherGame *g = l->game;
    const ShOtherState *st = &l->rec.current;
    ShGeometry *board = malloc(sizeof *board);
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    if (!board || !list) {
        free(board);
        free(list);
        return json_pack("{s:I}", "id", (json_int_t)l->id);
    }
    g->board(st, board);
    json_t *pieces = json_array();
    for (int i = 0; i < board->cell_count; i++) {
        ShUnit p = g->piece(st, i);
        json_array_append_new(pieces, p.kind == SH_UNIT_NONE || p.kind > SH_UNIT_PAWN
                                          ? json_null()
                                          : json_pack("{s:s,s:i}", "kind", KINDS[p.kind], "owner",
                                                      p.owner));
    }
    char text[SH_OTHER_TEXT_SIZE], mt[SH_OTHER_MOVE_TEXT_SIZE];
    json_t *moves = json_array();
    int n = g->moves(st, list);
    for (int i = 0; i < n; i++) {
        g->move_text(st, &list[i], mt, sizeof mt);
        json_array_append_new(
            moves, json_pack("{s:s,s:s,s:o,s:o}", "text", mt, "kind",
                             list[i].kind <= SH_MOVE_PASS ? MOVE_KINDS[list[i].kind] : "step",
                             "path", cells_json(list[i].path, list[i].length), "captured",
                             cells_json(list[i].captured, list[i].captured_count)));
    }
    json_t *history = json_array();
    ShOtherState walk = l->rec.start;
    for (int i = 0; i < l->rec.move_count; i++) {
        const ShOtherMove *m = &l->rec.moves[i];
        g->move_text(&walk, m, mt, sizeof mt);
        json_array_append_new(history, json_pack("{s:i,s:s,s:i,s:o}", "ply", i + 1, "text", mt,
                                                 "player", g->to_move(&walk), "path",
                                                 cells_json(m->path, m->length)));
        g->make(&walk, m);
    }
    json_t *seats = json_array(), *you = json_array(), *codes = json_array();
    for (int p = 0; p < g->players; p++) {
        const OtherSeat *s = &l->seats[p];
        json_array_append_new(seats, json_pack("{s:s,s:o,s:s}", "seat",
                                               !s->human ? "engine" : s->taken ? "taken" : "open",
                                               "level", s->human ? json_null() : json_integer(s->level),
                                               "name", s->name));
        if (held & (1u << p))
            json_array_append_new(you, json_integer(p));
        json_array_append_new(codes, show_codes && s->human && !s->taken && s->code[0]
                                         ? json_string(s->code)
                                         : json_null());
    }
    g->format(st, text, sizeof text);
    ShOtherResult r;
    g->result(st, &r);
    json_t *j = json_pack(
        "{s:I,s:I,s:o,s:s,s:s,s:s,s:o,s:i,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:b,s:o}", "id",
        (json_int_t)l->id, "version", (json_int_t)l->version, "game", game_info_json(g),
        "settings", l->rec.settings, "position", text, "status", r.over ? "finished" : "playing",
        "board", board_json(board), "to_move", g->to_move(st), "pieces", pieces, "moves", moves,
        "history", history, "result", result_json(l), "seats", seats, "you", you, "codes", codes,
        "thinking", l->thinking, "start",
        json_string(l->rec.setup ? "" : "start"));
    if (l->rec.setup) {
        g->format(&l->rec.start, text, sizeof text);
        json_object_set_new(j, "start", json_string(text));
    }
    free(board);
    free(list);
    return j;
}

/* ---- requests --------------------------------------------------------------------------- */

static WebOther *other_of(void *ctx)
{
    return ((WebApp *)ctx)->other;
}

/* The game of the route's first parameter, lock taken; NULL with a 404 (lock released). */
static OtherLive *game_for(WebApp *app, const HttpRequest *req, HttpResponse *res)
{
    char *end;
    errno = 0;
    long id = strtol(req->params[0], &end, 10);
    if (*end || errno || id <= 0) {
        http_error(res, 404, "no game '%s'", req->params[0]);
        return NULL;
    }
    pthread_mutex_lock(&app->other->lock);
    OtherLive *l = web_other_get(app->other, id);
    if (!l) {
        pthread_mutex_unlock(&app->other->lock);
        http_error(res, 404, "no game %ld among the other games", id);
    }
    return l;
}

static void reply_game(WebApp *app, const HttpRequest *req, HttpResponse *res, int status,
                       const OtherLive *l, unsigned taken_now)
{
    unsigned held = web_other_seats_held(app, req, l, NULL) | taken_now;
    http_json(res, status, web_other_json(l, held, held != 0 || rights_is_arbiter(app, req)));
}

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)req;
    (void)ctx;
    json_t *games = json_array();
    for (int i = 0; i < sh_other_count(); i++)
        json_array_append_new(games, game_info_json(sh_other_at(i)));
    http_json(res, 200, json_pack("{s:o,s:s}", "games", games, "chapaev", "#/chapaev"));
}

/* Forget the oldest finished game (or the oldest) when the list is full (lock held). */
static void make_room(WebOther *o)
{
    if (o->count < WEB_OTHER_MAX_GAMES)
        return;
    OtherLive **victim = NULL;
    for (OtherLive **p = &o->list; *p; p = &(*p)->next) {
        ShOtherResult r;
        (*p)->game->result(&(*p)->rec.current, &r);
        if (!(*p)->thinking && (r.over || !victim))
            victim = p;
        if (r.over && !(*p)->thinking)
            break;
    }
    if (victim) {
        OtherLive *l = *victim;
        *victim = l->next;
        live_free_one(l);
        o->count--;
    }
}

static void on_create(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    WebOther *o = other_of(ctx);
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *name = NULL, *settings = NULL, *position = NULL;
    long level = 5;
    if (!http_get_string(body, "game", &name, res) ||
        !http_get_string(body, "settings", &settings, res) ||
        !http_get_string(body, "position", &position, res) ||
        !http_get_int(body, "level", 1, 10, &level, res))
        goto done;
    const ShOtherGame *g = name ? sh_other_find(name) : NULL;
    if (!g) {
        http_field_error(res, 400, "game", 0, 0, "no game \"%s\": GET /api/other lists them",
                         name ? name : "");
        goto done;
    }
    if (!sh_other_playable(g)) {
        http_field_error(res, 400, "game", 0, 0, "%s is not playable yet", g->name);
        goto done;
    }
    /* seats: one per player, "here" (this device), "code" (another device, by its code) or
     * "engine"; default every seat here */
    char kinds[SH_OTHER_MAX_PLAYERS] = {0};
    json_t *seats = json_object_get(body, "seats");
    if (seats && (!json_is_array(seats) || (int)json_array_size(seats) != g->players)) {
        http_field_error(res, 400, "seats", 0, 0, "seats is a list of %d: here, code or engine",
                         g->players);
        goto done;
    }
    bool engine = g->searchable && g->evaluate;
    for (int p = 0; p < g->players; p++) {
        const char *k = seats ? json_string_value(json_array_get(seats, (size_t)p)) : "here";
        if (!k || (strcmp(k, "here") && strcmp(k, "code") && strcmp(k, "engine"))) {
            http_field_error(res, 400, "seats", 0, 0, "seat %d is here, code or engine", p + 1);
            goto done;
        }
        if (k[0] == 'e' && !engine) {
            http_field_error(res, 400, "seats", 0, 0, "%s has no engine: every seat is a person's",
                             g->name);
            goto done;
        }
        kinds[p] = k[0];
    }
    if (position && *position && settings && *settings) {
        http_field_error(res, 400, "settings", 0, 0,
                         "a position's text keeps its own settings: give one or the other");
        goto done;
    }
    OtherLive *l = calloc(1, sizeof *l);
    if (!l) {
        http_error(res, 500, "out of memory");
        goto done;
    }
    ShError err;
    ShStatus s = sh_other_record_init(&l->rec, g, position && *position ? NULL : settings,
                                      position && *position ? position : NULL, &err);
    if (s != SH_OK) {
        free(l);
        http_field_error(res, 400, position && *position ? "position" : "settings", err.line,
                         err.column, "%s", err.message);
        goto done;
    }
    l->game = g;
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(l->rec.date, sizeof l->rec.date, "%Y.%m.%d", &tm);
    snprintf(l->rec.event, sizeof l->rec.event, "Shashki: more games");
    pthread_mutex_lock(&o->lock);
    make_room(o);
    l->id = o->next_id++;
    unsigned take = 0;
    for (int p = 0; p < g->players; p++) {
        OtherSeat *seat = &l->seats[p];
        seat->human = kinds[p] != 'e';
        seat->level = (int)level;
        if (!seat->human) {
            snprintf(seat->name, sizeof seat->name, "Shashki level %ld", level);
        } else {
            snprintf(seat->name, sizeof seat->name, "%s", g->player_names[p]);
            if (kinds[p] == 'h') {
                web_other_take_seat(app, res, l, p);
                take |= 1u << p;
            } else {
                auth_code_new(seat->code);
            }
        }
        snprintf(l->rec.player[p], sizeof l->rec.player[p], "%s", seat->name);
    }
    l->next = o->list;
    o->list = l;
    o->count++;
    web_other_engine_maybe_move(o, l);
    http_json(res, 201, web_other_json(l, take, true)); /* the creator sees the codes it made */
    pthread_mutex_unlock(&o->lock);
done:
    json_decref(body);
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    OtherLive *l = game_for(app, req, res);
    if (!l)
        return;
    reply_game(app, req, res, 200, l, 0);
    pthread_mutex_unlock(&app->other->lock);
}

static void on_move(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    const char *text = NULL;
    long ply = -1;
    if (!http_get_string(body, "move", &text, res) ||
        !http_get_int(body, "ply", 0, 1000000, &ply, res)) {
        json_decref(body);
        return;
    }
    if (!text) {
        http_field_error(res, 400, "move", 0, 0, "say which move: {\"move\": \"a1-b2\"}");
        json_decref(body);
        return;
    }
    OtherLive *l = game_for(app, req, res);
    if (!l) {
        json_decref(body);
        return;
    }
    const ShOtherGame *g = l->game;
    int mover = g->to_move(&l->rec.current);
    ShOtherResult r;
    g->result(&l->rec.current, &r);
    ShOtherMove m;
    ShError err;
    if (r.over) {
        http_error(res, 409, "the game is over: %s", r.reason);
    } else if (ply >= 0 && ply != l->rec.move_count) {
        http_field_error(res, 409, "ply", 0, 0, "the game is at ply %d, not %ld: reload it",
                         l->rec.move_count, ply);
    } else if (web_other_need_seat(app, req, res, l, mover)) {
        if (l->thinking)
            http_error(res, 409, "the engine is thinking");
        else if (sh_other_parse_move(g, &l->rec.current, text, &m, &err) != SH_OK)
            http_field_error(res, 400, "move", 0, err.column, "%s", err.message);
        else if (sh_other_record_play(&l->rec, &m, &err) != SH_OK)
            http_field_error(res, 400, "move", 0, 0, "%s", err.message);
        else {
            web_other_changed(app->other, l);
            web_other_engine_maybe_move(app->other, l);
            reply_game(app, req, res, 200, l, 0);
        }
    }
    pthread_mutex_unlock(&app->other->lock);
    json_decref(body);
}

static void on_record(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    OtherLive *l = game_for(app, req, res);
    if (!l)
        return;
    size_t need = sh_other_record_write(&l->rec, NULL, 0);
    char *text = malloc(need + 1);
    if (text)
        sh_other_record_write(&l->rec, text, need + 1);
    char disposition[96];
    snprintf(disposition, sizeof disposition, "attachment; filename=\"%s-%ld.pdn\"",
             l->game->name, l->id);
    pthread_mutex_unlock(&app->other->lock); /* l may go after this */
    if (!text) {
        http_error(res, 500, "out of memory");
        return;
    }
    http_text(res, 200, "application/x-checkers-pdn; charset=utf-8", text);
    if (http_query(req, "download"))
        http_add_header(res, "Content-Disposition", disposition);
    free(text);
}

/* ---- the event stream ------------------------------------------------------------------- */

typedef struct OtherStream {
    WebApp *app;
    long id;
    unsigned seen, held;
    bool first, show_codes;
    char *pending;
    size_t pending_size, pending_at;
} OtherStream;

static long pending_copy(OtherStream *s, char *buf, size_t max)
{
    size_t n = s->pending_size - s->pending_at;
    if (n > max)
        n = max;
    memcpy(buf, s->pending + s->pending_at, n);
    s->pending_at += n;
    if (s->pending_at == s->pending_size) {
        free(s->pending);
        s->pending = NULL;
    }
    return (long)n;
}

static char *event_text(const OtherLive *l, unsigned held, bool show_codes)
{
    json_t *j = web_other_json(l, held, show_codes);
    char *body = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!body)
        return NULL;
    size_t n = strlen(body) + 32;
    char *text = malloc(n);
    if (text)
        snprintf(text, n, "event: state\ndata: %s\n\n", body);
    free(body);
    return text;
}

static long stream_next(void *state, char *buf, size_t max)
{
    OtherStream *s = state;
    if (s->pending)
        return pending_copy(s, buf, max);
    WebOther *o = s->app->other;
    pthread_mutex_lock(&o->lock);
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += EVENT_WAIT_SECONDS;
    for (;;) {
        OtherLive *l = o->stopping ? NULL : web_other_get(o, s->id);
        if (!l) {
            pthread_mutex_unlock(&o->lock);
            return -1;
        }
        if (s->first || l->version != s->seen) {
            s->first = false;
            s->seen = l->version;
            s->pending = event_text(l, s->held, s->show_codes);
            pthread_mutex_unlock(&o->lock);
            if (!s->pending)
                return -1;
            s->pending_size = strlen(s->pending);
            s->pending_at = 0;
            return pending_copy(s, buf, max);
        }
        if (pthread_cond_timedwait(&o->changed, &o->lock, &until) == ETIMEDOUT) {
            pthread_mutex_unlock(&o->lock);
            return 0;
        }
    }
}

static void stream_done(void *state)
{
    OtherStream *s = state;
    free(s->pending);
    free(s);
}

static void on_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    OtherLive *l = game_for(app, req, res);
    if (!l)
        return;
    OtherStream *s = calloc(1, sizeof *s);
    if (s) {
        s->app = app;
        s->id = l->id;
        s->first = true;
        s->held = web_other_seats_held(app, req, l, NULL);
        s->show_codes = s->held != 0 || rights_is_arbiter(app, req);
    }
    pthread_mutex_unlock(&app->other->lock);
    if (!s) {
        http_error(res, 500, "out of memory");
        return;
    }
    res->has_stream = true;
    res->stream = (HttpStream){stream_next, stream_done, s};
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/other", on_list},
    {"POST", "/api/other/games", on_create},
    {"POST", "/api/other/join", web_other_join},
    {"GET", "/api/other/games/*", on_get},
    {"POST", "/api/other/games/*/moves", on_move},
    {"GET", "/api/other/games/*/record", on_record},
    {"GET", "/api/other/games/*/events", on_events},
};

WEB_ROUTES(WEB_OTHER_ROUTES, ROUTES);
