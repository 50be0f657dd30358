/* test_game.c - the game record and its arbiter, driven by tests/data/arbiter_cases.txt.
 *
 * The file is a list of cases, each a few commands run on one game:
 *
 *   case NAME                  start a case
 *   fen FEN | opening CODE     a new game (repetition claimed) from a position or a ballot
 *   game VARIANT FEN           the same in another game (its own squares and rules)
 *   auto                       this game's repetition rule: the third occurrence ends it
 *   play MOVE...               play moves in any notation
 *   repeat N MOVE...           play N plies, cycling through the moves given
 *   shuttle N A-B C-D          play N plies, each side's king going back and forth (A-B, B-A)
 *   expect RESULT [REASON]     the result: none, white, black or draw, and the reason's name
 *   verdict RESULT [REASON]    what the rules alone say about the position
 *   count RULE PLIES LIMIT     a draw count that applies now ("count RULE -": it does not)
 *   reps N                     times the current position has occurred
 *   plies N                    moves played
 *   offer|accept|decline SIDE  draw offers
 *   resign SIDE
 *   claim [MOVE] granted|refused   a repetition claim (refused: the move stands)
 *   undo
 *   clock TC | startclock | wait DURATION | update | remaining SIDE TIME | setclock SIDE DURATION
 *   describe TEXT              the result as a sentence
 *   fails COMMAND... ~TEXT     the command must fail with TEXT in its message
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

typedef struct Run {
    ShGame *game;
    ShFakeTime time;
    bool automatic;
    int line;
} Run;

static ShStatus error_set_for_tests(ShError *err, ShStatus st, const char *format, int n)
{
    err->code = st;
    snprintf(err->message, sizeof err->message, format, n);
    return st;
}

static bool side_of(const char *word, ShColor *side)
{
    if (word && strcmp(word, "white") == 0)
        *side = SH_WHITE;
    else if (word && strcmp(word, "black") == 0)
        *side = SH_BLACK;
    else
        return false;
    return true;
}

static bool result_of(const char *word, ShResult *result)
{
    static const char *const NAMES[] = {"none", "white", "black", "draw"};
    for (int i = 0; i < 4; i++) {
        if (word && strcmp(word, NAMES[i]) == 0) {
            *result = (ShResult)i;
            return true;
        }
    }
    return false;
}

static int64_t duration_of(const char *text)
{
    ShTimeControl tc;
    if (sh_timecontrol_parse(text, &tc, NULL) != SH_OK || tc.count != 1)
        return -1;
    return tc.periods[0].time_ms;
}

static int split(char *line, char *words[], int max)
{
    int n = 0;
    for (char *w = strtok(line, " \t"); w && n < max; w = strtok(NULL, " \t"))
        words[n++] = w;
    return n;
}

static void new_game(Run *r, ShStatus st, ShGame *g, ShError *err)
{
    sh_game_free(r->game);
    r->game = NULL;
    CHECK_MSG(st == SH_OK, "line %d: %s", r->line, err->message);
    r->game = g;
    r->time.now_ms = 0;
}

static void show_counts(const Run *r)
{
    ShDrawCount c[4];
    int n = sh_game_draw_counts(r->game, c);
    for (int i = 0; i < n; i++)
        printf("     count %s %d/%d\n", sh_reason_name(c[i].rule), c[i].plies, c[i].limit);
    printf("     plies %d reps %d\n", sh_game_ply_count(r->game), sh_game_repetitions(r->game));
}

/* Run one command; returns its status (SH_OK when it is a check that passed or failed). */
static ShStatus command(Run *r, char *words[], int n, ShError *err)
{
    const char *cmd = words[0];
    memset(err, 0, sizeof *err);
    if (strcmp(cmd, "fen") == 0 || strcmp(cmd, "opening") == 0) {
        ShGameOptions o = {SH_REPETITION_CLAIMED, false};
        ShGame *g = NULL;
        char arg[256] = "";
        for (int i = 1; i < n; i++) {
            strncat(arg, words[i], sizeof arg - strlen(arg) - 2);
            if (i + 1 < n)
                strcat(arg, " ");
        }
        ShStatus st = cmd[0] == 'f' ? sh_game_new_fen(&g, arg, &o, err)
                                    : sh_game_new_opening(&g, arg, &o, err);
        if (st)
            return st;
        new_game(r, st, g, err);
        return SH_OK;
    }
    if (strcmp(cmd, "game") == 0 && n >= 3) {
        /* game VARIANT FEN: a game of another variant */
        ShVariant v;
        if (!sh_rules_find(words[1], &v)) {
            CHECK_MSG(false, "line %d: no variant %s", r->line, words[1]);
            return SH_OK;
        }
        ShGameOptions o = {SH_REPETITION_CLAIMED, false};
        ShPosition pos;
        ShGame *g = NULL;
        ShStatus st = sh_fen_read_variant(words[2], v, &pos, err);
        if (st)
            return st;
        st = sh_game_new(&g, &pos, &o, err);
        new_game(r, st, g, err);
        return SH_OK;
    }
    if (!r->game) {
        CHECK_MSG(false, "line %d: no game yet", r->line);
        return SH_OK;
    }
    ShGame *g = r->game;
    ShColor side;
    if (strcmp(cmd, "auto") == 0) {
        ShGameOptions o = {SH_REPETITION_AUTOMATIC, false};
        sh_game_set_options(g, &o);
    } else if (strcmp(cmd, "play") == 0) {
        for (int i = 1; i < n; i++) {
            ShStatus st = sh_game_play_text(g, words[i], NULL, err);
            if (st)
                return st;
        }
    } else if (strcmp(cmd, "repeat") == 0) {
        int count = n > 1 ? atoi(words[1]) : 0;
        for (int i = 0; i < count && n > 2; i++) {
            ShStatus st = sh_game_play_text(g, words[2 + i % (n - 2)], NULL, err);
            if (st)
                return st;
        }
    } else if (strcmp(cmd, "shuttle") == 0) {
        /* each side's king goes back and forth between the squares of its pair */
        int count = n > 1 ? atoi(words[1]) : 0;
        for (int i = 0; i < count; i++) {
            ShStatus st = SH_ERR_ILLEGAL_MOVE;
            for (int k = 2; k < n && st != SH_OK; k++) {
                char there[16], back[16];
                const char *dash = strchr(words[k], '-');
                if (!dash || dash - words[k] > 8)
                    break;
                snprintf(there, sizeof there, "%s", words[k]);
                snprintf(back, sizeof back, "%s-%.*s", dash + 1, (int)(dash - words[k]),
                         words[k]);
                st = sh_game_play_text(g, there, NULL, NULL);
                if (st)
                    st = sh_game_play_text(g, back, NULL, NULL);
            }
            if (st)
                return error_set_for_tests(err, st, "shuttle: no king move at ply %d",
                                           sh_game_ply_count(g) + 1);
        }
    } else if (strcmp(cmd, "expect") == 0 || strcmp(cmd, "verdict") == 0) {
        ShResult want, got;
        ShReason want_reason = SH_REASON_NONE, got_reason;
        if (!result_of(n > 1 ? words[1] : NULL, &want) ||
            (n > 2 && !sh_reason_find(words[2], &want_reason))) {
            CHECK_MSG(false, "line %d: bad expectation", r->line);
            return SH_OK;
        }
        got = cmd[0] == 'e' ? sh_game_result(g, &got_reason) : sh_game_verdict(g, &got_reason);
        bool ok = got == want && (n < 3 || got_reason == want_reason);
        CHECK_MSG(ok, "line %d: %s is %s %s, expected %s %s", r->line, cmd,
                  sh_result_pdn(got, false), sh_reason_name(got_reason), words[1],
                  n > 2 ? words[2] : "");
        if (!ok)
            show_counts(r);
    } else if (strcmp(cmd, "count") == 0 && n >= 3) {
        ShReason rule;
        if (!sh_reason_find(words[1], &rule)) {
            CHECK_MSG(false, "line %d: no rule %s", r->line, words[1]);
            return SH_OK;
        }
        ShDrawCount c[4];
        int k = sh_game_draw_counts(g, c), found = -1;
        for (int i = 0; i < k; i++)
            if (c[i].rule == rule)
                found = i;
        if (strcmp(words[2], "-") == 0) {
            CHECK_MSG(found < 0, "line %d: %s applies (%d/%d)", r->line, words[1],
                      found >= 0 ? c[found].plies : 0, found >= 0 ? c[found].limit : 0);
        } else if (found < 0) {
            CHECK_MSG(false, "line %d: %s does not apply", r->line, words[1]);
            show_counts(r);
        } else {
            CHECK_MSG(c[found].plies == atoi(words[2]) && (n < 4 || c[found].limit == atoi(words[3])),
                      "line %d: %s %d/%d, expected %s/%s", r->line, words[1], c[found].plies,
                      c[found].limit, words[2], n > 3 ? words[3] : "?");
        }
    } else if (strcmp(cmd, "reps") == 0 && n == 2) {
        CHECK_MSG(sh_game_repetitions(g) == atoi(words[1]), "line %d: reps %d, expected %s",
                  r->line, sh_game_repetitions(g), words[1]);
    } else if (strcmp(cmd, "plies") == 0 && n == 2) {
        CHECK_MSG(sh_game_ply_count(g) == atoi(words[1]), "line %d: plies %d, expected %s",
                  r->line, sh_game_ply_count(g), words[1]);
    } else if (strcmp(cmd, "offer") == 0 && n == 2 && side_of(words[1], &side)) {
        return sh_game_offer_draw(g, side, err);
    } else if (strcmp(cmd, "accept") == 0 && n == 2 && side_of(words[1], &side)) {
        return sh_game_accept_draw(g, side, err);
    } else if (strcmp(cmd, "decline") == 0 && n == 2 && side_of(words[1], &side)) {
        return sh_game_decline_draw(g, side, err);
    } else if (strcmp(cmd, "resign") == 0 && n == 2 && side_of(words[1], &side)) {
        return sh_game_resign(g, side, err);
    } else if (strcmp(cmd, "undo") == 0) {
        return sh_game_undo(g, err);
    } else if (strcmp(cmd, "claim") == 0) {
        ShMove move;
        bool granted = false, with_move = n == 3;
        if (with_move) {
            ShStatus st = sh_move_parse(sh_game_position(g), words[1], &move, err);
            if (st)
                return st;
        }
        ShStatus st = sh_game_claim_draw(g, with_move ? &move : NULL, &granted, err);
        if (st)
            return st;
        const char *want = n > 1 ? words[n - 1] : "granted";
        CHECK_MSG(granted == (strcmp(want, "granted") == 0), "line %d: the claim was %s",
                  r->line, granted ? "granted" : "refused");
    } else if (strcmp(cmd, "clock") == 0 && n == 2) {
        ShTimeControl tc;
        ShStatus st = sh_timecontrol_parse(words[1], &tc, err);
        if (st == SH_OK)
            st = sh_game_set_clock(g, &tc, sh_time_fake(&r->time), err);
        return st;
    } else if (strcmp(cmd, "startclock") == 0) {
        sh_game_start_clock(g);
    } else if (strcmp(cmd, "wait") == 0 && n == 2) {
        r->time.now_ms += duration_of(words[1]);
    } else if (strcmp(cmd, "update") == 0) {
        sh_game_update(g);
    } else if (strcmp(cmd, "setclock") == 0 && n == 3 && side_of(words[1], &side)) {
        ShClock *c = sh_game_clock(g);
        CHECK_MSG(c != NULL, "line %d: no clock", r->line);
        if (c)
            sh_clock_set_remaining(c, (int)side, duration_of(words[2]));
    } else if (strcmp(cmd, "remaining") == 0 && n == 3 && side_of(words[1], &side)) {
        const ShClock *c = sh_game_clock_const(g);
        char text[32] = "(no clock)";
        if (c)
            sh_time_format(sh_clock_remaining(c, (int)side), text, sizeof text);
        CHECK_MSG(strcmp(text, words[2]) == 0, "line %d: %s has %s, expected %s", r->line,
                  words[1], text, words[2]);
    } else if (strcmp(cmd, "describe") == 0) {
        char text[200], want[200] = "";
        sh_game_result_text(g, text, sizeof text);
        for (int i = 1; i < n; i++) {
            strncat(want, words[i], sizeof want - strlen(want) - 2);
            if (i + 1 < n)
                strcat(want, " ");
        }
        CHECK_MSG(strcmp(text, want) == 0, "line %d: '%s', expected '%s'", r->line, text, want);
    } else {
        CHECK_MSG(false, "line %d: unknown command '%s'", r->line, cmd);
    }
    return SH_OK;
}

void suite_game(void)
{
    char *text = test_read_file(test_data("arbiter_cases.txt"), NULL);
    test_case("read arbiter_cases.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    Run r = {0};
    int cases = 0, line_no = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        r.line = line_no;
        while (*line == ' ')
            line++;
        if (*line == '\0' || *line == '#')
            continue;
        if (strncmp(line, "case ", 5) == 0) {
            test_case("arbiter %s (line %d)", line + 5, line_no);
            cases++;
            sh_game_free(r.game);
            r.game = NULL;
            continue;
        }
        char *expect = strchr(line, '~');
        if (expect) {
            *expect++ = '\0';
            while (*expect == ' ')
                expect++;
        }
        char *words[64];
        int n = split(line, words, 64);
        bool must_fail = n > 0 && strcmp(words[0], "fails") == 0;
        if (must_fail) {
            memmove(words, words + 1, (size_t)(n - 1) * sizeof *words);
            n--;
        }
        if (n == 0)
            continue;
        ShError err;
        ShStatus st = command(&r, words, n, &err);
        if (must_fail) {
            CHECK_MSG(st != SH_OK, "line %d: '%s' should fail", line_no, words[0]);
            if (st != SH_OK && expect)
                CHECK_MSG(strstr(err.message, expect), "line %d: message '%s' lacks '%s'",
                          line_no, err.message, expect);
        } else {
            CHECK_MSG(st == SH_OK, "line %d: %s: %s", line_no, words[0], err.message);
        }
    }
    sh_game_free(r.game);
    free(text);
    test_case("the arbiter cases are there");
    CHECK(cases >= 40);
}
