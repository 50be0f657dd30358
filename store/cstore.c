/* cstore.c - contests in the games' SQLite file (see cstore.h). */
#include "cstore.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct CStore {
    sqlite3 *db;
    pthread_mutex_t lock;
};

static const char SCHEMA[] = "PRAGMA journal_mode=WAL;"
                             "PRAGMA synchronous=FULL;"
                             "CREATE TABLE IF NOT EXISTS contests ("
                             "  id INTEGER PRIMARY KEY AUTOINCREMENT,"
                             "  name TEXT NOT NULL, kind TEXT NOT NULL,"
                             "  created TEXT NOT NULL, updated TEXT NOT NULL,"
                             "  data TEXT NOT NULL);";

static void now_iso(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

CStore *cstore_open(const char *path, char *err, size_t size)
{
    CStore *s = calloc(1, sizeof *s);
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

void cstore_close(CStore *s)
{
    if (!s)
        return;
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static bool write_row(CStore *s, long *id, bool insert, const ShContest *c, char *err,
                      size_t size)
{
    char *text;
    ShError e;
    if (sh_contest_write(c, &text, &e) != SH_OK) {
        snprintf(err, size, "%s", e.message);
        return false;
    }
    char now[32];
    now_iso(now);
    const ShContestSettings *set = sh_contest_settings(c);
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    const char *sql = insert ? "INSERT INTO contests (name, kind, created, updated, data)"
                               " VALUES (?1, ?2, ?3, ?3, ?4)"
                             : "UPDATE contests SET name = ?1, kind = ?2, updated = ?3, "
                               "data = ?4 WHERE id = ?5";
    bool ok = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_text(st, 1, set->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, set->kind == SH_CONTEST_SOLVING ? "solving" : "composing", -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(st, 3, now, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 4, text, -1, SQLITE_TRANSIENT);
        if (!insert)
            sqlite3_bind_int64(st, 5, *id);
        ok = sqlite3_step(st) == SQLITE_DONE && (insert || sqlite3_changes(s->db) == 1);
        sqlite3_finalize(st);
    }
    if (ok && insert)
        *id = (long)sqlite3_last_insert_rowid(s->db);
    if (!ok)
        snprintf(err, size, "the store: %s", sqlite3_errmsg(s->db));
    pthread_mutex_unlock(&s->lock);
    free(text);
    return ok;
}

bool cstore_create(CStore *s, const ShContest *c, long *id, char *err, size_t size)
{
    return write_row(s, id, true, c, err, size);
}

bool cstore_save(CStore *s, long id, const ShContest *c, char *err, size_t size)
{
    return write_row(s, &id, false, c, err, size);
}

bool cstore_load(CStore *s, long id, ShContest **c, char *err, size_t size)
{
    *c = NULL;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    char *text = NULL;
    if (sqlite3_prepare_v2(s->db, "SELECT data FROM contests WHERE id = ?", -1, &st, NULL) ==
        SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            const char *t = (const char *)sqlite3_column_text(st, 0);
            text = t ? strdup(t) : NULL;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    if (!text) {
        snprintf(err, size, "no contest %ld", id);
        return false;
    }
    ShError e;
    bool ok = sh_contest_read(text, c, &e) == SH_OK;
    if (!ok)
        snprintf(err, size, "contest %ld cannot be read: line %d: %s", id, e.line, e.message);
    free(text);
    return ok;
}

long cstore_find(CStore *s, const char *text)
{
    char *end;
    long id = strtol(text, &end, 10);
    if (*text && !*end)
        return id;
    long found = 0;
    int matches = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT id, name FROM contests ORDER BY id", -1, &st, NULL) ==
        SQLITE_OK) {
        size_t n = strlen(text);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *name = (const char *)sqlite3_column_text(st, 1);
            if (!name)
                continue;
            if (!strcmp(name, text)) {
                found = sqlite3_column_int64(st, 0);
                matches = 1;
                break;
            }
            if (!strncmp(name, text, n)) {
                found = sqlite3_column_int64(st, 0);
                matches++;
            }
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return matches > 1 ? -1 : found;
}

int cstore_list(CStore *s, CStoredContest *out, int max)
{
    int n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(s->db, "SELECT id, name, kind, updated FROM contests ORDER BY id",
                           -1, &st, NULL) == SQLITE_OK) {
        while (n < max && sqlite3_step(st) == SQLITE_ROW) {
            out[n].id = (long)sqlite3_column_int64(st, 0);
            snprintf(out[n].name, sizeof out[n].name, "%s",
                     (const char *)sqlite3_column_text(st, 1));
            snprintf(out[n].kind, sizeof out[n].kind, "%s",
                     (const char *)sqlite3_column_text(st, 2));
            snprintf(out[n].updated, sizeof out[n].updated, "%s",
                     (const char *)sqlite3_column_text(st, 3));
            n++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

bool cstore_delete(CStore *s, long id)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(s->db, "DELETE FROM contests WHERE id = ?", -1, &st, NULL) ==
              SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(s->db) == 1;
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}
