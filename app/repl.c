/* repl.c - the interactive prompt: set up positions of any game, list and play moves, take
 * them back, and play the engine (repl_engine.c) and keep the game as PDN (repl_record.c).
 * The game is the game interface's (ShPlay), read as a record is (nothing the rules would end
 * stops a move), so that any position can be looked at and played on; where the rules end
 * the game the status says so and the engine stops. Moves and positions are written in the
 * game's usual notation (numbers on 10x10, 12x12, in English and pool) unless --numeric,
 * --algebraic or the notation command says otherwise. */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repl.h"

static const char REPL_HELP[] =
    "usage: shashki [play [--variant NAME] [--numeric|--algebraic]]\n"
    "\n"
    "An interactive prompt: look at positions of any game, and play them against the engine.\n"
    "Moves and positions are written in the game's usual notation (numbers in international,\n"
    "frisian, canadian, english and pool; letters in the others), or as --numeric or\n"
    "--algebraic says. Commands:\n"
    "  help             this list\n"
    "  variant [NAME]   the game played, or another one from its start (russian, english,\n"
    "                   corners, neva ...: every game, shashki moves --help)\n"
    "  board [flip]     the board, White at the bottom (flip: Black at the bottom; a draughts\n"
    "                   board)\n"
    "  fen [POSITION]   print the position (a FEN, or an other game's position text), or set\n"
    "                   it ('fen start' for the start); new: the start again\n"
    "  moves            the legal moves\n"
    "  play MOVE        play a move in any notation (c3-d4, c3:e5, 22-18, cd4 ...);\n"
    "                   a move alone on the line works too\n"
    "  undo             take the last move back (against the engine: back to your move)\n"
    "  notation numeric|algebraic|usual   how squares are written\n"
    "  perft DEPTH      count the move tree below the position\n"
    "The engine:\n"
    "  engine SIDE      the engine plays SIDE (white, black, or any player's colour; several\n"
    "                   joined by commas; all; none) and answers by itself; the others are\n"
    "                   yours\n"
    "  go               the engine plays the side to move now, and that side from then on\n"
    "  level N          its strength, 1-10 (10 the full strength; engine/level.h)\n"
    "  time S, depth D, nodes N   its limit a move: seconds, plies, positions (0: none;\n"
    "                   at level 10 with none, 2 seconds)\n"
    "  hint             the move the engine would play for you\n"
    "  analyse          the engine's score and line for the side to move\n"
    "The record:\n"
    "  pdn              the game as PDN (the engine's players named, the rules' result)\n"
    "  save FILE        ... written to FILE\n"
    "  load FILE [N]    the N-th game (default the first) of a PDN file, to play on from\n"
    "                   its last position\n"
    "  quit             leave (end of input too)\n";

bool repl_numeric(const Session *s)
{
    return cli_numeric(sh_play_kind(s->play), s->notation);
}

bool repl_set_up(Session *s, const ShKind *kind, const char *position, const char *settings,
                 uint64_t lot)
{
    ShPlayOptions options = {.settings = settings, .start = position, .lot = lot,
                             .replay = true};
    ShPlay *play = NULL;
    ShError err;
    if (sh_play_new(&play, kind, &options, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return false;
    }
    repl_replace_game(s, play);
    return true;
}

void repl_replace_game(Session *s, ShPlay *play)
{
    sh_play_free(s->play);
    s->play = play;
    if (s->by_engine)
        memset(s->by_engine, 0, (size_t)s->by_engine_size);
}

/* Who played ply `ply`, kept for the record's player tags. */
static void mark_mover(Session *s, int ply, bool engine)
{
    if (ply >= s->by_engine_size) {
        int size = ply < 256 ? 256 : 2 * ply;
        unsigned char *bigger = realloc(s->by_engine, (size_t)size);
        if (!bigger)
            return; /* the tags then say less: nothing else depends on it */
        memset(bigger + s->by_engine_size, 0, (size_t)(size - s->by_engine_size));
        s->by_engine = bigger;
        s->by_engine_size = size;
    }
    s->by_engine[ply] = engine;
}

void repl_status(const Session *s)
{
    char said[SH_PLAY_REASON_SIZE];
    const ShGame *game = sh_play_game(s->play);
    if (cli_play_over(s->play, said, sizeof said)) {
        printf("no legal moves: %s\n", said);
        return;
    }
    if (cli_play_end(s->play, true, said, sizeof said, NULL, 0))
        printf("the rules end the game here: %s\n", said);
    printf("%s to move%s\n", sh_play_kind(s->play)->player_names[sh_play_to_move(s->play, -1)],
           game && sh_moves_capture_pending(sh_game_position(game)) ? " (a capture is compulsory)"
                                                                    : "");
}

static void list_moves(const Session *s)
{
    int count = 0;
    ShPlayMove *moves = sh_play_moves(s->play, &count);
    for (int i = 0; i < count; i++) {
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        cli_play_move_text(s->play, &moves[i], repl_numeric(s), text, sizeof text);
        printf("%s%s", i ? " " : "", text);
    }
    printf(count ? "\n" : "no legal moves\n");
    free(moves);
}

bool repl_play(Session *s, const char *text, const char *said_after)
{
    ShPlayMove move;
    ShError err;
    if (sh_play_parse_move(s->play, text, &move, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return false;
    }
    char written[SH_PLAY_MOVE_TEXT_SIZE];
    cli_play_move_text(s->play, &move, repl_numeric(s), written, sizeof written);
    int ply = sh_play_ply_count(s->play);
    if (sh_play_move(s->play, move.full, NULL, &err) != SH_OK) {
        printf("error: %s\n", err.message);
        return false;
    }
    mark_mover(s, ply, said_after != NULL);
    if (said_after)
        printf("the engine plays %s%s\n", written, said_after);
    else
        printf("played %s\n", written);
    return true;
}

/* A person's move, then the engine's answers. */
static void play_move(Session *s, const char *text)
{
    if (!repl_play(s, text, NULL))
        return;
    repl_engine_turns(s);
    repl_status(s);
}

/* A new position (or the start), then the engine if it has the move. */
static void set_position(Session *s, const ShKind *kind, const char *position, uint64_t lot)
{
    if (!repl_set_up(s, kind, position, NULL, lot))
        return;
    repl_engine_turns(s);
    repl_status(s);
}

static void perft(const Session *s, const char *arg)
{
    char *stop;
    long depth = strtol(arg, &stop, 10);
    if (!*arg || *stop || depth < 1 || depth > 20) {
        printf("error: perft needs a depth from 1 to 20\n");
        return;
    }
    double start = cli_now();
    uint64_t n = sh_play_perft(s->play, (int)depth, 1);
    printf("perft %ld %" PRIu64 " time %.3f s\n", depth, n, cli_now() - start);
}

static void notation(Session *s, const char *arg)
{
    if (strcmp(arg, "numeric") == 0)
        s->notation = CLI_NOTATION_NUMERIC;
    else if (strcmp(arg, "algebraic") == 0)
        s->notation = CLI_NOTATION_ALGEBRAIC;
    else if (strcmp(arg, "usual") == 0)
        s->notation = CLI_NOTATION_USUAL;
    else
        printf("error: notation numeric, notation algebraic or notation usual\n");
}

/* A word meant as a move: "c3-d4", "22-18", "cd4", "b:d6", "*d4". */
static bool looks_like_move(const char *w)
{
    return isdigit((unsigned char)w[0]) || w[0] == '*' ||
           (w[0] >= 'a' && w[0] <= 'l' && isdigit((unsigned char)w[1])) ||
           (w[0] >= 'a' && w[0] <= 'h' &&
            ((w[1] >= 'a' && w[1] <= 'h') || w[1] == ':' || w[1] == 'x' || w[1] == '-'));
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

    const ShKind *kind = sh_play_kind(s->play);
    if (*cmd == '\0' || *cmd == '#')
        return true;
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return false;
    if (strcmp(cmd, "help") == 0) {
        fputs(strstr(REPL_HELP, "Commands:") + strlen("Commands:\n"), stdout);
    } else if (strcmp(cmd, "variant") == 0) {
        const ShKind *next = *arg ? sh_kind_find(arg) : NULL;
        if (!*arg) {
            printf("%s (%s)\n", kind->name, kind->title_en);
        } else if (!next) {
            char names[1024];
            sh_kind_names(names, sizeof names);
            printf("error: unknown variant '%s': %s\n", arg, names);
        } else if (repl_set_up(s, next, NULL, NULL,
                               (uint64_t)sh_play_ply_count(s->play) * 7919 + 1)) {
            printf("%s\n", next->title_en);
            repl_engine_turns(s);
            repl_status(s);
        }
    } else if (strcmp(cmd, "board") == 0) {
        const ShGame *game = sh_play_game(s->play);
        if (game)
            cli_board_print(stdout, sh_game_position(game), strcmp(arg, "flip") == 0);
        else
            cli_play_board_print(stdout, s->play, -1);
        repl_status(s);
    } else if (strcmp(cmd, "fen") == 0) {
        if (*arg) {
            set_position(s, kind, strcmp(arg, "start") == 0 ? NULL : arg, 0);
        } else {
            char text[SH_PLAY_TEXT_SIZE];
            cli_play_position_text(s->play, repl_numeric(s), text, sizeof text);
            printf("%s\n", text);
        }
    } else if (strcmp(cmd, "new") == 0) {
        set_position(s, kind, NULL, (uint64_t)sh_play_ply_count(s->play) * 7919 + 1);
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(s);
    } else if (strcmp(cmd, "play") == 0) {
        if (*arg)
            play_move(s, arg);
        else
            printf("error: play needs a move, such as play c3-d4\n");
    } else if (strcmp(cmd, "undo") == 0) {
        repl_take_back(s);
    } else if (strcmp(cmd, "notation") == 0) {
        notation(s, arg);
    } else if (strcmp(cmd, "perft") == 0) {
        perft(s, arg);
    } else if (repl_engine_command(s, cmd, arg) || repl_record_command(s, cmd, arg)) {
        /* done */
    } else if (looks_like_move(cmd)) {
        if (*arg)
            arg[-1] = ' ';
        play_move(s, cmd);
    } else {
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
    Session *s = calloc(1, sizeof *s);
    if (!s)
        return 1;
    s->level = 10;
    const ShKind *kind = cli_kind_default();
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc) {
            if (!cli_parse_kind(argv[++i], &kind)) {
                free(s);
                return 2;
            }
        } else if (!cli_notation_option(argv[i], &s->notation)) {
            cli_error("unexpected argument '%s' (see shashki play --help)", argv[i]);
            free(s);
            return 2;
        }
    }
    if (!repl_set_up(s, kind, NULL, NULL, 1)) {
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
    repl_engine_free(s);
    sh_play_free(s->play);
    free(s->by_engine);
    free(s);
    return 0;
}
