/* web_review.c - a finished game's review (engine/review.h) through the web API: asked for
 * (queued, review_queue.h), followed as it goes (server-sent events), read when done, and
 * written into the game's PDN. See docs/web-api.md "Reviews". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "review.h"
#include "review_queue.h"
#include "stream.h"
#include "web_app.h"

/* A threshold in whole points of expected score. */
#define POINTS(x) ((int)((x) * 100 + 0.5))

/* An expected score as the API gives it: percent, one decimal. */
static json_t *percent(double chance)
{
    return json_real((double)(long)(chance * 1000.0 + 0.5) / 10.0);
}

/* A score's members, as the analysis gives them: the score, White's centi-men or the win. */
static void score_members(json_t *j, const Live *l, const ReviewPosition *p)
{
    const ShKind *kind = sh_play_kind(l->play);
    bool database;
    int plies = review_score_plies(kind, p->score, &database);
    json_object_set_new(j, "score", json_integer(p->score));
    if (plies || database) {
        bool mover_wins = p->score > 0;
        int winner = mover_wins ? p->player : kind->players == 2 ? 1 - p->player : -1;
        json_t *win = json_pack("{s:o,s:o}", "side",
                                winner >= 0 ? json_string(live_colour(l, winner)) : json_null(),
                                "plies", database ? json_null() : json_integer(abs(plies)));
        if (database)
            json_object_set_new(win, "database", json_true());
        json_object_set_new(j, "win", win);
        json_object_set_new(j, "white_cp", json_null());
    } else {
        json_object_set_new(j, "win", json_null());
        json_object_set_new(j, "white_cp", kind->players == 2
                                               ? json_integer(p->player == 0 ? p->score : -p->score)
                                               : json_null());
    }
}

/* A line of full texts from `at` as short texts (the moves that play). */
static json_t *line_short(const ShPlay *at, const char *line)
{
    json_t *a = json_array();
    ShPlay *walk = sh_play_copy(at);
    char copy[PLAY_PV_SIZE];
    snprintf(copy, sizeof copy, "%s", line);
    char *save = NULL;
    for (char *tok = strtok_r(copy, " ", &save); walk && tok; tok = strtok_r(NULL, " ", &save)) {
        ShPlayMove m;
        if (sh_play_move(walk, tok, &m, NULL) != SH_OK)
            break;
        json_array_append_new(a, json_string(m.text));
    }
    sh_play_free(walk);
    return a;
}

/* The better line from `at`: each move as a Move with the position after it (its text). */
#define LINE_STEPS 10
static json_t *line_steps(const Live *l, const ShGeometry *b, const ShPlay *at, const char *line)
{
    json_t *a = json_array();
    ShPlay *walk = sh_play_copy(at);
    char copy[PLAY_PV_SIZE];
    snprintf(copy, sizeof copy, "%s", line);
    char *save = NULL;
    int n = 0;
    for (char *tok = strtok_r(copy, " ", &save); walk && tok && n++ < LINE_STEPS;
         tok = strtok_r(NULL, " ", &save)) {
        ShPlayMove m;
        bool second = sh_play_second_move(walk, -1);
        if (sh_play_move(walk, tok, &m, NULL) != SH_OK)
            break;
        char text[SH_PLAY_TEXT_SIZE];
        sh_play_position_text(walk, -1, text, sizeof text);
        json_array_append_new(a, json_pack("{s:o,s:s}", "move", live_json_move(l, b, &m, second),
                                           "fen", text));
    }
    sh_play_free(walk);
    return a;
}

static json_t *position_json(const Live *l, const Review *r, int k, const ShPlay *at)
{
    const ReviewPosition *p = &r->positions[k];
    const ShKind *kind = r->kind;
    double chance = p->state == REVIEW_OVER && p->score == 0 ? 0.5 : review_chance(kind, p->score);
    json_t *j = json_pack("{s:i,s:s,s:s}", "ply", k, "side", live_colour(l, p->player), "state",
                          p->state == REVIEW_OVER ? "over" : "searched");
    score_members(j, l, p);
    json_object_set_new(j, "chance", percent(chance));
    json_object_set_new(j, "white", kind->players == 2 ? percent(p->player == 0 ? chance
                                                                                : 1 - chance)
                                                        : json_null());
    json_object_set_new(j, "depth", json_integer(p->depth));
    json_object_set_new(j, "nodes", json_integer((json_int_t)p->nodes));
    ShPlayMove best;
    json_object_set_new(j, "best", p->best[0] && sh_play_parse_move(at, p->best, &best, NULL) == SH_OK
                                       ? json_string(best.text)
                                       : json_null());
    json_object_set_new(j, "pv", line_short(at, p->pv));
    return j;
}

static json_t *move_json(const Live *l, const ShGeometry *b, const Review *r, int k,
                         const ShPlay *at)
{
    const ReviewMove *m = &r->moves[k];
    const ReviewPosition *p = &r->positions[k];
    json_t *j = json_pack("{s:i,s:s,s:b}", "ply", k + 1, "side", live_colour(l, m->player),
                          "judged", m->judged);
    json_object_set_new(j, "mark", m->mark ? json_string(review_mark_glyph(m->mark)) : json_null());
    json_object_set_new(j, "name", m->mark ? json_string(review_mark_name(m->mark)) : json_null());
    json_object_set_new(j, "before", m->judged ? percent(m->before) : json_null());
    json_object_set_new(j, "after", m->judged ? percent(m->after) : json_null());
    json_object_set_new(j, "loss", m->judged ? percent(m->loss) : json_null());
    json_object_set_new(j, "best_played", json_boolean(m->best));
    bool marked = m->mark != REVIEW_MARK_NONE && m->mark != REVIEW_MARK_ONLY;
    ShPlayMove best;
    if (marked && sh_play_parse_move(at, p->best, &best, NULL) == SH_OK) {
        json_object_set_new(j, "best", live_json_move(l, b, &best, sh_play_second_move(at, -1)));
        json_object_set_new(j, "line", line_steps(l, b, at, p->pv));
    } else {
        json_object_set_new(j, "best", json_null());
        json_object_set_new(j, "line", json_array());
    }
    ShPlayMove second;
    json_object_set_new(j, "second", m->mark == REVIEW_MARK_ONLY &&
                                             sh_play_parse_move(at, p->second, &second, NULL) == SH_OK
                                         ? json_string(second.text)
                                         : json_null());
    return j;
}

static json_t *summary_json(const Live *l, const Review *r)
{
    json_t *j = json_object();
    for (int p = 0; p < r->players; p++) {
        const ReviewSummary *s = &r->summary[p];
        json_object_set_new(j, live_colour(l, p),
                            json_pack("{s:i,s:i,s:i,s:i,s:i,s:o}", "moves", s->moves,
                                      "inaccuracies", s->inaccuracies, "mistakes", s->mistakes,
                                      "blunders", s->blunders, "only", s->only, "average_loss",
                                      percent(s->average_loss)));
    }
    return j;
}

/* The game's review as done and kept (lock held): NULL when there is none that fits the game. */
static Review *review_stored(WebApp *app, Live *l, const StoredReview *row)
{
    if (strcmp(row->status, "done") != 0 || row->plies != sh_play_ply_count(l->play))
        return NULL;
    Review *r = review_new(l->play, NULL);
    if (r && !store_review_positions(app->store, l->id, r->positions, r->plies + 1)) {
        review_free(r);
        return NULL;
    }
    if (r)
        review_judge(r);
    return r;
}

/* What was judged: positions, moves and summary (a review done). */
static void review_details(json_t *j, const Live *l, const Review *r)
{
    ShGeometry *b = malloc(sizeof *b);
    ShPlay *walk = sh_play_copy(r->start);
    json_t *positions = json_array(), *moves = json_array();
    if (b)
        sh_play_geometry(l->play, b);
    for (int k = r->first; b && walk && k <= r->plies; k++) {
        const ReviewPosition *p = &r->positions[k];
        if (p->state == REVIEW_SEARCHED || p->state == REVIEW_OVER)
            json_array_append_new(positions, position_json(l, r, k, walk));
        if (k < r->plies) {
            json_array_append_new(moves, move_json(l, b, r, k, walk));
            if (sh_play_move(walk, r->played[k], NULL, NULL) != SH_OK)
                break;
        }
    }
    sh_play_free(walk);
    free(b);
    json_object_set_new(j, "first", json_integer(r->first));
    json_object_set_new(j, "plies", json_integer(r->plies));
    json_object_set_new(j, "positions", positions);
    json_object_set_new(j, "moves", moves);
    json_object_set_new(j, "summary", summary_json(l, r));
}

/* The Review of docs/web-api.md (lock held); `details`: the positions and moves of one done. */
static json_t *review_json(WebApp *app, Live *l, bool details)
{
    int place = 0;
    const ReviewJob *job = review_queue_find(app->reviews, l->id, &place);
    StoredReview row;
    bool stored = store_review_get(app->store, l->id, &row);
    const char *status = job ? (job->running ? "running" : "queued") : stored ? row.status : "none";
    Review *r = !job && stored ? review_stored(app, l, &row) : NULL;
    if (!job && stored && strcmp(row.status, "done") == 0 && !r)
        status = "none"; /* kept for other moves than the game's: asked for again, it is made anew */
    int total = job ? (job->total ? job->total : job->plies + 1) : r ? r->plies - r->first + 1 : 0;
    json_t *j = json_pack("{s:I,s:s,s:o,s:i,s:i,s:I}", "game", (json_int_t)l->id, "status", status,
                          "place", job && !job->running ? json_integer(place) : json_null(),
                          "done", job ? job->done : r ? r->done : 0, "total", total, "nodes",
                          (json_int_t)(job ? job->nodes : stored ? row.nodes : 0));
    json_object_set_new(j, "seconds", r ? json_real(row.seconds) : json_null());
    json_object_set_new(j, "error", !job && stored && strcmp(row.status, "failed") == 0
                                        ? json_string(row.error)
                                        : json_null());
    json_object_set_new(j, "thresholds",
                        json_pack("{s:i,s:i,s:i,s:i}", "inaccuracy", POINTS(REVIEW_INACCURACY),
                                  "mistake", POINTS(REVIEW_MISTAKE), "blunder",
                                  POINTS(REVIEW_BLUNDER), "only", POINTS(REVIEW_ONLY)));
    if (r && details)
        review_details(j, l, r);
    review_free(r);
    return j;
}

json_t *web_review_brief(WebApp *app, Live *l)
{
    const ReviewJob *job = review_queue_find(app->reviews, l->id, NULL);
    if (job)
        return json_pack("{s:s,s:i,s:i}", "status", job->running ? "running" : "queued", "done",
                         job->done, "total", job->total ? job->total : job->plies + 1);
    StoredReview row;
    if (!store_review_get(app->store, l->id, &row) || strcmp(row.status, "queued") == 0 ||
        (strcmp(row.status, "done") == 0 && row.plies != sh_play_ply_count(l->play)))
        return json_null();
    int total = row.plies - sh_play_opening_plies(l->play) + 1;
    bool done = strcmp(row.status, "done") == 0;
    return json_pack("{s:s,s:i,s:i}", "status", row.status, "done", done ? total : 0, "total",
                     total);
}

ShStatus web_game_pdn(WebApp *app, Live *l, char **text, size_t *size)
{
    StoredReview row;
    /* every game's record keeps the review (the other games' in their record's notes) */
    Review *r = store_review_get(app->store, l->id, &row) ? review_stored(app, l, &row) : NULL;
    ShPlay *annotated = r ? sh_play_copy(l->play) : NULL;
    if (annotated && review_annotate(r, annotated, NULL) != SH_OK) {
        sh_play_free(annotated);
        annotated = NULL;
    }
    ShStatus st = sh_play_write_pdn(annotated ? annotated : l->play, false, text, size, NULL);
    sh_play_free(annotated);
    review_free(r);
    return st;
}

/* ---- the resources ------------------------------------------------------------------------ */

/* A review's JSON: its percents with the digits they have (85.9, not 85.900000000000006). */
#define REVIEW_JSON (JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(6))

static void reply(HttpResponse *res, int status, json_t *review)
{
    char *text = json_dumps(review, REVIEW_JSON);
    json_decref(review);
    if (text)
        http_text(res, status, "application/json; charset=utf-8", text);
    else
        http_error(res, 500, "out of memory");
    free(text);
}

static void on_ask(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long nodes = 0;
    if (!http_get_int(body, "nodes", REVIEW_NODES_MIN, REVIEW_NODES_MAX, &nodes, res)) {
        json_decref(body);
        return;
    }
    json_decref(body);
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    const ShKind *kind = sh_play_kind(l->play);
    if (live_playing(l)) {
        http_error(res, 409, "game %ld is still being played: a game is reviewed once it is over",
                   l->id);
    } else if (!kind->engine) {
        http_field_error(res, 400, "variant", 0, 0,
                         "the engine does not play %s: its games cannot be reviewed", kind->name);
    } else {
        json_t *now = review_json(app, l, true);
        const char *status = json_string_value(json_object_get(now, "status"));
        if (strcmp(status, "done") == 0 || strcmp(status, "queued") == 0 ||
            strcmp(status, "running") == 0) {
            /* done: kept, not made again; asked for: it goes on */
            reply(res, strcmp(status, "done") == 0 ? 200 : 202, now);
        } else {
            json_decref(now);
            uint64_t limit = nodes ? (uint64_t)nodes : review_queue_nodes(app->reviews);
            ReviewAsk ask = review_queue_ask(app->reviews, l->id, sh_play_ply_count(l->play), limit);
            if (ask == REVIEW_ASK_FULL)
                http_error(res, 503, "%d reviews wait already: ask again later", REVIEW_QUEUE_MAX);
            else if (ask == REVIEW_ASK_FAILED)
                http_error(res, 500, "the review could not be saved");
            else
                reply(res, 202, review_json(app, l, true));
        }
    }
    pthread_mutex_unlock(&app->games->lock);
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    reply(res, 200, review_json(app, l, true));
    pthread_mutex_unlock(&app->games->lock);
}

/* The review's event stream: the Review at once and at each change (stream.h). */
static bool review_version(WebGames *g, long id, void *context, unsigned *version)
{
    WebApp *app = *(WebApp **)context;
    if (!live_get(g, id))
        return false;
    *version = review_queue_version(app->reviews, id);
    return true;
}

static char *review_text(WebGames *g, long id, void *context)
{
    WebApp *app = *(WebApp **)context;
    Live *l = live_get(g, id);
    if (!l)
        return NULL;
    return stream_event_text("review", review_json(app, l, true), REVIEW_JSON);
}

static const StreamSource REVIEW_STREAM = {review_version, review_text, live_watch_cond, NULL};

static void on_events(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    Live *l = web_game_for(app, req, res);
    if (!l)
        return;
    long id = l->id;
    pthread_mutex_unlock(&app->games->lock);
    WebApp **context = malloc(sizeof *context);
    if (!context) {
        http_error(res, 500, "out of memory");
        return;
    }
    *context = app;
    stream_respond(res, app->games, &REVIEW_STREAM, id, context);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/games/*/review", on_ask},
    {"GET", "/api/games/*/review", on_get},
    {"GET", "/api/games/*/review/events", on_events},
};

WEB_ROUTES(WEB_REVIEW_ROUTES, ROUTES);
