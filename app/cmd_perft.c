/* cmd_perft.c - shashki perft and shashki divide. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char PERFT_HELP[] =
    "usage: shashki perft DEPTH [FEN] [--variant NAME] [--paths] [--threads N]\n"
    "       shashki perft --suite FILE [--variant NAME] [--max-depth D] [--paths] [--threads N]\n"
    "\n"
    "Count the positions at the end of every line of legal moves, depth 1 to DEPTH, from the\n"
    "start position or FEN. One line per depth: 'perft D NODES', the time and nodes/s.\n"
    "\n"
    "  --paths        count every order of capture as its own move (as many engines do);\n"
    "                 by default capture paths ending in the same position count once\n"
    "  --threads N    spread the work over N threads (default 1)\n"
    "  --suite FILE   check each line 'FEN ;D1 n ;D2 n ...' of FILE; print every mismatch\n"
    "                 and a last line 'N passed, M failed'; exit status 1 if any failed\n"
    "  --max-depth D  with --suite, check depths up to D only\n"
    CLI_VARIANT_HELP CLI_OTHER_HELP;

static const char DIVIDE_HELP[] =
    "usage: shashki divide DEPTH [FEN] [--variant NAME] [--paths]\n"
    "\n"
    "Perft split by the first move: each legal move (full notation) with the number of\n"
    "positions DEPTH-1 plies after it, then the total.\n"
    "\n"
    CLI_VARIANT_HELP;

typedef struct PerftOptions {
    long depth;
    const char *fen;
    const char *suite;
    long max_depth;
    long threads;
    ShPerftMode mode;
    ShVariant variant;
} PerftOptions;

static bool perft_options(int argc, char **argv, PerftOptions *o)
{
    o->depth = -1;
    o->fen = NULL;
    o->suite = NULL;
    o->max_depth = 64;
    o->threads = 1;
    o->mode = SH_PERFT_DISTINCT;
    o->variant = SH_VARIANT_RUSSIAN;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--paths") == 0) {
            o->mode = SH_PERFT_PATHS;
        } else if (strcmp(a, "--variant") == 0) {
            if (i + 1 >= argc) {
                cli_error("--variant needs a value");
                return false;
            }
            if (!cli_parse_variant(argv[++i], &o->variant))
                return false;
        } else if (strcmp(a, "--threads") == 0 || strcmp(a, "--max-depth") == 0 ||
                   strcmp(a, "--suite") == 0) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", a);
                return false;
            }
            const char *v = argv[++i];
            if (strcmp(a, "--suite") == 0)
                o->suite = v;
            else if (!cli_parse_int(v, 1, strcmp(a, "--threads") == 0 ? 256 : 64, a,
                                    strcmp(a, "--threads") == 0 ? &o->threads : &o->max_depth))
                return false;
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("unknown option %s (see shashki %s --help)", a, argv[0]);
            return false;
        } else if (o->depth < 0 && !o->suite) {
            if (!cli_parse_int(a, 0, 64, "DEPTH", &o->depth))
                return false;
        } else if (!o->fen) {
            o->fen = a;
        } else {
            cli_error("unexpected argument '%s'", a);
            return false;
        }
    }
    return true;
}

static void print_perft_line(int depth, uint64_t nodes, double seconds)
{
    double nps = seconds > 0 ? (double)nodes / seconds : 0;
    printf("perft %d %" PRIu64 " time %.3f s %.1f Mnodes/s\n", depth, nodes, seconds, nps / 1e6);
    fflush(stdout);
}

/* One suite line: "FEN ;D1 n ;D2 n ...". Returns 1 if it passed, 0 if it failed, -1 if no
 * count was within --max-depth. */
static int suite_line(const char *file, int line_no, char *line, const PerftOptions *o)
{
    char *semi = strchr(line, ';');
    if (semi) {
        *semi = '\0';
        for (char *end = semi; end > line && (end[-1] == ' ' || end[-1] == '\t');)
            *--end = '\0';
    }
    ShPosition pos;
    ShError err;
    if (sh_fen_read_variant(line, o->variant, &pos, &err) != SH_OK) {
        printf("%s:%d: bad FEN: %s\n", file, line_no, err.message);
        return 0;
    }
    int ok = 1, checked = 0;
    for (char *field = semi ? semi + 1 : NULL; field; field = strchr(field, ';')) {
        if (*field == ';')
            field++;
        int depth;
        unsigned long long expected;
        if (sscanf(field, " D%d %llu", &depth, &expected) != 2) {
            printf("%s:%d: cannot read the count '%.20s'\n", file, line_no, field);
            return 0;
        }
        if (depth > o->max_depth)
            continue;
        uint64_t got = sh_perft_threads(&pos, depth, o->mode, (int)o->threads);
        checked++;
        if (got != expected) {
            printf("%s:%d: %s depth %d: expected %llu, got %" PRIu64 "\n", file, line_no, line,
                   depth, expected, got);
            ok = 0;
        }
    }
    if (!ok)
        return 0;
    return checked > 0 ? 1 : -1;
}

static int run_suite(const PerftOptions *o)
{
    FILE *f = fopen(o->suite, "r");
    if (!f) {
        cli_error("cannot open %s", o->suite);
        return 2;
    }
    char line[4096];
    int line_no = 0, passed = 0, failed = 0;
    double start = cli_now();
    while (fgets(line, sizeof line, f)) {
        line_no++;
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        int r = suite_line(o->suite, line_no, p, o);
        if (r > 0)
            passed++;
        else if (r == 0)
            failed++;
    }
    fclose(f);
    fprintf(stderr, "suite %s: %.2f s\n", o->suite, cli_now() - start);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

int cmd_perft(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(PERFT_HELP, stdout);
        return 0;
    }
    if (cli_other_game(argc, argv))
        return cmd_other_perft(argc, argv);
    PerftOptions o;
    if (!perft_options(argc, argv, &o))
        return 2;
    if (o.suite) {
        if (o.fen || o.depth >= 0) {
            cli_error("--suite takes no DEPTH or FEN");
            return 2;
        }
        return run_suite(&o);
    }
    if (o.depth < 0) {
        fputs(PERFT_HELP, stderr);
        return 2;
    }
    ShPosition pos;
    if (!cli_read_fen_variant(o.fen ? o.fen : "start", o.variant, &pos))
        return 2;
    if (o.depth > 0 && sh_moves_count(&pos) == 0) {
        char said[160];
        ShReason why;
        ShResult result = sh_position_result(&pos, &why);
        sh_result_describe(result, why, said, sizeof said);
        fprintf(stderr, "shashki: no legal moves (%s): every count is 0\n", said);
    }
    for (int d = 1; d <= o.depth; d++) {
        double start = cli_now();
        uint64_t n = sh_perft_threads(&pos, d, o.mode, (int)o.threads);
        print_perft_line(d, n, cli_now() - start);
    }
    return 0;
}

int cmd_divide(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(DIVIDE_HELP, stdout);
        return 0;
    }
    PerftOptions o;
    if (!perft_options(argc, argv, &o))
        return 2;
    if (o.suite) {
        cli_error("divide takes no --suite (see shashki divide --help)");
        return 2;
    }
    if (o.depth < 1) {
        if (o.depth == 0)
            cli_error("divide needs a DEPTH from 1 to 64: depth 0 has no first move to split by");
        else
            fputs(DIVIDE_HELP, stderr);
        return 2;
    }
    ShPosition pos;
    if (!cli_read_fen_variant(o.fen ? o.fen : "start", o.variant, &pos))
        return 2;
    ShMoveList moves;
    sh_moves_generate(&pos, &moves);
    sh_moves_sort(&moves);
    cli_no_moves(stdout, &pos);
    uint64_t total = 0;
    for (int i = 0; i < moves.count; i++) {
        ShPosition child;
        sh_position_play(&pos, &moves.moves[i], &child);
        uint64_t n = sh_perft_threads(&child, (int)o.depth - 1, o.mode, (int)o.threads);
        if (o.mode == SH_PERFT_PATHS) {
            /* every path of a capture is its own branch */
            ShMoveList paths;
            sh_moves_generate_paths(&pos, &paths);
            int ways = 0;
            for (int j = 0; j < paths.count; j++)
                ways += sh_move_equal(&paths.moves[j], &moves.moves[i]);
            n *= (uint64_t)ways;
        }
        char text[SH_MOVE_TEXT_SIZE];
        sh_move_write(&pos, &moves.moves[i], SH_NOTATION_FULL, text, NULL);
        printf("%s %" PRIu64 "\n", text, n);
        total += n;
    }
    printf("total %" PRIu64 "\n", total);
    return 0;
}
