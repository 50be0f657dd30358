/* cmd_bench.c - shashki bench: a fixed search over fixed positions, for speed and as the
 * search's fingerprint (the node count changes exactly when the search's behaviour does). */
#include <inttypes.h>
#include <string.h>

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

#define BENCH_DEPTH 16

static const char *const POSITIONS[] = {
    /* The start and eight ballots of the IDF-64 table. */
    "W:W21-32:B1-12",
    "B:Wa1,e3,d4,h4,c1,e1,g1,b2,d2,f2,h2,a3:Bg5,b6,d6,f6,a7,c7,e7,g7,b8,d8,f8,h8",
    "B:Wa1,c3,e3,g3,c5,c1,e1,g1,b2,d2,f2,h2:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,e3,g3,d4,c1,e1,g1,b2,d2,f2,h2,a3:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,e3,f4,c1,e1,g1,b2,d2,f2,h2,a3:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "B:Wa1,e3,b4,f4,c1,e1,g1,b2,d2,f2,h2,a3:Ba5,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,g3,d4,a5,c1,e1,g1,b2,d2,f2,h2:Bb4,g5,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,g3,b4,d4,c1,e1,g1,b2,d2,h2,a3:Bb6,d6,f6,h6,a7,e7,g7,b8,d8,f8,h8",
    "W:Wa1,c3,g3,c5,c1,e1,g1,b2,d2,f2,h2:Ba5,g5,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    /* Middlegames: the KestoG perft suite. */
    "W:Wa7,a5,b4,c3,f2,h2,g1:Bb8,c7,e7,g7,g5,f4,h4",
    "W:Wd6,a3,g3,f2,h2,c1,g1:Bb8,f8,h8,b6,f6,h6,h4",
    "B:Wc5,e5,b4,a3,e3,f2,h2,g1:Bb8,h8,a7,c7,g7,h6,g5,h4",
    "W:Wc5,b4,d4,f4,a3,f2,h2,g1:Bd8,a7,e7,g7,d6,f6,h6,h4",
    "W:Wc5,e5,d4,g3,d2,f2,a1,c1,e1,g1:Bf8,h8,a7,c7,e7,g7,b6,h6,a5,g5",
    "B:Wb4,d4,f4,a3,e3,g3,b2,d2,f2,a1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,b6,h6,c5,g5,h4",
    "W:Wa5,d4,f4,a3,c3,e3,h2,c1:Bb8,a7,c7,b6,f6,h6,c5,g5",
    "W:Wg5,f4,h4,a3,e3,d2:Bf8,h8,e7,b6,d6,h6",
    "W:Wd4,f4,h4,a3,c3:Bd8,e7,b6,h6,c5",
    "W:Wd4,f4,a3,c3,e3,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,a7,b6,d6,h6,c5,g5,h4",
    "W:Wc5,d4,f4,h4,g3,h2,e1:Bf8,a7,e7,g7,d6,a5",
    "B:Wd4,f4,a3,e3,b2,f2,h2,e1,g1:Bb8,d8,h8,g7,b6,d6,h6,a5,c5,h4",
    /* Endgames: kings, runaway men, three kings against one. */
    "B:Wa1,Ka7,b2,d4,e1,e7,f2,f4,g1,h2:Bh6,h8",
    "W:Wb2,c1,f2,Kf8,h2,h6:Ba3,a5,f6,g3,g7,h8",
    "B:Wa1,a3,a7,Kb8,d2,e1,f2,g3,h2:Bd8,f6,f8,h6,h8",
    "W:Wg1,h4:Bb8,Kc1,c3,d6,d8,f6,g5,g7",
    "B:Wc1,d2,d4,Kd8,e1,f2,f4,g1,h2:Bf8,g7,h6,h8",
    "W:Wa1,a5,Kb2,g3:Ba7,b6,b8,c5,c7,d8,f8,h6",
    "W:Wa3,c3,e3,g3:Bb6,d6,f6,h6",
    "W:WKa1,c3,e3:Bb6,d6,h6",
    "W:WKa1,Kc3,Kh2:BKd8",
};

#define POSITION_COUNT ((int)(sizeof POSITIONS / sizeof POSITIONS[0]))
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
    options.hash_mb = 16;
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
    /* The endgame tables are built on first use: build them before the clock starts. */
    ShPosition warm;
    limits.depth = 1;
    if (sh_fen_read("W:WKa1,Kc3,Kh2:BKd8", &warm, NULL) == SH_OK)
        engine_search(engine, &warm, NULL, 0, &limits, NULL, NULL, NULL, NULL);
    if (depth < 0)
        depth = variant == SH_VARIANT_RUSSIAN ? BENCH_DEPTH : 12;
    limits.depth = (int)depth;
    ShPosition others[VARIANT_POSITIONS];
    int count = variant == SH_VARIANT_RUSSIAN ? POSITION_COUNT : variant_positions(variant, others);
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
        } else if (sh_fen_read(POSITIONS[i], &pos, &err) != SH_OK) {
            cli_error("bench position %d: %s", i + 1, err.message);
            status = 1;
            continue;
        }
        if (variant == SH_VARIANT_RUSSIAN && !numeric)
            snprintf(fen, sizeof fen, "%s", POSITIONS[i]); /* as written above */
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
