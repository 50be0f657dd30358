/* db_pq.c - libpq loaded on first use (see db_pq.h). */
#include "db_pq.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static PqApi api;
static const PqApi *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void)
{
    void *lib = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(failure, sizeof failure, "PostgreSQL's client library cannot be loaded (%s)",
                 dlerror());
        return;
    }
    static const char *const NAMES[] = {
        "PQconnectdbParams", "PQstatus",     "PQerrorMessage", "PQfinish",       "PQsetNoticeProcessor",
        "PQexec",       "PQexecParams", "PQresultStatus", "PQresultErrorMessage", "PQclear",
        "PQntuples",    "PQnfields",    "PQfname",        "PQftype",        "PQgetvalue",
        "PQgetisnull",  "PQcmdTuples",  "PQunescapeBytea", "PQfreemem",     "PQconsumeInput",
        "PQnotifies",   "PQsocket",     "PQreset",        "PQprepare",      "PQexecPrepared",
    };
    _Static_assert(sizeof NAMES / sizeof NAMES[0] == sizeof api / sizeof(void (*)(void)),
                   "one name for each of PqApi's functions, in its order");
    void (**slot)(void) = (void (**)(void))(void *)&api;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        void *f = dlsym(lib, NAMES[i]);
        if (!f) {
            snprintf(failure, sizeof failure, "PostgreSQL's client library lacks %s", NAMES[i]);
            return;
        }
        /* POSIX: a function's address read from dlsym as data, as its manual page says */
        *(void **)(void *)&slot[i] = f;
    }
    loaded = &api;
}

const PqApi *pq_api(char *err, size_t size)
{
    pthread_once(&once, load);
    if (!loaded && size)
        snprintf(err, size, "%s", failure);
    return loaded;
}
