/* store_copy.c - one database's rows into another, SQLite or PostgreSQL on either side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accounts.h"
#include "cstore.h"
#include "lobby.h"
#include "db.h"
#include "store.h"
#include "store_copy.h"
#include "tstore.h"

enum { MAX_TABLES = 64, MAX_COLUMNS = 64 };

typedef struct Columns {
    int count;
    char name[MAX_COLUMNS][64];
} Columns;

/* Every store of the program opened once on a database: its tables created or migrated. The
 * games' store first: the others' rows name games. */
static bool prepare_layout(const char *name, char *err, size_t size)
{
    char why[512];
    Store *s = store_open(name, why, sizeof why);
    if (s)
        store_close(s);
    TStore *t = s ? tstore_open(name, why, sizeof why) : NULL;
    if (t)
        tstore_close(t);
    Accounts *a = t ? accounts_open(name, why, sizeof why) : NULL;
    if (a)
        accounts_close(a);
    CStore *c = a ? cstore_open(name, why, sizeof why) : NULL;
    if (c)
        cstore_close(c);
    Lobby *l = c ? lobby_open(name, why, sizeof why) : NULL;
    if (l)
        lobby_close(l);
    if (!l) {
        char shown[512];
        db_name_masked(name, shown, sizeof shown);
        snprintf(err, size, "%s: %s", shown, why);
    }
    return l != NULL;
}

static bool read_columns(Db *db, const char *table, Columns *out)
{
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT * FROM \"%s\" WHERE 1 = 0", table);
    DbStmt *st = db_prepare(db, sql);
    if (!st)
        return false;
    bool ok = db_step(st) != DB_ERROR;
    out->count = 0;
    int n = ok ? db_column_count(st) : 0;
    for (int i = 0; i < n && out->count < MAX_COLUMNS; i++)
        snprintf(out->name[out->count++], sizeof out->name[0], "%.63s", db_column_name(st, i));
    db_finalize(st);
    return ok;
}

static bool has_name(char (*names)[64], int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

static long long count_rows(Db *db, const char *table)
{
    char sql[160];
    snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM \"%s\"", table);
    DbStmt *st = db_prepare(db, sql);
    long long n = st && db_step(st) == DB_ROW ? db_column_int(st, 0) : -1;
    if (st)
        db_finalize(st);
    return n;
}

/* A table's rows, the columns both sides have. */
static bool copy_table(Db *from, Db *to, const char *table, long long *rows, char *err,
                       size_t size)
{
    Columns src, dst;
    if (!read_columns(from, table, &src) || !read_columns(to, table, &dst)) {
        snprintf(err, size, "%s: cannot read its columns", table);
        return false;
    }
    char list[4096] = "", marks[512] = "";
    int common = 0;
    for (int i = 0; i < dst.count; i++) {
        if (!has_name(src.name, src.count, dst.name[i]))
            continue;
        size_t at = strlen(list);
        snprintf(list + at, sizeof list - at, "%s\"%s\"", common ? ", " : "", dst.name[i]);
        at = strlen(marks);
        snprintf(marks + at, sizeof marks - at, "%s?", common ? ", " : "");
        common++;
    }
    *rows = 0;
    if (common == 0)
        return true;
    char select[4300], insert[4700];
    snprintf(select, sizeof select, "SELECT %s FROM \"%s\"", list, table);
    snprintf(insert, sizeof insert, "INSERT INTO \"%s\" (%s) VALUES (%s)", table, list, marks);
    DbStmt *in = db_prepare(from, select);
    DbStmt *out = in ? db_prepare(to, insert) : NULL;
    bool ok = in && out;
    DbStep step = DB_ERROR;
    while (ok && (step = db_step(in)) == DB_ROW) {
        for (int c = 0; c < common; c++) {
            int size_blob = 0;
            const void *blob;
            switch (db_column_type(in, c)) {
            case DB_NULL:
                db_bind_null(out, c + 1);
                break;
            case DB_INT:
                db_bind_int(out, c + 1, db_column_int(in, c));
                break;
            case DB_REAL:
                db_bind_double(out, c + 1, db_column_double(in, c));
                break;
            case DB_BLOB:
                blob = db_column_blob(in, c, &size_blob);
                db_bind_blob(out, c + 1, blob, size_blob);
                break;
            case DB_TEXT:
                db_bind_text(out, c + 1, db_column_text(in, c));
                break;
            }
        }
        ok = db_step(out) != DB_ERROR;
        db_reset(out);
        (*rows)++;
    }
    if (ok && step == DB_ERROR)
        ok = false;
    if (!ok)
        snprintf(err, size, "%s: %s", table,
                 !in || step == DB_ERROR ? db_error(from) : db_error(to));
    if (out)
        db_finalize(out);
    if (in)
        db_finalize(in);
    return ok;
}

/* PostgreSQL numbers new rows from a sequence: past the highest id copied. */
static bool advance_ids(Db *to, const char *table)
{
    if (db_kind(to) != DB_POSTGRES || !db_has_column(to, table, "id"))
        return true;
    char sql[400];
    snprintf(sql, sizeof sql,
             "SELECT setval(pg_get_serial_sequence('\"%s\"', 'id'),"
             " (SELECT COALESCE(MAX(id), 0) + 1 FROM \"%s\"), false)",
             table, table);
    DbStmt *st = db_prepare(to, sql);
    bool ok = st && db_step(st) != DB_ERROR;
    if (st)
        db_finalize(st);
    return ok;
}

static bool copy_all(Db *from, Db *to, StoreCopyProgress progress, void *ctx, char *err,
                     size_t size)
{
    char (*have)[64] = calloc(MAX_TABLES, sizeof *have);
    char (*order)[64] = calloc(MAX_TABLES, sizeof *order);
    int nhave = have ? db_tables(from, have, MAX_TABLES) : -1;
    int norder = order ? db_tables(to, order, MAX_TABLES) : -1;
    bool ok = nhave >= 0 && norder >= 0;
    if (!ok)
        snprintf(err, size, "cannot list the tables: %s", db_error(nhave < 0 ? from : to));
    for (int i = 0; ok && i < norder; i++) {
        long long n = strcmp(order[i], "settings") == 0 ? 0 : count_rows(to, order[i]);
        if (n != 0) {
            snprintf(err, size, "the destination already holds %s (table %s): copy into an empty"
                                " database", n > 0 ? "rows" : "what cannot be read", order[i]);
            ok = false;
        }
    }
    if (ok && !db_begin(to)) {
        snprintf(err, size, "cannot begin: %s", db_error(to));
        ok = false;
    }
    if (ok) {
        ok = db_exec(to, "DELETE FROM settings");
        for (int i = 0; ok && i < norder; i++) {
            if (!has_name(have, nhave, order[i]))
                continue;
            long long rows = 0;
            ok = copy_table(from, to, order[i], &rows, err, size) && advance_ids(to, order[i]);
            if (ok && progress)
                progress(ctx, order[i], rows);
        }
        if (ok && !db_commit(to)) {
            snprintf(err, size, "cannot commit: %s", db_error(to));
            ok = false;
        }
        if (!ok)
            db_rollback(to);
    }
    free(have);
    free(order);
    return ok;
}

bool store_copy(const char *from, const char *to, StoreCopyProgress progress, void *ctx,
                char *err, size_t size)
{
    if (!db_is_postgres(from)) {
        const char *path = strncmp(from, "sqlite:", 7) == 0 ? from + 7 : from;
        if (access(path, R_OK) != 0) {
            snprintf(err, size, "%s: no such file", path);
            return false;
        }
    }
    if (strcmp(from, to) == 0) {
        snprintf(err, size, "the source and the destination are the same database");
        return false;
    }
    if (!prepare_layout(from, err, size) || !prepare_layout(to, err, size))
        return false;
    char why[512];
    char shown[512];
    Db *a = db_open(from, why, sizeof why);
    if (!a) {
        db_name_masked(from, shown, sizeof shown);
        snprintf(err, size, "%s: %s", shown, why);
        return false;
    }
    Db *b = db_open(to, why, sizeof why);
    if (!b) {
        db_name_masked(to, shown, sizeof shown);
        snprintf(err, size, "%s: %s", shown, why);
        db_close(a);
        return false;
    }
    bool ok = copy_all(a, b, progress, ctx, err, size);
    db_close(b);
    db_close(a);
    return ok;
}
