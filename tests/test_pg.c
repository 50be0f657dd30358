/* test_pg.c - the tests' private PostgreSQL cluster (see test_pg.h). */
#define _GNU_SOURCE
#include "test_pg.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char folder[64];  /* the cluster's folder: data/, log, the socket */
static char bindir[256]; /* PostgreSQL's programs */
static int port;
static pid_t owner;      /* the process that started it (forked children do not stop it) */
static uid_t run_uid;    /* the user the server runs as, and its group */
static gid_t run_gid;
static bool started, failed;
static char reason[256];
static int databases;

/* Run a program of PostgreSQL's as the cluster's user, its output to the log; its exit status. */
static int run(char *const argv[])
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        char log[96];
        snprintf(log, sizeof log, "%s/log", folder);
        int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
            close(fd);
        }
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0)
            dup2(null, 0);
        if (getuid() == 0 && (setgid(run_gid) != 0 || setuid(run_uid) != 0))
            _exit(126);
        execv(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static void stop(void)
{
    if (!started || getpid() != owner)
        return;
    started = false;
    char pg_ctl[320], data[96];
    snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", bindir);
    snprintf(data, sizeof data, "%s/data", folder);
    char *argv[] = {pg_ctl, "-D", data, "-m", "immediate", "-w", "stop", NULL};
    run(argv);
    nftw(folder, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void on_signal(int sig)
{
    stop();
    signal(sig, SIG_DFL);
    raise(sig);
}

static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    int found = 0;
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        found = ntohs(a.sin_port);
    if (fd >= 0)
        close(fd);
    return found;
}

static bool server_start(void);

static bool fail(const char *why)
{
    snprintf(reason, sizeof reason, "the tests' PostgreSQL: %s (see %s/log)", why, folder);
    failed = true;
    return false;
}

static bool start(void)
{
    FILE *p = popen("pg_config --bindir 2>/dev/null", "r");
    if (!p || !fgets(bindir, sizeof bindir, p)) {
        if (p)
            pclose(p);
        snprintf(reason, sizeof reason, "no pg_config (Debian's libpq-dev) to find PostgreSQL");
        failed = true;
        return false;
    }
    pclose(p);
    bindir[strcspn(bindir, "\n")] = '\0';
    char initdb[320], pg_ctl[320], data[96], log[96];
    snprintf(initdb, sizeof initdb, "%s/initdb", bindir);
    snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", bindir);
    if (access(initdb, X_OK) != 0) {
        snprintf(reason, sizeof reason, "no %.200s (Debian's postgresql package)", initdb);
        failed = true;
        return false;
    }
    snprintf(folder, sizeof folder, "/tmp/shashki-pg-XXXXXX");
    if (!mkdtemp(folder))
        return fail("no temporary folder");
    run_uid = getuid();
    run_gid = getgid();
    if (getuid() == 0) {
        struct passwd *pw = getpwnam("postgres");
        if (!pw)
            return fail("running as root and there is no user postgres to run the server");
        run_uid = pw->pw_uid;
        run_gid = pw->pw_gid;
        if (chown(folder, run_uid, run_gid) != 0)
            return fail("cannot give the folder to postgres");
    }
    owner = getpid();
    started = true; /* from here the folder is removed at the end */
    atexit(stop);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    snprintf(data, sizeof data, "%s/data", folder);
    snprintf(log, sizeof log, "%s/server.log", folder);
    char *init[] = {initdb, "-D", data, "-U", "shashki", "--auth=trust", "-E", "UTF8",
                    "--locale=C", "--no-sync", NULL};
    if (run(init) != 0)
        return fail("initdb failed");
    for (int attempt = 0; attempt < 5; attempt++) {
        port = free_port();
        if (port && server_start())
            return true;
    }
    return fail("the server did not start");
}

/* pg_ctl start on the cluster's port; whether it started. */
static bool server_start(void)
{
    char pg_ctl[320], data[96], log[96], options[256];
    snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", bindir);
    snprintf(data, sizeof data, "%s/data", folder);
    snprintf(log, sizeof log, "%s/server.log", folder);
    snprintf(options, sizeof options,
             "-h 127.0.0.1 -p %d -k %s -c fsync=off -c synchronous_commit=off "
             "-c full_page_writes=off -c max_connections=200",
             port, folder);
    char *argv[] = {pg_ctl, "-D", data, "-l", log, "-o", options, "-w", "-t", "120", "start", NULL};
    return run(argv) == 0;
}

bool test_pg_stop(void)
{
    if (!started)
        return false;
    char pg_ctl[320], data[96];
    snprintf(pg_ctl, sizeof pg_ctl, "%s/pg_ctl", bindir);
    snprintf(data, sizeof data, "%s/data", folder);
    char *argv[] = {pg_ctl, "-D", data, "-m", "fast", "-w", "-t", "120", "stop", NULL};
    return run(argv) == 0;
}

bool test_pg_start(void)
{
    return started && server_start();
}

bool test_pg_database(char *name, size_t size)
{
    if (!started && !failed)
        start();
    if (failed) {
        snprintf(name, size, "%s", reason);
        return false;
    }
    char admin[128];
    snprintf(admin, sizeof admin, "host=127.0.0.1 port=%d user=shashki dbname=postgres", port);
    PGconn *c = PQconnectdb(admin);
    char sql[64];
    snprintf(sql, sizeof sql, "CREATE DATABASE t%d", ++databases);
    PGresult *r = PQstatus(c) == CONNECTION_OK ? PQexec(c, sql) : NULL;
    bool ok = r && PQresultStatus(r) == PGRES_COMMAND_OK;
    if (ok)
        snprintf(name, size, "host=127.0.0.1 port=%d user=shashki dbname=t%d", port, databases);
    else
        snprintf(name, size, "the tests' PostgreSQL: %s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok;
}

/* Run one statement on the cluster as its superuser; false with the reason in out. */
static bool admin_exec(const char *sql, char *out, size_t size)
{
    char admin[128];
    snprintf(admin, sizeof admin, "host=127.0.0.1 port=%d user=shashki dbname=postgres", port);
    PGconn *c = PQconnectdb(admin);
    PGresult *r = PQstatus(c) == CONNECTION_OK ? PQexec(c, sql) : NULL;
    ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    bool ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
    if (!ok)
        snprintf(out, size, "the tests' PostgreSQL: %s", PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
    return ok;
}

bool test_pg_password_database(const char *user, const char *password, char *name, size_t size,
                               int *port_out)
{
    static char made[64];
    char db[128];
    if (!test_pg_database(db, sizeof db)) {
        snprintf(name, size, "%s", db);
        return false;
    }
    const char *dbname = strstr(db, "dbname=") + 7;
    char sql[256];
    if (strcmp(made, user) != 0) {
        snprintf(sql, sizeof sql, "CREATE ROLE %s LOGIN PASSWORD '%s'", user, password);
        if (!admin_exec(sql, name, size))
            return false;
        /* the role's line first: pg_hba.conf's first matching line decides */
        char hba[128];
        snprintf(hba, sizeof hba, "%s/data/pg_hba.conf", folder);
        char *old = NULL;
        size_t n = 0;
        FILE *f = fopen(hba, "r");
        if (f) {
            old = malloc(1 << 16);
            n = old ? fread(old, 1, (1 << 16) - 1, f) : 0;
            fclose(f);
        }
        f = old ? fopen(hba, "w") : NULL;
        if (!f) {
            free(old);
            snprintf(name, size, "cannot rewrite %s", hba);
            return false;
        }
        fprintf(f, "host all %s 127.0.0.1/32 scram-sha-256\n", user);
        fwrite(old, 1, n, f);
        fclose(f);
        free(old);
        if (!admin_exec("SELECT pg_reload_conf()", name, size))
            return false;
        /* the reload is a signal: wait until the role is asked for its password */
        char probe[160];
        snprintf(probe, sizeof probe, "host=127.0.0.1 port=%d user=%s dbname=postgres", port, user);
        bool asks = false;
        for (int tries = 0; tries < 600 && !asks; tries++) {
            PGconn *c = PQconnectdb(probe);
            asks = PQstatus(c) != CONNECTION_OK;
            PQfinish(c);
            if (!asks)
                usleep(50 * 1000);
        }
        if (!asks) {
            snprintf(name, size, "the tests' PostgreSQL did not take the new pg_hba.conf");
            return false;
        }
        snprintf(made, sizeof made, "%s", user);
    }
    snprintf(sql, sizeof sql, "ALTER DATABASE %s OWNER TO %s", dbname, user);
    if (!admin_exec(sql, name, size))
        return false;
    snprintf(name, size, "host=127.0.0.1 port=%d dbname=%s", port, dbname);
    *port_out = port;
    return true;
}

/* A process's CPU seconds from /proc (fields 14-17: its own user and system time, and that of
 * its children waited for), its parent's id in *ppid; false when it cannot be read. */
static bool proc_cpu(pid_t pid, pid_t *ppid, double *own, double *children)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    const char *p = strrchr(text, ')'); /* past the command's name */
    long parent = 0;
    unsigned long user = 0, system = 0;
    long cuser = 0, csystem = 0;
    if (!p || sscanf(p + 2, "%*c %ld %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu %ld %ld", &parent,
                     &user, &system, &cuser, &csystem) != 5)
        return false;
    double tick = (double)sysconf(_SC_CLK_TCK);
    *ppid = (pid_t)parent;
    *own = (double)(user + system) / tick;
    *children = (double)(cuser + csystem) / tick;
    return true;
}

double test_process_cpu_seconds(pid_t pid)
{
    pid_t parent;
    double own, children;
    return proc_cpu(pid, &parent, &own, &children) ? own : 0;
}

double test_tree_cpu_seconds(pid_t root)
{
    pid_t parent;
    double total = 0, own, children;
    if (root <= 0 || !proc_cpu(root, &parent, &own, &children))
        return 0;
    total = own + children; /* the children that ended, waited for */
    DIR *d = opendir("/proc");
    for (struct dirent *e; d && (e = readdir(d));) {
        long pid = strtol(e->d_name, NULL, 10);
        if (pid > 0 && proc_cpu((pid_t)pid, &parent, &own, &children) && parent == root)
            total += own + children;
    }
    if (d)
        closedir(d);
    return total;
}

double test_pg_cpu_seconds(void)
{
    char path[128];
    snprintf(path, sizeof path, "%s/data/postmaster.pid", folder);
    FILE *f = started ? fopen(path, "r") : NULL;
    long postmaster = 0;
    if (f) {
        if (fscanf(f, "%ld", &postmaster) != 1)
            postmaster = 0;
        fclose(f);
    }
    return test_tree_cpu_seconds((pid_t)postmaster);
}
