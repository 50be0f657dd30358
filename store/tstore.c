/* tstore.c - events in the games' SQLite file (see tstore.h). One connection, used under a
 * mutex, beside the games' archive's own connection to the same file (WAL lets both in). */
#include "tstore.h"

#include "db.h"
#include "db_pool.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The version of each event as last read here: a save from it is refused when another process
 * (or another store) has saved the event since (several processes share a database). */
enum { TSTORE_SEEN = 64 };

struct TStore {
    Db *db;
    pthread_mutex_t *lock; /* the connection's (db_pool.h) */
    struct {
        long id, version;
    } seen[TSTORE_SEEN];
    int next_seen;
    bool stale;
};

/* The version read for an event (lock held): -1 when it was not read here. */
static long seen_version(TStore *s, long id)
{
    for (int i = 0; i < TSTORE_SEEN; i++)
        if (s->seen[i].id == id)
            return s->seen[i].version;
    return -1;
}

static void seen_set(TStore *s, long id, long version)
{
    for (int i = 0; i < TSTORE_SEEN; i++)
        if (s->seen[i].id == id) {
            s->seen[i].version = version;
            return;
        }
    s->seen[s->next_seen].id = id;
    s->seen[s->next_seen].version = version;
    s->next_seen = (s->next_seen + 1) % TSTORE_SEEN;
}

static const char SCHEMA[] =
        "CREATE TABLE IF NOT EXISTS tournaments ("
    "  id @ID,"
    "  name TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL,"
    "  data TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0);"
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
    s->db = db_pool_open(path, DB_FOR_EVENTS, &s->lock, err, size);
    if (!s->db) {
        free(s);
        return NULL;
    }
    if (db_has_column(s->db, "tournaments", "id") &&
        !db_has_column(s->db, "tournaments", "version") &&
        !db_exec(s->db, "ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0")) {
        snprintf(err, size, "cannot add a column to the events: %s", db_error(s->db));
        db_pool_close(s->db);
        free(s);
        return NULL;
    }
    if (!db_exec_schema(s->db, SCHEMA)) {
        snprintf(err, size, "%s is not a usable games file: %s",
                 db_is_postgres(path) ? "the database" : path, db_error(s->db));
        db_pool_close(s->db);
        free(s);
        return NULL;
    }
    return s;
}

void tstore_close(TStore *s)
{
    if (!s)
        return;
    db_pool_close(s->db);
    free(s);
}

/* The other processes of a shared database told, when the transaction commits (lock held). */
static bool notify(TStore *s, const char *what)
{
    return db_notify(s->db, "shashki", what);
}

bool tstore_stale(TStore *s)
{
    pthread_mutex_lock(s->lock);
    bool stale = s->stale;
    pthread_mutex_unlock(s->lock);
    return stale;
}

static void store_error(TStore *s, char *err, size_t size)
{
    snprintf(err, size, "the store: %s", db_error(s->db));
}

/* Append the change and relink the games, inside the caller's transaction. */
static bool log_and_link(TStore *s, long id, const ShEvent *e, const char *change,
                         const char *now)
{
    DbStmt *st = db_prepare(s->db, "INSERT INTO tournament_changes (tournament, seq, time, change)"
                                   " SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?"
                                   " FROM tournament_changes WHERE tournament = ?");
    bool ok = st != NULL;
    if (ok) {
        db_bind_int(st, 1, id);
        db_bind_text(st, 2, now);
        db_bind_text(st, 3, change);
        db_bind_int(st, 4, id);
        ok = db_step(st) == DB_DONE;
        db_finalize(st);
    }
    st = ok ? db_prepare(s->db, "DELETE FROM tournament_games WHERE tournament = ?") : NULL;
    ok = st != NULL;
    if (ok) {
        db_bind_int(st, 1, id);
        ok = db_step(st) == DB_DONE;
        db_finalize(st);
    }
    const ShEventPairing *all;
    int n = sh_event_all_pairings(e, &all);
    st = ok ? db_prepare(s->db, "INSERT INTO tournament_games"
                                " (tournament, stage, round, board, game, game_id)"
                                " VALUES (?, ?, ?, ?, ?, ?)")
            : NULL;
    ok = st != NULL;
    for (int i = 0; ok && i < n; i++)
        for (int g = 0; ok && g < all[i].ngames; g++) {
            if (!all[i].games[g].game_id)
                continue;
            db_reset(st);
            db_bind_int(st, 1, id);
            db_bind_int(st, 2, all[i].stage);
            db_bind_int(st, 3, all[i].round);
            db_bind_int(st, 4, all[i].board);
            db_bind_int(st, 5, g);
            db_bind_int(st, 6, all[i].games[g].game_id);
            ok = db_step(st) == DB_DONE;
        }
    db_finalize(st);
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
    pthread_mutex_lock(s->lock);
    bool ok = db_begin(s->db);
    if (ok) {
        long seen = create ? 0 : seen_version(s, *id);
        DbStmt *st = db_prepare(s->db, create ? "INSERT INTO tournaments (name, created, updated,"
                                                " data) VALUES (?, ?, ?, ?) RETURNING id"
                                              : seen >= 0
                                                  ? "UPDATE tournaments SET name = ?, updated = ?,"
                                                    " data = ?, version = version + 1 WHERE id = ?"
                                                    " AND version = ?"
                                                  : "UPDATE tournaments SET name = ?, updated = ?,"
                                                    " data = ?, version = version + 1 WHERE id = ?"
                                                    " AND ? < 0");
        ok = st != NULL;
        if (ok) {
            int at = 1;
            db_bind_text(st, at++, sh_event_settings(e)->name);
            if (create)
                db_bind_text(st, at++, now);
            db_bind_text(st, at++, now);
            db_bind_text(st, at++, text);
            if (!create) {
                db_bind_int(st, at++, *id);
                db_bind_int(st, at++, seen);
            }
            DbStep step = db_step(st);
            if (create && step == DB_ROW)
                *id = (long)db_column_int(st, 0);
            ok = create ? step == DB_ROW : step == DB_DONE && db_statement_changes(st) == 1;
            s->stale = !create && step == DB_DONE && db_statement_changes(st) == 0;
            db_finalize(st);
            if (ok)
                seen_set(s, *id, create ? 0 : seen + 1);
        }
        ok = ok && log_and_link(s, *id, e, change, now);
        char note[48];
        snprintf(note, sizeof note, "e %ld", *id);
        ok = ok && notify(s, note);
        if (!ok && s->stale)
            snprintf(err, size, "the event changed meanwhile (saved elsewhere since it was read):"
                                " read it again");
        else if (!ok)
            store_error(s, err, size);
        if (ok)
            ok = db_commit(s->db);
        if (!ok)
            db_rollback(s->db);
    } else {
        store_error(s, err, size);
    }
    pthread_mutex_unlock(s->lock);
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
    pthread_mutex_lock(s->lock);
    char *text = NULL;
    DbStmt *st = db_prepare(s->db, "SELECT data, version FROM tournaments WHERE id = ?");
    if (st) {
        db_bind_int(st, 1, id);
        if (db_step(st) == DB_ROW) {
            text = strdup(db_column_text(st, 0));
            seen_set(s, id, (long)db_column_int(st, 1));
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
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
    pthread_mutex_lock(s->lock);
    long found = 0;
    DbStmt *st = end != text && !*end ? db_prepare(s->db, "SELECT id FROM tournaments WHERE id = ?")
                                      : NULL;
    if (st) {
        db_bind_int(st, 1, id);
        if (db_step(st) == DB_ROW)
            found = id;
        db_finalize(st);
    }
    st = found ? NULL : db_prepare(s->db, "SELECT id, name FROM tournaments ORDER BY id");
    if (st) {
        long prefix = 0;
        int prefixes = 0;
        size_t len = strlen(text);
        while (db_step(st) == DB_ROW) {
            const char *name = db_column_text(st, 1);
            long row = (long)db_column_int(st, 0);
            if (!strcmp(name, text)) {
                found = row;
                break;
            }
            if (!strncmp(name, text, len)) {
                prefix = row;
                prefixes++;
            }
        }
        db_finalize(st);
        if (!found)
            found = prefixes == 1 ? prefix : prefixes > 1 ? -1 : 0;
    }
    pthread_mutex_unlock(s->lock);
    return found;
}

int tstore_list(TStore *s, TStoredEvent *out, int max)
{
    pthread_mutex_lock(s->lock);
    int n = 0;
    DbStmt *st = db_prepare(s->db, "SELECT id, name, created, updated, (SELECT COUNT(*) FROM"
                                   " tournament_changes WHERE tournament = t.id) FROM tournaments t"
                                   " ORDER BY id");
    while (st && n < max && db_step(st) == DB_ROW) {
        TStoredEvent *r = &out[n++];
        r->id = (long)db_column_int(st, 0);
        snprintf(r->name, sizeof r->name, "%s", db_column_text(st, 1));
        snprintf(r->created, sizeof r->created, "%s", db_column_text(st, 2));
        snprintf(r->updated, sizeof r->updated, "%s", db_column_text(st, 3));
        r->changes = (int)db_column_int(st, 4);
    }
    db_finalize(st);
    pthread_mutex_unlock(s->lock);
    return n;
}

int tstore_changes(TStore *s, long id, void (*line)(void *, const char *, const char *),
                   void *ctx)
{
    pthread_mutex_lock(s->lock);
    int n = 0;
    DbStmt *st = db_prepare(s->db, "SELECT time, change FROM tournament_changes WHERE"
                                   " tournament = ? ORDER BY seq");
    if (st) {
        db_bind_int(st, 1, id);
        while (db_step(st) == DB_ROW) {
            line(ctx, db_column_text(st, 0), db_column_text(st, 1));
            n++;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
    return n;
}

/* One statement on an event by its id (lock held), counting the rows it changed. */
static bool run_on_event(TStore *s, const char *sql, long id, long long *changes)
{
    DbStmt *st = db_prepare(s->db, sql);
    if (!st)
        return false;
    db_bind_int(st, 1, id);
    bool ok = db_step(st) == DB_DONE;
    if (changes)
        *changes = db_statement_changes(st);
    db_finalize(st);
    return ok;
}

bool tstore_delete(TStore *s, long id)
{
    pthread_mutex_lock(s->lock);
    long long changes = 0;
    bool ok = db_begin(s->db);
    ok = ok && run_on_event(s, "DELETE FROM tournament_changes WHERE tournament = ?", id, NULL) &&
         run_on_event(s, "DELETE FROM tournament_games WHERE tournament = ?", id, NULL) &&
         run_on_event(s, "DELETE FROM tournaments WHERE id = ?", id, &changes);
    char note[48];
    snprintf(note, sizeof note, "e %ld", id);
    ok = ok && changes == 1 && notify(s, note) && db_commit(s->db);
    if (!ok)
        db_rollback(s->db);
    pthread_mutex_unlock(s->lock);
    return ok;
}

bool tstore_game_link(TStore *s, long game_id, TStoreLink *link)
{
    memset(link, 0, sizeof *link);
    pthread_mutex_lock(s->lock);
    bool found = false;
    DbStmt *st = db_prepare(s->db, "SELECT tournament, stage, round, board, game FROM"
                                   " tournament_games WHERE game_id = ? ORDER BY tournament DESC"
                                   " LIMIT 1");
    if (st) {
        db_bind_int(st, 1, game_id);
        if (db_step(st) == DB_ROW) {
            found = true;
            link->event = (long)db_column_int(st, 0);
            link->stage = (int)db_column_int(st, 1);
            link->round = (int)db_column_int(st, 2);
            link->board = (int)db_column_int(st, 3);
            link->game = (int)db_column_int(st, 4);
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(s->lock);
    return found;
}
