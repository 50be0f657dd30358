/* cmd_serve.c - shashki serve: the web app on http://127.0.0.1:8080, or on the club's network. */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "cli.h"
#include "db_pool.h"
#include "trust.h"
#include "web.h"

static const char SERVE_HELP[] =
    "usage: shashki serve [--port N] [--host ADDRESS] [--db NAME] [--egdb DIR] [--no-egdb-build]\n"
    "                     [--puzzles FILE] [--review-nodes N] [--proxy NAME]\n"
    "                     [--trust-proxy LIST] [--set-password | --set-password-file FILE]\n"
    "                     [--db-pool N]\n"
    "\n"
    "Serve the web app: play against the engine or a friend, on one device or two, watch games\n"
    "live, analyse, solve puzzles, keep games. Open the address it prints in a browser. Stop with Ctrl-C.\n"
    "\n"
    "  --port N        the port (default 8080; 0 picks a free one)\n"
    "  --host ADDRESS  the address to listen on (default 127.0.0.1, this machine only;\n"
    "                  0.0.0.0 serves the club's network: the first line then gives the\n"
    "                  address players type, which the page also shows with a QR code)\n"
    "  --db NAME       where games and events are kept: an SQLite file (default\n"
    "                  shashki-games.db), or a PostgreSQL database, postgresql://USER@HOST/DB\n"
    "                  or service=NAME, its password in ~/.pgpass, not here (docs/postgresql.md);\n"
    "                  shashki db copy moves a file's games into one.\n"
    "                  Several serve processes may share one PostgreSQL database, behind\n"
    "                  nginx (docs/federation.md)\n"
    "  --db-pool N     the PostgreSQL connections this process opens, 2 to 7 (default 7): one\n"
    "                  listens to the other processes, one is the games', and the reader, the\n"
    "                  accounts, the events, the lobby and the contests get one of their own\n"
    "                  in that order while N lasts, the rest share the games' (docs/\n"
    "                  federation.md, \"Connections\"). An SQLite file ignores it\n"
    "  --proxy NAME    behind a reverse proxy that players reach as NAME (play.example.org):\n"
    "                  that Host is answered, and who asks is read from the X-Forwarded-For\n"
    "                  of the proxies --trust-proxy names (default: this machine's, 127.0.0.0/8\n"
    "                  and ::1)\n"
    "  --trust-proxy LIST  the proxies whose X-Forwarded-For is believed, addresses and CIDR\n"
    "                  ranges separated by commas (10.0.0.0/8,192.0.2.1,::1): a request from\n"
    "                  one of them is from the rightmost address of the header that is not\n"
    "                  itself one of them (docs/federation.md)\n"
    "  --egdb DIR      the endgame databases the engine plays and analyses with (shashki egdb\n"
    "                  build); one named here must hold some already. Default $SHASHKI_EGDB,\n"
    "                  else egdb beside the program (build/egdb: make builds 4 pieces there)\n"
    "  --no-egdb-build  do not complete the folder to 5 pieces. Without it, a folder that\n"
    "                  lacks any ending of up to 5 pieces is built up to 5 in the background,\n"
    "                  at the lowest priority (about a minute of the processor and 35 MB, once;\n"
    "                  the engine plays with what there is until then, the page says when\n"
    "                  they are ready)\n"
    "  --puzzles FILE  the Puzzles section's puzzles, a PDN file as shashki puzzles writes\n"
    "                  (docs/puzzles.md); default the set built into the program\n"
    "  --review-nodes N  a game review's search of each position (default 1000000, about\n"
    "                  0.2 s; reviews run in the background, below the games' engines)\n"
    "  --set-password  set the arbiter's password first: asked twice at a terminal, else\n"
    "                  read as one line from standard input (a pipe, a script); kept only as\n"
    "                  a salted hash. Refused, not stopped at its prompt, when started in the\n"
    "                  background (&) at a terminal\n"
    "  --set-password-file FILE  the same, the password the first line of FILE (a service's\n"
    "                  credential: docs/federation/shashki@.service)\n"
    "\n"
    "Who may do what: players move only their own side, with the seat their device took;\n"
    "spectators watch; deleting games, changing results and importing are the arbiter's. Until\n"
    "a password is set, the arbiter is whoever uses this machine (requests from 127.0.0.1);\n"
    "once it is set, the arbiter logs in with it on the page.\n";

/* One line from standard input, without its newline; echo off at a terminal. */
static bool read_secret(const char *prompt, char *out, size_t size)
{
    bool tty = isatty(STDIN_FILENO);
    struct termios old, quiet;
    if (tty) {
        fprintf(stderr, "%s", prompt);
        fflush(stderr);
        tcgetattr(STDIN_FILENO, &old);
        quiet = old;
        quiet.c_lflag &= ~(tcflag_t)ECHO;
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    }
    bool ok = fgets(out, (int)size, stdin) != NULL;
    if (tty) {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &old);
        fprintf(stderr, "\n");
    }
    if (ok)
        out[strcspn(out, "\r\n")] = '\0';
    return ok;
}

static bool ask_password(char *out, size_t size)
{
    /* in the background at a terminal, reading it would stop the process (SIGTTIN) */
    if (isatty(STDIN_FILENO) && tcgetpgrp(STDIN_FILENO) != getpgrp()) {
        cli_error("--set-password: started in the background at a terminal, where its prompt "
                  "cannot be answered: give the password on standard input (a pipe) or with "
                  "--set-password-file FILE");
        return false;
    }
    if (!read_secret("The arbiter's new password: ", out, size)) {
        cli_error("--set-password: no password on standard input");
        return false;
    }
    if (isatty(STDIN_FILENO)) {
        char again[512];
        if (!read_secret("The same again: ", again, sizeof again) || strcmp(again, out) != 0) {
            cli_error("--set-password: the two passwords differ; nothing was changed");
            return false;
        }
    }
    return true;
}

/* The first line of a file, without its newline. */
static bool password_from_file(const char *path, char *out, size_t size)
{
    FILE *f = fopen(path, "r");
    bool ok = f && fgets(out, (int)size, f) != NULL;
    if (f)
        fclose(f);
    if (!ok) {
        cli_error("--set-password-file: cannot read a line from %s", path);
        return false;
    }
    out[strcspn(out, "\r\n")] = '\0';
    return true;
}

int cmd_serve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(SERVE_HELP, stdout);
        return 0;
    }
    WebOptions options = {.host = "127.0.0.1", .port = 8080, .db_path = "shashki-games.db"};
    const char *egdb = NULL;
    bool set_password = false;
    const char *password_file = NULL;
    TrustList trusted;
    /* the pieces the folder is completed to; --egdb-build-pieces N (2 to 5, not in the help)
     * lets the tests follow a build of a second instead of a minute */
    long build = WEB_EGDB_PIECES;
    long pool = 0; /* --db-pool: 0 the default, every use its own connection */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--set-password") == 0) {
            set_password = true;
            continue;
        }
        if (strcmp(a, "--no-egdb-build") == 0) {
            build = 0;
            continue;
        }
        if (strcmp(a, "--egdb-build-pieces") == 0 && i + 1 < argc) {
            if (!cli_parse_int(argv[++i], 2, WEB_EGDB_PIECES, a, &build))
                return 2;
            continue;
        }
        if (i + 1 >= argc ||
            (strcmp(a, "--port") && strcmp(a, "--host") && strcmp(a, "--db") && strcmp(a, "--egdb") &&
             strcmp(a, "--puzzles") && strcmp(a, "--review-nodes") && strcmp(a, "--proxy") &&
             strcmp(a, "--trust-proxy") && strcmp(a, "--set-password-file") &&
             strcmp(a, "--db-pool"))) {
            cli_error(i + 1 >= argc && a[0] == '-' ? "%s needs a value" : "unexpected argument '%s'",
                      a);
            return 2;
        }
        const char *v = argv[++i];
        if (strcmp(a, "--port") == 0) {
            long port;
            if (!cli_parse_int(v, 0, 65535, "--port", &port))
                return 2;
            options.port = (int)port;
        } else if (strcmp(a, "--host") == 0) {
            options.host = v;
        } else if (strcmp(a, "--egdb") == 0) {
            egdb = v;
        } else if (strcmp(a, "--proxy") == 0) {
            options.proxy = v;
        } else if (strcmp(a, "--trust-proxy") == 0) {
            char why[256];
            if (!trust_parse(v, &trusted, why, sizeof why)) {
                cli_error("--trust-proxy: %s", why);
                return 2;
            }
            options.trusted = &trusted;
        } else if (strcmp(a, "--db-pool") == 0) {
            if (!cli_parse_int(v, 0, 1000000, "--db-pool", &pool))
                return 2;
        } else if (strcmp(a, "--set-password-file") == 0) {
            password_file = v;
        } else if (strcmp(a, "--puzzles") == 0) {
            options.puzzles_path = v;
        } else if (strcmp(a, "--review-nodes") == 0) {
            long nodes;
            if (!cli_parse_int(v, 1000, 10000000, "--review-nodes", &nodes))
                return 2;
            options.review_nodes = (uint64_t)nodes;
        } else {
            options.db_path = v;
        }
    }
    char pool_why[256];
    if (pool && db_is_postgres(options.db_path) && !db_pool_set((int)pool, pool_why, sizeof pool_why)) {
        cli_error("%s", pool_why);
        return 2;
    }
    char note[4400];
    options.egdb_dir = cli_egdb_find(egdb, note, sizeof note);
    if (!options.egdb_dir)
        return 2;
    if (build) {
        /* the default folder may hold none yet: the build makes it */
        if (!options.egdb_dir[0])
            options.egdb_dir = cli_egdb_default();
        int pieces = cli_egdb_pieces(options.egdb_dir);
        if (pieces < build) {
            if (pieces)
                snprintf(note, sizeof note,
                         "endgame databases: %s (every ending of up to %d pieces); those of up "
                         "to %ld pieces are being built there in the background",
                         options.egdb_dir, pieces, build);
            else
                snprintf(note, sizeof note,
                         "no endgame databases in %s yet: those of up to %ld pieces are being "
                         "built there in the background", options.egdb_dir, build);
        }
        options.egdb_build = (int)build;
        options.egdb_log = stdout;
    }
    char password[512];
    if (set_password && password_file) {
        cli_error("--set-password and --set-password-file: give one of them");
        return 2;
    }
    if (set_password || password_file) {
        if (!(password_file ? password_from_file(password_file, password, sizeof password)
                            : ask_password(password, sizeof password)))
            return 2;
        options.new_password = password;
    }
    /* Ctrl-C and SIGTERM stop the server: blocked in every thread the server starts (they
     * inherit the mask) and taken here, so that no engine's or worker's thread takes them */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    /* a later line (the databases built) to a reader that has gone fails quietly */
    signal(SIGPIPE, SIG_IGN);
    char err[256];
    WebServer *server = web_start(&options, err, sizeof err);
    memset(password, 0, sizeof password);
    if (!server) {
        cli_error("%s", err);
        return 1;
    }
    printf("Shashki is ready at %s\n", web_url(server));
    bool every = strcmp(options.host, "0.0.0.0") == 0 || strcmp(options.host, "::") == 0;
    if (web_on_network(server))
        printf("Players on the network open that address (the page shows it with a QR code)%s\n",
               every ? "" : "; it is the only address this server answers on");
    if (every)
        printf("On this machine http://127.0.0.1:%d/ works too.\n", web_port(server));
    if (options.proxy || options.trusted) {
        TrustList shown;
        if (options.trusted)
            shown = *options.trusted;
        else
            trust_loopback(&shown);
        char list[600];
        trust_text(&shown, list, sizeof list);
        if (options.proxy)
            printf("Behind the reverse proxy, players open https://%s/ (or http://); ", options.proxy);
        printf("who asks is read from the X-Forwarded-For of %s.\n", list);
    }
    printf("%s\n", note);
    const char *db_shown = cli_db_shown(options.db_path);
    if (!web_has_password(server))
        printf("No arbiter's password is set: the arbiter's rights (deleting games, changing"
               " results) are this machine's alone. To set one: shashki serve --set-password%s%s\n",
               strcmp(options.db_path, "shashki-games.db") ? " --db " : "",
               strcmp(options.db_path, "shashki-games.db") ? db_shown : "");
    else if (set_password || password_file)
        printf("The arbiter's password is set: log in with it on the page (Arbiter).\n");
    fflush(stdout);
    int sig = 0;
    while (sigwait(&stop, &sig) != 0) {
    }
    web_stop(server);
    printf("stopped\n");
    return 0;
}
