/* db_pg_prepared.c - the statements a PostgreSQL connection has prepared (see
 * db_pg_prepared.h). */
#include "db_pg_prepared.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned text_hash(const char *s)
{
    unsigned h = 2166136261u; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

bool pg_prepared_name(PgPrepared *p, const PqApi *pq, PGconn *conn, const char *sql, int nparams,
                      char name[16])
{
    unsigned h = text_hash(sql);
    for (int i = 0; i < p->count; i++)
        if (p->hash[i] == h && strcmp(p->sql[i], sql) == 0) {
            snprintf(name, 16, "s%d", i);
            return true;
        }
    /* a full cache; and `SELECT *`, whose prepared result would fail once a column is added
     * ("cached plan must not change result type") */
    if (p->count >= PG_PREPARED_MAX || strstr(sql, "SELECT *"))
        return false;
    if (!p->sql) {
        p->sql = calloc(PG_PREPARED_MAX, sizeof *p->sql);
        p->hash = calloc(PG_PREPARED_MAX, sizeof *p->hash);
        if (!p->sql || !p->hash) {
            free(p->sql);
            free(p->hash);
            p->sql = NULL;
            p->hash = NULL;
            return false;
        }
    }
    char *copy = strdup(sql);
    if (!copy)
        return false;
    snprintf(name, 16, "s%d", p->count);
    PGresult *r = pq->PQprepare(conn, name, sql, nparams, NULL);
    bool ok = pq->PQresultStatus(r) == PGRES_COMMAND_OK;
    pq->PQclear(r);
    if (!ok) { /* sent unprepared: its error, if it has one, is told then */
        free(copy);
        return false;
    }
    p->sql[p->count] = copy;
    p->hash[p->count] = h;
    p->count++;
    return true;
}

void pg_prepared_forget(PgPrepared *p)
{
    for (int i = 0; i < p->count; i++)
        free(p->sql[i]);
    free(p->sql);
    free(p->hash);
    p->sql = NULL;
    p->hash = NULL;
    p->count = 0;
}
