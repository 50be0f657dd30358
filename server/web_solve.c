/* web_solve.c - the analysis board's "solve" (docs/web-api.md "Solve"): the solver's verdict
 * on a position (engine/solve.h) and its solution, written as a composition's and as the main
 * line's moves.
 *
 * The solver runs in the request's own thread (http.c gives each connection one) with a bound
 * on its CPU seconds, holding no lock of the server's, so games, streams and other requests go
 * on meanwhile; at most WEB_MAX_SOLVES run at once (a 503 says to wait). The Puzzles section
 * asks it too, whether a player's move that is not the line's is a dual (web_solve_dual). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"
#include "web_app.h"
#include "web_json.h"
#include "web_variant.h"

#define DEFAULT_SECONDS 5.0
#define MAX_SECONDS 30.0
#define DEFAULT_MOVES 10
#define MAX_MOVES 20
#define SOLUTION_TEXT 16384
#define DUAL_SECONDS 1.0

static pthread_mutex_t solving_lock = PTHREAD_MUTEX_INITIALIZER;
static int solving;

static const char *goal_name(SolveGoal g)
{
    return g == SOLVE_GOAL_WIN ? "win" : g == SOLVE_GOAL_DRAW ? "draw" : "material";
}

static const char *verdict_name(SolveVerdict v)
{
    return v == SOLVE_PROVEN ? "proven" : v == SOLVE_NONE ? "none" : "unknown";
}

/* The main line's moves, each as the API's Move in the position it is played from. */
static json_t *main_line_json(const ShPosition *root, const SolveResult *r)
{
    json_t *list = json_array();
    ShPosition pos = *root;
    int at = -1;
    for (;;) {
        int next = -1;
        for (int i = at + 1; i < r->step_count; i++) {
            if (r->steps[i].parent == at && r->steps[i].main_line) {
                next = i;
                break;
            }
        }
        if (next < 0)
            break;
        json_array_append_new(list, wj_move(&pos, &r->steps[next].move));
        sh_position_play(&pos, &r->steps[next].move, &pos);
        at = next;
    }
    return list;
}

/* The position before a step of the tree (its moves from the root, replayed). */
static void position_before(const ShPosition *root, const SolveResult *r, int step, ShPosition *out)
{
    int chain[512], n = 0;
    for (int s = r->steps[step].parent; s >= 0 && n < 512; s = r->steps[s].parent)
        chain[n++] = s;
    *out = *root;
    while (n > 0)
        sh_position_play(out, &r->steps[chain[--n]].move, out);
}

static json_t *flaws_json(const ShPosition *root, const SolveResult *r)
{
    json_t *list = json_array();
    for (int i = 0; i < r->flaw_count; i++) {
        const SolveFlaw *f = &r->flaws[i];
        if (f->step < 0 || f->step >= r->step_count)
            continue;
        ShPosition pos;
        position_before(root, r, f->step, &pos);
        char move[SH_MOVE_TEXT_SIZE], alt[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &r->steps[f->step].move, SH_NOTATION_SHORT, move, NULL) != SH_OK ||
            sh_move_write(&pos, &f->alternative, SH_NOTATION_SHORT, alt, NULL) != SH_OK)
            continue;
        json_array_append_new(list, json_pack("{s:s,s:i,s:i,s:s,s:s}", "kind",
                                              f->cook ? "cook" : "dual", "step", f->step, "ply",
                                              r->steps[f->step].ply, "move", move, "alternative",
                                              alt));
    }
    return list;
}

/* A slot of the WEB_MAX_SOLVES, or false when every one is taken. */
static bool slot_take(void)
{
    pthread_mutex_lock(&solving_lock);
    bool room = solving < WEB_MAX_SOLVES;
    if (room)
        solving++;
    pthread_mutex_unlock(&solving_lock);
    return room;
}

static void slot_give(void)
{
    pthread_mutex_lock(&solving_lock);
    solving--;
    pthread_mutex_unlock(&solving_lock);
}

bool web_solve_dual(const ShPosition *pos, const ShPosition *before, bool material, int moves,
                    const ShMove *move)
{
    if (!slot_take())
        return false;
    SolveLimits limits = {.max_moves = moves, .seconds = DUAL_SECONDS, .cook_moves = moves};
    SolveResult r;
    ShError err;
    bool dual = false;
    if (solve_position_after(pos, before, material ? SOLVE_GOAL_MATERIAL : SOLVE_GOAL_WIN, &limits,
                             true, &r, &err) == SH_OK) {
        for (int i = 0; i < r.flaw_count && !dual; i++)
            dual = r.flaws[i].cook && sh_move_equal(&r.flaws[i].alternative, move);
        solve_result_free(&r);
    }
    slot_give();
    return dual;
}

static void on_solve(const HttpRequest *req, HttpResponse *res, void *ctx)
{
    (void)ctx;
    json_t *body = http_body_object(req, res);
    if (!body)
        return;
    ShVariant variant;
    const char *fen = NULL, *goal_text = NULL;
    long moves = DEFAULT_MOVES;
    bool sound = false;
    json_t *seconds_json = json_object_get(body, "seconds");
    double seconds = DEFAULT_SECONDS;
    if (!web_variant_member(body, &variant, res) || !http_get_string(body, "fen", &fen, res) ||
        !http_get_string(body, "goal", &goal_text, res) ||
        !http_get_int(body, "moves", 1, MAX_MOVES, &moves, res) ||
        !http_get_bool(body, "sound", &sound, res)) {
        json_decref(body);
        return;
    }
    if (seconds_json && !json_is_null(seconds_json)) {
        if (!json_is_number(seconds_json) || json_number_value(seconds_json) < 0.1 ||
            json_number_value(seconds_json) > MAX_SECONDS) {
            http_field_error(res, 400, "seconds", 0, 0, "seconds must be a number from 0.1 to %g",
                             MAX_SECONDS);
            json_decref(body);
            return;
        }
        seconds = json_number_value(seconds_json);
    }
    SolveGoal goal = SOLVE_GOAL_WIN;
    if (goal_text && strcmp(goal_text, "win") && strcmp(goal_text, "draw") &&
        strcmp(goal_text, "material")) {
        http_field_error(res, 400, "goal", 0, 0, "goal must be win, draw or material");
        json_decref(body);
        return;
    }
    if (goal_text && strcmp(goal_text, "draw") == 0)
        goal = SOLVE_GOAL_DRAW;
    else if (goal_text && strcmp(goal_text, "material") == 0)
        goal = SOLVE_GOAL_MATERIAL;
    ShPosition pos;
    ShError err;
    if (!fen) {
        http_field_error(res, 400, "fen", 0, 0, "'fen' is missing: the position to solve");
        json_decref(body);
        return;
    }
    if (sh_fen_read_variant(fen, variant, &pos, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, err.column, "%s (a FEN of %s, in its squares)",
                         err.message, web_variant_name(variant));
        json_decref(body);
        return;
    }
    json_decref(body);
    if (sh_position_validate(&pos, &err) != SH_OK) {
        http_field_error(res, 400, "fen", 0, 0, "not a position of the game: %s", err.message);
        return;
    }
    if (!slot_take()) {
        http_error(res, 503, "the solver is busy (%d positions at once): try again when one is done",
                   WEB_MAX_SOLVES);
        return;
    }
    SolveLimits limits = {.max_moves = (int)moves, .seconds = seconds};
    SolveResult r;
    ShStatus st = solve_position(&pos, goal, &limits, sound, &r, &err);
    slot_give();
    if (st != SH_OK) {
        http_field_error(res, 400, "fen", 0, 0, "the solver cannot take this position: %s",
                         err.message);
        return;
    }
    char *text = malloc(SOLUTION_TEXT);
    if (text)
        solve_format(&pos, &r, text, SOLUTION_TEXT);
    json_t *out = json_pack(
        "{s:s,s:s,s:s,s:i,s:s?,s:o,s:o,s:I,s:f,s:{s:i,s:f}}", "verdict", verdict_name(r.verdict),
        "goal", goal_name(goal), "solver",
        r.solver == SH_WHITE ? "white" : "black", "moves", r.verdict == SOLVE_PROVEN ? r.moves : 0,
        "solution", r.verdict == SOLVE_PROVEN && text ? text : NULL, "main",
        r.verdict == SOLVE_PROVEN ? main_line_json(&pos, &r) : json_array(), "flaws",
        flaws_json(&pos, &r), "nodes", (json_int_t)r.nodes, "seconds", r.seconds, "limits",
        "moves", (int)moves, "seconds", seconds);
    free(text);
    solve_result_free(&r);
    http_json(res, 200, out);
}

static const HttpRoute ROUTES[] = {
    {"POST", "/api/solve", on_solve},
};

WEB_ROUTES(WEB_SOLVE_ROUTES, ROUTES);
