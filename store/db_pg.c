/* db_pg.c - the store's SQL interface (db.h) on PostgreSQL, through libpq: the server several
 * processes of `shashki serve` share. Statements are sent with their parameters as text (a
 * blob as binary) by PQexecParams, the `?` of the store's SQL numbered $1, $2 ...; the rows
 * come back as text. A transaction is a plain BEGIN: PostgreSQL locks the rows it changes.
 *
 * A connection lost (the server stopped or restarted) fails the statement and every other of
 * its transaction; the next statement outside a transaction connects again (PQreset, at most
 * four times a second), so a process comes back by itself when the server does. A BEGIN, or a
 * SELECT outside a transaction, that finds the connection lost is sent once more on a new one:
 * after a restart of the server, the first request of each connection need not fail. */
#include <poll.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "db_impl.h"
#include "db_pg_prepared.h"
#include "db_pq.h"

/* libpq, loaded when the first PostgreSQL database is opened (db_pq.h) */
static const PqApi *pq;

#define PG_MAX_PARAMS 32

typedef struct PgDb {
    Db base;
    PGconn *conn;
    bool lost;        /* a statement failed because the connection was lost */
    bool in_tx;       /* between BEGIN and COMMIT / ROLLBACK */
    long long retry;  /* when to try to connect again (ms, monotonic) */
    PgPrepared prepared; /* the statements this connection has prepared */
} PgDb;

#define PG_RETRY_MS 250

typedef struct PgStmt {
    DbStmt base;
    char *sql;                 /* with $n placeholders */
    int nparams;
    char *values[PG_MAX_PARAMS];
    int lengths[PG_MAX_PARAMS];
    int formats[PG_MAX_PARAMS];
    PGresult *result;
    int row, rows;             /* the current row (-1 before the first) */
    unsigned char *blob;       /* the last blob read, decoded */
} PgStmt;

static PGconn *conn_of(Db *db)
{
    return ((PgDb *)db)->conn;
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Connect again if the connection was lost, outside a transaction, not too often: whether the
 * connection is good now. */
static bool p_available(Db *db)
{
    PgDb *p = (PgDb *)db;
    if (!p->lost)
        return true;
    if (p->in_tx || now_ms() < p->retry)
        return false;
    pq->PQreset(p->conn);
    pg_prepared_forget(&p->prepared); /* a new session: none prepared */
    p->retry = now_ms() + PG_RETRY_MS;
    p->lost = pq->PQstatus(p->conn) != CONNECTION_OK;
    if (p->lost)
        snprintf(db->error, sizeof db->error, "the database is not answering (%s)",
                 pq->PQerrorMessage(p->conn));
    return !p->lost;
}

static void note_error(Db *db, const PGresult *r)
{
    PgDb *p = (PgDb *)db;
    if (pq->PQstatus(p->conn) != CONNECTION_OK && !p->lost) {
        p->lost = true;
        p->retry = 0; /* the next statement outside a transaction tries at once */
    }
    const char *msg = r ? pq->PQresultErrorMessage(r) : pq->PQerrorMessage(conn_of(db));
    if (p->lost && (!msg || !*msg))
        msg = pq->PQerrorMessage(conn_of(db));
    snprintf(db->error, sizeof db->error, "%s%s", p->lost ? "the database is not answering: " : "",
             msg && *msg ? msg : "PostgreSQL failed");
    size_t n = strlen(db->error);
    while (n && (db->error[n - 1] == '\n' || db->error[n - 1] == ' '))
        db->error[--n] = '\0';
}

/* Whether a statement may be sent: the connection is good (or was made again). */
static bool p_ready(Db *db, const char *sql)
{
    PgDb *p = (PgDb *)db;
    if (sql) { /* a transaction's bounds */
        if (strncasecmp(sql, "BEGIN", 5) == 0) {
            p->in_tx = false; /* whatever came before is over: a new one may connect again */
            p->in_tx = p_available(db);
            return p->in_tx;
        }
        if (strncasecmp(sql, "COMMIT", 6) == 0 || strncasecmp(sql, "ROLLBACK", 8) == 0) {
            p->in_tx = false;
            return !p->lost;
        }
    }
    return p_available(db);
}

/* A statement that failed because the connection was lost may be sent once more on a new one:
 * a BEGIN, or a SELECT outside a transaction (neither changed anything). */
static bool retryable(Db *db, const char *sql)
{
    PgDb *p = (PgDb *)db;
    return p->lost && (strncasecmp(sql, "BEGIN", 5) == 0 ||
                       (!p->in_tx && strncasecmp(sql, "SELECT", 6) == 0));
}

static bool p_exec(Db *db, const char *sql)
{
    for (int attempt = 0;; attempt++) {
        if (!p_ready(db, sql))
            return false;
        PGresult *r = pq->PQexec(conn_of(db), sql);
        ExecStatusType s = pq->PQresultStatus(r);
        bool ok = s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK || s == PGRES_EMPTY_QUERY;
        if (!ok)
            note_error(db, r);
        pq->PQclear(r);
        if (ok || attempt > 0 || !retryable(db, sql))
            return ok;
    }
}

/* The SQL with `?` (outside quotes) numbered $1, $2 ... */
static char *number_params(const char *sql, int *count)
{
    size_t n = strlen(sql);
    char *out = malloc(n * 4 + 1);
    if (!out)
        return NULL;
    size_t at = 0;
    char quote = 0;
    *count = 0;
    for (const char *p = sql; *p; p++) {
        if (quote) {
            if (*p == quote)
                quote = 0;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == '?') {
            at += (size_t)sprintf(out + at, "$%d", ++*count);
            continue;
        }
        out[at++] = *p;
    }
    out[at] = '\0';
    return out;
}

static DbStmt *p_prepare(Db *db, const char *sql)
{
    PgStmt *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->sql = number_params(sql, &st->nparams);
    if (!st->sql || st->nparams > PG_MAX_PARAMS) {
        snprintf(db->error, sizeof db->error, "a statement of more than %d parameters",
                 PG_MAX_PARAMS);
        free(st->sql);
        free(st);
        return NULL;
    }
    st->base.db = db;
    st->row = -1;
    return &st->base;
}

static PgStmt *pg(DbStmt *st)
{
    return (PgStmt *)st;
}

static void set_value(DbStmt *s, int at, const void *data, int length, int format)
{
    PgStmt *st = pg(s);
    if (at < 1 || at > PG_MAX_PARAMS)
        return;
    free(st->values[at - 1]);
    st->values[at - 1] = NULL;
    if (data) {
        st->values[at - 1] = malloc((size_t)length + 1);
        if (st->values[at - 1]) {
            memcpy(st->values[at - 1], data, (size_t)length);
            st->values[at - 1][length] = '\0';
        }
    }
    st->lengths[at - 1] = length;
    st->formats[at - 1] = format;
}

static void p_bind_text(DbStmt *st, int at, const char *value)
{
    set_value(st, at, value, value ? (int)strlen(value) : 0, 0);
}

static void p_bind_int(DbStmt *st, int at, long long value)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%lld", value);
    set_value(st, at, text, n, 0);
}

static void p_bind_double(DbStmt *st, int at, double value)
{
    char text[64];
    int n = snprintf(text, sizeof text, "%.17g", value);
    set_value(st, at, text, n, 0);
}

static void p_bind_blob(DbStmt *st, int at, const void *data, int size)
{
    set_value(st, at, data, size, 1);
}

static void p_bind_null(DbStmt *st, int at)
{
    set_value(st, at, NULL, 0, 0);
}

static DbStep p_step(DbStmt *s)
{
    PgStmt *st = pg(s);
    if (!st->result) {
        for (int attempt = 0; !st->result; attempt++) {
            if (!p_ready(s->db, NULL))
                return DB_ERROR;
            char name[16];
            if (pg_prepared_name(&((PgDb *)s->db)->prepared, pq, conn_of(s->db), st->sql,
                                 st->nparams, name))
                st->result = pq->PQexecPrepared(conn_of(s->db), name, st->nparams,
                                                (const char *const *)st->values, st->lengths,
                                                st->formats, 0);
            else
                st->result = pq->PQexecParams(conn_of(s->db), st->sql, st->nparams, NULL,
                                              (const char *const *)st->values, st->lengths,
                                              st->formats, 0);
            ExecStatusType status = pq->PQresultStatus(st->result);
            if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
                note_error(s->db, st->result);
                pq->PQclear(st->result);
                st->result = NULL;
                if (attempt > 0 || !retryable(s->db, st->sql))
                    return DB_ERROR;
            }
        }
        st->rows = pq->PQntuples(st->result);
        st->row = -1;
        const char *tuples = pq->PQcmdTuples(st->result);
        s->changes = tuples && *tuples ? atoll(tuples) : 0;
    }
    if (st->row + 1 < st->rows) {
        st->row++;
        return DB_ROW;
    }
    return DB_DONE;
}

static const char *p_column_text(DbStmt *s, int col)
{
    PgStmt *st = pg(s);
    if (!st->result || st->row < 0 || col >= pq->PQnfields(st->result))
        return "";
    return pq->PQgetvalue(st->result, st->row, col);
}

static long long p_column_int(DbStmt *s, int col)
{
    return atoll(p_column_text(s, col));
}

static double p_column_double(DbStmt *s, int col)
{
    return strtod(p_column_text(s, col), NULL);
}

static bool p_column_null(DbStmt *s, int col)
{
    PgStmt *st = pg(s);
    return !st->result || st->row < 0 || col >= pq->PQnfields(st->result) ||
           pq->PQgetisnull(st->result, st->row, col);
}

static const void *p_column_blob(DbStmt *s, int col, int *size)
{
    PgStmt *st = pg(s);
    *size = 0;
    if (p_column_null(s, col))
        return NULL;
    pq->PQfreemem(st->blob);
    size_t n = 0;
    st->blob = pq->PQunescapeBytea((const unsigned char *)p_column_text(s, col), &n);
    *size = (int)n;
    return st->blob;
}

static int p_column_count(DbStmt *s)
{
    PgStmt *st = pg(s);
    return st->result ? pq->PQnfields(st->result) : 0;
}

static const char *p_column_name(DbStmt *s, int col)
{
    PgStmt *st = pg(s);
    const char *name = st->result ? pq->PQfname(st->result, col) : NULL;
    return name ? name : "";
}

/* The types' numbers (OIDs) are PostgreSQL's built-in ones (pg_type.dat). */
enum { OID_BOOL = 16, OID_BYTEA = 17, OID_INT8 = 20, OID_INT2 = 21, OID_INT4 = 23,
       OID_FLOAT4 = 700, OID_FLOAT8 = 701, OID_NUMERIC = 1700 };

static DbType p_column_type(DbStmt *s, int col)
{
    PgStmt *st = pg(s);
    if (p_column_null(s, col))
        return DB_NULL;
    switch (pq->PQftype(st->result, col)) {
    case OID_BOOL:
    case OID_INT8:
    case OID_INT2:
    case OID_INT4:
        return DB_INT;
    case OID_FLOAT4:
    case OID_FLOAT8:
    case OID_NUMERIC:
        return DB_REAL;
    case OID_BYTEA:
        return DB_BLOB;
    default:
        return DB_TEXT;
    }
}

static void p_reset(DbStmt *s)
{
    PgStmt *st = pg(s);
    pq->PQclear(st->result);
    st->result = NULL;
    st->row = -1;
    st->rows = 0;
}

static void p_finalize(DbStmt *s)
{
    PgStmt *st = pg(s);
    p_reset(s);
    pq->PQfreemem(st->blob);
    for (int i = 0; i < PG_MAX_PARAMS; i++)
        free(st->values[i]);
    free(st->sql);
    free(st);
}

static void p_close(Db *db)
{
    pq->PQfinish(conn_of(db));
    free(db);
}

static int p_layout(Db *db)
{
    if (!p_exec(db, "CREATE TABLE IF NOT EXISTS shashki_layout (version INTEGER NOT NULL)"))
        return 0;
    DbStmt *st = p_prepare(db, "SELECT version FROM shashki_layout");
    int v = 0;
    if (st && p_step(st) == DB_ROW)
        v = (int)p_column_int(st, 0);
    if (st)
        p_finalize(st);
    return v;
}

static bool p_set_layout(Db *db, int version)
{
    char sql[160];
    snprintf(sql, sizeof sql,
             "CREATE TABLE IF NOT EXISTS shashki_layout (version INTEGER NOT NULL);"
             "DELETE FROM shashki_layout; INSERT INTO shashki_layout VALUES (%d)",
             version);
    return p_exec(db, sql);
}

static bool p_has_column(Db *db, const char *table, const char *column)
{
    DbStmt *st = p_prepare(db, "SELECT 1 FROM information_schema.columns WHERE table_schema ="
                               " current_schema() AND table_name = ? AND column_name = ?");
    if (!st)
        return false;
    p_bind_text(st, 1, table);
    p_bind_text(st, 2, column);
    bool found = p_step(st) == DB_ROW;
    p_finalize(st);
    return found;
}

static const DbOps PG_OPS = {
    .exec = p_exec,
    .prepare = p_prepare,
    .bind_text = p_bind_text,
    .bind_int = p_bind_int,
    .bind_double = p_bind_double,
    .bind_blob = p_bind_blob,
    .bind_null = p_bind_null,
    .step = p_step,
    .column_text = p_column_text,
    .column_int = p_column_int,
    .column_double = p_column_double,
    .column_null = p_column_null,
    .column_blob = p_column_blob,
    .reset = p_reset,
    .finalize = p_finalize,
    .close = p_close,
    .layout = p_layout,
    .set_layout = p_set_layout,
    .has_column = p_has_column,
    .available = p_available,
    .column_count = p_column_count,
    .column_name = p_column_name,
    .column_type = p_column_type,
    .tables_sql = "SELECT table_name FROM information_schema.tables WHERE table_schema ="
                  " current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
    .parents_sql = "SELECT tc.table_name, ccu.table_name FROM information_schema.table_constraints"
                   " tc JOIN information_schema.constraint_column_usage ccu ON"
                   " tc.constraint_name = ccu.constraint_name AND tc.table_schema ="
                   " ccu.table_schema WHERE tc.constraint_type = 'FOREIGN KEY' AND"
                   " tc.table_schema = current_schema()",
    .begin_sql = "BEGIN",
    .like = "ILIKE",
};

/* PostgreSQL's notices ("relation already exists, skipping") are not the user's business. */
static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

/* A connection named for pg_stat_activity: application_name before the database's name, which
 * libpq expands (a URL or key=value text) and which may set its own. */
static PGconn *connect_as(const char *conninfo, const char *as)
{
    char name[128];
    if (as)
        snprintf(name, sizeof name, "%s", as);
    else
        snprintf(name, sizeof name, "shashki %ld", (long)getpid());
    const char *const keys[] = {"application_name", "dbname", NULL};
    const char *const values[] = {name, conninfo, NULL};
    return pq->PQconnectdbParams(keys, values, 1);
}

Db *db_pg_open(const char *conninfo, const char *as, char *err, size_t size)
{
    if (!(pq = pq_api(err, size)))
        return NULL;
    PgDb *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    db->base.ops = &PG_OPS;
    db->base.kind = DB_POSTGRES;
    db->conn = connect_as(conninfo, as);
    if (pq->PQstatus(db->conn) != CONNECTION_OK) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s", pq->PQerrorMessage(db->conn));
        size_t n = strlen(msg);
        while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
            msg[--n] = '\0';
        snprintf(err, size, "cannot connect to the PostgreSQL database: %s", msg);
        pq->PQfinish(db->conn);
        free(db);
        return NULL;
    }
    pq->PQsetNoticeProcessor(db->conn, quiet, NULL);
    return &db->base;
}

/* ---- notifications ---- */

struct DbListener {
    PGconn *conn;
};

DbListener *db_pg_listen(const char *conninfo, const char *channel, char *err, size_t size)
{
    if (!(pq = pq_api(err, size)))
        return NULL;
    DbListener *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    char as[64];
    snprintf(as, sizeof as, "shashki %ld listener", (long)getpid());
    l->conn = connect_as(conninfo, as);
    char sql[128];
    snprintf(sql, sizeof sql, "LISTEN %s", channel);
    PGresult *r = pq->PQstatus(l->conn) == CONNECTION_OK ? pq->PQexec(l->conn, sql) : NULL;
    bool ok = r && pq->PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        snprintf(err, size, "cannot listen: %s", pq->PQerrorMessage(l->conn));
    pq->PQclear(r);
    if (!ok) {
        pq->PQfinish(l->conn);
        free(l);
        return NULL;
    }
    pq->PQsetNoticeProcessor(l->conn, quiet, NULL);
    return l;
}

int db_pg_listener_wait(DbListener *l, int timeout_ms, char *payload, size_t size)
{
    for (int round = 0; round < 2; round++) {
        if (!pq->PQconsumeInput(l->conn))
            return -1;
        PGnotify *n = pq->PQnotifies(l->conn);
        if (n) {
            snprintf(payload, size, "%s", n->extra);
            pq->PQfreemem(n);
            return 1;
        }
        if (round == 1)
            break;
        struct pollfd fd = {.fd = pq->PQsocket(l->conn), .events = POLLIN};
        if (fd.fd < 0)
            return -1;
        int ready = poll(&fd, 1, timeout_ms);
        if (ready < 0)
            return 0; /* a signal: the caller looks again */
        if (ready == 0)
            return 0;
    }
    return pq->PQstatus(l->conn) == CONNECTION_OK ? 0 : -1;
}

void db_pg_listener_close(DbListener *l)
{
    if (!l)
        return;
    pq->PQfinish(l->conn);
    free(l);
}
