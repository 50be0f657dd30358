/* test_store.c - the games archive: what is stored comes back, after closing and reopening. */
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "review.h"
#include "store.h"
#include "store_copy.h"
#include "store_impl.h" /* the commit group's queue, watched by store_group */
#include "test.h"
#include "test_pg.h"

static StoredGame game_named(const char *white, const char *black)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    strcpy(g.variant, "russian");
    g.players = 2;
    snprintf(g.player[0].name, sizeof g.player[0].name, "%s", white);
    snprintf(g.player[1].name, sizeof g.player[1].name, "%s", black);
    strcpy(g.start, "W:W21-32:B1-12");
    strcpy(g.status, "playing");
    strcpy(g.result, "*");
    g.draw_offer = -1;
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        g.player[p].clock = -1;
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

/* A games file as the first version wrote it (before the arbiter's notes and the variants):
 * one finished game and its moves. Opening it brings it to the layout of every game (players'
 * rows, each move's clocks), its game Russian. */
static const char FIRST_VERSION[] =
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

/* The layout before this one: English against the engine (Black's seat the engine's at level
 * 3, White's taken by a device), a game of two engines, a game between people with an open
 * seat and a draw offer, seats and clocks. */
static const char SECOND_VERSION[] =
    "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, created TEXT NOT NULL,"
    " updated TEXT NOT NULL, white TEXT NOT NULL, black TEXT NOT NULL, opponent TEXT NOT NULL,"
    " level INTEGER NOT NULL, engine_color TEXT NOT NULL, time_control TEXT NOT NULL,"
    " start_fen TEXT NOT NULL, opening TEXT NOT NULL, status TEXT NOT NULL,"
    " result TEXT NOT NULL, reason TEXT NOT NULL, draw_offer TEXT NOT NULL,"
    " clock_white REAL NOT NULL, clock_black REAL NOT NULL, moves INTEGER NOT NULL,"
    " note TEXT NOT NULL DEFAULT '', variant TEXT NOT NULL DEFAULT 'russian');"
    "CREATE TABLE moves (game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    " ply INTEGER NOT NULL, move TEXT NOT NULL, clock_white REAL NOT NULL,"
    " clock_black REAL NOT NULL, PRIMARY KEY (game, ply));"
    "CREATE TABLE seats (game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    " color TEXT NOT NULL, human INTEGER NOT NULL, code TEXT NOT NULL, token BLOB,"
    " PRIMARY KEY (game, color));"
    "INSERT INTO games VALUES (7, 'c', 'u', 'Anna', 'Shashki (level 3)', 'engine', 3, 'black',"
    " '5m+3s', 'B:W21-32:B1-12', '', 'playing', '*', '', '', 291.5, 288.25, 2, '', 'english');"
    "INSERT INTO moves VALUES (7, 1, 'c3-d4', 300, 295.5), (7, 2, 'f6-g5', 291.5, 288.25);"
    "INSERT INTO seats VALUES (7, 'white', 1, '', x'000102030405060708090a0b0c0d0e0f"
    "101112131415161718191a1b1c1d1e1f'), (7, 'black', 0, '', NULL);"
    "INSERT INTO games VALUES (8, 'c', 'u', 'E1', 'E2', 'engine', 37, 'both', '', "
    " 'W:W21-32:B1-12', '', 'playing', '*', '', '', -1, -1, 0, '', 'russian');"
    "INSERT INTO games VALUES (9, 'c', 'u', 'Vera', 'Oleg', 'human', 0, '', '', "
    " 'W:W21-32:B1-12', '', 'playing', '*', '', 'black', -1, -1, 0, 'a note', 'russian');"
    "INSERT INTO seats VALUES (9, 'white', 1, 'K7QX9M', NULL), (9, 'black', 1, 'ABCDEF', NULL);";

static Store *open_written(const char *sql, char *path)
{
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    sqlite3 *db = NULL;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_close(db);
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    return s;
}

static void store_migration(void)
{
    char path[] = "/tmp/shashki-store-old-XXXXXX";
    test_case("a games file of the first version opens, its games Russian, new games of any game");
    Store *s = open_written(FIRST_VERSION, path);
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
    CHECK_STR(g.player[0].name, "Old");
    CHECK_STR(g.player[1].name, "Timer");
    CHECK_INT(g.players, 2);
    CHECK_STR(g.start, "W:W21-32:B1-12");
    CHECK_STR(g.reason, "resignation");
    CHECK_INT(count, 1);
    if (count == 1)
        CHECK(moves[0].clocks[0] == -1 && moves[0].clocks[1] == -1);
    free(moves);
    StoredGame e = game_named("Eng", "Lish");
    strcpy(e.variant, "english");
    CHECK(store_create(s, &e));
    StoredGame list[4];
    int total;
    CHECK_INT(store_find(s, &(StoreFilter){.variant = "russian"}, 0, 4, list, &total), 1);
    CHECK_INT(list[0].id, 1);
    CHECK_INT(store_find(s, &(StoreFilter){.variant = "english"}, 0, 4, list, &total), 1);
    CHECK_STR(list[0].player[0].name, "Eng");
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
    store_close(s);

    test_case("a migrated file opens again unchanged");
    char err[256];
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

    test_case("a file of the two-player layout keeps every seat, engine, clock and offer");
    char path2[] = "/tmp/shashki-store-v1-XXXXXX";
    s = open_written(SECOND_VERSION, path2);
    if (!s) {
        remove_db(path2);
        return;
    }
    CHECK(store_load(s, 7, &g, &moves, &count));
    CHECK_STR(g.variant, "english");
    CHECK_STR(g.start, "B:W21-32:B1-12");
    CHECK(g.player[0].level == 0 && g.player[0].taken && g.player[0].token[31] == 0x1f);
    CHECK(g.player[1].level == 3 && !g.player[1].taken);
    CHECK(g.player[0].clock == 291.5 && g.player[1].clock == 288.25);
    CHECK_INT(g.draw_offer, -1);
    CHECK_INT(count, 2);
    if (count == 2)
        CHECK(moves[0].clocks[0] == 300 && moves[0].clocks[1] == 295.5 &&
              strcmp(moves[1].text, "f6-g5") == 0);
    free(moves);
    CHECK(store_load(s, 8, &g, &moves, &count));
    CHECK(g.player[0].level == 5 && g.player[1].level == 2); /* 37 = 5 + 16 * 2 */
    free(moves);
    CHECK(store_load(s, 9, &g, &moves, &count));
    CHECK(g.player[0].level == 0 && !g.player[0].taken);
    CHECK_STR(g.player[0].code, "K7QX9M");
    CHECK_STR(g.player[1].code, "ABCDEF");
    CHECK_INT(g.draw_offer, 1);
    CHECK_STR(g.note, "a note");
    free(moves);
    CHECK_INT(store_find(s, &(StoreFilter){.player = "oleg"}, 0, 4, list, &total), 1);
    store_close(s);
    remove_db(path2);
}

/* A game's review: queued, listed, done with its positions, read back; asked for again it starts
 * afresh; it goes with its game. */
static void store_reviews(Store *s, long game)
{
    test_case("a review queued is listed; done, its positions come back as saved");
    StoredReview r = {.game = game, .nodes = 5000, .plies = 2};
    CHECK(store_review_queue(s, &r));
    long queued[4];
    CHECK_INT(store_reviews_queued(s, queued, 4), 1);
    CHECK_INT(queued[0], game);
    StoredReview got;
    CHECK(store_review_get(s, game, &got));
    CHECK_STR(got.status, "queued");
    CHECK(got.nodes == 5000 && got.plies == 2);
    ReviewPosition saved[3], back[3];
    memset(saved, 0, sizeof saved);
    saved[0] = (ReviewPosition){.state = REVIEW_SEARCHED, .score = 12, .depth = 9, .nodes = 4999,
                                .best = "c3-d4", .pv = "c3-d4 f6-g5", .has_second = true,
                                .second = "c3-b4", .second_score = -3};
    saved[1] = (ReviewPosition){.state = REVIEW_SEARCHED, .score = -20, .depth = 8,
                                .best = "f6-g5", .pv = "f6-g5", .has_judged = true,
                                .judged_score = -40};
    saved[2] = (ReviewPosition){.state = REVIEW_OVER, .score = -10000};
    r.seconds = 1.5;
    CHECK(store_review_save(s, &r, saved, 0, 2));
    CHECK(store_review_get(s, game, &got));
    CHECK_STR(got.status, "done");
    CHECK(got.seconds == 1.5);
    CHECK_INT(store_reviews_queued(s, queued, 4), 0);
    memset(back, 0, sizeof back);
    CHECK(store_review_positions(s, game, back, 3));
    CHECK(back[0].state == REVIEW_SEARCHED && back[0].score == 12 && back[0].depth == 9);
    CHECK(back[0].nodes == 4999 && back[0].has_second && back[0].second_score == -3);
    CHECK_STR(back[0].pv, "c3-d4 f6-g5");
    CHECK_STR(back[0].second, "c3-b4");
    CHECK(!back[0].has_judged && back[1].has_judged && back[1].judged_score == -40);
    CHECK(!back[1].has_second && back[2].state == REVIEW_OVER && back[2].score == -10000);
    CHECK(!store_review_positions(s, game, back, 2)); /* a position beyond the game */

    test_case("a review asked for again starts afresh; a failed one says why");
    CHECK(store_review_queue(s, &r));
    CHECK(!store_review_positions(s, game, back, 3));
    CHECK(store_review_fail(s, game, "the engine stopped"));
    CHECK(store_review_get(s, game, &got));
    CHECK_STR(got.status, "failed");
    CHECK_STR(got.error, "the engine stopped");
    CHECK(store_review_save(s, &r, saved, 0, 2));
}

/* A file of layout 2 (before the reviews) gains their tables when it is opened. */
static void store_layout_two(void)
{
    test_case("a games file of layout 2 gains the reviews' tables");
    char path[] = "/tmp/shashki-store-v2-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    StoredGame g = game_named("Two", "Layout");
    CHECK(s && store_create(s, &g));
    store_close(s);
    sqlite3 *db = NULL;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "DROP TABLE review_positions; DROP TABLE reviews;"
                           " PRAGMA user_version=2;", NULL, NULL, NULL) == SQLITE_OK);
    sqlite3_close(db);
    s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (s) {
        StoredReview r = {.game = g.id, .nodes = 1000, .plies = 0};
        CHECK(store_review_queue(s, &r));
        StoredReview got;
        CHECK(store_review_get(s, g.id, &got));
        StoredGame b;
        StoredMove *moves = NULL;
        int count;
        CHECK(store_load(s, g.id, &b, &moves, &count));
        CHECK_STR(b.player[1].name, "Layout");
        free(moves);
        store_close(s);
    }
    remove_db(path);
}

/* The archive's behaviour on one database: a file's path (SQLite) or a PostgreSQL
 * connection. */
/* ---- grouped commits (store/commit_group.c) ---- */

typedef struct GroupChange {
    Store *store;
    StoredGame *game;
    bool saved;
} GroupChange;

static void *group_update(void *arg)
{
    GroupChange *c = arg;
    c->saved = store_update(c->store, c->game);
    return NULL;
}

/* Wait (up to 20 s, in steps of a millisecond) until the group has a leader and `queued`
 * changes wait for the next commit. */
static bool group_wait(Store *s, int queued)
{
    for (int i = 0; i < 20000; i++) {
        pthread_mutex_lock(&s->group.lock);
        bool ready = s->group.leading && s->group.queued == queued;
        pthread_mutex_unlock(&s->group.lock);
        if (ready)
            return true;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    return false;
}

static void store_group(Store *s, const char *on)
{
    test_case("%s: changes queued while a commit waits share the next; a stale one fails alone",
              on);
    StoredGame g[3] = {game_named("A", "B"), game_named("C", "D"), game_named("E", "F")};
    for (int i = 0; i < 3; i++)
        CHECK(store_create(s, &g[i]));
    StoredGame other = g[2]; /* another copy of the third game changes it first */
    strcpy(other.note, "changed elsewhere");
    CHECK(store_update(s, &other));
    long before[3] = {g[0].version, g[1].version, g[2].version};
    for (int i = 0; i < 3; i++)
        snprintf(g[i].note, sizeof g[i].note, "change %d", i);
    GroupChange c[3] = {{s, &g[0], false}, {s, &g[1], false}, {s, &g[2], false}};
    pthread_t t[3];
    pthread_mutex_lock(s->lock); /* the connection busy: the first change's commit waits */
    pthread_create(&t[0], NULL, group_update, &c[0]);
    bool led = group_wait(s, 0);
    pthread_create(&t[1], NULL, group_update, &c[1]);
    pthread_create(&t[2], NULL, group_update, &c[2]);
    bool queued = group_wait(s, 2);
    pthread_mutex_unlock(s->lock);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    CHECK_MSG(led && queued, "the first change leads (%d), the two others wait together (%d)",
              led, queued);
    CHECK(c[0].saved && c[1].saved && !c[2].saved && g[2].stale);
    CHECK(g[0].version == before[0] + 1 && g[1].version == before[1] + 1);
    CHECK(g[2].version == before[2]);
    const char *want[3] = {"change 0", "change 1", "changed elsewhere"};
    for (int i = 0; i < 3; i++) {
        StoredGame back;
        StoredMove *moves = NULL;
        int count = 0;
        CHECK(store_load(s, g[i].id, &back, &moves, &count));
        CHECK_STR(back.note, want[i]);
        free(moves);
    }
}

static void store_behaviour(const char *path, const char *on)
{
    test_case("%s: open a new archive", on);
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s)
        return;

    test_case("a game and its moves come back after the file is closed and reopened");
    StoredGame a = game_named("Анна Иванова", "Shashki (level 5)");
    a.player[1].level = 5;
    strcpy(a.time_control, "5m+3s");
    a.player[0].clock = a.player[1].clock = 300;
    a.player[0].taken = true;
    memset(a.player[0].token, 0xab, sizeof a.player[0].token);
    CHECK(store_create(s, &a));
    CHECK(a.id > 0);
    const char *line[] = {"c3-d4", "f6-g5", "g3-f4", "g5:e3"};
    for (int i = 0; i < 4; i++) {
        StoredMove m = {.clocks = {300 - i, 299 - i, -1, -1}, .at = 1796600000000LL + 1000 * i};
        snprintf(m.text, sizeof m.text, "%s", line[i]);
        a.moves = i + 1;
        a.clock_at = m.at;
        CHECK(store_add_move(s, &a, i + 1, &m));
    }
    CHECK_INT(a.version, 4); /* the database's: one a change */

    test_case("%s: a copy holding three moves reads the game's rows and only the moves from its"
              " last", on);
    StoredGame since;
    StoredMove *lacked = NULL;
    int nlacked = 0;
    CHECK(store_load_since(s, a.id, 3, &since, &lacked, &nlacked));
    CHECK_INT(nlacked, 2);
    CHECK_INT(since.moves, 4);
    CHECK_INT(since.version, 4);
    CHECK(since.clock_at == 1796600003000LL);
    if (nlacked == 2) {
        CHECK_STR(lacked[0].text, "g3-f4");
        CHECK_STR(lacked[1].text, "g5:e3");
        CHECK(lacked[1].at == 1796600003000LL && lacked[1].clocks[1] == 296);
    }
    free(lacked);
    CHECK(!store_load_since(s, a.id + 1000, 1, &since, &lacked, &nlacked));
    CHECK_INT(store_version(s, a.id + 1000), -1);
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
    CHECK_STR(b.player[0].name, "Анна Иванова");
    CHECK_STR(b.time_control, "5m+3s");
    CHECK_INT(b.player[1].level, 5);
    CHECK(b.player[0].taken && b.player[0].token[5] == 0xab && !b.player[1].taken);
    CHECK_INT(b.moves, 4);
    if (count == 4) {
        CHECK_STR(moves[3].text, "g5:e3");
        CHECK(moves[3].clocks[0] == 297 && moves[3].clocks[1] == 296);
    }
    free(moves);

    test_case("a game of three players: its players' rows, clocks and an open seat's code");
    StoredGame t = game_named("Ann", "Bob");
    strcpy(t.variant, "novgorod");
    t.players = 3;
    strcpy(t.player[2].name, "Cleo");
    strcpy(t.player[2].code, "XYZ234");
    t.player[1].level = 4;
    t.player[0].clock = 60;
    t.player[1].clock = 59.5;
    t.player[2].clock = 58.25;
    strcpy(t.result, "*");
    CHECK(store_create(s, &t));
    StoredMove m3 = {.text = "a1-b2", .clocks = {55, 59.5, 58.25, -1}};
    t.moves = 1;
    CHECK(store_add_move(s, &t, 1, &m3));
    CHECK(store_load(s, t.id, &b, &moves, &count));
    CHECK_INT(b.players, 3);
    CHECK_STR(b.player[2].name, "Cleo");
    CHECK_STR(b.player[2].code, "XYZ234");
    CHECK(b.player[1].level == 4 && b.player[2].clock == 58.25);
    CHECK(count == 1 && moves[0].clocks[0] == 55 && moves[0].clocks[2] == 58.25);
    free(moves);
    CHECK(store_delete(s, t.id));

    test_case("undo drops the moves after a ply; finishing is saved");
    a.moves = 2;
    CHECK(store_truncate(s, &a, 2));
    strcpy(a.status, "finished");
    strcpy(a.result, "0-1");
    strcpy(a.reason, "resignation");
    CHECK(store_update(s, &a));
    CHECK(store_load(s, a.id, &b, &moves, &count));
    CHECK_INT(count, 2);
    CHECK_STR(b.result, "0-1");
    CHECK_STR(b.reason, "resignation");
    free(moves);

    test_case("listing filters by player (as a substring, %% and _ taken literally), result, status");
    StoredGame c = game_named("Petrov", "Sidorov");
    CHECK(store_create(s, &c));
    StoredGame d = game_named("100%_real", "x");
    CHECK(store_create(s, &d));
    StoredGame list[10];
    int total;
    CHECK_INT(store_find(s, NULL, 0, 10, list, &total), 3);
    CHECK_INT(total, 3);
    CHECK_INT(store_find(s, &(StoreFilter){.player = "sidor"}, 0, 10, list, &total), 1);
    CHECK_STR(list[0].player[1].name, "Sidorov");
    CHECK_INT(store_find(s, &(StoreFilter){.player = "Анна"}, 0, 10, list, &total), 1);
    CHECK_INT(store_find(s, &(StoreFilter){.player = "%"}, 0, 10, list, &total), 1);
    CHECK_INT(store_find(s, &(StoreFilter){.player = "0%_"}, 0, 10, list, &total), 1);
    CHECK_INT(store_find(s, &(StoreFilter){.result = "0-1"}, 0, 10, list, &total), 1);
    CHECK_INT(store_find(s, &(StoreFilter){.status = "playing"}, 0, 10, list, &total), 2);
    CHECK_INT(store_find(s, NULL, 1, 1, list, &total), 1);
    CHECK_INT(total, 3);
    long ids[8];
    CHECK_INT(store_playing(s, ids, 8), 2);

    store_reviews(s, a.id);

    test_case("delete removes a game, its moves and its review; a missing game is not found");
    CHECK(store_delete(s, a.id));
    StoredReview gone;
    CHECK(!store_review_get(s, a.id, &gone));
    CHECK(!store_delete(s, a.id));
    CHECK(!store_load(s, a.id, &b, &moves, &count));
    CHECK_INT(count, 0);
    store_group(s, on);
    store_close(s);
}

void suite_store(void)
{
    store_layout_two();
    store_migration();
    char path[] = "/tmp/shashki-store-XXXXXX";
    int fd = mkstemp(path);
    test_case("a temporary file");
    CHECK(fd >= 0);
    close(fd);
    unlink(path);
    store_behaviour(path, "sqlite");

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
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK(s == NULL);
    CHECK(strstr(err, "not a usable games file") || strstr(err, "cannot open"));
    store_close(s);
    unlink(path);
}

/* A club's file with two games (seats, clocks, an id gap after a deletion) and a setting. */
static bool club_file(const char *path, StoredGame *kept)
{
    char err[256];
    Store *s = store_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s)
        return false;
    StoredGame gone = game_named("Gone", "Away");
    *kept = game_named("Вера Ким", "Oleg");
    strcpy(kept->time_control, "5m+3s");
    kept->player[0].clock = 281.5;
    kept->player[1].clock = 290.25;
    kept->player[1].taken = true;
    memset(kept->player[1].token, 0xc4, sizeof kept->player[1].token);
    snprintf(kept->player[0].code, sizeof kept->player[0].code, "K7QX9M");
    bool ok = store_create(s, &gone) && store_create(s, kept) && store_delete(s, gone.id);
    const char *line[] = {"c3-d4", "f6-g5", "g3-f4"};
    for (int i = 0; ok && i < 3; i++) {
        StoredMove m = {.clocks = {300 - 7 * i, 299.5 - i, -1, -1}};
        snprintf(m.text, sizeof m.text, "%s", line[i]);
        kept->moves = i + 1;
        ok = store_add_move(s, kept, i + 1, &m);
    }
    ok = ok && store_setting_set(s, "arbiter", "a salted hash");
    store_close(s);
    CHECK(ok);
    return ok;
}

/* The game read back from a database equals the one written to the first. */
static void check_copied(const char *name, const StoredGame *kept)
{
    char err[256];
    Store *s = store_open(name, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s)
        return;
    StoredGame g;
    StoredMove *moves = NULL;
    int count = 0;
    CHECK(store_load(s, kept->id, &g, &moves, &count));
    CHECK_STR(g.player[0].name, "Вера Ким");
    CHECK_STR(g.time_control, "5m+3s");
    CHECK(g.player[0].clock == 281.5 && g.player[1].clock == 290.25);
    CHECK(g.player[1].taken && g.player[1].token[31] == 0xc4);
    CHECK_STR(g.player[0].code, "K7QX9M");
    CHECK_INT(count, 3);
    if (count == 3) {
        CHECK_STR(moves[2].text, "g3-f4");
        CHECK(moves[2].clocks[0] == 286 && moves[1].clocks[1] == 298.5);
    }
    free(moves);
    char value[64];
    CHECK(store_setting_get(s, "arbiter", value, sizeof value));
    CHECK_STR(value, "a salted hash");
    StoredGame next = game_named("New", "Player");
    CHECK(store_create(s, &next));
    CHECK_INT(next.id, kept->id + 1); /* ids go on after the copied ones, never reused */
    store_close(s);
}

/* The same on a PostgreSQL database of the test's own; a club's file copied into PostgreSQL
 * and back (shashki db copy). */
void suite_store_pg(void)
{
    char name[256];
    test_case("postgresql: a database of its own");
    bool made = test_pg_database(name, sizeof name);
    CHECK_MSG(made, "%s", name);
    if (!made)
        return;
    store_behaviour(name, "postgresql");

    test_case("db copy: a club's SQLite file into PostgreSQL, every row and id kept");
    char file[] = "/tmp/shashki-copy-XXXXXX", back[] = "/tmp/shashki-back-XXXXXX";
    int fd = mkstemp(file), fd2 = mkstemp(back);
    CHECK(fd >= 0 && fd2 >= 0);
    close(fd);
    close(fd2);
    unlink(file);
    unlink(back);
    StoredGame kept;
    char pg[256], err[600];
    CHECK(test_pg_database(pg, sizeof pg));
    if (!club_file(file, &kept))
        return;
    CHECK_MSG(store_copy(file, pg, NULL, NULL, err, sizeof err), "%s", err);
    check_copied(pg, &kept);

    test_case("db copy: into a database that holds games is refused, nothing changed");
    CHECK(!store_copy(file, pg, NULL, NULL, err, sizeof err));
    CHECK(strstr(err, "already holds") != NULL);
    Store *s = store_open(pg, err, sizeof err);
    StoredGame list[4];
    int total = 0;
    CHECK(s != NULL);
    if (s) {
        CHECK_INT(store_find(s, NULL, 0, 4, list, &total), 2);
        store_close(s);
    }

    test_case("db copy: PostgreSQL back into a new SQLite file");
    CHECK_MSG(store_copy(pg, back, NULL, NULL, err, sizeof err), "%s", err);
    s = store_open(back, err, sizeof err);
    CHECK(s != NULL);
    if (s) {
        CHECK_INT(store_find(s, NULL, 0, 4, list, &total), 2); /* the kept game and "next" */
        StoredGame g;
        StoredMove *moves = NULL;
        int count = 0;
        CHECK(store_load(s, kept.id, &g, &moves, &count));
        CHECK_INT(count, 3);
        free(moves);
        store_close(s);
    }

    test_case("db copy: a missing file is named");
    CHECK(!store_copy("/nonexistent/club.db", pg, NULL, NULL, err, sizeof err));
    CHECK(strstr(err, "/nonexistent/club.db: no such file") != NULL);
    remove_db(file);
    remove_db(back);
}
