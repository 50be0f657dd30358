/* test_other.c - the other games (shashki_other.h), driven by the .txt files of tests/data/other.
 *
 * A file is a list of commands, one a line; '#' starts a comment. `game NAME [SETTINGS]` starts
 * from the game's start position; each `case TEXT` begins a test case (from the game's start
 * unless a `position` follows). Then, in the case:
 *
 *   position TEXT      set the position from its text (must parse)
 *   bad COLUMN TEXT    the text is not a position: parse fails, the error at that column
 *   expect TEXT        the position's text is exactly this
 *   moves N            there are N legal moves
 *   list M1 M2 ...     the legal moves are exactly these (the game's notation, any order)
 *   has M / hasnt M    that move is / is not among the legal moves (move_text, exact)
 *   play M1 M2 ...     play the moves (each read by sh_other_parse_move: must be legal)
 *   illegal M          sh_other_parse_move refuses the move
 *   tomove P           player P is to move
 *   result going | win P | draw      the game goes on / P has won / a draw
 *   score P N          the result's score of player P is N
 *   piece CELL KIND P  the piece on that cell: KIND empty, piece, man, king, pawn; owner P
 *   selfplay N SEED    play up to N random moves from here: every move's text reads back as that
 *                      move, every position's text reads back as the same text, and the game
 *                      ends (no move) exactly when the result says it is over
 *   roundtrip          the position's text reads back as the same text
 *
 * Every file is run; a game whose module is not written yet fails its cases. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "shashki_other.h"
#include "test.h"

typedef struct Run {
    const ShOtherGame *game;
    char settings[256];
    ShOtherState st;
    bool ready;      /* a game and a position are set */
    const char *file;
    int line;
} Run;

static ShOtherMove moves_buf[SH_OTHER_MAX_MOVES];

static void state_text(const Run *r, const ShOtherState *st, char *out, size_t size)
{
    r->game->format(st, out, size);
}

static bool move_listed(const Run *r, const char *text)
{
    int n = r->game->moves(&r->st, moves_buf);
    char t[SH_OTHER_MOVE_TEXT_SIZE];
    for (int i = 0; i < n; i++) {
        r->game->move_text(&r->st, &moves_buf[i], t, sizeof t);
        if (strcmp(t, text) == 0)
            return true;
    }
    return false;
}

static int kind_code(const char *s)
{
    static const char *const KINDS[] = {"empty", "piece", "man", "king", "pawn"};
    for (int i = 0; i < 5; i++)
        if (strcmp(s, KINDS[i]) == 0)
            return i;
    return -1;
}

static void do_selfplay(Run *r, int plies, uint64_t seed)
{
    char text[SH_OTHER_TEXT_SIZE], again[SH_OTHER_TEXT_SIZE], mt[SH_OTHER_MOVE_TEXT_SIZE];
    ShError err;
    for (int ply = 0; ply < plies; ply++) {
        state_text(r, &r->st, text, sizeof text);
        ShOtherState back;
        memset(&back, 0, sizeof back);
        if (r->game->parse(&back, text, &err) != SH_OK) {
            test_fail(r->file, r->line, "ply %d: its own text \"%s\" does not read: %s", ply,
                      text, err.message);
            return;
        }
        state_text(r, &back, again, sizeof again);
        if (strcmp(text, again) != 0) {
            test_fail(r->file, r->line, "ply %d: \"%s\" reads back as \"%s\"", ply, text, again);
            return;
        }
        ShOtherResult res;
        r->game->result(&r->st, &res);
        int n = r->game->moves(&r->st, moves_buf);
        if (res.over != (n == 0)) {
            test_fail(r->file, r->line, "ply %d: %d moves but the result says %s (%s)", ply, n,
                      res.over ? "over" : "going on", text);
            return;
        }
        if (n == 0)
            return;
        ShOtherMove m = moves_buf[test_random(&seed) % (uint64_t)n];
        r->game->move_text(&r->st, &m, mt, sizeof mt);
        ShOtherMove read;
        if (sh_other_parse_move(r->game, &r->st, mt, &read, &err) != SH_OK ||
            memcmp(&read, &m, sizeof m) != 0) {
            test_fail(r->file, r->line, "ply %d: move \"%s\" does not read back as itself in %s",
                      ply, mt, text);
            return;
        }
        r->game->make(&r->st, &m);
    }
}

/* One command; false ends the case (its failure is recorded). */
static void run_command(Run *r, char *cmd, char *arg)
{
    ShError err;
    char text[SH_OTHER_TEXT_SIZE];
    if (strcmp(cmd, "game") == 0) {
        char *settings = strchr(arg, ' ');
        if (settings)
            *settings++ = '\0';
        r->game = sh_other_find(arg);
        snprintf(r->settings, sizeof r->settings, "%s", settings ? settings : "");
        r->ready = false;
        return;
    }
    if (!r->game) {
        test_fail(r->file, r->line, "no game named before \"%s\"", cmd);
        return;
    }
    if (!sh_other_playable(r->game)) {
        test_fail(r->file, r->line, "%s is not playable yet", r->game->name);
        return;
    }
    if (strcmp(cmd, "position") == 0) {
        memset(&r->st, 0, sizeof r->st);
        r->ready = r->game->parse(&r->st, arg, &err) == SH_OK;
        CHECK_MSG(r->ready, "%s:%d: position \"%s\": %s", r->file, r->line, arg, err.message);
        return;
    }
    if (strcmp(cmd, "bad") == 0) {
        int column = atoi(arg);
        char *t = strchr(arg, ' ');
        ShOtherState st;
        memset(&st, 0, sizeof st);
        ShStatus s = r->game->parse(&st, t ? t + 1 : "", &err);
        CHECK_MSG(s != SH_OK, "%s:%d: \"%s\" was read", r->file, r->line, t ? t + 1 : "");
        if (s != SH_OK)
            CHECK_MSG(err.column == column, "%s:%d: error at column %d, expected %d (%s)",
                      r->file, r->line, err.column, column, err.message);
        return;
    }
    if (!r->ready)
        return;
    if (strcmp(cmd, "expect") == 0) {
        state_text(r, &r->st, text, sizeof text);
        CHECK_MSG(strcmp(text, arg) == 0, "%s:%d: position \"%s\", expected \"%s\"", r->file,
                  r->line, text, arg);
    } else if (strcmp(cmd, "roundtrip") == 0) {
        do_selfplay(r, 0, 1);
    } else if (strcmp(cmd, "moves") == 0) {
        int n = r->game->moves(&r->st, moves_buf);
        CHECK_MSG(n == atoi(arg), "%s:%d: %d moves, expected %s", r->file, r->line, n, arg);
    } else if (strcmp(cmd, "list") == 0) {
        int n = r->game->moves(&r->st, moves_buf), expected = 0;
        for (char *tok = strtok(arg, " "); tok; tok = strtok(NULL, " ")) {
            expected++;
            CHECK_MSG(move_listed(r, tok), "%s:%d: %s is not a legal move", r->file, r->line,
                      tok);
        }
        n = r->game->moves(&r->st, moves_buf);
        if (n != expected) {
            char all[4096] = "", t[SH_OTHER_MOVE_TEXT_SIZE];
            for (int i = 0; i < n; i++) {
                r->game->move_text(&r->st, &moves_buf[i], t, sizeof t);
                strncat(all, " ", sizeof all - strlen(all) - 1);
                strncat(all, t, sizeof all - strlen(all) - 1);
            }
            test_fail(r->file, r->line, "%d moves, expected %d:%s", n, expected, all);
        }
    } else if (strcmp(cmd, "has") == 0 || strcmp(cmd, "hasnt") == 0) {
        bool want = strcmp(cmd, "has") == 0;
        CHECK_MSG(move_listed(r, arg) == want, "%s:%d: %s %s legal", r->file, r->line, arg,
                  want ? "is not" : "is");
    } else if (strcmp(cmd, "play") == 0) {
        for (char *tok = strtok(arg, " "); tok; tok = strtok(NULL, " ")) {
            ShOtherMove m;
            if (sh_other_parse_move(r->game, &r->st, tok, &m, &err) != SH_OK) {
                test_fail(r->file, r->line, "move %s: %s", tok, err.message);
                r->ready = false;
                return;
            }
            r->game->make(&r->st, &m);
        }
    } else if (strcmp(cmd, "illegal") == 0) {
        ShOtherMove m;
        CHECK_MSG(sh_other_parse_move(r->game, &r->st, arg, &m, &err) != SH_OK,
                  "%s:%d: %s was taken as a move", r->file, r->line, arg);
    } else if (strcmp(cmd, "tomove") == 0) {
        CHECK_MSG(r->game->to_move(&r->st) == atoi(arg), "%s:%d: player %d to move, expected %s",
                  r->file, r->line, r->game->to_move(&r->st), arg);
    } else if (strcmp(cmd, "result") == 0 || strcmp(cmd, "score") == 0) {
        ShOtherResult res;
        r->game->result(&r->st, &res);
        if (cmd[0] == 's') {
            int p = atoi(arg);
            const char *v = strchr(arg, ' ');
            CHECK_MSG(p >= 0 && p < SH_OTHER_MAX_PLAYERS && v && res.score[p] == atoi(v),
                      "%s:%d: score of %d is %d, expected %s", r->file, r->line, p,
                      p >= 0 && p < SH_OTHER_MAX_PLAYERS ? res.score[p] : 0, v ? v : "?");
        } else if (strncmp(arg, "going", 5) == 0) {
            CHECK_MSG(!res.over, "%s:%d: over (%s), expected going on", r->file, r->line,
                      res.reason);
        } else if (strncmp(arg, "draw", 4) == 0) {
            CHECK_MSG(res.over && res.winner < 0, "%s:%d: %s winner %d (%s), expected a draw",
                      r->file, r->line, res.over ? "over" : "going on", res.winner, res.reason);
        } else if (strncmp(arg, "win ", 4) == 0) {
            CHECK_MSG(res.over && res.winner == atoi(arg + 4),
                      "%s:%d: %s winner %d (%s), expected %s", r->file, r->line,
                      res.over ? "over" : "going on", res.winner, res.reason, arg);
        } else {
            test_fail(r->file, r->line, "result is going, draw or win P, not \"%s\"", arg);
        }
    } else if (strcmp(cmd, "piece") == 0) {
        char cell[32], kind[32];
        int owner = 0;
        if (sscanf(arg, "%31s %31s %d", cell, kind, &owner) < 2) {
            test_fail(r->file, r->line, "piece CELL KIND [OWNER]");
            return;
        }
        ShGeometry board;
        r->game->board(&r->st, &board);
        int c = sh_geometry_cell(&board, cell);
        CHECK_MSG(c >= 0, "%s:%d: no cell %s", r->file, r->line, cell);
        if (c >= 0) {
            ShUnit p = r->game->piece(&r->st, c);
            int k = kind_code(kind);
            CHECK_MSG(p.kind == k && (k == SH_UNIT_NONE || p.owner == owner),
                      "%s:%d: on %s kind %d owner %d, expected %s %d", r->file, r->line, cell,
                      p.kind, p.owner, kind, owner);
        }
    } else if (strcmp(cmd, "selfplay") == 0) {
        int plies = atoi(arg);
        const char *s = strchr(arg, ' ');
        do_selfplay(r, plies, s ? (uint64_t)strtoull(s + 1, NULL, 10) : 1);
    } else {
        test_fail(r->file, r->line, "unknown command \"%s\"", cmd);
    }
}

static void run_file(const char *path, const char *name)
{
    size_t size;
    char *text = test_read_file(path, &size);
    if (!text) {
        test_case("other: %s", name);
        test_fail(__FILE__, __LINE__, "cannot read %s", path);
        return;
    }
    static Run r;
    memset(&r, 0, sizeof r);
    r.file = name;
    char *cursor = text, *line;
    bool in_case = false;
    while ((line = test_next_line(&cursor))) {
        r.line++;
        while (*line == ' ' || *line == '\t')
            line++;
        if (!*line || *line == '#')
            continue;
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = '\0';
        else
            arg = line + strlen(line);
        if (strcmp(line, "case") == 0) {
            test_case("other %s: %s", name, arg);
            in_case = true;
            if (r.game && sh_other_playable(r.game)) {
                ShError err;
                r.ready = sh_other_start(r.game, r.settings, &r.st, &err) == SH_OK;
                CHECK_MSG(r.ready, "%s:%d: start %s %s: %s", name, r.line, r.game->name,
                          r.settings, err.message);
            } else {
                r.ready = false;
                CHECK_MSG(false, "%s:%d: no playable game before the case", name, r.line);
            }
            continue;
        }
        if (!in_case && strcmp(line, "game") != 0) {
            test_case("other %s: line %d", name, r.line);
            test_fail(name, r.line, "\"%s\" before the first case", line);
            continue;
        }
        run_command(&r, line, arg);
    }
    free(text);
}

static int name_order(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

void suite_other(void)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", test_data("other"));
    DIR *d = opendir(dir);
    test_case("other: the data folder");
    CHECK_MSG(d != NULL, "cannot open %s", dir);
    if (!d)
        return;
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".txt") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], name_order);
    for (int i = 0; i < n; i++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        run_file(path, names[i]);
        free(names[i]);
    }

    test_case("other: every game is listed once, by name and case-blind");
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        CHECK(sh_other_find(g->name) == g);
        CHECK(g->players >= 2 && g->players <= SH_OTHER_MAX_PLAYERS);
    }
    CHECK(sh_other_find("CORNERS") == sh_other_find("corners"));
    CHECK(sh_other_find("russian") == NULL);
}
