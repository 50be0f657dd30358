/* cli.h - what the shashki commands share: option helpers, messages, the board diagram. */
#ifndef SHASHKI_CLI_H
#define SHASHKI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "shashki.h"

/* A command: argv[0] is the command's name. Returns the exit status. */
typedef int (*CliCommand)(int argc, char **argv);

int cmd_perft(int argc, char **argv);
int cmd_divide(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_repl(int argc, char **argv);
int cmd_openings(int argc, char **argv);
int cmd_serve(int argc, char **argv);
int cmd_analyse(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_hub(int argc, char **argv);
int cmd_dxp(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_game(int argc, char **argv);
int cmd_pdn(int argc, char **argv);
int cmd_egdb(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_puzzles(int argc, char **argv);
int cmd_other(int argc, char **argv);
int cmd_book(int argc, char **argv);

/* The other games (cmd_other.c): the one --variant names in argv, NULL if none (or a draughts
 * variant); and moves, perft and analyse for them (argv as the command's own). */
struct ShOtherGame;
const struct ShOtherGame *cli_other_game(int argc, char **argv);
int cmd_other_moves(int argc, char **argv);
int cmd_other_perft(int argc, char **argv);
int cmd_other_analyse(int argc, char **argv);
#define CLI_OTHER_HELP                                                                           \
    "\n"                                                                                         \
    "The other games of the seeds (--variant corners, goban, belarusian, wiegman, stavropol,\n"  \
    "pskov, novgorod, neva: shashki other list) take the game's position text instead of a\n"   \
    "FEN (docs/variants.md \"Other games of the seeds\"), and --settings KEY=VALUE,... for\n"    \
    "the start position.\n"

/* "shashki: <message>" on stderr. */
void cli_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* Report a library error about `what` (a FEN, a move ...), with its column when it has one. */
void cli_report(const char *what, const ShError *err);

/* True if argv holds -h or --help. */
bool cli_wants_help(int argc, char **argv);
/* Parse a whole decimal number in [min, max]; prints an error naming `what` on failure. */
bool cli_parse_int(const char *text, long min, long max, const char *what, long *out);
/* Read a FEN (or "start"), printing the error if it is bad. */
bool cli_read_fen(const char *text, ShPosition *pos);
bool cli_read_fen_variant(const char *text, ShVariant variant, ShPosition *pos);
/* A --variant value: a name sh_rules_find knows; prints the names there are if not. */
bool cli_parse_variant(const char *text, ShVariant *variant);
/* The text of --help about --variant. */
#define CLI_VARIANT_HELP                                                                         \
    "  --variant NAME the game (default russian): brazilian, pool, english, italian, spanish,\n" \
    "                 czech, turkish, international (10x10), frisian (10x10), canadian\n"    \
    "                 (12x12), giveaway, flying, diagonal, northern, self-eaters, two-move,\n"\
    "                 columns, lasca (7x7) (docs/variants.md);\n"                            \
    "                 squares and FEN in the game's own numbering\n"

/* When the side to move has no legal move, print "no legal moves: Black wins: White has no
 * move" (or "... no pieces") on out and return true. */
bool cli_no_moves(FILE *out, const ShPosition *pos);

/* The endgame databases' folder when none is named: $SHASHKI_EGDB, else "egdb". */
const char *cli_egdb_default(void);
/* The folder of endgame databases a playing command uses: `named` (--egdb DIR), or the
 * default. Returns the folder, "" when the default holds none (play without them), or NULL
 * with an error printed when the named one holds none; `note` gets a line saying which. */
const char *cli_egdb_find(const char *named, char *note, size_t size);
#define CLI_EGDB_HELP                                                                            \
    "  --egdb DIR     the endgame databases (shashki egdb build); default $SHASHKI_EGDB or\n"    \
    "                 ./egdb, played without when that holds none\n"

/* Seconds on a monotonic clock. */
double cli_now(void);

/* A text diagram of the board with coordinates; White at the bottom unless flipped. */
void cli_board_print(FILE *out, const ShPosition *pos, bool flip);

#endif
