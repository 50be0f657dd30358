/* store.c - the games' database (see store.h): opening it, its layout and the migration of a
 * file of an earlier layout, the server's settings. One connection (db.h: SQLite or
 * PostgreSQL) for the writes, used under a mutex, and a second for the reads that answer
 * requests (store_read_begin), so that they never wait for a commit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store_impl.h"

/* The layout this version writes (db_layout: SQLite's user_version, a table in PostgreSQL): 3
 * adds the reviews' tables to layout 2 (a database of layout 2 gets them, empty, when it is
 * opened); 4 a version to each game (bumped by every change: several processes share a
 * PostgreSQL database) and the arbiter's sessions (in the database, for every process); 5 the
 * time of each move and of the games' clocks (`moves.at`, `games.clock_at`: milliseconds since
 * 1970 on the site's clock, so that whichever process takes the next move charges the time since
 * then). */
#define STORE_LAYOUT 5

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS games ("
    "  id @ID," /* ids are never reused: links and seat cookies name them */
    "  created TEXT NOT NULL, updated TEXT NOT NULL,"
    "  variant TEXT NOT NULL DEFAULT 'russian', settings TEXT NOT NULL DEFAULT '',"
    "  players INTEGER NOT NULL DEFAULT 2,"
    "  time_control TEXT NOT NULL, start TEXT NOT NULL, opening TEXT NOT NULL,"
    "  status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL,"
    "  draw_offer INTEGER NOT NULL DEFAULT -1, note TEXT NOT NULL DEFAULT '',"
    "  moves INTEGER NOT NULL, version INTEGER NOT NULL DEFAULT 0,"
    "  clock_at @BIGINT NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS arbiter_sessions (token @BLOB PRIMARY KEY,"
    "  expires INTEGER NOT NULL);"
    /* The engine's moves to make, when several processes share the database (store.h). */
    "CREATE TABLE IF NOT EXISTS engine_jobs (game INTEGER PRIMARY KEY, ply INTEGER NOT NULL,"
    "  owner TEXT NOT NULL, lease INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS game_players ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  player INTEGER NOT NULL, name TEXT NOT NULL, level INTEGER NOT NULL,"
    "  clock @REAL NOT NULL, code TEXT NOT NULL DEFAULT '', token @BLOB,"
    "  PRIMARY KEY (game, player));"
    "CREATE TABLE IF NOT EXISTS moves ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  ply INTEGER NOT NULL, move TEXT NOT NULL, clocks TEXT NOT NULL DEFAULT '',"
    "  at @BIGINT NOT NULL DEFAULT 0, PRIMARY KEY (game, ply));"
    "CREATE INDEX IF NOT EXISTS games_status ON games(status);"
    "CREATE INDEX IF NOT EXISTS games_variant ON games(variant);"
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    /* The pacing of guesses, shared by the processes (store_guesses.c) */
    "CREATE TABLE IF NOT EXISTS guesses (key TEXT PRIMARY KEY, delay_ms BIGINT NOT NULL,"
    "  next_ms BIGINT NOT NULL);"
    /* The puzzles' players (store.h "Puzzles"). */
    "CREATE TABLE IF NOT EXISTS puzzle_players ("
    "  player TEXT PRIMARY KEY, rating @REAL NOT NULL, attempts INTEGER NOT NULL,"
    "  solved INTEGER NOT NULL, streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,"
    "  updated TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS puzzle_attempts ("
    "  player TEXT NOT NULL, puzzle TEXT NOT NULL, hinted INTEGER NOT NULL DEFAULT 0,"
    "  score @REAL, at TEXT NOT NULL,"
    "  PRIMARY KEY (player, puzzle));"
    /* The games' reviews (store.h "Reviews"; layout 3). */
    "CREATE TABLE IF NOT EXISTS reviews ("
    "  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
    "  status TEXT NOT NULL, nodes INTEGER NOT NULL, plies INTEGER NOT NULL,"
    "  seconds @REAL NOT NULL DEFAULT 0, error TEXT NOT NULL DEFAULT '',"
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

void store_copy_text(char *out, size_t size, const char *text)
{
    snprintf(out, size, "%s", text ? text : "");
}

bool store_begin(Store *store)
{
    return db_begin(store->db);
}

bool store_finish(Store *store, bool ok)
{
    if (ok)
        ok = db_commit(store->db);
    if (!ok)
        db_rollback(store->db);
    return ok;
}

bool store_run(Store *store, const char *sql, int count, const char *const *values)
{
    DbStmt *st = db_prepare(store->db, sql);
    if (!st)
        return false;
    for (int i = 0; i < count; i++)
        db_bind_text(st, i + 1, values[i]);
    bool ok = db_step(st) != DB_ERROR;
    db_finalize(st);
    return ok;
}

/* The columns of layout 5 added to a database of an earlier layout that has the tables. */
static bool add_times(Db *db)
{
    static const struct {
        const char *table, *column, *sql;
    } ADD[] = {
        {"games", "clock_at", "ALTER TABLE games ADD COLUMN clock_at @BIGINT NOT NULL DEFAULT 0"},
        {"moves", "at", "ALTER TABLE moves ADD COLUMN at @BIGINT NOT NULL DEFAULT 0"},
    };
    for (size_t i = 0; i < sizeof ADD / sizeof ADD[0]; i++)
        if ((db_has_column(db, ADD[i].table, "game") || db_has_column(db, ADD[i].table, "id")) &&
            !db_has_column(db, ADD[i].table, ADD[i].column) && !db_exec_schema(db, ADD[i].sql))
            return false;
    return true;
}

/* Bring a database of layout 1 to this layout (a new one gets it at once; one of layout 2 gets
 * the tables it lacks from the schema). Only an SQLite file can be of layout 1: PostgreSQL came
 * with layout 2. */
static bool migrate(Db *db, char *err, size_t errsize)
{
    if (db_layout(db) >= STORE_LAYOUT)
        return true;
    bool old = db_kind(db) == DB_SQLITE && db_has_column(db, "games", "white");
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
            if (!db_has_column(db, "games", GREW[i].name) && !db_exec(db, sql)) {
                snprintf(err, errsize, "cannot add a column to the games: %s", db_error(db));
                return false;
            }
        }
    }
    /* layouts 2 and 3: the games' version */
    if (!old && db_has_column(db, "games", "id") && !db_has_column(db, "games", "version") &&
        !db_exec(db, "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0")) {
        snprintf(err, errsize, "cannot add a column to the games: %s", db_error(db));
        return false;
    }
    /* layouts 2 to 4: the time of the clocks and of each move */
    if (!old && !add_times(db)) {
        snprintf(err, errsize, "cannot add the clocks' times: %s", db_error(db));
        return false;
    }
    size_t size = sizeof MIGRATE_1_TO_2 + sizeof SCHEMA;
    char *sql = malloc(size);
    if (!sql) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    snprintf(sql, size, MIGRATE_1_TO_2, SCHEMA);
    if (db_kind(db) == DB_SQLITE)
        db_exec(db, "PRAGMA foreign_keys=OFF");
    bool ok = db_begin(db);
    ok = ok && (old ? db_exec_schema(db, sql) : db_exec_schema(db, SCHEMA));
    ok = ok && db_set_layout(db, STORE_LAYOUT);
    ok = ok && db_commit(db);
    if (!ok) {
        snprintf(err, errsize, "cannot bring the games to the new layout: %s", db_error(db));
        db_rollback(db);
    }
    free(sql);
    if (db_kind(db) == DB_SQLITE)
        db_exec(db, "PRAGMA foreign_keys=ON");
    return ok;
}

Store *store_open(const char *path, char *err, size_t errsize)
{
    Store *store = calloc(1, sizeof *store);
    if (!store) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    store->db = db_pool_open(path, DB_FOR_GAMES, &store->lock, err, errsize);
    if (!store->db) {
        free(store);
        return NULL;
    }
    char why[512] = "";
    if (!migrate(store->db, why, sizeof why) || !db_exec_schema(store->db, SCHEMA)) {
        snprintf(err, errsize, "not a usable games file: %s (in %s)",
                 why[0] ? why : db_error(store->db), db_is_postgres(path) ? "the database" : path);
        db_pool_close(store->db);
        free(store);
        return NULL;
    }
    pthread_mutex_init(&store->read_lock, NULL);
    store_group_init(&store->group);
    snprintf(store->name, sizeof store->name, "%s", path);
    /* a file's reader (SQLite's WAL lets it read while the writer commits); PostgreSQL's is a
     * connection more, unless the pool is too small for one (db_pool.h) */
    bool file = db_kind(store->db) == DB_POSTGRES ||
                (path[0] && strcmp(path, ":memory:") != 0 && !strstr(path, "mode=memory"));
    char ignored[256];
    pthread_mutex_t *unused; /* the reader has read_lock */
    store->reader = file && db_pool_own(path, DB_FOR_READS)
                        ? db_pool_open(path, DB_FOR_READS, &unused, ignored, sizeof ignored)
                        : NULL;
    return store;
}

Db *store_read_begin(Store *store)
{
    if (!store->reader) {
        pthread_mutex_lock(store->lock);
        return store->db;
    }
    pthread_mutex_lock(&store->read_lock);
    return store->reader;
}

void store_read_end(Store *store)
{
    pthread_mutex_unlock(store->reader ? &store->read_lock : store->lock);
}

/* One statement on a session's hash and a time (-1: none), lock taken here: a SELECT's 1 for a
 * row found (0 none), another's rows changed, -1 on an error. */
static long long session_run(Store *store, const char *sql, const unsigned char *hash,
                             long long when)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, sql);
    long long n = -1;
    if (st) {
        int at = 1;
        if (hash)
            db_bind_blob(st, at++, hash, STORE_HASH_SIZE);
        if (when >= 0)
            db_bind_int(st, at, when);
        DbStep step = db_step(st);
        n = step == DB_ROW ? 1 : step == DB_DONE ? db_statement_changes(st) : -1;
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return n;
}

bool store_session_add(Store *store, const unsigned char hash[STORE_HASH_SIZE], long long expires)
{
    session_run(store, "DELETE FROM arbiter_sessions WHERE expires < ?", NULL,
                (long long)time(NULL));
    return session_run(store, "INSERT INTO arbiter_sessions (token, expires) VALUES (?, ?)", hash,
                       expires) == 1;
}

bool store_session_live(Store *store, const unsigned char hash[STORE_HASH_SIZE], long long now)
{
    return session_run(store, "SELECT 1 FROM arbiter_sessions WHERE token = ? AND expires >= ?",
                       hash, now) == 1;
}

void store_session_end(Store *store, const unsigned char hash[STORE_HASH_SIZE])
{
    session_run(store, "DELETE FROM arbiter_sessions WHERE token = ?", hash, -1);
}

void store_sessions_clear(Store *store)
{
    session_run(store, "DELETE FROM arbiter_sessions", NULL, -1);
}

bool store_job_take(Store *store, long game, int ply, const char *owner, int seconds)
{
    long long now = (long long)time(NULL);
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db,
                            "INSERT INTO engine_jobs (game, ply, owner, lease) VALUES (?, ?, ?, ?)"
                            " ON CONFLICT (game) DO UPDATE SET ply = excluded.ply, owner ="
                            " excluded.owner, lease = excluded.lease WHERE engine_jobs.lease < ?"
                            " OR engine_jobs.ply <> excluded.ply OR engine_jobs.owner ="
                            " excluded.owner");
    bool taken = false;
    if (st) {
        db_bind_int(st, 1, game);
        db_bind_int(st, 2, ply);
        db_bind_text(st, 3, owner);
        db_bind_int(st, 4, now + seconds);
        db_bind_int(st, 5, now);
        taken = db_step(st) == DB_DONE && db_statement_changes(st) == 1;
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return taken;
}

long store_job_take_any(Store *store, const char *owner, int seconds)
{
    if (db_kind(store->db) != DB_POSTGRES)
        return 0;
    long long now = (long long)time(NULL);
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db,
                            "UPDATE engine_jobs SET owner = ?, lease = ? WHERE game = (SELECT"
                            " game FROM engine_jobs WHERE lease < ? ORDER BY game LIMIT 1 FOR"
                            " UPDATE SKIP LOCKED) RETURNING game");
    long game = 0;
    if (st) {
        db_bind_text(st, 1, owner);
        db_bind_int(st, 2, now + seconds);
        db_bind_int(st, 3, now);
        if (db_step(st) == DB_ROW)
            game = (long)db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return game;
}

void store_job_renew(Store *store, long game, const char *owner, int seconds)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "UPDATE engine_jobs SET lease = ? WHERE game = ? AND"
                                       " owner = ?");
    if (st) {
        db_bind_int(st, 1, (long long)time(NULL) + seconds);
        db_bind_int(st, 2, game);
        db_bind_text(st, 3, owner);
        db_step(st);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
}

void store_job_done(Store *store, long game)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "DELETE FROM engine_jobs WHERE game = ?");
    if (st) {
        db_bind_int(st, 1, game);
        db_step(st);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
}

bool store_shared(const Store *store)
{
    return db_kind(store->db) == DB_POSTGRES;
}

const char *store_name(const Store *store)
{
    return store->name;
}

bool store_notify(Store *store, const char *what)
{
    return db_notify(store->db, "shashki", what);
}

void store_close(Store *store)
{
    if (!store)
        return;
    db_pool_close(store->db);
    db_pool_close(store->reader);
    pthread_mutex_destroy(&store->read_lock);
    store_group_destroy(&store->group);
    free(store);
}

bool store_setting_get(Store *store, const char *key, char *out, size_t size)
{
    bool found = false;
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT value FROM settings WHERE key = ?");
    if (st) {
        db_bind_text(st, 1, key);
        if (db_step(st) == DB_ROW) {
            store_copy_text(out, size, db_column_text(st, 0));
            found = true;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return found;
}

bool store_setting_set(Store *store, const char *key, const char *value)
{
    pthread_mutex_lock(store->lock);
    const char *values[] = {key, value};
    bool ok = store_run(store,
                        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE"
                        " SET value = excluded.value",
                        2, values);
    pthread_mutex_unlock(store->lock);
    return ok;
}
