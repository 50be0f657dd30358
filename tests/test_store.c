/* test_store.c - the games archive: what is stored comes back, after closing and reopening. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store.h"
#include "test.h"

static StoredGame game_named(const char *white, const char *black)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    snprintf(g.white, sizeof g.white, "%s", white);
    snprintf(g.black, sizeof g.black, "%s", black);
    strcpy(g.opponent, "human");
    strcpy(g.start_fen, "W:W21-32:B1-12");
    strcpy(g.status, "playing");
    strcpy(g.result, "*");
    g.clock_white = g.clock_black = -1;
    return g;
}

void suite_store(void)
{
    char path[] = "/tmp/shashki-store-XXXXXX";
    int fd = mkstemp(path);
    test_case("open a new archive");
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s)
        return;

    test_case("a game and its moves come back after the file is closed and reopened");
    StoredGame a = game_named("Анна Иванова", "Shashki (level 5)");
    strcpy(a.opponent, "engine");
    a.level = 5;
    strcpy(a.engine_color, "black");
    strcpy(a.time_control, "5m+3s");
    a.clock_white = a.clock_black = 300;
    CHECK(store_create(s, &a));
    CHECK(a.id > 0);
    const char *line[] = {"c3-d4", "f6-g5", "g3-f4", "g5:e3"};
    for (int i = 0; i < 4; i++) {
        StoredMove m = {.clock_white = 300 - i, .clock_black = 299 - i};
        snprintf(m.text, sizeof m.text, "%s", line[i]);
        a.moves = i + 1;
        CHECK(store_add_move(s, &a, i + 1, &m));
    }
    store_close(s);
    s = store_open(path, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return;
    StoredGame b;
    StoredMove *moves;
    int count;
    CHECK(store_load(s, a.id, &b, &moves, &count));
    CHECK_INT(count, 4);
    CHECK_STR(b.white, "Анна Иванова");
    CHECK_STR(b.time_control, "5m+3s");
    CHECK_INT(b.level, 5);
    CHECK_INT(b.moves, 4);
    if (count == 4) {
        CHECK_STR(moves[3].text, "g5:e3");
        CHECK(moves[3].clock_white == 297 && moves[3].clock_black == 296);
    }
    free(moves);

    test_case("undo drops the moves after a ply; finishing is saved");
    a.moves = 2;
    CHECK(store_truncate(s, &a, 2));
    strcpy(a.status, "finished");
    strcpy(a.result, "0-1");
    strcpy(a.reason, "White resigned");
    CHECK(store_update(s, &a));
    CHECK(store_load(s, a.id, &b, &moves, &count));
    CHECK_INT(count, 2);
    CHECK_STR(b.result, "0-1");
    CHECK_STR(b.reason, "White resigned");
    free(moves);

    test_case("listing filters by player (as a substring, %% and _ taken literally), result, status");
    StoredGame c = game_named("Petrov", "Sidorov");
    CHECK(store_create(s, &c));
    StoredGame d = game_named("100%_real", "x");
    CHECK(store_create(s, &d));
    StoredGame list[10];
    int total;
    CHECK_INT(store_list(s, NULL, NULL, NULL, 0, 10, list, &total), 3);
    CHECK_INT(total, 3);
    CHECK_INT(store_list(s, "sidor", NULL, NULL, 0, 10, list, &total), 1);
    CHECK_STR(list[0].black, "Sidorov");
    CHECK_INT(store_list(s, "Анна", NULL, NULL, 0, 10, list, &total), 1);
    CHECK_INT(store_list(s, "%", NULL, NULL, 0, 10, list, &total), 1);
    CHECK_INT(store_list(s, "0%_", NULL, NULL, 0, 10, list, &total), 1);
    CHECK_INT(store_list(s, NULL, "0-1", NULL, 0, 10, list, &total), 1);
    CHECK_INT(store_list(s, NULL, NULL, "playing", 0, 10, list, &total), 2);
    CHECK_INT(store_list(s, NULL, NULL, NULL, 1, 1, list, &total), 1);
    CHECK_INT(total, 3);
    long ids[8];
    CHECK_INT(store_playing(s, ids, 8), 2);

    test_case("delete removes a game and its moves; a missing game is not found");
    CHECK(store_delete(s, a.id));
    CHECK(!store_delete(s, a.id));
    CHECK(!store_load(s, a.id, &b, &moves, &count));
    CHECK_INT(count, 0);
    store_close(s);

    test_case("a file that is not a database is refused with a message");
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("this is not sqlite, and it is long enough to look like a header..................."
              "................................................................................",
              f);
        fclose(f);
    }
    char wal[300];
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", path);
    unlink(wal);
    s = store_open(path, err, sizeof err);
    CHECK(s == NULL);
    CHECK(strstr(err, "not a usable games file") || strstr(err, "cannot open"));
    store_close(s);
    unlink(path);
}
