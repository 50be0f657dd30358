/* repl.c - the interactive prompt: set up positions of any game, list and play moves, take
 * them back. The game is the game interface's (ShPlay), read as a record is (nothing the rules
 * would end stops a move), so that any position can be looked at and played on. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char REPL_HELP[] =
    "usage: shashki [play [--variant NAME]]\n"
    "\n"
    "An interactive prompt. Commands:\n"
    "  help             this list\n"
    "  variant [NAME]   the game played, or another one from its start (russian, english,\n"
    "                   corners, neva ...: every game, shashki moves --help)\n"
    "  board [flip]     the board, White at the bottom (flip: Black at the bottom; a draughts\n"
    "                   board)\n"
    "  fen [POSITION]   print the position (a FEN, or an other game's position text), or set\n"
    "                   it ('fen start' for the start)\n"
    "  moves            the legal moves\n"
    "  play MOVE        play a move in any notation (c3-d4, c3:e5, 22-18, cd4 ...);\n"
    "                   a move alone on the line works too\n"
    "  undo             take the last move back\n"
    "  notation numeric|algebraic   how squares are printed\n"
    "  perft DEPTH      count the move tree below the position\n"
    "  quit             leave (end of input too)\n";

typedef struct Session {
    ShPlay *play; /* from the set-up position */
    bool numeric;
} Session;

/* A new game of `kind` from `position` (NULL: its start, drawn by `lot` where the game draws
 * it); false with the error printed. */
static bool set_up(Session *s, const ShKind *kind, const char *position, uint64_t lot)
{
    ShPlayOptions options = {.start = position, .lot = lot, .replay = true};
    ShPlay *play = NULL;
    ShError err;
    if (sh_play_new(&play, kind, &options, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return false;
    }
    sh_play_free(s->play);
    s->play = play;
    return true;
}

static void show_status(const Session *s)
{
    char said[SH_PLAY_REASON_SIZE];
    const ShGame *game = sh_play_game(s->play);
    if (cli_play_over(s->play, said, sizeof said))
        printf("no legal moves: %s\n", said);
    else
        printf("%s to move%s\n",
               sh_play_kind(s->play)->player_names[sh_play_to_move(s->play, -1)],
               game && sh_moves_capture_pending(sh_game_position(game))
                   ? " (a capture is compulsory)"
                   : "");
}

static void list_moves(const Session *s)
{
    int count = 0;
    ShPlayMove *moves = sh_play_moves(s->play, &count);
    for (int i = 0; i < count; i++) {
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        cli_play_move_text(s->play, &moves[i], s->numeric, text, sizeof text);
        printf("%s%s", i ? " " : "", text);
    }
    printf(count ? "\n" : "no legal moves\n");
    free(moves);
}

static void play_move(Session *s, const char *text)
{
    ShPlayMove move;
    ShError err;
    if (sh_play_parse_move(s->play, text, &move, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return;
    }
    char written[SH_PLAY_MOVE_TEXT_SIZE];
    cli_play_move_text(s->play, &move, s->numeric, written, sizeof written);
    if (sh_play_move(s->play, move.full, NULL, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return;
    }
    printf("played %s\n", written);
    show_status(s);
}

static void set_fen(Session *s, const char *text)
{
    if (set_up(s, sh_play_kind(s->play), strcmp(text, "start") == 0 ? NULL : text, 0))
        show_status(s);
}

/* Handle one line; false to leave. */
static bool command(Session *s, char *line)
{
    char *cmd = line;
    while (isspace((unsigned char)*cmd))
        cmd++;
    char *arg = cmd;
    while (*arg && !isspace((unsigned char)*arg))
        arg++;
    if (*arg)
        *arg++ = '\0';
    while (isspace((unsigned char)*arg))
        arg++;
    char *end = arg + strlen(arg);
    while (end > arg && isspace((unsigned char)end[-1]))
        *--end = '\0';

    if (*cmd == '\0' || *cmd == '#')
        return true;
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return false;
    if (strcmp(cmd, "help") == 0) {
        fputs(strstr(REPL_HELP, "Commands:"), stdout);
    } else if (strcmp(cmd, "variant") == 0) {
        const ShKind *kind = sh_play_kind(s->play);
        const ShKind *next = *arg ? sh_kind_find(arg) : NULL;
        if (!*arg) {
            printf("%s (%s)\n", kind->name, kind->title_en);
        } else if (!next) {
            printf("error: unknown variant '%s'\n", arg);
        } else if (set_up(s, next, NULL, (uint64_t)sh_play_ply_count(s->play) * 7919 + 1)) {
            printf("%s\n", next->title_en);
            show_status(s);
        }
    } else if (strcmp(cmd, "board") == 0) {
        const ShGame *game = sh_play_game(s->play);
        if (game)
            cli_board_print(stdout, sh_game_position(game), strcmp(arg, "flip") == 0);
        else
            cli_play_board_print(stdout, s->play, -1);
        show_status(s);
    } else if (strcmp(cmd, "fen") == 0) {
        if (*arg) {
            set_fen(s, arg);
        } else {
            char text[SH_PLAY_TEXT_SIZE];
            cli_play_position_text(s->play, s->numeric, text, sizeof text);
            printf("%s\n", text);
        }
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(s);
    } else if (strcmp(cmd, "play") == 0) {
        if (*arg)
            play_move(s, arg);
        else
            printf("error: play needs a move, such as play c3-d4\n");
    } else if (strcmp(cmd, "undo") == 0) {
        ShError err;
        if (sh_play_undo(s->play, &err) != SH_OK)
            printf("error: %s\n", err.message);
        else
            show_status(s);
    } else if (strcmp(cmd, "notation") == 0) {
        if (strcmp(arg, "numeric") == 0 || strcmp(arg, "algebraic") == 0)
            s->numeric = strcmp(arg, "numeric") == 0;
        else
            printf("error: notation numeric or notation algebraic\n");
    } else if (strcmp(cmd, "perft") == 0) {
        char *stop;
        long depth = strtol(arg, &stop, 10);
        if (!*arg || *stop || depth < 1 || depth > 20) {
            printf("error: perft needs a depth from 1 to 20\n");
        } else {
            double start = cli_now();
            uint64_t n = sh_play_perft(s->play, (int)depth, 1);
            printf("perft %ld %" PRIu64 " time %.3f s\n", depth, n, cli_now() - start);
        }
    } else {
        /* a move on its own: "c3-d4", "22-18", "cd4", "b:d6" */
        if (*arg)
            arg[-1] = ' ';
        bool looks_like_move = isdigit((unsigned char)cmd[0]) || cmd[0] == '*' ||
                               (cmd[0] >= 'a' && cmd[0] <= 'l' && isdigit((unsigned char)cmd[1])) ||
                               (cmd[0] >= 'a' && cmd[0] <= 'h' &&
                                ((cmd[1] >= 'a' && cmd[1] <= 'h') || cmd[1] == ':' ||
                                 cmd[1] == 'x' || cmd[1] == '-'));
        if (looks_like_move)
            play_move(s, cmd);
        else
            printf("error: unknown command '%s' (try help)\n", cmd);
    }
    return true;
}

int cmd_repl(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(REPL_HELP, stdout);
        return 0;
    }
    const ShKind *kind = cli_kind_default();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            if (!cli_parse_kind(argv[++i], &kind))
                return 2;
        } else {
            cli_error("unexpected argument '%s' (see shashki play --help)", argv[i]);
            return 2;
        }
    }
    Session *s = calloc(1, sizeof *s);
    if (!s || !set_up(s, kind, NULL, 1)) {
        free(s);
        return 1;
    }
    bool interactive = isatty(STDIN_FILENO);
    if (interactive)
        printf("shashki %s - %s. Type help for the commands.\n", SH_VERSION, kind->title_en);
    char line[1024];
    for (;;) {
        if (interactive) {
            printf("shashki> ");
            fflush(stdout);
        }
        if (!fgets(line, sizeof line, stdin))
            break;
        if (!strchr(line, '\n') && !feof(stdin)) {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("error: line too long\n");
            continue;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (!command(s, line))
            break;
        fflush(stdout);
    }
    sh_play_free(s->play);
    free(s);
    return 0;
}
