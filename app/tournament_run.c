/*
 * tournament_run.c - shashki tournament run: an event whose players are engines, played
 * through every round.
 *
 * The event lives in the games' SQLite file like an arbiter's (store/tstore.c), its players'
 * `engine` field saying who they are (self, self:level=3, hub:COMMAND: app/player.h). A run
 * pairs the next round, plays its games, enters each result as the game ends (the game
 * itself goes to the archive first, so the result names it), prints the standings when the
 * round is complete, and goes on until the event is over; then the crosstable. Every result
 * is its own transaction, so a run stopped at any moment (Ctrl-C, a crash, --stop-after)
 * resumes where it was when started again: the games whose results are in are not played
 * again, a game cut short is played from its start.
 *
 * Concurrency: a pool of threads takes pairings, one at a time each; a pairing's games (a
 * micro-match, a knockout match and its tie-break games) are played in order by the thread
 * that took it, because each game's need depends on the ones before. The event is shared
 * under a mutex; each game opens its two players (a Hub engine is started for the game and
 * stopped after it), plays under the arbiter's rules with the clock of the event's time
 * control, or of the tie-break stage for a tie-break game (app/match.c).
 */
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "match.h"
#include "tournament.h"

static const char HELP[] =
    "usage: shashki tournament run NAME [--team T] [--engine [LABEL=]SPEC]... [KEY=VALUE...]\n"
    "                              [--tc CONTROL | --movetime S | --depth D | --nodes N]\n"
    "                              [--concurrency N] [--max-plies N] [--resign CM[/M]]\n"
    "                              [--db FILE] [--stop-after GAMES] [--quiet]\n"
    "\n"
    "Play an event of engines through every round: pair, play, enter each result as its game\n"
    "ends, the standings after each round, the crosstable at the end. The event is kept in\n"
    "the games' file (--db, default shashki-games.db) with every game's PDN linked to its\n"
    "pairing; run again with the same NAME to resume a run that was stopped.\n"
    "\n"
    "  NAME               the event: created when it does not exist (then the engines and\n"
    "                     settings are needed), resumed when it does\n"
    "  --engine SPEC      a player: self, self:level=3, self:hash=32,lmr=0, hub:COMMAND (any\n"
    "                     Hub engine: the draughts games only); LABEL= names it (default:\n"
    "                     self, self:level=3 ...)\n"
    "  --team NAME        the engines after it are of team NAME, in board order (a team\n"
    "                     event, boards=N; Scheveningen: two teams; avoid=team keeps a\n"
    "                     Swiss from pairing them)\n"
    "  KEY=VALUE          the event's settings (shashki tournament --help, docs/tournaments.md):\n"
    "                     system=swiss|round-robin|knockout|scheveningen, rounds=N, cycles=K,\n"
    "                     games=2 (micro-matches, or knockout matches), openings=ballot,\n"
    "                     time=10s+0.1s, tiebreak-time=..., variant=NAME (any game of two\n"
    "                     players: an other game's engines are self, self:level=N),\n"
    "                     variant-settings=KEY=VALUE,... (an other game's choices),\n"
    "                     stage.2.system=..., boards=N (a team event: system=round-robin,\n"
    "                     swiss or knockout over the teams, match-points=2-1-0,\n"
    "                     team-tie=armageddon|board-count|berger), team-best=K\n"
    "  --tc CONTROL       the clock when the event names no time (default 10s+0.1s)\n"
    "  --movetime S | --depth D | --nodes N\n"
    "                     instead of a clock\n"
    "  --concurrency N    games at once (default 1)\n"
    "  --max-plies N      adjudicate a draw after N plies (default 400; 0 = never)\n"
    "  --resign CM[/M]    adjudicate a game both engines see lost by CM centi-men for M moves\n"
    "  --stop-after N     stop after N games (the run resumes later)\n"
    "  --quiet            only the standings and the crosstable\n";

typedef struct Run {
    pthread_mutex_t lock;
    ShEvent *event;
    TStore *tstore;
    Store *games;
    long id;
    const char *db;
    MatchConfig base;       /* time and adjudication */
    bool event_clock;       /* the clock from the event's time control */
    int stage, round;       /* the round being played */
    int next;               /* the next pairing index to take */
    int npairings;
    int played;             /* games played in this run */
    int stop_after;
    bool failed, quiet;
    char error[512];
} Run;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

static bool stopping(Run *r)
{
    return interrupted || r->failed || (r->stop_after && r->played >= r->stop_after);
}

/* The opening of a game: its ballot, or the game's start. */
static bool opening_of(const ShEventGame *g, const ShKind *kind, MatchOpening *o, char *why,
                       size_t size)
{
    if (g->opening[0])
        return match_opening_ballot(g->opening, kind, o, why, size);
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "start");
    if (kind->family != SH_FAMILY_OTHER) { /* the game's own start, never one drawn by lot */
        ShPosition start;
        char fen[SH_FEN_SIZE];
        sh_position_start(&start, (ShVariant)kind->variant);
        sh_fen_write(&start, kind->numeric, fen);
        snprintf(o->start, sizeof o->start, "%s", fen);
    }
    return true;
}

/* The player of an event's entry in the event's game; false with the reason. */
static bool spec_of(const ShEventPlayer *p, const ShKind *kind, PlayerSpec *spec, char *why,
                    size_t size)
{
    char text[600];
    snprintf(text, sizeof text, "%s", p->engine[0] ? p->engine : "self");
    if (!player_spec_parse(text, spec, why, size) || !player_spec_check(spec, kind, why, size))
        return false;
    snprintf(spec->name, sizeof spec->name, "%.63s", p->name);
    spec->kind = kind;
    return true;
}

/* Save the event under the lock (the caller holds it). */
static bool save_locked(Run *r, const char *change)
{
    char err[512];
    if (tstore_save(r->tstore, r->id, r->event, change, err, sizeof err))
        return true;
    snprintf(r->error, sizeof r->error, "the event could not be saved: %.400s", err);
    r->failed = true;
    return false;
}

/* Store a finished game in the archive; its id (0 if it could not be stored). */
static long archive(Run *r, const ShPlay *game, const char *white, const char *black,
                    const char *control)
{
    StoredGame *row = calloc(1, sizeof *row);
    if (!row)
        return 0;
    snprintf(row->player[0].name, sizeof row->player[0].name, "%.127s", white);
    snprintf(row->player[1].name, sizeof row->player[1].name, "%.127s", black);
    row->player[0].level = row->player[1].level = 10; /* engines: no seat to take */
    snprintf(row->time_control, sizeof row->time_control, "%.127s", control);
    /* a ballot's moves are among the game's: it is stored from its start */
    long id = store_add_finished(r->games, game, row) ? row->id : 0;
    free(row);
    return id;
}

/* Play one game of pairing `index` (the lock is not held). Returns false to stop. */
static bool play(Run *r, int index, int game, int white, int black, const char *control,
                 const ShEventGame *g)
{
    const ShEventSettings *s = sh_event_settings(r->event);
    pthread_mutex_lock(&r->lock);
    const ShEventPlayer *pw = sh_event_player(r->event, white);
    const ShEventPlayer *pb = sh_event_player(r->event, black);
    ShEventPlayer w = *pw, b = *pb;
    pthread_mutex_unlock(&r->lock);
    MatchConfig cfg = r->base;
    char why[512];
    MatchOpening opening;
    cfg.kind = sh_event_kind(s);
    cfg.settings = s->game_settings;
    if (!spec_of(&w, cfg.kind, &cfg.players[0], why, sizeof why) ||
        !spec_of(&b, cfg.kind, &cfg.players[1], why, sizeof why) ||
        !opening_of(g, cfg.kind, &opening, why, sizeof why)) {
        pthread_mutex_lock(&r->lock);
        snprintf(r->error, sizeof r->error, "%s", why);
        r->failed = true;
        pthread_mutex_unlock(&r->lock);
        return false;
    }
    if (r->event_clock && control[0]) {
        ShError err;
        if (sh_timecontrol_parse(control, &cfg.time.control, &err) == SH_OK)
            cfg.time.clock = true;
    }
    Player *players[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        players[i] = player_open(&cfg.players[i], why, sizeof why);
        if (!players[i]) {
            pthread_mutex_lock(&r->lock);
            snprintf(r->error, sizeof r->error, "%.90s: %.400s", i ? b.name : w.name, why);
            r->failed = true;
            pthread_mutex_unlock(&r->lock);
            player_close(players[0]);
            return false;
        }
    }
    const char *names[2] = {w.name, b.name};
    int result;
    char reason[256];
    ShPlay *played = match_play_one(&cfg, players, &opening, 0, r->round, names, &result,
                                    reason, sizeof reason);
    player_close(players[0]);
    player_close(players[1]);
    if (!played) {
        pthread_mutex_lock(&r->lock);
        snprintf(r->error, sizeof r->error, "%s", reason);
        r->failed = true;
        pthread_mutex_unlock(&r->lock);
        return false;
    }
    char tc[SH_TIME_CONTROL_SIZE] = "";
    if (cfg.time.clock)
        sh_timecontrol_write(&cfg.time.control, tc);
    long id = archive(r, played, w.name, b.name, tc);
    int plies = sh_play_ply_count(played);
    sh_play_free(played);
    ShGameResult res = result > 0 ? SH_GAME_WHITE_WINS : result < 0 ? SH_GAME_BLACK_WINS
                                                                      : SH_GAME_DRAW;
    pthread_mutex_lock(&r->lock);
    const ShEventPairing *p;
    sh_event_pairings(r->event, r->stage, r->round, &p);
    ShError err;
    bool ok = true;
    if (sh_event_set_result(r->event, r->stage, r->round, p[index].board, game, res, id, &err) !=
        SH_OK) {
        snprintf(r->error, sizeof r->error, "round %d board %d: %.400s", r->round,
                 p[index].board, err.message);
        r->failed = true;
        ok = false;
    } else {
        char change[256];
        snprintf(change, sizeof change, "run: result %d %d %s --game %d --game-id %ld",
                 r->round, p[index].board, sh_event_result_text(res), game + 1, id);
        ok = save_locked(r, change);
        r->played++;
        if (!r->quiet)
            printf("Round %d board %d game %d: %s - %s %s {%s} [%d plies]\n", r->round,
                   p[index].board, game + 1, w.name, b.name, sh_event_result_text(res), reason,
                   plies);
        fflush(stdout);
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

/* Play what pairing `index` still needs, tie-break games included. */
static void play_pairing(Run *r, int index)
{
    for (;;) {
        pthread_mutex_lock(&r->lock);
        if (stopping(r)) {
            pthread_mutex_unlock(&r->lock);
            return;
        }
        const ShEventPairing *p;
        sh_event_pairings(r->event, r->stage, r->round, &p);
        int tiebreak;
        char control[SH_TIME_CONTROL_SIZE];
        int g = sh_event_next_game(r->event, &p[index], &tiebreak, control);
        if (g == -2) {
            int added;
            ShError err;
            bool ok = sh_event_add_tiebreak_games(r->event, r->stage, r->round, p[index].board,
                                                  &added, &err) == SH_OK;
            if (!ok) {
                snprintf(r->error, sizeof r->error, "board %d: %.400s", p[index].board, err.message);
                r->failed = true;
            } else {
                char change[128];
                snprintf(change, sizeof change, "run: tie-break games on board %d",
                         p[index].board);
                ok = save_locked(r, change);
                if (!r->quiet)
                    printf("Round %d board %d: tied, %d tie-break game%s\n", r->round,
                           p[index].board, added, added == 1 ? "" : "s");
            }
            pthread_mutex_unlock(&r->lock);
            if (!ok)
                return;
            continue;
        }
        if (g < 0) {
            pthread_mutex_unlock(&r->lock);
            return;
        }
        int white, black;
        sh_event_game_players(&p[index], g, &white, &black);
        ShEventGame game = p[index].games[g];
        pthread_mutex_unlock(&r->lock);
        if (!play(r, index, g, white, black, control, &game))
            return;
    }
}

static void *worker(void *arg)
{
    Run *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        int index = r->next < r->npairings && !stopping(r) ? r->next++ : -1;
        pthread_mutex_unlock(&r->lock);
        if (index < 0)
            return NULL;
        play_pairing(r, index);
    }
}

static bool play_round(Run *r, int concurrency)
{
    const ShEventPairing *p;
    r->npairings = sh_event_pairings(r->event, r->stage, r->round, &p);
    r->next = 0;
    pthread_t *threads = calloc((size_t)concurrency, sizeof(pthread_t));
    if (!threads)
        return false;
    int started = 0;
    for (int i = 0; i < concurrency; i++)
        if (pthread_create(&threads[i], NULL, worker, r) == 0)
            started++;
    if (!started)
        worker(r);
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    return !r->failed;
}

typedef struct Options {
    const char *name, *db;
    int nengines;
    const char *engines[256];
    const char *teams[256];  /* the --team before each engine, or NULL */
    const char *team;
    int nsettings;
    const char *settings[64];
    int concurrency;
} Options;

static bool parse(int argc, char **argv, Options *o, Run *r)
{
    memset(o, 0, sizeof *o);
    o->db = "shashki-games.db";
    o->concurrency = 1;
    MatchTime *t = &r->base.time;
    t->depth = 0;
    r->base.max_plies = 400;
    bool limit = false;
    ShError err;
    sh_timecontrol_parse("10s+0.1s", &t->control, &err);
    t->clock = true;
    r->event_clock = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        static const char *const WITH_VALUE[] = {
            "--engine", "--tc",       "--movetime", "--depth",      "--nodes", "--concurrency",
            "--db",     "--max-plies", "--resign",  "--stop-after", "--team",
        };
        bool valued = false;
        for (size_t k = 0; k < sizeof WITH_VALUE / sizeof WITH_VALUE[0]; k++)
            valued |= !strcmp(a, WITH_VALUE[k]);
        if (valued && i + 1 >= argc) {
            cli_error("%s needs a value", a);
            return false;
        }
        const char *v = valued ? argv[++i] : NULL;
        long n;
        if (!strcmp(a, "--engine")) {
            if (o->nengines == (int)(sizeof o->engines / sizeof o->engines[0])) {
                cli_error("too many engines");
                return false;
            }
            o->teams[o->nengines] = o->team;
            o->engines[o->nengines++] = v;
        } else if (!strcmp(a, "--team")) {
            o->team = v;
        } else if (!strcmp(a, "--tc")) {
            if (sh_timecontrol_parse(v, &t->control, &err) != SH_OK) {
                cli_error("--tc %s: %s", v, err.message);
                return false;
            }
            t->clock = true;
            limit = true;
        } else if (!strcmp(a, "--movetime")) {
            char *end;
            t->move_time = strtod(v, &end);
            if (*end || t->move_time <= 0) {
                cli_error("--movetime takes seconds, not '%s'", v);
                return false;
            }
            t->clock = false;
            r->event_clock = false;
            limit = true;
        } else if (!strcmp(a, "--depth")) {
            if (!cli_parse_int(v, 1, 60, "--depth", &n))
                return false;
            t->depth = (int)n;
            t->clock = false;
            r->event_clock = false;
            limit = true;
        } else if (!strcmp(a, "--nodes")) {
            if (!cli_parse_int(v, 1, 2000000000L, "--nodes", &n))
                return false;
            t->nodes = (uint64_t)n;
            t->clock = false;
            r->event_clock = false;
            limit = true;
        } else if (!strcmp(a, "--concurrency")) {
            if (!cli_parse_int(v, 1, 256, "--concurrency", &n))
                return false;
            o->concurrency = (int)n;
        } else if (!strcmp(a, "--db")) {
            o->db = v;
        } else if (!strcmp(a, "--max-plies")) {
            if (!cli_parse_int(v, 0, 100000, "--max-plies", &n))
                return false;
            r->base.max_plies = (int)n;
        } else if (!strcmp(a, "--resign")) {
            int cm = 0, moves = 3;
            if (sscanf(v, "%d/%d", &cm, &moves) < 1 || cm <= 0 || moves <= 0) {
                cli_error("--resign takes CM or CM/MOVES, not '%s'", v);
                return false;
            }
            r->base.resign_score = cm;
            r->base.resign_moves = moves;
        } else if (!strcmp(a, "--stop-after")) {
            if (!cli_parse_int(v, 1, 1000000, "--stop-after", &n))
                return false;
            r->stop_after = (int)n;
        } else if (!strcmp(a, "--quiet")) {
            r->quiet = true;
        } else if (a[0] == '-' && a[1]) {
            cli_error("unknown option '%s' (shashki tournament run --help)", a);
            return false;
        } else if (strchr(a, '=')) {
            if (o->nsettings == 64) {
                cli_error("too many settings");
                return false;
            }
            o->settings[o->nsettings++] = a;
        } else if (!o->name) {
            o->name = a;
        } else {
            cli_error("one event name, not '%s' too", a);
            return false;
        }
    }
    (void)limit;
    if (!o->name) {
        fputs(HELP, stderr);
        return false;
    }
    return true;
}

/* A new event from the command line's engines and settings. */
static bool create(Run *r, const Options *o, int argc, char **argv)
{
    if (o->nengines < 2) {
        cli_error("event '%s' is not in %s: a new one needs two --engine or more", o->name,
                  o->db);
        return false;
    }
    ShEventSettings s;
    sh_event_settings_init(&s);
    ShError err;
    if (sh_event_settings_set(&s, "name", o->name, &err) != SH_OK) {
        cli_error("%s", err.message);
        return false;
    }
    for (int i = 0; i < o->nsettings; i++) {
        const char *eq = strchr(o->settings[i], '=');
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)(eq - o->settings[i]), o->settings[i]);
        if (sh_event_settings_set(&s, key, eq + 1, &err) != SH_OK) {
            cli_error("%s", err.message);
            return false;
        }
    }
    if (!s.time_control[0] && r->event_clock)
        sh_timecontrol_write(&r->base.time.control, s.time_control);
    if (sh_event_new(&r->event, &s, &err) != SH_OK) {
        cli_error("%s", err.message);
        return false;
    }
    for (int i = 0; i < o->nengines; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        const char *spec = o->engines[i];
        const char *eq = strchr(spec, '=');
        const char *colon = strchr(spec, ':');
        /* LABEL=SPEC, unless the '=' is inside the spec's settings (self:level=3) */
        if (eq && (!colon || eq < colon)) {
            snprintf(p.name, sizeof p.name, "%.*s", (int)(eq - spec), spec);
            spec = eq + 1;
        } else {
            snprintf(p.name, sizeof p.name, "%.95s", spec);
        }
        snprintf(p.engine, sizeof p.engine, "%s", spec);
        if (o->teams[i])
            snprintf(p.team, sizeof p.team, "%.95s", o->teams[i]);
        PlayerSpec check;
        char why[256];
        if (!player_spec_parse(spec, &check, why, sizeof why) ||
            !player_spec_check(&check, sh_event_kind(&s), why, sizeof why)) {
            cli_error("--engine %s: %s", o->engines[i], why);
            return false;
        }
        if (sh_event_add_player(r->event, &p, NULL, &err) != SH_OK) {
            cli_error("--engine %s: %s", o->engines[i], err.message);
            return false;
        }
    }
    char change[1024] = "run", msg[512];
    size_t len = strlen(change);
    for (int i = 1; i < argc && len + 2 < sizeof change; i++)
        len += (size_t)snprintf(change + len, sizeof change - len, " %s", argv[i]);
    if (!tstore_create(r->tstore, r->event, change, &r->id, msg, sizeof msg)) {
        cli_error("not saved: %s", msg);
        return false;
    }
    printf("Event %ld: %s, %d engines, %s\n", r->id, s.name, o->nengines,
           sh_system_name(s.stages[0].system));
    return true;
}

int tour_run(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        fputs(HELP, stdout);
        return 0;
    }
    Run r;
    memset(&r, 0, sizeof r);
    Options o;
    if (!parse(argc, argv, &o, &r))
        return 2;
    char msg[512];
    r.db = o.db;
    r.tstore = tstore_open(o.db, msg, sizeof msg);
    r.games = r.tstore ? store_open(o.db, msg, sizeof msg) : NULL;
    if (!r.tstore || !r.games) {
        cli_error("%s", msg);
        tstore_close(r.tstore);
        return 1;
    }
    int status = 0;
    r.id = tstore_find(r.tstore, o.name);
    if (r.id > 0) {
        if (!tstore_load(r.tstore, r.id, &r.event, msg, sizeof msg)) {
            cli_error("%s", msg);
            status = 1;
        } else {
            printf("Event %ld: %s, resumed (%d players)\n", r.id, sh_event_settings(r.event)->name,
                   sh_event_player_count(r.event));
            if (o.nengines || o.nsettings)
                printf("(the event exists: its own players and settings are kept)\n");
        }
    } else if (!create(&r, &o, argc, argv)) {
        status = 2;
    }
    if (status) {
        sh_event_free(r.event);
        store_close(r.games);
        tstore_close(r.tstore);
        return status;
    }
    for (int id = 1; id <= sh_event_player_count(r.event) && !status; id++) {
        PlayerSpec spec;
        char why[256];
        if (!spec_of(sh_event_player(r.event, id), sh_event_kind(sh_event_settings(r.event)),
                     &spec, why, sizeof why)) {
            cli_error("player %d: %s", id, why);
            status = 2;
        }
    }
    pthread_mutex_init(&r.lock, NULL);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    while (!status && !sh_event_finished(r.event) && !stopping(&r)) {
        int stage = sh_event_current_stage(r.event);
        int round = stage ? sh_event_rounds_paired(r.event, stage) : 0;
        if (!stage || !round || sh_event_round_complete(r.event, stage, round)) {
            ShError err;
            if (sh_event_pair_next(r.event, &stage, &round, &err) != SH_OK) {
                cli_error("round %d cannot be paired: %s", round + 1, err.message);
                status = 1;
                break;
            }
            pthread_mutex_lock(&r.lock);
            char change[64];
            snprintf(change, sizeof change, "run: next (stage %d round %d)", stage, round);
            bool saved = save_locked(&r, change);
            pthread_mutex_unlock(&r.lock);
            if (!saved)
                break;
            if (!r.quiet) {
                printf("\n");
                tour_print_pairings(stdout, r.event, stage, round);
            }
        }
        r.stage = stage;
        r.round = round;
        if (!play_round(&r, o.concurrency))
            break;
        if (sh_event_round_complete(r.event, stage, round)) {
            printf("\n");
            if (sh_event_settings(r.event)->boards) { /* a team event: its matches, teams */
                tour_print_team_matches(stdout, r.event, stage, round);
                printf("\n");
                tour_print_team_standings(stdout, r.event, TOUR_TEXT);
            } else {
                tour_print_standings(stdout, r.event, stage, TOUR_TEXT);
            }
            fflush(stdout);
        }
    }
    if (r.failed) {
        cli_error("%s", r.error);
        status = 1;
    } else if (!status && sh_event_finished(r.event)) {
        printf("\nFinal standings\n\n");
        if (sh_event_settings(r.event)->boards) {
            tour_print_team_standings(stdout, r.event, TOUR_TEXT);
            tour_print_board_prizes(stdout, r.event, TOUR_TEXT);
        } else {
            tour_print_standings(stdout, r.event, 0, TOUR_TEXT);
            if (sh_event_settings(r.event)->team_best)
                tour_print_team_standings(stdout, r.event, TOUR_TEXT);
            tour_print_crosstable(stdout, r.event, 0, TOUR_TEXT);
        }
    } else if (!status) {
        printf("\nStopped after %d game%s; 'shashki tournament run %s%s%s' resumes.\n", r.played,
               r.played == 1 ? "" : "s", o.name, strcmp(o.db, "shashki-games.db") ? " --db " : "",
               strcmp(o.db, "shashki-games.db") ? cli_db_shown(o.db) : "");
        status = interrupted ? 130 : 0;
    }
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    pthread_mutex_destroy(&r.lock);
    sh_event_free(r.event);
    store_close(r.games);
    tstore_close(r.tstore);
    return status;
}
