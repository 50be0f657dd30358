/* cmd_moves.c - shashki moves: the legal moves of a position and where each leads. */
#include <string.h>

#include "cli.h"

static const char MOVES_HELP[] =
    "usage: shashki moves [--numeric] [--variant NAME] [FEN]\n"
    "\n"
    "Print each legal move of the position (default: the start position), one a line, in\n"
    "full notation, followed by the FEN of the position it leads to.\n"
    "\n"
    "  --numeric   squares as numbers (Russian 1..32: 1 = b8, 32 = g1) instead of a1..h8\n"
    CLI_VARIANT_HELP
    "\n"
    "When the side to move has no legal move, the line says what the rules decide\n"
    "('no legal moves: Black wins: White has no move').\n"
    "\n"
    "Exit status: 0 when the position has legal moves, 1 when it has none (the game is\n"
    "over), 2 for a bad FEN or argument.\n" CLI_OTHER_HELP;

int cmd_moves(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(MOVES_HELP, stdout);
        return 0;
    }
    if (cli_other_game(argc, argv))
        return cmd_other_moves(argc, argv);
    bool numeric = false;
    const char *fen = NULL;
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--numeric") == 0) {
            numeric = true;
        } else if (strcmp(argv[i], "--variant") == 0) {
            if (i + 1 >= argc || !cli_parse_variant(argv[++i], &variant))
                return 2;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            cli_error("unknown option %s (see shashki moves --help)", argv[i]);
            return 2;
        } else if (!fen) {
            fen = argv[i];
        } else {
            cli_error("unexpected argument '%s'", argv[i]);
            return 2;
        }
    }
    ShPosition pos;
    if (!cli_read_fen_variant(fen ? fen : "start", variant, &pos))
        return 2;
    ShMoveList moves;
    sh_moves_generate(&pos, &moves);
    sh_moves_sort(&moves);
    if (cli_no_moves(stdout, &pos))
        return 1;
    for (int i = 0; i < moves.count; i++) {
        char text[SH_MOVE_TEXT_SIZE], fen_out[SH_FEN_SIZE];
        ShPosition next;
        sh_move_write(&pos, &moves.moves[i], SH_NOTATION_FULL | (numeric ? SH_NOTATION_NUMERIC : 0),
                      text, NULL);
        sh_position_play(&pos, &moves.moves[i], &next);
        sh_fen_write(&next, numeric, fen_out);
        printf("%s %s\n", text, fen_out);
    }
    return 0;
}
