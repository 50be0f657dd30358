/*
 * puzzles.c - the built-in puzzles in the browser (the WebAssembly build, docs/wasm.md): the
 * Puzzles section's answers (docs/web-api.md "Puzzles") for the page when the server does not
 * answer, from the same collection (data/puzzles.pdn, server/puzzle_set.c) and in the same JSON
 * as server/web_puzzles.c. Nothing is counted here: the player's rating and streak are the
 * server's, so an answer has no "player", `rated` is false, and "result" says how the puzzle
 * went without changing any record.
 *
 * Requests are text lines (wasm/api.c): shw_puzzles: theme, difficulty; shw_puzzle: id;
 * shw_puzzle_move: id, step, move; shw_puzzle_hint: id, step; shw_puzzle_solution: id.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "position_json.h"
#include "puzzle_set.h"
#include "solve.h"
#include "wasm_api.h"

#define EXPORT(name) __attribute__((export_name(name), visibility("default")))
#define DUAL_SECONDS 1.0

EXPORT("shw_puzzles") const char *shw_puzzles(void);
EXPORT("shw_puzzle") const char *shw_puzzle(void);
EXPORT("shw_puzzle_move") const char *shw_puzzle_move(void);
EXPORT("shw_puzzle_hint") const char *shw_puzzle_hint(void);
EXPORT("shw_puzzle_solution") const char *shw_puzzle_solution(void);

static PuzzleSet set;
static bool loaded;

static const PuzzleSet *puzzles(void)
{
    if (!loaded) {
        char err[200];
        loaded = puzzle_set_builtin(&set, err, sizeof err);
    }
    return loaded ? &set : NULL;
}

static void summary(Text *t, const Puzzle *p, const char *result)
{
    text_comma(t);
    text_add(t, "{");
    text_key(t, "id");
    text_json_string(t, p->id);
    text_key(t, "theme");
    text_json_string(t, p->theme);
    text_key(t, "goal");
    text_json_string(t, p->goal);
    text_printf(t, ",\"difficulty\":%d,\"rating\":%d", p->difficulty, p->rating);
    text_key(t, "variant");
    text_json_string(t, sh_rules_get((ShVariant)p->start.variant)->name);
    text_key(t, "side");
    text_json_string(t, sh_position_side(&p->start) == SH_WHITE ? "white" : "black");
    text_printf(t, ",\"moves\":%d", p->solver_moves);
    text_key(t, "result");
    text_json_string(t, result);
}

const char *shw_puzzles(void)
{
    const PuzzleSet *s = puzzles();
    if (!s)
        return wasm_fail(NULL, "the built-in puzzles could not be read");
    char *line[2];
    wasm_request_lines(line, 2);
    const char *theme = *line[0] ? line[0] : NULL;
    int difficulty = atoi(line[1]);
    int total = 0, counts[8] = {0}, levels[6] = {0};
    Text *t = wasm_out();
    text_add(t, "{\"puzzles\":[");
    for (int i = 0; i < s->count; i++) {
        const Puzzle *p = &s->items[i];
        for (int k = 0; PUZZLE_THEMES[k]; k++)
            if (strcmp(PUZZLE_THEMES[k], p->theme) == 0 && (!difficulty || p->difficulty == difficulty))
                counts[k]++;
        if (!theme || strcmp(theme, p->theme) == 0)
            levels[p->difficulty]++;
        if ((theme && strcmp(theme, p->theme)) || (difficulty && p->difficulty != difficulty))
            continue;
        summary(t, p, NULL);
        text_add(t, "}");
        total++;
    }
    text_printf(t, "],\"total\":%d,\"offset\":0,\"themes\":[", total);
    for (int k = 0; PUZZLE_THEMES[k]; k++) {
        text_comma(t);
        text_printf(t, "{\"theme\":\"%s\",\"count\":%d}", PUZZLE_THEMES[k], counts[k]);
    }
    text_add(t, "],\"difficulties\":[");
    for (int d = 1; d <= 5; d++) {
        text_comma(t);
        text_printf(t, "{\"difficulty\":%d,\"count\":%d}", d, levels[d]);
    }
    text_add(t, "]}");
    return t->data;
}

/* The puzzle the request's first line names, or NULL with the error's answer in *error. */
static const Puzzle *puzzle_named(char **line, int count, const char **error)
{
    const PuzzleSet *s = puzzles();
    wasm_request_lines(line, count);
    const Puzzle *p = s ? puzzle_set_find(s, line[0]) : NULL;
    if (!p) {
        char message[120];
        snprintf(message, sizeof message, "no puzzle %.40s here", line[0]);
        *error = wasm_fail(NULL, message);
    }
    return p;
}

const char *shw_puzzle(void)
{
    char *line[1];
    const char *error = NULL;
    const Puzzle *p = puzzle_named(line, 1, &error);
    if (!p)
        return error;
    char fen[SH_FEN_SIZE];
    sh_fen_write(&p->start, false, fen);
    Text *t = wasm_out();
    summary(t, p, NULL);
    text_key(t, "fen");
    text_json_string(t, fen);
    text_key(t, "position");
    position_json_open(t, &p->start);
    text_add(t, "}");
    text_printf(t, ",\"plies\":%d", p->plies);
    text_key(t, "source");
    text_add(t, "{");
    const char *source[][2] = {{"text", p->source}, {"event", p->event}, {"site", p->site},
                               {"date", p->date},   {"round", p->round}, {"white", p->white},
                               {"black", p->black}};
    for (size_t i = 0; i < sizeof source / sizeof source[0]; i++) {
        text_key(t, source[i][0]);
        text_json_string(t, source[i][1]);
    }
    text_add(t, "}}");
    return t->failed ? wasm_fail(NULL, "out of memory") : t->data;
}

/* The step (the solver's move, from 0) on line i: -1 with the error's answer when not one. */
static int step_of(const Puzzle *p, const char *text, const char **error)
{
    char *end;
    long step = strtol(text, &end, 10);
    if (!*text || *end || step < 0 || step >= p->solver_moves) {
        char message[120];
        snprintf(message, sizeof message, "step must be a whole number from 0 to %d",
                 p->solver_moves - 1);
        *error = wasm_fail("step", message);
        return -1;
    }
    return (int)step;
}

/* A move that is not the line's but reaches the goal as fast (after the first move): the
 * solver's own verdict on it, as the server's web_solve_dual asks. */
static bool dual_of(const Puzzle *p, int ply, const ShPosition *pos, const ShMove *move, int step)
{
    if (ply == 0)
        return false;
    ShPosition before;
    puzzle_position_at(p, ply - 1, &before);
    int moves = p->solver_moves - step;
    SolveLimits limits = {.max_moves = moves, .seconds = DUAL_SECONDS, .cook_moves = moves};
    SolveResult r;
    bool dual = false;
    if (solve_position_after(pos, &before,
                             strcmp(p->goal, "material") == 0 ? SOLVE_GOAL_MATERIAL : SOLVE_GOAL_WIN,
                             &limits, true, &r, NULL) == SH_OK) {
        for (int i = 0; i < r.flaw_count && !dual; i++)
            dual = r.flaws[i].cook && sh_move_equal(&r.flaws[i].alternative, move);
        solve_result_free(&r);
    }
    return dual;
}

const char *shw_puzzle_move(void)
{
    char *line[3];
    const char *error = NULL;
    const Puzzle *p = puzzle_named(line, 3, &error);
    if (!p)
        return error;
    int step = step_of(p, line[1], &error);
    if (step < 0)
        return error;
    int ply = 2 * step;
    ShPosition pos;
    puzzle_position_at(p, ply, &pos);
    ShMove move;
    ShError err;
    if (sh_move_parse(&pos, line[2], &move, &err) != SH_OK) {
        char message[300];
        snprintf(message, sizeof message, "move '%.40s': %s", line[2], err.message);
        return wasm_fail("move", message);
    }
    bool right = sh_move_equal(&move, &p->line[ply]);
    Text *t = wasm_out();
    text_printf(t, "{\"right\":%s,\"step\":%d,\"rated\":false", right ? "true" : "false", step);
    text_key(t, "move");
    position_json_move(t, &pos, &move);
    if (!right) {
        bool dual = dual_of(p, ply, &pos, &move, step);
        text_printf(t, ",\"dual\":%s,\"done\":false", dual ? "true" : "false");
        text_key(t, "position");
        position_json_open(t, &pos);
        text_add(t, "}");
        text_key(t, "result");
        text_json_string(t, dual ? NULL : "failed");
        text_add(t, "}");
        return t->data;
    }
    ShPosition after;
    sh_position_play(&pos, &move, &after);
    text_key(t, "reply");
    if (ply + 1 < p->plies) {
        position_json_move(t, &after, &p->line[ply + 1]);
        sh_position_play(&after, &p->line[ply + 1], &after);
    } else {
        text_add(t, "null");
    }
    bool done = ply + 2 >= p->plies;
    text_printf(t, ",\"done\":%s", done ? "true" : "false");
    text_key(t, "position");
    position_json_open(t, &after);
    text_add(t, "}");
    text_key(t, "result");
    text_json_string(t, done ? "solved" : NULL);
    text_add(t, "}");
    return t->failed ? wasm_fail(NULL, "out of memory") : t->data;
}

const char *shw_puzzle_hint(void)
{
    char *line[2];
    const char *error = NULL;
    const Puzzle *p = puzzle_named(line, 2, &error);
    if (!p)
        return error;
    int step = step_of(p, line[1], &error);
    if (step < 0)
        return error;
    char from[SH_SQUARE_NAME_SIZE];
    sh_board_square_name((ShVariant)p->start.variant, sh_move_from(&p->line[2 * step]), false,
                         from);
    Text *t = wasm_out();
    text_printf(t, "{\"step\":%d,\"from\":\"%s\"}", step, from);
    return t->data;
}

const char *shw_puzzle_solution(void)
{
    char *line[1];
    const char *error = NULL;
    const Puzzle *p = puzzle_named(line, 1, &error);
    if (!p)
        return error;
    Text *t = wasm_out();
    text_add(t, "{\"id\":");
    text_json_string(t, p->id);
    text_add(t, ",\"moves\":[");
    Text words = {0};
    text_clear(&words);
    ShPosition pos = p->start;
    for (int i = 0; i < p->plies; i++) {
        position_json_move(t, &pos, &p->line[i]);
        char move[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(&pos, &p->line[i], SH_NOTATION_SHORT, move, NULL) == SH_OK)
            text_printf(&words, "%s%s", words.length ? " " : "", move);
        sh_position_play(&pos, &p->line[i], &pos);
    }
    text_add(t, "],\"line\":");
    text_json_string(t, words.data);
    text_add(t, ",\"rated\":false,\"result\":\"failed\"}");
    free(words.data);
    return t->failed ? wasm_fail(NULL, "out of memory") : t->data;
}
