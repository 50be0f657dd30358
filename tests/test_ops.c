/* test_ops.c - running a site (docs/federation.md, docs/postgresql.md): the database's
 * password kept out of argv and of every message, libpq's password and service files, nginx
 * started with the shipped configuration over TLS and HTTP/2, the arbiter's password from a
 * file, and the pacing of wrong passwords shared by two processes.
 *
 * Suite ops needs no database server; ops-pg starts the tests' PostgreSQL (test_pg.h) and
 * gives its role a password so that libpq's files are really asked for it. */
#define _GNU_SOURCE
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#include "db.h"
#include "test.h"
#include "test_pg.h"
#include "test_proxy.h"
#include "test_server.h"

/* ---- the names printed ---- */

static void trim(char *s)
{
    char *start = s + strspn(s, " ");
    size_t n = strlen(start);
    while (n && start[n - 1] == ' ')
        n--;
    memmove(s, start, n);
    s[n] = '\0';
}

static void names_masked(void)
{
    char *text = test_read_file(test_data("ops/db_names.txt"), NULL);
    test_case("read ops/db_names.txt");
    CHECK(text != NULL);
    char *cursor = text;
    int cases = 0;
    for (char *line; text && (line = test_next_line(&cursor));) {
        if (line[0] == '#' || !line[0])
            continue;
        char *f[3];
        int n = 0;
        for (char *p = line; n < 3; n++) {
            f[n] = p;
            char *bar = strstr(p, " | ");
            if (!bar)
                break;
            *bar = '\0';
            p = bar + 3;
        }
        test_case("db name: %s", f[0]);
        cases++;
        if (n < 2) {
            CHECK_MSG(false, "a line of three fields separated by ' | '");
            continue;
        }
        for (int i = 0; i < 3; i++)
            trim(f[i]);
        char shown[512];
        db_name_masked(f[0], shown, sizeof shown);
        CHECK_STR(shown, f[1]);
        CHECK(db_name_has_password(f[0]) == (strcmp(f[2], "yes") == 0));
        /* a buffer too small is cut, never overrun */
        char small[12];
        db_name_masked(f[0], small, sizeof small);
        CHECK(strlen(small) < sizeof small);
    }
    test_case("ops/db_names.txt holds cases");
    CHECK(cases >= 10);
    free(text);
}

/* ---- HTTP ---- */

typedef struct Answer {
    long status;
    long version; /* CURL_HTTP_VERSION_* */
    Buffer body, headers;
} Answer;

static void answer_free(Answer *a)
{
    free(a->body.data);
    free(a->headers.data);
}

static Answer fetch(const Server *s, const char *method, const char *path, const char *body,
                    const char *header)
{
    Answer a = {0};
    CURL *curl = curl_easy_init();
    char url[256];
    server_url(s, path, url, sizeof url);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    server_curl_tls(s, curl);
    curl_easy_setopt(curl, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_2TLS);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    struct curl_slist *headers = NULL;
    if (header)
        headers = curl_slist_append(headers, header);
    if (body) {
        headers = curl_slist_append(headers, "Content-Type: application/json");
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &a.body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &a.headers);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
    if (curl_easy_perform(curl) == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &a.status);
        curl_easy_getinfo(curl, CURLINFO_HTTP_VERSION, &a.version);
    }
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return a;
}

static bool holds(const Buffer *b, const char *text)
{
    return b->data && strstr(b->data, text);
}

/* A new temporary file's name, the file itself not made (an SQLite file of the test's own). */
static void temp_name(char *out, size_t size)
{
    snprintf(out, size, "/tmp/shashki-ops-XXXXXX");
    int fd = mkstemp(out);
    if (fd >= 0)
        close(fd);
    unlink(out);
}

/* ---- nginx with the shipped configuration ---- */

static void nginx_tls(void)
{
    Server s = {0};
    temp_name(s.db, sizeof s.db);
    snprintf(s.proxy, sizeof s.proxy, "127.0.0.1");
    test_case("ops: a server behind nginx");
    CHECK(server_start(&s));
    Proxy nginx;
    test_case("ops: nginx -c docs/federation/nginx.conf (its ports and paths the test's)");
    bool up = proxy_start(&nginx, &s.port, 1);
    CHECK(up);
    if (up) {
        Server front = {.port = nginx.port};
        snprintf(front.ca, sizeof front.ca, "%s", nginx.ca);
        test_case("ops: GET /api/health over https, HTTP/2, the certificate checked");
        Answer a = fetch(&front, "GET", "/api/health", NULL, NULL);
        CHECK_INT(a.status, 200);
        CHECK_MSG(a.version == CURL_HTTP_VERSION_2_0, "HTTP version %ld, not 2", a.version);
        CHECK_MSG(holds(&a.body, "\"ok\": true") || holds(&a.body, "\"ok\":true"), "%s",
                  a.body.data ? a.body.data : "no answer");
        answer_free(&a);

        test_case("ops: a game's event stream through nginx comes at once (unbuffered)");
        a = fetch(&front, "POST", "/api/games", "{\"opponent\": \"human\"}", NULL);
        CHECK_INT(a.status, 201);
        answer_free(&a);
        Buffer events = {0};
        CURL *curl = curl_easy_init();
        char url[256];
        server_url(&front, "/api/games/1/events", url, sizeof url);
        curl_easy_setopt(curl, CURLOPT_URL, url);
        server_curl_tls(&front, curl);
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &events);
        CURLM *multi = curl_multi_init();
        curl_multi_add_handle(multi, curl);
        int running = 1;
        for (time_t start = time(NULL); running && time(NULL) - start < 30 && !holds(&events, "\n\n");) {
            curl_multi_perform(multi, &running);
            curl_multi_wait(multi, NULL, 0, 100, NULL);
        }
        CHECK_MSG(holds(&events, "event: state"), "no first event: %.200s",
                  events.data ? events.data : "");
        curl_multi_remove_handle(multi, curl);
        curl_easy_cleanup(curl);
        curl_multi_cleanup(multi);
        free(events.data);

        test_case("ops: plain HTTP is sent to HTTPS");
        Server plain = {.port = nginx.plain_port};
        a = fetch(&plain, "GET", "/api/health", NULL, NULL);
        CHECK_INT(a.status, 301);
        CHECK_MSG(holds(&a.headers, "Location: https://127.0.0.1/api/health"), "%s",
                  a.headers.data ? a.headers.data : "");
        answer_free(&a);

        test_case("ops: nginx -t finds the shipped file (ports and paths the test's) sound");
        char cmd[256];
        snprintf(cmd, sizeof cmd, "nginx -t -q -p %s -c %s/nginx.conf 2>/dev/null", nginx.dir,
                 nginx.dir);
        CHECK(system(cmd) == 0);
    }
    proxy_stop(&nginx);
    server_stop(&s, false);
    unlink(s.db);
}

/* ---- the arbiter's password from a file ---- */

static void password_file(void)
{
    Server s = {0};
    temp_name(s.db, sizeof s.db);
    char file[] = "/tmp/shashki-ops-password-XXXXXX";
    int fd = mkstemp(file);
    if (fd >= 0) {
        const char *line = "from-a-file-2026\n";
        CHECK(write(fd, line, strlen(line)) == (ssize_t)strlen(line));
        close(fd);
    }
    snprintf(s.options, sizeof s.options, "--set-password-file %s", file);
    test_case("ops: serve --set-password-file FILE");
    CHECK(server_start(&s));
    Answer a = fetch(&s, "GET", "/api/session", NULL, NULL);
    CHECK(a.status == 200 && holds(&a.body, "\"password_set\":true"));
    answer_free(&a);
    a = fetch(&s, "POST", "/api/session", "{\"password\": \"from-a-file-2026\"}", NULL);
    CHECK_MSG(a.status == 200 && holds(&a.body, "\"arbiter\":true"), "%ld %s", a.status,
              a.body.data ? a.body.data : "");
    answer_free(&a);
    server_stop(&s, false);
    unlink(s.db);
    unlink(file);
}

/* Poll GET /api/health until its text holds `want` (60 s at most). */
static bool health_until(const Server *s, const char *want, char *last, size_t size)
{
    for (time_t start = time(NULL); time(NULL) - start < 60;) {
        Answer a = fetch(s, "GET", "/api/health", NULL, NULL);
        snprintf(last, size, "%s", a.body.data ? a.body.data : "");
        bool found = holds(&a.body, want);
        answer_free(&a);
        if (found)
            return true;
        usleep(100 * 1000);
    }
    return false;
}

/* Two processes on one folder build the endgame databases once (dbbuild's lock, DIR/.build-lock):
 * a server that finds the lock taken (here by the test) says it waits; once the lock is let go,
 * it and a build started meanwhile (`shashki egdb build`, waiting too) build the folder once
 * between them, and the server uses it. */
static void egdb_once(void)
{
    Server s = {0};
    temp_name(s.db, sizeof s.db);
    snprintf(s.egdb_dir, sizeof s.egdb_dir, "/tmp/shashki-ops-egdb-XXXXXX");
    CHECK(mkdtemp(s.egdb_dir) != NULL);
    s.egdb_build = 3;
    char path[128];
    snprintf(path, sizeof path, "%s/.build-lock", s.egdb_dir);
    int lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644); /* not the server's too */
    test_case("ops: the endgame databases' folder locked by another builder");
    CHECK(lock >= 0 && flock(lock, LOCK_EX) == 0);
    CHECK(server_start(&s));
    char last[1024];
    test_case("ops: a second process waits for the builder (health: waiting)");
    CHECK_MSG(health_until(&s, "\"waiting\":true", last, sizeof last), "%s", last);
    CHECK(strstr(last, "\"pieces\":0"));
    test_case("ops: the lock let go, the folder is built once and the waiting process uses it");
    pid_t build = fork();
    if (build == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
            dup2(null, 1);
        execl(test_program(), test_program(), "egdb", "build", "--pieces", "3", "--dir",
              s.egdb_dir, (char *)NULL);
        _exit(127);
    }
    close(lock);
    CHECK_MSG(health_until(&s, "\"state\":\"ready\"", last, sizeof last), "%s", last);
    CHECK_MSG(strstr(last, "\"pieces\":3") && strstr(last, "\"waiting\":false"), "%s", last);
    int status = -1;
    waitpid(build, &status, 0);
    CHECK_MSG(WIFEXITED(status) && WEXITSTATUS(status) == 0, "egdb build: status %d", status);
    server_stop(&s, false);
    unlink(s.db);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s.egdb_dir);
    CHECK(system(cmd) == 0);
}

/* serve's start message for options given, read up to its line about the arbiter's password;
 * the server is stopped then. */
static bool start_message(const char *options, char *out, size_t size)
{
    char db[64];
    temp_name(db, sizeof db);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "exec %s serve --port 0 --db %s --no-egdb-build %s", test_program(), db,
             options);
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    FILE *f = fdopen(fds[0], "r");
    size_t n = 0;
    out[0] = '\0';
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s", line);
        if (strncmp(line, "No arbiter's password", 21) == 0 || n >= size)
            break;
    }
    kill(pid, SIGTERM);
    waitpid(pid, NULL, 0);
    if (f)
        fclose(f);
    unlink(db);
    return n > 0;
}

static void start_messages(void)
{
    char text[2048];
    test_case("ops: serve --host 127.0.0.2 --proxy NAME --trust-proxy LIST: what it says");
    CHECK(start_message("--host 127.0.0.2 --proxy play.example.org --trust-proxy 10.0.0.0/8,192.0.2.1,::1",
                        text, sizeof text));
    CHECK_MSG(strncmp(text, "Shashki is ready at http://127.0.0.2:", 37) == 0, "%s", text);
    CHECK_MSG(!strstr(text, "127.0.0.1"), "it claims 127.0.0.1: %s", text);
    CHECK_MSG(strstr(text, "Behind the reverse proxy, players open https://play.example.org/ (or "
                           "http://); who asks is read from the X-Forwarded-For of 10.0.0.0/8, "
                           "192.0.2.1, ::1.\n"), "%s", text);
    test_case("ops: serve --host 127.0.0.3: that address alone, no proxy's header read");
    CHECK(start_message("--host 127.0.0.3", text, sizeof text));
    CHECK_MSG(strncmp(text, "Shashki is ready at http://127.0.0.3:", 37) == 0, "%s", text);
    CHECK_MSG(!strstr(text, "127.0.0.1") && !strstr(text, "works too") &&
                  !strstr(text, "X-Forwarded-For"), "%s", text);
}

void suite_ops(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    names_masked();
    start_messages();
    password_file();
    nginx_tls();
    egdb_once();
    curl_global_cleanup();
}

/* ---- on PostgreSQL ---- */

#define PG_USER "shashki_site"
#define PG_PASSWORD "Pa55-word-7"

/* The process's arguments as ps reads them (/proc/PID/cmdline), NULs as spaces. */
static void command_line(pid_t pid, char *out, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    size_t n = 0;
    char *text = test_read_file(path, &n);
    out[0] = '\0';
    if (!text)
        return;
    for (size_t i = 0; i < n; i++)
        if (text[i] == '\0')
            text[i] = ' ';
    snprintf(out, size, "%.*s", (int)n, text);
    free(text);
}

static void secrets(void)
{
    char conn[256];
    int port = 0;
    test_case("ops-pg: a role that must give its password");
    bool made = test_pg_password_database(PG_USER, PG_PASSWORD, conn, sizeof conn, &port);
    CHECK_MSG(made, "%s", conn);
    if (!made)
        return;
    const char *dbname = strstr(conn, "dbname=") + 7;

    test_case("ops-pg: without a password the server does not start (the role needs one)");
    Server s = {0};
    snprintf(s.db, sizeof s.db, "postgresql://%s@127.0.0.1:%d/%s", PG_USER, port, dbname);
    unsetenv("PGPASSFILE");
    setenv("PGPASSFILE", "/nonexistent/pgpass", 1); /* not root's ~/.pgpass */
    CHECK(!server_start(&s));
    server_stop(&s, false);

    test_case("ops-pg: the password on the command line: it works, and ps does not show it");
    snprintf(s.db, sizeof s.db, "postgresql://%s:%s@127.0.0.1:%d/%s", PG_USER, PG_PASSWORD, port,
             dbname);
    CHECK(server_start(&s));
    char args[1024];
    command_line(s.pid, args, sizeof args);
    CHECK_MSG(!strstr(args, PG_PASSWORD), "ps shows: %s", args);
    CHECK_MSG(strstr(args, "postgresql://" PG_USER ":***@127.0.0.1:"), "ps shows: %s", args);
    server_stop(&s, false);

    char dir[] = "/tmp/shashki-ops-pg-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char pgpass[96], services[96];
    snprintf(pgpass, sizeof pgpass, "%s/pgpass", dir);
    snprintf(services, sizeof services, "%s/services", dir);
    FILE *f = fopen(pgpass, "w");
    if (f) {
        fprintf(f, "127.0.0.1:%d:*:%s:%s\n", port, PG_USER, PG_PASSWORD);
        fclose(f);
    }
    chmod(pgpass, 0600); /* libpq ignores a password file others may read */
    f = fopen(services, "w");
    if (f) {
        fprintf(f, "[shashki]\nhost=127.0.0.1\nport=%d\ndbname=%s\nuser=%s\n", port, dbname,
                PG_USER);
        fclose(f);
    }
    setenv("PGPASSFILE", pgpass, 1);
    test_case("ops-pg: the password in PGPASSFILE, the URL without it");
    snprintf(s.db, sizeof s.db, "postgresql://%s@127.0.0.1:%d/%s", PG_USER, port, dbname);
    CHECK(server_start(&s));
    command_line(s.pid, args, sizeof args);
    CHECK(!strstr(args, PG_PASSWORD));
    server_stop(&s, false);

    test_case("ops-pg: a service file (PGSERVICEFILE) and --db service=NAME");
    setenv("PGSERVICEFILE", services, 1);
    snprintf(s.db, sizeof s.db, "service=shashki");
    CHECK(server_start(&s));
    Answer a = fetch(&s, "GET", "/api/health", NULL, NULL);
    CHECK_INT(a.status, 200);
    answer_free(&a);
    server_stop(&s, false);
    unsetenv("PGSERVICEFILE");
    unsetenv("PGPASSFILE");
    unlink(pgpass);
    unlink(services);
    rmdir(dir);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Wrong passwords spread over two processes and four addresses cost what one process charges
 * one address: the delays 0.25 + 0.5 + 1 + 2 s (auth.h) before the answers, at the least. */
static void pacing(void)
{
    Server p[2] = {0};
    test_case("ops-pg: two processes on one database");
    bool made = test_pg_database(p[0].db, sizeof p[0].db);
    CHECK_MSG(made, "%s", p[0].db);
    if (!made)
        return;
    snprintf(p[0].proxy, sizeof p[0].proxy, "127.0.0.1");
    p[1] = p[0];
    CHECK(server_start(&p[0]) && server_start(&p[1]));
    Answer a = fetch(&p[0], "POST", "/api/accounts",
                     "{\"name\": \"Vera\", \"password\": \"correct horse\"}", NULL);
    CHECK_INT(a.status, 201);
    answer_free(&a);
    a = fetch(&p[1], "POST", "/api/accounts",
              "{\"name\": \"Nina\", \"password\": \"battery staple\"}", "X-Forwarded-For: 192.0.2.20");
    CHECK_INT(a.status, 201);
    answer_free(&a);
    test_case("ops-pg: four wrong passwords, through two processes from four addresses");
    double start = now_s();
    for (int i = 0; i < 4; i++) {
        char from[64];
        snprintf(from, sizeof from, "X-Forwarded-For: 192.0.2.%d", i + 1);
        a = fetch(&p[i % 2], "POST", "/api/account/session",
                  "{\"name\": \"vera\", \"password\": \"wrong horse\"}", from);
        CHECK_INT(a.status, 401);
        answer_free(&a);
    }
    double spent = now_s() - start;
    CHECK_MSG(spent >= 3.75, "four wrong passwords cost %.2f s, not 3.75 s or more", spent);
    test_case("ops-pg: the right password still logs in (after its turn), and clears the count");
    a = fetch(&p[1], "POST", "/api/account/session",
              "{\"name\": \"Vera\", \"password\": \"correct horse\"}", "X-Forwarded-For: 192.0.2.9");
    CHECK_INT(a.status, 200);
    answer_free(&a);
    /* what a first wrong password costs on this machine now (its hash checked, no delay):
     * Nina's, who never guessed wrong; a count kept would add 2 s (auth.h) to Vera's */
    start = now_s();
    a = fetch(&p[0], "POST", "/api/account/session",
              "{\"name\": \"Nina\", \"password\": \"wrong staple\"}",
              "X-Forwarded-For: 192.0.2.21");
    CHECK_INT(a.status, 401);
    answer_free(&a);
    double first = now_s() - start;
    start = now_s();
    a = fetch(&p[0], "POST", "/api/account/session",
              "{\"name\": \"Vera\", \"password\": \"wrong horse\"}", "X-Forwarded-For: 192.0.2.10");
    CHECK_INT(a.status, 401);
    answer_free(&a);
    spent = now_s() - start;
    CHECK_MSG(spent < first + 1.0,
              "after a right password a wrong one cost %.2f s, a first wrong one %.2f s (the count "
              "was kept)", spent, first);
    server_stop(&p[0], false);
    server_stop(&p[1], false);
}

void suite_ops_pg(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    secrets();
    pacing();
    curl_global_cleanup();
}
