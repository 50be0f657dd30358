/* test_tournament_store.c - events kept and given back: the event's text read back the same
 * (random events of every system), the store's transactions (a change refused or a crash
 * leaves what was saved), the tie-breaks of a real crosstable worked by hand
 * (tests/data/tournament/tiebreaks_ussr1947.txt). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shashki_tournament.h"
#include "test.h"
#include "test_pg.h"
#include "tstore.h"

/* ---- the tie-breaks of USSR 1947 ---- */

#define FIELD 18

typedef struct Game1947 {
    int white, black;
    ShGameResult result;
} Game1947;

static int name_index(char names[FIELD][SH_EVENT_TEXT], int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp(names[i], name))
            return i;
    if (*n == FIELD)
        return -1;
    snprintf(names[*n], SH_EVENT_TEXT, "%s", name);
    return (*n)++;
}

static void ussr1947(void)
{
    test_case("USSR 1947 from its PDN: 153 games of 18 players");
    char *pdn = test_read_file(test_data("games/ussr1947.pdn"), NULL);
    CHECK(pdn != NULL);
    if (!pdn)
        return;
    char names[FIELD][SH_EVENT_TEXT];
    int n = 0, ngames = 0;
    Game1947 games[200];
    ShPdnReader reader;
    sh_pdn_reader_init(&reader, pdn, strlen(pdn), NULL);
    for (;;) {
        ShGame *game = NULL;
        ShPdnInfo info;
        ShError err;
        ShStatus st = sh_pdn_read_next(&reader, &game, &info, &err);
        if (st == SH_OK && !game)
            break;
        if (game && info.has_result && ngames < 200) {
            int w = name_index(names, &n, sh_game_tag(game, "White"));
            int b = name_index(names, &n, sh_game_tag(game, "Black"));
            games[ngames++] = (Game1947){w + 1, b + 1,
                                         info.recorded == SH_RESULT_WHITE_WINS ? SH_GAME_WHITE_WINS
                                         : info.recorded == SH_RESULT_BLACK_WINS
                                             ? SH_GAME_BLACK_WINS
                                             : SH_GAME_DRAW};
        }
        sh_game_free(game);
    }
    free(pdn);
    CHECK_INT(n, FIELD);
    CHECK_INT(ngames, 153);
    if (n != FIELD || ngames != 153)
        return;
    /* the event's text: a round robin, each game in the Berger round where its pair meets */
    size_t cap = 1 << 16, len = 0;
    char *text = malloc(cap);
#define PUT(...) len += (size_t)snprintf(text + len, cap - len, __VA_ARGS__)
    PUT("shashki-event 1\nset\tname\tUSSR 1947\nset\tsystem\tround-robin\n"
        "set\ttiebreaks\tsb,bh,win,bwg,ks\n");
    for (int i = 0; i < n; i++)
        PUT("player\t%d\t%s\t0\t\t\t\t\t0\t\t1\t0\n", i + 1, names[i]);
    PUT("stage\t1\t17\t1\t0\t0\t");
    for (int i = 0; i < n; i++)
        PUT("%s%d:0", i ? "," : "", i + 1);
    PUT("\n");
    int board[18] = {0};
    for (int r = 1; r <= 17; r++) {
        ShPair pairs[9];
        int k = sh_berger_round(FIELD, r, 1, false, pairs);
        for (int i = 0; i < k; i++)
            for (int g = 0; g < ngames; g++) {
                int a = pairs[i].white, b = pairs[i].black;
                if ((games[g].white == a && games[g].black == b) ||
                    (games[g].white == b && games[g].black == a)) {
                    PUT("pairing\t1\t%d\t%d\t%d\t%d\t0\t1\ngame\t%d\t0\t0\t\n", r, ++board[r],
                        games[g].white, games[g].black, (int)games[g].result);
                }
            }
    }
#undef PUT
    ShEvent *e;
    ShError err;
    ShStatus st = sh_event_read(text, &e, &err);
    CHECK_MSG(st == SH_OK, "line %d column %d: %s", err.line, err.column, err.message);
    free(text);
    if (st != SH_OK)
        return;
    CHECK(sh_event_finished(e));
    ShStanding *rows;
    int k = sh_event_standings(e, 1, &rows, &err);
    CHECK_INT(k, FIELD);
    char *expected = test_read_file(test_data("tournament/tiebreaks_ussr1947.txt"), NULL);
    CHECK(expected != NULL);
    char *cursor = expected;
    int checked = 0;
    for (char *line; expected && (line = test_next_line(&cursor));) {
        if (line[0] == '#' || !line[0])
            continue;
        int rank;
        char name[SH_EVENT_TEXT];
        double points, sb, bh, win, bwg, ks;
        if (sscanf(line, "%d|%95[^|]|%lf|%lf|%lf|%lf|%lf|%lf", &rank, name, &points, &sb, &bh,
                   &win, &bwg, &ks) != 8)
            continue;
        test_case("USSR 1947: %s's points, rank and tie-breaks worked by hand", name);
        checked++;
        const ShStanding *r = k >= rank ? &rows[rank - 1] : NULL;
        CHECK(r != NULL);
        if (!r)
            continue;
        CHECK_STR(sh_event_player(e, r->id)->name, name);
        CHECK_INT(r->rank, rank);
        CHECK_INT(r->points, (int)lround(points * 10));
        double want[5] = {sb, bh, win, bwg, ks};
        for (int t = 0; t < 5; t++)
            CHECK_MSG(fabs(r->tiebreaks[t] - want[t]) < 1e-9, "%s: %g, worked by hand %g",
                      sh_tiebreak_name(sh_event_settings(e)->tiebreaks[t]), r->tiebreaks[t],
                      want[t]);
    }
    test_case("USSR 1947: the hand-worked lines were read");
    CHECK_INT(checked, 3);
    free(expected);
    free(rows);
    sh_event_free(e);
}

/* ---- the event's text ---- */

static int rnd(uint64_t *s, int k)
{
    return (int)(test_random(s) % (uint64_t)k);
}

/* A random event of a random system, played part of the way. */
static ShEvent *random_event(uint64_t seed)
{
    uint64_t s = seed * 2654435761u + 1;
    ShEventSettings set;
    sh_event_settings_init(&set);
    ShSystem systems[] = {SH_SYSTEM_SWISS, SH_SYSTEM_ROUND_ROBIN, SH_SYSTEM_KNOCKOUT,
                          SH_SYSTEM_SCHEVENINGEN};
    set.stages[0].system = systems[rnd(&s, 4)];
    set.stages[0].games = set.stages[0].system == SH_SYSTEM_KNOCKOUT ? 2 : 1 + rnd(&s, 2);
    set.stages[0].rounds = set.stages[0].system == SH_SYSTEM_SWISS ? 4 : 0;
    set.openings = rnd(&s, 2) ? SH_OPENINGS_PER_PAIRING : SH_OPENINGS_FREE;
    if (set.stages[0].system == SH_SYSTEM_SWISS && rnd(&s, 2)) {
        set.stage_count = 2;
        set.stages[1].system = SH_SYSTEM_KNOCKOUT;
        set.stages[1].qualifiers = 4;
        set.stages[1].games = 2;
    }
    ShEvent *e;
    ShError err;
    if (sh_event_new(&e, &set, &err) != SH_OK)
        return NULL;
    int n = set.stages[0].system == SH_SYSTEM_SCHEVENINGEN ? 8 : 5 + rnd(&s, 8);
    for (int i = 0; i < n; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "Player\t%d", i + 1); /* a tab: written as a space */
        snprintf(p.team, sizeof p.team, "%s", i < n / 2 ? "North" : "South");
        snprintf(p.club, sizeof p.club, "Club %d", i % 3);
        snprintf(p.engine, sizeof p.engine, "self:level=%d", 1 + i % 10);
        p.rating = 1500 + rnd(&s, 800);
        p.birth_year = 1950 + rnd(&s, 60);
        sh_event_add_player(e, &p, NULL, &err);
    }
    int rounds = 1 + rnd(&s, 6);
    for (int r = 0; r < rounds && !sh_event_finished(e); r++) {
        if (rnd(&s, 3) == 0)
            sh_event_request_bye(e, 1 + rnd(&s, n), r + 2, SH_PAIRING_HALF_BYE, &err);
        int stage, round;
        if (sh_event_pair_next(e, &stage, &round, &err) != SH_OK)
            break;
        const ShEventPairing *p;
        int np = sh_event_pairings(e, stage, round, &p);
        bool last = r + 1 == rounds;
        for (int i = 0; i < np; i++)
            for (int guard = 0; guard < 30; guard++) {
                const ShEventPairing *q;
                sh_event_pairings(e, stage, round, &q);
                int g = sh_event_next_game(e, &q[i], NULL, NULL);
                if (g == -2) {
                    int added;
                    sh_event_add_tiebreak_games(e, stage, round, q[i].board, &added, &err);
                    continue;
                }
                if (g < 0 || (last && rnd(&s, 2)))
                    break;
                ShGameResult res = (ShGameResult)(1 + rnd(&s, 5));
                sh_event_set_result(e, stage, round, q[i].board, g, res,
                                    (long)(1000 * round + q[i].board), &err);
            }
    }
    return e;
}

static void event_text(void)
{
    test_case("200 random events of every system: the event's text reads back the same");
    int read = 0;
    for (uint64_t seed = 0; seed < 200 && !test_case_failed(); seed++) {
        ShEvent *e = random_event(seed);
        if (!e)
            continue;
        char *a = NULL, *b = NULL;
        ShError err;
        ShEvent *back = NULL;
        CHECK(sh_event_write(e, &a, &err) == SH_OK);
        ShStatus st = a ? sh_event_read(a, &back, &err) : SH_ERR_ARGUMENT;
        CHECK_MSG(st == SH_OK, "seed %llu: line %d column %d: %s", (unsigned long long)seed,
                  err.line, err.column, err.message);
        if (st == SH_OK) {
            read++;
            CHECK(sh_event_write(back, &b, &err) == SH_OK);
            CHECK_MSG(b && !strcmp(a, b), "seed %llu: the text read back differs",
                      (unsigned long long)seed);
            /* and so do the standings derived from it */
            ShStanding *x, *y;
            int nx = sh_event_standings(e, 0, &x, &err), ny = sh_event_standings(back, 0, &y, &err);
            CHECK_INT(nx, ny);
            for (int i = 0; i < nx && i < ny; i++) {
                CHECK_INT(x[i].id, y[i].id);
                CHECK_INT(x[i].points, y[i].points);
            }
            free(x);
            free(y);
            CHECK_INT(sh_event_finished(back), sh_event_finished(e));
        }
        free(a);
        free(b);
        sh_event_free(back);
        sh_event_free(e);
    }
    CHECK(read >= 190);

    test_case("a damaged event text is refused with the line and column");
    static const struct {
        const char *text;
        int line, column;
        const char *message;
    } BAD[] = {
        {"not an event\n", 1, 1, "not an event"},
        {"shashki-event 1\nset\tsystem\tladder\n", 2, 12, "system"},
        {"shashki-event 1\nplayer\t2\tA\t0\t\t\t\t\t0\t\t1\t0\n", 2, 8, "the next player id"},
        {"shashki-event 1\nplayer\t1\tA\t99999\t\t\t\t\t0\t\t1\t0\n", 2, 12, "a rating"},
        {"shashki-event 1\nplayer\t1\tA\t0\t\t\t\t\t0\t\t1\t0\npairing\t1\t1\t1\t1\t2\t0\t1\n",
         3, 9, "a stage that has started"},
        {"shashki-event 1\nplayer\t1\tA\t0\t\t\t\t\t0\t\t1\t0\nstage\t1\t3\t1\t0\t0\t1:0,7:0\n", 3,
         0, "a player id:group"},
        {"shashki-event 1\nwhat\n", 2, 1, "set, player"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        ShEvent *e = NULL;
        ShError err;
        CHECK(sh_event_read(BAD[i].text, &e, &err) != SH_OK);
        CHECK(e == NULL);
        CHECK_INT(err.line, BAD[i].line);
        if (BAD[i].column)
            CHECK_INT(err.column, BAD[i].column);
        CHECK_MSG(strstr(err.message, BAD[i].message), "case %zu: '%s'", i, err.message);
    }
}

/* ---- the store ---- */

static void temp_db(char *path, size_t size)
{
    snprintf(path, size, "/tmp/shashki-tstore-XXXXXX");
    int fd = mkstemp(path);
    if (fd >= 0)
        close(fd);
}

static void remove_db(const char *path)
{
    static const char *const SUFFIXES[] = {"", "-wal", "-shm"};
    for (size_t i = 0; i < 3; i++) {
        char file[128];
        snprintf(file, sizeof file, "%s%s", path, SUFFIXES[i]);
        unlink(file);
    }
}

static void count_change(void *ctx, const char *time, const char *change)
{
    (void)time;
    (void)change;
    (*(int *)ctx)++;
}

/* The events' store on one database: a file's path (SQLite) or a PostgreSQL connection. */
static void store_behaviour(const char *path, const char *on)
{
    char err[512];
    test_case("%s: an event saved change by change comes back as it was", on);
    TStore *s = tstore_open(path, err, sizeof err);
    CHECK_MSG(s != NULL, "%s", err);
    if (!s)
        return;
    ShEvent *e = random_event(7);
    long id = 0;
    CHECK(tstore_create(s, e, "create", &id, err, sizeof err));
    CHECK(id > 0);
    CHECK_INT(tstore_find(s, sh_event_settings(e)->name), id);
    char *before;
    ShError e_err;
    sh_event_write(e, &before, &e_err);
    ShEvent *loaded;
    CHECK(tstore_load(s, id, &loaded, err, sizeof err));
    char *after = NULL;
    if (loaded)
        sh_event_write(loaded, &after, &e_err);
    CHECK(after && !strcmp(before, after));
    free(after);

    test_case("the store: a change refused by the library saves nothing");
    ShEventPlayer dup;
    memset(&dup, 0, sizeof dup);
    snprintf(dup.name, sizeof dup.name, "%s", sh_event_player(loaded, 1)->name);
    dup.birth_year = sh_event_player(loaded, 1)->birth_year;
    CHECK(sh_event_add_player(loaded, &dup, NULL, &e_err) != SH_OK);
    /* the command line saves only what the library took; the event is as before */
    sh_event_write(loaded, &after, &e_err);
    CHECK(!strcmp(before, after));
    free(after);
    sh_event_free(loaded);

    test_case("the store: a process killed right after a save loses nothing saved");
    pid_t child = fork();
    if (child == 0) {
        TStore *c = tstore_open(path, err, sizeof err);
        ShEvent *x;
        if (!c || !tstore_load(c, id, &x, err, sizeof err))
            _exit(3);
        int stage, round;
        ShError ce;
        ShStatus pst = sh_event_pair_next(x, &stage, &round, &ce);
        if (pst == SH_OK)
            tstore_save(c, id, x, "next", err, sizeof err);
        else
            sh_event_set(x, "site", "Kazan", &ce), tstore_save(c, id, x, "set", err, sizeof err);
        _exit(9); /* no close, no free: as if killed */
    }
    int status;
    waitpid(child, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 9);
    CHECK(tstore_load(s, id, &loaded, err, sizeof err));
    after = NULL;
    if (loaded)
        sh_event_write(loaded, &after, &e_err);
    CHECK(after && strcmp(before, after) != 0); /* the child's change is there */
    free(after);
    sh_event_free(loaded);

    test_case("the store: the change log and the links to the games");
    int counted = 0;
    CHECK_INT(tstore_changes(s, id, count_change, &counted), 2);
    CHECK_INT(counted, 2);
    TStoredEvent list[4];
    CHECK_INT(tstore_list(s, list, 4), 1);
    CHECK_INT(list[0].changes, 2);
    CHECK(tstore_delete(s, id));
    CHECK_INT(tstore_find(s, sh_event_settings(e)->name), 0);
    free(before);
    sh_event_free(e);
    tstore_close(s);
}

static void store(void)
{
    char path[64], err[512];
    temp_db(path, sizeof path);
    store_behaviour(path, "sqlite");
    TStore *s;

    test_case("the store: a file that is not a database is refused with a reason");
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("this is not an SQLite file, and it is long enough to say so clearly\n", f);
        fclose(f);
    }
    unlink(path);
    f = fopen(path, "w");
    if (f) {
        for (int i = 0; i < 200; i++)
            fputs("garbage garbage garbage garbage\n", f);
        fclose(f);
    }
    s = tstore_open(path, err, sizeof err);
    CHECK(s == NULL);
    CHECK(strstr(err, "not a usable") || strstr(err, "cannot open"));
    tstore_close(s);
    remove_db(path);
}

/* ---- stages: mixed systems, groups, a points series ---- */

/* Play every pending game of the event's rounds to the end: White wins when its id is the
 * lower (so the standings are known in advance), tie-break games likewise. */
static bool play_out(ShEvent *e, int *rounds)
{
    ShError err;
    for (int guard = 0; guard < 100 && !sh_event_finished(e); guard++) {
        int stage, round;
        if (sh_event_pair_next(e, &stage, &round, &err) != SH_OK) {
            CHECK_MSG(false, "%s", err.message);
            return false;
        }
        (*rounds)++;
        const ShEventPairing *p;
        int np = sh_event_pairings(e, stage, round, &p);
        for (int i = 0; i < np; i++)
            for (int g; (g = sh_event_next_game(e, &p[i], NULL, NULL)) != -1;) {
                if (g == -2) {
                    int added;
                    CHECK(sh_event_add_tiebreak_games(e, stage, round, p[i].board, &added, &err) ==
                          SH_OK);
                    continue;
                }
                int w, b;
                sh_event_game_players(&p[i], g, &w, &b);
                CHECK(sh_event_set_result(e, stage, round, p[i].board, g,
                                          w < b ? SH_GAME_WHITE_WINS : SH_GAME_BLACK_WINS, 0,
                                          &err) == SH_OK);
                sh_event_pairings(e, stage, round, &p);
            }
    }
    return sh_event_finished(e);
}

static ShEvent *stage_event(const char *const *settings, int players)
{
    ShEventSettings set;
    sh_event_settings_init(&set);
    ShError err;
    for (int i = 0; settings[i]; i += 2)
        CHECK_MSG(sh_event_settings_set(&set, settings[i], settings[i + 1], &err) == SH_OK,
                  "%s = %s: %s", settings[i], settings[i + 1], err.message);
    ShEvent *e;
    if (sh_event_new(&e, &set, &err) != SH_OK)
        return NULL;
    for (int i = 0; i < players; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "S%02d", i + 1);
        p.rating = 2400 - 10 * i; /* the entry order is the rating order */
        sh_event_add_player(e, &p, NULL, &err);
    }
    return e;
}

static void stages(void)
{
    test_case("mixed: a Swiss of 12 (4 rounds), then a knockout of its top 4 with third place");
    {
        const char *const set[] = {"system", "swiss", "rounds", "4", "stage.2.system", "knockout",
                                   "stage.2.qualifiers", "4", "stage.2.third-place", "yes",
                                   NULL};
        ShEvent *e = stage_event(set, 12);
        int rounds = 0;
        CHECK(e && play_out(e, &rounds));
        CHECK_INT(rounds, 6); /* 4 Swiss rounds, then semi-finals and the final */
        int ids[16];
        CHECK_INT(sh_event_stage_players(e, 2, ids), 4);
        ShStanding *swiss;
        ShError err;
        int n = sh_event_standings(e, 1, &swiss, &err);
        CHECK_INT(n, 12);
        for (int i = 0; i < 4 && n == 12; i++)
            CHECK_INT(ids[i], swiss[i].id); /* the knockout's seeds: the Swiss order */
        free(swiss);
        /* the lower id wins every game: the top seed takes the final, the second is second */
        ShStanding *ko;
        CHECK_INT(sh_event_standings(e, 2, &ko, &err), 4);
        CHECK_INT(ko[0].id, ids[0]);
        CHECK_INT(ko[0].place_from, 1);
        CHECK_INT(ko[3].place_from, 4);
        free(ko);
        /* the whole event: the knockout's four first, then the rest of the Swiss */
        ShStanding *all;
        CHECK_INT(sh_event_standings(e, 0, &all, &err), 12);
        CHECK_INT(all[0].id, ids[0]);
        free(all);
        sh_event_free(e);
    }

    test_case("mixed: two groups of 4 (snake order), then a final round robin of the top 2 of each");
    {
        const char *const set[] = {"system", "round-robin", "groups", "2", "stage.2.system",
                                   "round-robin", "stage.2.qualifiers", "2", NULL};
        ShEvent *e = stage_event(set, 8);
        int rounds = 0;
        CHECK(e && play_out(e, &rounds));
        CHECK_INT(rounds, 3 + 3);
        ShStanding *g;
        ShError err;
        int n = sh_event_standings(e, 1, &g, &err);
        CHECK_INT(n, 8);
        /* snake order: group 1 has 1, 4, 5, 8; group 2 has 2, 3, 6, 7 */
        for (int i = 0; i < n; i++) {
            int id = g[i].id;
            int want = id == 1 || id == 4 || id == 5 || id == 8 ? 1 : 2;
            CHECK_MSG(g[i].group == want, "player %d in group %d", id, g[i].group);
        }
        free(g);
        int ids[8];
        CHECK_INT(sh_event_stage_players(e, 2, ids), 4);
        /* the winners first, then the seconds: 1 and 2, then 4 and 3 */
        CHECK_INT(ids[0], 1);
        CHECK_INT(ids[1], 2);
        CHECK_INT(ids[2], 4);
        CHECK_INT(ids[3], 3);
        sh_event_free(e);
    }

    test_case("a points series: two round robins of 4, Formula 1 points by place, summed");
    {
        const char *const set[] = {"system", "round-robin", "stage.2.system", "round-robin",
                                   "series", "f1", NULL};
        ShEvent *e = stage_event(set, 4);
        int rounds = 0;
        CHECK(e && play_out(e, &rounds));
        ShStanding *all;
        ShError err;
        CHECK_INT(sh_event_standings(e, 0, &all, &err), 4);
        /* the lower id wins every game: the same places twice, 25+25, 18+18, 15+15, 12+12 */
        const int want[4] = {500, 360, 300, 240};
        for (int i = 0; i < 4; i++) {
            CHECK_INT(all[i].id, i + 1);
            CHECK_INT(all[i].points, want[i]);
            CHECK_INT(all[i].rank, i + 1);
        }
        free(all);
        sh_event_free(e);
    }
}

/* Points are digits and a point: strtod's "nan", "inf" and hexadecimal are refused (a "nan"
 * series read and written came back as text no reader took; fuzz_event). */
static void points_text(void)
{
    test_case("settings: points that are not a plain number are refused");
    ShEventSettings set;
    sh_event_settings_init(&set);
    ShError err;
    const char *bad[] = {"nan", "inf", "0x10", "-1", "1e3", "25,nan", "1001"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_MSG(sh_event_settings_set(&set, "series", bad[i], &err) != SH_OK, "%s", bad[i]);
    CHECK(sh_event_settings_set(&set, "series", "25,18,15.5", &err) == SH_OK);
    CHECK_INT(set.series_count, 3);
    CHECK_INT(set.series[2], 155);
}

void suite_tournament_store(void)
{
    points_text();
    stages();
    ussr1947();
    event_text();
    store();
}

/* The events' store on a PostgreSQL database of the test's own. */
void suite_tournament_store_pg(void)
{
    char name[256];
    test_case("postgresql: a database of its own");
    bool made = test_pg_database(name, sizeof name);
    CHECK_MSG(made, "%s", name);
    if (made)
        store_behaviour(name, "postgresql");
}
