/* test_team.c - team events and individual-team events: a 4-team, 2-board round robin whose
 * results are entered by hand and whose standings, tie-breaks and board prizes are worked out
 * by hand below; team Swiss and knockout properties; the individual-team standing; the event
 * text and TRF16's team lines (013) both ways. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shashki_tournament.h"
#include "test.h"
#include "tstore.h"

static ShEvent *new_event(const char *settings[][2], int n)
{
    ShEventSettings s;
    sh_event_settings_init(&s);
    ShError err;
    for (int i = 0; i < n; i++)
        if (sh_event_settings_set(&s, settings[i][0], settings[i][1], &err) != SH_OK) {
            CHECK_MSG(false, "%s = %s: %s", settings[i][0], settings[i][1], err.message);
            return NULL;
        }
    ShEvent *e = NULL;
    if (sh_event_new(&e, &s, &err) != SH_OK)
        CHECK_MSG(false, "%s", err.message);
    return e;
}

static int add(ShEvent *e, const char *name, int rating, const char *team)
{
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "%s", name);
    snprintf(p.team, sizeof p.team, "%s", team);
    p.rating = rating;
    int id = 0;
    ShError err;
    CHECK_MSG(sh_event_add_player(e, &p, &id, &err) == SH_OK, "%s", err.message);
    return id;
}

static ShGameResult res(const char *text)
{
    ShGameResult r = SH_GAME_PENDING;
    sh_event_result_parse(text, &r);
    return r;
}

/* Enter round r's boards: results[b] for board b + 1. */
static void enter(ShEvent *e, int round, const char *const *results, int n)
{
    ShError err;
    for (int b = 0; b < n; b++)
        CHECK_MSG(sh_event_set_result(e, 1, round, b + 1, 0, res(results[b]), 0, &err) == SH_OK,
                  "round %d board %d: %s", round, b + 1, err.message);
}

static const ShTeamStanding *row_of(const ShTeamStanding *rows, int n, int team)
{
    for (int i = 0; i < n; i++)
        if (rows[i].team == team)
            return &rows[i];
    return NULL;
}

static void check_row(const ShTeamStanding *rows, int n, int team, int rank, int mp, int gp,
                      double sb)
{
    const ShTeamStanding *r = row_of(rows, n, team);
    CHECK_MSG(r != NULL, "team %d missing", team);
    if (!r)
        return;
    CHECK_MSG(r->rank == rank && r->match_points == mp && r->game_points == gp &&
                  fabs(r->tiebreaks[2] - sb) < 1e-9,
              "team %d: rank %d mp %d gp %d sb %.2f; expected %d %d %d %.2f", team, r->rank,
              r->match_points, r->game_points, r->tiebreaks[2], rank, mp, gp, sb);
}

/*
 * Four teams of two boards, a round robin (Berger for 4: 1-4 2-3 / 4-3 1-2 / 2-4 3-1), 2-1-0
 * match points, tie-breaks gp, de, sb. Teams by their average rating: A (2000, 1900) 1,
 * B (1950, 1850) 2, C (1800, 1700) 3, D (1700, 1600) 4. The home team (named first) has
 * White on board 1, Black on board 2.
 *
 *   round 1  A-D  A1-D1 1-0, D2-A2 draw      A 1.5 : 0.5 D   A 2, D 0
 *            B-C  B1-C1 0-1, C2-B2 0-1       B 1 : 1 C       1 each
 *   round 2  D-C  D1-C1 draw, C2-D2 draw     D 1 : 1 C       1 each
 *            A-B  A1-B1 draw, B2-A2 draw     A 1 : 1 B       1 each
 *   after 2  A mp 3 gp 2.5; B 2, 2.0; C 2, 2.0; D 1, 1.5. B and C are equal on mp and gp and
 *            drew their match (de 1 each); SB (opponent's mp x game points against it):
 *            A 1x1.5 + 2x1 = 3.5, B 2x1 + 3x1 = 5, C 2x1 + 1x1 = 3, D 3x0.5 + 2x1 = 3.5:
 *            A 1, B 2, C 3, D 4.
 *   round 3  B-D  B1-D1 1-0, D2-B2 0-1       B 2 : 0 D       B 2, D 0
 *            C-A  C1-A1 0-1, A2-C2 0-1       C 1 : 1 A       1 each
 *   final    A mp 4 gp 3.5; B 4, 4.0; C 3, 3.0; D 1, 1.5 (game points 12 = 6 matches x 2).
 *            B first on game points; SB: A 1x1.5 + 4x1 + 3x1 = 8.5, B 3x1 + 4x1 + 1x2 = 9,
 *            C 4x1 + 1x1 + 4x1 = 9, D 4x0.5 + 3x1 + 4x0 = 5.
 *   boards   board 1: A1 2.5/3, B1 1.5/3 (opponents C1 1800, A1 2000, D1 1700: average 1833),
 *            C1 1.5/3 (B1 1950, D1 1700, A1 2000: 1883), D1 0.5/3: A1, then C1 (the better
 *            performance at 50%: 1883 against 1833), B1, D1. Board 2: B2 2.5, C2 1.5, A2 1,
 *            D2 1.
 */
static void round_robin_by_hand(void)
{
    test_case("team round robin of 4 teams x 2 boards: pairings, colours by board, match and "
              "game points, tie-breaks and board prizes worked out by hand");
    const char *set[][2] = {{"boards", "2"}, {"system", "round-robin"}};
    ShEvent *e = new_event(set, 2);
    if (!e)
        return;
    int a1 = add(e, "A1", 2000, "A"), a2 = add(e, "A2", 1900, "A");
    int b1 = add(e, "B1", 1950, "B"), b2 = add(e, "B2", 1850, "B");
    int c1 = add(e, "C1", 1800, "C"), c2 = add(e, "C2", 1700, "C");
    int d1 = add(e, "D1", 1700, "D"), d2 = add(e, "D2", 1600, "D");
    add(e, "D3", 1500, "D"); /* a reserve */
    ShError err;
    int stage, round;
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    CHECK_INT(sh_event_rounds_total(e, 1), 3);
    ShTeam *teams;
    int nt = sh_event_teams(e, &teams);
    CHECK_INT(nt, 4);
    if (nt == 4) {
        CHECK_STR(teams[0].name, "A");
        CHECK_STR(teams[3].name, "D");
        CHECK_INT(teams[0].rating, 1950);
        CHECK_INT(teams[3].count, 3);
    }
    free(teams);
    const ShEventPairing *p;
    CHECK_INT(sh_event_pairings(e, 1, 1, &p), 4);
    /* table 1 A-D: A1 White on board 1, D2 White on board 2; table 2 B-C */
    CHECK(p[0].white == a1 && p[0].black == d1 && p[1].white == d2 && p[1].black == a2);
    CHECK(p[2].white == b1 && p[2].black == c1 && p[3].white == c2 && p[3].black == b2);
    CHECK(p[0].home == 1 && p[0].away == 4 && p[2].home == 2 && p[2].away == 3);
    const char *r1[] = {"1-0", "1/2-1/2", "0-1", "0-1"};
    enter(e, 1, r1, 4);
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    CHECK_INT(sh_event_pairings(e, 1, 2, &p), 4);
    CHECK(p[0].white == d1 && p[0].black == c1 && p[1].white == c2 && p[1].black == d2);
    CHECK(p[2].white == a1 && p[2].black == b1 && p[3].white == b2 && p[3].black == a2);
    const char *r2[] = {"1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2"};
    enter(e, 2, r2, 4);
    ShTeamStanding *rows;
    int n = sh_event_team_standings(e, &rows, &err);
    CHECK_INT(n, 4);
    check_row(rows, n, 1, 1, 30, 25, 3.5);
    check_row(rows, n, 2, 2, 20, 20, 5);
    check_row(rows, n, 3, 3, 20, 20, 3);
    check_row(rows, n, 4, 4, 10, 15, 3.5);
    const ShTeamStanding *rb = row_of(rows, n, 2);
    if (rb)
        CHECK(fabs(rb->tiebreaks[1] - 1) < 1e-9); /* de: the draw with C */
    free(rows);
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    CHECK_INT(sh_event_pairings(e, 1, 3, &p), 4);
    CHECK(p[0].white == b1 && p[0].black == d1 && p[2].white == c1 && p[2].black == a1);
    const char *r3[] = {"1-0", "0-1", "0-1", "0-1"};
    enter(e, 3, r3, 4);
    CHECK(sh_event_finished(e));
    n = sh_event_team_standings(e, &rows, &err);
    CHECK_INT(n, 4);
    check_row(rows, n, 2, 1, 40, 40, 9);
    check_row(rows, n, 1, 2, 40, 35, 8.5);
    check_row(rows, n, 3, 3, 30, 30, 9);
    check_row(rows, n, 4, 4, 10, 15, 5);
    if (n == 4)
        CHECK(rows[0].wins == 1 && rows[0].draws == 2 && rows[0].losses == 0);
    free(rows);
    ShTeamMatch *m;
    CHECK_INT(sh_event_team_matches(e, 1, 1, &m), 2);
    CHECK(m[0].home == 1 && m[0].away == 4 && m[0].home_points == 15 && m[0].away_points == 5 &&
          m[0].home_mp == 20 && m[0].away_mp == 0 && m[0].winner == 1 && m[0].complete);
    free(m);

    ShBoardPrize *bp;
    n = sh_event_board_prizes(e, 1, &bp, &err);
    CHECK_INT(n, 4);
    if (n == 4) {
        CHECK(bp[0].id == a1 && bp[0].points == 25 && bp[0].games == 3);
        CHECK(bp[1].id == c1 && bp[1].performance == 1883);
        CHECK(bp[2].id == b1 && bp[2].performance == 1833);
        CHECK(bp[3].id == d1);
        CHECK(fabs(bp[0].percentage - 250.0 / 3) < 1e-6);
    }
    free(bp);
    n = sh_event_board_prizes(e, 2, &bp, &err);
    CHECK_INT(n, 4);
    if (n == 4)
        CHECK(bp[0].id == b2 && bp[0].points == 25 && bp[1].id == c2 && bp[1].points == 15);
    free(bp);
    CHECK_INT(sh_event_board_prizes(e, 3, &bp, &err), -1);

    /* the text keeps it all */
    char *text;
    CHECK(sh_event_write(e, &text, &err) == SH_OK);
    ShEvent *back;
    CHECK_MSG(sh_event_read(text, &back, &err) == SH_OK, "%d: %s", err.line, err.message);
    char *again;
    CHECK(sh_event_write(back, &again, &err) == SH_OK);
    CHECK_STR(again, text);
    free(text);
    free(again);
    n = sh_event_team_standings(back, &rows, &err);
    check_row(rows, n, 2, 1, 40, 40, 9);
    free(rows);
    sh_event_free(back);
    sh_event_free(e);
}

/* A team Swiss and a team knockout: properties of every round. */
static void swiss_and_knockout(void)
{
    test_case("team Swiss of 7 teams x 3 boards, 4 rounds: no rematch, a bye once at most, "
              "boards by line-up, game points sum to the boards");
    const char *set[][2] = {{"boards", "3"}, {"system", "swiss"}, {"rounds", "4"}};
    ShEvent *e = new_event(set, 3);
    if (!e)
        return;
    for (int t = 0; t < 7; t++)
        for (int b = 0; b < 4; b++) {
            char name[16], team[8];
            snprintf(name, sizeof name, "T%d-%d", t + 1, b + 1);
            snprintf(team, sizeof team, "T%d", t + 1);
            add(e, name, 2200 - 50 * t - 10 * b, team);
        }
    ShError err;
    uint64_t lot = 7;
    int met[8][8] = {{0}}, byes[8] = {0};
    for (int r = 1; r <= 4; r++) {
        int stage, round;
        CHECK_MSG(sh_event_pair_next(e, &stage, &round, &err) == SH_OK, "%s", err.message);
        ShTeamMatch *m;
        int k = sh_event_team_matches(e, 1, r, &m);
        CHECK_INT(k, 4);
        for (int j = 0; j < k; j++) {
            if (!m[j].away) {
                CHECK_MSG(++byes[m[j].home] == 1, "team %d: a second bye", m[j].home);
                continue;
            }
            CHECK_MSG(!met[m[j].home][m[j].away], "round %d: %d and %d meet again", r,
                      m[j].home, m[j].away);
            met[m[j].home][m[j].away] = met[m[j].away][m[j].home] = 1;
        }
        free(m);
        const ShEventPairing *p;
        int np = sh_event_pairings(e, 1, r, &p);
        for (int i = 0; i < np; i++) {
            if (p[i].type != SH_PAIRING_GAME)
                continue;
            int x = (int)(test_random(&lot) % 3);
            CHECK(sh_event_set_result(e, 1, r, p[i].board, 0,
                                      x == 0 ? SH_GAME_WHITE_WINS : x == 1 ? SH_GAME_DRAW
                                                                           : SH_GAME_BLACK_WINS,
                                      0, &err) == SH_OK);
        }
        k = sh_event_team_matches(e, 1, r, &m);
        for (int j = 0; j < k; j++)
            if (m[j].away)
                CHECK_INT(m[j].home_points + m[j].away_points, 30);
        free(m);
    }
    CHECK(sh_event_finished(e));
    ShTeamStanding *rows;
    int n = sh_event_team_standings(e, &rows, &err);
    CHECK_INT(n, 7);
    int mp = 0;
    for (int i = 0; i < n; i++)
        mp += rows[i].match_points;
    /* 3 matches a round of 20 match points each, and a bye of 20: 4 x 80 */
    CHECK_INT(mp, 320);
    for (int i = 1; i < n; i++)
        CHECK(rows[i - 1].match_points >= rows[i].match_points);
    free(rows);
    sh_event_free(e);

    test_case("team knockout of 3 teams x 2 boards: a bye to the top seed; a tied match "
              "decided by board count, then one by the Armageddon game (a draw: Black through)");
    const char *ko[][2] = {{"boards", "2"}, {"system", "knockout"}, {"team-tie", "board-count"}};
    e = new_event(ko, 3);
    if (!e)
        return;
    for (int t = 0; t < 3; t++)
        for (int b = 0; b < 2; b++) {
            char name[16], team[8];
            snprintf(name, sizeof name, "K%d-%d", t + 1, b + 1);
            snprintf(team, sizeof team, "K%d", t + 1);
            add(e, name, 2000 - 100 * t - 10 * b, team);
        }
    int stage, round;
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    ShTeamMatch *m;
    int k = sh_event_team_matches(e, 1, 1, &m);
    CHECK_INT(k, 2);
    /* the bracket of 4: 1 bye, 2 against 3 */
    if (k == 2)
        CHECK(m[0].home == 1 && m[0].away == 0 && m[0].winner == 1);
    int board = k == 2 ? (m[1].table - 1) * 2 + 1 : 3;
    int home = k == 2 ? m[1].home : 0;
    free(m);
    /* 1-1 on game points: board 1 won by the home team (White), board 2 lost by it
     * (White there is the away player, who wins): board count drops board 2, so the home
     * team goes through */
    CHECK(sh_event_set_result(e, 1, 1, board, 0, SH_GAME_WHITE_WINS, 0, &err) == SH_OK);
    CHECK(sh_event_set_result(e, 1, 1, board + 1, 0, SH_GAME_WHITE_WINS, 0, &err) == SH_OK);
    k = sh_event_team_matches(e, 1, 1, &m);
    if (k == 2)
        CHECK(m[1].winner == home && m[1].home_points == 10 && m[1].away_points == 10);
    free(m);
    CHECK(sh_event_round_complete(e, 1, 1));
    CHECK(sh_event_set(e, "team-tie", "armageddon", &err) == SH_OK);
    k = sh_event_team_matches(e, 1, 1, &m);
    if (k == 2)
        CHECK(m[1].winner == 0 && m[1].tiebreak_needed);
    free(m);
    CHECK(!sh_event_round_complete(e, 1, 1));
    const ShEventPairing *p;
    sh_event_pairings(e, 1, 1, &p);
    int tb;
    CHECK_INT(sh_event_next_game(e, &p[1], &tb, NULL), -2);
    int added;
    CHECK(sh_event_add_tiebreak_games(e, 1, 1, board, &added, &err) == SH_OK);
    CHECK_INT(added, 1);
    sh_event_pairings(e, 1, 1, &p);
    int w, b;
    sh_event_game_players(&p[1], 1, &w, &b);
    /* the Armageddon: the away player of board 1 White */
    CHECK(w == p[1].black && b == p[1].white);
    CHECK(sh_event_set_result(e, 1, 1, board, 1, SH_GAME_DRAW, 0, &err) == SH_OK);
    k = sh_event_team_matches(e, 1, 1, &m);
    if (k == 2)
        CHECK(m[1].winner == home); /* a draw: Black, the home team, goes through */
    free(m);
    CHECK(sh_event_round_complete(e, 1, 1));
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    k = sh_event_team_matches(e, 1, 2, &m);
    CHECK_INT(k, 1);
    if (k == 1)
        CHECK((m[0].home == 1 && m[0].away == home) || (m[0].home == home && m[0].away == 1));
    free(m);
    sh_event_free(e);
}

/*
 * An individual round robin of four (Berger: 1-4 2-3 / 4-3 1-2 / 2-4 3-1), teams Red (1, 3)
 * and Blue (2, 4). Results: 1-4 1-0, 2-3 draw; 4-3 0-1, 1-2 draw; 2-4 1-0, 3-1 1-0. Points:
 * 3 2.5 (1st), 2 2 (2nd), 1 1.5 (3rd), 4 0 (4th). Best one: Red 2.5, Blue 2. Best two: Red
 * 4 (places 1 + 3), Blue 2 (2 + 4).
 */
static void individual_team(void)
{
    test_case("individual-team event: the team standing of the best K members, by hand");
    const char *set[][2] = {{"system", "round-robin"}, {"team-best", "2"}};
    ShEvent *e = new_event(set, 2);
    if (!e)
        return;
    add(e, "P1", 2000, "Red");
    add(e, "P2", 1900, "Blue");
    add(e, "P3", 1800, "Red");
    add(e, "P4", 1700, "Blue");
    ShError err;
    int stage, round;
    const char *rounds[3][2] = {{"1-0", "1/2-1/2"}, {"0-1", "1/2-1/2"}, {"1-0", "1-0"}};
    for (int r = 1; r <= 3; r++) {
        CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
        enter(e, r, rounds[r - 1], 2);
    }
    ShTeamStanding *rows;
    int n = sh_event_team_standings(e, &rows, &err);
    CHECK_INT(n, 2);
    if (n == 2) {
        CHECK(rows[0].team == 1 && rows[0].match_points == 40 && rows[0].tiebreaks[0] == 4);
        CHECK(rows[1].team == 2 && rows[1].match_points == 20 && rows[1].tiebreaks[0] == 6);
    }
    free(rows);
    CHECK(sh_event_set(e, "team-best", "1", &err) == SH_OK);
    n = sh_event_team_standings(e, &rows, &err);
    if (n == 2)
        CHECK(rows[0].team == 1 && rows[0].match_points == 25 && rows[1].match_points == 20);
    free(rows);

    test_case("TRF16 team lines (013): written from the players' teams, read back, written "
              "the same, and the teams back as an event's");
    ShTrf t;
    CHECK(sh_event_to_trf(e, 1, &t, &err) == SH_OK);
    CHECK_INT(t.team_count, 2);
    if (t.team_count == 2) {
        CHECK_STR(t.teams[0].name, "Red");
        CHECK(t.teams[0].count == 2 && t.teams[0].numbers[0] == 1 && t.teams[0].numbers[1] == 3);
    }
    char *text, *again;
    CHECK(sh_trf_write(&t, &text, NULL, &err) == SH_OK);
    /* TRF16: the name in columns 5-36, the members' numbers in 37-40, 42-45 ... */
    char red[64], blue[64];
    snprintf(red, sizeof red, "013 %-32s%4d %4d\n", "Red", 1, 3);
    snprintf(blue, sizeof blue, "013 %-32s%4d %4d\n", "Blue", 2, 4);
    CHECK(strstr(text, red) != NULL && strstr(text, blue) != NULL);
    sh_trf_free(&t);
    CHECK_MSG(sh_trf_read(text, strlen(text), &t, &err) == SH_OK, "%s", err.message);
    CHECK_INT(t.team_count, 2);
    CHECK(sh_trf_write(&t, &again, NULL, &err) == SH_OK);
    CHECK_STR(again, text);
    free(text);
    free(again);
    ShEvent *back;
    CHECK(sh_event_from_trf(&t, &back, &err) == SH_OK);
    CHECK_STR(sh_event_player(back, 3)->team, "Red");
    CHECK_STR(sh_event_player(back, 4)->team, "Blue");
    sh_event_free(back);
    sh_trf_free(&t);
    static const char bad[] = "013 Red                                 1    9\n";
    CHECK_INT(sh_trf_read(bad, strlen(bad), &t, &err), SH_ERR_SYNTAX);
    sh_event_free(e);
}

static void refusals(void)
{
    test_case("team events refuse what has no meaning for them (Scheveningen, stages, "
              "micro-matches), and a new team after the start");
    ShEventSettings s;
    sh_event_settings_init(&s);
    ShError err;
    ShEvent *e = NULL;
    s.boards = 2;
    s.stages[0].system = SH_SYSTEM_SCHEVENINGEN;
    CHECK_INT(sh_event_new(&e, &s, &err), SH_ERR_ARGUMENT);
    s.stages[0].system = SH_SYSTEM_SWISS;
    s.stages[0].games = 2;
    CHECK_INT(sh_event_new(&e, &s, &err), SH_ERR_ARGUMENT);
    s.stages[0].games = 1;
    s.stage_count = 2;
    CHECK_INT(sh_event_new(&e, &s, &err), SH_ERR_ARGUMENT);
    const char *set[][2] = {{"boards", "1"}};
    e = new_event(set, 1);
    if (!e)
        return;
    add(e, "X", 0, "One");
    add(e, "Y", 0, "Two");
    int stage, round;
    CHECK(sh_event_pair_next(e, &stage, &round, &err) == SH_OK);
    ShEventPlayer p;
    memset(&p, 0, sizeof p);
    snprintf(p.name, sizeof p.name, "Z");
    snprintf(p.team, sizeof p.team, "Three");
    CHECK_INT(sh_event_add_player(e, &p, NULL, &err), SH_ERR_ARGUMENT);
    snprintf(p.team, sizeof p.team, "One");
    CHECK(sh_event_add_player(e, &p, NULL, &err) == SH_OK);
    CHECK_INT(sh_event_set(e, "boards", "2", &err), SH_ERR_ARGUMENT);
    sh_event_free(e);
}

/*
 * Engine events by the command line (shashki tournament run, tiny node limits): a 10-team,
 * 4-board team Swiss of 7 rounds and a 6-team, 2-board round robin. Each event is read back
 * from its file and checked independently of the library's team code: every match's boards
 * (the line-ups in board order, the home team White on the odd boards), the match and game
 * points recomputed from the boards' results, match by match, the standings' match points,
 * game points, wins and Sonneborn-Berger summed again from them, the pairing rules (a round
 * robin meets every team once; a Swiss never twice, a bye at most once) and the board prizes'
 * points.
 */
static ShEvent *run_event(const char *name, int teams, int boards, const char *settings,
                          const char *db)
{
    char cmd[8192];
    int n = snprintf(cmd, sizeof cmd, "%s tournament run '%s' --db %s --nodes 150 --quiet %s",
                     test_program(), name, db, settings);
    static const int LEVELS[] = {1, 4, 2, 6, 3, 5, 7, 2, 5, 3};
    for (int t = 0; t < teams; t++) {
        n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --team T%d", t + 1);
        for (int b = 0; b < boards; b++)
            n += snprintf(cmd + n, sizeof cmd - (size_t)n, " --engine T%d.%d=self:level=%d",
                          t + 1, b + 1, LEVELS[(t + b) % 10]);
    }
    snprintf(cmd + n, sizeof cmd - (size_t)n, " > /dev/null 2>&1");
    int status = system(cmd);
    CHECK_MSG(status == 0, "%s: exit %d", cmd, status);
    char msg[256];
    TStore *store = tstore_open(db, msg, sizeof msg);
    ShEvent *e = NULL;
    if (!store || !tstore_load(store, tstore_find(store, name), &e, msg, sizeof msg))
        CHECK_MSG(false, "%s", msg);
    tstore_close(store);
    return e;
}

static void check_engine_event(ShEvent *e, bool round_robin)
{
    const ShEventSettings *s = sh_event_settings(e);
    int N = s->boards;
    ShTeam *teams;
    int nt = sh_event_teams(e, &teams);
    int team_of[512] = {0};
    for (int t = 0; t < nt; t++)
        for (int k = 0; k < teams[t].count; k++)
            team_of[teams[t].members[k]] = t + 1;
    int mp[64] = {0}, gp[64] = {0}, wins[64] = {0}, met[64][64] = {{0}}, byes[64] = {0};
    int opp[64][16] = {{0}}, opp_gp[64][16] = {{0}};
    int rounds = sh_event_rounds_paired(e, 1);
    CHECK(sh_event_finished(e));
    for (int r = 1; r <= rounds; r++) {
        const ShEventPairing *p;
        int np = sh_event_pairings(e, 1, r, &p);
        for (int i = 0; i < np;) {
            int h = p[i].home, a = p[i].away, table = (p[i].board - 1) / N;
            int hp = 0, ap = 0, j = i;
            for (; j < np && (p[j].board - 1) / N == table; j++) {
                if (!a)
                    continue;
                int b = (p[j].board - 1) % N; /* 0-based board of the match */
                CHECK_INT(p[j].type, SH_PAIRING_GAME);
                int hw = b % 2 == 0 ? p[j].white : p[j].black;
                int aw = b % 2 == 0 ? p[j].black : p[j].white;
                CHECK_MSG(team_of[hw] == h && team_of[aw] == a, "round %d board %d", r,
                          p[j].board);
                /* the line-ups: every team fields its members in board order */
                CHECK(teams[h - 1].members[b] == hw && teams[a - 1].members[b] == aw);
                ShGameResult res = p[j].games[0].result;
                int w = res == SH_GAME_WHITE_WINS ? 10 : res == SH_GAME_DRAW ? 5 : 0;
                CHECK(res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW ||
                      res == SH_GAME_BLACK_WINS);
                hp += b % 2 == 0 ? w : 10 - w;
                ap += b % 2 == 0 ? 10 - w : w;
            }
            if (!a) {
                byes[h]++;
                if (!round_robin) {
                    mp[h] += 20;
                    gp[h] += N * 5;
                }
            } else {
                CHECK_INT(hp + ap, N * 10);
                CHECK_MSG(!met[h][a], "round %d: teams %d and %d meet again", r, h, a);
                met[h][a] = met[a][h] = 1;
                int mh = hp > ap ? 20 : hp == ap ? 10 : 0;
                mp[h] += mh;
                mp[a] += 20 - mh;
                gp[h] += hp;
                gp[a] += ap;
                wins[h] += hp > ap;
                wins[a] += ap > hp;
                opp[h][r] = a;
                opp[a][r] = h;
                opp_gp[h][r] = hp;
                opp_gp[a][r] = ap;
            }
            i = j;
        }
    }
    for (int t = 1; t <= nt; t++)
        CHECK_MSG(byes[t] <= 1, "team %d: %d byes", t, byes[t]);
    if (round_robin)
        for (int x = 1; x <= nt; x++)
            for (int y = 1; y <= nt; y++)
                CHECK_MSG(x == y || met[x][y], "teams %d and %d never met", x, y);
    ShTeamStanding *rows;
    ShError err;
    int n = sh_event_team_standings(e, &rows, &err);
    CHECK_INT(n, nt);
    int sb_key = -1;
    for (int k = 0; k < 3; k++)
        if ((s->team_tiebreak_count ? s->team_tiebreaks[k] : k == 2 ? SH_TTB_SONNEBORN_BERGER
                                                                    : SH_TTB_GAME_POINTS) ==
            SH_TTB_SONNEBORN_BERGER)
            sb_key = k;
    for (int i = 0; i < n; i++) {
        int t = rows[i].team;
        double sb = 0;
        for (int r = 1; r <= rounds; r++)
            if (opp[t][r])
                sb += mp[opp[t][r]] / 10.0 * opp_gp[t][r] / 10.0;
        CHECK_MSG(rows[i].match_points == mp[t] && rows[i].game_points == gp[t] &&
                      rows[i].wins == wins[t],
                  "team %d: mp %d gp %d wins %d; recomputed %d %d %d", t, rows[i].match_points,
                  rows[i].game_points, rows[i].wins, mp[t], gp[t], wins[t]);
        if (sb_key >= 0)
            CHECK_MSG(fabs(rows[i].tiebreaks[sb_key] - sb) < 1e-9, "team %d: sb %.2f, %.2f", t,
                      rows[i].tiebreaks[sb_key], sb);
        if (i > 0)
            CHECK(rows[i - 1].match_points >= rows[i].match_points);
    }
    free(rows);
    /* board 1's prize list: each player's points on board 1 */
    ShBoardPrize *bp;
    int nb = sh_event_board_prizes(e, 1, &bp, &err);
    for (int i = 0; i < nb; i++) {
        int pts = 0, games = 0;
        const ShEventPairing *all;
        int na = sh_event_all_pairings(e, &all);
        for (int k = 0; k < na; k++)
            if (all[k].type == SH_PAIRING_GAME && (all[k].board - 1) % N == 0 &&
                (all[k].white == bp[i].id || all[k].black == bp[i].id)) {
                ShGameResult res = all[k].games[0].result;
                bool white = all[k].white == bp[i].id;
                pts += res == SH_GAME_DRAW ? 5
                       : (res == SH_GAME_WHITE_WINS) == white ? 10
                                                               : 0;
                games++;
            }
        CHECK_MSG(bp[i].points == pts && bp[i].games == games, "board 1: player %d", bp[i].id);
        if (i > 0)
            CHECK(bp[i - 1].percentage >= bp[i].percentage);
    }
    free(bp);
    free(teams);
}

static void engine_events(void)
{
    char db[] = "/tmp/shashki-teams-XXXXXX";
    int fd = mkstemp(db);
    if (fd >= 0)
        close(fd);
    unlink(db);
    test_case("team Swiss of 10 teams x 4 boards, 7 rounds, played by engines (tournament "
              "run): boards, points and standings recomputed, no rematch");
    ShEvent *e = run_event("Team Swiss", 10, 4, "boards=4 system=swiss rounds=7 openings=ballot",
                           db);
    if (e) {
        CHECK_INT(sh_event_rounds_paired(e, 1), 7);
        check_engine_event(e, false);
        sh_event_free(e);
    }
    test_case("team round robin of 6 teams x 2 boards played by engines: every team meets "
              "every other once, standings recomputed");
    e = run_event("Team RR", 6, 2, "boards=2 system=round-robin openings=ballot", db);
    if (e) {
        CHECK_INT(sh_event_rounds_paired(e, 1), 5);
        check_engine_event(e, true);
        sh_event_free(e);
    }
    char side[300];
    snprintf(side, sizeof side, "%s-wal", db);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", db);
    unlink(side);
    unlink(db);
}

void suite_team(void)
{
    engine_events();
    round_robin_by_hand();
    swiss_and_knockout();
    individual_team();
    refusals();
}
