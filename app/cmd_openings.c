/* cmd_openings.c - shashki openings: the official ballots, listed or shown one by one. */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static const char OPENINGS_HELP[] =
    "usage: shashki openings [--table idf|fmjd] [--numeric|--algebraic] [CODE...]\n"
    "\n"
    "List the opening ballots (IDF-64 basic positions, FMJD-64 move ballots and set-ups), or\n"
    "show the ballots named: their moves or set-up, the position as FEN and as a diagram.\n"
    "Codes as tournaments write them: 1-III (IDF-64, else FMJD-64), IDF 1-III, FMJD 45-IX.\n"
    "\n"
    CLI_NOTATION_HELP
    "                 (the ballots are Russian checkers': letters by default)\n";

/* A ballot's moves from the start, as the notation asks. */
static void moves_text(const char *moves, bool numeric, char *out, size_t size)
{
    ShPlay *start = cli_play_open(cli_kind_default(), NULL, NULL);
    if (start)
        cli_play_line_text(start, moves, numeric, out, size);
    else
        snprintf(out, size, "%s", moves);
    sh_play_free(start);
}

static void describe(const ShOpening *o, bool numeric)
{
    printf("%s %s", o->table, o->code);
    char moves[512];
    if (o->setup[0]) {
        printf("  set-up %s", o->setup);
    } else if (o->moves[0]) {
        moves_text(o->moves, numeric, moves, sizeof moves);
        printf("  %s", moves);
    } else {
        printf("  (free: the initial position)");
    }
    printf("\n");
}

int cmd_openings(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(OPENINGS_HELP, stdout);
        return 0;
    }
    const char *table = NULL;
    int shown = 0, status = 0;
    CliNotation notation = CLI_NOTATION_USUAL;
    for (int i = 1; i < argc; i++) /* wherever they stand, before the ballots are shown */
        cli_notation_option(argv[i], &notation);
    for (int i = 1; i < argc; i++) {
        CliNotation unused;
        if (cli_notation_option(argv[i], &unused))
            continue;
        if (strcmp(argv[i], "--table") == 0) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "idf") && strcmp(argv[i + 1], "fmjd"))) {
                cli_error("--table takes idf or fmjd");
                return 2;
            }
            table = strcmp(argv[++i], "idf") == 0 ? "IDF-64" : "FMJD-64";
            continue;
        }
        if (strncmp(argv[i], "--", 2) == 0) { /* not a ballot's code */
            cli_error("unknown argument '%s' (see shashki openings --help)", argv[i]);
            return 2;
        }
        if (strcasecmp(argv[i], "idf") == 0 || strcasecmp(argv[i], "idf-64") == 0 ||
            strcasecmp(argv[i], "fmjd") == 0 || strcasecmp(argv[i], "fmjd-64") == 0) {
            table = tolower((unsigned char)argv[i][0]) == 'i' ? "IDF-64" : "FMJD-64";
            continue; /* "FMJD 45-IX" as two words */
        }
        ShOpening o;
        ShError err;
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", table ? table : "", table ? " " : "", argv[i]);
        if (sh_opening_find(name, &o, &err) != SH_OK) {
            cli_error("%s", err.message);
            status = 2;
            continue;
        }
        ShPosition pos;
        char fen[SH_FEN_SIZE];
        sh_fen_read(o.fen, &pos, NULL);
        bool numeric = cli_numeric(cli_kind_default(), notation);
        sh_fen_write(&pos, numeric, fen);
        describe(&o, numeric);
        printf("%s\n", fen);
        cli_board_print(stdout, &pos, false);
        shown++;
    }
    if (shown || status)
        return status;
    ShOpening o;
    for (int i = 0; sh_opening_at(i, &o); i++)
        if (!table || strcmp(o.table, table) == 0)
            describe(&o, cli_numeric(cli_kind_default(), notation));
    return 0;
}
