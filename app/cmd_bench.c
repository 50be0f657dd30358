/* cmd_bench.c - shashki bench: a fixed search over fixed positions, for speed and as the
 * search's fingerprint (the node count changes exactly when the search's behaviour does). */
#include <inttypes.h>
#include <string.h>

#include "bench.h"
#include "cli.h"
#include "engine.h"

static const char HELP[] =
    "usage: shashki bench [--depth N] [--threads N] [--hash MB] [--variant NAME] [--verbose]\n"
    "                     [--set NAME=VALUE]... [--numeric|--algebraic]\n"
    "\n"
    "Search 30 fixed positions (openings, middlegames, endgames) to a fixed depth from a\n"
    "cleared table (the endgame tables built before the clock starts) and print the total:\n"
    "\n"
    "  Nodes searched: N\n"
    "  Nodes/second: N\n"
    "\n"
    "With one thread (the default) N is the same on every run of the same program: commits\n"
    "that change the search quote it as 'Bench: N'.\n"
    "\n"
    "  --depth N      depth of each search (default 16)\n"
    "  --threads N    search threads (default 1; N then varies from run to run)\n"
    "  --hash MB      transposition table size (default 16)\n"
    "  --verbose      a line per position: number, nodes, best move, score, FEN\n"
    "  --set NAME=VALUE  an engine setting (engine.h), e.g. eval=nnue: the learned\n"
    "                 evaluation's speed against the classical one's\n"
    "  --variant NAME another game (see shashki perft --help): its start and the positions\n"
    "                 after 5, 10 ... 55 plies of one fixed random game from it, to depth 12\n"
    "                 unless --depth says otherwise\n"
    CLI_NOTATION_HELP
    "                 (--verbose's moves and FENs)\n";

#define VARIANT_POSITIONS 12

/* Another game's bench positions: its start and every fifth position of one random game,
 * the same on every run (a fixed seed), the game shortened where it ends. */
static int variant_positions(ShVariant v, ShPosition out[VARIANT_POSITIONS])
{
    uint64_t seed = 0x5eed;
    ShPosition pos;
    sh_position_start(&pos, v);
    int n = 0;
    for (int ply = 0; n < VARIANT_POSITIONS; ply++) {
        if (ply % 5 == 0)
            out[n++] = pos;
        ShMoveList list;
        sh_moves_generate(&pos, &list);
        if (list.count == 0)
            break;
        seed = seed * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
        sh_moves_sort(&list);
        ShPosition next;
        sh_position_play(&pos, &list.moves[(seed >> 33) % (uint64_t)list.count], &next);
        pos = next;
    }
    return n;
}

int cmd_bench(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    EngineOptions options;
    engine_options_default(&options);
    options.hash_mb = ENGINE_BENCH_HASH_MB;
    long depth = -1, v;
    bool verbose = false;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    CliNotation notation = CLI_NOTATION_USUAL;
    const char *settings[16];
    int nsettings = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_notation_option(a, &notation)) {
            continue;
        } else if (strcmp(a, "--verbose") == 0) {
            verbose = true;
        } else if (strcmp(a, "--variant") == 0) {
            if (i + 1 >= argc || !cli_parse_variant(argv[++i], &variant))
                return 2;
        } else if (strcmp(a, "--set") == 0) {
            if (i + 1 >= argc || !strchr(argv[i + 1], '=') || nsettings == 16) {
                cli_error("--set needs NAME=VALUE");
                return 2;
            }
            settings[nsettings++] = argv[++i];
        } else if (strcmp(a, "--depth") == 0 || strcmp(a, "--threads") == 0 ||
                   strcmp(a, "--hash") == 0) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", a);
                return 2;
            }
            const char *val = argv[++i];
            if (strcmp(a, "--depth") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_PLY - 1, a, &depth))
                    return 2;
            } else if (strcmp(a, "--threads") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_THREADS, a, &v))
                    return 2;
                options.threads = (int)v;
            } else {
                if (!cli_parse_int(val, 1, ENGINE_MAX_HASH_MB, a, &v))
                    return 2;
                options.hash_mb = (int)v;
            }
        } else {
            cli_error("unknown argument '%s' (see shashki bench --help)", a);
            return 2;
        }
    }
    ShError err;
    Engine *engine = engine_create(&options, &err);
    if (!engine) {
        cli_error("%s", err.message);
        return 1;
    }
    for (int i = 0; i < nsettings; i++) {
        char name[64];
        const char *eq = strchr(settings[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - settings[i]), settings[i]);
        if (engine_set_param(engine, name, eq + 1, &err) != SH_OK) {
            cli_error("%s", err.message);
            engine_free(engine);
            return 2;
        }
    }
    EngineLimits limits;
    engine_limits_default(&limits);
    engine_bench_warm(engine);
    if (depth < 0)
        depth = variant == SH_VARIANT_RUSSIAN ? ENGINE_BENCH_DEPTH : 12;
    limits.depth = (int)depth;
    ShPosition others[VARIANT_POSITIONS];
    int count = variant == SH_VARIANT_RUSSIAN ? ENGINE_BENCH_COUNT : variant_positions(variant, others);
    const ShKind *kind = sh_kind_of_variant(variant);
    bool numeric = cli_numeric(kind, notation);
    uint64_t total = 0;
    double start = cli_now();
    int status = 0;
    for (int i = 0; i < count; i++) {
        ShPosition pos;
        char fen[SH_FEN_SIZE];
        if (variant != SH_VARIANT_RUSSIAN) {
            pos = others[i];
        } else if (sh_fen_read(ENGINE_BENCH_POSITIONS[i], &pos, &err) != SH_OK) {
            cli_error("bench position %d: %s", i + 1, err.message);
            status = 1;
            continue;
        }
        if (variant == SH_VARIANT_RUSSIAN && !numeric)
            snprintf(fen, sizeof fen, "%s", ENGINE_BENCH_POSITIONS[i]); /* as written above */
        else
            sh_fen_write(&pos, numeric, fen);
        engine_clear(engine);
        EngineResult r;
        if (engine_search(engine, &pos, NULL, 0, &limits, NULL, NULL, &r, &err) != SH_OK) {
            cli_error("bench position %d: %s", i + 1, err.message);
            status = 1;
            continue;
        }
        total += r.nodes;
        if (verbose) {
            char move[SH_MOVE_TEXT_SIZE] = "(none)";
            if (r.has_move)
                sh_move_write(&pos, &r.move,
                              cli_notation_flags(kind, notation, SH_NOTATION_FULL), move, NULL);
            printf("%2d %12" PRIu64 " %-12s %6d %s\n", i + 1, r.nodes, move, r.score, fen);
        }
    }
    double seconds = cli_now() - start;
    engine_free(engine);
    printf("Nodes searched: %" PRIu64 "\n", total);
    printf("Nodes/second: %" PRIu64 "\n", seconds > 0 ? (uint64_t)((double)total / seconds) : 0);
    printf("Time: %.3f s\n", seconds);
    return status;
}
