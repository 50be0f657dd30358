/* test_pool.c - serve --db-pool N (store/db_pool.h): a process on PostgreSQL opens N connections,
 * named "shashki PID USES" in pg_stat_activity, the default being one for each use (7); fewer
 * than 2 are refused with a message that says why; an SQLite file ignores the flag. Runs with
 * the pool-pg suite. */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"
#include "test_pg.h"
#include "test_server.h"

/* The connections of a process to its database, by application_name "shashki PID ...": how
 * many, and their uses joined by " | " in order of name. -1 when the query fails. */
static int connections(const char *db, pid_t pid, char *uses, size_t size)
{
    PGconn *c = PQconnectdb(db);
    char pattern[64];
    snprintf(pattern, sizeof pattern, "shashki %ld %%", (long)pid);
    const char *values[] = {pattern};
    PGresult *r = PQstatus(c) == CONNECTION_OK
                      ? PQexecParams(c,
                                     "SELECT substr(application_name, length($1)) FROM "
                                     "pg_stat_activity WHERE application_name LIKE $1 AND "
                                     "datname = current_database() ORDER BY 1",
                                     1, NULL, values, NULL, NULL, 0)
                      : NULL;
    int n = r && PQresultStatus(r) == PGRES_TUPLES_OK ? PQntuples(r) : -1;
    size_t at = 0;
    uses[0] = '\0';
    for (int i = 0; i < n && at < size; i++)
        at += (size_t)snprintf(uses + at, size - at, "%s%s", i ? " | " : "", PQgetvalue(r, i, 0));
    PQclear(r);
    PQfinish(c);
    return n;
}

/* Wait (at most 20 s) until the process has opened `want` connections (the listener connects
 * on a thread of its own), then the count. */
static int connections_when(const char *db, pid_t pid, int want, char *uses, size_t size)
{
    int n = -1;
    for (time_t start = time(NULL); time(NULL) - start < 20; usleep(20 * 1000))
        if ((n = connections(db, pid, uses, size)) >= want)
            break;
    return n;
}

/* A GET of the games' list from the server: whether it answered 200. */
static bool answers(const Server *s)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "curl -s -o /dev/null -w '%%{http_code}' http://127.0.0.1:%d/api/games",
             s->port);
    FILE *p = popen(cmd, "r");
    char code[16] = "";
    if (p) {
        if (!fgets(code, sizeof code, p))
            code[0] = '\0';
        pclose(p);
    }
    return strcmp(code, "200") == 0;
}

/* `shashki serve ARGS` that is expected to stop at once: its exit status, its output in out. */
static int serve_fails(const char *args, char *out, size_t size)
{
    char cmd[768];
    snprintf(cmd, sizeof cmd, "%s serve --port 0 --no-egdb-build %s 2>&1 </dev/null", test_program(),
             args);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, size - 1, p) : 0;
    out[n] = '\0';
    int status = p ? pclose(p) : -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void suite_pool_pg(void)
{
    Server s;
    memset(&s, 0, sizeof s);
    test_case("pool: a database of its own");
    bool made = test_pg_database(s.db, sizeof s.db);
    CHECK_MSG(made, "%s", s.db);
    if (!made)
        return;
    static const struct {
        const char *option;
        int want;
        const char *uses; /* each connection's, sorted */
    } CASES[] = {
        {"--db-pool 2", 2, "games,accounts,events,lobby,contests | listener"},
        {"--db-pool 3", 3, "games,accounts,events,lobby,contests | listener | reads"},
        {"--db-pool 5", 5, "accounts | events | games,lobby,contests | listener | reads"},
        {"", 7, "accounts | contests | events | games | listener | lobby | reads"},
        {"--db-pool 7", 7, "accounts | contests | events | games | listener | lobby | reads"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        test_case("pool: serve %s opens %d connections, each named for its uses",
                  CASES[i].option[0] ? CASES[i].option : "(the default)", CASES[i].want);
        snprintf(s.options, sizeof s.options, "%s", CASES[i].option);
        if (!server_start(&s)) {
            CHECK_MSG(false, "serve %s did not start", CASES[i].option);
            continue;
        }
        char uses[512];
        int n = connections_when(s.db, s.pid, CASES[i].want, uses, sizeof uses);
        /* used (a game listed, the stores and their shared connection at work), still as many */
        CHECK(answers(&s));
        n = connections(s.db, s.pid, uses, sizeof uses);
        CHECK_MSG(n == CASES[i].want, "%d connections (%s), %d expected", n, uses, CASES[i].want);
        CHECK_STR(uses, CASES[i].uses);
        server_stop(&s, false);
    }
    test_case("pool: fewer than 2, or more than 7, refused with the reason");
    char args[400], out[1024];
    snprintf(args, sizeof args, "--db '%s' --db-pool 1", s.db);
    CHECK_INT(serve_fails(args, out, sizeof out), 2);
    CHECK_MSG(strstr(out, "--db-pool 1: a process needs at least 2 PostgreSQL connections"), "%s", out);
    snprintf(args, sizeof args, "--db '%s' --db-pool 8", s.db);
    CHECK_INT(serve_fails(args, out, sizeof out), 2);
    CHECK_MSG(strstr(out, "--db-pool 8: a process uses at most 7"), "%s", out);
    test_case("pool: an SQLite file ignores it");
    Server f;
    memset(&f, 0, sizeof f);
    char dir[] = "/tmp/shashki-pool-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    snprintf(f.db, sizeof f.db, "%s/games.db", dir);
    snprintf(f.options, sizeof f.options, "--db-pool 1");
    CHECK(server_start(&f));
    CHECK(answers(&f));
    server_stop(&f, false);
    char rm[64];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    CHECK(system(rm) == 0);
}
