/* cmd_moves.c - shashki moves: the legal moves of a position of any game and where each leads. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char MOVES_HELP[] =
    "usage: shashki moves [--numeric|--algebraic] [--variant NAME] [--settings S] [POSITION]\n"
    "\n"
    "Print each legal move of the position (default: the game's start), one a line, in full\n"
    "notation (every square a capture lands on), followed by the position it leads to: a FEN\n"
    "for the draughts and column games, the game's position text for the other games; both\n"
    "in the game's usual notation (international: 32-28 W:W...; Russian: c3-d4 B:Wa1...).\n"
    "\n"
    CLI_NOTATION_HELP
    CLI_GAMES_HELP
    "\n"
    "When the side to move has no legal move, the line says what the rules decide\n"
    "('no legal moves: Black wins: White has no move').\n"
    "\n"
    "Exit status: 0 when the position has legal moves, 1 when it has none (the game is\n"
    "over), 2 for a bad position or argument.\n";

int cmd_moves(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(MOVES_HELP, stdout);
        return 0;
    }
    CliNotation notation = CLI_NOTATION_USUAL;
    const char *position = NULL, *settings = NULL;
    const ShKind *kind = cli_kind_default();
    for (int i = 1; i < argc; i++) {
        if (cli_notation_option(argv[i], &notation)) {
            continue;
        } else if (strcmp(argv[i], "--variant") == 0 || strcmp(argv[i], "--settings") == 0) {
            if (i + 1 >= argc) {
                cli_error("%s needs a value", argv[i]);
                return 2;
            }
            if (argv[i][2] == 's')
                settings = argv[++i];
            else if (!cli_parse_kind(argv[++i], &kind))
                return 2;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option %s (see shashki moves --help)", argv[i]);
            return 2;
        } else if (!position) {
            position = argv[i];
        } else {
            cli_error("unexpected argument '%s'", argv[i]);
            return 2;
        }
    }
    ShPlay *play = cli_play_open(kind, settings, position);
    if (!play)
        return 2;
    bool numeric = cli_numeric(kind, notation);
    int count = 0;
    ShPlayMove *moves = sh_play_moves(play, &count);
    char said[SH_PLAY_REASON_SIZE];
    int status = 0;
    if (count == 0) {
        if (cli_play_over(play, said, sizeof said))
            printf("no legal moves: %s\n", said);
        else
            printf("no legal moves\n");
        status = 1;
    }
    for (int i = 0; i < count; i++) {
        char text[SH_PLAY_MOVE_TEXT_SIZE], after[SH_PLAY_TEXT_SIZE];
        ShPlay *next = cli_play_after(play, &moves[i]);
        if (!next) {
            cli_error("out of memory");
            status = 2;
            break;
        }
        cli_play_move_text(play, &moves[i], numeric, text, sizeof text);
        cli_play_position_text(next, numeric, after, sizeof after);
        printf("%s %s\n", text, after);
        sh_play_free(next);
    }
    free(moves);
    sh_play_free(play);
    return status;
}
