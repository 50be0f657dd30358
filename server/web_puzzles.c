/* web_puzzles.c - the Puzzles section's API (docs/web-api.md "Puzzles"): the list by theme and
 * difficulty, one puzzle without its solution, the player's move checked step by step with the
 * defender's reply, a hint, the solution; and the player's rating and streak in the store.
 *
 * The server keeps no game for a puzzle: a request names the step (the solver's move number,
 * from 0) and the position is the puzzle's start with the line played up to it. Who the player
 * is: a browser, by a secret token in its cookie shashki_<site>_puzzles (set with the first
 * answer that counts something, for a year, on /api/puzzles); the store keeps the token's
 * hash only. Anyone may try the puzzles: a player changes no one's record but its own. A move
 * that is not the line's but reaches the goal as fast (a dual, possible after the first move:
 * docs/puzzles.md) is not counted as wrong: the player is asked for the line's move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "web_app.h"
#include "web_json.h"
#include "web_rights.h"
#include "web_variant.h"

#define PUZZLE_COOKIE_SECONDS (365L * 24 * 3600)
#define LIST_DEFAULT 100
#define LIST_MAX 1000

/* The player this request is (its name in the store), or false when it has no token yet. With
 * `create`, a browser without one gets a new token in the response's cookie. */
static bool player_of(WebApp *app, const HttpRequest *req, HttpResponse *res, bool create,
                      char name[AUTH_TOKEN_TEXT])
{
    char cookie[64];
    rights_cookie_name(app, "puzzles", cookie, sizeof cookie);
    if (auth_token_name(http_cookie(req, cookie), name))
        return true;
    if (!create)
        return false;
    char token[AUTH_TOKEN_TEXT];
    unsigned char hash[STORE_HASH_SIZE];
    auth_token_new(token, hash);
    http_set_cookie(res, cookie, token, "/api/puzzles", PUZZLE_COOKIE_SECONDS);
    bool ok = auth_token_name(token, name);
    memset(token, 0, sizeof token);
    return ok;
}

static json_t *player_json(const StoredPuzzler *p)
{
    return json_pack("{s:i,s:i,s:i,s:i,s:i}", "rating", (int)(p->rating + 0.5), "attempts",
                     p->attempts, "solved", p->solved, "streak", p->streak, "best_streak",
                     p->best_streak);
}

static const char *score_name(bool hinted, double score)
{
    if (score < 0)
        return hinted ? "hinted" : NULL;
    return score >= 1.0 ? "solved" : score > 0 ? "solved-hint" : "failed";
}

static json_t *summary_json(const Puzzle *p, const char *result)
{
    return json_pack("{s:s,s:s,s:s,s:i,s:i,s:s,s:s,s:i,s:o}", "id", p->id, "theme", p->theme,
                     "goal", p->goal, "difficulty", p->difficulty, "rating", p->rating, "variant",
                     web_variant_name((ShVariant)p->start.variant), "side",
                     sh_position_side(&p->start) == SH_WHITE ? "white" : "black", "moves",
                     p->solver_moves, "result", result ? json_string(result) : json_null());
}

/* What the player has done with each puzzle, as the list shows it. */
typedef struct Scores {
    const PuzzleSet *set;
    const char **result; /* by puzzle index */
} Scores;

static void score_each(const char *puzzle, bool hinted, double score, void *user)
{
    Scores *s = user;
    const Puzzle *p = puzzle_set_find(s->set, puzzle);
    if (p)
        s->result[p - s->set->items] = score_name(hinted, score);
}

static bool query_int(const HttpRequest *req, const char *name, long min, long max, long *out,
                      HttpResponse *res)
{
    const char *text = http_query(req, name);
    if (!text || !*text)
        return true;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end || v < min || v > max) {
        http_field_error(res, 400, name, 0, 0, "%s must be a whole number from %ld to %ld", name,
                         min, max);
        return false;
    }
    *out = v;
    return true;
}

static void on_list(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const PuzzleSet *set = &app->puzzles;
    const char *theme = http_query(req, "theme");
    if (theme && !*theme)
        theme = NULL;
    if (theme) {
        bool known = false;
        for (int i = 0; PUZZLE_THEMES[i]; i++)
            known = known || strcmp(PUZZLE_THEMES[i], theme) == 0;
        if (!known) {
            http_field_error(res, 400, "theme", 0, 0,
                             "no theme '%s': theme must be one of shot, breakthrough, king, "
                             "endgame, opposition", theme);
            return;
        }
    }
    long difficulty = 0, limit = LIST_DEFAULT, offset = 0;
    if (!query_int(req, "difficulty", 1, 5, &difficulty, res) ||
        !query_int(req, "limit", 1, LIST_MAX, &limit, res) ||
        !query_int(req, "offset", 0, 1000000, &offset, res))
        return;
    char player[AUTH_TOKEN_TEXT];
    StoredPuzzler record;
    const char **result = calloc((size_t)set->count + 1, sizeof *result);
    if (!result) {
        http_error(res, 500, "out of memory");
        return;
    }
    if (player_of(app, req, res, false, player)) {
        store_puzzler_get(app->store, player, &record);
        Scores s = {set, result};
        store_puzzle_scores(app->store, player, score_each, &s);
    } else {
        store_puzzler_get(app->store, "", &record);
    }
    json_t *list = json_array();
    int total = 0, counts[8] = {0}, levels[6] = {0};
    for (int i = 0; i < set->count; i++) {
        const Puzzle *p = &set->items[i];
        for (int t = 0; PUZZLE_THEMES[t]; t++)
            if (strcmp(PUZZLE_THEMES[t], p->theme) == 0 && (!difficulty || p->difficulty == difficulty))
                counts[t]++;
        if (!theme || strcmp(theme, p->theme) == 0)
            levels[p->difficulty]++;
        if ((theme && strcmp(theme, p->theme)) || (difficulty && p->difficulty != difficulty))
            continue;
        if (total >= offset && total < offset + limit)
            json_array_append_new(list, summary_json(p, result[i]));
        total++;
    }
    free(result);
    json_t *themes = json_array();
    for (int t = 0; PUZZLE_THEMES[t]; t++)
        json_array_append_new(themes, json_pack("{s:s,s:i}", "theme", PUZZLE_THEMES[t], "count",
                                                counts[t]));
    json_t *difficulties = json_array();
    for (int d = 1; d <= 5; d++)
        json_array_append_new(difficulties, json_pack("{s:i,s:i}", "difficulty", d, "count",
                                                      levels[d]));
    http_json(res, 200, json_pack("{s:o,s:i,s:i,s:o,s:o,s:o}", "puzzles", list, "total", total,
                                  "offset", (int)offset, "themes", themes, "difficulties",
                                  difficulties, "player", player_json(&record)));
}

/* The puzzle the route names; NULL with a 404. */
static const Puzzle *puzzle_for(WebApp *app, const HttpRequest *req, HttpResponse *res)
{
    const Puzzle *p = puzzle_set_find(&app->puzzles, req->params[0]);
    if (!p)
        http_error(res, 404, "no puzzle %.40s here", req->params[0]);
    return p;
}

static void on_get(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const Puzzle *p = puzzle_for(app, req, res);
    if (!p)
        return;
    char player[AUTH_TOKEN_TEXT];
    const char *result = NULL;
    StoredPuzzler record;
    if (player_of(app, req, res, false, player)) {
        store_puzzler_get(app->store, player, &record);
        const char *results[1] = {NULL};
        PuzzleSet one = {(Puzzle *)p, 1};
        Scores s = {&one, results};
        store_puzzle_scores(app->store, player, score_each, &s);
        result = results[0];
    } else {
        store_puzzler_get(app->store, "", &record);
    }
    json_t *j = summary_json(p, result);
    char fen[SH_FEN_SIZE];
    sh_fen_write(&p->start, false, fen);
    json_object_set_new(j, "fen", json_string(fen));
    json_object_set_new(j, "position", wj_position(&p->start));
    json_object_set_new(j, "plies", json_integer(p->plies));
    json_object_set_new(j, "source", json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s}", "text", p->source,
                                               "event", p->event, "site", p->site, "date",
                                               p->date, "round", p->round, "white", p->white,
                                               "black", p->black));
    json_object_set_new(j, "player", player_json(&record));
    http_json(res, 200, j);
}

/* The request's step (the solver's move, from 0): false with a 400 when it is not one. */
static bool step_of(json_t *body, const Puzzle *p, long *step, HttpResponse *res)
{
    *step = -1;
    if (!http_get_int(body, "step", 0, p->solver_moves - 1, step, res))
        return false;
    if (*step < 0) {
        http_field_error(res, 400, "step", 0, 0,
                         "'step' is missing: the solver's move the request is about, 0 to %d",
                         p->solver_moves - 1);
        return false;
    }
    return true;
}

/* A result counted (or not) for the player, with the record after it. */
static void add_result(json_t *out, WebApp *app, const char *player, const Puzzle *p, bool solved)
{
    StoredPuzzler record;
    double score = -1;
    bool rated = false;
    if (!store_puzzle_result(app->store, player, p->id, solved, p->rating, &record, &score, &rated))
        store_puzzler_get(app->store, player, &record);
    json_object_set_new(out, "rated", json_boolean(rated));
    json_object_set_new(out, "result", score < 0 ? json_null() : json_string(score_name(false, score)));
    json_object_set_new(out, "player", player_json(&record));
}

static void on_move(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const Puzzle *p = puzzle_for(app, req, res);
    if (!p)
        return;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long step;
    const char *text = NULL;
    if (!step_of(body, p, &step, res) || !http_get_string(body, "move", &text, res)) {
        json_decref(body);
        return;
    }
    if (!text) {
        http_field_error(res, 400, "move", 0, 0, "'move' is missing: the move played, as \"c3-d4\"");
        json_decref(body);
        return;
    }
    int ply = 2 * (int)step;
    ShPosition pos;
    puzzle_position_at(p, ply, &pos);
    ShMove move;
    ShError err;
    if (sh_move_parse(&pos, text, &move, &err) != SH_OK) {
        http_field_error(res, 400, "move", 0, err.column, "move '%.40s': %s", text, err.message);
        json_decref(body);
        return;
    }
    json_decref(body);
    char player[AUTH_TOKEN_TEXT];
    bool have_player = player_of(app, req, res, true, player);
    bool right = sh_move_equal(&move, &p->line[ply]);
    json_t *out = json_pack("{s:b,s:i,s:o}", "right", right, "step", (int)step, "move",
                            wj_move(&pos, &move));
    if (!right) {
        /* after the first move (unique in every puzzle), another move may reach the goal as
         * fast: a dual, which does not fail the puzzle; the player is asked for the line's */
        ShPosition before = pos;
        if (ply > 0)
            puzzle_position_at(p, ply - 1, &before);
        bool dual = ply > 0 && web_solve_dual(&pos, &before, strcmp(p->goal, "material") == 0,
                                              p->solver_moves - (int)step, &move);
        json_object_set_new(out, "dual", json_boolean(dual));
        json_object_set_new(out, "done", json_false());
        json_object_set_new(out, "position", wj_position(&pos));
        if (have_player && !dual)
            add_result(out, app, player, p, false);
        http_json(res, 200, out);
        return;
    }
    ShPosition after;
    sh_position_play(&pos, &move, &after);
    json_t *reply = json_null();
    if (ply + 1 < p->plies) {
        reply = wj_move(&after, &p->line[ply + 1]);
        sh_position_play(&after, &p->line[ply + 1], &after);
    }
    bool done = ply + 2 >= p->plies;
    json_object_set_new(out, "reply", reply);
    json_object_set_new(out, "done", json_boolean(done));
    json_object_set_new(out, "position", wj_position(&after));
    if (done && have_player)
        add_result(out, app, player, p, true);
    http_json(res, 200, out);
}

static void on_hint(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const Puzzle *p = puzzle_for(app, req, res);
    if (!p)
        return;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    long step;
    bool ok = step_of(body, p, &step, res);
    json_decref(body);
    if (!ok)
        return;
    char player[AUTH_TOKEN_TEXT];
    if (player_of(app, req, res, true, player))
        store_puzzle_hint(app->store, player, p->id);
    const ShMove *m = &p->line[2 * step];
    http_json(res, 200, json_pack("{s:i,s:o}", "step", (int)step, "from",
                                  wj_square((ShVariant)p->start.variant, sh_move_from(m))));
}

static void on_solution(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    WebApp *app = ctx;
    const Puzzle *p = puzzle_for(app, req, res);
    if (!p)
        return;
    json_t *moves = json_array();
    char line[PUZZLE_MAX_PLIES * SH_MOVE_TEXT_SIZE] = "";
    size_t used = 0;
    ShPosition pos = p->start;
    for (int i = 0; i < p->plies; i++) {
        json_array_append_new(moves, wj_move(&pos, &p->line[i]));
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &p->line[i], SH_NOTATION_SHORT, text, NULL) == SH_OK)
            used += (size_t)snprintf(line + used, sizeof line - used, "%s%s", used ? " " : "", text);
        sh_position_play(&pos, &p->line[i], &pos);
    }
    json_t *out = json_pack("{s:s,s:o,s:s}", "id", p->id, "moves", moves, "line", line);
    char player[AUTH_TOKEN_TEXT];
    if (player_of(app, req, res, true, player))
        add_result(out, app, player, p, false);
    http_json(res, 200, out);
}

static const HttpRoute ROUTES[] = {
    {"GET", "/api/puzzles", on_list},
    {"GET", "/api/puzzles/*", on_get},
    {"POST", "/api/puzzles/*/moves", on_move},
    {"POST", "/api/puzzles/*/hint", on_hint},
    {"POST", "/api/puzzles/*/solution", on_solution},
};

WEB_ROUTES(WEB_PUZZLES_ROUTES, ROUTES);
