/* main.c - the shashki command line: one program, a command per job. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "shashki_play.h"

typedef struct CommandEntry {
    const char *name;
    CliCommand run;
    const char *summary;
} CommandEntry;

static const CommandEntry COMMANDS[] = {
    {"perft", cmd_perft, "count move-tree leaves (perft), or check a perft suite"},
    {"divide", cmd_divide, "perft split by the first move"},
    {"moves", cmd_moves, "the legal moves of a position and the positions they lead to"},
    {"openings", cmd_openings, "the official opening ballots (IDF-64, FMJD-64)"},
    {"db", cmd_db, "the web app's database: copy it between SQLite and PostgreSQL, look at it"},
    {"serve", cmd_serve, "the web app: play, analyse and keep games in the browser"},
    {"play", cmd_repl, "the interactive prompt (the default with no command); play the engine"},
    {"game", cmd_game, "people play at one terminal, any game: clocks, draw offers, the arbiter"},
    {"pdn", cmd_pdn, "check PDN game collections of any game (replay every game), or convert them"},
    {"analyse", cmd_analyse, "search a position: score and best line at each depth"},
    {"bench", cmd_bench, "search fixed positions to a fixed depth: node count and speed"},
    {"match", cmd_match, "engine against engine in any game of two: openings, Elo and SPRT"},
    {"solve", cmd_solve, "prove a forced win or draw: a composition's solution, duals, cooks"},
    {"puzzles", cmd_puzzles, "find the shots in game collections: a puzzle file (PDN)"},
    {"book", cmd_book, "the opening book: build it from the ballots, describe it, probe it"},
    {"egdb", cmd_egdb, "endgame databases: build, list, verify and probe them"},
    {"hub", cmd_hub, "the engine over the Hub protocol (for pydraughts, bots, match runners)"},
    {"dxp", cmd_dxp, "play 10x10 engines over DXP (DamExchange): serve or connect"},
    {"tournament", cmd_tournament, "competitions: round robin, Swiss, knockout, engine events"},
    {"contest", cmd_contest, "solving and composing contests: problems, solvers, standings, award"},
    {"other", cmd_other, "the other games of a checkers set (corners, go-ban ...): list, self-play, check"},
};

static void usage(FILE *out)
{
    /* the count of the games comes from the rules table, so it cannot go stale */
    fprintf(out,
            "usage: shashki [COMMAND] [ARGS...]\n"
            "\n"
            "Russian checkers, %d more draughts games and %d other games of a checkers set\n"
            "(--variant NAME: play, moves, perft, divide, analyse, game, match, tournament and\n"
            "pdn take every game, the other commands the games their --help names): rules,\n"
            "games, the engine and the web app. With no command, an interactive prompt.\n"
            "\n"
            "commands:\n",
            SH_VARIANT_COUNT - 1, sh_kind_count() - SH_VARIANT_COUNT);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fputs("\n'shashki COMMAND --help' tells more. FEN is PDN's: W:W21-32:B1-12 or W:Wa1,Kc3:Bb4.\n"
          "Moves and positions are written in each game's usual notation (numbers in the 10x10\n"
          "and 12x12 games, English and pool; letters in the others), or as --numeric or\n"
          "--algebraic says.\n",
          out);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return cmd_repl(1, argv);
    cli_hide_passwords(argc, argv);
    const char *name = argv[1];
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(name, "--version") == 0) {
        printf("shashki %s\n", SH_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(name, COMMANDS[i].name) == 0)
            return COMMANDS[i].run(argc - 1, argv + 1);
    cli_error("unknown command '%s'", name);
    usage(stderr);
    return 2;
}
