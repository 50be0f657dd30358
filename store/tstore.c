/* tstore.c - events in the games' SQLite file (see tstore.h). One connection, used under a
 * mutex, beside the games' archive's own connection to the same file (WAL lets both in). */
#include "tstore.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct TStore {
    sqlite3 *db;
    pthread_mutex_t lock;
};

static const char SCHEMA[] =
    "PRAGMA journal_mode=WAL;"
    "PRAGMA synchronous=FULL;"
    "PRAGMA foreign_keys=ON;"
    "CREATE TABLE IF NOT EXISTS tournaments ("
    "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
    "  name TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL,"
    "  data TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tournament_changes ("
    "  tournament INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,"
    "  seq INTEGER NOT NULL, time TEXT NOT NULL, change TEXT NOT NULL,"
    "  PRIMARY KEY (tournament, seq));"
    "CREATE TABLE IF NOT EXISTS tournament_games ("
    "  tournament INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,"
    "  stage INTEGER NOT NULL, round INTEGER NOT NULL, board INTEGER NOT NULL,"
    "  game INTEGER NOT NULL, game_id INTEGER NOT NULL,"
    "  PRIMARY KEY (tournament, stage, round, board, game));"
    "CREATE INDEX IF NOT EXISTS tournament_games_by_game ON tournament_games (game_id);";

static void now_iso(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

TStore *tstore_open(const char *path, char *err, size_t size)
{
    TStore *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, size, "cannot open %s: %s", path, sqlite3_errmsg(s->db));
        sqlite3_close(s->db);
        free(s);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 10000);
    char *msg = NULL;
    if (sqlite3_exec(s->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, size, "%s is not a usable games file: %s", path, msg ? msg : "?");
        sqlite3_free(msg);
        sqlite3_close(s->db);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    return s;
}

void tstore_close(TStore *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static bool exec(TStore *s, const char *sql)
{
    return sqlite3_exec(s->db, sql, NULL, NULL, NULL) == SQLITE_OK;
}

static void db_error(TStore *s, char *err, size_t size)
{
    snprintf(err, size, "the store: %s", sqlite3_errmsg(s->db));
}

/* Append the change and relink the games, inside the caller's transaction. */
static bool log_and_link(TStore *s, long id, const ShEvent *e, const char *change,
                         const char *now)
{
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(s->db,
                                 "INSERT INTO tournament_changes (tournament, seq, time, change)"
                                 " SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3"
                                 " FROM tournament_changes WHERE tournament = ?1",
                                 -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, now, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 3, change, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    if (ok && sqlite3_prepare_v2(s->db, "DELETE FROM tournament_games WHERE tournament = ?", -1,
                                 &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        ok = sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all);
    if (ok && sqlite3_prepare_v2(s->db,
                                 "INSERT OR REPLACE INTO tournament_games"
                                 " (tournament, stage, round, board, game, game_id)"
                                 " VALUES (?, ?, ?, ?, ?, ?)",
                                 -1, &st, NULL) == SQLITE_OK) {
        for (int i = 0; ok && i < n; i++)
            for (int g = 0; ok && g < all[i].ngames; g++) {
                if (!all[i].games[g].game_id)
                    continue;
                sqlite3_reset(st);
                sqlite3_bind_int64(st, 1, id);
                sqlite3_bind_int(st, 2, all[i].stage);
                sqlite3_bind_int(st, 3, all[i].round);
                sqlite3_bind_int(st, 4, all[i].board);
                sqlite3_bind_int(st, 5, g);
                sqlite3_bind_int64(st, 6, all[i].games[g].game_id);
                ok = sqlite3_step(st) == SQLITE_DONE;
            }
        sqlite3_finalize(st);
    } else {
        ok = false;
    }
    return ok;
}

static bool write_row(TStore *s, long *id, bool create, const ShEvent *e, const char *change,
                      char *err, size_t size)
{
    char *text;
    ShError e_err;
    if (sh_event_write(e, &text, &e_err) != SH_OK) {
        snprintf(err, size, "%s", e_err.message);
        return false;
    }
    char now[32];
    now_iso(now);
    pthread_mutex_lock(&s->lock);
    bool ok = exec(s, "BEGIN IMMEDIATE");
    if (ok) {
        sqlite3_stmt *st;
        ok = sqlite3_prepare_v2(s->db,
                                create ? "INSERT INTO tournaments (name, created, updated, data)"
                                         " VALUES (?1, ?2, ?2, ?3)"
                                       : "UPDATE tournaments SET name = ?1, updated = ?2,"
                                         " data = ?3 WHERE id = ?4",
                                -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_text(st, 1, sh_event_settings(e)->name, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(st, 2, now, -1, SQLITE_TRANSIENT);
            sqlite3_bind_text(st, 3, text, -1, SQLITE_TRANSIENT);
            if (!create)
                sqlite3_bind_int64(st, 4, *id);
            ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(s->db) == 1;
            sqlite3_finalize(st);
        }
        if (ok && create)
            *id = (long)sqlite3_last_insert_rowid(s->db);
        ok = ok && log_and_link(s, *id, e, change, now);
        if (!ok)
            db_error(s, err, size);
        if (ok)
            ok = exec(s, "COMMIT");
        if (!ok)
            exec(s, "ROLLBACK");
    } else {
        db_error(s, err, size);
    }
    pthread_mutex_unlock(&s->lock);
    free(text);
    return ok;
}

bool tstore_create(TStore *s, const ShEvent *e, const char *change, long *id, char *err,
                   size_t size)
{
    return write_row(s, id, true, e, change, err, size);
}

bool tstore_save(TStore *s, long id, const ShEvent *e, const char *change, char *err,
                 size_t size)
{
    return write_row(s, &id, false, e, change, err, size);
}

bool tstore_load(TStore *s, long id, ShEvent **e, char *err, size_t size)
{
    *e = NULL;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    char *text = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT data FROM tournaments WHERE id = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *d = sqlite3_column_text(st, 0);
            size_t n = d ? strlen((const char *)d) : 0;
            text = malloc(n + 1);
            if (text) {
                memcpy(text, d ? (const char *)d : "", n);
                text[n] = '\0';
            }
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    if (!text) {
        snprintf(err, size, "there is no event %ld", id);
        return false;
    }
    ShError e_err;
    bool ok = sh_event_read(text, e, &e_err) == SH_OK;
    if (!ok)
        snprintf(err, size, "event %ld cannot be read: line %d, column %d: %s", id, e_err.line,
                 e_err.column, e_err.message);
    free(text);
    return ok;
}

long tstore_find(TStore *s, const char *text)
{
    char *end;
    long id = strtol(text, &end, 10);
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    long found = 0;
    if (end != text && !*end) {
        if (sqlite3_prepare_v2(s->db, "SELECT id FROM tournaments WHERE id = ?", -1, &st,
                               NULL) == SQLITE_OK) {
            sqlite3_bind_int64(st, 1, id);
            if (sqlite3_step(st) == SQLITE_ROW)
                found = id;
            sqlite3_finalize(st);
        }
    }
    if (!found &&
        sqlite3_prepare_v2(s->db, "SELECT id, name FROM tournaments ORDER BY id", -1, &st,
                           NULL) == SQLITE_OK) {
        long prefix = 0;
        int prefixes = 0;
        size_t len = strlen(text);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *name = (const char *)sqlite3_column_text(st, 1);
            long row = (long)sqlite3_column_int64(st, 0);
            if (!name)
                continue;
            if (!strcmp(name, text)) {
                found = row;
                break;
            }
            if (!strncmp(name, text, len)) {
                prefix = row;
                prefixes++;
            }
        }
        sqlite3_finalize(st);
        if (!found)
            found = prefixes == 1 ? prefix : prefixes > 1 ? -1 : 0;
    }
    pthread_mutex_unlock(&s->lock);
    return found;
}

int tstore_list(TStore *s, TStoredEvent *out, int max)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT id, name, created, updated, (SELECT COUNT(*) FROM"
                           " tournament_changes WHERE tournament = t.id) FROM tournaments t"
                           " ORDER BY id",
                           -1, &st, NULL) == SQLITE_OK) {
        while (n < max && sqlite3_step(st) == SQLITE_ROW) {
            TStoredEvent *r = &out[n++];
            r->id = (long)sqlite3_column_int64(st, 0);
            snprintf(r->name, sizeof r->name, "%s", (const char *)sqlite3_column_text(st, 1));
            snprintf(r->created, sizeof r->created, "%s",
                     (const char *)sqlite3_column_text(st, 2));
            snprintf(r->updated, sizeof r->updated, "%s",
                     (const char *)sqlite3_column_text(st, 3));
            r->changes = sqlite3_column_int(st, 4);
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

int tstore_changes(TStore *s, long id, void (*line)(void *, const char *, const char *),
                   void *ctx)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT time, change FROM tournament_changes WHERE tournament = ?"
                           " ORDER BY seq",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        while (sqlite3_step(st) == SQLITE_ROW) {
            line(ctx, (const char *)sqlite3_column_text(st, 0),
                 (const char *)sqlite3_column_text(st, 1));
            n++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

bool tstore_delete(TStore *s, long id)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(s->db, "DELETE FROM tournaments WHERE id = ?", -1, &st, NULL) ==
              SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(s->db) == 1;
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool tstore_game_link(TStore *s, long game_id, TStoreLink *link)
{
    memset(link, 0, sizeof *link);
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(s->db,
                           "SELECT tournament, stage, round, board, game FROM tournament_games"
                           " WHERE game_id = ? ORDER BY tournament DESC LIMIT 1",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, game_id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            found = true;
            link->event = (long)sqlite3_column_int64(st, 0);
            link->stage = sqlite3_column_int(st, 1);
            link->round = sqlite3_column_int(st, 2);
            link->board = sqlite3_column_int(st, 3);
            link->game = sqlite3_column_int(st, 4);
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return found;
}
