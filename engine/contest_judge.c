/* contest_judge.c - the engine's part of contests (contest_judge.h), over solve.h. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contest_judge.h"
#include "error.h"
#include "solve.h"

static SolveLimits solve_limits(const ContestLimits *l, int moves)
{
    SolveLimits s;
    memset(&s, 0, sizeof s);
    s.max_moves = moves > 0 ? moves : l && l->max_moves > 0 ? l->max_moves : 10;
    s.seconds = l && l->seconds > 0 ? l->seconds : 5.0;
    return s;
}

ShStatus contest_problem_tree(const ShPosition *pos, ShContestGoal goal,
                              const ContestLimits *limits, ShContestStep **steps, int *count,
                              ShError *err)
{
    *steps = NULL;
    *count = 0;
    SolveLimits sl = solve_limits(limits, 0);
    SolveResult r;
    ShError why;
    if (solve_position(pos, goal == SH_CONTEST_DRAW ? SOLVE_GOAL_DRAW : SOLVE_GOAL_WIN, &sl,
                       false, &r, &why) != SH_OK) {
        if (err)
            *err = why;
        return why.code;
    }
    ShStatus st = SH_OK;
    if (r.verdict != SOLVE_PROVEN) {
        st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "the solver does not prove a %s in %d moves "
                                                "(%s)",
                          goal == SH_CONTEST_DRAW ? "draw" : "win", sl.max_moves,
                          r.verdict == SOLVE_NONE ? "there is none" : "it ran out of time");
    } else if (r.truncated || r.step_count > SH_CONTEST_MAX_STEPS) {
        st = error_set(err, SH_ERR_LIMIT, 0, 0, "its solution has %d moves in all: more than a "
                                             "contest takes (%d)",
                          r.step_count, SH_CONTEST_MAX_STEPS);
    } else {
        *steps = malloc(sizeof(ShContestStep) * (size_t)r.step_count);
        if (!*steps) {
            st = error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        } else {
            for (int i = 0; i < r.step_count; i++)
                (*steps)[i] = (ShContestStep){r.steps[i].move, r.steps[i].parent,
                                              r.steps[i].solver, r.steps[i].main_line};
            *count = r.step_count;
        }
    }
    solve_result_free(&r);
    return st;
}

ShStatus contest_add_position(ShContest *c, const char *title, const char *source,
                              const ShPosition *pos, ShContestGoal goal, int points,
                              const ContestLimits *limits, int *id, ShError *err)
{
    ShContestStep *steps;
    int count;
    ShStatus st = contest_problem_tree(pos, goal, limits, &steps, &count, err);
    if (st != SH_OK)
        return st;
    st = sh_contest_add_problem(c, title, source, pos, goal, points, steps, count, id, err);
    free(steps);
    return st;
}

static void note(char *report, size_t size, size_t *len, int game, const char *why)
{
    int k = snprintf(report + *len, *len < size ? size - *len : 0, "%sgame %d: %s",
                     *len ? "; " : "", game, why);
    if (k > 0)
        *len += (size_t)k;
}

int contest_add_pdn(ShContest *c, const char *text, size_t size, const char *name, int points,
                    const ContestLimits *limits, char *report, size_t report_size)
{
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    size_t len = 0;
    if (report_size)
        report[0] = '\0';
    int added = 0;
    for (;;) {
        ShGame *game = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
        if (st == SH_OK && !game)
            break;
        if (st != SH_OK) {
            note(report, report_size, &len, info.number, err.message);
            sh_game_free(game);
            continue;
        }
        const ShPosition *start = sh_game_start(game);
        const char *event = sh_game_tag(game, "Event");
        ShPosition initial;
        sh_position_start(&initial, start->variant);
        if (sh_position_equal(start, &initial)) {
            note(report, report_size, &len, info.number, "no position (not a composition)");
        } else if (start->variant != SH_VARIANT_RUSSIAN) {
            note(report, report_size, &len, info.number, "not Russian checkers");
        } else if (sh_contest_problem_count(c) >= SH_CONTEST_MAX_PROBLEMS) {
            note(report, report_size, &len, info.number, "the contest is full");
        } else {
            char title[SH_CONTEST_TEXT], source[SH_CONTEST_TEXT];
            if (event && *event && strcmp(event, "?"))
                snprintf(title, sizeof title, "%s", event);
            else
                snprintf(title, sizeof title, "game %d", info.number);
            snprintf(source, sizeof source, "%s game %d", name, info.number);
            ShContestGoal goal = info.has_result && info.recorded == SH_RESULT_DRAW
                                     ? SH_CONTEST_DRAW
                                     : SH_CONTEST_WIN;
            if (contest_add_position(c, title, source, start, goal, points, limits, NULL, &err) ==
                SH_OK)
                added++;
            else
                note(report, report_size, &len, info.number, err.message);
        }
        sh_game_free(game);
    }
    return added;
}

bool contest_wins(void *ctx, const ShPosition *pos, const ShMove *move, ShContestGoal goal,
                  int moves)
{
    const ContestLimits *limits = ctx;
    ShPosition after;
    sh_position_play(pos, move, &after);
    ShMoveList defences;
    sh_moves_generate(&after, &defences);
    if (defences.count == 0)
        return true; /* the defender has no move: the solver has won */
    if (moves <= 1)
        return false;
    for (int i = 0; i < defences.count; i++) {
        ShPosition next;
        sh_position_play(&after, &defences.moves[i], &next);
        SolveLimits sl = solve_limits(limits, moves - 1);
        SolveResult r;
        if (solve_position(&next, goal == SH_CONTEST_DRAW ? SOLVE_GOAL_DRAW : SOLVE_GOAL_WIN,
                           &sl, false, &r, NULL) != SH_OK)
            return false;
        bool proven = r.verdict == SOLVE_PROVEN;
        solve_result_free(&r);
        if (!proven)
            return false;
    }
    return true;
}

/* The first move of a stated solution ("1. c3-b4! a5:c3 2. ..."), or false. */
static bool stated_key(const ShPosition *pos, const char *stated, ShMove *key)
{
    const char *s = stated;
    while (*s) {
        while (*s && isspace((unsigned char)*s))
            s++;
        const char *start = s;
        while (*s && !isspace((unsigned char)*s))
            s++;
        char word[64];
        size_t n = (size_t)(s - start) < sizeof word - 1 ? (size_t)(s - start) : sizeof word - 1;
        memcpy(word, start, n);
        word[n] = '\0';
        char *w = word;
        while (isdigit((unsigned char)*w))
            w++;
        if (w != word && *w == '.')
            while (*w == '.')
                w++;
        else
            w = word;
        size_t len = strlen(w);
        while (len && (w[len - 1] == '!' || w[len - 1] == '?'))
            w[--len] = '\0';
        if (!len)
            continue;
        return sh_move_parse(pos, w, key, NULL) == SH_OK;
    }
    return false;
}

void contest_check_entry(const ShPosition *pos, ShContestGoal goal, const char *stated,
                         const ContestLimits *limits, bool *sound, char *report, size_t size)
{
    *sound = false;
    SolveLimits sl = solve_limits(limits, 0);
    SolveResult r;
    ShError why;
    if (solve_position(pos, goal == SH_CONTEST_DRAW ? SOLVE_GOAL_DRAW : SOLVE_GOAL_WIN, &sl,
                       true, &r, &why) != SH_OK) {
        snprintf(report, size, "the position cannot be solved: %s", why.message);
        return;
    }
    const char *goal_text = goal == SH_CONTEST_DRAW ? "draw" : "win";
    if (r.verdict != SOLVE_PROVEN) {
        snprintf(report, size, "no %s: %s", goal_text,
                 r.verdict == SOLVE_NONE ? "the solver proves there is none within the moves"
                                         : "the solver could not prove it within its time");
        solve_result_free(&r);
        return;
    }
    char key_text[SH_MOVE_TEXT_SIZE];
    sh_move_write(pos, &r.steps[0].move, SH_NOTATION_SHORT, key_text, NULL);
    size_t len = 0;
    report[0] = '\0';
    bool cook = false;
    for (int i = 0; i < r.flaw_count; i++) {
        if (!r.flaws[i].cook)
            continue;
        char alt[SH_MOVE_TEXT_SIZE];
        sh_move_write(pos, &r.flaws[i].alternative, SH_NOTATION_SHORT, alt, NULL);
        len += (size_t)snprintf(report + len, len < size ? size - len : 0, "%scook: %s %ss too",
                                len ? "; " : "", alt, goal_text);
        cook = true;
    }
    ShMove key;
    bool stated_ok = stated_key(pos, stated, &key);
    bool wrong_key = stated_ok && !sh_move_equal(&key, &r.steps[0].move);
    if (!stated_ok)
        len += (size_t)snprintf(report + len, len < size ? size - len : 0,
                                "%sthe stated solution does not begin with a legal move (the "
                                "key: %s)",
                                len ? "; " : "", key_text);
    else if (wrong_key) {
        char k[SH_MOVE_TEXT_SIZE];
        sh_move_write(pos, &key, SH_NOTATION_SHORT, k, NULL);
        len += (size_t)snprintf(report + len, len < size ? size - len : 0,
                                "%sthe stated key %s is not the solver's (%s)", len ? "; " : "",
                                k, key_text);
    }
    /* the main line's duals */
    int duals = 0;
    for (int i = 0; i < r.flaw_count; i++) {
        if (r.flaws[i].cook || r.flaws[i].step < 0 || r.flaws[i].step >= r.step_count ||
            !r.steps[r.flaws[i].step].main_line)
            continue;
        ShPosition at = *pos;
        /* the position of the step: replay its line */
        int chain[SOLVE_MAX_STEPS], n = 0;
        for (int s = r.steps[r.flaws[i].step].parent; s >= 0 && n < SOLVE_MAX_STEPS;
             s = r.steps[s].parent)
            chain[n++] = s;
        for (int j = n - 1; j >= 0; j--)
            sh_position_play(&at, &r.steps[chain[j]].move, &at);
        char m[SH_MOVE_TEXT_SIZE], alt[SH_MOVE_TEXT_SIZE];
        sh_move_write(&at, &r.steps[r.flaws[i].step].move, SH_NOTATION_SHORT, m, NULL);
        sh_move_write(&at, &r.flaws[i].alternative, SH_NOTATION_SHORT, alt, NULL);
        len += (size_t)snprintf(report + len, len < size ? size - len : 0, "%s%s %s (or %s)",
                                len ? "; " : "", duals ? "" : "duals in the main line:", m, alt);
        duals++;
    }
    *sound = !cook && stated_ok && !wrong_key;
    if (*sound && !duals)
        snprintf(report, size, "sound: the key %s, %d moves", key_text, r.moves);
    else if (*sound)
        len += (size_t)snprintf(report + len, len < size ? size - len : 0,
                                " (sound: the key %s, %d moves)", key_text, r.moves);
    solve_result_free(&r);
}
