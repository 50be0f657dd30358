/* db_pq.h - PostgreSQL's client library (libpq), loaded when a PostgreSQL database is first
 * opened rather than linked into the program: libpq brings a dozen libraries (TLS, Kerberos,
 * LDAP) whose loading and relocation cost every run of `shashki` some 8 million instructions
 * (a third of `shashki perft 1`), though most runs never touch PostgreSQL. db_pg.c calls libpq
 * through this table; its fields are named as libpq's functions. */
#ifndef SHASHKI_DB_PQ_H
#define SHASHKI_DB_PQ_H

#include <libpq-fe.h>
#include <stddef.h>

typedef struct PqApi {
    PGconn *(*PQconnectdbParams)(const char *const *keywords, const char *const *values,
                                 int expand_dbname);
    ConnStatusType (*PQstatus)(const PGconn *conn);
    char *(*PQerrorMessage)(const PGconn *conn);
    void (*PQfinish)(PGconn *conn);
    PQnoticeProcessor (*PQsetNoticeProcessor)(PGconn *conn, PQnoticeProcessor proc, void *arg);
    PGresult *(*PQexec)(PGconn *conn, const char *query);
    PGresult *(*PQexecParams)(PGconn *conn, const char *command, int nParams,
                              const Oid *paramTypes, const char *const *paramValues,
                              const int *paramLengths, const int *paramFormats,
                              int resultFormat);
    ExecStatusType (*PQresultStatus)(const PGresult *res);
    char *(*PQresultErrorMessage)(const PGresult *res);
    void (*PQclear)(PGresult *res);
    int (*PQntuples)(const PGresult *res);
    int (*PQnfields)(const PGresult *res);
    char *(*PQfname)(const PGresult *res, int field);
    Oid (*PQftype)(const PGresult *res, int field);
    char *(*PQgetvalue)(const PGresult *res, int row, int field);
    int (*PQgetisnull)(const PGresult *res, int row, int field);
    char *(*PQcmdTuples)(PGresult *res);
    unsigned char *(*PQunescapeBytea)(const unsigned char *from, size_t *to_length);
    void (*PQfreemem)(void *ptr);
    int (*PQconsumeInput)(PGconn *conn);
    PGnotify *(*PQnotifies)(PGconn *conn);
    int (*PQsocket)(const PGconn *conn);
    void (*PQreset)(PGconn *conn);
    PGresult *(*PQprepare)(PGconn *conn, const char *stmtName, const char *query, int nParams,
                           const Oid *paramTypes);
    PGresult *(*PQexecPrepared)(PGconn *conn, const char *stmtName, int nParams,
                                const char *const *paramValues, const int *paramLengths,
                                const int *paramFormats, int resultFormat);
} PqApi;

/* libpq's functions (loaded once, thread-safe); NULL with the reason in err when the library
 * cannot be loaded (Debian's libpq5 missing). */
const PqApi *pq_api(char *err, size_t size);

#endif
