/* cmd_tournament.c - shashki tournament: an arbiter's events kept in the games' SQLite file,
 * the Dutch pairing of a TRF16 file, Berger tables. Engine events are tournament_run.c,
 * from-pdn tournament_pdn.c. Each change is one transaction (store/tstore.c); a change the
 * library refuses is reported and nothing is saved. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

static const char HELP[] =
    "usage: shashki tournament COMMAND [ARGS...] [--db FILE]\n"
    "\n"
    "Competitions: round robin, Swiss (FIDE Dutch), knockout, Scheveningen, stages of them,\n"
    "points series, micro-matches; team events (boards=N) and individual-team ones\n"
    "(team-best=K). Events live in the games' SQLite file (--db, default shashki-games.db,\n"
    "the web app's), one transaction per change; standings are derived.\n"
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
    "                             clear; several for a match's games, or --game N for one\n"
    "  standings EVENT [--stage S] [--format text|csv|html]\n"
    "                             (a team event: the team standings; an individual-team\n"
    "                             event: the players', then the team standing)\n"
    "  teams EVENT [--format F]   the team standings\n"
    "  boards EVENT [--format F]  the board prizes of a team event\n"
    "  crosstable EVENT [--stage S] [--format text|csv|html]\n"
    "  export EVENT trf|pdn|event [--stage S] [--output FILE]\n"
    "                             TRF16 (Swiss-Manager, Vega, JaVaFo, bbpPairings), the PDN of\n"
    "                             every recorded game, or the event's own text\n"
    "  import FILE.trf [--name NAME]                 an event of one Swiss stage from TRF16\n"
    "  log EVENT                  every change entered, with its time\n"
    "  delete EVENT               remove an event (its recorded games stay in the archive)\n"
    "\n"
    "Engines and collections:\n"
    "  run ...                    an event whose players are engines, played to the end\n"
    "                             (shashki tournament run --help)\n"
    "  from-pdn FILE... [--format F] [--players N] [--cycles K]\n"
    "                             the crosstable of a round robin rebuilt from its games\n";

/* ---- arguments: positionals and --options with values ---- */

#define MAX_POSITIONAL 64

typedef struct Args {
    int npos;
    const char *pos[MAX_POSITIONAL];
    const char *db, *stage, *format, *game, *game_id, *round, *output, *name;
    const char *rating, *title, *club, *team, *federation, *born, *engine, *cycles, *board;
    bool swap_last;
} Args;

static bool args_parse(int argc, char **argv, Args *a)
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
        if (a->npos == MAX_POSITIONAL) {
            cli_error("too many arguments");
            return false;
        }
        a->pos[a->npos++] = s;
    }
    return true;
}

static bool need(const Args *a, int n, const char *usage)
{
    if (a->npos < n) {
        cli_error("usage: shashki tournament %s", usage);
        return false;
    }
    return true;
}

static bool int_option(const char *text, long min, long max, const char *what, int *out)
{
    long v;
    if (!cli_parse_int(text, min, max, what, &v))
        return false;
    *out = (int)v;
    return true;
}

/* ---- TRF16 and tables, no store ---- */


static bool read_trf(const char *path, ShTrf *trf, int *status)
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
        cli_error("%s:%d:%d: %s", path, err.line, err.column, err.message);
        *status = 2;
        return false;
    }
    return true;
}

static int cmd_pair(const Args *a)
{
    if (!need(a, 2, "pair FILE.trf"))
        return 2;
    ShTrf trf;
    int status = 0;
    if (!read_trf(a->pos[1], &trf, &status))
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
        cli_error("%s:%d:%d: %s", a->pos[1], err.line, err.column, err.message);
        return 2;
    }
    printf("%d\n", p.count);
    for (int i = 0; i < p.count; i++)
        printf("%d %d\n", p.pairs[i].white, p.pairs[i].black);
    sh_pairing_free(&p);
    return 0;
}

static int cmd_berger(const Args *a)
{
    if (!need(a, 2, "berger N [--cycles K] [--swap-last]"))
        return 2;
    int n, cycles = 1;
    if (!int_option(a->pos[1], 2, 1000, "the number of players", &n) ||
        (a->cycles && !int_option(a->cycles, 1, 10, "--cycles", &cycles)))
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

static int cmd_bracket(const Args *a)
{
    if (!need(a, 2, "bracket N"))
        return 2;
    int n;
    if (!int_option(a->pos[1], 2, SH_EVENT_MAX_PLAYERS, "the number of players", &n))
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
static int cmd_pair_bench(const Args *a)
{
    int n = 500, rounds = 9;
    if ((a->npos > 1 && !int_option(a->pos[1], 4, SH_EVENT_MAX_PLAYERS, "the players", &n)) ||
        (a->round && !int_option(a->round, 1, 50, "--round", &rounds)))
        return 2;
    return tour_bench(n, rounds);
}

/* ---- the store ---- */

typedef struct Open {
    TStore *store;
    long id;
    ShEvent *event;
} Open;

static bool store_open_cli(const Args *a, TStore **store)
{
    char err[512];
    *store = tstore_open(a->db, err, sizeof err);
    if (!*store)
        cli_error("%s", err);
    return *store != NULL;
}

static bool open_event(const Args *a, const char *which, Open *o)
{
    memset(o, 0, sizeof *o);
    if (!store_open_cli(a, &o->store))
        return false;
    o->id = tstore_find(o->store, which);
    if (o->id <= 0) {
        cli_error(o->id < 0 ? "'%s' names more than one event (give its id: shashki tournament "
                              "list)"
                            : "no event '%s' in %s",
                  which, a->db);
        if (o->id == 0)
            fprintf(stderr, "  (shashki tournament list --db %s shows the events)\n", a->db);
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

static void close_event(Open *o)
{
    sh_event_free(o->event);
    tstore_close(o->store);
}

/* The change as the log keeps it: the command line after "tournament". */
static void change_text(int argc, char **argv, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < argc && n + 1 < size; i++) {
        if (!strcmp(argv[i], "--db")) {
            i++;
            continue;
        }
        bool quote = strpbrk(argv[i], " \t'\"") != NULL;
        n += (size_t)snprintf(out + n, size - n, "%s%s%s%s", n ? " " : "", quote ? "'" : "",
                              argv[i], quote ? "'" : "");
    }
}

static int save(Open *o, int argc, char **argv)
{
    char change[1024], err[512];
    change_text(argc, argv, change, sizeof change);
    if (!tstore_save(o->store, o->id, o->event, change, err, sizeof err)) {
        cli_error("not saved: %s", err);
        return 1;
    }
    return 0;
}

static int refused(const ShError *err)
{
    cli_error("%s (nothing was changed)", err->message);
    return 1;
}

static bool apply_settings(ShEventSettings *s, const Args *a, int from, ShError *err)
{
    for (int i = from; i < a->npos; i++) {
        const char *eq = strchr(a->pos[i], '=');
        if (!eq) {
            snprintf(err->message, sizeof err->message, "'%s' is not KEY=VALUE", a->pos[i]);
            return false;
        }
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)(eq - a->pos[i]), a->pos[i]);
        if (sh_event_settings_set(s, key, eq + 1, err) != SH_OK)
            return false;
    }
    return true;
}

static int cmd_create(const Args *a, int argc, char **argv)
{
    if (!need(a, 2, "create NAME [KEY=VALUE...]"))
        return 2;
    ShEventSettings s;
    sh_event_settings_init(&s);
    ShError err;
    if (sh_event_settings_set(&s, "name", a->pos[1], &err) != SH_OK || !apply_settings(&s, a, 2, &err)) {
        cli_error("%s", err.message);
        return 2;
    }
    ShEvent *e;
    if (sh_event_new(&e, &s, &err) != SH_OK) {
        cli_error("%s", err.message);
        return 2;
    }
    TStore *store;
    if (!store_open_cli(a, &store)) {
        sh_event_free(e);
        return 1;
    }
    long existing = tstore_find(store, a->pos[1]);
    ShEvent *other = NULL;
    char msg0[256];
    if (existing > 0 && tstore_load(store, existing, &other, msg0, sizeof msg0) &&
        !strcmp(sh_event_settings(other)->name, a->pos[1])) {
        cli_error("there is an event '%s' already (event %ld): nothing was created", a->pos[1],
                  existing);
        sh_event_free(other);
        sh_event_free(e);
        tstore_close(store);
        return 1;
    }
    sh_event_free(other);
    char change[1024], msg[512];
    change_text(argc, argv, change, sizeof change);
    long id;
    bool ok = tstore_create(store, e, change, &id, msg, sizeof msg);
    if (ok)
        printf("event %ld: %s (%s)\n", id, s.name, sh_system_name(s.stages[0].system));
    else
        cli_error("not saved: %s", msg);
    sh_event_free(e);
    tstore_close(store);
    return ok ? 0 : 1;
}

static int cmd_list(const Args *a)
{
    TStore *store;
    if (!store_open_cli(a, &store))
        return 1;
    TStoredEvent rows[256];
    int n = tstore_list(store, rows, 256);
    for (int i = 0; i < n; i++) {
        ShEvent *e;
        char err[256];
        if (!tstore_load(store, rows[i].id, &e, err, sizeof err)) {
            printf("%4ld  %-30s  (%s)\n", rows[i].id, rows[i].name, err);
            continue;
        }
        int stage = sh_event_current_stage(e);
        printf("%4ld  %-30s  %3d players  %s\n", rows[i].id, rows[i].name,
               sh_event_player_count(e),
               sh_event_finished(e) ? "finished"
               : stage ? "playing"
                       : "not begun");
        sh_event_free(e);
    }
    if (!n)
        printf("no events in %s\n", a->db);
    tstore_close(store);
    return 0;
}

static int cmd_show(const Args *a)
{
    if (!need(a, 2, "show EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    char *text;
    ShError err;
    if (sh_event_settings_write(sh_event_settings(o.event), &text, &err) == SH_OK) {
        fputs(text, stdout);
        free(text);
    }
    printf("players = %d\n", sh_event_player_count(o.event));
    for (int s = 1; s <= sh_event_stage_count(o.event); s++)
        printf("stage %d: %d of %d rounds paired%s\n", s, sh_event_rounds_paired(o.event, s),
               sh_event_rounds_total(o.event, s),
               sh_event_rounds_paired(o.event, s) &&
                       sh_event_round_complete(o.event, s, sh_event_rounds_paired(o.event, s))
                   ? ""
                   : sh_event_rounds_paired(o.event, s) ? " (results missing)" : "");
    if (sh_event_finished(o.event))
        printf("finished\n");
    close_event(&o);
    return 0;
}

static int cmd_set(const Args *a, int argc, char **argv)
{
    if (!need(a, 3, "set EVENT KEY=VALUE..."))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    ShError err;
    int status = 0;
    for (int i = 2; i < a->npos && !status; i++) {
        const char *eq = strchr(a->pos[i], '=');
        char key[64];
        if (!eq) {
            cli_error("'%s' is not KEY=VALUE (nothing was changed)", a->pos[i]);
            status = 2;
            break;
        }
        snprintf(key, sizeof key, "%.*s", (int)(eq - a->pos[i]), a->pos[i]);
        if (sh_event_set(o.event, key, eq + 1, &err) != SH_OK)
            status = refused(&err);
    }
    if (!status)
        status = save(&o, argc, argv);
    close_event(&o);
    return status;
}

static int cmd_add(const Args *a, int argc, char **argv)
{
    if (!need(a, 3, "add EVENT NAME [--rating R] [--club C] ..."))
        return 2;
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    if (strlen(a->pos[2]) >= sizeof p.name) {
        cli_error("the name is too long (%zu bytes at most)", sizeof p.name - 1);
        return 2;
    }
    snprintf(p.name, sizeof p.name, "%s", a->pos[2]);
    if ((a->rating && !int_option(a->rating, 0, 4000, "--rating", &p.rating)) ||
        (a->born && !int_option(a->born, 1850, 2200, "--born", &p.birth_year)) ||
        (a->board && !int_option(a->board, 1, SH_TEAM_MAX_MEMBERS, "--board", &p.board)))
        return 2;
    snprintf(p.title, sizeof p.title, "%s", a->title ? a->title : "");
    snprintf(p.club, sizeof p.club, "%s", a->club ? a->club : "");
    snprintf(p.team, sizeof p.team, "%s", a->team ? a->team : "");
    snprintf(p.federation, sizeof p.federation, "%s", a->federation ? a->federation : "");
    snprintf(p.engine, sizeof p.engine, "%s", a->engine ? a->engine : "");
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    ShError err;
    int id, status;
    if (sh_event_add_player(o.event, &p, &id, &err) != SH_OK) {
        status = refused(&err);
    } else {
        status = save(&o, argc, argv);
        if (!status)
            printf("player %d: %s\n", id, p.name);
    }
    close_event(&o);
    return status;
}

static bool find_player(const ShEvent *e, const char *text, int *id)
{
    *id = sh_event_find_player(e, text);
    if (*id <= 0) {
        cli_error("no player '%s' in the event (shashki tournament players EVENT)", text);
        return false;
    }
    return true;
}

static int event_year(const ShEvent *e)
{
    const char *date = sh_event_settings(e)->date;
    return date[0] ? atoi(date) : 0;
}

static int cmd_players(const Args *a)
{
    if (!need(a, 2, "players EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int year = event_year(o.event);
    printf("%4s  %-28s %6s %-5s %-20s %-4s %5s %-15s %s\n", "No", "Name", "Rating", "Title",
           "Club/team", "Fed", "Born", "Category", "State");
    for (int id = 1; id <= sh_event_player_count(o.event); id++) {
        const ShEventPlayer *p = sh_event_player(o.event, id);
        char state[64] = "";
        if (p->withdrawn)
            snprintf(state, sizeof state, "withdrawn from round %d", p->withdrawn);
        else if (p->entered > 1)
            snprintf(state, sizeof state, "entered in round %d", p->entered);
        const char *cat = p->birth_year && year
                              ? sh_age_category_name(sh_age_category(year - p->birth_year))
                              : "";
        printf("%4d  %-28.28s %6d %-5s %-20.20s %-4s %5d %-15s %s%s%s\n", p->id, p->name,
               p->rating, p->title, p->club[0] ? p->club : p->team, p->federation,
               p->birth_year, cat, state, p->engine[0] ? " engine " : "", p->engine);
    }
    close_event(&o);
    return 0;
}

static int cmd_withdraw(const Args *a, int argc, char **argv)
{
    if (!need(a, 3, "withdraw EVENT PLAYER [--round R]"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int id, round = 0, status = 2;
    ShError err;
    if (find_player(o.event, a->pos[2], &id) &&
        (!a->round || int_option(a->round, 1, 100000, "--round", &round))) {
        if (sh_event_withdraw(o.event, id, round, &err) != SH_OK)
            status = refused(&err);
        else
            status = save(&o, argc, argv);
    }
    close_event(&o);
    return status;
}

static int cmd_bye(const Args *a, int argc, char **argv)
{
    if (!need(a, 4, "bye EVENT PLAYER ROUND [half|full|absent|none]"))
        return 2;
    const char *kind = a->npos > 4 ? a->pos[4] : "half";
    ShPairingType type = !strcmp(kind, "half")     ? SH_PAIRING_HALF_BYE
                         : !strcmp(kind, "full")   ? SH_PAIRING_FULL_BYE
                         : !strcmp(kind, "absent") ? SH_PAIRING_ABSENT
                         : !strcmp(kind, "none")   ? SH_PAIRING_GAME
                                                   : (ShPairingType)-1;
    if ((int)type < 0) {
        cli_error("a bye is half, full, absent or none, not '%s'", kind);
        return 2;
    }
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int id, round, status = 2;
    ShError err;
    if (find_player(o.event, a->pos[2], &id) &&
        int_option(a->pos[3], 1, 100000, "the round", &round)) {
        if (sh_event_request_bye(o.event, id, round, type, &err) != SH_OK)
            status = refused(&err);
        else
            status = save(&o, argc, argv);
    }
    close_event(&o);
    return status;
}

static int cmd_next(const Args *a, int argc, char **argv)
{
    if (!need(a, 2, "next EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int stage, round, status;
    ShError err;
    ShStatus st = sh_event_pair_next(o.event, &stage, &round, &err);
    if (st != SH_OK) {
        status = refused(&err);
    } else {
        status = save(&o, argc, argv);
        if (!status && sh_event_settings(o.event)->boards)
            tour_print_team_matches(stdout, o.event, stage, round);
        if (!status)
            tour_print_pairings(stdout, o.event, stage, round);
    }
    close_event(&o);
    return status;
}

static int cmd_unpair(const Args *a, int argc, char **argv)
{
    if (!need(a, 2, "unpair EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    ShError err;
    int status = sh_event_unpair_last(o.event, &err) != SH_OK ? refused(&err) : save(&o, argc, argv);
    close_event(&o);
    return status;
}

/* The stage and round to show: --stage, ROUND, or the last paired. */
static bool which_round(const Args *a, const ShEvent *e, int round_arg, int *stage, int *round)
{
    *stage = sh_event_current_stage(e);
    if (a->stage && !int_option(a->stage, 1, sh_event_stage_count(e), "--stage", stage))
        return false;
    if (*stage == 0) {
        cli_error("no round has been paired yet (shashki tournament next EVENT)");
        return false;
    }
    int paired = sh_event_rounds_paired(e, *stage);
    *round = paired;
    if (round_arg < a->npos &&
        !int_option(a->pos[round_arg], 1, paired > 0 ? paired : 1, "the round", round))
        return false;
    if (*round < 1) {
        cli_error("stage %d has no round paired", *stage);
        return false;
    }
    return true;
}

static int cmd_pairings(const Args *a)
{
    if (!need(a, 2, "pairings EVENT [ROUND] [--stage S]"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int stage, round;
    int status = 1;
    if (which_round(a, o.event, 2, &stage, &round)) {
        tour_print_pairings(stdout, o.event, stage, round);
        status = 0;
    }
    close_event(&o);
    return status;
}

static int cmd_result(const Args *a, int argc, char **argv)
{
    if (!need(a, 5, "result EVENT ROUND BOARD RESULT... [--stage S] [--game N]"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int stage = sh_event_current_stage(o.event), round, board, game = 1;
    long game_id = 0;
    ShError err;
    int status = 2;
    if ((a->stage && !int_option(a->stage, 1, sh_event_stage_count(o.event), "--stage", &stage)) ||
        !int_option(a->pos[2], 1, 100000, "the round", &round) ||
        !int_option(a->pos[3], 1, SH_EVENT_MAX_PLAYERS, "the board", &board) ||
        (a->game && !int_option(a->game, 1, SH_EVENT_MAX_GAMES, "--game", &game)) ||
        (a->game_id && !cli_parse_int(a->game_id, 0, 0x7fffffffL, "--game-id", &game_id)))
        goto done;
    if (stage == 0) {
        cli_error("no round has been paired yet: there is no result to enter");
        status = 1;
        goto done;
    }
    status = 0;
    for (int i = 4; i < a->npos && !status; i++) {
        ShGameResult r;
        if (!sh_event_result_parse(a->pos[i], &r)) {
            cli_error("'%s' is not a result (1-0, 1/2-1/2, 0-1, +-, -+, --, *): nothing was "
                      "changed",
                      a->pos[i]);
            status = 2;
            break;
        }
        if (sh_event_set_result(o.event, stage, round, board, game - 1 + (i - 4), r, game_id,
                                &err) != SH_OK)
            status = refused(&err);
    }
    if (status)
        goto done;
    /* a knockout match tied after its games goes on to its tie-break games */
    const ShEventPairing *p;
    int np = sh_event_pairings(o.event, stage, round, &p);
    for (int i = 0; i < np; i++)
        if (p[i].board == board && sh_event_next_game(o.event, &p[i], NULL, NULL) == -2) {
            int added;
            if (sh_event_add_tiebreak_games(o.event, stage, round, board, &added, &err) == SH_OK) {
                char control[SH_TIME_CONTROL_SIZE];
                int tb;
                sh_event_pairings(o.event, stage, round, &p);
                int next = sh_event_next_game(o.event, &p[i], &tb, control);
                printf("board %d is tied: %d tie-break game%s added (games %d-%d, %s)\n", board,
                       added, added == 1 ? "" : "s", next + 1, next + added,
                       control[0] ? control : "the event's control");
            } else {
                printf("board %d is tied: %s\n", board, err.message);
            }
            break;
        }
    status = save(&o, argc, argv);
    if (!status && sh_event_round_complete(o.event, stage, round))
        printf("round %d is complete\n", round);
done:
    close_event(&o);
    return status;
}

static bool stage_option(const Args *a, const ShEvent *e, int *stage)
{
    *stage = 0;
    return !a->stage || int_option(a->stage, 0, sh_event_stage_count(e), "--stage", stage);
}

static FILE *output_file(const Args *a)
{
    if (!a->output || !strcmp(a->output, "-"))
        return stdout;
    FILE *f = fopen(a->output, "w");
    if (!f)
        cli_error("cannot write %s: %s", a->output, strerror(errno));
    return f;
}

static int finish_output(const Args *a, FILE *f, int status)
{
    if (f != stdout && fclose(f) != 0 && !status) {
        cli_error("cannot write %s", a->output);
        return 1;
    }
    return status;
}

static int cmd_table(const Args *a, bool crosstable)
{
    if (!need(a, 2, crosstable ? "crosstable EVENT [--stage S] [--format text|csv|html]"
                               : "standings EVENT [--stage S] [--format text|csv|html]"))
        return 2;
    TourFormat f = TOUR_TEXT;
    if (a->format && !tour_format_parse(a->format, &f)) {
        cli_error("a format is text, csv or html, not '%s'", a->format);
        return 2;
    }
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int stage, status = 2;
    FILE *out = NULL;
    if (stage_option(a, o.event, &stage) && (out = output_file(a))) {
        const ShEventSettings *s = sh_event_settings(o.event);
        bool ok = crosstable      ? tour_print_crosstable(out, o.event, stage, f)
                  : s->boards     ? tour_print_team_standings(out, o.event, f)
                                  : tour_print_standings(out, o.event, stage, f);
        if (ok && !crosstable && !s->boards && s->team_best && f == TOUR_TEXT)
            ok = tour_print_team_standings(out, o.event, f);
        status = finish_output(a, out, ok ? 0 : 1);
    }
    close_event(&o);
    return status;
}

static int cmd_export(const Args *a)
{
    if (!need(a, 3, "export EVENT trf|pdn|event [--stage S] [--output FILE]"))
        return 2;
    const char *what = a->pos[2];
    if (strcmp(what, "trf") && strcmp(what, "pdn") && strcmp(what, "event")) {
        cli_error("export writes trf, pdn or event, not '%s'", what);
        return 2;
    }
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    int stage, status = 1;
    FILE *out = NULL;
    if (!stage_option(a, o.event, &stage) || !(out = output_file(a))) {
        close_event(&o);
        return 2;
    }
    ShError err;
    char *text = NULL;
    if (!strcmp(what, "trf")) {
        ShTrf trf;
        if (sh_event_to_trf(o.event, stage, &trf, &err) == SH_OK &&
            sh_trf_write(&trf, &text, NULL, &err) == SH_OK) {
            fputs(text, out);
            status = 0;
        } else {
            cli_error("%s", err.message);
        }
        sh_trf_free(&trf);
    } else if (!strcmp(what, "event")) {
        if (sh_event_write(o.event, &text, &err) == SH_OK) {
            fputs(text, out);
            status = 0;
        } else {
            cli_error("%s", err.message);
        }
    } else {
        char msg[512];
        Store *games = store_open(a->db, msg, sizeof msg);
        if (!games) {
            cli_error("%s", msg);
        } else {
            int n = tour_write_pdn(out, games, o.event);
            status = n < 0;
            if (n >= 0)
                fprintf(stderr, "%d game%s\n", n, n == 1 ? "" : "s");
            store_close(games);
        }
    }
    free(text);
    status = finish_output(a, out, status);
    close_event(&o);
    return status;
}

static int cmd_import(const Args *a, int argc, char **argv)
{
    if (!need(a, 2, "import FILE.trf [--name NAME]"))
        return 2;
    ShTrf trf;
    int status = 0;
    if (!read_trf(a->pos[1], &trf, &status))
        return status;
    ShEvent *e;
    ShError err;
    ShStatus st = sh_event_from_trf(&trf, &e, &err);
    sh_trf_free(&trf);
    if (st != SH_OK) {
        cli_error("%s: %s", a->pos[1], err.message);
        return 2;
    }
    if (a->name && sh_event_set(e, "name", a->name, &err) != SH_OK) {
        cli_error("%s", err.message);
        sh_event_free(e);
        return 2;
    }
    TStore *store;
    if (!store_open_cli(a, &store)) {
        sh_event_free(e);
        return 1;
    }
    char change[1024], msg[512];
    change_text(argc, argv, change, sizeof change);
    long id;
    bool ok = tstore_create(store, e, change, &id, msg, sizeof msg);
    if (ok)
        printf("event %ld: %s, %d players, %d rounds played of %d\n", id,
               sh_event_settings(e)->name, sh_event_player_count(e),
               sh_event_rounds_paired(e, 1), sh_event_rounds_total(e, 1));
    else
        cli_error("not saved: %s", msg);
    sh_event_free(e);
    tstore_close(store);
    return ok ? 0 : 1;
}

static void print_change(void *ctx, const char *time, const char *change)
{
    (void)ctx;
    printf("%s  %s\n", time, change);
}

static int cmd_log(const Args *a)
{
    if (!need(a, 2, "log EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    tstore_changes(o.store, o.id, print_change, NULL);
    close_event(&o);
    return 0;
}

static int cmd_delete(const Args *a)
{
    if (!need(a, 2, "delete EVENT"))
        return 2;
    Open o;
    if (!open_event(a, a->pos[1], &o))
        return 1;
    bool ok = tstore_delete(o.store, o.id);
    if (ok)
        printf("event %ld deleted\n", o.id);
    close_event(&o);
    return ok ? 0 : 1;
}

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
    Args a;
    if (!args_parse(argc, argv, &a))
        return 2;
    /* a.pos[0] is the subcommand */
    int n = argc - 1;
    char **v = argv + 1;
    if (!strcmp(sub, "pair"))
        return cmd_pair(&a);
    if (!strcmp(sub, "berger"))
        return cmd_berger(&a);
    if (!strcmp(sub, "bracket"))
        return cmd_bracket(&a);
    if (!strcmp(sub, "bench"))
        return cmd_pair_bench(&a);
    if (!strcmp(sub, "create"))
        return cmd_create(&a, n, v);
    if (!strcmp(sub, "list"))
        return cmd_list(&a);
    if (!strcmp(sub, "show"))
        return cmd_show(&a);
    if (!strcmp(sub, "set"))
        return cmd_set(&a, n, v);
    if (!strcmp(sub, "add"))
        return cmd_add(&a, n, v);
    if (!strcmp(sub, "players"))
        return cmd_players(&a);
    if (!strcmp(sub, "withdraw"))
        return cmd_withdraw(&a, n, v);
    if (!strcmp(sub, "bye"))
        return cmd_bye(&a, n, v);
    if (!strcmp(sub, "next"))
        return cmd_next(&a, n, v);
    if (!strcmp(sub, "unpair"))
        return cmd_unpair(&a, n, v);
    if (!strcmp(sub, "pairings"))
        return cmd_pairings(&a);
    if (!strcmp(sub, "result"))
        return cmd_result(&a, n, v);
    if (!strcmp(sub, "standings"))
        return cmd_table(&a, false);
    if (!strcmp(sub, "crosstable"))
        return cmd_table(&a, true);
    if (!strcmp(sub, "teams") || !strcmp(sub, "boards"))
        return tour_team_command(sub, a.pos[1], a.db, a.format, a.npos);
    if (!strcmp(sub, "export"))
        return cmd_export(&a);
    if (!strcmp(sub, "import"))
        return cmd_import(&a, n, v);
    if (!strcmp(sub, "log"))
        return cmd_log(&a);
    if (!strcmp(sub, "delete"))
        return cmd_delete(&a);
    cli_error("unknown tournament command '%s' (shashki tournament --help)", sub);
    return 2;
}
