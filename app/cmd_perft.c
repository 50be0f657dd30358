/* cmd_perft.c - shashki perft and shashki divide, for every game: the draughts games count
 * with the library's perft at its full speed (threads, either convention), the other games
 * with their rules' own move generator, both through sh_play_perft. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char PERFT_HELP[] =
    "usage: shashki perft DEPTH [FEN] [--variant NAME] [--paths] [--threads N]\n"
    "       shashki perft --suite FILE [--variant NAME] [--max-depth D] [--paths] [--threads N]\n"
    "       shashki perft DEPTH [POSITION] --variant NAME [--settings S]   (an other game)\n"
    "\n"
    "Count the positions at the end of every line of legal moves, depth 1 to DEPTH, from the\n"
    "game's start or the position given (a FEN, or an other game's position text). One line\n"
    "per depth: 'perft D NODES', the time and nodes/s.\n"
    "\n"
    "  --paths        count every order of capture as its own move (as many engines do);\n"
    "                 by default capture paths ending in the same position count once (the\n"
    "                 other games' moves have one path each: the same counts)\n"
    "  --threads N    spread the work over N threads (default 1; the draughts games)\n"
    "  --suite FILE   check each line 'POSITION ;D1 n ;D2 n ...' of FILE; print every\n"
    "                 mismatch and a last line 'N passed, M failed'; exit status 1 if any\n"
    "                 failed\n"
    "  --max-depth D  with --suite, check depths up to D only\n"
    "  --numeric, --algebraic  taken as every command takes them (perft writes no move)\n"
    CLI_GAMES_HELP;

static const char DIVIDE_HELP[] =
    "usage: shashki divide DEPTH [FEN] [--variant NAME] [--paths] [--numeric|--algebraic]\n"
    "       shashki divide DEPTH [POSITION] --variant NAME [--settings S]   (an other game)\n"
    "\n"
    "Perft split by the first move: each legal move (full notation, in the game's usual\n"
    "notation) with the number of positions DEPTH-1 plies after it, then the total.\n"
    "\n"
    CLI_NOTATION_HELP
    CLI_GAMES_HELP;

typedef struct PerftOptions {
    long depth;
    const char *fen;
    const char *suite;
    long max_depth;
    long threads;
    ShPerftMode mode;
    const ShKind *kind;
    const char *settings;
    CliNotation notation;
} PerftOptions;

static bool perft_options(int argc, char **argv, PerftOptions *o)
{
    o->depth = -1;
    o->fen = NULL;
    o->suite = NULL;
    o->max_depth = 64;
    o->threads = 1;
    o->mode = SH_PERFT_DISTINCT;
    o->kind = cli_kind_default();
    o->settings = NULL;
    o->notation = CLI_NOTATION_USUAL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_notation_option(a, &o->notation)) {
            continue;
        } else if (strcmp(a, "--paths") == 0) {
            o->mode = SH_PERFT_PATHS;
        } else if (strcmp(a, "--variant") == 0 || strcmp(a, "--settings") == 0) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", a);
                return false;
            }
            if (a[2] == 's')
                o->settings = argv[++i];
            else if (!cli_parse_kind(argv[++i], &o->kind))
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

/* The leaves `depth` plies below the game's position, in the convention asked: the draughts
 * games' capture paths by their own perft, everything else through the game interface. */
static uint64_t count(const ShPlay *play, int depth, const PerftOptions *o)
{
    const ShGame *game = sh_play_game(play);
    if (o->mode == SH_PERFT_PATHS && game)
        return sh_perft_threads(sh_game_position(game), depth, SH_PERFT_PATHS, (int)o->threads);
    return sh_play_perft(play, depth, (int)o->threads);
}

/* One suite line: "POSITION ;D1 n ;D2 n ...". Returns 1 if it passed, 0 if it failed, -1 if
 * no count was within --max-depth. */
static int suite_line(const char *file, int line_no, char *line, const PerftOptions *o)
{
    char *semi = strchr(line, ';');
    if (semi) {
        *semi = '\0';
        for (char *end = semi; end > line && (end[-1] == ' ' || end[-1] == '\t');)
            *--end = '\0';
    }
    ShPlayOptions options = {.start = line, .replay = true};
    ShPlay *play = NULL;
    ShError err;
    if (sh_play_new(&play, o->kind, &options, &err) != SH_OK) {
        printf("%s:%d: bad %s: %s\n", file, line_no,
               cli_kind_draughts(o->kind) ? "FEN" : "position", err.message);
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
            sh_play_free(play);
            return 0;
        }
        if (depth > o->max_depth)
            continue;
        uint64_t got = count(play, depth, o);
        checked++;
        if (got != expected) {
            printf("%s:%d: %s depth %d: expected %llu, got %" PRIu64 "\n", file, line_no, line,
                   depth, expected, got);
            ok = 0;
        }
    }
    sh_play_free(play);
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
    PerftOptions o;
    if (!perft_options(argc, argv, &o))
        return 2;
    if (o.suite) {
        if (o.fen || o.depth >= 0 || o.settings) {
            cli_error("--suite takes no DEPTH, position or --settings: its lines give them");
            return 2;
        }
        return run_suite(&o);
    }
    if (o.depth < 0) {
        if (!cli_kind_draughts(o.kind)) {
            cli_error("say how deep: shashki perft --variant %s DEPTH", o.kind->name);
            return 2;
        }
        fputs(PERFT_HELP, stderr);
        return 2;
    }
    ShPlay *play = cli_play_open(o.kind, o.settings, o.fen);
    if (!play)
        return 2;
    char said[SH_PLAY_REASON_SIZE];
    if (o.depth > 0 && cli_play_over(play, said, sizeof said))
        fprintf(stderr, "shashki: no legal moves (%s): every count is 0\n", said);
    for (int d = 1; d <= o.depth; d++) {
        double start = cli_now();
        uint64_t n = count(play, d, &o);
        print_perft_line(d, n, cli_now() - start);
    }
    sh_play_free(play);
    return 0;
}

/* How many paths the legal move `m` can be played along (a draughts capture made in several
 * orders: --paths counts each). */
static uint64_t paths_of(const ShPlayMove *paths, int count, const ShPlayMove *m)
{
    uint64_t ways = 0;
    for (int i = 0; i < count; i++)
        ways += strcmp(paths[i].text, m->text) == 0;
    return ways ? ways : 1;
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
    ShPlay *play = cli_play_open(o.kind, o.settings, o.fen);
    if (!play)
        return 2;
    int count_moves = 0, count_paths = 0;
    ShPlayMove *moves = sh_play_moves(play, &count_moves);
    ShPlayMove *paths = o.mode == SH_PERFT_PATHS ? sh_play_move_paths(play, &count_paths) : NULL;
    char said[SH_PLAY_REASON_SIZE];
    if (count_moves == 0 && cli_play_over(play, said, sizeof said))
        printf("no legal moves: %s\n", said);
    uint64_t total = 0;
    int status = 0;
    for (int i = 0; i < count_moves; i++) {
        ShPlay *child = cli_play_after(play, &moves[i]);
        if (!child) {
            cli_error("out of memory");
            status = 1;
            break;
        }
        uint64_t n = count(child, (int)o.depth - 1, &o);
        sh_play_free(child);
        if (paths)
            n *= paths_of(paths, count_paths, &moves[i]);
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        cli_play_move_text(play, &moves[i], cli_numeric(o.kind, o.notation), text, sizeof text);
        printf("%s %" PRIu64 "\n", text, n);
        total += n;
    }
    printf("total %" PRIu64 "\n", total);
    free(moves);
    free(paths);
    sh_play_free(play);
    return status;
}
