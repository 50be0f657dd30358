/* test_solve.c - the solver (engine/solve.h) and the puzzle finder (engine/puzzles.h).
 *
 * The cases are data (tests/data/solve/cases.txt, compositions.txt). A proof is not taken on
 * trust: every tree is replayed move by move, every defence must be answered at every
 * defender's node, and every leaf must be a position that the rules (no move, no piece), the
 * kings-only tables or the goal (material) end. */
#include <stdlib.h>
#include <string.h>

#include "egdb.h"
#include "puzzles.h"
#include "solve.h"
#include "test.h"

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

static int split(char *line, char **fields, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        char *bar = strchr(p, '|');
        if (bar)
            *bar = '\0';
        fields[n++] = trim(p);
        if (!bar)
            break;
        p = bar + 1;
    }
    return n;
}

static int value(const ShPosition *p, int c)
{
    uint64_t b = p->pieces[c];
    return __builtin_popcountll(b & ~p->kings) +
           SOLVE_KING_VALUE * __builtin_popcountll(b & p->kings);
}

/* Whether the tree's leaf position `end` (no step follows) ends the goal for `solver`. */
static bool leaf_won(const ShPosition *start, const ShPosition *end, SolveGoal goal, int solver)
{
    ShReason why;
    ShResult r = sh_position_result(end, &why);
    const ShRules *rules = sh_rules_get((ShVariant)end->variant);
    (void)rules;
    if (r == (solver == SH_WHITE ? SH_RESULT_WHITE_WINS : SH_RESULT_BLACK_WINS))
        return true;
    if (r != SH_RESULT_NONE)
        return false;
    if (egdb_covers(end)) {
        EgdbValue v = egdb_probe(end);
        int mine = end->side == solver ? v.result : -v.result;
        if (mine > 0 || (goal == SOLVE_GOAL_DRAW && mine == 0))
            return true;
    }
    if (goal == SOLVE_GOAL_MATERIAL && end->side != solver && !sh_moves_capture_pending(end)) {
        int gain = (value(end, solver) - value(end, solver ^ 1)) -
                   (value(start, solver) - value(start, solver ^ 1));
        if (gain >= SOLVE_MATERIAL_GAIN)
            return true;
    }
    return goal == SOLVE_GOAL_DRAW; /* a count or a repetition: not checked here */
}

/* Replay the tree: legal moves, defences complete, leaves won. Returns the depth in the
 * solver's moves of the deepest line. */
static int check_tree(const ShPosition *root, const SolveResult *res)
{
    int n = res->step_count, deepest = 0;
    CHECK(n > 0 && res->steps[0].parent == -1 && res->steps[0].solver);
    ShPosition *before = malloc((size_t)n * sizeof *before);
    int *children = calloc((size_t)n, sizeof *children);
    int *number = calloc((size_t)n, sizeof *number);
    if (!before || !children || !number) {
        free(before);
        free(children);
        free(number);
        CHECK(false);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        const SolveStep *s = &res->steps[i];
        if (s->parent < 0) {
            before[i] = *root;
        } else {
            CHECK(s->parent < i);
            sh_position_play(&before[s->parent], &res->steps[s->parent].move, &before[i]);
            children[s->parent]++;
        }
        CHECK_INT(s->solver, before[i].side == res->solver);
        ShMoveList list;
        sh_moves_generate(&before[i], &list);
        bool legal = false;
        for (int k = 0; k < list.count; k++)
            legal |= sh_move_equal(&list.moves[k], &s->move);
        CHECK_MSG(legal, "step %d is not a legal move", i);
        number[i] = (s->parent < 0 ? 0 : number[s->parent]) + (s->solver ? 1 : 0);
        if (number[i] > deepest)
            deepest = number[i];
    }
    for (int i = 0; i < n; i++) {
        ShPosition after;
        sh_position_play(&before[i], &res->steps[i].move, &after);
        if (children[i] == 0) {
            CHECK_MSG(leaf_won(root, &after, res->goal, (int)res->solver),
                      "step %d: a leaf not won", i);
        } else if (after.side != res->solver) {
            /* every defence answered (a tree cut at SOLVE_MAX_STEPS lacks late variations) */
            if (!res->truncated)
                CHECK_INT(children[i], sh_moves_count(&after));
        } else {
            CHECK_INT(children[i], 1);
        }
    }
    free(before);
    free(children);
    free(number);
    return deepest;
}

static bool read_position(const char *fen, ShPosition *pos)
{
    if (strcmp(fen, "start") == 0) {
        sh_position_start(pos, SH_VARIANT_RUSSIAN);
        return true;
    }
    return sh_fen_read(fen, pos, NULL) == SH_OK;
}

static bool parse_goal(const char *text, SolveGoal *goal)
{
    if (strcmp(text, "win") == 0)
        *goal = SOLVE_GOAL_WIN;
    else if (strcmp(text, "draw") == 0)
        *goal = SOLVE_GOAL_DRAW;
    else if (strcmp(text, "material") == 0)
        *goal = SOLVE_GOAL_MATERIAL;
    else
        return false;
    return true;
}

static void test_cases(void)
{
    char *text = test_read_file(test_data("solve/cases.txt"), NULL);
    CHECK(text != NULL);
    if (!text)
        return;
    char *cursor = text, *line;
    int count = 0;
    while ((line = test_next_line(&cursor)) != NULL) {
        if (!*line || *line == '#')
            continue;
        char *f[8];
        int nf = split(line, f, 8);
        test_case("solve case %s %s (%s)", f[0], nf > 1 ? f[1] : "", nf > 7 ? f[7] : "");
        CHECK_INT(nf, 8);
        if (nf != 8)
            continue;
        count++;
        ShPosition pos;
        SolveGoal goal = SOLVE_GOAL_WIN;
        CHECK(read_position(f[0], &pos));
        CHECK(parse_goal(f[1], &goal));
        SolveLimits limits = {.max_moves = atoi(f[2])};
        bool sound = strcmp(f[6], "-") != 0;
        SolveResult res;
        ShError err;
        CHECK_INT(solve_position(&pos, goal, &limits, sound, &res, &err), SH_OK);
        bool want_proven = strcmp(f[3], "proven") == 0;
        CHECK_INT(res.verdict, want_proven ? SOLVE_PROVEN : SOLVE_NONE);
        if (res.verdict == SOLVE_PROVEN) {
            int deepest = check_tree(&pos, &res);
            CHECK_INT(deepest, res.moves);
            if (strcmp(f[4], "-") != 0)
                CHECK_INT(res.moves, atoi(f[4]));
            if (strcmp(f[5], "-") != 0) {
                ShMove key;
                CHECK_INT(sh_move_parse(&pos, f[5], &key, NULL), SH_OK);
                CHECK(sh_move_equal(&res.steps[0].move, &key));
            }
            if (strcmp(f[6], "sound") == 0)
                CHECK_INT(res.flaw_count, 0);
            if (strncmp(f[6], "cook ", 5) == 0) {
                ShMove alt;
                CHECK_INT(sh_move_parse(&pos, f[6] + 5, &alt, NULL), SH_OK);
                bool found = false;
                for (int i = 0; i < res.flaw_count; i++)
                    found |= res.flaws[i].cook && sh_move_equal(&res.flaws[i].alternative, &alt);
                CHECK_MSG(found, "the cook %s is not reported", f[6] + 5);
            }
            if (strcmp(f[6], "dual") == 0) {
                bool dual = false;
                for (int i = 0; i < res.flaw_count; i++)
                    dual |= !res.flaws[i].cook;
                CHECK(dual);
            }
        }
        solve_result_free(&res);
    }
    test_case("solve cases read");
    CHECK(count >= 10);
    free(text);
}

/* The published compositions: the key move and the main line's moves as published (each a
 * legal move of the published line), the verdict proven. The slow ones with --slow only. */
static void test_compositions(void)
{
    char *text = test_read_file(test_data("solve/compositions.txt"), NULL);
    CHECK(text != NULL);
    if (!text)
        return;
    char *cursor = text, *line;
    while ((line = test_next_line(&cursor)) != NULL) {
        if (!*line || *line == '#')
            continue;
        char *f[7];
        int nf = split(line, f, 7);
        test_case("composition %s (%s)", f[0], nf > 6 ? f[6] : "");
        CHECK_INT(nf, 7);
        if (nf != 7)
            continue;
        bool slow = strcmp(f[5], "slow") == 0;
        if (slow && !test_slow())
            continue;
        ShPosition pos;
        SolveGoal goal = SOLVE_GOAL_WIN;
        CHECK(read_position(f[0], &pos));
        CHECK(parse_goal(f[1], &goal));
        /* the published line replays */
        ShPosition p = pos;
        char moves[512];
        snprintf(moves, sizeof moves, "%s", f[4]);
        ShMove first = {0};
        int plies = 0;
        for (char *save = NULL, *tok = strtok_r(moves, " ", &save); tok;
             tok = strtok_r(NULL, " ", &save)) {
            ShMove m;
            CHECK_MSG(sh_move_parse(&p, tok, &m, NULL) == SH_OK, "published move %s", tok);
            if (plies++ == 0)
                first = m;
            sh_position_play(&p, &m, &p);
        }
        if (strcmp(f[3], "unsolved") == 0)
            continue; /* listed for the measurement (tools: make test-slow reports it) */
        SolveLimits limits = {.max_moves = atoi(f[2])};
        SolveResult res;
        CHECK_INT(solve_position(&pos, goal, &limits, false, &res, NULL), SH_OK);
        CHECK_INT(res.verdict, SOLVE_PROVEN);
        if (res.verdict == SOLVE_PROVEN) {
            CHECK(sh_move_equal(&res.steps[0].move, &first));
            CHECK_INT(check_tree(&pos, &res), res.moves);
        }
        solve_result_free(&res);
    }
    free(text);
}

static void test_errors_and_format(void)
{
    test_case("solve an illegal position: a white man on the eighth rank");
    ShPosition pos;
    sh_position_clear(&pos, SH_VARIANT_RUSSIAN, SH_WHITE);
    sh_position_set_piece(&pos, 0, SH_WHITE_MAN); /* b8 */
    sh_position_set_piece(&pos, 31, SH_BLACK_MAN);
    SolveResult res;
    ShError err;
    CHECK_INT(solve_position(&pos, SOLVE_GOAL_WIN, NULL, false, &res, &err),
              SH_ERR_INVALID_POSITION);
    CHECK_INT(err.code, SH_ERR_INVALID_POSITION);

    test_case("solve with no result to fill");
    sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    CHECK_INT(solve_position(&pos, SOLVE_GOAL_WIN, NULL, false, NULL, &err), SH_ERR_ARGUMENT);

    test_case("solve_format writes the Turkish strike as a composition");
    CHECK_INT(sh_fen_read("W:W19,23,26,22,24:B6,7,8,11,K20", &pos, NULL), SH_OK);
    SolveLimits limits = {.max_moves = 3};
    CHECK_INT(solve_position(&pos, SOLVE_GOAL_MATERIAL, &limits, true, &res, &err), SH_OK);
    char out[256];
    size_t n = solve_format(&pos, &res, out, sizeof out);
    CHECK_STR(out, "1. c3-d4! h4:e5 2. f4:b8");
    CHECK_INT(n, strlen(out));
    solve_format_main(&pos, &res, out, sizeof out);
    CHECK_STR(out, "c3-d4 h4:e5 f4:b8");
    /* f4:h6 wins the king as fast: a dual of the second move */
    CHECK_INT(res.flaw_count, 1);
    CHECK(!res.flaws[0].cook);
    CHECK_INT(res.flaws[0].step, 2);
    char small[8];
    size_t need = solve_format(&pos, &res, small, sizeof small);
    CHECK_INT(need, strlen("1. c3-d4! h4:e5 2. f4:b8"));
    CHECK_STR(small, "1. c...");
    solve_result_free(&res);

    test_case("solve a limit of nodes: unknown, not none");
    CHECK_INT(sh_fen_read("W:WKb8,g1,h4:Bc5,e3,f6", &pos, NULL), SH_OK);
    limits = (SolveLimits){.max_moves = 20, .nodes = 2000};
    CHECK_INT(solve_position(&pos, SOLVE_GOAL_WIN, &limits, false, &res, &err), SH_OK);
    CHECK_INT(res.verdict, SOLVE_UNKNOWN);
    CHECK(res.nodes <= 2100);
    solve_result_free(&res);
}

static void test_variants(void)
{
    test_case("solve giveaway: White gives its last man away");
    ShPosition pos;
    CHECK_INT(sh_fen_read_variant("W:Wc3:Be5", SH_VARIANT_GIVEAWAY, &pos, NULL), SH_OK);
    SolveLimits limits = {.max_moves = 3};
    SolveResult res;
    CHECK_INT(solve_position(&pos, SOLVE_GOAL_WIN, &limits, true, &res, NULL), SH_OK);
    CHECK_INT(res.verdict, SOLVE_PROVEN);
    CHECK_INT(res.moves, 1);
    if (res.verdict == SOLVE_PROVEN) {
        ShMove key;
        CHECK_INT(sh_move_parse(&pos, "c3-d4", &key, NULL), SH_OK);
        CHECK(sh_move_equal(&res.steps[0].move, &key));
        check_tree(&pos, &res);
    }
    solve_result_free(&res);

    solve_result_free(&res);
}

static void test_finder(void)
{
    test_case("puzzles: the Turkish strike is found, its line and theme");
    ShPosition pos;
    CHECK_INT(sh_fen_read("W:W19,23,26,22,24:B6,7,8,11,K20", &pos, NULL), SH_OK);
    PuzzleOptions o;
    puzzle_options_default(&o);
    Puzzle pz;
    CHECK(puzzle_find(&pos, NULL, &o, &pz));
    CHECK_INT(pz.moves, 2);
    CHECK_INT(pz.line_length, 3);
    CHECK_INT(pz.difficulty, 2);
    CHECK_INT(pz.rating, 1200);
    CHECK_STR(puzzle_theme_name(pz.theme), "breakthrough"); /* f4:b8 crowns */
    char pdn[2048];
    puzzle_write_pdn(&pz, NULL, "constructed", "P0001", false, pdn, sizeof pdn);
    CHECK(strstr(pdn, "[PuzzleId \"P0001\"]") != NULL);
    CHECK(strstr(pdn, "[FEN \"W:Wc3,d2,e3,f4,g3:Bc7,e7,f6,g7,Kh4\"]") != NULL);
    CHECK(strstr(pdn, "\n1. c3-d4 h4:e5 2. f4:b8 *\n") != NULL);

    test_case("puzzles: the search checks that the gain holds at the line's end");
    EngineOptions eo;
    engine_options_default(&eo);
    eo.hash_mb = 16;
    Engine *engine = engine_create(&eo, NULL);
    CHECK(engine != NULL);
    PuzzleOptions checked = o;
    checked.engine = engine;
    CHECK(puzzle_find(&pos, NULL, &checked, &pz)); /* the strike: White a king ahead after it */
    /* World_Championship_1998.pdn game 55: 1... c7-d6 2. e7:c5 f2-e1 crowns for a man, proven;
     * but a search of the end finds Black lost (a shot of White beyond the horizon) */
    CHECK_INT(sh_fen_read("B:Wa3,a5,d2,e7,h2:Bc7,f2,f4,h6", &pos, NULL), SH_OK);
    CHECK(puzzle_find(&pos, NULL, &o, &pz));
    CHECK(!puzzle_find(&pos, NULL, &checked, &pz));
    engine_free(engine);

    test_case("puzzles: the initial position is none (no shot)");
    sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    CHECK(!puzzle_find(&pos, NULL, &o, &pz));

    test_case("puzzles: a cooked position is no puzzle");
    CHECK_INT(sh_fen_read("W:Wc3,e3,a1:Bd4,h8", &pos, NULL), SH_OK);
    o.min_depth = 1;
    CHECK(!puzzle_find(&pos, NULL, &o, &pz));
}

/* The shipped puzzle file: every puzzle reads as a game of the format, its line replays, and
 * (a sample) the solver proves its goal from its FEN with the key move of the file. */
static void test_puzzle_file(void)
{
    test_case("data/puzzles.pdn reads and replays");
    size_t size;
    char path[1024];
    snprintf(path, sizeof path, "%s/../../data/puzzles.pdn", test_data(""));
    char *text = test_read_file(path, &size);
    CHECK(text != NULL);
    if (!text)
        return;
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    int games = 0, checked = 0;
    for (;;) {
        ShGame *g = NULL;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &g, NULL, &err);
        if (st == SH_OK && !g)
            break;
        CHECK_MSG(st == SH_OK, "puzzle %d: %s", games + 1, err.message);
        if (!g)
            continue;
        games++;
        const char *goal = sh_game_tag(g, "PuzzleGoal");
        const char *theme = sh_game_tag(g, "PuzzleTheme");
        const char *diff = sh_game_tag(g, "PuzzleDifficulty");
        CHECK(sh_game_tag(g, "PuzzleId") && sh_game_tag(g, "PuzzleSource") &&
              sh_game_tag(g, "PuzzleRating"));
        CHECK(goal && (strcmp(goal, "win") == 0 || strcmp(goal, "material") == 0));
        CHECK(theme != NULL);
        CHECK(diff && atoi(diff) >= 1 && atoi(diff) <= 5);
        CHECK(sh_game_ply_count(g) >= 1);
        if (goal && games % 25 == 1 && sh_game_ply_count(g) >= 1) {
            const ShPosition *start = sh_game_start(g);
            SolveGoal sg = strcmp(goal, "win") == 0 ? SOLVE_GOAL_WIN : SOLVE_GOAL_MATERIAL;
            SolveLimits limits = {.max_moves = (sh_game_ply_count(g) + 1) / 2};
            SolveResult res;
            CHECK_INT(solve_position(start, sg, &limits, false, &res, NULL), SH_OK);
            CHECK_INT(res.verdict, SOLVE_PROVEN);
            CHECK(res.moves <= limits.max_moves);
            solve_result_free(&res);
            checked++;
        }
        sh_game_free(g);
    }
    CHECK(games >= 100);
    CHECK(checked >= 4);
    free(text);
}

void suite_solve(void)
{
    test_cases();
    test_compositions();
    test_errors_and_format();
    test_variants();
    test_finder();
    test_puzzle_file();
}
