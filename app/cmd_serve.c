/* cmd_serve.c - shashki serve: the web app on http://127.0.0.1:8080. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "web.h"

static const char SERVE_HELP[] =
    "usage: shashki serve [--port N] [--host ADDRESS] [--db FILE] [--egdb DIR]\n"
    "\n"
    "Serve the web app: play against the engine or a friend, analyse, keep games. Open the\n"
    "address it prints in a browser. Stop with Ctrl-C.\n"
    "\n"
    "  --port N        the port (default 8080; 0 picks a free one)\n"
    "  --host ADDRESS  the address to listen on (default 127.0.0.1, this machine only;\n"
    "                  0.0.0.0 lets other machines connect)\n"
    "  --db FILE       the SQLite file where games are kept (default shashki-games.db)\n"
    "  --egdb DIR      the endgame databases the engine plays and analyses with (shashki egdb\n"
    "                  build); default $SHASHKI_EGDB or ./egdb, played without when that\n"
    "                  holds none\n";

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
    (void)sig;
    stop_requested = 1;
}

int cmd_serve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(SERVE_HELP, stdout);
        return 0;
    }
    WebOptions options = {.host = "127.0.0.1", .port = 8080, .db_path = "shashki-games.db"};
    const char *egdb = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc ||
            (strcmp(a, "--port") && strcmp(a, "--host") && strcmp(a, "--db") && strcmp(a, "--egdb"))) {
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
        } else {
            options.db_path = v;
        }
    }
    char note[4200];
    options.egdb_dir = cli_egdb_find(egdb, note, sizeof note);
    if (!options.egdb_dir)
        return 2;
    char err[256];
    WebServer *server = web_start(&options, err, sizeof err);
    if (!server) {
        cli_error("%s", err);
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    printf("Shashki is ready at http://%s:%d/\n",
           strcmp(options.host, "0.0.0.0") == 0 ? "127.0.0.1" : options.host, web_port(server));
    printf("%s\n", note);
    fflush(stdout);
    while (!stop_requested)
        pause();
    web_stop(server);
    printf("stopped\n");
    return 0;
}
