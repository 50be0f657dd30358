/* store.c - the games' SQLite file (see store.h): opening it, its layout and the migration of
 * a file of an earlier layout, the server's settings. One connection, used under a mutex: the
 * web app's load is a few requests a second, far below what this serialises. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_impl.h"

/* The layout this version writes (PRAGMA user_version): 3 adds the reviews' tables to layout 2
 * (a file of layout 2 gets them, empty, when it is opened). */
#define STORE_LAYOUT 3

static const char PRAGMAS[] = "PRAGMA journal_mode=WAL;"
                              "PRAGMA synchronous=FULL;"
                              "PRAGMA foreign_keys=ON;";

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT," /* ids are never reused: links and seat cookies name them */
    "  created TEXT NOT NULL, updated TEXT NOT NULL,"
    "  variant TEXT NOT NULL DEFAULT 'russian', settings TEXT NOT NULL DEFAULT '',"
    "  players INTEGER NOT NULL DEFAULT 2,"
    "  time_control TEXT NOT NULL, start TEXT NOT NULL, opening TEXT NOT NULL,"
    "  status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL,"
    "  draw_offer INTEGER NOT NULL DEFAULT -1, note TEXT NOT NULL DEFAULT '',"
    "  moves INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS game_players ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  player INTEGER NOT NULL, name TEXT NOT NULL, level INTEGER NOT NULL,"
    "  clock REAL NOT NULL, code TEXT NOT NULL DEFAULT '', token BLOB,"
    "  PRIMARY KEY (game, player));"
    "CREATE TABLE IF NOT EXISTS moves ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  ply INTEGER NOT NULL, move TEXT NOT NULL, clocks TEXT NOT NULL DEFAULT '',"
    "  PRIMARY KEY (game, ply));"
    "CREATE INDEX IF NOT EXISTS games_status ON games(status);"
    "CREATE INDEX IF NOT EXISTS games_variant ON games(variant);"
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    /* The puzzles' players (store.h "Puzzles"). */
    "CREATE TABLE IF NOT EXISTS puzzle_players ("
    "  player TEXT PRIMARY KEY, rating REAL NOT NULL, attempts INTEGER NOT NULL,"
    "  solved INTEGER NOT NULL, streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,"
    "  updated TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS puzzle_attempts ("
    "  player TEXT NOT NULL, puzzle TEXT NOT NULL, hinted INTEGER NOT NULL DEFAULT 0,"
    "  score REAL, at TEXT NOT NULL,"
    "  PRIMARY KEY (player, puzzle));"
    /* The games' reviews (store.h "Reviews"; layout 3). */
    "CREATE TABLE IF NOT EXISTS reviews ("
    "  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
    "  status TEXT NOT NULL, nodes INTEGER NOT NULL, plies INTEGER NOT NULL,"
    "  seconds REAL NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '',"
    "  created TEXT NOT NULL, updated TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS review_positions ("
    "  game INTEGER NOT NULL REFERENCES reviews(game) ON DELETE CASCADE,"
    "  ply INTEGER NOT NULL, state TEXT NOT NULL, score INTEGER NOT NULL,"
    "  depth INTEGER NOT NULL, nodes INTEGER NOT NULL, best TEXT NOT NULL, pv TEXT NOT NULL,"
    "  second TEXT, second_score INTEGER, judged INTEGER,"
    "  PRIMARY KEY (game, ply));";

/* Layout 1 (two players on the games row, seats apart, each move's two clocks) to layout 2,
 * in one transaction with the foreign keys off (the old tables are dropped, not cascaded).
 * Layout 1 itself grew: `note` and `variant` are added first where a file lacks them. */
static const char MIGRATE_1_TO_2[] =
    "ALTER TABLE games RENAME TO games_v1;"
    "ALTER TABLE moves RENAME TO moves_v1;"
    "CREATE TABLE IF NOT EXISTS seats (game INTEGER, color TEXT, human INTEGER, code TEXT,"
    "  token BLOB);"
    "%s" /* the schema */
    "INSERT INTO games (id, created, updated, variant, settings, players, time_control, start,"
    "  opening, status, result, reason, draw_offer, note, moves)"
    "  SELECT id, created, updated, variant, '', 2, time_control, start_fen, opening, status,"
    "  result, reason, CASE draw_offer WHEN 'white' THEN 0 WHEN 'black' THEN 1 ELSE -1 END,"
    "  note, moves FROM games_v1;"
    "INSERT INTO game_players (game, player, name, level, clock, code, token)"
    "  SELECT g.id, 0, g.white,"
    "  CASE g.engine_color WHEN 'white' THEN g.level WHEN 'both' THEN g.level %% 16 ELSE 0 END,"
    "  g.clock_white, COALESCE(s.code, ''), s.token FROM games_v1 g"
    "  LEFT JOIN seats s ON s.game = g.id AND s.color = 'white';"
    "INSERT INTO game_players (game, player, name, level, clock, code, token)"
    "  SELECT g.id, 1, g.black,"
    "  CASE g.engine_color WHEN 'black' THEN g.level WHEN 'both' THEN g.level / 16 ELSE 0 END,"
    "  g.clock_black, COALESCE(s.code, ''), s.token FROM games_v1 g"
    "  LEFT JOIN seats s ON s.game = g.id AND s.color = 'black';"
    "INSERT INTO moves (game, ply, move, clocks)"
    "  SELECT game, ply, move, printf('%%.3f,%%.3f', clock_white, clock_black) FROM moves_v1;"
    "DROP TABLE moves_v1; DROP TABLE games_v1; DROP TABLE seats;";

void store_now(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void store_copy_text(char *out, size_t size, const unsigned char *text)
{
    snprintf(out, size, "%s", text ? (const char *)text : "");
}

bool store_begin(Store *store)
{
    return sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
}

bool store_finish(Store *store, bool ok)
{
    if (ok)
        ok = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    if (!ok)
        sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
    return ok;
}

static bool has_column(sqlite3 *db, const char *table, const char *column)
{
    sqlite3_stmt *st;
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", table);
    bool found = false;
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    while (!found && sqlite3_step(st) == SQLITE_ROW) {
        const unsigned char *name = sqlite3_column_text(st, 1);
        found = name && strcmp((const char *)name, column) == 0;
    }
    sqlite3_finalize(st);
    return found;
}

static int user_version(sqlite3 *db)
{
    sqlite3_stmt *st;
    int v = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK) {
        if (sqlite3_step(st) == SQLITE_ROW)
            v = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
    }
    return v;
}

static bool exec(sqlite3 *db, const char *sql, const char *what, char *err, size_t errsize)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return true;
    snprintf(err, errsize, "%s: %s", what, msg ? msg : sqlite3_errmsg(db));
    sqlite3_free(msg);
    return false;
}

/* Bring a file of layout 1 to this layout (a new file gets it at once; a file of layout 2 gets
 * the tables it lacks from the schema). */
static bool migrate(sqlite3 *db, char *err, size_t errsize)
{
    if (user_version(db) >= STORE_LAYOUT)
        return true;
    bool old = has_column(db, "games", "white");
    if (old) {
        static const struct {
            const char *name, *definition;
        } GREW[] = {
            {"note", "note TEXT NOT NULL DEFAULT ''"},
            {"variant", "variant TEXT NOT NULL DEFAULT 'russian'"}, /* every game before: Russian */
        };
        for (size_t i = 0; i < sizeof GREW / sizeof GREW[0]; i++) {
            char sql[256];
            snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s", GREW[i].definition);
            if (!has_column(db, "games", GREW[i].name) &&
                !exec(db, sql, "cannot add a column to the games", err, errsize))
                return false;
        }
    }
    size_t size = sizeof MIGRATE_1_TO_2 + sizeof SCHEMA;
    char *sql = malloc(size);
    if (!sql) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    snprintf(sql, size, MIGRATE_1_TO_2, SCHEMA);
    bool ok = exec(db, "PRAGMA foreign_keys=OFF; BEGIN IMMEDIATE", "cannot begin", err, errsize);
    if (ok) {
        ok = old ? exec(db, sql, "cannot bring the games to the new layout", err, errsize)
                 : exec(db, SCHEMA, "cannot create the tables", err, errsize);
        char version[64];
        snprintf(version, sizeof version, "PRAGMA user_version=%d", STORE_LAYOUT);
        ok = ok && exec(db, version, "cannot mark the layout", err, errsize);
        ok = ok && exec(db, "COMMIT", "cannot commit the new layout", err, errsize);
        if (!ok)
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    }
    free(sql);
    sqlite3_exec(db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL);
    return ok;
}

Store *store_open(const char *path, char *err, size_t errsize)
{
    Store *store = calloc(1, sizeof *store);
    if (!store) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(path, &store->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, errsize, "cannot open %s: %s", path, sqlite3_errmsg(store->db));
        sqlite3_close(store->db);
        free(store);
        return NULL;
    }
    sqlite3_busy_timeout(store->db, 5000);
    char why[512] = "";
    if (!exec(store->db, PRAGMAS, "not a usable games file", why, sizeof why) ||
        !migrate(store->db, why, sizeof why) ||
        !exec(store->db, SCHEMA, "not a usable games file", why, sizeof why)) {
        snprintf(err, errsize, "%s (in %s)", why, path);
        sqlite3_close(store->db);
        free(store);
        return NULL;
    }
    pthread_mutex_init(&store->lock, NULL);
    return store;
}

void store_close(Store *store)
{
    if (!store)
        return;
    sqlite3_close(store->db);
    pthread_mutex_destroy(&store->lock);
    free(store);
}

bool store_setting_get(Store *store, const char *key, char *out, size_t size)
{
    bool found = false;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, "SELECT value FROM settings WHERE key = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) == SQLITE_ROW) {
            store_copy_text(out, size, sqlite3_column_text(st, 0));
            found = true;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return found;
}

bool store_setting_set(Store *store, const char *key, const char *value)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(store->db, "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                                 -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, value, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}
