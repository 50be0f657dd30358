/* cmd_pdn.c - shashki pdn check | convert: replay PDN collections, or write them out anew. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char PDN_HELP[] =
    "usage: shashki pdn check [--quiet] [--variant NAME] FILE...\n"
    "       shashki pdn convert [--numeric|--algebraic] [--full] [--variant NAME] FILE\n"
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
    "         named in the game's line.\n"
    "         --quiet prints only the failed games and the totals. Exit status 1 if any failed\n"
    "         or a file holds no game, 2 if a file cannot be read.\n"
    "\n"
    "convert  read a collection and write it to standard output: tags (GameType, FEN when\n"
    "         the game does not start from the initial position), moves in one notation,\n"
    "         comments, NAGs and variations. A game that cannot be read is copied as it is and\n"
    "         reported on standard error (exit status 1).\n"
    "         --algebraic  squares a1..h8, captures with ':' (the default)\n"
    "         --numeric    squares 1..32, captures with 'x'\n"
    "         --full       every capture with its whole path (by default only where start and\n"
    "                      end are ambiguous)\n"
    "\n"
    "Each game's rules come from its GameType tag (21 English, 22 Italian, 23 pool, 24\n"
    "Spanish, 25 Russian, 26 Brazilian, 29 Czech, 30 Turkish; 25 with a Variant tag for\n"
    "giveaway, flying, diagonal, northern, self-eaters, two-move): a file may mix games.\n"
    "--variant NAME is the game of the records that have no GameType (default russian).\n"
    "\n"
    "FILE '-' reads standard input.\n";

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static const char *tag_or(const ShGame *g, const char *name)
{
    const char *v = g ? sh_game_tag(g, name) : NULL;
    return v && *v ? v : "?";
}

/* The line of one game; returns true if it passed. */
static bool report(const char *file, const ShGame *g, const ShPdnInfo *info, ShStatus st,
                   const ShError *err, bool quiet)
{
    char line[2048];
    int n = snprintf(line, sizeof line, "%s:%d (line %d) %s - %s: ", base_name(file), info->number,
                     info->line, tag_or(g, "White"), tag_or(g, "Black"));
    bool passed = st == SH_OK;
    if (!passed) {
        snprintf(line + n, sizeof line - (size_t)n, "FAILED at line %d, column %d: %s", err->line,
                 err->column, err->message);
        puts(line);
        return false;
    }
    ShReason why;
    ShResult verdict = sh_game_verdict(g, &why);
    int plies = sh_game_ply_count(g);
    bool early = info->end_ply >= 0 && info->end_ply < plies;
    if (info->end_ply >= 0) { /* a flag the record's clock shows, or the rules before the end */
        verdict = info->end_result;
        why = info->end_reason;
    }
    char said[200];
    sh_result_describe(verdict, why, said, sizeof said);
    n += snprintf(line + n, sizeof line - (size_t)n, "%d plies, recorded %s, arbiter: %s", plies,
                  info->has_result ? sh_result_pdn(info->recorded, false) : "*", said);
    if (early) {
        /* the game ended there: the moves after it do not count */
        int ply = info->end_ply - 1, after = plies - info->end_ply;
        const ShPosition *pos = sh_game_position_at(g, ply);
        char text[SH_MOVE_TEXT_SIZE] = "?";
        sh_move_write(pos, sh_game_move_at(g, ply), SH_NOTATION_SHORT, text, NULL);
        int number = 1 + (ply + (int)sh_position_side(sh_game_start(g))) / 2;
        n += snprintf(line + n, sizeof line - (size_t)n,
                      " at ply %d (after %d%s %s); the %d pl%s after it (from line %d, column %d) "
                      "do not count",
                      info->end_ply, number, sh_position_side(pos) == SH_BLACK ? "..." : ".",
                      text, after, after == 1 ? "y" : "ies", info->end_line, info->end_column);
        if (info->has_result && verdict != info->recorded)
            n += snprintf(line + n, sizeof line - (size_t)n,
                          "; the recorded result does not stand");
        n += snprintf(line + n, sizeof line - (size_t)n, " - PLAYED ON PAST THE END");
        passed = false;
    } else if (verdict != SH_RESULT_NONE && info->has_result && verdict != info->recorded) {
        n += snprintf(line + n, sizeof line - (size_t)n, " - DIFFERS FROM THE RECORD");
        passed = false;
    } else if (verdict == SH_RESULT_NONE && sh_game_may_claim(g, &why)) {
        n += snprintf(line + n, sizeof line - (size_t)n, "; a draw may be claimed (%s)",
                      sh_reason_title(why));
    }
    for (int i = 0; i < info->settled && i < SH_PDN_MAX_SETTLED && n < (int)sizeof line; i++) {
        int ply = info->settled_plies[i];
        const ShPosition *pos = sh_game_position_at(g, ply);
        char text[SH_MOVE_TEXT_SIZE] = "?";
        sh_move_write(pos, sh_game_move_at(g, ply), SH_NOTATION_FULL, text, NULL);
        int number = 1 + (ply + (int)sh_position_side(sh_game_start(g))) / 2;
        n += snprintf(line + n, sizeof line - (size_t)n,
                      "; move %d%s settled by the moves after it as %s", number,
                      sh_position_side(pos) == SH_BLACK ? "..." : ".", text);
    }
    if (!quiet || !passed)
        puts(line);
    return passed;
}

static int pdn_check(int argc, char **argv)
{
    bool quiet = false;
    int files = 0, passed = 0, failed = 0, status = 0;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
            continue;
        }
        if (strcmp(argv[i], "--variant") == 0) {
            if (i + 1 >= argc || !cli_parse_variant(argv[i + 1], &variant))
                return 2;
            i++;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option %s (see shashki pdn --help)", argv[i]);
            return 2;
        }
    }
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--quiet") == 0)
            continue;
        if (strcmp(argv[i], "--variant") == 0) {
            i++;
            continue;
        }
        files++;
        size_t size;
        char *text = cli_read_file(argv[i], &size);
        if (!text) {
            status = 2;
            continue;
        }
        ShPdnReader reader;
        sh_pdn_reader_init(&reader, text, size, NULL);
        reader.variant = variant;
        for (;;) {
            ShGame *g = NULL;
            ShPdnInfo info;
            ShError err;
            ShStatus st = sh_pdn_read_next(&reader, &g, &info, &err);
            if (st == SH_OK && !g) {
                if (reader.games == 0) {
                    cli_error("%s holds no game", argv[i]);
                    status = 1;
                }
                break;
            }
            if (st == SH_ERR_NO_MEMORY) {
                cli_error("out of memory");
                sh_game_free(g);
                free(text);
                return 1;
            }
            if (report(argv[i], g, &info, st, &err, quiet))
                passed++;
            else
                failed++;
            sh_game_free(g);
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
    int notation = SH_NOTATION_SHORT;
    bool numeric = false, full = false;
    const char *file = NULL;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--variant") == 0) {
            if (i + 1 >= argc || !cli_parse_variant(argv[++i], &variant))
                return 2;
        } else if (strcmp(argv[i], "--numeric") == 0)
            numeric = true;
        else if (strcmp(argv[i], "--algebraic") == 0)
            numeric = false;
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
    notation = (full ? SH_NOTATION_FULL : SH_NOTATION_SHORT) | (numeric ? SH_NOTATION_NUMERIC : 0);
    size_t size;
    char *text = cli_read_file(file, &size);
    if (!text)
        return 2;
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    reader.variant = variant;
    int bad = 0;
    for (;;) {
        ShGame *g = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &g, &info, &err);
        if (st == SH_OK && !g) {
            if (reader.games == 0) {
                cli_error("%s holds no game", file);
                bad++;
            }
            break;
        }
        char *out = NULL;
        if (st == SH_OK)
            st = sh_pdn_write(g, notation, &out, NULL, &err);
        if (st == SH_OK) {
            fputs(out, stdout);
        } else {
            /* nothing is lost: the game goes out as it came in */
            cli_error("%s: game %d (line %d) copied unchanged: line %d, column %d: %s",
                      base_name(file), info.number, info.line, err.line, err.column, err.message);
            fwrite(text + info.start, 1, info.end - info.start, stdout);
            fputs("\n\n", stdout);
            bad++;
        }
        free(out);
        sh_game_free(g);
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
    cli_error("unknown pdn command '%s': check or convert (see shashki pdn --help)", argv[1]);
    return 2;
}
