/* lobby.c - the lobby's challenges in the site's database (see lobby.h). */
#include "lobby.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "db.h"
#include "db_pool.h"

struct Lobby {
    Db *db;
    pthread_mutex_t *lock; /* the connection's (db_pool.h) */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS challenges ("
    "  id @ID, created TEXT NOT NULL, challenger INTEGER NOT NULL, challenged INTEGER NOT NULL,"
    "  variant TEXT NOT NULL, time_control TEXT NOT NULL, rated INTEGER NOT NULL,"
    "  color TEXT NOT NULL, min_rating INTEGER NOT NULL, max_rating INTEGER NOT NULL,"
    "  status INTEGER NOT NULL, accepter INTEGER NOT NULL DEFAULT 0,"
    "  game INTEGER NOT NULL DEFAULT 0);"
    "CREATE INDEX IF NOT EXISTS challenges_open ON challenges (status, id);";

static const char COLUMNS[] = "id, created, challenger, challenged, variant, time_control, rated,"
                              " color, min_rating, max_rating, status, accepter, game";

static const char *const STATUS_NAMES[] = {"open", "accepting", "accepted", "cancelled",
                                           "declined"};

const char *lobby_status_name(ChallengeStatus status)
{
    return (unsigned)status < sizeof STATUS_NAMES / sizeof STATUS_NAMES[0] ? STATUS_NAMES[status]
                                                                          : "?";
}

Lobby *lobby_open(const char *name, char *err, size_t size)
{
    Lobby *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    l->db = db_pool_open_schema(name, DB_FOR_LOBBY, SCHEMA, "the lobby's table", &l->lock, err,
                                size);
    if (!l->db) {
        free(l);
        return NULL;
    }
    return l;
}

void lobby_close(Lobby *l)
{
    if (!l)
        return;
    db_pool_close(l->db);
    free(l);
}

static void read_row(DbStmt *st, Challenge *c)
{
    memset(c, 0, sizeof *c);
    c->id = (long)db_column_int(st, 0);
    snprintf(c->created, sizeof c->created, "%.31s", db_column_text(st, 1));
    c->from = (long)db_column_int(st, 2);
    c->to = (long)db_column_int(st, 3);
    snprintf(c->variant, sizeof c->variant, "%.23s", db_column_text(st, 4));
    snprintf(c->time_control, sizeof c->time_control, "%.127s", db_column_text(st, 5));
    c->rated = db_column_int(st, 6) != 0;
    snprintf(c->color, sizeof c->color, "%.7s", db_column_text(st, 7));
    c->min_rating = (int)db_column_int(st, 8);
    c->max_rating = (int)db_column_int(st, 9);
    c->status = (ChallengeStatus)db_column_int(st, 10);
    c->accepter = (long)db_column_int(st, 11);
    c->game = (long)db_column_int(st, 12);
}

bool lobby_add(Lobby *l, Challenge *c)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(c->created, sizeof c->created, "%Y-%m-%dT%H:%M:%SZ", &tm);
    pthread_mutex_lock(l->lock);
    DbStmt *st = db_prepare(l->db, "INSERT INTO challenges (created, challenger, challenged,"
                                   " variant, time_control, rated, color, min_rating, max_rating,"
                                   " status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0) RETURNING id");
    bool ok = false;
    if (st) {
        db_bind_text(st, 1, c->created);
        db_bind_int(st, 2, c->from);
        db_bind_int(st, 3, c->to);
        db_bind_text(st, 4, c->variant);
        db_bind_text(st, 5, c->time_control);
        db_bind_int(st, 6, c->rated);
        db_bind_text(st, 7, c->color);
        db_bind_int(st, 8, c->min_rating);
        db_bind_int(st, 9, c->max_rating);
        if (db_step(st) == DB_ROW) {
            c->id = (long)db_column_int(st, 0);
            c->status = CHALLENGE_OPEN;
            ok = true;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(l->lock);
    return ok;
}

bool lobby_get(Lobby *l, long id, Challenge *out)
{
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT %s FROM challenges WHERE id = ?", COLUMNS);
    pthread_mutex_lock(l->lock);
    DbStmt *st = db_prepare(l->db, sql);
    bool found = false;
    if (st) {
        db_bind_int(st, 1, id);
        if (db_step(st) == DB_ROW) {
            read_row(st, out);
            found = true;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(l->lock);
    return found;
}

int lobby_list(Lobby *l, long account, Challenge *out, int max)
{
    char sql[400];
    snprintf(sql, sizeof sql,
             "SELECT %s FROM challenges WHERE status = 0 AND (challenged = 0 OR challenged = ? OR"
             " challenger = ?) ORDER BY id DESC LIMIT ?",
             COLUMNS);
    pthread_mutex_lock(l->lock);
    DbStmt *st = db_prepare(l->db, sql);
    int n = 0;
    if (st) {
        db_bind_int(st, 1, account > 0 ? account : -1);
        db_bind_int(st, 2, account > 0 ? account : -1);
        db_bind_int(st, 3, max);
        while (n < max && db_step(st) == DB_ROW)
            read_row(st, &out[n++]);
        db_finalize(st);
    }
    pthread_mutex_unlock(l->lock);
    return n;
}

/* One UPDATE with integer values (lock taken here): whether it changed exactly one row. */
static bool update_one(Lobby *l, const char *sql, long long a, long long b)
{
    pthread_mutex_lock(l->lock);
    DbStmt *st = db_prepare(l->db, sql);
    bool ok = false;
    if (st) {
        db_bind_int(st, 1, a);
        db_bind_int(st, 2, b);
        ok = db_step(st) == DB_DONE && db_statement_changes(st) == 1;
        db_finalize(st);
    }
    pthread_mutex_unlock(l->lock);
    return ok;
}

bool lobby_take(Lobby *l, long id, long accepter)
{
    return update_one(l, "UPDATE challenges SET status = 1, accepter = ? WHERE id = ? AND"
                         " status = 0", accepter, id);
}

bool lobby_accepted(Lobby *l, long id, long game)
{
    if (game > 0)
        return update_one(l, "UPDATE challenges SET status = 2, game = ? WHERE id = ? AND"
                             " status = 1", game, id);
    return update_one(l, "UPDATE challenges SET status = 0, accepter = ? WHERE id = ? AND"
                         " status = 1", 0, id);
}

bool lobby_end(Lobby *l, long id, ChallengeStatus status)
{
    return update_one(l, "UPDATE challenges SET status = ? WHERE id = ? AND status = 0", status,
                      id);
}
