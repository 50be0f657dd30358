/* store.c - the archive of games in SQLite (see store.h). One connection, used under a mutex:
 * the web app's load is a few requests a second, far below what this serialises. */
#include "store.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>

struct Store {
    sqlite3 *db;
    pthread_mutex_t lock;
};

static const char SCHEMA[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "PRAGMA foreign_keys=ON;"
    "CREATE TABLE IF NOT EXISTS games ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT," /* ids are never reused: links and seat cookies name them */
    "  created TEXT NOT NULL, updated TEXT NOT NULL,"
    "  white TEXT NOT NULL, black TEXT NOT NULL,"
    "  opponent TEXT NOT NULL, level INTEGER NOT NULL, engine_color TEXT NOT NULL,"
    "  time_control TEXT NOT NULL, start_fen TEXT NOT NULL, opening TEXT NOT NULL,"
    "  status TEXT NOT NULL, result TEXT NOT NULL, reason TEXT NOT NULL,"
    "  draw_offer TEXT NOT NULL, clock_white REAL NOT NULL, clock_black REAL NOT NULL,"
    "  moves INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '',"
    "  variant TEXT NOT NULL DEFAULT 'russian');"
    "CREATE TABLE IF NOT EXISTS moves ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  ply INTEGER NOT NULL, move TEXT NOT NULL,"
    "  clock_white REAL NOT NULL, clock_black REAL NOT NULL,"
    "  PRIMARY KEY (game, ply));"
    "CREATE INDEX IF NOT EXISTS games_status ON games(status);"
    "CREATE TABLE IF NOT EXISTS seats ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  color TEXT NOT NULL, human INTEGER NOT NULL, code TEXT NOT NULL,"
    "  token BLOB,"
    "  PRIMARY KEY (game, color));"
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    /* The puzzles' players (store.h "Puzzles"): tables a file from before them gains when it is
     * opened, its games untouched. */
    "CREATE TABLE IF NOT EXISTS puzzle_players ("
    "  player TEXT PRIMARY KEY, rating REAL NOT NULL, attempts INTEGER NOT NULL,"
    "  solved INTEGER NOT NULL, streak INTEGER NOT NULL, best_streak INTEGER NOT NULL,"
    "  updated TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS puzzle_attempts ("
    "  player TEXT NOT NULL, puzzle TEXT NOT NULL, hinted INTEGER NOT NULL DEFAULT 0,"
    "  score REAL, at TEXT NOT NULL,"
    "  PRIMARY KEY (player, puzzle));";

static void now_iso(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static void copy_text(char *out, size_t size, const unsigned char *text)
{
    snprintf(out, size, "%s", text ? (const char *)text : "");
}

/* The columns later versions added to the games table, with what the games already stored
 * get: a file from before them gains each it lacks, its games keeping their meaning. */
static const struct {
    const char *name, *definition;
} ADDED_COLUMNS[] = {
    {"note", "note TEXT NOT NULL DEFAULT ''"},          /* the arbiter's note on a result */
    {"variant", "variant TEXT NOT NULL DEFAULT 'russian'"}, /* every game before it: Russian */
};

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

static bool migrate(sqlite3 *db, char *err, size_t errsize)
{
    for (size_t i = 0; i < sizeof ADDED_COLUMNS / sizeof ADDED_COLUMNS[0]; i++) {
        if (has_column(db, "games", ADDED_COLUMNS[i].name))
            continue;
        char sql[256], *msg = NULL;
        snprintf(sql, sizeof sql, "ALTER TABLE games ADD COLUMN %s", ADDED_COLUMNS[i].definition);
        if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
            snprintf(err, errsize, "cannot add the games' column %s: %s", ADDED_COLUMNS[i].name,
                     msg ? msg : "?");
            sqlite3_free(msg);
            return false;
        }
    }
    if (sqlite3_exec(db, "CREATE INDEX IF NOT EXISTS games_variant ON games(variant)", NULL, NULL,
                     NULL) != SQLITE_OK) {
        snprintf(err, errsize, "cannot index the games by variant: %s", sqlite3_errmsg(db));
        return false;
    }
    return true;
}

Store *store_open(const char *path, char *err, size_t errsize)
{
    Store *store = calloc(1, sizeof *store);
    if (!store) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(path, &store->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        snprintf(err, errsize, "cannot open %s: %s", path, sqlite3_errmsg(store->db));
        sqlite3_close(store->db);
        free(store);
        return NULL;
    }
    sqlite3_busy_timeout(store->db, 5000);
    char *msg = NULL;
    if (sqlite3_exec(store->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errsize, "%s is not a usable games file: %s", path, msg ? msg : "?");
        sqlite3_free(msg);
        sqlite3_close(store->db);
        free(store);
        return NULL;
    }
    if (!migrate(store->db, err, errsize)) {
        snprintf(err + strlen(err), errsize - strlen(err), " (in %s)", path);
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

/* Run one statement with the game's row values bound (by name). */
static bool bind_game(sqlite3_stmt *st, const StoredGame *g, const char *updated)
{
    struct { const char *name, *value; } texts[] = {
        {":created", g->created}, {":updated", updated}, {":white", g->white},
        {":black", g->black}, {":opponent", g->opponent}, {":engine_color", g->engine_color},
        {":time_control", g->time_control}, {":start_fen", g->start_fen},
        {":opening", g->opening}, {":status", g->status}, {":result", g->result},
        {":reason", g->reason}, {":draw_offer", g->draw_offer}, {":note", g->note},
        {":variant", g->variant[0] ? g->variant : "russian"},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        int at = sqlite3_bind_parameter_index(st, texts[i].name);
        if (at && sqlite3_bind_text(st, at, texts[i].value, -1, SQLITE_TRANSIENT) != SQLITE_OK)
            return false;
    }
    int at;
    if ((at = sqlite3_bind_parameter_index(st, ":level")))
        sqlite3_bind_int(st, at, g->level);
    if ((at = sqlite3_bind_parameter_index(st, ":moves")))
        sqlite3_bind_int(st, at, g->moves);
    if ((at = sqlite3_bind_parameter_index(st, ":clock_white")))
        sqlite3_bind_double(st, at, g->clock_white);
    if ((at = sqlite3_bind_parameter_index(st, ":clock_black")))
        sqlite3_bind_double(st, at, g->clock_black);
    if ((at = sqlite3_bind_parameter_index(st, ":id")))
        sqlite3_bind_int64(st, at, g->id);
    return true;
}

static bool exec_game(Store *store, const char *sql, const StoredGame *g, const char *updated)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    bool ok = bind_game(st, g, updated) && sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok;
}

static const char UPDATE_SQL[] =
    "UPDATE games SET updated=:updated, white=:white, black=:black, status=:status,"
    " result=:result, reason=:reason, draw_offer=:draw_offer, clock_white=:clock_white,"
    " clock_black=:clock_black, moves=:moves, note=:note WHERE id=:id";

bool store_create(Store *store, StoredGame *g)
{
    char now[32];
    now_iso(now);
    snprintf(g->created, sizeof g->created, "%s", now);
    snprintf(g->updated, sizeof g->updated, "%s", now);
    pthread_mutex_lock(&store->lock);
    bool ok = exec_game(store,
                        "INSERT INTO games (created, updated, white, black, opponent, level,"
                        " engine_color, time_control, start_fen, opening, status, result, reason,"
                        " draw_offer, clock_white, clock_black, moves, variant) VALUES (:created,"
                        " :updated, :white, :black, :opponent, :level, :engine_color,"
                        " :time_control, :start_fen, :opening, :status, :result, :reason,"
                        " :draw_offer, :clock_white, :clock_black, :moves, :variant)",
                        g, now);
    if (ok)
        g->id = (long)sqlite3_last_insert_rowid(store->db);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_add_game(Store *store, StoredGame *g, const StoredMove *moves, int count)
{
    char now[32];
    now_iso(now);
    snprintf(g->created, sizeof g->created, "%s", now);
    snprintf(g->updated, sizeof g->updated, "%s", now);
    g->moves = count;
    pthread_mutex_lock(&store->lock);
    bool ok = sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
    if (ok) {
        ok = exec_game(store,
                       "INSERT INTO games (created, updated, white, black, opponent, level,"
                       " engine_color, time_control, start_fen, opening, status, result, reason,"
                       " draw_offer, clock_white, clock_black, moves) VALUES (:created, :updated,"
                       " :white, :black, :opponent, :level, :engine_color, :time_control,"
                       " :start_fen, :opening, :status, :result, :reason, :draw_offer,"
                       " :clock_white, :clock_black, :moves)",
                       g, now);
        if (ok)
            g->id = (long)sqlite3_last_insert_rowid(store->db);
        sqlite3_stmt *st;
        ok = ok && sqlite3_prepare_v2(store->db,
                                      "INSERT INTO moves (game, ply, move, clock_white,"
                                      " clock_black) VALUES (?, ?, ?, ?, ?)",
                                      -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            for (int i = 0; ok && i < count; i++) {
                sqlite3_reset(st);
                sqlite3_bind_int64(st, 1, g->id);
                sqlite3_bind_int(st, 2, i + 1);
                sqlite3_bind_text(st, 3, moves[i].text, -1, SQLITE_TRANSIENT);
                sqlite3_bind_double(st, 4, moves[i].clock_white);
                sqlite3_bind_double(st, 5, moves[i].clock_black);
                ok = sqlite3_step(st) == SQLITE_DONE;
            }
            sqlite3_finalize(st);
        }
        if (ok)
            ok = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
        if (!ok)
            sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_update(Store *store, const StoredGame *g)
{
    char now[32];
    now_iso(now);
    pthread_mutex_lock(&store->lock);
    bool ok = exec_game(store, UPDATE_SQL, g, now);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

static bool begin(Store *store)
{
    return sqlite3_exec(store->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) == SQLITE_OK;
}

static bool finish(Store *store, bool ok)
{
    if (ok)
        ok = sqlite3_exec(store->db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK;
    if (!ok)
        sqlite3_exec(store->db, "ROLLBACK", NULL, NULL, NULL);
    return ok;
}

bool store_add_move(Store *store, const StoredGame *g, int ply, const StoredMove *m)
{
    char now[32];
    now_iso(now);
    pthread_mutex_lock(&store->lock);
    bool ok = begin(store);
    if (ok) {
        sqlite3_stmt *st;
        ok = sqlite3_prepare_v2(store->db,
                                "INSERT OR REPLACE INTO moves (game, ply, move, clock_white,"
                                " clock_black) VALUES (?, ?, ?, ?, ?)",
                                -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_int64(st, 1, g->id);
            sqlite3_bind_int(st, 2, ply);
            sqlite3_bind_text(st, 3, m->text, -1, SQLITE_TRANSIENT);
            sqlite3_bind_double(st, 4, m->clock_white);
            sqlite3_bind_double(st, 5, m->clock_black);
            ok = sqlite3_step(st) == SQLITE_DONE;
            sqlite3_finalize(st);
        }
        ok = ok && exec_game(store, UPDATE_SQL, g, now);
        ok = finish(store, ok);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_truncate(Store *store, const StoredGame *g, int ply)
{
    char now[32];
    now_iso(now);
    pthread_mutex_lock(&store->lock);
    bool ok = begin(store);
    if (ok) {
        sqlite3_stmt *st;
        ok = sqlite3_prepare_v2(store->db, "DELETE FROM moves WHERE game = ? AND ply > ?", -1, &st,
                                NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_int64(st, 1, g->id);
            sqlite3_bind_int(st, 2, ply);
            ok = sqlite3_step(st) == SQLITE_DONE;
            sqlite3_finalize(st);
        }
        ok = ok && exec_game(store, UPDATE_SQL, g, now);
        ok = finish(store, ok);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_delete(Store *store, long id)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(store->db, "DELETE FROM games WHERE id = ?", -1, &st, NULL) ==
              SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

static const char COLUMNS[] =
    "id, created, updated, white, black, opponent, level, engine_color, time_control,"
    " start_fen, opening, status, result, reason, draw_offer, clock_white, clock_black, moves, note,"
    " variant";

static void read_game(sqlite3_stmt *st, StoredGame *g)
{
    memset(g, 0, sizeof *g);
    g->id = (long)sqlite3_column_int64(st, 0);
    copy_text(g->created, sizeof g->created, sqlite3_column_text(st, 1));
    copy_text(g->updated, sizeof g->updated, sqlite3_column_text(st, 2));
    copy_text(g->white, sizeof g->white, sqlite3_column_text(st, 3));
    copy_text(g->black, sizeof g->black, sqlite3_column_text(st, 4));
    copy_text(g->opponent, sizeof g->opponent, sqlite3_column_text(st, 5));
    g->level = sqlite3_column_int(st, 6);
    copy_text(g->engine_color, sizeof g->engine_color, sqlite3_column_text(st, 7));
    copy_text(g->time_control, sizeof g->time_control, sqlite3_column_text(st, 8));
    copy_text(g->start_fen, sizeof g->start_fen, sqlite3_column_text(st, 9));
    copy_text(g->opening, sizeof g->opening, sqlite3_column_text(st, 10));
    copy_text(g->status, sizeof g->status, sqlite3_column_text(st, 11));
    copy_text(g->result, sizeof g->result, sqlite3_column_text(st, 12));
    copy_text(g->reason, sizeof g->reason, sqlite3_column_text(st, 13));
    copy_text(g->draw_offer, sizeof g->draw_offer, sqlite3_column_text(st, 14));
    g->clock_white = sqlite3_column_double(st, 15);
    g->clock_black = sqlite3_column_double(st, 16);
    g->moves = sqlite3_column_int(st, 17);
    copy_text(g->note, sizeof g->note, sqlite3_column_text(st, 18));
    copy_text(g->variant, sizeof g->variant, sqlite3_column_text(st, 19));
}

bool store_load(Store *store, long id, StoredGame *game, StoredMove **moves, int *count)
{
    *moves = NULL;
    *count = 0;
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT %s FROM games WHERE id = ?", COLUMNS);
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            read_game(st, game);
            found = true;
        }
        sqlite3_finalize(st);
    }
    if (found && sqlite3_prepare_v2(store->db,
                                    "SELECT move, clock_white, clock_black FROM moves WHERE game = ?"
                                    " ORDER BY ply",
                                    -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        int cap = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (*count == cap) {
                cap = cap ? cap * 2 : 64;
                StoredMove *bigger = realloc(*moves, (size_t)cap * sizeof **moves);
                if (!bigger)
                    break;
                *moves = bigger;
            }
            StoredMove *m = &(*moves)[(*count)++];
            copy_text(m->text, sizeof m->text, sqlite3_column_text(st, 0));
            m->clock_white = sqlite3_column_double(st, 1);
            m->clock_black = sqlite3_column_double(st, 2);
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return found;
}

int store_list(Store *store, const char *player, const char *result, const char *status, int offset,
               int max, StoredGame *out, int *total)
{
    StoreFilter f = {.player = player, .result = result, .status = status};
    return store_find(store, &f, offset, max, out, total);
}

int store_find(Store *store, const StoreFilter *filter, int offset, int max, StoredGame *out,
               int *total)
{
    StoreFilter none = {0};
    const StoreFilter *f = filter ? filter : &none;
    const char *player = f->player, *result = f->result, *status = f->status,
               *variant = f->variant;
    char where[320] = "WHERE 1";
    if (player && *player)
        strcat(where, " AND (white LIKE :p ESCAPE '\\' OR black LIKE :p ESCAPE '\\')");
    if (result && *result)
        strcat(where, " AND result = :r");
    if (status && *status)
        strcat(where, " AND status = :s");
    if (variant && *variant)
        strcat(where, " AND variant = :v");
    char like[2 * STORE_TEXT + 3] = "%";
    if (player) {
        size_t n = 1;
        for (const char *c = player; *c && n + 3 < sizeof like; c++) {
            if (*c == '%' || *c == '_' || *c == '\\')
                like[n++] = '\\';
            like[n++] = *c;
        }
        like[n++] = '%';
        like[n] = '\0';
    }
    char sql[1024];
    int written = 0;
    *total = 0;
    pthread_mutex_lock(&store->lock);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0)
            snprintf(sql, sizeof sql, "SELECT count(*) FROM games %s", where);
        else
            snprintf(sql, sizeof sql,
                     "SELECT %s FROM games %s ORDER BY updated DESC, id DESC LIMIT :limit OFFSET :offset",
                     COLUMNS, where);
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
            break;
        int at;
        if ((at = sqlite3_bind_parameter_index(st, ":p")))
            sqlite3_bind_text(st, at, like, -1, SQLITE_TRANSIENT);
        if ((at = sqlite3_bind_parameter_index(st, ":r")))
            sqlite3_bind_text(st, at, result, -1, SQLITE_TRANSIENT);
        if ((at = sqlite3_bind_parameter_index(st, ":s")))
            sqlite3_bind_text(st, at, status, -1, SQLITE_TRANSIENT);
        if ((at = sqlite3_bind_parameter_index(st, ":v")))
            sqlite3_bind_text(st, at, variant, -1, SQLITE_TRANSIENT);
        if ((at = sqlite3_bind_parameter_index(st, ":limit")))
            sqlite3_bind_int(st, at, max);
        if ((at = sqlite3_bind_parameter_index(st, ":offset")))
            sqlite3_bind_int(st, at, offset);
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (pass == 0)
                *total = sqlite3_column_int(st, 0);
            else if (written < max)
                read_game(st, &out[written++]);
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return written;
}

int store_playing(Store *store, long *ids, int max)
{
    int n = 0;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, "SELECT id FROM games WHERE status = 'playing' ORDER BY id",
                           -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW && n < max)
            ids[n++] = (long)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return n;
}

bool store_seats_load(Store *store, long id, StoredSeat seats[2])
{
    memset(seats, 0, 2 * sizeof *seats);
    int found = 0;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, "SELECT color, human, code, token FROM seats WHERE game = ?",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *color = sqlite3_column_text(st, 0);
            int c = color && strcmp((const char *)color, "black") == 0 ? 1 : 0;
            StoredSeat *seat = &seats[c];
            seat->human = sqlite3_column_int(st, 1) != 0;
            copy_text(seat->code, sizeof seat->code, sqlite3_column_text(st, 2));
            const void *token = sqlite3_column_blob(st, 3);
            if (token && sqlite3_column_bytes(st, 3) == STORE_HASH_SIZE) {
                memcpy(seat->token, token, STORE_HASH_SIZE);
                seat->taken = true;
            }
            found++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return found == 2;
}

bool store_seats_save(Store *store, long id, const StoredSeat seats[2])
{
    pthread_mutex_lock(&store->lock);
    bool ok = begin(store);
    for (int c = 0; ok && c < 2; c++) {
        sqlite3_stmt *st;
        ok = sqlite3_prepare_v2(store->db,
                                "INSERT OR REPLACE INTO seats (game, color, human, code, token)"
                                " VALUES (?, ?, ?, ?, ?)",
                                -1, &st, NULL) == SQLITE_OK;
        if (!ok)
            break;
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, c ? "black" : "white", -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 3, seats[c].human);
        sqlite3_bind_text(st, 4, seats[c].code, -1, SQLITE_TRANSIENT);
        if (seats[c].taken)
            sqlite3_bind_blob(st, 5, seats[c].token, STORE_HASH_SIZE, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(st, 5);
        ok = sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    ok = finish(store, ok);
    pthread_mutex_unlock(&store->lock);
    return ok;
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
            copy_text(out, size, sqlite3_column_text(st, 0));
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

/* ---- puzzles ---- */

static void puzzler_default(StoredPuzzler *p)
{
    *p = (StoredPuzzler){.rating = STORE_PUZZLE_START_RATING};
}

/* The player's row (lock held); the defaults when there is none. */
static void puzzler_read(Store *store, const char *player, StoredPuzzler *out)
{
    puzzler_default(out);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT rating, attempts, solved, streak, best_streak FROM puzzle_players"
                           " WHERE player = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        out->rating = sqlite3_column_double(st, 0);
        out->attempts = sqlite3_column_int(st, 1);
        out->solved = sqlite3_column_int(st, 2);
        out->streak = sqlite3_column_int(st, 3);
        out->best_streak = sqlite3_column_int(st, 4);
    }
    sqlite3_finalize(st);
}

bool store_puzzler_get(Store *store, const char *player, StoredPuzzler *out)
{
    pthread_mutex_lock(&store->lock);
    puzzler_read(store, player, out);
    pthread_mutex_unlock(&store->lock);
    return true;
}

/* The attempt's row (lock held): whether there is one, with its hint and score (-1: none). */
static bool attempt_read(Store *store, const char *player, const char *puzzle, bool *hinted,
                         double *score)
{
    sqlite3_stmt *st;
    bool found = false;
    *hinted = false;
    *score = -1;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT hinted, score FROM puzzle_attempts WHERE player = ? AND puzzle = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, puzzle, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        found = true;
        *hinted = sqlite3_column_int(st, 0) != 0;
        if (sqlite3_column_type(st, 1) != SQLITE_NULL)
            *score = sqlite3_column_double(st, 1);
    }
    sqlite3_finalize(st);
    return found;
}

static bool exec_bound(Store *store, const char *sql, const char *a, const char *b, double x)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    char now[32];
    now_iso(now);
    sqlite3_bind_text(st, 1, a, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, b, -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(st, 3, x);
    sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok;
}

bool store_puzzle_hint(Store *store, const char *player, const char *puzzle)
{
    pthread_mutex_lock(&store->lock);
    bool ok = exec_bound(store,
                         "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                         " VALUES (?1, ?2, 1, NULL, ?4) ON CONFLICT (player, puzzle) DO UPDATE"
                         " SET hinted = 1 WHERE score IS NULL",
                         player, puzzle, 0);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

double store_puzzle_elo(double rating, int attempts, int puzzle_rating, double score)
{
    double expected = 1.0 / (1.0 + pow(10.0, ((double)puzzle_rating - rating) / 400.0));
    double k = attempts < STORE_PUZZLE_PROVISIONAL ? 40.0 : 20.0;
    return rating + k * (score - expected);
}

bool store_puzzle_result(Store *store, const char *player, const char *puzzle, bool solved,
                         int puzzle_rating, StoredPuzzler *out, double *score, bool *rated)
{
    pthread_mutex_lock(&store->lock);
    bool ok = begin(store);
    bool hinted;
    double earlier;
    attempt_read(store, player, puzzle, &hinted, &earlier);
    puzzler_read(store, player, out);
    *rated = ok && earlier < 0;
    *score = earlier;
    if (*rated) {
        double s = solved ? (hinted ? 0.5 : 1.0) : 0.0;
        *score = s;
        out->rating = store_puzzle_elo(out->rating, out->attempts, puzzle_rating, s);
        out->attempts++;
        if (solved)
            out->solved++;
        out->streak = s == 1.0 ? out->streak + 1 : 0;
        if (out->streak > out->best_streak)
            out->best_streak = out->streak;
        ok = exec_bound(store,
                        "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                        " VALUES (?1, ?2, 0, ?3, ?4) ON CONFLICT (player, puzzle) DO UPDATE"
                        " SET score = ?3, at = ?4",
                        player, puzzle, s);
        sqlite3_stmt *st;
        ok = ok && sqlite3_prepare_v2(store->db,
                                      "INSERT OR REPLACE INTO puzzle_players (player, rating,"
                                      " attempts, solved, streak, best_streak, updated)"
                                      " VALUES (?, ?, ?, ?, ?, ?, ?)",
                                      -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            char now[32];
            now_iso(now);
            sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
            sqlite3_bind_double(st, 2, out->rating);
            sqlite3_bind_int(st, 3, out->attempts);
            sqlite3_bind_int(st, 4, out->solved);
            sqlite3_bind_int(st, 5, out->streak);
            sqlite3_bind_int(st, 6, out->best_streak);
            sqlite3_bind_text(st, 7, now, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(st) == SQLITE_DONE;
            sqlite3_finalize(st);
        }
        if (!ok)
            puzzler_read(store, player, out);
    }
    ok = finish(store, ok);
    if (!ok)
        *rated = false;
    pthread_mutex_unlock(&store->lock);
    return ok;
}

int store_puzzle_scores(Store *store, const char *player,
                        void (*each)(const char *puzzle, bool hinted, double score, void *user),
                        void *user)
{
    int n = 0;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT puzzle, hinted, score FROM puzzle_attempts WHERE player = ?", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *id = sqlite3_column_text(st, 0);
            double score = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 2);
            each(id ? (const char *)id : "", sqlite3_column_int(st, 1) != 0, score, user);
            n++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return n;
}
