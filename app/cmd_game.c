/* cmd_game.c - shashki game: people at one terminal, two, three or four as the game has them,
 * with clocks and the arbiter, in any game.
 *
 * The game itself (moves, rules, offers, clocks, the record) is the library's, through the game
 * interface (ShPlay); this file only talks to the people. What only the draughts games have
 * (a compulsory capture, the draw counts) is read from their ShGame. Input is read with poll()
 * so that a clock can run out while nobody types: the wait for a line ends when the flag of
 * the player to move falls. */
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
    "usage: shashki game [--variant NAME] [--settings S] [--time CONTROL]\n"
    "                    [--fen POSITION | --opening CODE] [--white NAME] [--black NAME]\n"
    "                    [--players NAME,NAME,...] [--repetition claimed|automatic]\n"
    "                    [--no-board] [--fake-clock] [--numeric|--algebraic]\n"
    "\n"
    "People play at one terminal, two or, in Novgorod and Neva, three or four. After each\n"
    "move the board and the clocks are shown; moves are typed in any notation the game reads\n"
    "(c3-d4, c3:e5, 22-18, cd4, b:d6 ...; an other game's as shashki moves writes them). The\n"
    "arbiter ends the game by the rules (no move, repetition, the 15-, 5-, 30- and 60-move\n"
    "counts, an other game's own end, the flags) and says why.\n"
    "\n"
    "  --time CONTROL    clocks: 45m, 5m+3s, 1h10m/35+15m, 2h/50+1h/25, 5m+d3s (a Bronstein\n"
    "                    delay), or a preset: micro-match, hour, ballot, rapid-10, rapid-30,\n"
    "                    blitz-3, blitz-5, tiebreak-20, tiebreak-10, international\n"
    "  --variant NAME    another game, any of shashki's (shashki moves --help lists them),\n"
    "                    with its own rules and draw counts; a flying-start game's set-up is\n"
    "                    drawn by lot; an other game's board is drawn from its cells (a grid,\n"
    "                    or rows of named cells), each piece its player's letter\n"
    "  --settings S      an other game's choices (KEY=VALUE,...: shashki other list)\n"
    "  --fen POSITION    start from this position (--position too): a FEN, or an other\n"
    "                    game's position text\n"
    "  --opening CODE    start from an opening ballot: 1-III, FMJD 45-IX (shashki openings;\n"
    "                    Russian, giveaway and northern)\n"
    "  --white NAME, --black NAME   the first two players' names, for the record\n"
    "  --players A,B,... every player's name, in the order they move\n"
    "  --repetition claimed|automatic\n"
    "                    a threefold repetition must be claimed (the rule between people,\n"
    "                    the default) or ends the game at once\n"
    "  --no-board        show the board only when asked\n"
    "  --fake-clock      the clocks move only with 'wait' (tests and demonstrations)\n"
    CLI_NOTATION_HELP_AT("                    ")
    "                    (the moves shown and the record)\n"
    "\n"
    "Commands:\n"
    "  MOVE [draw]       play a move (and offer a draw with it)\n"
    "  draw              offer a draw for the player who has just moved: in the draughts\n"
    "                    games only right after one's own move (1.9.3); games of three or\n"
    "                    four players have no draws\n"
    "  accept, decline   answer a draw offer; a move declines it too\n"
    "  claim [MOVE]      claim a draw by threefold repetition, or by the move that repeats\n"
    "  resign [PLAYER]   the player to move (or the one named) resigns; with three or four\n"
    "                    players the others share the point\n"
    "  undo              take the last move back, if the others agree (yes or no)\n"
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
    ShPlay *play;
    CliNotation notation; /* how moves are shown and the record written */
    ShFakeTime fake;
    bool fake_clock, show_board, interactive, asking_undo, announced;
} Session;

static const char *player(const Session *s, int p)
{
    const ShKind *kind = sh_play_kind(s->play);
    return p >= 0 && p < kind->players ? kind->player_names[p] : "?";
}

static int players(const Session *s)
{
    return sh_play_kind(s->play)->players;
}

static int to_move(const Session *s)
{
    return sh_play_to_move(s->play, -1);
}

static bool over(const Session *s)
{
    return sh_play_over(s->play);
}

/* "White 5:00, Black 4:53" */
static void clocks_text(const Session *s, const char *between, char *out, size_t size)
{
    const ShClock *c = sh_play_clock(s->play);
    size_t n = 0;
    out[0] = '\0';
    for (int p = 0; c && p < players(s) && n < size; p++) {
        char t[32];
        int64_t left = sh_clock_remaining(c, p);
        sh_time_format(left > 0 ? left : 0, t, sizeof t);
        n += (size_t)snprintf(out + n, size - n, "%s%s%s%s", p ? between : "",
                              *between == ',' ? player(s, p) : "", *between == ',' ? " " : "", t);
    }
}

static void print_clocks(const Session *s)
{
    const ShClock *c = sh_play_clock(s->play);
    if (!c)
        return;
    char text[256];
    clocks_text(s, ", ", text, sizeof text);
    printf("clocks: %s%s\n", text, c->paused ? " (paused)" : "");
}

static void announce(Session *s)
{
    ShVerdict v;
    sh_play_verdict(s->play, &v);
    if (!v.over || s->announced)
        return;
    printf("game over: %s (%s)\n", v.reason, v.result);
    s->announced = true;
}

static void print_status(Session *s)
{
    if (over(s)) {
        announce(s);
        return;
    }
    const ShGame *game = sh_play_game(s->play);
    int side = to_move(s);
    printf("%s to move%s\n", player(s, side),
           game && sh_moves_capture_pending(sh_game_position(game)) ? " (a capture is compulsory)"
                                                                    : "");
    int offer = sh_play_draw_offer(s->play);
    if (offer >= 0)
        printf("%s offers a draw: %s may accept, decline, or move\n", player(s, offer),
               player(s, offer ^ 1));
    int repetitions = sh_play_repetitions(s->play);
    if (repetitions >= 3)
        printf("this position has occurred %d times: %s may claim a draw\n", repetitions,
               player(s, side));
    ShDrawCount counts[4];
    int n = game ? sh_game_draw_counts(game, counts) : 0;
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
        cli_play_board_print(stdout, s->play, -1);
    print_status(s);
}

/* Move `ply` (0-based) as "12. c3-d4" or "12... f6-g5" (a move of the first player takes the
 * number's dot, the others' the three dots). */
static bool numeric(const Session *s)
{
    return cli_numeric(sh_play_kind(s->play), s->notation);
}

static void print_move_at(const Session *s, int ply)
{
    ShPlayMove m;
    if (sh_play_move_at(s->play, ply, &m, NULL) != SH_OK)
        return;
    char text[SH_PLAY_MOVE_TEXT_SIZE];
    cli_play_move_at_text(s->play, ply, numeric(s), text, sizeof text);
    int number = 1 + (ply + sh_play_to_move(s->play, 0)) / players(s);
    printf("%d%s %s\n", number, m.player == 0 ? "." : "...", text);
}

static void print_move(const Session *s)
{
    print_move_at(s, sh_play_ply_count(s->play) - 1);
}

static void report(const ShError *err)
{
    printf("error: %s\n", err->message);
}

static void play_move(Session *s, const char *text, bool offer)
{
    ShError err;
    int mover = to_move(s);
    bool had_offer = sh_play_draw_offer(s->play) >= 0;
    if (sh_play_move(s->play, text, NULL, &err) != SH_OK) {
        report(&err);
        announce(s);
        return;
    }
    print_move(s);
    if (had_offer && sh_play_draw_offer(s->play) < 0)
        printf("the draw offer is declined by the move\n");
    if (offer && !over(s)) {
        if (sh_play_offer_draw(s->play, mover, &err) == SH_OK)
            printf("%s offers a draw\n", player(s, mover));
        else
            report(&err);
    }
    show_position(s);
}

static void list_moves(const Session *s)
{
    int count = 0;
    ShPlayMove *moves = sh_play_moves(s->play, &count);
    for (int i = 0; i < count; i++) {
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        cli_play_move_text(s->play, &moves[i], numeric(s), text, sizeof text);
        printf("%s%s", i ? " " : "", text);
    }
    printf(count ? "\n" : "no legal moves\n");
    free(moves);
}

static void save(const Session *s, const char *file)
{
    char *text = NULL;
    ShError err;
    if (cli_play_pdn(s->play, s->notation, false, &text, &err) != SH_OK) {
        report(&err);
        return;
    }
    cli_save_text(text, file);
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

/* A word that is meant as a move: a square number (22-18), a placing (*d4), or a square's
 * file and rank or the semi-short form of the Russian books (c3-d4, cd4, b:d6). */
static bool looks_like_move(const char *w)
{
    char c = (char)(w[0] | 0x20);
    return (w[0] >= '0' && w[0] <= '9') || w[0] == '*' ||
           (c >= 'a' && c <= 'l' && w[1] >= '0' && w[1] <= '9') ||
           (c >= 'a' && c <= 'h' && w[1] && strchr("abcdefghABCDEFGH:x-", w[1]));
}

/* "draw" alone: the player who has just moved offers a draw. */
static void offer_draw(Session *s)
{
    ShError err;
    int plies = sh_play_ply_count(s->play);
    int offerer;
    if (plies > 0) {
        ShPlayMove last;
        sh_play_move_at(s->play, plies - 1, &last, NULL);
        offerer = last.player;
    } else if (sh_play_game(s->play)) {
        /* no move yet: the rules (1.9.3) let a player offer a draw only with a move of its own */
        printf("error: no move has been made yet: %s may offer a draw with a move (MOVE draw), "
               "%s right after making one (1.9.3)\n",
               player(s, to_move(s)), player(s, to_move(s) ^ 1));
        return;
    } else {
        offerer = to_move(s);
    }
    if (sh_play_offer_draw(s->play, offerer, &err) != SH_OK)
        report(&err);
    else
        printf("%s offers a draw: %s may accept, decline, or move\n", player(s, offerer),
               player(s, offerer ^ 1));
}

static void answer_draw(Session *s, bool accept)
{
    ShError err;
    int offer = sh_play_draw_offer(s->play);
    int who = offer >= 0 && players(s) == 2 ? offer ^ 1 : to_move(s);
    ShStatus st = accept ? sh_play_accept_draw(s->play, who, &err)
                         : sh_play_decline_draw(s->play, who, &err);
    if (st != SH_OK)
        report(&err);
    else if (accept)
        announce(s);
    else
        printf("%s declines the draw\n", player(s, who));
}

static void claim(Session *s, const char *move)
{
    ShError err;
    bool granted = false;
    if (sh_play_claim_draw(s->play, move, &granted, &err) != SH_OK) {
        report(&err);
        return;
    }
    if (move)
        print_move(s);
    if (granted) {
        announce(s);
    } else {
        printf("no threefold repetition: the move stands and the game goes on\n");
        show_position(s);
    }
}

static void resign(Session *s, const char *name)
{
    ShError err;
    int who = to_move(s);
    for (int p = 0; name && p < players(s); p++)
        if (strcasecmp(name, player(s, p)) == 0)
            who = p;
    if (sh_play_resign(s->play, who, &err) != SH_OK)
        report(&err);
    else
        announce(s);
}

static void ask_undo(Session *s)
{
    int ply = sh_play_ply_count(s->play);
    if (ply <= sh_play_opening_plies(s->play)) {
        printf("error: %s\n", ply ? "the opening ballot's moves cannot be taken back"
                                  : "no move to take back");
        return;
    }
    ShPlayMove m;
    if (sh_play_move_at(s->play, ply - 1, &m, NULL) != SH_OK)
        return;
    char text[SH_PLAY_MOVE_TEXT_SIZE];
    cli_play_move_at_text(s->play, ply - 1, numeric(s), text, sizeof text);
    printf("%s asks to take back %s: %s, do you agree? (yes or no)\n", player(s, m.player),
           text, players(s) == 2 ? player(s, m.player ^ 1) : "the others");
    s->asking_undo = true;
}

/* The answer to "may the move be taken back?"; false to leave. */
static bool answer_undo(Session *s, const char *word)
{
    ShError err;
    if (strcasecmp(word, "yes") == 0 || strcasecmp(word, "y") == 0) {
        s->asking_undo = false;
        if (sh_play_undo(s->play, &err) != SH_OK) {
            report(&err);
            return true;
        }
        s->announced = false;
        printf("the move is taken back\n");
        show_position(s);
    } else if (strcasecmp(word, "no") == 0 || strcasecmp(word, "n") == 0) {
        s->asking_undo = false;
        printf("the move stands\n");
    } else if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0) {
        return false;
    } else {
        printf("answer yes or no: may the move be taken back?\n");
    }
    return true;
}

static void clock_command(Session *s, const char *cmd, const char *arg)
{
    bool has_clock = sh_play_clock(s->play) != NULL;
    if (strcmp(cmd, "time") == 0) {
        if (has_clock)
            print_clocks(s);
        else
            printf("no clocks: start with --time to have them\n");
    } else if (strcmp(cmd, "pause") == 0 || strcmp(cmd, "resume") == 0) {
        if (!has_clock) {
            printf("error: no clocks\n");
        } else {
            sh_play_pause_clock(s->play, cmd[0] == 'p');
            print_clocks(s);
        }
    } else { /* wait */
        int64_t ms = arg ? duration_of(arg) : -1;
        if (!s->fake_clock)
            printf("error: wait needs --fake-clock; real clocks run by themselves\n");
        else if (ms < 0)
            printf("error: wait needs a duration such as 30s or 4m59s\n");
        else {
            s->fake.now_ms += ms;
            sh_play_update(s->play);
            if (over(s))
                announce(s);
            else
                print_clocks(s);
        }
    }
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
    if (s->asking_undo)
        return answer_undo(s, cmd);
    if (strcmp(cmd, "quit") == 0 || strcmp(cmd, "exit") == 0)
        return false;
    if (strcmp(cmd, "help") == 0) {
        fputs(strstr(GAME_HELP, "Commands:"), stdout);
    } else if (strcmp(cmd, "board") == 0) {
        cli_play_board_print(stdout, s->play, -1);
        print_status(s);
    } else if (strcmp(cmd, "moves") == 0) {
        list_moves(s);
    } else if (strcmp(cmd, "draw") == 0 || strcmp(cmd, "offer") == 0) {
        offer_draw(s);
    } else if (strcmp(cmd, "accept") == 0 || strcmp(cmd, "decline") == 0) {
        answer_draw(s, cmd[0] == 'a');
    } else if (strcmp(cmd, "claim") == 0) {
        claim(s, n > 1 ? words[1] : NULL);
    } else if (strcmp(cmd, "resign") == 0) {
        resign(s, n > 1 ? words[1] : NULL);
    } else if (strcmp(cmd, "undo") == 0) {
        ask_undo(s);
    } else if (strcmp(cmd, "time") == 0 || strcmp(cmd, "pause") == 0 ||
               strcmp(cmd, "resume") == 0 || strcmp(cmd, "wait") == 0) {
        clock_command(s, cmd, n > 1 ? words[1] : NULL);
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

/* Milliseconds until the flag of the player to move falls, or -1 if no clock runs. */
static int flag_timeout(const Session *s)
{
    const ShClock *c = sh_play_clock(s->play);
    if (!c || s->fake_clock || c->running < 0 || c->paused || over(s))
        return -1;
    int64_t left = sh_clock_remaining(c, c->running);
    if (left < 0)
        return 0;
    return left >= INT_MAX - 1 ? INT_MAX - 1 : (int)left + 1;
}

/* ---- the start ---- */

typedef struct Options {
    const ShKind *kind;
    const char *time, *position, *opening, *settings;
    const char *names[SH_MAX_PLAYERS];
    char name_list[512];
    bool automatic;
} Options;

static int parse(int argc, char **argv, Session *s, Options *o)
{
    memset(o, 0, sizeof *o);
    o->kind = cli_kind_default();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--variant") == 0 && has_value) {
            if (!cli_parse_kind(argv[++i], &o->kind))
                return 2;
        } else if (strcmp(a, "--time") == 0 && has_value)
            o->time = argv[++i];
        else if ((strcmp(a, "--fen") == 0 || strcmp(a, "--position") == 0) && has_value)
            o->position = argv[++i];
        else if (strcmp(a, "--opening") == 0 && has_value)
            o->opening = argv[++i];
        else if (strcmp(a, "--settings") == 0 && has_value)
            o->settings = argv[++i];
        else if (strcmp(a, "--white") == 0 && has_value)
            o->names[0] = argv[++i];
        else if (strcmp(a, "--black") == 0 && has_value)
            o->names[1] = argv[++i];
        else if (strcmp(a, "--players") == 0 && has_value) {
            snprintf(o->name_list, sizeof o->name_list, "%s", argv[++i]);
            char *save = NULL;
            int p = 0;
            for (char *w = strtok_r(o->name_list, ",", &save); w && p < SH_MAX_PLAYERS;
                 w = strtok_r(NULL, ",", &save))
                o->names[p++] = w;
        } else if (strcmp(a, "--repetition") == 0 && has_value) {
            const char *r = argv[++i];
            if (strcmp(r, "claimed") == 0 || strcmp(r, "automatic") == 0) {
                o->automatic = r[0] == 'a';
            } else {
                cli_error("--repetition takes claimed or automatic, not '%s'", r);
                return 2;
            }
        } else if (strcmp(a, "--no-board") == 0)
            s->show_board = false;
        else if (strcmp(a, "--fake-clock") == 0)
            s->fake_clock = true;
        else if (cli_notation_option(a, &s->notation))
            continue;
        else {
            cli_error("unknown or incomplete option '%s' (see shashki game --help)", a);
            return 2;
        }
    }
    if (o->position && o->opening) {
        cli_error("--fen and --opening both give the start: choose one");
        return 2;
    }
    return 0;
}

/* The game, its clock and its tags; false with the error printed. */
static bool start(Session *s, const Options *o, char control[SH_TIME_CONTROL_SIZE])
{
    ShError err;
    if (sh_kind_check_settings(o->kind, o->settings, &err) != SH_OK) {
        cli_report("bad --settings", &err);
        return false;
    }
    ShPlayOptions options = {.settings = o->settings, .start = o->position,
                             .opening = o->opening, .lot = (uint64_t)time(NULL),
                             .automatic_draws = o->automatic};
    if (sh_play_new(&s->play, o->kind, &options, &err) != SH_OK) {
        cli_error("%s '%s': %s",
                  o->opening ? "opening" : cli_kind_draughts(o->kind) ? "FEN" : "position",
                  o->opening ? o->opening : o->position, err.message);
        return false;
    }
    ShTimeControl tc;
    if (o->time) {
        if (sh_timecontrol_preset(o->time, &tc, NULL) != SH_OK &&
            sh_timecontrol_parse(o->time, &tc, &err) != SH_OK) {
            cli_error("--time '%s': %s", o->time, err.message);
            return false;
        }
        ShTimeSource source = s->fake_clock ? sh_time_fake(&s->fake) : sh_time_monotonic();
        if (sh_play_set_clock(s->play, &tc, source, &err) != SH_OK) {
            cli_error("--time '%s': %s", o->time, err.message);
            return false;
        }
        char tag[SH_TIME_CONTROL_SIZE];
        sh_timecontrol_write(&tc, control);
        sh_timecontrol_write_pdn(&tc, tag); /* the record's tag in PDN's form: 300+3 */
        sh_play_set_tag(s->play, "TimeControl", tag, NULL);
    }
    char date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    sh_play_set_tag(s->play, "Event", "Shashki game", NULL);
    sh_play_set_tag(s->play, "Date", date, NULL);
    for (int p = 0; p < players(s); p++)
        sh_play_set_tag(s->play, sh_play_player_tag(p), o->names[p] ? o->names[p] : "?", NULL);
    return true;
}

/* "shashki game: A (White) against B (Black), time control ..., ballot .... Type help ..." */
static void greet(const Session *s, const Options *o, const char *control)
{
    printf("shashki game: ");
    for (int p = 0; p < players(s); p++)
        printf("%s%s (%s)", p == 0 ? "" : players(s) == 2 ? " against " : p + 1 < players(s) ? ", " : " and ",
               o->names[p] ? o->names[p] : "?", player(s, p));
    if (o->time)
        printf(", time control %s", control);
    if (o->opening)
        printf(", ballot %s", sh_play_opening(s->play));
    printf(". Type help for the commands.\n");
    int plies = sh_play_ply_count(s->play);
    for (int i = 0; i < plies; i++) {
        char text[SH_PLAY_MOVE_TEXT_SIZE];
        cli_play_move_at_text(s->play, i, numeric(s), text, sizeof text);
        printf("%s%s", i ? " " : "ballot moves: ", text);
    }
    if (plies)
        printf("\n");
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
    Options o;
    int status = parse(argc, argv, &s, &o);
    if (status)
        return status;
    char control[SH_TIME_CONTROL_SIZE] = "";
    Input *in = calloc(1, sizeof *in);
    if (!in || !start(&s, &o, control)) {
        free(in);
        sh_play_free(s.play);
        return in ? 2 : 1;
    }
    s.interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    greet(&s, &o, control);
    sh_play_start_clock(s.play);
    show_position(&s);
    char line[1024];
    for (;;) {
        if (s.interactive) {
            if (sh_play_clock(s.play) && !over(&s)) {
                char clocks[256];
                clocks_text(&s, " ", clocks, sizeof clocks);
                printf("[%s] ", clocks);
            }
            printf("%s> ", s.asking_undo ? "yes/no" : over(&s) ? "over" : player(&s, to_move(&s)));
        }
        fflush(stdout);
        int got = input_line(in, line, sizeof line, flag_timeout(&s));
        if (got == 0)
            break;
        if (got < 0 || !s.fake_clock) {
            sh_play_update(s.play);
            if (over(&s) && !s.announced) {
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
    sh_play_free(s.play);
    return 0;
}
