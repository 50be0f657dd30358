/* cli.h - what the shashki commands share: option helpers, messages, the board diagram. */
#ifndef SHASHKI_CLI_H
#define SHASHKI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "shashki.h"
#include "shashki_play.h"

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
int cmd_contest(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_puzzles(int argc, char **argv);
int cmd_other(int argc, char **argv);
int cmd_book(int argc, char **argv);
int cmd_db(int argc, char **argv);
/* shashki pdn annotate (pdn_annotate.c; its help is cmd_pdn.c's) */
int pdn_annotate(int argc, char **argv);

/* "shashki: <message>" on stderr. */
void cli_error(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* A PostgreSQL password given in an argument (--db postgresql://USER:PASSWORD@HOST/DB):
 * the argument is copied, the password in argv's own memory (what ps reads) overwritten with
 * '*', and a warning says how to keep it out of the command line (docs/postgresql.md). */
void cli_hide_passwords(int argc, char **argv);
/* A database's name fit to print (its password ***; db_name_masked), in one of four buffers
 * used in turn. */
const char *cli_db_shown(const char *name);
/* Report a library error about `what` (a FEN, a move ...), with its column when it has one. */
void cli_report(const char *what, const ShError *err);

/* A whole file ("-": standard input), NUL-terminated, its length in *size; NULL with errno
 * set when it cannot be read. Free it. */
char *cli_read_file(const char *path, size_t *size);
/* A prompt's "save FILE" (and "pdn", file NULL): the text on standard output, or written to
 * FILE with "saved FILE" (or "error: cannot write FILE") said on standard output. */
void cli_save_text(const char *text, const char *file);
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

/* The endgame databases' folder when none is named: $SHASHKI_EGDB, else the folder "egdb"
 * beside the program (build/egdb for build/shashki: `make` builds 4 pieces there, and
 * `shashki serve` 5 in the background). */
const char *cli_egdb_default(void);
/* Every ending of up to how many pieces the folder holds (0: none, or no such folder). */
int cli_egdb_pieces(const char *dir);
/* The folder of endgame databases a playing command uses: `named` (--egdb DIR), or the
 * default. Returns the folder, "" when the default holds none (play without them), or NULL
 * with an error printed when the named one holds none; `note` gets a line saying which. */
const char *cli_egdb_find(const char *named, char *note, size_t size);
#define CLI_EGDB_HELP                                                                            \
    "  --egdb DIR     the endgame databases (shashki egdb build); default $SHASHKI_EGDB, else\n" \
    "                 egdb beside the program (build/egdb), played without when that holds\n"  \
    "                 none\n"

/* Seconds on a monotonic clock. */
double cli_now(void);

/* A text diagram of the board with coordinates; White at the bottom unless flipped. */
void cli_board_print(FILE *out, const ShPosition *pos, bool flip);

/* ---- every game (cli_play.c, cli_board.c) ----------------------------------------------- */

/* A --variant value: any game sh_kind_find knows (a draughts game, a column game, an other
 * game of a checkers set); prints the names there are if not. */
bool cli_parse_kind(const char *text, const ShKind **kind);
/* The game when --variant names none: Russian checkers. */
const ShKind *cli_kind_default(void);
/* A draughts or column game (ShRules and FEN), not an other game. */
bool cli_kind_draughts(const ShKind *kind);
/* A position of `kind` to look at and count from: `position` (NULL or "start": the game's
 * start, under --settings for an other game) in the game's position text (a FEN for the
 * draughts games). A finished position is taken too (nothing decides over it: cli_play_over
 * says how it ended). NULL with the error printed ("bad --settings", "bad FEN '...'", "bad
 * position"). */
ShPlay *cli_play_open(const ShKind *kind, const char *settings, const char *position);
/* True when the game is over in the current position (the side to move has no piece or no
 * move, or the other game's rules ended it), with the rules' words in `said`: "Black wins:
 * White has no move". */
bool cli_play_over(const ShPlay *play, char *said, size_t size);
/* How the commands write squares: each game's usual notation (ShKind.numeric: numbers in the
 * 10x10 and 12x12 games, English and pool; letters and figures, c3-d4, in the others), or the
 * other one when --numeric or --algebraic asks for it. The other games of a checkers set have
 * their own cells' names either way. */
typedef enum CliNotation {
    CLI_NOTATION_USUAL = 0,
    CLI_NOTATION_NUMERIC,
    CLI_NOTATION_ALGEBRAIC
} CliNotation;
/* True when `arg` is --numeric or --algebraic, with *notation set. */
bool cli_notation_option(const char *arg, CliNotation *notation);
/* Whether a game of `kind` is written with numbers under `notation`. */
bool cli_numeric(const ShKind *kind, CliNotation notation);
/* The sh_move_write flags of a draughts game: `style` (SH_NOTATION_FULL ...), with numbers when
 * cli_numeric says so. */
int cli_notation_flags(const ShKind *kind, CliNotation notation, int style);
/* The game as PDN in `notation` (a draughts game's moves short, or `full` with every capture's
 * path; an other game's own); *text malloc'ed. */
ShStatus cli_play_pdn(const ShPlay *play, CliNotation notation, bool full, char **text,
                      ShError *err);
/* The --numeric/--algebraic lines of a command's help, the description's continuation lines
 * indented by PAD (a string of spaces: the column where the command's other options are
 * described). */
#define CLI_NOTATION_HELP_AT(PAD)                                                                \
    "  --numeric, --algebraic  squares as numbers (32-28, 1 = b8 on the Russian board) or as\n" \
    PAD "letters and figures (c3-d4); the default is the game's usual notation:\n"               \
    PAD "numbers in international, frisian, canadian, english and pool, letters\n"               \
    PAD "in the others\n"
#define CLI_NOTATION_HELP CLI_NOTATION_HELP_AT("                 ")

/* The same, and with `counts` the arbiter's rules on the game so far besides (a count reached,
 * an automatic repetition: sh_game_verdict), with the result in `result` ("1-0"; may be
 * NULL). */
bool cli_play_end(const ShPlay *play, bool counts, char *said, size_t size, char *result,
                  size_t result_size);
/* A legal move of the current position as the commands write it: its full text, the squares
 * in numbers (a draughts game) when `numeric`. */
void cli_play_move_text(const ShPlay *play, const ShPlayMove *move, bool numeric, char *out,
                        size_t size);
/* The move played from position `ply` (0-based) as the commands write it: its full text, in
 * numbers (a draughts game) when `numeric`; "?" if there is none. */
void cli_play_move_at_text(const ShPlay *play, int ply, bool numeric, char *out, size_t size);
/* A line of moves from the current position given in any notation the game reads ("c3-d4
 * f6-g5", an engine's line, "1. c3-d4 b6-a5" with its move numbers, which are kept), written
 * as the commands write moves (cli_play_move_text), separated by spaces; cut at a move that is
 * not legal. */
void cli_play_line_text(const ShPlay *play, const char *line, bool numeric, char *out,
                        size_t size);
/* The current position's text: an other game's position text, a draughts game's FEN with
 * numbers (numeric) or letters. */
void cli_play_position_text(const ShPlay *play, bool numeric, char *out, size_t size);
/* Play moves given as "c3-d4 f6-g5" (any notation the game reads; commas and move numbers
 * "1." are skipped); false with the error printed. */
bool cli_play_moves(ShPlay *play, const char *list);
/* A copy of the game with the legal move played; NULL if out of memory. */
ShPlay *cli_play_after(const ShPlay *play, const ShPlayMove *move);
/* The board of position `ply` (-1: the current one) of any game: a draughts board as
 * cli_board_print draws it, an other game's cells as a grid or as rows of named cells, with
 * a line telling the pieces' letters. */
void cli_play_board_print(FILE *out, const ShPlay *play, int ply);
#define CLI_GAMES_HELP                                                                           \
    "  --variant NAME the game (default russian), any of shashki's: the draughts games\n"        \
    "                 brazilian, pool, english, italian, spanish, czech, turkish,\n"             \
    "                 international (10x10), frisian (10x10), canadian (12x12),\n"              \
    "                 spantsiretti (10x8, 80-square draughts: also 80, russian80),\n"           \
    "                 giveaway, flying, diagonal, northern, self-eaters, two-move; the\n"       \
    "                 column games columns (bashni) and lasca (7x7) (docs/variants.md),\n"     \
    "                 their squares and FEN in the game's own numbering; and the other\n"      \
    "                 games of a checkers set corners, goban, belarusian, wiegman,\n"          \
    "                 stavropol, pskov, novgorod (3 players), neva (4 players) (shashki\n"     \
    "                 other list), whose positions are their own position text\n"              \
    "                 (docs/variants.md \"Other games of the seeds\")\n"                        \
    "  --settings KEY=VALUE,...  an other game's choices for its start (house=3x3 ...;\n"     \
    "                 shashki other list names them); a position's text carries its own\n"

#endif
