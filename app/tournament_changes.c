/* tournament_changes.c - shashki tournament's changes to an event: create, set, add,
 * withdraw, bye, next, unpair, result, import, delete. Each is checked by the library in full,
 * saved in one transaction with the command line the log keeps, and said in a line; a change
 * the library refuses (or one that names a player the event does not have) exits 1 with
 * "nothing was changed", a malformed argument 2 (docs/tournaments.md). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

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

static int save(TourOpen *o, int argc, char **argv)
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

static bool find_player(const ShEvent *e, const char *text, int *id)
{
    *id = sh_event_find_player(e, text);
    if (*id <= 0) {
        cli_error("no player '%s' in the event (shashki tournament players EVENT): nothing was "
                  "changed",
                  text);
        return false;
    }
    return true;
}

static bool apply_settings(ShEventSettings *s, const TourArgs *a, int from, ShError *err)
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

static int cmd_create(const TourArgs *a, int argc, char **argv)
{
    if (!tour_need(a, 2, "create NAME [KEY=VALUE...]"))
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
    if (!tour_store_open(a, &store)) {
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

static int cmd_set(const TourArgs *a, int argc, char **argv)
{
    TourOpen o;
    int begun = tour_begin(a, 3, "set EVENT KEY=VALUE...", &o);
    if (begun)
        return begun;
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
    if (!status) {
        printf("%s: set", sh_event_settings(o.event)->name);
        for (int i = 2; i < a->npos; i++)
            printf(" %s", a->pos[i]);
        printf("\n");
    }
    tour_close(&o);
    return status;
}

static int cmd_add(const TourArgs *a, int argc, char **argv)
{
    if (!tour_need(a, 3, "add EVENT NAME [--rating R] [--club C] ..."))
        return 2;
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    if (strlen(a->pos[2]) >= sizeof p.name) {
        cli_error("the name is too long (%zu bytes at most)", sizeof p.name - 1);
        return 2;
    }
    snprintf(p.name, sizeof p.name, "%s", a->pos[2]);
    if ((a->rating && !tour_int(a->rating, 0, 4000, "--rating", &p.rating)) ||
        (a->born && !tour_int(a->born, 1850, 2200, "--born", &p.birth_year)) ||
        (a->board && !tour_int(a->board, 1, SH_TEAM_MAX_MEMBERS, "--board", &p.board)))
        return 2;
    snprintf(p.title, sizeof p.title, "%s", a->title ? a->title : "");
    snprintf(p.club, sizeof p.club, "%s", a->club ? a->club : "");
    snprintf(p.team, sizeof p.team, "%s", a->team ? a->team : "");
    snprintf(p.federation, sizeof p.federation, "%s", a->federation ? a->federation : "");
    snprintf(p.engine, sizeof p.engine, "%s", a->engine ? a->engine : "");
    TourOpen o;
    if (!tour_open(a, a->pos[1], &o))
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
    tour_close(&o);
    return status;
}

static int cmd_withdraw(const TourArgs *a, int argc, char **argv)
{
    if (!tour_need(a, 3, "withdraw EVENT PLAYER [--round R]"))
        return 2;
    int round = 0;
    if (a->round && !tour_int(a->round, 1, 100000, "--round", &round))
        return 2;
    TourOpen o;
    if (!tour_open(a, a->pos[1], &o))
        return 1;
    int id, status = 1;
    ShError err;
    if (find_player(o.event, a->pos[2], &id)) {
        if (sh_event_withdraw(o.event, id, round, &err) != SH_OK)
            status = refused(&err);
        else
            status = save(&o, argc, argv);
        if (!status) {
            const ShEventPlayer *p = sh_event_player(o.event, id);
            printf("%s (%d) is withdrawn: no more rounds from round %d\n", p->name, id,
                   p->withdrawn);
        }
    }
    tour_close(&o);
    return status;
}

static int cmd_bye(const TourArgs *a, int argc, char **argv)
{
    if (!tour_need(a, 4, "bye EVENT PLAYER ROUND [half|full|absent|none]"))
        return 2;
    const char *kind = a->npos > 4 ? a->pos[4] : "half";
    ShPairingType type = !strcmp(kind, "half")     ? SH_PAIRING_HALF_BYE
                         : !strcmp(kind, "full")   ? SH_PAIRING_FULL_BYE
                         : !strcmp(kind, "absent") ? SH_PAIRING_ABSENT
                         : !strcmp(kind, "none")   ? SH_PAIRING_GAME
                                                   : (ShPairingType)-1;
    int round;
    if ((int)type < 0) {
        cli_error("a bye is half, full, absent or none, not '%s'", kind);
        return 2;
    }
    if (!tour_int(a->pos[3], 1, 100000, "the round", &round))
        return 2;
    TourOpen o;
    if (!tour_open(a, a->pos[1], &o))
        return 1;
    int id, status = 1;
    ShError err;
    if (find_player(o.event, a->pos[2], &id)) {
        if (sh_event_request_bye(o.event, id, round, type, &err) != SH_OK)
            status = refused(&err);
        else
            status = save(&o, argc, argv);
        if (!status)
            printf("%s (%d) %s in round %d\n", sh_event_player(o.event, id)->name, id,
                   type == SH_PAIRING_HALF_BYE   ? "has a half-point bye"
                   : type == SH_PAIRING_FULL_BYE ? "has a full-point bye"
                   : type == SH_PAIRING_ABSENT   ? "is absent (no points)"
                                                 : "asks for no bye: paired",
                   round);
    }
    tour_close(&o);
    return status;
}

static int cmd_next(const TourArgs *a, int argc, char **argv)
{
    TourOpen o;
    int begun = tour_begin(a, 2, "next EVENT", &o);
    if (begun)
        return begun;
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
    tour_close(&o);
    return status;
}

static int cmd_unpair(const TourArgs *a, int argc, char **argv)
{
    TourOpen o;
    int begun = tour_begin(a, 2, "unpair EVENT", &o);
    if (begun)
        return begun;
    ShError err;
    int stage = sh_event_current_stage(o.event);
    int round = stage ? sh_event_rounds_paired(o.event, stage) : 0;
    int status = sh_event_unpair_last(o.event, &err) != SH_OK ? refused(&err) : save(&o, argc, argv);
    if (!status)
        printf("round %d is taken back: its pairings are gone\n", round);
    tour_close(&o);
    return status;
}

/* The stage and round to show: --stage, ROUND, or the last paired. */
/* The pairing of `board` in the round (a copy), false if there is none. */
static bool pairing_at(const ShEvent *e, int stage, int round, int board, ShEventPairing *out)
{
    const ShEventPairing *p;
    int n = sh_event_pairings(e, stage, round, &p);
    for (int i = 0; i < n; i++)
        if (p[i].board == board) {
            *out = p[i];
            return true;
        }
    return false;
}

/* "round 1, board 2: Ivanov I. (1) 1-0 Sidorov S. (3)", with a match's score. */
static void print_entered(const ShEvent *e, const ShEventPairing *p)
{
    char results[160], a[16], b[16];
    if (p->seats) { /* a table: each player's points */
        int pts[SH_MAX_PLAYERS];
        sh_event_table_points(e, p, pts);
        printf("round %d, table %d: %s:", p->round, p->board,
               sh_event_table_result_text(p, results, sizeof results));
        for (int k = 0; k < p->seats; k++)
            printf("%s %s (%d) %s", k ? "," : "", sh_event_player(e, p->seat[k])->name,
                   p->seat[k], tour_points(pts[k], a));
        printf("\n");
        return;
    }
    tour_pairing_results(p, results, sizeof results);
    printf("round %d, board %d: %s (%d) %s %s (%d)", p->round, p->board,
           sh_event_player(e, p->white)->name, p->white, results,
           sh_event_player(e, p->black)->name, p->black);
    int white, black, winner;
    sh_event_pairing_points(e, p, &white, &black, &winner);
    if (p->ngames > 1)
        printf(", match %s-%s%s%s", tour_points(white, a), tour_points(black, b),
               winner ? ", won by " : "", winner ? sh_event_player(e, winner)->name : "");
    printf("\n");
}

/* A knockout match tied after its games goes on to its tie-break games: add them, and say so
 * in `said` ("" when the match is not tied). */
static void add_tiebreaks(ShEvent *e, int stage, int round, int board, char *said, size_t size)
{
    ShEventPairing p;
    ShError err;
    said[0] = '\0';
    if (!pairing_at(e, stage, round, board, &p) || sh_event_next_game(e, &p, NULL, NULL) != -2)
        return;
    int added;
    if (sh_event_add_tiebreak_games(e, stage, round, board, &added, &err) != SH_OK) {
        snprintf(said, size, "board %d is tied: %s", board, err.message);
        return;
    }
    char control[SH_TIME_CONTROL_SIZE];
    int tb;
    pairing_at(e, stage, round, board, &p);
    int next = sh_event_next_game(e, &p, &tb, control);
    snprintf(said, size, "board %d is tied: %d tie-break game%s added (games %d-%d, %s)", board,
             added, added == 1 ? "" : "s", next + 1, next + added,
             control[0] ? control : "the event's control");
}

static int cmd_result(const TourArgs *a, int argc, char **argv)
{
    TourOpen o;
    int begun = tour_begin(a, 5, "result EVENT ROUND BOARD RESULT... [--stage S] [--game N]", &o);
    if (begun)
        return begun;
    int stage = sh_event_current_stage(o.event), round, board, game = 1;
    long game_id = 0;
    ShError err;
    int status = 2;
    if ((a->stage && !tour_int(a->stage, 1, sh_event_stage_count(o.event), "--stage", &stage)) ||
        !tour_int(a->pos[2], 1, 100000, "the round", &round) ||
        !tour_int(a->pos[3], 1, SH_EVENT_MAX_PLAYERS, "the board", &board) ||
        (a->game && !tour_int(a->game, 1, SH_EVENT_MAX_GAMES, "--game", &game)) ||
        (a->game_id && !cli_parse_int(a->game_id, 0, 0x7fffffffL, "--game-id", &game_id)))
        goto done;
    if (stage == 0) {
        cli_error("no round has been paired yet: there is no result to enter (nothing was "
                  "changed)");
        status = 1;
        goto done;
    }
    status = 0;
    ShEventPairing p;
    bool known = pairing_at(o.event, stage, round, board, &p);
    if (known && p.seats) { /* a table: one result, a share for each player */
        if (a->npos != 5 || a->game) {
            cli_error("a table has one game: its result is one share for each player joined by "
                      "'-' (1-0-0-0, 1/3-1/3-1/3): nothing was changed");
            status = 2;
        } else if (sh_event_set_table_result(o.event, stage, round, board, a->pos[4], game_id,
                                             &err) != SH_OK) {
            status = err.code == SH_ERR_SYNTAX ? (cli_error("%s: nothing was changed",
                                                            err.message), 2)
                                               : refused(&err);
        }
    }
    for (int i = 4; i < a->npos && !status && !(known && p.seats); i++) {
        ShGameResult r;
        if (!sh_event_result_parse(a->pos[i], &r)) {
            cli_error("'%s' is not a result (1-0, 1/2-1/2, 0-1, +-, -+, --, *): nothing was "
                      "changed",
                      a->pos[i]);
            status = 2;
            break;
        }
        /* a match's games are entered from the first-named player's side */
        int g = game - 1 + (i - 4);
        if (known)
            r = tour_first_side(&p, g, r);
        if (sh_event_set_result(o.event, stage, round, board, g, r, game_id, &err) != SH_OK)
            status = refused(&err);
    }
    if (status)
        goto done;
    /* a correction that decides a match takes its tie-break games not begun away */
    int before = known ? p.ngames : 0;
    char tied[SH_ERROR_MESSAGE_SIZE + 64];
    add_tiebreaks(o.event, stage, round, board, tied, sizeof tied);
    status = save(&o, argc, argv);
    if (status)
        goto done;
    if (pairing_at(o.event, stage, round, board, &p))
        print_entered(o.event, &p);
    if (known && p.ngames == before - 1)
        printf("board %d is decided: its tie-break game %d is taken away\n", board, before);
    else if (known && p.ngames < before)
        printf("board %d is decided: its tie-break games %d-%d are taken away\n", board,
               p.ngames + 1, before);
    if (tied[0])
        printf("%s\n", tied);
    if (sh_event_round_complete(o.event, stage, round))
        printf("round %d is complete\n", round);
done:
    tour_close(&o);
    return status;
}

static int cmd_import(const TourArgs *a, int argc, char **argv)
{
    if (!tour_need(a, 2, "import FILE.trf [--name NAME]"))
        return 2;
    ShTrf trf;
    int status = 0;
    if (!tour_read_trf(a->pos[1], &trf, &status))
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
    if (!tour_store_open(a, &store)) {
        sh_event_free(e);
        return 1;
    }
    char change[1024], msg[512];
    change_text(argc, argv, change, sizeof change);
    long id;
    bool ok = tstore_create(store, e, change, &id, msg, sizeof msg);
    if (ok)
        printf("event %ld: %s, %d player%s, %d round%s played of %d\n", id,
               sh_event_settings(e)->name, sh_event_player_count(e),
               sh_event_player_count(e) == 1 ? "" : "s", sh_event_rounds_paired(e, 1),
               sh_event_rounds_paired(e, 1) == 1 ? "" : "s", sh_event_rounds_total(e, 1));
    else
        cli_error("not saved: %s", msg);
    sh_event_free(e);
    tstore_close(store);
    return ok ? 0 : 1;
}

static int cmd_delete(const TourArgs *a, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    TourOpen o;
    int begun = tour_begin(a, 2, "delete EVENT", &o);
    if (begun)
        return begun;
    bool ok = tstore_delete(o.store, o.id);
    if (ok)
        printf("event %ld deleted\n", o.id);
    tour_close(&o);
    return ok ? 0 : 1;
}

const TourEntry tour_changes[] = {
    {"create", cmd_create}, {"set", cmd_set},         {"add", cmd_add},
    {"withdraw", cmd_withdraw}, {"bye", cmd_bye},     {"next", cmd_next},
    {"unpair", cmd_unpair}, {"result", cmd_result},   {"import", cmd_import},
    {"delete", cmd_delete}, {NULL, NULL},
};
