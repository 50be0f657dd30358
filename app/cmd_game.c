/* cmd_game.c - shashki game: two people at one terminal, with clocks and the arbiter.
 *
 * The game itself (moves, rules, offers, clocks, the record) is the library's ShGame; this file
 * only talks to the people. Input is read with poll() so that a clock can run out while
 * nobody types: the wait for a line ends when the flag of the side to move falls. */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static const char GAME_HELP[] =
    "usage: shashki game [--variant NAME] [--time CONTROL] [--fen FEN | --opening CODE]\n"
    "                    [--white NAME] [--black NAME] [--repetition claimed|automatic]\n"
    "                    [--no-board] [--fake-clock]\n"
    "\n"
    "Two people play at one terminal. After each move the board and the clocks are shown;\n"
    "moves are typed in any notation (c3-d4, c3:e5, 22-18, cd4, b:d6 ...). The arbiter ends\n"
    "the game by the rules (no move, repetition, the 15-, 5-, 30- and 60-move counts, the\n"
    "flags) and says why.\n"
    "\n"
    "  --time CONTROL    clocks: 45m, 5m+3s, 1h10m/35+15m, 2h/50+1h/25, 5m+d3s (a Bronstein\n"
    "                    delay), or a preset: micro-match, hour, ballot, rapid-10, rapid-30,\n"
    "                    blitz-3, blitz-5, tiebreak-20, tiebreak-10, international\n"
    "  --variant NAME    another game (see shashki perft --help), with its own rules and\n"
    "                    draw counts; a flying-start game's set-up is drawn by lot\n"
    "  --fen FEN         start from this position\n"
    "  --opening CODE    start from an opening ballot: 1-III, FMJD 45-IX (shashki openings)\n"
    "  --white NAME, --black NAME   the players' names, for the record\n"
    "  --repetition claimed|automatic\n"
    "                    a threefold repetition must be claimed (the rule between people,\n"
    "                    the default) or ends the game at once\n"
    "  --no-board        show the board only when asked\n"
    "  --fake-clock      the clocks move only with 'wait' (tests and demonstrations)\n"
    "\n"
    "Commands:\n"
    "  MOVE [draw]       play a move (and offer a draw with it)\n"
    "  draw              offer a draw: only right after your own move (1.9.3)\n"
    "  accept, decline   answer a draw offer; a move declines it too\n"
    "  claim [MOVE]      claim a draw by threefold repetition, or by the move that repeats\n"
    "  resign            the side to move resigns\n"
    "  undo              take the last move back, if the other player agrees (yes or no)\n"
    "  board, moves      the board; the legal moves\n"
    "  time, pause, resume   the clocks\n"
    "  wait DURATION     with --fake-clock: let time pass (wait 30s, wait 4m59s)\n"
    "  pdn, save FILE    the game as PDN, on the screen or in a file\n"
    "  help, quit\n";

/* ---- reading lines, with a time limit ---- */

typedef struct Input {
    char buf[4096];
    size_t len;
    bool eof;
} Input;

/* 1 with a line, 0 at the end of the input, -1 when timeout_ms (if >= 0) passed first. */
static int input_line(Input *in, char *line, size_t size, int timeout_ms)
{
    for (;;) {
        char *nl = memchr(in->buf, '\n', in->len);
        if (nl || (in->eof && in->len > 0) || in->len == sizeof in->buf) {
            size_t n = nl ? (size_t)(nl - in->buf) : in->len;
            size_t copy = n < size - 1 ? n : size - 1;
            memcpy(line, in->buf, copy);
            line[copy] = '\0';
            size_t drop = nl ? n + 1 : n;
            memmove(in->buf, in->buf + drop, in->len - drop);
            in->len -= drop;
            line[strcspn(line, "\r")] = '\0';
            return 1;
        }
        if (in->eof)
            return 0;
        if (timeout_ms >= 0) {
            struct pollfd p = {STDIN_FILENO, POLLIN, 0};
            int r = poll(&p, 1, timeout_ms);
            if (r == 0)
                return -1;
            if (r < 0 && errno == EINTR)
                continue;
        }
        ssize_t got = read(STDIN_FILENO, in->buf + in->len, sizeof in->buf - in->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            in->eof = true;
        else
            in->len += (size_t)got;
    }
}

/* ---- the session ---- */

typedef struct Session {
    ShGame *game;
    ShFakeTime fake;
    bool fake_clock, show_board, interactive, asking_undo, announced;
} Session;

static const char *const SIDE[2] = {"White", "Black"};

static int to_move(const Session *s)
{
    return (int)sh_position_side(sh_game_position(s->game));
}

static void print_clocks(const Session *s)
{
    const ShClock *c = sh_game_clock_const(s->game);
    if (!c)
        return;
    char w[32], b[32];
    int64_t tw = sh_clock_remaining(c, SH_WHITE), tb = sh_clock_remaining(c, SH_BLACK);
    sh_time_format(tw > 0 ? tw : 0, w, sizeof w);
    sh_time_format(tb > 0 ? tb : 0, b, sizeof b);
    printf("clocks: White %s, Black %s%s\n", w, b, c->paused ? " (paused)" : "");
}

static void announce(Session *s)
{
    ShResult r = sh_game_result(s->game, NULL);
    if (r == SH_RESULT_NONE || s->announced)
        return;
    char text[200];
    sh_game_result_text(s->game, text, sizeof text);
    printf("game over: %s (%s)\n", text, sh_result_pdn(r, false));
    s->announced = true;
}

static void print_status(Session *s)
{
    if (sh_game_result(s->game, NULL) != SH_RESULT_NONE) {
        announce(s);
        return;
    }
    const ShPosition *pos = sh_game_position(s->game);
    int side = to_move(s);
    printf("%s to move%s\n", SIDE[side],
           sh_moves_capture_pending(pos) ? " (a capture is compulsory)" : "");
    int offer = sh_game_draw_offer(s->game);
    if (offer >= 0)
        printf("%s offers a draw: %s may accept, decline, or move\n", SIDE[offer], SIDE[offer ^ 1]);
    if (sh_game_repetitions(s->game) >= 3)
        printf("this position has occurred %d times: %s may claim a draw\n",
               sh_game_repetitions(s->game), SIDE[side]);
    ShDrawCount counts[4];
    int n = sh_game_draw_counts(s->game, counts);
    for (int i = 0; i < n; i++) {
        if (counts[i].plies == 0)
            continue;
        char why[200];
        sh_result_describe(SH_RESULT_DRAW, counts[i].rule, why, sizeof why);
        printf("count: %d of %d plies towards '%s'\n", counts[i].plies, counts[i].limit,
               why + strlen("draw: "));
    }
    print_clocks(s);
}

static void show_position(Session *s)
{
    if (s->show_board)
        cli_board_print(stdout, sh_game_position(s->game), false);
    print_status(s);
}

static void print_move(const Session *s)
{
    int ply = sh_game_ply_count(s->game) - 1;
    const ShPosition *before = sh_game_position_at(s->game, ply);
    char text[SH_MOVE_TEXT_SIZE];
    sh_move_write(before, sh_game_move_at(s->game, ply), SH_NOTATION_FULL, text, NULL);
    int number = 1 + (ply + (int)sh_position_side(sh_game_start(s->game))) / 2;
    printf("%d%s %s\n", number, sh_position_side(before) == SH_WHITE ? "." : "...", text);
}

static void report(const ShError *err)
{
    printf("error: %s\n", err->message);
}

static void play_move(Session *s, const char *text, bool offer)
{
    ShError err;
    int mover = to_move(s);
    bool had_offer = sh_game_draw_offer(s->game) >= 0;
    if (sh_game_play_text(s->game, text, NULL, &err) != SH_OK) {
        report(&err);
        announce(s);
        return;
    }
    print_move(s);
    if (had_offer)
        printf("the draw offer is declined by the move\n");
    if (offer && sh_game_result(s->game, NULL) == SH_RESULT_NONE) {
        if (sh_game_offer_draw(s->game, (ShColor)mover, &err) == SH_OK)
            printf("%s offers a draw\n", SIDE[mover]);
        else
            report(&err);
    }
    show_position(s);
}

static void list_moves(const Session *s)
{
    const ShPosition *pos = sh_game_position(s->game);
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    sh_moves_sort(&moves);
    for (int i = 0; i < moves.count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        sh_move_write(pos, &moves.moves[i], SH_NOTATION_FULL, text, NULL);
        printf("%s%s", i ? " " : "", text);
    }
    printf(moves.count ? "\n" : "no legal moves\n");
}

static void save(const Session *s, const char *file)
{
    char *text = NULL;
    ShError err;
    if (sh_pdn_write(s->game, SH_NOTATION_SHORT, &text, NULL, &err) != SH_OK) {
        report(&err);
        return;
    }
    if (!file) {
        fputs(text, stdout);
    } else {
        FILE *f = fopen(file, "w");
        if (!f || fputs(text, f) < 0 || fclose(f) != 0)
            printf("error: cannot write %s\n", file);
        else
            printf("saved %s\n", file);
    }
    free(text);
}

static int64_t duration_of(const char *text)
{
    ShTimeControl tc;
    if (sh_timecontrol_parse(text, &tc, NULL) != SH_OK || tc.count != 1 || tc.periods[0].moves ||
        tc.increment_ms || tc.delay_ms)
        return -1;
    return tc.periods[0].time_ms;
}

static bool looks_like_move(const char *w)
{
    return (w[0] >= '0' && w[0] <= '9') ||
           ((w[0] | 0x20) >= 'a' && (w[0] | 0x20) <= 'h' && w[1] &&
            strchr("12345678abcdefghABCDEFGH:x-", w[1]));
}

/* One line; false to leave. */
static bool command(Session *s, char *line)
{
    char *words[4] = {NULL};
    int n = 0;
    for (char *w = strtok(line, " \t"); w && n < 4; w = strtok(NULL, " \t"))
        words[n++] = w;
    if (n == 0 || words[0][0] == '#')
        return true;
    const char *cmd = words[0];
    ShError err;
    ShClock *clock = sh_game_clock(s->game);
    if (s->asking_undo) {
        if (strcasecmp(cmd, "yes") == 0 || strcasecmp(cmd, "y") == 0) {
            s->asking_undo = false;
            if (sh_game_undo(s->game, &err) != SH_OK) {
                report(&err);
                return true;
            }
            s->announced = false;
            printf("the move is taken back\n");
            show_position(s);
        } else if (strcasecmp(cmd, "no") == 0 || strcasecmp(cmd, "n") == 0) {
            s->asking_undo = false;
            printf("the move stands\n");
        } else if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0) {
            return false;
        } else {
            printf("answer yes or no: may the move be taken back?\n");
        }
        return true;
    }
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return false;
    if (strcmp(cmd, "help") == 0) {
        fputs(strstr(GAME_HELP, "Commands:"), stdout);
    } else if (strcmp(cmd, "board") == 0) {
        cli_board_print(stdout, sh_game_position(s->game), false);
        print_status(s);
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(s);
    } else if (strcmp(cmd, "draw") == 0 || strcmp(cmd, "offer") == 0) {
        int offerer = to_move(s) ^ 1;
        if (sh_game_offer_draw(s->game, (ShColor)offerer, &err) != SH_OK)
            report(&err);
        else
            printf("%s offers a draw: %s may accept, decline, or move\n", SIDE[offerer],
                   SIDE[offerer ^ 1]);
    } else if (strcmp(cmd, "accept") == 0 || strcmp(cmd, "decline") == 0) {
        int who = to_move(s);
        bool accept = cmd[0] == 'a';
        ShStatus st = accept ? sh_game_accept_draw(s->game, (ShColor)who, &err)
                             : sh_game_decline_draw(s->game, (ShColor)who, &err);
        if (st != SH_OK)
            report(&err);
        else if (accept)
            announce(s);
        else
            printf("%s declines the draw\n", SIDE[who]);
    } else if (strcmp(cmd, "claim") == 0) {
        bool granted = false;
        ShMove move;
        if (n > 1 && sh_move_parse(sh_game_position(s->game), words[1], &move, &err) != SH_OK) {
            report(&err);
            return true;
        }
        if (sh_game_claim_draw(s->game, n > 1 ? &move : NULL, &granted, &err) != SH_OK) {
            report(&err);
            return true;
        }
        if (n > 1)
            print_move(s);
        if (granted) {
            announce(s);
        } else {
            printf("no threefold repetition: the move stands and the game goes on\n");
            show_position(s);
        }
    } else if (strcmp(cmd, "resign") == 0) {
        int who = to_move(s);
        if (n > 1 && strcmp(words[1], "white") == 0)
            who = SH_WHITE;
        else if (n > 1 && strcmp(words[1], "black") == 0)
            who = SH_BLACK;
        if (sh_game_resign(s->game, (ShColor)who, &err) != SH_OK)
            report(&err);
        else
            announce(s);
    } else if (strcmp(cmd, "undo") == 0) {
        int ply = sh_game_ply_count(s->game);
        if (ply <= sh_game_opening_plies(s->game)) {
            printf("error: %s\n", ply ? "the opening ballot's moves cannot be taken back"
                                      : "no move to take back");
            return true;
        }
        const ShPosition *before = sh_game_position_at(s->game, ply - 1);
        char text[SH_MOVE_TEXT_SIZE];
        sh_move_write(before, sh_game_move_at(s->game, ply - 1), SH_NOTATION_FULL, text, NULL);
        int asker = (int)sh_position_side(before);
        printf("%s asks to take back %s: %s, do you agree? (yes or no)\n", SIDE[asker], text,
               SIDE[asker ^ 1]);
        s->asking_undo = true;
    } else if (strcmp(cmd, "time") == 0) {
        if (clock)
            print_clocks(s);
        else
            printf("no clocks: start with --time to have them\n");
    } else if (strcmp(cmd, "pause") == 0 || strcmp(cmd, "resume") == 0) {
        if (!clock) {
            printf("error: no clocks\n");
        } else {
            if (cmd[0] == 'p')
                sh_clock_pause(clock);
            else
                sh_clock_resume(clock);
            print_clocks(s);
        }
    } else if (strcmp(cmd, "wait") == 0) {
        int64_t ms = n > 1 ? duration_of(words[1]) : -1;
        if (!s->fake_clock)
            printf("error: wait needs --fake-clock; real clocks run by themselves\n");
        else if (ms < 0)
            printf("error: wait needs a duration such as 30s or 4m59s\n");
        else {
            s->fake.now_ms += ms;
            sh_game_update(s->game);
            if (sh_game_result(s->game, NULL) != SH_RESULT_NONE)
                announce(s);
            else
                print_clocks(s);
        }
    } else if (strcmp(cmd, "pdn") == 0) {
        save(s, NULL);
    } else if (strcmp(cmd, "save") == 0) {
        if (n < 2)
            printf("error: save needs a file name\n");
        else
            save(s, words[1]);
    } else if (looks_like_move(cmd) && (n == 1 || (n == 2 && strcmp(words[1], "draw") == 0))) {
        play_move(s, cmd, n == 2);
    } else {
        printf("error: unknown command '%s' (try help)\n", cmd);
    }
    return true;
}

/* Milliseconds until the flag of the side to move falls, or -1 if no clock runs. */
static int flag_timeout(const Session *s)
{
    const ShClock *c = sh_game_clock_const(s->game);
    if (!c || s->fake_clock || c->running < 0 || c->paused ||
        sh_game_result(s->game, NULL) != SH_RESULT_NONE)
        return -1;
    int64_t left = sh_clock_remaining(c, c->running);
    if (left < 0)
        return 0;
    return left >= INT_MAX - 1 ? INT_MAX - 1 : (int)left + 1;
}

int cmd_game(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(GAME_HELP, stdout);
        return 0;
    }
    Session s;
    memset(&s, 0, sizeof s);
    s.show_board = true;
    const char *time_text = NULL, *fen = NULL, *opening = NULL, *white = "?", *black = "?";
    ShGameOptions options = {SH_REPETITION_CLAIMED, false};
    ShVariant variant = SH_VARIANT_RUSSIAN;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--variant") == 0 && has_value) {
            if (!cli_parse_variant(argv[++i], &variant))
                return 2;
        } else if (strcmp(a, "--time") == 0 && has_value)
            time_text = argv[++i];
        else if (strcmp(a, "--fen") == 0 && has_value)
            fen = argv[++i];
        else if (strcmp(a, "--opening") == 0 && has_value)
            opening = argv[++i];
        else if (strcmp(a, "--white") == 0 && has_value)
            white = argv[++i];
        else if (strcmp(a, "--black") == 0 && has_value)
            black = argv[++i];
        else if (strcmp(a, "--repetition") == 0 && has_value) {
            const char *r = argv[++i];
            if (strcmp(r, "claimed") == 0)
                options.repetition = SH_REPETITION_CLAIMED;
            else if (strcmp(r, "automatic") == 0)
                options.repetition = SH_REPETITION_AUTOMATIC;
            else {
                cli_error("--repetition takes claimed or automatic, not '%s'", r);
                return 2;
            }
        } else if (strcmp(a, "--no-board") == 0)
            s.show_board = false;
        else if (strcmp(a, "--fake-clock") == 0)
            s.fake_clock = true;
        else {
            cli_error("unknown or incomplete option '%s' (see shashki game --help)", a);
            return 2;
        }
    }
    if (fen && opening) {
        cli_error("--fen and --opening both give the start: choose one");
        return 2;
    }
    if (opening && variant != SH_VARIANT_RUSSIAN) {
        cli_error("--opening draws a Russian ballot; another game starts from --fen or its start");
        return 2;
    }
    ShError err;
    ShStatus st;
    if (opening) {
        st = sh_game_new_opening(&s.game, opening, &options, &err);
    } else {
        ShPosition start;
        st = fen ? sh_fen_read_variant(fen, variant, &start, &err) : SH_OK;
        if (!fen)
            sh_position_start_drawn(&start, variant, (uint64_t)time(NULL));
        if (st == SH_OK)
            st = sh_game_new(&s.game, &start, &options, &err);
    }
    if (st != SH_OK) {
        cli_error("%s '%s': %s", opening ? "opening" : "FEN", opening ? opening : fen,
                  err.message);
        return 2;
    }
    ShTimeControl tc;
    if (time_text) {
        if (sh_timecontrol_preset(time_text, &tc, NULL) != SH_OK &&
            sh_timecontrol_parse(time_text, &tc, &err) != SH_OK) {
            cli_error("--time '%s': %s", time_text, err.message);
            sh_game_free(s.game);
            return 2;
        }
        ShTimeSource source = s.fake_clock ? sh_time_fake(&s.fake) : sh_time_monotonic();
        if (sh_game_set_clock(s.game, &tc, source, &err) != SH_OK) {
            cli_error("--time '%s': %s", time_text, err.message);
            sh_game_free(s.game);
            return 2;
        }
    }
    char date[16] = "????.??.??", control[SH_TIME_CONTROL_SIZE];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    sh_game_set_tag(s.game, "Event", "Shashki game", NULL);
    sh_game_set_tag(s.game, "Date", date, NULL);
    sh_game_set_tag(s.game, "White", white, NULL);
    sh_game_set_tag(s.game, "Black", black, NULL);
    if (time_text) {
        sh_timecontrol_write(&tc, control);
        sh_game_set_tag(s.game, "TimeControl", control, NULL);
    }
    s.interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    printf("shashki game: %s (White) against %s (Black)", white, black);
    if (time_text)
        printf(", time control %s", control);
    if (opening)
        printf(", ballot %s", sh_game_tag(s.game, "Opening"));
    printf(". Type help for the commands.\n");
    if (opening) {
        for (int i = 0; i < sh_game_ply_count(s.game); i++) {
            const ShPosition *before = sh_game_position_at(s.game, i);
            char text[SH_MOVE_TEXT_SIZE];
            sh_move_write(before, sh_game_move_at(s.game, i), SH_NOTATION_FULL, text, NULL);
            printf("%s%s", i ? " " : "ballot moves: ", text);
        }
        if (sh_game_ply_count(s.game))
            printf("\n");
    }
    sh_game_start_clock(s.game);
    show_position(&s);
    Input *in = calloc(1, sizeof *in);
    if (!in) {
        sh_game_free(s.game);
        cli_error("out of memory");
        return 1;
    }
    char line[1024];
    for (;;) {
        if (s.interactive) {
            const ShClock *c = sh_game_clock_const(s.game);
            if (c && sh_game_result(s.game, NULL) == SH_RESULT_NONE) {
                char w[32], b[32];
                int64_t tw = sh_clock_remaining(c, SH_WHITE), tb = sh_clock_remaining(c, SH_BLACK);
                sh_time_format(tw > 0 ? tw : 0, w, sizeof w);
                sh_time_format(tb > 0 ? tb : 0, b, sizeof b);
                printf("[%s %s] ", w, b);
            }
            printf("%s> ", s.asking_undo ? "yes/no"
                           : sh_game_result(s.game, NULL) != SH_RESULT_NONE ? "over"
                                                                             : SIDE[to_move(&s)]);
        }
        fflush(stdout);
        int got = input_line(in, line, sizeof line, flag_timeout(&s));
        if (got == 0)
            break;
        if (got < 0 || !s.fake_clock) {
            sh_game_update(s.game);
            if (sh_game_result(s.game, NULL) != SH_RESULT_NONE && !s.announced) {
                if (s.interactive)
                    printf("\n");
                announce(&s);
            }
            if (got < 0)
                continue;
        }
        if (!command(&s, line))
            break;
    }
    fflush(stdout);
    free(in);
    sh_game_free(s.game);
    return 0;
}
