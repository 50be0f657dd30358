/* cmd_pdn.c - shashki pdn check | convert | annotate: replay collections of records of any game,
 * write them out anew, or have the engine review them (annotate: pdn_annotate.c). Records are read with the game interface's reader (ShPlayReader: each record's
 * GameType and Variant tags name its game) and written with its writers; a draughts game's
 * record is judged by its arbiter in full (the rules' end, draws to claim, moves settled). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char PDN_HELP[] =
    "usage: shashki pdn check [--quiet] [--variant NAME] [--numeric|--algebraic] FILE...\n"
    "       shashki pdn convert [--numeric|--algebraic] [--full] [--variant NAME] FILE\n"
    "       shashki pdn annotate [--time S | --nodes N | --depth D] [--threads T] [--hash MB]\n"
    "                            [--egdb DIR] [--numeric] [--variant NAME]\n"
    "                            [--output OUT] FILE\n"
    "\n"
    "check    replay every game of the PDN files and print a line for each: its number and\n"
    "         line, the players, the moves replayed, the recorded result and the arbiter's\n"
    "         verdict on the final position; then 'N passed, M failed'. A game fails when a\n"
    "         move cannot be replayed (the line and column are given), when the rules decide\n"
    "         the final position otherwise than the record, or when the record goes on after\n"
    "         the rules ended the game (a count reached, no move, a flag shown down by a\n"
    "         [%clk] or [%clock] comment): the line names the ply, the move and the rule, and\n"
    "         where the moves that do not count begin. A game that goes on where the side to\n"
    "         move may claim a draw says so ('a draw may be claimed (threefold repetition)').\n"
    "         A move that fits several legal moves and is settled by the moves after it is\n"
    "         named in the game's line (in its usual notation, or as --numeric or\n"
    "         --algebraic says).\n"
    "         --quiet prints only the failed games and the totals. Exit status 1 if any failed\n"
    "         or a file holds no game, 2 if a file cannot be read.\n"
    "\n"
    "convert  read a collection and write it to standard output: tags (GameType, FEN when\n"
    "         the game does not start from the initial position), moves in one notation,\n"
    "         comments, NAGs and variations. A game that cannot be read is copied as it is and\n"
    "         reported on standard error (exit status 1). By default each game is written in\n"
    "         its usual notation (numbers in international, frisian, canadian, english and\n"
    "         pool; letters in the others):\n"
    "         --algebraic  squares a1..h8, captures with ':'\n"
    "         --numeric    squares 1..32 (1..50 ...), captures with 'x'\n"
    "         --full       every capture with its whole path (by default only where start and\n"
    "                      end are ambiguous)\n"
    "\n"
    "annotate review every game with the engine and write it to standard output with the\n"
    "         engine's verdict after each move (engine/review.h tells how):\n"
    "           {[%eval -1.20,14] Mistake (-23%): best c3-d4 +0.10 (c3-d4 f6-g5 g3-h4).\n"
    "            Line: f6-e5 d4:f6 g7:e5}\n"
    "         the score after the move in White's view, in men ('#7': White wins in 7 moves,\n"
    "         '#-7' Black does, '#db' a win the endgame databases prove), the search's depth,\n"
    "         for a marked move the better move, its score and line, then the line the engine\n"
    "         expects. The marks are NAGs after the move, by what the move cost its player in\n"
    "         expected score (the engine's score on the curve its evaluation was fitted to:\n"
    "         +1.00 is 69%; a proven win 100%): $6 (?!) an inaccuracy, 8 points or more;\n"
    "         $2 (?) a mistake, 15 or more; $4 (?\?) a blunder, 25 or more (a man given away\n"
    "         in an even game); $1 (!) the one move that holds, the engine's best where the\n"
    "         second best would have been a blunder.\n"
    "         Every position is searched, after a ballot's moves, with the opening book and\n"
    "         the endgame databases where they apply, by an engine cleared for each game.\n"
    "         --nodes N    each position's search (default 1000000: the same review on every\n"
    "                      machine, about 0.2 s a position; --time S seconds, --depth D plies)\n"
    "         --threads T  search threads (default 1; one thread and --nodes or --depth give\n"
    "                      the same scores and marks every run)\n"
    "         --hash MB    the engine's table (default 64)\n"
    "         --egdb DIR   the endgame databases (default $SHASHKI_EGDB, else egdb beside\n"
    "                      the program, if any)\n"
    "         --output OUT the games to OUT.part, renamed OUT at the end: OUT is whole or\n"
    "                      not there (default: standard output, game by game)\n"
    "         On a terminal a progress bar (games, moves, the time left) is drawn on standard\n"
    "         error. Ctrl-C, SIGTERM or SIGHUP (the terminal closed) stops it: the games done\n"
    "         are written, the current one with the moves reviewed so far (exit status 128 +\n"
    "         the signal: 130, 143, 129). Exit status 1 if a game could not be read (it is\n"
    "         copied unchanged) or reviewed.\n"
    "\n"
    "Each game's rules come from its GameType tag (20 international, 21 English, 22 Italian,\n"
    "23 pool, 24 Spanish, 25 Russian, 26 Brazilian, 27 Canadian, 29 Czech, 30 Turkish, 40\n"
    "Frisian, 41 80-square; 25 with a Variant tag for giveaway, flying, diagonal, northern,\n"
    "self-eaters, two-move, columns; 21 with Variant lasca) or, for the other games of a\n"
    "checkers set, its GameType or Variant tag naming the game (corners, goban, belarusian,\n"
    "wiegman, stavropol, pskov, novgorod, neva: their records as shashki game and match\n"
    "write them, a Settings tag, a FEN tag in the game's position text): a file may mix\n"
    "games. An other game's line names every player (White - Black - Red ...), the recorded\n"
    "result and the verdict of its rules; convert writes it in its own notation.\n"
    "--variant NAME is the game of the records that have no GameType (default russian).\n"
    "\n"
    "FILE '-' reads standard input.\n";

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The value of tag `name` in a record's text (a record that could not be read), or "?". */
static void tag_in(const char *text, const ShPdnInfo *info, const char *name, char *out,
                   size_t size)
{
    snprintf(out, size, "?");
    size_t n = strlen(name);
    for (size_t i = info->start; i + n + 2 < info->end; i++) {
        if (text[i] != '[' || strncmp(text + i + 1, name, n) != 0 || text[i + 1 + n] != ' ')
            continue;
        const char *q = memchr(text + i, '"', info->end - i);
        if (!q)
            return;
        size_t k = 0;
        for (q++; q < text + info->end && *q != '"' && *q != '\n' && k + 1 < size; q++) {
            if (*q == '\\' && q + 1 < text + info->end)
                q++;
            out[k++] = *q;
        }
        out[k] = '\0';
        if (k == 0)
            snprintf(out, size, "?");
        return;
    }
}

/* "White - Black" (every player of a game of three or four), from the game or, for a record
 * that could not be read, from its text. */
static void players_of(const ShPlay *play, const char *text, const ShPdnInfo *info,
                       const ShKind *fallback, char *out, size_t size)
{
    const ShKind *kind = play ? sh_play_kind(play) : fallback;
    int players = play ? kind->players : 2;
    size_t n = 0;
    out[0] = '\0';
    for (int p = 0; p < players && n < size; p++) {
        char name[256] = "?";
        const char *tag = sh_play_player_tag(p);
        if (play) {
            const char *v = sh_play_tag(play, tag);
            snprintf(name, sizeof name, "%s", v && *v ? v : "?");
        } else {
            tag_in(text, info, tag, name, sizeof name);
        }
        n += (size_t)snprintf(out + n, size - n, "%s%s", p ? " - " : "", name);
    }
}

/* What a draughts game's arbiter says of a record: the verdict on its final position, where
 * it ended if the record goes on past its end, a draw to claim, the moves the next ones
 * settled. Returns true if the record passed. */
static bool draughts_verdict(const ShGame *g, const ShPdnInfo *info, bool numeric, char *line,
                             size_t size, int n)
{
    int digits = numeric ? SH_NOTATION_NUMERIC : 0;
    ShReason why;
    ShResult verdict = sh_game_verdict(g, &why);
    int plies = sh_game_ply_count(g);
    bool early = info->end_ply >= 0 && info->end_ply < plies;
    bool passed = true;
    if (info->end_ply >= 0) { /* a flag the record's clock shows, or the rules before the end */
        verdict = info->end_result;
        why = info->end_reason;
    }
    char said[200];
    sh_result_describe(verdict, why, said, sizeof said);
    n += snprintf(line + n, size - (size_t)n, "%d plies, recorded %s, arbiter: %s", plies,
                  info->has_result ? sh_result_pdn(info->recorded, false) : "*", said);
    if (early) {
        /* the game ended there: the moves after it do not count */
        int ply = info->end_ply - 1, after = plies - info->end_ply;
        const ShPosition *pos = sh_game_position_at(g, ply);
        char text[SH_MOVE_TEXT_SIZE] = "?";
        sh_move_write(pos, sh_game_move_at(g, ply), SH_NOTATION_SHORT | digits, text, NULL);
        int number = 1 + (ply + (int)sh_position_side(sh_game_start(g))) / 2;
        n += snprintf(line + n, size - (size_t)n,
                      " at ply %d (after %d%s %s); the %d pl%s after it (from line %d, column %d) "
                      "do not count",
                      info->end_ply, number, sh_position_side(pos) == SH_BLACK ? "..." : ".",
                      text, after, after == 1 ? "y" : "ies", info->end_line, info->end_column);
        if (info->has_result && verdict != info->recorded)
            n += snprintf(line + n, size - (size_t)n, "; the recorded result does not stand");
        n += snprintf(line + n, size - (size_t)n, " - PLAYED ON PAST THE END");
        passed = false;
    } else if (verdict != SH_RESULT_NONE && info->has_result && verdict != info->recorded) {
        n += snprintf(line + n, size - (size_t)n, " - DIFFERS FROM THE RECORD");
        passed = false;
    } else if (verdict == SH_RESULT_NONE && sh_game_may_claim(g, &why)) {
        n += snprintf(line + n, size - (size_t)n, "; a draw may be claimed (%s)",
                      sh_reason_title(why));
    }
    for (int i = 0; i < info->settled && i < SH_PDN_MAX_SETTLED && n < (int)size; i++) {
        int ply = info->settled_plies[i];
        const ShPosition *pos = sh_game_position_at(g, ply);
        char text[SH_MOVE_TEXT_SIZE] = "?";
        sh_move_write(pos, sh_game_move_at(g, ply), SH_NOTATION_FULL | digits, text, NULL);
        int number = 1 + (ply + (int)sh_position_side(sh_game_start(g))) / 2;
        n += snprintf(line + n, size - (size_t)n, "; move %d%s settled by the moves after it as %s",
                      number, sh_position_side(pos) == SH_BLACK ? "..." : ".", text);
    }
    return passed;
}

/* The same for an other game: its rules' end, against the recorded result. */
static bool other_verdict(const ShPlay *play, const char *recorded, char *line, size_t size,
                          int n)
{
    ShVerdict v;
    sh_play_verdict(play, &v);
    bool rules = v.over && strcmp(v.reason_code, "rules") == 0;
    n += snprintf(line + n, size - (size_t)n, "%d plies, recorded %s, arbiter: %s",
                  sh_play_ply_count(play), recorded, rules ? v.reason : "the game goes on");
    if (rules && strcmp(recorded, "*") != 0 && strcmp(recorded, v.result) != 0) {
        snprintf(line + n, size - (size_t)n, " - DIFFERS FROM THE RECORD");
        return false;
    }
    return true;
}

/* The line of one record; returns true if it passed. */
static bool report(const char *file, const char *text, const ShPlayReader *r, const ShPlay *play,
                   ShStatus st, const ShError *err, bool quiet, CliNotation notation)
{
    char line[2048], names[1100];
    players_of(play, text, &r->info, r->fallback, names, sizeof names);
    int n = snprintf(line, sizeof line, "%s:%d (line %d) %s: ", base_name(file), r->info.number,
                     r->info.line, names);
    if (st != SH_OK) {
        snprintf(line + n, sizeof line - (size_t)n, "FAILED at line %d, column %d: %s", err->line,
                 err->column, err->message);
        puts(line);
        return false;
    }
    const ShGame *g = sh_play_game(play);
    bool passed = g ? draughts_verdict(g, &r->info, cli_numeric(sh_play_kind(play), notation),
                                       line, sizeof line, n)
                    : other_verdict(play, r->recorded, line, sizeof line, n);
    if (!quiet || !passed)
        puts(line);
    return passed;
}

/* --variant NAME of pdn check and convert: the game of the records that name none. */
static bool fallback_option(int argc, char **argv, int *i, const ShKind **kind)
{
    if (strcmp(argv[*i], "--variant") != 0)
        return false;
    if (*i + 1 >= argc) {
        cli_error("--variant needs a value");
        *kind = NULL;
        return true;
    }
    if (!cli_parse_kind(argv[++*i], kind))
        *kind = NULL;
    return true;
}

static int pdn_check(int argc, char **argv)
{
    bool quiet = false;
    int files = 0, passed = 0, failed = 0, status = 0;
    CliNotation notation = CLI_NOTATION_USUAL;
    const ShKind *fallback = cli_kind_default();
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0 || cli_notation_option(argv[i], &notation)) {
            quiet = quiet || strcmp(argv[i], "--quiet") == 0;
            continue;
        }
        if (fallback_option(argc, argv, &i, &fallback)) {
            if (!fallback)
                return 2;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option %s (see shashki pdn --help)", argv[i]);
            return 2;
        }
    }
    for (int i = 0; i < argc; i++) {
        CliNotation unused;
        if (strcmp(argv[i], "--quiet") == 0 || cli_notation_option(argv[i], &unused))
            continue;
        if (strcmp(argv[i], "--variant") == 0) {
            i++;
            continue;
        }
        files++;
        size_t size;
        char *text = cli_read_file(argv[i], &size);
        if (!text) {
            cli_error("cannot open %s", argv[i]);
            status = 2;
            continue;
        }
        ShPlayReader reader;
        sh_play_reader_init(&reader, text, size);
        reader.fallback = fallback;
        for (;;) {
            ShPlay *play = NULL;
            ShError err;
            ShStatus st = sh_play_read_next(&reader, &play, &err);
            if (st == SH_OK && !play) {
                if (reader.pdn.games == 0) {
                    cli_error("%s holds no game", argv[i]);
                    status = 1;
                }
                break;
            }
            if (st == SH_ERR_NO_MEMORY) {
                cli_error("out of memory");
                sh_play_free(play);
                free(text);
                return 1;
            }
            if (report(argv[i], text, &reader, play, st, &err, quiet, notation))
                passed++;
            else
                failed++;
            sh_play_free(play);
        }
        free(text);
    }
    if (files == 0) {
        cli_error("pdn check needs a file (see shashki pdn --help)");
        return 2;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return status ? status : failed ? 1 : 0;
}

static int pdn_convert(int argc, char **argv)
{
    bool full = false;
    CliNotation notation = CLI_NOTATION_USUAL;
    const char *file = NULL;
    const ShKind *fallback = cli_kind_default();
    for (int i = 0; i < argc; i++) {
        if (fallback_option(argc, argv, &i, &fallback)) {
            if (!fallback)
                return 2;
        } else if (cli_notation_option(argv[i], &notation))
            continue;
        else if (strcmp(argv[i], "--full") == 0)
            full = true;
        else if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option %s (see shashki pdn --help)", argv[i]);
            return 2;
        } else if (!file) {
            file = argv[i];
        } else {
            cli_error("pdn convert takes one file");
            return 2;
        }
    }
    if (!file) {
        cli_error("pdn convert needs a file (see shashki pdn --help)");
        return 2;
    }
    size_t size;
    char *text = cli_read_file(file, &size);
    if (!text) {
        cli_error("cannot open %s", file);
        return 2;
    }
    ShPlayReader reader;
    sh_play_reader_init(&reader, text, size);
    reader.fallback = fallback;
    int bad = 0;
    for (;;) {
        ShPlay *play = NULL;
        ShError err;
        ShStatus st = sh_play_read_next(&reader, &play, &err);
        if (st == SH_OK && !play) {
            if (reader.pdn.games == 0) {
                cli_error("%s holds no game", file);
                bad++;
            }
            break;
        }
        char *out = NULL;
        /* a draughts game in the notation asked (its usual one by default); an other game in
         * its own */
        if (st == SH_OK)
            st = cli_play_pdn(play, notation, full, &out, &err);
        if (st == SH_OK) {
            fputs(out, stdout);
        } else {
            /* nothing is lost: the game goes out as it came in */
            const ShPdnInfo *info = &reader.info;
            cli_error("%s: game %d (line %d) copied unchanged: line %d, column %d: %s",
                      base_name(file), info->number, info->line, err.line, err.column,
                      err.message);
            fwrite(text + info->start, 1, info->end - info->start, stdout);
            fputs("\n\n", stdout);
            bad++;
        }
        free(out);
        sh_play_free(play);
    }
    free(text);
    return bad ? 1 : 0;
}

int cmd_pdn(int argc, char **argv)
{
    if (argc < 2 || cli_wants_help(argc, argv)) {
        fputs(PDN_HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "check") == 0)
        return pdn_check(argc - 2, argv + 2);
    if (strcmp(argv[1], "convert") == 0)
        return pdn_convert(argc - 2, argv + 2);
    if (strcmp(argv[1], "annotate") == 0)
        return pdn_annotate(argc - 2, argv + 2);
    cli_error("unknown pdn command '%s': check, convert or annotate (see shashki pdn --help)",
              argv[1]);
    return 2;
}
