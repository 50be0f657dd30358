/* cmd_analyse.c - shashki analyse: search a position and show each iteration. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"
#include "engine_text.h"

static const char HELP[] =
    "usage: shashki analyse [--depth N | --time S | --nodes N] [--multipv K] [--threads N]\n"
    "                       [--hash MB] [--moves \"MOVES\"] [--numeric] [--set NAME=VALUE]\n"
    "                       [--variant NAME] [--egdb DIR] [FEN]\n"
    "\n"
    "Search the start position or FEN (after MOVES, if given) and print a line for each\n"
    "depth the search completes:\n"
    "\n"
    "  depth D seldepth S [multipv K] score SCORE nodes N nps N time T pv MOVES\n"
    "\n"
    "SCORE is in men for the side to move (+0.25), or 'win in M' / 'loss in M' (moves of the\n"
    "side to move), or 'win by database' / 'loss by database'. The line is in full notation.\n"
    "The last line is 'best MOVE [ponder MOVE]'. When the endgame databases know the position,\n"
    "a first line gives their verdict: 'egdb win, conversion in 7 plies (5 pieces)' (the\n"
    "value with best play, the draw counts aside; docs/egdb.md).\n"
    "\n"
    "  --depth N      search N plies (default: --time 3)\n"
    "  --time S       search S seconds (decimals allowed)\n"
    "  --nodes N      search about N nodes\n"
    "  --multipv K    show the K best lines (1-16)\n"
    "  --threads N    search threads (default 1)\n"
    "  --hash MB      transposition table size (default 64)\n"
    "  --moves LIST   moves played from the position first (repetitions and draw counts\n"
    "                 then count them), any notation, separated by spaces\n"
    "  --numeric      write moves in numeric notation (22-18)\n"
    "  --set NAME=VALUE  an engine setting (see engine.h: lmr, probcut, egdb, eval-file ...);\n"
    "                 may be given several times\n"
    CLI_VARIANT_HELP CLI_EGDB_HELP;

typedef struct Printer {
    ShPosition pos;
    int notation;
    int multipv;
} Printer;

static void on_info(const EngineInfo *info, void *user)
{
    const Printer *p = user;
    char score[32], line[4096];
    engine_text_score(info->score, score, sizeof score);
    engine_text_line(&p->pos, info->pv, info->pv_length, p->notation, line, sizeof line);
    printf("depth %d seldepth %d", info->depth, info->seldepth);
    if (p->multipv > 1)
        printf(" multipv %d", info->multipv);
    printf(" score %s%s nodes %" PRIu64 " nps %" PRIu64 " time %.3f pv %s\n", score,
           info->bound == ENGINE_BOUND_LOWER   ? " lowerbound"
           : info->bound == ENGINE_BOUND_UPPER ? " upperbound"
                                               : "",
           info->nodes, info->nps, info->time, line);
    fflush(stdout);
}

static bool parse_seconds(const char *text, double *out)
{
    char *end;
    double v = text ? strtod(text, &end) : 0;
    if (!text || !*text || *end || v <= 0 || v > 1e6) {
        cli_error("--time must be a number of seconds above 0, not '%s'", text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

/* Play a space-separated list of moves from pos, keeping the positions before each move. */
static bool play_moves(const char *list, ShPosition *pos, ShPosition **history, int *count)
{
    char *copy = strdup(list);
    int cap = 16;
    *history = malloc(sizeof(ShPosition) * (size_t)cap);
    *count = 0;
    bool ok = copy && *history;
    for (char *tok = ok ? strtok(copy, " \t,") : NULL; ok && tok; tok = strtok(NULL, " \t,")) {
        if (strchr(tok, '.'))
            continue; /* a move number "1." */
        ShMove m;
        ShError err;
        if (sh_move_parse(pos, tok, &m, &err) != SH_OK) {
            cli_error("move '%s': %s", tok, err.message);
            ok = false;
            break;
        }
        if (*count == cap) {
            cap *= 2;
            ShPosition *h = realloc(*history, sizeof(ShPosition) * (size_t)cap);
            if (!h) {
                ok = false;
                break;
            }
            *history = h;
        }
        (*history)[(*count)++] = *pos;
        sh_position_play(pos, &m, pos);
    }
    free(copy);
    return ok;
}

int cmd_analyse(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    EngineOptions options;
    engine_options_default(&options);
    EngineLimits limits;
    engine_limits_default(&limits);
    const char *fen = NULL, *moves = NULL, *egdb_named = NULL;
    const char *settings[16];
    int nsettings = 0;
    int notation = SH_NOTATION_FULL;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    long v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--numeric") == 0) {
            notation |= SH_NOTATION_NUMERIC;
        } else if (strcmp(a, "--depth") == 0 || strcmp(a, "--nodes") == 0 ||
                   strcmp(a, "--multipv") == 0 || strcmp(a, "--threads") == 0 ||
                   strcmp(a, "--hash") == 0 || strcmp(a, "--time") == 0 ||
                   strcmp(a, "--moves") == 0 || strcmp(a, "--set") == 0 ||
                   strcmp(a, "--variant") == 0 || strcmp(a, "--egdb") == 0) {
            if (!has_value) {
                cli_error("%s needs a value", a);
                return 2;
            }
            const char *val = argv[++i];
            if (strcmp(a, "--depth") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_PLY - 1, a, &v))
                    return 2;
                limits.depth = (int)v;
            } else if (strcmp(a, "--nodes") == 0) {
                if (!cli_parse_int(val, 1, 1000000000000L, a, &v))
                    return 2;
                limits.nodes = (uint64_t)v;
            } else if (strcmp(a, "--multipv") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_MULTIPV, a, &v))
                    return 2;
                limits.multipv = (int)v;
            } else if (strcmp(a, "--threads") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_THREADS, a, &v))
                    return 2;
                options.threads = (int)v;
            } else if (strcmp(a, "--hash") == 0) {
                if (!cli_parse_int(val, 1, ENGINE_MAX_HASH_MB, a, &v))
                    return 2;
                options.hash_mb = (int)v;
            } else if (strcmp(a, "--time") == 0) {
                if (!parse_seconds(val, &limits.move_time))
                    return 2;
            } else if (strcmp(a, "--egdb") == 0) {
                egdb_named = val;
            } else if (strcmp(a, "--variant") == 0) {
                if (!cli_parse_variant(val, &variant))
                    return 2;
            } else if (strcmp(a, "--set") == 0) {
                if (!strchr(val, '=') || nsettings == 16) {
                    cli_error("--set takes NAME=VALUE, not '%s'", val);
                    return 2;
                }
                settings[nsettings++] = val;
            } else {
                moves = val;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("unknown option %s (see shashki analyse --help)", a);
            return 2;
        } else if (!fen) {
            fen = a;
        } else {
            cli_error("unexpected argument '%s'", a);
            return 2;
        }
    }
    if (!limits.depth && !limits.nodes && limits.move_time <= 0)
        limits.move_time = 3;
    ShPosition pos;
    if (!cli_read_fen_variant(fen ? fen : "start", variant, &pos))
        return 2;
    ShPosition *history = NULL;
    int history_count = 0;
    if (moves && !play_moves(moves, &pos, &history, &history_count)) {
        free(history);
        return 2;
    }
    char note[4200];
    const char *egdb = cli_egdb_find(egdb_named, note, sizeof note);
    if (!egdb) {
        free(history);
        return 2;
    }
    ShError err;
    Engine *engine = engine_create(&options, &err);
    if (!engine) {
        cli_error("%s", err.message);
        free(history);
        return 1;
    }
    if (*egdb && engine_set_param(engine, "egdb-path", egdb, &err) != SH_OK) {
        cli_error("--egdb %s: %s", egdb, err.message);
        engine_free(engine);
        free(history);
        return 2;
    }
    for (int i = 0; i < nsettings; i++) {
        char name[64];
        const char *eq = strchr(settings[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - settings[i]), settings[i]);
        if (engine_set_param(engine, name, eq + 1, &err) != SH_OK) {
            cli_error("--set %s: %s", settings[i], err.message);
            engine_free(engine);
            free(history);
            return 2;
        }
    }
    EngineEgdbValue verdict;
    if (engine_egdb_probe(engine, &pos, &verdict)) {
        static const char *NAMES[3] = {"loss", "draw", "win"};
        printf("egdb %s", NAMES[verdict.result + 1]);
        if (verdict.dtc >= 0)
            printf(", conversion in %d plies", verdict.dtc);
        printf(" (%d pieces)\n", verdict.pieces);
    }
    Printer printer = {pos, notation, limits.multipv};
    EngineResult result;
    int status = 0;
    if (engine_search(engine, &pos, history, history_count, &limits, on_info, &printer, &result,
                      &err) != SH_OK) {
        cli_error("%s", err.message);
        status = 1;
    } else if (!result.has_move) {
        printf("best (none): ");
        if (!cli_no_moves(stdout, &pos))
            printf("no move\n");
    } else {
        char best[SH_MOVE_TEXT_SIZE], ponder[SH_MOVE_TEXT_SIZE];
        sh_move_write(&pos, &result.move, notation, best, NULL);
        printf("best %s", best);
        if (result.has_ponder) {
            ShPosition next;
            sh_position_play(&pos, &result.move, &next);
            if (sh_move_write(&next, &result.ponder, notation, ponder, NULL) == SH_OK)
                printf(" ponder %s", ponder);
        }
        printf("\n");
    }
    engine_free(engine);
    free(history);
    return status;
}
