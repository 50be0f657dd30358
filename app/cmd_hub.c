/* cmd_hub.c - shashki hub: the engine over the Hub protocol on stdin and stdout. */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "hub.h"

static const char HELP[] =
    "usage: shashki hub [--egdb DIR] [--time-log FILE]\n"
    "\n"
    "Speak the Hub protocol (Scan's, in the Russian dialect) on standard input and output, so\n"
    "that pydraughts, lidraughts bots and match runners can use the engine. A session:\n"
    "\n"
    "  hub                                  -> id ..., param ..., wait\n"
    "  set-param name=move-numbering value=a1   (pydraughts 0.6.x; default b8: 1 = b8)\n"
    "  set-param name=threads value=2           (also hash, level 1-10)\n"
    "  set-param name=egdb-path value=DIR       (endgame databases; none: without)\n"
    "  init                                 -> ready\n"
    "  new-game\n"
    "  pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"\n"
    "  level time=60 inc=1                  (or move-time=S, depth=D, nodes=N, infinite)\n"
    "  go think                             -> info ... lines, then done move=... ponder=...\n"
    "  ping                                 -> pong\n"
    "  quit\n"
    "\n"
    "pos= lists squares 1 (b8) to 32 (g1): w b W B (kings) or e (empty), after the side to\n"
    "move. Moves are from-to or fromxto followed by x and each captured square. An unknown\n"
    "command or parameter, and a bad one, are answered error message=\"...\" (as Scan\n"
    "answers them); after a pos that is refused, go is refused until a pos reads.\n"
    "\n" CLI_EGDB_HELP
    "                 (info lines then say egdb=win|draw|loss and egdb-hits=N)\n"
    "  --time-log FILE  append a line a timed search to FILE: the clock it was told (left,\n"
    "                 inc), the lag learned from the clocks (lag, stall), the plan (soft,\n"
    "                 hard), the search's time, the time from go to done (wall) and how far\n"
    "                 that passed the hard limit (over); all in seconds\n";

int cmd_hub(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    const char *named = NULL, *log_name = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--egdb") == 0 && i + 1 < argc) {
            named = argv[++i];
        } else if (strcmp(argv[i], "--time-log") == 0 && i + 1 < argc) {
            log_name = argv[++i];
        } else {
            cli_error("unexpected argument '%s' (see shashki hub --help)", argv[i]);
            return 2;
        }
    }
    char note[4200];
    const char *egdb = cli_egdb_find(named, note, sizeof note);
    if (!egdb)
        return 2;
    FILE *log = NULL;
    if (log_name && !(log = fopen(log_name, "a"))) {
        cli_error("cannot open the time log '%s': %s", log_name, strerror(errno));
        return 2;
    }
    int rc = hub_run_egdb(stdin, stdout, egdb, named != NULL, log);
    if (log)
        fclose(log);
    return rc;
}
