/* test_store.c - the games archive: what is stored comes back, after closing and reopening. */
#include <sqlite3.h>
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

static void remove_db(const char *path)
{
    char side[300];
    unlink(path);
    snprintf(side, sizeof side, "%s-wal", path);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", path);
    unlink(side);
}

/* A games file as the first version wrote it (before the arbiter's notes and the variants),
 * holding one finished game and its moves: opening it migrates it, every game Russian. */
static void store_migration(void)
{
    char path[] = "/tmp/shashki-store-old-XXXXXX";
    int fd = mkstemp(path);
    test_case("a games file of the first version opens, its games Russian, new games of any game");
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    sqlite3 *db = NULL;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    const char *old =
        "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL,"
        " updated TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL, opponent TEXT NOT NULL,"
        " level INTEGER NOT NULL, engine_color TEXT NOT NULL, time_control TEXT NOT NULL,"
        " start_fen TEXT NOT NULL, opening TEXT NOT NULL, status TEXT NOT NULL,"
        " result TEXT NOT NULL, reason TEXT NOT NULL, draw_offer TEXT NOT NULL,"
        " clock_white REAL NOT NULL, clock_black REAL NOT NULL, moves INTEGER NOT NULL);"
        "CREATE TABLE moves (game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
        " ply INTEGER NOT NULL, move TEXT NOT NULL, clock_white REAL NOT NULL,"
        " clock_black REAL NOT NULL, PRIMARY KEY (game, ply));"
        "INSERT INTO games VALUES (1, '2025-01-02T03:04:05Z', '2025-01-02T03:05:00Z', 'Old',"
        " 'Timer', 'human', 0, '', '', 'W:W21-32:B1-12', '', 'finished', '1-0', 'resignation',"
        " '', -1, -1, 1);"
        "INSERT INTO moves VALUES (1, 1, 'c3-d4', -1, -1);";
    CHECK(sqlite3_exec(db, old, NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_close(db);
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s) {
        remove_db(path);
        return;
    }
    StoredGame g;
    StoredMove *moves;
    int count;
    CHECK(store_load(s, 1, &g, &moves, &count));
    CHECK_STR(g.variant, "russian");
    CHECK_STR(g.note, "");
    CHECK_STR(g.white, "Old");
    CHECK_INT(count, 1);
    free(moves);
    StoredGame e = game_named("Eng", "Lish");
    strcpy(e.variant, "english");
    CHECK(store_create(s, &e));
    StoredGame list[4];
    int total;
    CHECK_INT(store_find(s, &(StoreFilter){.variant = "russian"}, 0, 4, list, &total), 1);
    CHECK_INT(list[0].id, 1);
    CHECK_INT(store_find(s, &(StoreFilter){.variant = "english"}, 0, 4, list, &total), 1);
    CHECK_STR(list[0].white, "Eng");
    CHECK_INT(store_find(s, NULL, 0, 4, list, &total), 2);

    test_case("a file from before the puzzles gains their tables: a result is counted once");
    StoredPuzzler pz;
    double score;
    bool rated;
    CHECK(store_puzzler_get(s, "p1", &pz));
    CHECK(pz.rating == STORE_PUZZLE_START_RATING && pz.attempts == 0);
    CHECK(store_puzzle_hint(s, "p1", "P0001"));
    CHECK(store_puzzle_result(s, "p1", "P0001", true, 1500, &pz, &score, &rated));
    CHECK(rated);
    /* after a hint, a solve is half a point: 1500 + 40 (0.5 - 0.5) against a puzzle of 1500 */
    CHECK(score == 0.5 && pz.rating == 1500.0 && pz.streak == 0 && pz.attempts == 1);
    CHECK(store_puzzle_result(s, "p1", "P0001", false, 1500, &pz, &score, &rated));
    CHECK(!rated && score == 0.5 && pz.attempts == 1);
    /* a clean solve against 1900: E = 1 / (1 + 10^(400/400)) = 1/11, 1500 + 40 * 10/11 */
    CHECK(store_puzzle_result(s, "p1", "P0002", true, 1900, &pz, &score, &rated));
    CHECK(rated && score == 1.0 && pz.streak == 1 && pz.best_streak == 1 && pz.solved == 2);
    CHECK(pz.rating > 1536.36 && pz.rating < 1536.37);
    CHECK(store_load(s, 1, &g, &moves, &count));
    CHECK_STR(g.white, "Old");
    free(moves);
    store_close(s);

    test_case("a migrated file opens again unchanged");
    s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (s) {
        CHECK(store_load(s, e.id, &g, &moves, &count));
        CHECK_STR(g.variant, "english");
        free(moves);
        CHECK_INT(store_find(s, &(StoreFilter){.variant = "russian", .result = "1-0"}, 0, 4, list,
                             &total), 1);
        StoredPuzzler again;
        CHECK(store_puzzler_get(s, "p1", &again));
        CHECK(again.attempts == 2 && again.rating > 1536.36 && again.rating < 1536.37);
        store_close(s);
    }
    remove_db(path);
}

void suite_store(void)
{
    store_migration();
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
