/* test_dxp.c - DXP, the DamExchange Protocol: the messages (tests/data/dxp/messages.txt), the
 * positions and moves they carry (tests/data/dxp/moves.txt), a round trip of every legal
 * move of random games, a server driven by hand over a socket (bad messages, refused games,
 * taking back, an illegal move), how games end and count (tests/data/dxp/endings.txt: the
 * GAMEEND reasons, reason 0 among them, and the move limit) and a match between two instances
 * of the program over loopback whose games are replayed and checked with the library. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dxp.h"
#include "test.h"

/* ---- the data files ---- */

/* "\xNN" escapes into bytes. */
static void unescape(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = in; *p && n + 1 < size;) {
        if (p[0] == '\\' && p[1] == 'x' && p[2] && p[3]) {
            char hex[3] = {p[2], p[3], 0};
            out[n++] = (char)strtol(hex, NULL, 16);
            p += 4;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
}

static void describe(const DxpMessage *m, char *out, size_t size)
{
    switch (m->kind) {
    case DXP_CHAT:
        snprintf(out, size, "CHAT text=\"%s\"", m->text);
        break;
    case DXP_GAMEREQ: {
        int n = snprintf(out, size, "GAMEREQ version=%d name=\"%s\" follower=%c minutes=%d moves=%d ",
                         m->version, m->name, m->follower == SH_WHITE ? 'W' : 'Z', m->minutes,
                         m->moves);
        if (m->has_board)
            snprintf(out + n, size - (size_t)n, "board=%c%s", m->to_move == SH_WHITE ? 'W' : 'Z',
                     m->board);
        else
            snprintf(out + n, size - (size_t)n, "start");
        break;
    }
    case DXP_GAMEACC:
        snprintf(out, size, "GAMEACC name=\"%s\" code=%d", m->name, m->code);
        break;
    case DXP_MOVE: {
        int n = snprintf(out, size, "MOVE seconds=%d from=%d to=%d captured=", m->seconds, m->from,
                         m->to);
        for (int i = 0; i < m->captured_count && (size_t)n < size; i++)
            n += snprintf(out + n, size - (size_t)n, "%s%d", i ? "," : "", m->captured[i]);
        break;
    }
    case DXP_GAMEEND:
        snprintf(out, size, "GAMEEND reason=%d stop=%d", m->reason, m->stop);
        break;
    case DXP_BACKREQ:
        snprintf(out, size, "BACKREQ move=%d color=%c", m->move_number,
                 m->to_move == SH_WHITE ? 'W' : 'Z');
        break;
    case DXP_BACKACC:
        snprintf(out, size, "BACKACC code=%d", m->code);
        break;
    default:
        snprintf(out, size, "?");
    }
}

static void message_cases(void)
{
    char *text = test_read_file(test_data("dxp/messages.txt"), NULL);
    test_case("read dxp/messages.txt");
    CHECK(text);
    if (!text)
        return;
    int cases = 0, line_no = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (!*line || line[0] == '#')
            continue;
        char *arrow = strstr(line, " => ");
        char *space = strchr(line, ' ');
        test_case("dxp/messages.txt:%d %.60s", line_no, line);
        CHECK_MSG(arrow && space && space <= arrow, "a line needs 'KIND MESSAGE => EXPECTED'");
        if (!arrow || !space || space > arrow)
            continue;
        *arrow = '\0';
        *space = '\0';
        const char *kind = line, *expected = arrow + 4;
        char message[512];
        unescape(space + 1, message, sizeof message);
        DxpMessage m;
        ShError err;
        ShStatus st = dxp_message_parse(message, &m, &err);
        cases++;
        if (strcmp(kind, "bad") == 0) {
            int column = atoi(expected);
            const char *words = strchr(expected, ' ');
            CHECK_INT(st, SH_ERR_SYNTAX);
            CHECK_INT(err.column, column);
            CHECK_MSG(words && strstr(err.message, words + 1), "message '%s' lacks '%s'",
                      err.message, words ? words + 1 : "");
            continue;
        }
        CHECK_MSG(st == SH_OK, "refused: %s (column %d)", err.message, err.column);
        if (st != SH_OK)
            continue;
        char out[DXP_MESSAGE_SIZE];
        CHECK_INT(dxp_message_format(&m, out, &err), SH_OK);
        if (strcmp(kind, "ok") == 0) {
            char fields[512];
            describe(&m, fields, sizeof fields);
            CHECK_STR(fields, expected);
            CHECK_STR(out, message);
        } else {
            CHECK_STR(out, expected);
        }
    }
    free(text);
    test_case("dxp/messages.txt holds cases");
    CHECK(cases > 60);
}

static void move_cases(void)
{
    char *text = test_read_file(test_data("dxp/moves.txt"), NULL);
    test_case("read dxp/moves.txt");
    CHECK(text);
    if (!text)
        return;
    int cases = 0, line_no = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (!*line || line[0] == '#')
            continue;
        test_case("dxp/moves.txt:%d %.60s", line_no, line);
        char *arrow = strstr(line, " => ");
        CHECK(arrow);
        if (!arrow)
            continue;
        *arrow = '\0';
        const char *expected = arrow + 4;
        ShError err;
        cases++;
        if (strncmp(line, "position ", 9) == 0) {
            ShPosition pos, back;
            CHECK_INT(sh_fen_read_variant(line + 9, SH_VARIANT_INTERNATIONAL, &pos, &err), SH_OK);
            char board[DXP_BOARD_SQUARES + 1], got[64];
            dxp_position_write(&pos, board);
            snprintf(got, sizeof got, "%c %s", sh_position_side(&pos) == SH_WHITE ? 'W' : 'Z',
                     board);
            CHECK_STR(got, expected);
            CHECK_INT(dxp_position_read(SH_VARIANT_INTERNATIONAL, sh_position_side(&pos), board,
                                        &back, &err),
                      SH_OK);
            CHECK(sh_position_equal(&pos, &back));
        } else if (strncmp(line, "board ", 6) == 0) {
            ShPosition pos;
            ShColor side = line[6] == 'W' ? SH_WHITE : SH_BLACK;
            ShStatus st = dxp_position_read(SH_VARIANT_INTERNATIONAL, side, line + 8, &pos, &err);
            CHECK_STR(sh_status_name(st), expected + 2);
        } else if (strncmp(line, "move ", 5) == 0) {
            char *bar = strstr(line, " | ");
            CHECK(bar);
            if (!bar)
                continue;
            *bar = '\0';
            ShPosition pos;
            CHECK_INT(sh_fen_read_variant(line + 5, SH_VARIANT_INTERNATIONAL, &pos, &err), SH_OK);
            DxpMessage m;
            ShMove move;
            ShStatus st = dxp_message_parse(bar + 3, &m, &err);
            if (st == SH_OK)
                st = dxp_move_find(&pos, &m, &move, &err);
            if (expected[0] == '!') {
                CHECK_STR(sh_status_name(st), expected + 2);
                CHECK_MSG(st == SH_ERR_SYNTAX || strstr(err.message, "legal moves"),
                          "the error lists no legal moves: %s", err.message);
            } else {
                CHECK_MSG(st == SH_OK, "%s", err.message);
                char got[SH_MOVE_TEXT_SIZE] = "";
                if (st == SH_OK)
                    sh_move_write(&pos, &move, SH_NOTATION_HUB, got, NULL);
                CHECK_STR(got, expected);
            }
        } else {
            CHECK_MSG(false, "unknown line");
        }
    }
    free(text);
    test_case("dxp/moves.txt holds cases");
    CHECK(cases > 15);
}

/* Every legal move of random games goes through a MOVE message and back to itself; every
 * position through a GAMEREQ board and back; and a capture sent without its squares is
 * taken exactly when no other capture has the same from and to. */
static void round_trips(void)
{
    test_case("round trips of the legal moves of 60 random international games");
    uint64_t seed = 14;
    int moves = 0, ambiguous = 0;
    for (int game = 0; game < 60 && !test_case_failed(); game++) {
        ShPosition pos;
        sh_position_start(&pos, SH_VARIANT_INTERNATIONAL);
        for (int ply = 0; ply < 200; ply++) {
            ShMoveList list;
            sh_moves_generate(&pos, &list);
            if (list.count == 0)
                break;
            char board[DXP_BOARD_SQUARES + 1];
            ShPosition back;
            dxp_position_write(&pos, board);
            CHECK_INT(dxp_position_read(SH_VARIANT_INTERNATIONAL, sh_position_side(&pos), board,
                                        &back, NULL),
                      SH_OK);
            CHECK(sh_position_equal(&pos, &back));
            for (int i = 0; i < list.count; i++) {
                DxpMessage m, read;
                char text[DXP_MESSAGE_SIZE];
                ShMove found;
                ShError err;
                dxp_move_message(&pos, &list.moves[i], 3, &m);
                CHECK_INT(dxp_message_format(&m, text, NULL), SH_OK);
                CHECK_INT(dxp_message_parse(text, &read, NULL), SH_OK);
                CHECK_INT(dxp_move_find(&pos, &read, &found, &err), SH_OK);
                CHECK(sh_move_equal(&found, &list.moves[i]));
                moves++;
                if (!sh_move_is_capture(&list.moves[i]))
                    continue;
                int same = 0;
                for (int j = 0; j < list.count; j++)
                    same += sh_move_from(&list.moves[j]) == sh_move_from(&list.moves[i]) &&
                            sh_move_to(&list.moves[j]) == sh_move_to(&list.moves[i]);
                read.captured_count = 0;
                ShStatus st = dxp_move_find(&pos, &read, &found, &err);
                CHECK_INT(st, same == 1 ? SH_OK : SH_ERR_AMBIGUOUS_MOVE);
                ambiguous += same > 1;
            }
            sh_position_play(&pos, &list.moves[test_random(&seed) % (uint64_t)list.count], &pos);
        }
    }
    /* the seed gives 43787 moves, 2 of them captures that need their squares */
    CHECK_MSG(moves > 10000 && ambiguous > 0, "%d moves, %d ambiguous without their squares",
              moves, ambiguous);
}

/* ---- a program under test, started with a pipe on its standard output ---- */

typedef struct Child {
    pid_t pid;
    FILE *out;
} Child;

static bool child_start(Child *c, const char *command)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    c->pid = fork();
    if (c->pid < 0)
        return false;
    if (c->pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    c->out = fdopen(fds[0], "r");
    return c->out != NULL;
}

/* Read the rest of its output, wait for it; returns its exit status (-1 if it died). */
static int child_finish(Child *c, char *rest, size_t size)
{
    size_t n = 0;
    if (size)
        rest[0] = '\0';
    for (int ch; (ch = fgetc(c->out)) != EOF;)
        if (n + 1 < size) {
            rest[n++] = (char)ch;
            rest[n] = '\0';
        }
    fclose(c->out);
    int status;
    if (waitpid(c->pid, &status, 0) != c->pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Start `shashki dxp serve --port 0 ...`; the port from its first line (0 if none). */
static int server_start(Child *server, const char *options)
{
    char command[1024];
    snprintf(command, sizeof command, "%s dxp serve --port 0 --once --timeout 60 %s",
             test_program(), options);
    if (!child_start(server, command))
        return 0;
    char line[256];
    if (!fgets(line, sizeof line, server->out) || strncmp(line, "listening on 127.0.0.1:", 23) != 0)
        return 0;
    return atoi(line + 23);
}

/* ---- a hand-driven initiator ---- */

static int peer_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

static void peer_send(int fd, const char *message)
{
    CHECK(send(fd, message, strlen(message) + 1, MSG_NOSIGNAL) == (ssize_t)strlen(message) + 1);
}

/* The next message (1), the end of the connection (0), or nothing for 30 s (-1). */
static int peer_receive(int fd, char *out, size_t size)
{
    size_t n = 0;
    for (;;) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 30000) <= 0)
            return -1;
        char c;
        ssize_t k = recv(fd, &c, 1, 0);
        if (k <= 0)
            return 0;
        if (c == '\0') {
            out[n] = '\0';
            return 1;
        }
        if (n + 1 < size)
            out[n++] = c;
    }
}

static int two_digits(const char *p)
{
    return (p[0] - '0') * 10 + (p[1] - '0');
}

/* The legal move of pos a MOVE message names (read by hand here): its index, or -1. */
static int legal_index(const ShPosition *pos, const char *text, const ShMoveList *list)
{
    size_t len = strlen(text);
    if (text[0] != 'M' || len < 11)
        return -1;
    int from = two_digits(text + 5) - 1, to = two_digits(text + 7) - 1, n = two_digits(text + 9);
    if (len != (size_t)(11 + 2 * n))
        return -1;
    for (int i = 0; i < list->count; i++) {
        const ShMove *m = &list->moves[i];
        int sq[SH_MAX_CAPTURES], k = sh_move_captured_squares(m, sq);
        if (sh_move_from(m) != from || sh_move_to(m) != to || k != n)
            continue;
        bool all = true;
        for (int j = 0; j < n && all; j++) {
            int c = two_digits(text + 11 + 2 * j) - 1;
            bool in = false;
            for (int q = 0; q < k; q++)
                in = in || sq[q] == c;
            all = in;
        }
        if (all)
            return i;
    }
    (void)pos;
    return -1;
}

/* Receive the server's move and play it on pos; false if it is not a legal move. */
static bool server_moves(int fd, ShPosition *pos)
{
    char text[256];
    if (peer_receive(fd, text, sizeof text) != 1)
        return false;
    ShMoveList list;
    sh_moves_generate(pos, &list);
    int i = legal_index(pos, text, &list);
    CHECK_MSG(i >= 0, "the server's move '%s' is not legal", text);
    if (i < 0)
        return false;
    sh_position_play(pos, &list.moves[i], pos);
    return true;
}

static void send_move(int fd, ShPosition *pos, const ShMove *m)
{
    int sq[SH_MAX_CAPTURES], k = sh_move_captured_squares(m, sq);
    char text[128];
    int n = snprintf(text, sizeof text, "M0001%02d%02d%02d", sh_move_from(m) + 1, sh_move_to(m) + 1,
                     k);
    for (int j = 0; j < k; j++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%02d", sq[j] + 1);
    peer_send(fd, text);
    sh_position_play(pos, m, pos);
}

static void hand_driven(void)
{
    test_case("dxp serve driven by hand: bad messages, refused games, take-back, an illegal move");
    Child server;
    int port = server_start(&server, "--nodes 300 --name follower");
    CHECK_MSG(port > 0, "the server did not say its port");
    if (port <= 0)
        return;
    int fd = peer_connect(port);
    CHECK(fd >= 0);
    char text[256], name[40];
    snprintf(name, sizeof name, "%-32s", "hand");
    if (fd >= 0) {
        /* not DXP: answered with a chat saying why */
        peer_send(fd, "Rxx");
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(text[0] == 'C' && strstr(text, "could not read"), "got '%s'", text);
        peer_send(fd, "CHello from the test");
        /* another protocol version; a position with a white man on its crowning row */
        char req[256];
        snprintf(req, sizeof req, "R02%sW001000A", name);
        peer_send(fd, req);
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(strlen(text) == 34 && text[0] == 'A' && text[33] == '1', "got '%s'", text);
        CHECK_MSG(strncmp(text + 1, "follower ", 9) == 0, "got '%s'", text);
        snprintf(req, sizeof req, "R01%sW001000BWw%049d", name, 0);
        for (char *p = req + 45; *p; p++)
            *p = 'e';
        peer_send(fd, req);
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(text[0] == 'A' && text[33] == '2', "got '%s'", text);
        /* a game: the server has White and moves first */
        snprintf(req, sizeof req, "R01%sW001000A", name);
        peer_send(fd, req);
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(text[0] == 'A' && text[33] == '0', "got '%s'", text);
        ShPosition pos, start;
        sh_position_start(&start, SH_VARIANT_INTERNATIONAL);
        pos = start;
        uint64_t seed = 5;
        bool ok = server_moves(fd, &pos);
        for (int i = 0; i < 3 && ok; i++) {
            ShMoveList list;
            sh_moves_generate(&pos, &list);
            send_move(fd, &pos, &list.moves[test_random(&seed) % (uint64_t)list.count]);
            ok = server_moves(fd, &pos);
        }
        /* back to move 1, White to move: accepted, and the server moves again from the start */
        peer_send(fd, "B001W");
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_STR(text, "K0");
        pos = start;
        CHECK(server_moves(fd, &pos));
        /* an illegal move: a chat says so, and the server ends the game as won (reason 3) */
        peer_send(fd, "M0000010200");
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(text[0] == 'C' && strstr(text, "illegal move"), "got '%s'", text);
        CHECK_INT(peer_receive(fd, text, sizeof text), 1);
        CHECK_MSG(strcmp(text, "E30") == 0, "got '%s', expected E30", text);
        peer_send(fd, "E01");
        CHECK_INT(peer_receive(fd, text, sizeof text), 0);
        close(fd);
    }
    char rest[8192];
    int status = child_finish(&server, rest, sizeof rest);
    CHECK_INT(status, 0);
    CHECK_MSG(strstr(rest, "Game 1 (follower - hand): 1-0 {White wins: an illegal move}"),
              "the server said: %s", rest);
    CHECK_MSG(strstr(rest, "chat: Hello from the test"), "the server said: %s", rest);
}

/* ---- how games end: tests/data/dxp/endings.txt ---- */

static ShGame **read_games(const char *path, int *count);

/* One game of endings.txt on the open connection: the server's answers as the line says.
 * False when the conversation went astray (the rest of the file cannot follow). */
static bool ending_game(int fd, const char *line, int game)
{
    char kind[8], send[8] = "", answer[8];
    int n;
    bool limit = strncmp(line, "limit ", 6) == 0;
    if (limit ? sscanf(line, "%7s %d => %7s", kind, &n, answer) != 3
              : sscanf(line, "%7s %d %7s => %7s", kind, &n, send, answer) != 4) {
        CHECK_MSG(false, "a line is 'play N SEND => ANSWER RESULT {WHY}' or 'limit M => ...'");
        return false;
    }
    char req[128], text[256];
    snprintf(req, sizeof req, "R01%-32sW001%03dA", "hand", limit ? n : 0);
    peer_send(fd, req);
    CHECK_INT(peer_receive(fd, text, sizeof text), 1);
    CHECK_MSG(text[0] == 'A' && text[33] == '0', "game %d: got '%s' for the GAMEREQ", game, text);
    ShPosition pos;
    sh_position_start(&pos, SH_VARIANT_INTERNATIONAL);
    uint64_t seed = (uint64_t)game * 7 + 1;
    bool ok = server_moves(fd, &pos);
    /* our moves: each answered, but for the last of a limited game (the server then ends it) */
    for (int i = 0; i < n && ok; i++) {
        ShMoveList list;
        sh_moves_generate(&pos, &list);
        send_move(fd, &pos, &list.moves[test_random(&seed) % (uint64_t)list.count]);
        if (!limit || i + 1 < n)
            ok = server_moves(fd, &pos);
    }
    if (!ok)
        return false;
    if (!limit)
        peer_send(fd, send);
    CHECK_INT(peer_receive(fd, text, sizeof text), 1);
    CHECK_MSG(strcmp(text, answer) == 0, "game %d: got '%s', expected '%s'", game, text, answer);
    if (limit)
        peer_send(fd, "E00");
    return !test_case_failed();
}

static void ending_cases(void)
{
    char *text = test_read_file(test_data("dxp/endings.txt"), NULL);
    test_case("read dxp/endings.txt");
    CHECK(text);
    if (!text)
        return;
    char pdn[] = "/tmp/shashki-dxp-e-XXXXXX";
    int pfd = mkstemp(pdn);
    CHECK(pfd >= 0);
    close(pfd);
    char options[256];
    snprintf(options, sizeof options, "--nodes 300 --name follower --pdn %s", pdn);
    Child server;
    int port = server_start(&server, options);
    CHECK_MSG(port > 0, "the server did not say its port");
    int fd = port > 0 ? peer_connect(port) : -1;
    CHECK(fd >= 0);
    /* the expected line and result of each game */
    char expected[32][160], results[32][16], whys[32][120];
    int games = 0, line_no = 0;
    char *cursor = text;
    for (char *line; fd >= 0 && games < 32 && (line = test_next_line(&cursor));) {
        line_no++;
        if (!*line || line[0] == '#')
            continue;
        test_case("dxp/endings.txt:%d %s", line_no, line);
        const char *arrow = strstr(line, " => "), *brace = strchr(line, '{');
        char answer[8];
        CHECK_MSG(arrow && brace && sscanf(arrow + 4, "%7s %15s", answer, results[games]) == 2,
                  "no '=> ANSWER RESULT {WHY}'");
        if (test_case_failed())
            continue;
        games++;
        snprintf(expected[games - 1], sizeof expected[0], "Game %d (follower - hand): %s %s",
                 games, results[games - 1], brace);
        snprintf(whys[games - 1], sizeof whys[0], "%.*s", (int)strcspn(brace + 1, "}"),
                 brace + 1);
        if (!ending_game(fd, line, games)) {
            games--;
            break;
        }
    }
    free(text);
    test_case("dxp/endings.txt: the server's lines and PDN");
    if (fd >= 0) {
        peer_send(fd, "E01"); /* outside a game: no more games */
        char last[256];
        CHECK_INT(peer_receive(fd, last, sizeof last), 0);
        close(fd);
    }
    char rest[16384];
    if (port > 0)
        CHECK_INT(child_finish(&server, rest, sizeof rest), 0);
    for (int i = 0; i < games && port > 0; i++)
        CHECK_MSG(strstr(rest, expected[i]), "the server did not say '%s':\n%s", expected[i],
                  rest);
    int count = 0;
    ShGame **recorded = read_games(pdn, &count);
    CHECK_INT(count, games);
    for (int i = 0; recorded && i < count && i < games; i++) {
        /* the Result tag, and the Termination tag saying why (none for a game without one);
         * the reader keeps a Termination it knows as the game's reason, not as a tag */
        ShReason reason;
        ShResult r = sh_game_result(recorded[i], &reason);
        CHECK_MSG(strcmp(sh_result_pdn(r, false), results[i]) == 0, "game %d: %s in the PDN",
                  i + 1, sh_result_pdn(r, false));
        const char *termination = sh_game_tag(recorded[i], "Termination");
        char described[160];
        sh_result_describe(r, reason, described, sizeof described);
        if (r == SH_RESULT_NONE)
            CHECK_MSG(!termination, "game %d: Termination '%s'", i + 1, termination);
        else
            CHECK_STR(termination ? termination : described, whys[i]);
        sh_game_free(recorded[i]);
    }
    free(recorded);
    unlink(pdn);
}

/* ---- a match between two instances ---- */

static ShGame **read_games(const char *path, int *count)
{
    *count = 0;
    size_t size;
    char *text = test_read_file(path, &size);
    if (!text)
        return NULL;
    ShGame **games = calloc(16, sizeof *games);
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, text, size, NULL);
    for (ShGame *g; *count < 16;) {
        ShError err;
        if (sh_pdn_read_next(&reader, &g, NULL, &err) != SH_OK) {
            CHECK_MSG(false, "%s: %s", path, err.message);
            sh_game_free(g);
            break;
        }
        if (!g)
            break;
        games[(*count)++] = g;
    }
    free(text);
    return games;
}

/* Replay a recorded game move by move: each move among the legal ones, the arbiter (with
 * repetition automatic, as between programs) letting every move be played and ending the
 * game at the end with the recorded result. */
static void check_game(const ShGame *g, int number)
{
    ShGameOptions options = {SH_REPETITION_AUTOMATIC, false};
    ShGame *replay = NULL;
    CHECK_INT(sh_game_new(&replay, sh_game_start(g), &options, NULL), SH_OK);
    if (!replay)
        return;
    for (int i = 0; i < sh_game_ply_count(g); i++) {
        ShMoveList list;
        sh_moves_generate(sh_game_position(replay), &list);
        bool legal = false;
        for (int k = 0; k < list.count; k++)
            legal = legal || sh_move_equal(&list.moves[k], sh_game_move_at(g, i));
        CHECK_MSG(legal, "game %d, ply %d: not a legal move", number, i + 1);
        ShError err;
        CHECK_MSG(sh_game_play(replay, sh_game_move_at(g, i), &err) == SH_OK,
                  "game %d, ply %d: %s", number, i + 1, err.message);
        if (test_case_failed())
            break;
    }
    ShReason reason;
    ShResult result = sh_game_result(replay, &reason);
    CHECK_MSG(result != SH_RESULT_NONE, "game %d: the rules had not ended it", number);
    CHECK_INT(result, sh_game_result(g, NULL));
    sh_game_free(replay);
}

static void loopback_match(void)
{
    test_case("a DXP match over loopback between two instances of the program");
    char server_pdn[] = "/tmp/shashki-dxp-s-XXXXXX", client_pdn[] = "/tmp/shashki-dxp-c-XXXXXX",
         client_out[] = "/tmp/shashki-dxp-o-XXXXXX";
    int a = mkstemp(server_pdn), b = mkstemp(client_pdn), c = mkstemp(client_out);
    CHECK(a >= 0 && b >= 0 && c >= 0);
    close(a);
    close(b);
    close(c);
    char options[256];
    snprintf(options, sizeof options, "--nodes 1000 --name follower --pdn %s", server_pdn);
    Child server;
    int port = server_start(&server, options);
    CHECK_MSG(port > 0, "the server did not say its port");
    if (port > 0) {
        char command[1024];
        snprintf(command, sizeof command,
                 "%s dxp connect 127.0.0.1:%d --games 4 --openings random --seed 3 --nodes 1000 "
                 "--name initiator --timeout 60 --pdn %s > %s",
                 test_program(), port, client_pdn, client_out);
        int raw = system(command);
        CHECK_MSG(WIFEXITED(raw) && WEXITSTATUS(raw) == 0, "dxp connect failed: %d", raw);
        char rest[8192];
        CHECK_INT(child_finish(&server, rest, sizeof rest), 0);
        char *out = test_read_file(client_out, NULL);
        CHECK(out && strstr(out, "Game 4 (follower - initiator)"));
        CHECK_MSG(out && strstr(out, "Score of initiator vs follower: ") && strstr(out, "] 4\n"),
                  "%s", out ? out : "");
        CHECK(out && !strstr(out, "Unfinished") && !strstr(out, "illegal"));
        CHECK(strstr(rest, "Score of follower vs initiator: ") && !strstr(rest, "illegal"));
        free(out);
        int ns, nc;
        ShGame **sg = read_games(server_pdn, &ns), **cg = read_games(client_pdn, &nc);
        CHECK_INT(ns, 4);
        CHECK_INT(nc, 4);
        for (int i = 0; i < ns && i < nc; i++) {
            /* both sides recorded the same game, the colours alternating */
            CHECK_STR(sh_game_tag(cg[i], "White"), i % 2 == 0 ? "initiator" : "follower");
            CHECK_STR(sh_game_tag(sg[i], "White"), i % 2 == 0 ? "initiator" : "follower");
            CHECK_INT(sh_game_ply_count(sg[i]), sh_game_ply_count(cg[i]));
            CHECK(sh_position_equal(sh_game_start(sg[i]), sh_game_start(cg[i])));
            for (int k = 0; k < sh_game_ply_count(sg[i]) && k < sh_game_ply_count(cg[i]); k++)
                CHECK(sh_move_equal(sh_game_move_at(sg[i], k), sh_game_move_at(cg[i], k)));
            CHECK_INT(sh_game_result(sg[i], NULL), sh_game_result(cg[i], NULL));
            check_game(cg[i], i + 1);
        }
        /* each opening is played twice, once with each colour */
        if (nc == 4) {
            CHECK(sh_position_equal(sh_game_start(cg[0]), sh_game_start(cg[1])));
            CHECK(sh_position_equal(sh_game_start(cg[2]), sh_game_start(cg[3])));
        }
        for (int i = 0; i < ns; i++)
            sh_game_free(sg[i]);
        for (int i = 0; i < nc; i++)
            sh_game_free(cg[i]);
        free(sg);
        free(cg);
    } else {
        kill(server.pid, SIGTERM);
        child_finish(&server, NULL, 0);
    }
    unlink(server_pdn);
    unlink(client_pdn);
    unlink(client_out);
}

void suite_dxp(void)
{
    message_cases();
    move_cases();
    round_trips();
    hand_driven();
    ending_cases();
    loopback_match();
}
