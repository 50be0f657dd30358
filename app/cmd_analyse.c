/* cmd_analyse.c - shashki analyse: search a position of any game. The draughts and column games
 * are searched by the draughts engine (engine.h) directly, for what only it tells: each
 * iteration, several lines, the book's and the endgame databases' word; the other games by
 * the engine of every game (play_engine.h), which tells the line it settled on. The position
 * and the moves before it are the game interface's for both. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "cli.h"
#include "engine.h"
#include "engine_text.h"
#include "other_search.h"
#include "play_engine.h"

static const char HELP[] =
    "usage: shashki analyse [--depth N | --time S | --nodes N] [--multipv K] [--threads N]\n"
    "                       [--hash MB] [--moves \"MOVES\"] [--numeric|--algebraic]\n"
    "                       [--set NAME=VALUE]\n"
    "                       [--variant NAME] [--egdb DIR] [--book FILE|none] [--level L]\n"
    "                       [--seed N] [FEN]\n"
    "       shashki analyse --variant NAME [--settings S] [--depth N | --time S | --nodes N]\n"
    "                       [--level L] [--seed N] [--moves \"MOVES\"] [POSITION]\n"
    "\n"
    "Search the game's start or the position given (after MOVES, if given) and print a line\n"
    "for each depth the search completes:\n"
    "\n"
    "  depth D seldepth S [multipv K] score SCORE nodes N nps N time T pv MOVES\n"
    "\n"
    "SCORE is in men for the side to move (+0.25), or 'win in M' / 'loss in M' (moves of the\n"
    "side to move), or 'win by database' / 'loss by database'. The line is in full notation,\n"
    "in the game's usual notation (international 32-28, Russian c3-d4).\n"
    "The last line is 'best MOVE [ponder MOVE]'. When the endgame databases know the position,\n"
    "a first line gives their verdict: 'egdb win, conversion in 7 plies (5 pieces)' (the\n"
    "value with best play, the draw counts aside; docs/egdb.md). When the opening book holds\n"
    "the position, a line for each of its moves comes first, best first:\n"
    "\n"
    "  book MOVE score SCORE depth D games N [W w% D d% L l%]\n"
    "\n"
    "(the score of the book's search, '-' for a move only played in the games; the games'\n"
    "results for the side to move; docs/book.md). The search itself does not use the book.\n"
    "\n"
    "  --depth N      search N plies (default: --time 3)\n"
    "  --time S       search S seconds (decimals allowed)\n"
    "  --nodes N      search about N nodes\n"
    "  --multipv K    show the K best lines (1-16)\n"
    "  --threads N    search threads (default 1)\n"
    "  --hash MB      transposition table size (default 64)\n"
    "  --moves LIST   moves played from the position first (repetitions and draw counts\n"
    "                 then count them), any notation, separated by spaces\n"
    CLI_NOTATION_HELP
    "  --book FILE    the opening book shown (default the built-in book; none: no book)\n"
    "  --set NAME=VALUE  an engine setting (see engine.h: lmr, probcut, egdb, eval-file ...);\n"
    "                 may be given several times\n"
    "  --level L      play as level L (1-10: below 10 a near-best move, engine/level.h)\n"
    "  --seed N       the levels' choice among near-best moves\n"
    CLI_GAMES_HELP CLI_EGDB_HELP
    "\n"
    "The other games (corners ... neva) are searched by their own engine\n"
    "(engine/other_search.h): --depth N (default 4, at most 32), --nodes N, --time S, --level\n"
    "L and --seed N; it prints one line 'depth D score S nodes N pv MOVES' (S in pieces for\n"
    "the player to move, or 'win in P plies') and 'best MOVE', in the game's own cells'\n"
    "names. The draughts engine's own options (--multipv, --threads, --hash, --set, --egdb,\n"
    "--book) are refused.\n";

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

/* The book's moves for the position, if it holds it; false if the book named is bad. */
static bool print_book(const char *name, const ShPosition *pos, int notation)
{
    if (name && strcmp(name, "none") == 0)
        return true;
    Book *owned = NULL;
    const Book *book = book_builtin();
    ShError err;
    if (name && strcmp(name, "built-in") != 0 && strcmp(name, "on") != 0) {
        if (book_load(name, &owned, &err) != SH_OK) {
            cli_error("--book: %s", err.message);
            return false;
        }
        book = owned;
    }
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_probe(book, pos, moves);
    for (int i = 0; i < n; i++) {
        char mv[SH_MOVE_TEXT_SIZE], score[32] = "-";
        sh_move_write(pos, &moves[i].move, notation, mv, NULL);
        if (moves[i].searched)
            engine_text_score(moves[i].score, score, sizeof score);
        unsigned g = moves[i].wins + moves[i].draws + moves[i].losses;
        printf("book %s score %s depth %d games %u", mv, score, moves[i].depth, g);
        if (g)
            printf(" W %.0f%% D %.0f%% L %.0f%%", 100.0 * moves[i].wins / g,
                   100.0 * moves[i].draws / g, 100.0 * moves[i].losses / g);
        printf("\n");
    }
    book_free(owned);
    return true;
}

/* What the command line asks for. */
typedef struct Args {
    const ShKind *kind;
    const char *position, *moves, *settings, *egdb, *book;
    const char *set[16];
    int nset;
    CliNotation notation;
    long level, seed;
    bool has_seed;
    /* the draughts engine's own options, refused for the other games */
    const char *draughts_only;
    EngineOptions options;
    EngineLimits limits;
} Args;

static bool parse_args(int argc, char **argv, Args *a)
{
    memset(a, 0, sizeof *a);
    a->kind = cli_kind_default();
    engine_options_default(&a->options);
    engine_limits_default(&a->limits);
    long v;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (cli_notation_option(o, &a->notation))
            continue;
        static const char *const VALUED[] = {"--depth", "--nodes", "--multipv", "--threads",
                                             "--hash", "--time", "--moves", "--set",
                                             "--variant", "--egdb", "--book", "--settings",
                                             "--level", "--seed"};
        bool valued = false;
        for (size_t k = 0; k < sizeof VALUED / sizeof VALUED[0]; k++)
            valued |= strcmp(o, VALUED[k]) == 0;
        if (!valued && o[0] == '-' && o[1] == '-') {
            cli_error("unknown option %s (see shashki analyse --help)", o);
            return false;
        }
        if (!valued) {
            if (a->position) {
                cli_error("unexpected argument '%s'", o);
                return false;
            }
            a->position = o;
            continue;
        }
        if (i + 1 >= argc) {
            cli_error("%s needs a value", o);
            return false;
        }
        const char *val = argv[++i];
        if (strcmp(o, "--multipv") == 0 || strcmp(o, "--threads") == 0 ||
            strcmp(o, "--hash") == 0 || strcmp(o, "--set") == 0 || strcmp(o, "--egdb") == 0 ||
            strcmp(o, "--book") == 0)
            a->draughts_only = o;
        if (strcmp(o, "--depth") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_PLY - 1, o, &v))
                return false;
            a->limits.depth = (int)v;
        } else if (strcmp(o, "--nodes") == 0) {
            if (!cli_parse_int(val, 1, 1000000000000L, o, &v))
                return false;
            a->limits.nodes = (uint64_t)v;
        } else if (strcmp(o, "--multipv") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_MULTIPV, o, &v))
                return false;
            a->limits.multipv = (int)v;
        } else if (strcmp(o, "--threads") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_THREADS, o, &v))
                return false;
            a->options.threads = (int)v;
        } else if (strcmp(o, "--hash") == 0) {
            if (!cli_parse_int(val, 1, ENGINE_MAX_HASH_MB, o, &v))
                return false;
            a->options.hash_mb = (int)v;
        } else if (strcmp(o, "--level") == 0) {
            if (!cli_parse_int(val, 1, 10, o, &a->level))
                return false;
        } else if (strcmp(o, "--seed") == 0) {
            if (!cli_parse_int(val, 0, 2000000000L, o, &a->seed))
                return false;
            a->has_seed = true;
        } else if (strcmp(o, "--time") == 0) {
            if (!parse_seconds(val, &a->limits.move_time))
                return false;
        } else if (strcmp(o, "--variant") == 0) {
            if (!cli_parse_kind(val, &a->kind))
                return false;
        } else if (strcmp(o, "--set") == 0) {
            if (!strchr(val, '=') || a->nset == 16) {
                cli_error("--set takes NAME=VALUE, not '%s'", val);
                return false;
            }
            a->set[a->nset++] = val;
        } else {
            const char **field = strcmp(o, "--egdb") == 0       ? &a->egdb
                                 : strcmp(o, "--book") == 0     ? &a->book
                                 : strcmp(o, "--settings") == 0 ? &a->settings
                                                                : &a->moves;
            *field = val;
        }
    }
    return true;
}

/* An other game: one search by the engine of every game, its line and its move. */
static int analyse_other(const Args *a, const ShPlay *play)
{
    if (a->draughts_only) {
        cli_error("%s is the draughts engine's; %s is searched by the other games' engine "
                  "(--depth, --nodes, --time, --level, --seed)",
                  a->draughts_only, a->kind->name);
        return 2;
    }
    if (a->limits.depth > OTHER_SEARCH_MAX_DEPTH) {
        cli_error("--depth must be a whole number from 1 to %d for %s", OTHER_SEARCH_MAX_DEPTH,
                  a->kind->name);
        return 2;
    }
    if (!a->kind->engine) {
        cli_error("%s has no engine: it is played by people only", a->kind->name);
        return 2;
    }
    PlayLimits limits = {.level = (int)a->level, .move_time = a->limits.move_time,
                         .time_left = -1, .nodes = a->limits.nodes,
                         .depth = a->limits.depth, .seed = (uint64_t)a->seed};
    if (!limits.depth && !limits.nodes && limits.move_time <= 0)
        limits.depth = 4;
    ShError err;
    PlayEngine *engine = play_engine_create(NULL, &err);
    PlayChoice choice;
    if (!engine || play_engine_search(engine, play, &limits, &choice, &err) != SH_OK) {
        cli_report("search", &err);
        play_engine_free(engine);
        return 1;
    }
    play_engine_free(engine);
    if (!choice.has_move) {
        char said[SH_PLAY_REASON_SIZE];
        printf("best (none): ");
        if (cli_play_over(play, said, sizeof said))
            printf("no legal moves: %s\n", said);
        else
            printf("no move\n");
        return 0;
    }
    char score[64];
    engine_text_play_score(a->kind, choice.score, score, sizeof score);
    printf("depth %d score %s nodes %" PRIu64 " pv %s\nbest %s\n", choice.depth, score,
           choice.nodes, choice.pv, choice.move);
    return 0;
}

/* A draughts or column game: the draughts engine, each iteration as it completes. */
static int analyse_draughts(Args *a, const ShPlay *play)
{
    if (!a->limits.depth && !a->limits.nodes && a->limits.move_time <= 0)
        a->limits.move_time = 3;
    if (a->level)
        a->options.level = (int)a->level;
    if (a->has_seed)
        a->options.seed = (uint64_t)a->seed;
    const ShGame *game = sh_play_game(play);
    const ShPosition *pos = sh_game_position(game);
    int history_count = sh_game_ply_count(game);
    ShPosition *history = malloc(sizeof(ShPosition) * (size_t)(history_count + 1));
    if (!history) {
        cli_error("out of memory");
        return 1;
    }
    for (int i = 0; i < history_count; i++)
        history[i] = *sh_game_position_at(game, i);
    char note[4200];
    const char *egdb = cli_egdb_find(a->egdb, note, sizeof note);
    if (!egdb) {
        free(history);
        return 2;
    }
    ShError err;
    Engine *engine = engine_create(&a->options, &err);
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
    for (int i = 0; i < a->nset; i++) {
        char name[64];
        const char *eq = strchr(a->set[i], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - a->set[i]), a->set[i]);
        if (engine_set_param(engine, name, eq + 1, &err) != SH_OK) {
            cli_error("--set %s: %s", a->set[i], err.message);
            engine_free(engine);
            free(history);
            return 2;
        }
    }
    EngineEgdbValue verdict;
    if (engine_egdb_probe(engine, pos, &verdict)) {
        static const char *NAMES[3] = {"loss", "draw", "win"};
        printf("egdb %s", NAMES[verdict.result + 1]);
        if (verdict.dtc >= 0)
            printf(", conversion in %d plies", verdict.dtc);
        printf(" (%d pieces)\n", verdict.pieces);
    }
    int notation = cli_notation_flags(a->kind, a->notation, SH_NOTATION_FULL);
    if (!print_book(a->book, pos, notation)) {
        engine_free(engine);
        free(history);
        return 2;
    }
    Printer printer = {*pos, notation, a->limits.multipv};
    EngineResult result;
    int status = 0;
    if (engine_search(engine, pos, history, history_count, &a->limits, on_info, &printer,
                      &result, &err) != SH_OK) {
        cli_error("%s", err.message);
        status = 1;
    } else if (!result.has_move) {
        printf("best (none): ");
        if (!cli_no_moves(stdout, pos))
            printf("no move\n");
    } else {
        char best[SH_MOVE_TEXT_SIZE], ponder[SH_MOVE_TEXT_SIZE];
        sh_move_write(pos, &result.move, notation, best, NULL);
        printf("best %s", best);
        if (result.has_ponder) {
            ShPosition next;
            sh_position_play(pos, &result.move, &next);
            if (sh_move_write(&next, &result.ponder, notation, ponder, NULL) == SH_OK)
                printf(" ponder %s", ponder);
        }
        printf("\n");
    }
    engine_free(engine);
    free(history);
    return status;
}

int cmd_analyse(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    Args a;
    if (!parse_args(argc, argv, &a))
        return 2;
    ShPlay *play = cli_play_open(a.kind, a.settings, a.position);
    if (!play)
        return 2;
    int status = 2;
    if (!a.moves || cli_play_moves(play, a.moves))
        status = cli_kind_draughts(a.kind) ? analyse_draughts(&a, play) : analyse_other(&a, play);
    sh_play_free(play);
    return status;
}
