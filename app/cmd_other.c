/* cmd_other.c - the other games on the command line (shashki_other.h): `shashki moves`,
 * `perft` and `analyse` with --variant NAME of one of them, and `shashki other` (list, a
 * self-play game by the engine, checking records). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "other_search.h"
#include "shashki_other.h"

const ShOtherGame *cli_other_game(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--variant") == 0) {
            ShVariant v;
            if (sh_rules_find(argv[i + 1], &v))
                return NULL;
            return sh_other_find(argv[i + 1]);
        }
    return NULL;
}

/* The options every one of these commands takes. */
typedef struct OtherArgs {
    const ShOtherGame *game;
    const char *settings;
    const char *position;
    long depth, nodes, level, seed, max_plies;
    double seconds;
    const char *number; /* perft's DEPTH, or a file */
} OtherArgs;

/* Parse argv; `numbered`: the first bare argument is a number (perft's DEPTH) or a file. */
static bool other_args(int argc, char **argv, bool numbered, OtherArgs *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        bool valued = strcmp(o, "--variant") == 0 || strcmp(o, "--settings") == 0 ||
                      strcmp(o, "--depth") == 0 || strcmp(o, "--nodes") == 0 ||
                      strcmp(o, "--time") == 0 || strcmp(o, "--level") == 0 ||
                      strcmp(o, "--seed") == 0 || strcmp(o, "--max-plies") == 0;
        if (valued && i + 1 >= argc) {
            cli_error("%s needs a value", o);
            return false;
        }
        if (strcmp(o, "--variant") == 0) {
            a->game = sh_other_find(argv[++i]);
            if (!a->game) {
                cli_error("unknown game '%s' (shashki other list names them)", argv[i]);
                return false;
            }
        } else if (strcmp(o, "--settings") == 0) {
            a->settings = argv[++i];
        } else if (strcmp(o, "--depth") == 0) {
            if (!cli_parse_int(argv[++i], 1, OTHER_SEARCH_MAX_DEPTH, "--depth", &a->depth))
                return false;
        } else if (strcmp(o, "--nodes") == 0) {
            if (!cli_parse_int(argv[++i], 1, 4000000000L, "--nodes", &a->nodes))
                return false;
        } else if (strcmp(o, "--level") == 0) {
            if (!cli_parse_int(argv[++i], 1, 10, "--level", &a->level))
                return false;
        } else if (strcmp(o, "--seed") == 0) {
            if (!cli_parse_int(argv[++i], 0, 2000000000L, "--seed", &a->seed))
                return false;
        } else if (strcmp(o, "--max-plies") == 0) {
            if (!cli_parse_int(argv[++i], 1, 100000, "--max-plies", &a->max_plies))
                return false;
        } else if (strcmp(o, "--time") == 0) {
            char *end;
            a->seconds = strtod(argv[++i], &end);
            if (*end || a->seconds <= 0 || a->seconds > 1e6) {
                cli_error("--time must be a number of seconds above 0, not '%s'", argv[i]);
                return false;
            }
        } else if (o[0] == '-' && o[1] == '-') {
            cli_error("unknown option %s (see shashki %s --help)", o, argv[0]);
            return false;
        } else if (numbered && !a->number) {
            a->number = o;
        } else if (!a->position) {
            a->position = o;
        } else {
            cli_error("unexpected argument '%s'", o);
            return false;
        }
    }
    if (a->game && !sh_other_playable(a->game)) {
        cli_error("%s is not playable yet (its module is not written)", a->game->name);
        return false;
    }
    return true;
}

/* The position: the game's start under the settings, or the text given. */
static bool other_position(const OtherArgs *a, ShOtherState *st)
{
    ShError err;
    if (a->position && strcmp(a->position, "start") != 0) {
        if (a->settings) {
            cli_error("--settings goes with the start position: a position's text keeps its own");
            return false;
        }
        memset(st, 0, sizeof *st);
        if (a->game->parse(st, a->position, &err) != SH_OK) {
            cli_report("bad position", &err);
            return false;
        }
        return true;
    }
    if (sh_other_start(a->game, a->settings, st, &err) != SH_OK) {
        cli_report("bad --settings", &err);
        return false;
    }
    return true;
}

/* "no legal moves: White wins: ..." when the game is over. */
static bool other_over(const ShOtherGame *g, const ShOtherState *st)
{
    ShOtherResult r;
    g->result(st, &r);
    if (!r.over)
        return false;
    if (r.winner >= 0)
        printf("no legal moves: %s wins: %s\n", g->player_names[r.winner], r.reason);
    else
        printf("no legal moves: no winner: %s\n", r.reason);
    return true;
}

int cmd_other_moves(int argc, char **argv)
{
    OtherArgs a;
    if (!other_args(argc, argv, false, &a))
        return 2;
    ShOtherState st;
    if (!other_position(&a, &st))
        return 2;
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    if (!list)
        return 2;
    int n = a.game->moves(&st, list);
    int status = 0;
    if (n == 0) {
        if (!other_over(a.game, &st))
            printf("no legal moves\n");
        status = 1;
    }
    for (int i = 0; i < n; i++) {
        char mt[SH_OTHER_MOVE_TEXT_SIZE], text[SH_OTHER_TEXT_SIZE];
        ShOtherState next = st;
        a.game->move_text(&st, &list[i], mt, sizeof mt);
        a.game->make(&next, &list[i]);
        a.game->format(&next, text, sizeof text);
        printf("%s %s\n", mt, text);
    }
    free(list);
    return status;
}

static uint64_t perft(const ShOtherGame *g, const ShOtherState *st, int depth, ShOtherMove *buf)
{
    if (depth == 0)
        return 1;
    ShOtherMove *list = buf;
    int n = g->moves(st, list);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ShOtherState next = *st;
        g->make(&next, &list[i]);
        total += perft(g, &next, depth - 1, buf + SH_OTHER_MAX_MOVES);
    }
    return total;
}

int cmd_other_perft(int argc, char **argv)
{
    OtherArgs a;
    if (!other_args(argc, argv, true, &a))
        return 2;
    long depth = 0;
    if (!a.number) {
        cli_error("say how deep: shashki perft --variant %s DEPTH", a.game->name);
        return 2;
    }
    if (!cli_parse_int(a.number, 0, 20, "DEPTH", &depth))
        return 2;
    ShOtherState st;
    if (!other_position(&a, &st))
        return 2;
    ShOtherMove *buf = malloc((size_t)(depth + 1) * SH_OTHER_MAX_MOVES * sizeof *buf);
    if (!buf)
        return 2;
    for (long d = 1; d <= depth; d++) {
        double t0 = cli_now();
        uint64_t n = perft(a.game, &st, (int)d, buf);
        double t = cli_now() - t0;
        printf("perft %ld %" PRIu64 " time %.3f\n", d, n, t);
        fflush(stdout);
    }
    free(buf);
    return 0;
}

static void print_line(const ShOtherGame *g, const ShOtherState *st, const ShOtherMove *pv,
                       int n)
{
    ShOtherState walk = *st;
    for (int i = 0; i < n; i++) {
        char mt[SH_OTHER_MOVE_TEXT_SIZE];
        g->move_text(&walk, &pv[i], mt, sizeof mt);
        printf(" %s", mt);
        g->make(&walk, &pv[i]);
    }
}

static void print_score(int score)
{
    if (other_search_is_mate(score)) {
        int plies = OTHER_SEARCH_WIN - (score > 0 ? score : -score);
        printf("%s in %d %s", score > 0 ? "win" : "loss", plies, plies == 1 ? "ply" : "plies");
    } else {
        printf("%+.2f", score / 100.0);
    }
}

int cmd_other_analyse(int argc, char **argv)
{
    OtherArgs a;
    if (!other_args(argc, argv, false, &a))
        return 2;
    if (!a.game->searchable || !a.game->evaluate) {
        cli_error("%s has no engine: it is played by people only", a.game->name);
        return 2;
    }
    ShOtherState st;
    if (!other_position(&a, &st))
        return 2;
    if (other_over(a.game, &st))
        return 1;
    OtherSearchLimits lim = {.depth = (int)a.depth, .nodes = (uint64_t)a.nodes,
                             .seconds = a.seconds, .level = (int)a.level,
                             .seed = (uint64_t)a.seed};
    if (!lim.depth && !lim.nodes && lim.seconds <= 0)
        lim.depth = 4;
    OtherSearchResult res;
    ShError err;
    if (other_search(a.game, &st, &lim, &res, &err) != SH_OK) {
        cli_report("search", &err);
        return 2;
    }
    char mt[SH_OTHER_MOVE_TEXT_SIZE];
    printf("depth %d score ", res.depth);
    print_score(res.score);
    printf(" nodes %" PRIu64 " pv", res.nodes);
    print_line(a.game, &st, res.pv, res.pv_length);
    a.game->move_text(&st, &res.best, mt, sizeof mt);
    printf("\nbest %s\n", mt);
    return 0;
}

/* ---- shashki other ------------------------------------------------------------------------ */

static const char OTHER_HELP[] =
    "usage: shashki other list\n"
    "       shashki other selfplay --variant NAME [--settings S] [--depth D] [--nodes N]\n"
    "                              [--level L] [--seed N] [--max-plies N]\n"
    "       shashki other check FILE\n"
    "\n"
    "The other games played with a checkers set (docs/variants.md \"Other games of the seeds\").\n"
    "\n"
    "  list       each game: its name (for --variant), players, whether the engine plays it,\n"
    "             its titles in English and Russian, and its settings (KEY=V1|V2 and the\n"
    "             default value)\n"
    "  selfplay   the engine plays every seat from the start to the end of the game (default\n"
    "             --depth 2, level 10, at most --max-plies 3000); prints the game's record\n"
    "             (PDN-style: GameType, Variant, Settings tags) and on stderr its length\n"
    "  check      read every record of FILE (replaying each move); print 'N games' or the\n"
    "             first error with its line and column\n"
    "\n"
    "The moves, perft and analyse commands take --variant NAME of these games too: shashki\n"
    "moves --variant corners, shashki perft --variant goban 3, shashki analyse --variant\n"
    "belarusian --depth 6 [POSITION].\n"
    "\n"
    "Exit status: 0 done, 1 a record that does not read, 2 a bad argument.\n";

static int other_list(void)
{
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        printf("%-11s %d players  %-9s %s / %s", g->name, g->players,
               !sh_other_playable(g) ? "not yet" : g->searchable ? "engine" : "people", g->title_en,
               g->title_ru);
        for (int k = 0; k < g->setting_count; k++)
            printf("%s%s=%s (default %s)", k ? ", " : "  settings: ", g->settings[k].key,
                   g->settings[k].values, g->settings[k].fallback);
        printf("\n");
    }
    return 0;
}

static int other_selfplay(int argc, char **argv)
{
    OtherArgs a;
    if (!other_args(argc, argv, false, &a))
        return 2;
    if (!a.game) {
        cli_error("say which game: --variant NAME");
        return 2;
    }
    if (!a.game->searchable || !a.game->evaluate) {
        cli_error("%s has no engine: it is played by people only", a.game->name);
        return 2;
    }
    ShOtherRecord rec;
    ShError err;
    if (sh_other_record_init(&rec, a.game, a.settings, NULL, &err) != SH_OK) {
        cli_report("bad --settings", &err);
        return 2;
    }
    snprintf(rec.event, sizeof rec.event, "shashki other selfplay");
    for (int p = 0; p < a.game->players; p++)
        snprintf(rec.player[p], sizeof rec.player[p], "shashki");
    long max = a.max_plies ? a.max_plies : 3000;
    int status = 0;
    for (long ply = 0; ply < max; ply++) {
        OtherSearchLimits lim = {.depth = a.depth ? (int)a.depth : 2, .nodes = (uint64_t)a.nodes,
                                 .level = (int)a.level,
                                 .seed = (uint64_t)a.seed * 1000003u + (uint64_t)ply};
        OtherSearchResult res;
        if (other_search(a.game, &rec.current, &lim, &res, &err) != SH_OK) {
            cli_report("search", &err);
            status = 2;
            break;
        }
        if (!res.has_move)
            break;
        if (sh_other_record_play(&rec, &res.best, &err) != SH_OK) {
            cli_report("the engine's move", &err);
            status = 2;
            break;
        }
    }
    size_t need = sh_other_record_write(&rec, NULL, 0);
    char *text = malloc(need + 1);
    if (text) {
        sh_other_record_write(&rec, text, need + 1);
        fputs(text, stdout);
        free(text);
    }
    ShOtherResult r;
    a.game->result(&rec.current, &r);
    fprintf(stderr, "%s: %d plies, %s%s%s\n", a.game->name, rec.move_count,
            !r.over ? "not over" : r.winner >= 0 ? a.game->player_names[r.winner] : "no winner",
            r.over ? ": " : "", r.reason);
    sh_other_record_free(&rec);
    return status;
}

static int other_check(int argc, char **argv)
{
    if (argc != 3) {
        cli_error("usage: shashki other check FILE");
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (!f) {
        cli_error("cannot read %s", argv[2]);
        return 2;
    }
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
    size_t got;
    while (text && (got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *grown = realloc(text, cap *= 2);
            if (!grown) {
                free(text);
                text = NULL;
            }
            text = grown;
        }
    }
    fclose(f);
    if (!text)
        return 2;
    text[len] = '\0';
    int games = 0, status = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (!*p)
            break;
        ShOtherRecord rec;
        ShError err;
        const char *end = NULL;
        if (sh_other_record_read(&rec, p, &end, &err) != SH_OK) {
            int line = 1;
            for (const char *q = text; q < p; q++)
                line += *q == '\n';
            fprintf(stderr, "shashki: %s:%d:%d: %s\n", argv[2], line + err.line - 1, err.column,
                    err.message);
            status = 1;
            break;
        }
        sh_other_record_free(&rec);
        games++;
        if (!end || end == p)
            break;
        p = end;
    }
    free(text);
    if (status == 0)
        printf("%d games\n", games);
    return status;
}

int cmd_other(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(OTHER_HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "list") == 0)
        return other_list();
    if (strcmp(argv[1], "selfplay") == 0)
        return other_selfplay(argc - 1, argv + 1);
    if (strcmp(argv[1], "check") == 0)
        return other_check(argc, argv);
    cli_error("unknown: shashki other %s (list, selfplay or check)", argv[1]);
    return 2;
}
