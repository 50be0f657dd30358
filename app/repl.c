/* repl.c - the interactive prompt: set up positions, list and play moves, take them back. */
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
    "  variant [NAME]   the game played, or another one from its start (russian, english ...)\n"
    "  board [flip]     the board, White at the bottom (flip: Black at the bottom)\n"
    "  fen [FEN]        print the position as FEN, or set it ('fen start' for the start)\n"
    "  moves            the legal moves\n"
    "  play MOVE        play a move in any notation (c3-d4, c3:e5, 22-18, cd4 ...);\n"
    "                   a move alone on the line works too\n"
    "  undo             take the last move back\n"
    "  notation numeric|algebraic   how squares are printed\n"
    "  perft DEPTH      count the move tree below the position\n"
    "  quit             leave (end of input too)\n";

#define HISTORY_MAX 1024

typedef struct Session {
    ShPosition history[HISTORY_MAX]; /* history[0] is the set-up position */
    int ply;
    bool numeric;
    ShVariant variant;
} Session;

static const ShPosition *current(const Session *s)
{
    return &s->history[s->ply];
}

static void show_status(const Session *s)
{
    const ShPosition *pos = current(s);
    const char *side = sh_position_side(pos) == SH_WHITE ? "White" : "Black";
    if (sh_moves_count(pos) == 0)
        cli_no_moves(stdout, pos);
    else
        printf("%s to move%s\n", side, sh_moves_capture_pending(pos) ? " (a capture is compulsory)" : "");
}

static void list_moves(const Session *s)
{
    const ShPosition *pos = current(s);
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    sh_moves_sort(&moves);
    for (int i = 0; i < moves.count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        sh_move_write(pos, &moves.moves[i], SH_NOTATION_FULL | (s->numeric ? SH_NOTATION_NUMERIC : 0),
                      text, NULL);
        printf("%s%s", i ? " " : "", text);
    }
    printf(moves.count ? "\n" : "no legal moves\n");
}

static void play_move(Session *s, const char *text)
{
    ShMove move;
    ShError err;
    if (sh_move_parse(current(s), text, &move, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return;
    }
    if (s->ply + 1 >= HISTORY_MAX) {
        printf("error: the game is too long to keep (%d plies)\n", HISTORY_MAX);
        return;
    }
    char written[SH_MOVE_TEXT_SIZE];
    sh_move_write(current(s), &move, SH_NOTATION_FULL | (s->numeric ? SH_NOTATION_NUMERIC : 0),
                  written, NULL);
    sh_position_play(current(s), &move, &s->history[s->ply + 1]);
    s->ply++;
    printf("played %s\n", written);
    show_status(s);
}

static void set_fen(Session *s, const char *text)
{
    ShPosition pos;
    ShError err;
    if (strcmp(text, "start") == 0) {
        sh_position_start(&pos, s->variant);
    } else if (sh_fen_read_variant(text, s->variant, &pos, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return;
    }
    s->history[0] = pos;
    s->ply = 0;
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
        ShVariant v;
        if (!*arg) {
            printf("%s (%s)\n", sh_rules_get(s->variant)->name, sh_rules_get(s->variant)->title);
        } else if (!sh_rules_find(arg, &v)) {
            printf("error: unknown variant '%s'\n", arg);
        } else {
            s->variant = v;
            sh_position_start_drawn(&s->history[0], v, (uint64_t)s->ply * 7919 + 1);
            s->ply = 0;
            printf("%s\n", sh_rules_get(v)->title);
            show_status(s);
        }
    } else if (strcmp(cmd, "board") == 0) {
        cli_board_print(stdout, current(s), strcmp(arg, "flip") == 0);
        show_status(s);
    } else if (strcmp(cmd, "fen") == 0) {
        if (*arg) {
            set_fen(s, arg);
        } else {
            char fen[SH_FEN_SIZE];
            sh_fen_write(current(s), s->numeric, fen);
            printf("%s\n", fen);
        }
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(s);
    } else if (strcmp(cmd, "play") == 0) {
        if (*arg)
            play_move(s, arg);
        else
            printf("error: play needs a move, such as play c3-d4\n");
    } else if (strcmp(cmd, "undo") == 0) {
        if (s->ply == 0) {
            printf("error: no move to take back\n");
        } else {
            s->ply--;
            show_status(s);
        }
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
            uint64_t n = sh_perft(current(s), (int)depth, SH_PERFT_DISTINCT);
            printf("perft %ld %" PRIu64 " time %.3f s\n", depth, n, cli_now() - start);
        }
    } else {
        /* a move on its own: "c3-d4", "22-18", "cd4", "b:d6" */
        if (*arg)
            arg[-1] = ' ';
        bool looks_like_move = isdigit((unsigned char)cmd[0]) ||
                               (cmd[0] >= 'a' && cmd[0] <= 'h' &&
                                ((cmd[1] >= '1' && cmd[1] <= '8') || (cmd[1] >= 'a' && cmd[1] <= 'h') ||
                                 cmd[1] == ':' || cmd[1] == 'x' || cmd[1] == '-'));
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
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            if (!cli_parse_variant(argv[++i], &variant))
                return 2;
        } else {
            cli_error("unexpected argument '%s' (see shashki play --help)", argv[i]);
            return 2;
        }
    }
    Session *s = calloc(1, sizeof *s);
    if (!s) {
        cli_error("out of memory");
        return 1;
    }
    s->variant = variant;
    sh_position_start_drawn(&s->history[0], variant, 1);
    bool interactive = isatty(STDIN_FILENO);
    if (interactive)
        printf("shashki %s - %s. Type help for the commands.\n", SH_VERSION,
               sh_rules_get(variant)->title);
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
    free(s);
    return 0;
}
