/* cstore.c - contests in the site's database (see cstore.h): SQLite or PostgreSQL (db.h). */
#include "cstore.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "db.h"
#include "db_pool.h"

struct CStore {
    Db *db;
    pthread_mutex_t *lock; /* the connection's (db_pool.h) */
};

static const char SCHEMA[] = "CREATE TABLE IF NOT EXISTS contests ("
                             "  id @ID,"
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
    s->db = db_pool_open_schema(path, DB_FOR_CONTESTS, SCHEMA, "the contests' table", &s->lock,
                                err, size);
    if (!s->db) {
        free(s);
        return NULL;
    }
    return s;
}

void cstore_close(CStore *s)
{
    if (!s)
        return;
    db_pool_close(s->db);
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
    pthread_mutex_lock(s->lock);
    const char *sql = insert ? "INSERT INTO contests (name, kind, created, updated, data)"
                               " VALUES (?, ?, ?, ?, ?) RETURNING id"
                             : "UPDATE contests SET name = ?, kind = ?,"
                               " updated = ?, data = ? WHERE id = ?";
    DbStmt *st = db_prepare(s->db, sql);
    bool ok = st != NULL;
    if (ok) {
        int at = 1;
        db_bind_text(st, at++, set->name);
        db_bind_text(st, at++, set->kind == SH_CONTEST_SOLVING ? "solving" : "composing");
        if (insert)
            db_bind_text(st, at++, now);
        db_bind_text(st, at++, now);
        db_bind_text(st, at++, text);
        if (!insert)
            db_bind_int(st, at, *id);
        DbStep step = db_step(st);
        if (insert) {
            ok = step == DB_ROW;
            if (ok)
                *id = (long)db_column_int(st, 0);
        } else {
            ok = step == DB_DONE && db_statement_changes(st) == 1;
        }
        db_finalize(st);
    }
    if (!ok)
        snprintf(err, size, "the store: %s", db_error(s->db));
    pthread_mutex_unlock(s->lock);
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
    pthread_mutex_lock(s->lock);
    char *text = NULL;
    DbStmt *st = db_prepare(s->db, "SELECT data FROM contests WHERE id = ?");
    if (st) {
        db_bind_int(st, 1, id);
        if (db_step(st) == DB_ROW)
            text = strdup(db_column_text(st, 0));
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
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
    pthread_mutex_lock(s->lock);
    DbStmt *st = db_prepare(s->db, "SELECT id, name FROM contests ORDER BY id");
    if (st) {
        size_t n = strlen(text);
        while (db_step(st) == DB_ROW) {
            const char *name = db_column_text(st, 1);
            if (!strcmp(name, text)) {
                found = (long)db_column_int(st, 0);
                matches = 1;
                break;
            }
            if (!strncmp(name, text, n)) {
                found = (long)db_column_int(st, 0);
                matches++;
            }
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
    return matches > 1 ? -1 : found;
}

int cstore_list(CStore *s, CStoredContest *out, int max)
{
    int n = 0;
    pthread_mutex_lock(s->lock);
    DbStmt *st = db_prepare(s->db, "SELECT id, name, kind, updated FROM contests ORDER BY id");
    if (st) {
        while (n < max && db_step(st) == DB_ROW) {
            out[n].id = (long)db_column_int(st, 0);
            snprintf(out[n].name, sizeof out[n].name, "%s", db_column_text(st, 1));
            snprintf(out[n].kind, sizeof out[n].kind, "%s", db_column_text(st, 2));
            snprintf(out[n].updated, sizeof out[n].updated, "%s", db_column_text(st, 3));
            n++;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
    return n;
}

bool cstore_delete(CStore *s, long id)
{
    pthread_mutex_lock(s->lock);
    DbStmt *st = db_prepare(s->db, "DELETE FROM contests WHERE id = ?");
    bool ok = st != NULL;
    if (ok) {
        db_bind_int(st, 1, id);
        ok = db_step(st) == DB_DONE && db_statement_changes(st) == 1;
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
    return ok;
}
