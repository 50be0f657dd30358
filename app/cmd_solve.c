/* cmd_solve.c - shashki solve: prove a forced win (or draw) and write the solution. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solve.h"

static const char SOLVE_HELP[] =
    "usage: shashki solve FEN [--goal win|draw|material] [--moves N] [--time S] [--nodes N]\n"
    "                     [--sound] [--stats] [--variant NAME] [--numeric|--algebraic]\n"
    "\n"
    "Prove that the side to move forces the goal: every defence answered, down to a position\n"
    "the rules end (the side to move has no piece or no move), the kings-only endgame tables\n"
    "decide, or (draw) a count of the arbiter or a repetition draws. Prints the verdict, then\n"
    "the solution as a composition's is written: the main line, with every other defence in\n"
    "parentheses and its answer ('1. c3-d4! f6-e5 (1... h6-g5 2. d4:h8) 2. ...'), then the\n"
    "main line alone. The shortest solution is found (depth by depth).\n"
    "\n"
    "  --goal G     win (default), draw, or material: win at least a man (a king counts 3)\n"
    "               with the defender to move and no capture for him at the end\n"
    "  --moves N    the solver's moves at most (default 20)\n"
    "  --time S     CPU seconds at most (default: no limit)\n"
    "  --nodes N    positions searched at most (default: no limit)\n"
    "  --sound      check the composition: a dual is another move of the solver that reaches\n"
    "               the goal in as few moves, a cook another first move that reaches it at all\n"
    "               (within --moves); each is printed with where it is\n"
    "  --stats      print the positions searched and the CPU time\n"
    CLI_NOTATION_HELP_AT("               ")
    CLI_VARIANT_HELP
    "\n"
    "Exit status: 0 proven, 1 no solution within the limits (or the limits ran out first),\n"
    "2 for a bad FEN or argument (an illegal position too).\n";

/* The solver's move number of a step (1 for the first). */
static int step_number(const SolveResult *res, int i)
{
    int n = 0;
    for (int j = i; j >= 0; j = res->steps[j].parent)
        if (res->steps[j].solver &&
            (res->steps[j].parent < 0 || !res->steps[res->steps[j].parent].solver))
            n++;
    return n;
}

/* The position before step i. */
static void step_position(const ShPosition *root, const SolveResult *res, int i, ShPosition *out)
{
    int chain[1024], n = 0;
    for (int j = res->steps[i].parent; j >= 0 && n < 1024; j = res->steps[j].parent)
        chain[n++] = j;
    *out = *root;
    while (n > 0) {
        n--;
        sh_position_play(out, &res->steps[chain[n]].move, out);
    }
}

static const char *goal_words(SolveGoal goal)
{
    return goal == SOLVE_GOAL_DRAW ? "draws" : goal == SOLVE_GOAL_MATERIAL ? "wins material"
                                                                           : "wins";
}

int cmd_solve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(SOLVE_HELP, stdout);
        return 0;
    }
    const char *fen = NULL;
    SolveGoal goal = SOLVE_GOAL_WIN;
    SolveLimits limits = {0};
    bool sound = false, stats = false;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    CliNotation choice = CLI_NOTATION_USUAL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v;
        if (cli_notation_option(a, &choice)) {
            continue;
        } else if (strcmp(a, "--goal") == 0) {
            const char *g = i + 1 < argc ? argv[++i] : "";
            if (strcmp(g, "win") == 0)
                goal = SOLVE_GOAL_WIN;
            else if (strcmp(g, "draw") == 0)
                goal = SOLVE_GOAL_DRAW;
            else if (strcmp(g, "material") == 0)
                goal = SOLVE_GOAL_MATERIAL;
            else {
                cli_error("--goal must be win, draw or material, not '%s'", g);
                return 2;
            }
        } else if (strcmp(a, "--moves") == 0) {
            if (!cli_parse_int(i + 1 < argc ? argv[++i] : NULL, 1, 60, "--moves", &v))
                return 2;
            limits.max_moves = (int)v;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!cli_parse_int(i + 1 < argc ? argv[++i] : NULL, 1, 2000000000L, "--nodes", &v))
                return 2;
            limits.nodes = (uint64_t)v;
        } else if (strcmp(a, "--time") == 0) {
            const char *t = i + 1 < argc ? argv[++i] : "";
            char *end;
            double s = strtod(t, &end);
            if (!*t || *end || !(s > 0) || s > 1e6) {
                cli_error("--time must be a positive number of seconds, not '%s'", t);
                return 2;
            }
            limits.seconds = s;
        } else if (strcmp(a, "--sound") == 0) {
            sound = true;
        } else if (strcmp(a, "--stats") == 0) {
            stats = true;
        } else if (strcmp(a, "--variant") == 0) {
            if (i + 1 >= argc || !cli_parse_variant(argv[++i], &variant))
                return 2;
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("unknown option %s (see shashki solve --help)", a);
            return 2;
        } else if (!fen) {
            fen = a;
        } else {
            cli_error("unexpected argument '%s'", a);
            return 2;
        }
    }
    if (!fen) {
        cli_error("no position given (see shashki solve --help)");
        return 2;
    }
    ShPosition pos;
    if (!cli_read_fen_variant(fen, variant, &pos))
        return 2;
    if (cli_no_moves(stdout, &pos))
        return 1;
    int notation = cli_notation_flags(sh_kind_of_variant(variant), choice, SH_NOTATION_SHORT);
    SolveResult res;
    ShError err;
    if (solve_position(&pos, goal, &limits, sound, &res, &err) != SH_OK) {
        cli_report("position", &err);
        return 2;
    }
    const char *side = pos.side == SH_WHITE ? "White" : "Black";
    int max_moves = limits.max_moves ? limits.max_moves : 20;
    int status = 1;
    if (res.verdict == SOLVE_PROVEN) {
        printf("%s %s in %d move%s\n", side, goal_words(goal), res.moves, res.moves == 1 ? "" : "s");
        size_t need = solve_format_in(&pos, &res, notation, NULL, 0);
        char *text = malloc(need + 1);
        if (text) {
            solve_format_in(&pos, &res, notation, text, need + 1);
            printf("solution: %s\n", text);
            need = solve_format_main_in(&pos, &res, notation, NULL, 0);
            char *main_line = realloc(text, need + 1);
            if (main_line) {
                solve_format_main_in(&pos, &res, notation, main_line, need + 1);
                printf("main line: %s\n", main_line);
                free(main_line);
            } else {
                free(text);
            }
        }
        if (sound) {
            for (int f = 0; f < res.flaw_count; f++) {
                const SolveFlaw *fl = &res.flaws[f];
                ShPosition before;
                step_position(&pos, &res, fl->step, &before);
                char played[SH_MOVE_TEXT_SIZE], alt[SH_MOVE_TEXT_SIZE];
                sh_move_write(&before, &res.steps[fl->step].move, notation, played, NULL);
                sh_move_write(&before, &fl->alternative, notation, alt, NULL);
                if (fl->cook)
                    printf("cook: 1. %s also %s (within %d moves)\n", alt, goal_words(goal),
                           max_moves);
                else
                    printf("dual: at %d. %s, %s also %s as fast\n", step_number(&res, fl->step),
                           played, alt, goal_words(goal));
            }
            if (res.flaw_count == 0 && res.unsettled == 0)
                printf("sound: no dual, no cook within %d moves\n", max_moves);
            else if (res.flaw_count == 0)
                printf("no dual; %d other first move%s left undecided by the limits\n",
                       res.unsettled, res.unsettled == 1 ? "" : "s");
            else if (res.unsettled)
                printf("%d other first move%s left undecided by the limits\n", res.unsettled,
                       res.unsettled == 1 ? "" : "s");
        }
        status = 0;
    } else if (res.verdict == SOLVE_NONE) {
        printf("no solution: %s does not force %s within %d move%s\n", side,
               goal == SOLVE_GOAL_DRAW ? "a draw" : goal == SOLVE_GOAL_MATERIAL ? "a gain of material"
                                                                               : "a win",
               max_moves, max_moves == 1 ? "" : "s");
    } else {
        printf("unknown: the limits ran out before a proof either way\n");
    }
    if (stats)
        printf("nodes %llu, %.2f s CPU\n", (unsigned long long)res.nodes, res.seconds);
    solve_result_free(&res);
    return status;
}
