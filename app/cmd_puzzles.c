/* cmd_puzzles.c - shashki puzzles: find the shots in game collections, write a puzzle file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "puzzles.h"

static const char PUZZLES_HELP[] =
    "usage: shashki puzzles PDN... [--variant NAME] [--min-depth N] [--max-depth N]\n"
    "                       [--time-per-position S] [--nodes N] [--verify-depth N] [--all]\n"
    "                       [--first-id N] [--numeric|--algebraic]\n"
    "\n"
    "Replay every game of the PDN files and find the puzzles in them: positions where the side\n"
    "to move has one move that wins material (a man, a king counting 3) or the game by force,\n"
    "proven by the solver (shashki solve) with every defence answered, and no other first move\n"
    "that does within the same depth, and the end of the solution not worse for the side that\n"
    "played it (a search of it). Writes them to standard output as PDN, one game per\n"
    "puzzle, in the format of docs/puzzles.md (the source game's tags, PuzzleId, PuzzleGoal,\n"
    "PuzzleTheme, PuzzleDifficulty, PuzzleRating, PuzzleSource, the solution's main line);\n"
    "a line per file and the totals on standard error.\n"
    "\n"
    "  --min-depth N          the solver's moves of a puzzle at least (default 2)\n"
    "  --max-depth N          at most, and how far other first moves are refuted (default 5)\n"
    "  --time-per-position S  CPU seconds for each proof tried (default 1)\n"
    "  --nodes N              positions searched for each proof tried (default 400000)\n"
    "  --verify-depth N       search the end of a material puzzle's line N plies (default 8;\n"
    "                         0: no check): the solver's side must not be worse there\n"
    "  --all                  try every position; by default only those from which the game's\n"
    "                         own moves gained material or won within --max-depth moves\n"
    "  --first-id N           number the puzzles from PN (default 1: P0001, P0002 ...)\n"
    "  --variant NAME         the game of records without a GameType tag (default russian)\n"
    CLI_NOTATION_HELP_AT("                         ")
    "\n"
    "A position already found (the same one in another game) is not written again, nor the\n"
    "positions of a puzzle's own solution. A record that does not replay (an illegal move, a\n"
    "broken record) is searched up to its fault, or skipped when nothing of it reads, with a\n"
    "line on standard error saying which and why. Exit status 0, 1 if a file held no game, 2\n"
    "for a bad argument or a file that cannot be read.\n";

#define SEEN_BITS 16

typedef struct Seen {
    uint64_t keys[1 << SEEN_BITS];
} Seen;

/* True if the key was there; adds it otherwise. */
static bool seen_check(Seen *s, uint64_t key)
{
    if (!key)
        key = 1;
    uint64_t mask = (1 << SEEN_BITS) - 1;
    for (uint64_t i = key & mask;; i = (i + 1) & mask) {
        if (s->keys[i] == key)
            return true;
        if (!s->keys[i]) {
            s->keys[i] = key;
            return false;
        }
    }
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int cmd_puzzles(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(PUZZLES_HELP, stdout);
        return 0;
    }
    PuzzleOptions o;
    puzzle_options_default(&o);
    ShVariant variant = SH_VARIANT_RUSSIAN;
    long first_id = 1;
    CliNotation notation = CLI_NOTATION_USUAL;
    const char **files = calloc((size_t)argc, sizeof *files);
    int nfiles = 0;
    if (!files)
        return 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        long v;
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (cli_notation_option(a, &notation)) {
            continue;
        } else if (strcmp(a, "--min-depth") == 0 || strcmp(a, "--max-depth") == 0) {
            if (!cli_parse_int(next, 1, 20, a, &v)) {
                free(files);
                return 2;
            }
            i++;
            if (a[2] == 'm' && a[3] == 'i')
                o.min_depth = (int)v;
            else
                o.max_depth = (int)v;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!cli_parse_int(next, 1, 2000000000L, a, &v)) {
                free(files);
                return 2;
            }
            i++;
            o.nodes = (uint64_t)v;
        } else if (strcmp(a, "--verify-depth") == 0) {
            if (!cli_parse_int(next, 0, 30, a, &v)) {
                free(files);
                return 2;
            }
            i++;
            o.verify_depth = (int)v;
        } else if (strcmp(a, "--first-id") == 0) {
            if (!cli_parse_int(next, 1, 999999, a, &first_id)) {
                free(files);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--time-per-position") == 0) {
            char *end;
            double s = next ? strtod(next, &end) : 0;
            if (!next || !*next || *end || !(s > 0) || s > 1e5) {
                cli_error("--time-per-position must be a positive number of seconds, not '%s'",
                          next ? next : "");
                free(files);
                return 2;
            }
            i++;
            o.seconds = s;
        } else if (strcmp(a, "--all") == 0) {
            o.all = true;
        } else if (strcmp(a, "--variant") == 0) {
            i++;
            if (!next || !cli_parse_variant(next, &variant)) {
                free(files);
                return 2;
            }
        } else if (a[0] == '-' && a[1] == '-') {
            cli_error("unknown option %s (see shashki puzzles --help)", a);
            free(files);
            return 2;
        } else {
            files[nfiles++] = a;
        }
    }
    if (nfiles == 0) {
        cli_error("no PDN file given (see shashki puzzles --help)");
        free(files);
        return 2;
    }
    if (o.min_depth > o.max_depth) {
        cli_error("--min-depth %d is more than --max-depth %d", o.min_depth, o.max_depth);
        free(files);
        return 2;
    }
    Engine *engine = NULL;
    if (o.verify_depth > 0) {
        EngineOptions eo;
        engine_options_default(&eo);
        eo.hash_mb = 16;
        ShError err;
        engine = engine_create(&eo, &err);
        if (!engine) {
            cli_error("the engine: %s", err.message);
            free(files);
            return 2;
        }
        o.engine = engine;
    }
    Seen *seen = calloc(1, sizeof *seen);
    char *pdn = malloc(1 << 16);
    if (!seen || !pdn) {
        engine_free(engine);
        free(seen);
        free(pdn);
        free(files);
        return 2;
    }
    int status = 0;
    long next_id = first_id;
    long total_games = 0, total_tried = 0, total_found = 0;
    double t0 = cli_now();
    clock_t c0 = clock();
    for (int f = 0; f < nfiles; f++) {
        size_t size = 0;
        char *text = cli_read_file(files[f], &size);
        if (!text) {
            cli_error("cannot read %s", files[f]);
            status = 2;
            continue;
        }
        ShPdnReader reader;
        ShGameOptions gopt = {.repetition = SH_REPETITION_CLAIMED, .replay = true};
        sh_pdn_reader_init(&reader, text, size, &gopt);
        reader.variant = variant;
        long games = 0, tried = 0, found = 0, faulty = 0;
        double t1 = cli_now();
        clock_t c1 = clock();
        for (;;) {
            ShGame *game = NULL;
            ShPdnInfo info;
            ShError err;
            ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
            if (st == SH_OK && !game)
                break;
            if (st != SH_OK) {
                /* a record that does not replay: its moves before the fault are searched, and
                 * the user is told which game and why */
                fprintf(stderr, "%s: game %d (line %d) %s: line %d, column %d: %s\n",
                        base_name(files[f]), info.number, info.line,
                        game ? "searched up to its fault only" : "skipped", err.line,
                        err.column, err.message);
                faulty++;
            }
            if (!game)
                continue;
            games++;
            int plies = sh_game_ply_count(game);
            int last = info.end_ply >= 0 && info.end_ply < plies ? info.end_ply : plies;
            for (int i = 0; i < last; i++) {
                if (!o.all && !puzzle_candidate(game, i, o.max_depth))
                    continue;
                const ShPosition *pos = sh_game_position_at(game, i);
                tried++;
                Puzzle pz;
                if (!puzzle_find(pos, i > 0 ? sh_game_position_at(game, i - 1) : NULL, &o, &pz))
                    continue;
                if (seen_check(seen, pos->key ^ ((uint64_t)pos->variant << 56)))
                    continue;
                char source[512], id[16];
                const ShPosition *start = sh_game_start(game);
                int move_no = (i + (start->side == SH_BLACK ? 1 : 0)) / 2 + 1;
                snprintf(source, sizeof source, "%s game %d move %d", base_name(files[f]),
                         info.number, move_no);
                snprintf(id, sizeof id, "P%04ld", next_id++);
                bool numeric =
                    cli_numeric(sh_kind_of_variant((ShVariant)pos->variant), notation);
                size_t need = puzzle_write_pdn(&pz, game, source, id, numeric, pdn, 1 << 16);
                if (need < (1 << 16))
                    fputs(pdn, stdout);
                fflush(stdout);
                found++;
                i += pz.line_length - 1; /* not the positions of its own solution */
            }
            sh_game_free(game);
        }
        char skip_note[64] = "";
        if (faulty)
            snprintf(skip_note, sizeof skip_note, " (%ld that do%s not replay)", faulty,
                     faulty == 1 ? "es" : "");
        fprintf(stderr,
                "%s: %ld game%s%s, %ld positions tried, %ld puzzle%s, %.1f s (%.1f s CPU)\n",
                base_name(files[f]), games, games == 1 ? "" : "s", skip_note, tried, found,
                found == 1 ? "" : "s", cli_now() - t1,
                (double)(clock() - c1) / CLOCKS_PER_SEC);
        if (games == 0 && status == 0)
            status = 1;
        total_games += games;
        total_tried += tried;
        total_found += found;
        free(text);
    }
    fprintf(stderr,
            "total: %ld puzzle%s in %ld game%s (%ld positions tried), %.1f s (%.1f s CPU)\n",
            total_found, total_found == 1 ? "" : "s", total_games, total_games == 1 ? "" : "s",
            total_tried, cli_now() - t0,
            (double)(clock() - c0) / CLOCKS_PER_SEC);
    engine_free(engine);
    free(seen);
    free(pdn);
    free(files);
    return status;
}
