/* cmd_tournament.c - shashki tournament: its arguments, the files and tables that need no
 * store (the Dutch pairing of a TRF16 file, Berger tables, brackets), an event opened from the
 * games' SQLite file, and the commands' table. An arbiter's changes are tournament_changes.c,
 * what shows an event tournament_views.c, engine events tournament_run.c, from-pdn
 * tournament_pdn.c. Each change is one transaction (store/tstore.c); a change the library
 * refuses is reported and nothing is saved. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "tournament.h"

static const char HELP[] =
    "usage: shashki tournament COMMAND [ARGS...] [--db NAME]\n"
    "\n"
    "Competitions: round robin, Swiss (FIDE Dutch), knockout, Scheveningen, stages of them,\n"
    "points series, micro-matches; team events (boards=N) and individual-team ones\n"
    "(team-best=K). Events live in the web app's database (--db: an SQLite file, default\n"
    "shashki-games.db, or postgresql://...), one transaction per change; standings are derived.\n"
    "EVENT is an event's id or name (a unique prefix will do); PLAYER a player's number or\n"
    "name. docs/tournaments.md tells more.\n"
    "\n"
    "Pairing files and tables (no store):\n"
    "  pair FILE.trf              the next round of a TRF16 file by the Dutch system: the\n"
    "                             number of pairs, then WHITE BLACK a line (N 0: the bye);\n"
    "                             exit 1 when no pairing exists, 2 on a malformed file\n"
    "  berger N [--cycles K] [--swap-last]\n"
    "                             the Berger table for N players, one round a line, W-B pairs\n"
    "                             (N odd: N+1 is the bye); --swap-last exchanges the last two\n"
    "                             rounds of the first cycle\n"
    "  bracket N                  knockout seeding: the first round for N players (byes to\n"
    "                             the top seeds)\n"
    "  bench [N] [--round R]      the time to pair each of R rounds (default 9) of a Swiss of\n"
    "                             N players (default 500) with random results\n"
    "\n"
    "An arbiter's event:\n"
    "  create NAME [KEY=VALUE...] a new event; settings as in 'set' (system=swiss rounds=9\n"
    "                             scoring=2-1-0 games=2 tiebreaks=bh-c1,bh,sb variant=pool ...)\n"
    "  list                       the events in the file\n"
    "  show EVENT                 its settings, players and rounds so far\n"
    "  set EVENT KEY=VALUE...     change settings (refused when it would change what was played)\n"
    "  add EVENT NAME [--rating R] [--title T] [--club C] [--team T] [--federation F]\n"
    "             [--born YEAR] [--engine SPEC] [--board N]\n"
    "                             enter a player (after round 1: late entry; a team event:\n"
    "                             --team, and --board for the team's board order)\n"
    "  players EVENT              the players, with age category and state\n"
    "  withdraw EVENT PLAYER [--round R]             no more rounds from R (default the next)\n"
    "  bye EVENT PLAYER ROUND [half|full|absent|none] a bye asked for in a coming round\n"
    "  next EVENT                 pair the next round (or the next stage's first) and print it\n"
    "  unpair EVENT               take back the last round paired while it has no result\n"
    "  pairings EVENT [ROUND] [--stage S]            a round's pairings (default the last)\n"
    "  result EVENT ROUND BOARD RESULT... [--stage S] [--game N] [--game-id ID]\n"
    "                             enter results: 1-0 1/2-1/2 0-1 +- -+ -- (forfeits), * to\n"
    "                             clear; several for a match's games, or --game N for one;\n"
    "                             each from the first-named player's side (1-0: the player\n"
    "                             named first won that game, whatever its colours; that\n"
    "                             player has White in games 1, 3 ...), as pairings shows them;\n"
    "                             a table of a game of three or four (Novgorod, Neva): one\n"
    "                             share for each seat (1-0-0-0, 1/2-1/2-0-0, 1/3-1/3-1/3)\n"
    "  standings EVENT [--stage S] [--format text|csv|html]\n"
    "                             (a team event: the team standings; an individual-team\n"
    "                             event: the players', then the team standing)\n"
    "  teams EVENT [--format F]   the team standings\n"
    "  boards EVENT [--format F]  the board prizes of a team event\n"
    "  crosstable EVENT [--stage S] [--format text|csv|html]\n"
    "  export EVENT trf|pdn|event [--stage S] [--output FILE] [--numeric|--algebraic]\n"
    "                             TRF16 (Swiss-Manager, Vega, JaVaFo, bbpPairings), the PDN of\n"
    "                             every recorded game (in the game's usual notation, or as\n"
    "                             --numeric or --algebraic says), or the event's own text\n"
    "  import FILE.trf [--name NAME]                 an event of one Swiss stage from TRF16\n"
    "  log EVENT                  every change entered, with its time\n"
    "  delete EVENT               remove an event (its recorded games stay in the archive)\n"
    "\n"
    "Each change says what it did in a line. Exit status: 0 done; 1 a change refused (the\n"
    "library's reason, or a player or event that is not there: nothing was changed); 2 a\n"
    "malformed argument. A command that only reads does not create the --db file.\n"
    "\n"
    "Engines and collections:\n"
    "  run ...                    an event whose players are engines, played to the end\n"
    "                             (shashki tournament run --help)\n"
    "  from-pdn FILE... [--format F] [--players N] [--cycles K]\n"
    "                             the crosstable of a round robin rebuilt from its games\n";

/* ---- arguments: positionals and --options with values ---- */

static bool args_parse(int argc, char **argv, TourArgs *a)
{
    memset(a, 0, sizeof *a);
    a->db = "shashki-games.db";
    struct {
        const char *name;
        const char **value;
    } options[] = {
        {"--db", &a->db},         {"--stage", &a->stage},         {"--format", &a->format},
        {"--game", &a->game},     {"--game-id", &a->game_id},     {"--round", &a->round},
        {"--output", &a->output}, {"-o", &a->output},             {"--name", &a->name},
        {"--rating", &a->rating}, {"--title", &a->title},         {"--club", &a->club},
        {"--team", &a->team},     {"--federation", &a->federation}, {"--born", &a->born},
        {"--engine", &a->engine}, {"--cycles", &a->cycles},       {"--board", &a->board},
    };
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!strcmp(s, "--swap-last")) {
            a->swap_last = true;
            continue;
        }
        if (cli_notation_option(s, &a->notation))
            continue;
        if (s[0] == '-' && s[1] == '-' && s[2]) {
            bool known = false;
            for (size_t k = 0; k < sizeof options / sizeof options[0]; k++)
                if (!strcmp(s, options[k].name)) {
                    if (i + 1 >= argc) {
                        cli_error("%s needs a value", s);
                        return false;
                    }
                    *options[k].value = argv[++i];
                    known = true;
                }
            if (!known) {
                cli_error("unknown option '%s' (shashki tournament --help)", s);
                return false;
            }
            continue;
        }
        if (!strcmp(s, "-o")) {
            if (i + 1 >= argc) {
                cli_error("-o needs a file");
                return false;
            }
            a->output = argv[++i];
            continue;
        }
        if (a->npos == TOUR_MAX_POSITIONAL) {
            cli_error("too many arguments");
            return false;
        }
        a->pos[a->npos++] = s;
    }
    return true;
}

bool tour_need(const TourArgs *a, int n, const char *usage)
{
    if (a->npos < n) {
        cli_error("usage: shashki tournament %s", usage);
        return false;
    }
    return true;
}

bool tour_int(const char *text, long min, long max, const char *what, int *out)
{
    long v;
    if (!cli_parse_int(text, min, max, what, &v))
        return false;
    *out = (int)v;
    return true;
}

/* ---- TRF16 and tables, no store ---- */


/* "FILE:LINE:COLUMN: what", or "FILE: what" for what concerns the whole file (no XXR line). */
static void trf_error(const char *path, const ShError *err)
{
    if (err->line > 0)
        cli_error("%s:%d:%d: %s", path, err->line, err->column, err->message);
    else
        cli_error("%s: %s", path, err->message);
}

bool tour_read_trf(const char *path, ShTrf *trf, int *status)
{
    size_t size;
    char *text = cli_read_file(path, &size);
    if (!text) {
        cli_error("cannot read %s: %s", path, strerror(errno));
        *status = 2;
        return false;
    }
    ShError err;
    ShStatus st = sh_trf_read(text, size, trf, &err);
    free(text);
    if (st != SH_OK) {
        trf_error(path, &err);
        *status = 2;
        return false;
    }
    return true;
}

static int cmd_pair(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!tour_need(a, 2, "pair FILE.trf"))
        return 2;
    ShTrf trf;
    int status = 0;
    if (!tour_read_trf(a->pos[1], &trf, &status))
        return status;
    ShPairing p;
    ShError err;
    ShStatus st = sh_trf_pair(&trf, &p, &err);
    sh_trf_free(&trf);
    if (st == SH_ERR_NO_PAIRING) {
        cli_error("%s: no pairing exists: %s", a->pos[1], err.message);
        return 1;
    }
    if (st != SH_OK) {
        trf_error(a->pos[1], &err);
        return 2;
    }
    printf("%d\n", p.count);
    for (int i = 0; i < p.count; i++)
        printf("%d %d\n", p.pairs[i].white, p.pairs[i].black);
    sh_pairing_free(&p);
    return 0;
}

static int cmd_berger(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!tour_need(a, 2, "berger N [--cycles K] [--swap-last]"))
        return 2;
    int n, cycles = 1;
    if (!tour_int(a->pos[1], 2, 1000, "the number of players", &n) ||
        (a->cycles && !tour_int(a->cycles, 1, 10, "--cycles", &cycles)))
        return 2;
    /* an odd field plays the table of the next even number, that number being the bye */
    int even = n % 2 ? n + 1 : n;
    ShPair *pairs = malloc(sizeof(ShPair) * (size_t)(even / 2 + 1));
    if (!pairs)
        return 1;
    int rounds = sh_berger_rounds(even) * cycles;
    for (int r = 1; r <= rounds; r++) {
        int k = sh_berger_round(even, r, cycles, a->swap_last, pairs);
        for (int i = 0; i < k; i++)
            printf("%s%d-%d", i ? " " : "", pairs[i].white, pairs[i].black);
        putchar('\n');
    }
    free(pairs);
    return 0;
}

static int cmd_bracket(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    if (!tour_need(a, 2, "bracket N"))
        return 2;
    int n;
    if (!tour_int(a->pos[1], 2, SH_EVENT_MAX_PLAYERS, "the number of players", &n))
        return 2;
    int size = 1;
    while (size < n)
        size *= 2;
    int *seeds = malloc(sizeof(int) * (size_t)size);
    if (!seeds)
        return 1;
    sh_knockout_bracket(n, seeds);
    for (int i = 0; i < size; i += 2) {
        if (seeds[i + 1] > n)
            printf("%d bye\n", seeds[i]);
        else if (seeds[i] > n)
            printf("%d bye\n", seeds[i + 1]);
        else
            printf("%d-%d\n", seeds[i], seeds[i + 1]);
    }
    free(seeds);
    return 0;
}

/* The time to pair each round of a Swiss of n players (tournament_bench.c). */
static int cmd_pair_bench(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    int n = 500, rounds = 9;
    if ((a->npos > 1 && !tour_int(a->pos[1], 4, SH_EVENT_MAX_PLAYERS, "the players", &n)) ||
        (a->round && !tour_int(a->round, 1, 50, "--round", &rounds)))
        return 2;
    return tour_bench(n, rounds);
}

/* ---- the store ---- */

bool tour_store_open(const TourArgs *a, TStore **store)
{
    char err[512];
    *store = tstore_open(a->db, err, sizeof err);
    if (!*store)
        cli_error("%s", err);
    return *store != NULL;
}

bool tour_db_exists(const TourArgs *a)
{
    return access(a->db, F_OK) == 0;
}

bool tour_open(const TourArgs *a, const char *which, TourOpen *o)
{
    memset(o, 0, sizeof *o);
    if (!tour_db_exists(a)) {
        cli_error("no event '%s': there is no file %s (shashki tournament create makes one)",
                  which, a->db);
        return false;
    }
    if (!tour_store_open(a, &o->store))
        return false;
    o->id = tstore_find(o->store, which);
    if (o->id <= 0) {
        cli_error(o->id < 0 ? "'%s' names more than one event (give its id: shashki tournament "
                              "list)"
                            : "no event '%s' in %s",
                  which, cli_db_shown(a->db));
        if (o->id == 0)
            fprintf(stderr, "  (shashki tournament list --db %s shows the events)\n",
                    cli_db_shown(a->db));
        tstore_close(o->store);
        return false;
    }
    char err[512];
    if (!tstore_load(o->store, o->id, &o->event, err, sizeof err)) {
        cli_error("%s", err);
        tstore_close(o->store);
        return false;
    }
    return true;
}

int tour_begin(const TourArgs *a, int n, const char *usage, TourOpen *o)
{
    if (!tour_need(a, n, usage))
        return 2;
    return tour_open(a, a->pos[1], o) ? 0 : 1;
}

void tour_close(TourOpen *o)
{
    sh_event_free(o->event);
    tstore_close(o->store);
}

static const TourEntry FILES[] = {
    {"pair", cmd_pair}, {"berger", cmd_berger}, {"bracket", cmd_bracket},
    {"bench", cmd_pair_bench}, {NULL, NULL},
};

int cmd_tournament(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
        !strcmp(argv[1], "help")) {
        fputs(HELP, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "run"))
        return tour_run(argc - 1, argv + 1);
    if (!strcmp(sub, "from-pdn"))
        return tour_from_pdn(argc - 1, argv + 1);
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    TourArgs a;
    if (!args_parse(argc, argv, &a))
        return 2;
    /* a.pos[0] is the subcommand; the log keeps the line from it on */
    const TourEntry *const tables[] = {FILES, tour_changes, tour_views};
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        for (const TourEntry *e = tables[t]; e->name; e++)
            if (!strcmp(sub, e->name))
                return e->run(&a, argc - 1, argv + 1);
    cli_error("unknown tournament command '%s' (shashki tournament --help)", sub);
    return 2;
}
