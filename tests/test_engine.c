/* test_engine.c - the engine: transposition table, time management (a fake clock), draw
 * counters, evaluation symmetry, move ordering, levels, match statistics; the search through
 * the public API is in test_engine_search.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../app/stats.h"
#include "draw.h"
#include "egdb.h"
#include "engine.h"
#include "eval.h"
#include "level.h"
#include "play_engine.h"
#include "review.h"
#include "search.h"
#include "test.h"
#include "test_engine.h"
#include "timelag.h"
#include "timeman.h"
#include "tt.h"

ShPosition engine_test_fen(const char *text)
{
    ShPosition p;
    ShError err;
    if (sh_fen_read(text, &p, &err) != SH_OK) {
        CHECK_MSG(false, "bad FEN %s: %s", text, err.message);
        sh_position_start(&p, SH_VARIANT_RUSSIAN);
    }
    return p;
}

/* Positions from games played by random moves (deterministic). */
int engine_test_random_positions(ShPosition *out, int max, uint64_t seed)
{
    int n = 0;
    while (n < max) {
        ShPosition p;
        sh_position_start(&p, SH_VARIANT_RUSSIAN);
        for (int ply = 0; ply < 120 && n < max; ply++) {
            ShMoveList list;
            sh_moves_generate(&p, &list);
            if (list.count == 0)
                break;
            sh_position_play(&p, &list.moves[test_random(&seed) % (uint64_t)list.count], &p);
            if (test_random(&seed) % 4 == 0)
                out[n++] = p;
        }
    }
    return n;
}

/* ---- transposition table ---- */

static void suite_tt_cases(void)
{
    TTable tt;
    test_case("tt: a stored entry is found with its fields, another key is not");
    CHECK(tt_init(&tt, 1));
    tt_store(&tt, 0x123456789abcdefULL, -321, 45, 7, TT_LOWER, 12);
    TTHit hit;
    CHECK(tt_probe(&tt, 0x123456789abcdefULL, &hit));
    CHECK_INT(hit.score, -321);
    CHECK_INT(hit.eval, 45);
    CHECK_INT(hit.depth, 7);
    CHECK_INT(hit.bound, TT_LOWER);
    CHECK_INT(hit.move, 12);
    CHECK(!tt_probe(&tt, 0x123456789abcdeeULL, &hit));

    test_case("tt: a new result for the same position keeps the old move when it has none");
    tt_store(&tt, 0x123456789abcdefULL, 10, 11, 8, TT_UPPER, TT_NO_MOVE);
    CHECK(tt_probe(&tt, 0x123456789abcdefULL, &hit));
    CHECK_INT(hit.score, 10);
    CHECK_INT(hit.move, 12);

    test_case("tt: a full bucket gives up its shallowest entry");
    tt_clear(&tt);
    /* Keys that share a bucket: the bucket is chosen by the key's high bits. */
    uint64_t base = UINT64_C(0x4000000000000000);
    for (int i = 0; i < 4; i++)
        tt_store(&tt, base + (uint64_t)i, i, 0, 10 + i, TT_EXACT, 1);
    tt_store(&tt, base + 4, 99, 0, 20, TT_EXACT, 1);
    CHECK(!tt_probe(&tt, base + 0, &hit)); /* depth 10: the shallowest */
    CHECK(tt_probe(&tt, base + 3, &hit));
    CHECK(tt_probe(&tt, base + 4, &hit));

    test_case("tt: clear empties it; hashfull counts this search's entries");
    tt_clear(&tt);
    CHECK(!tt_probe(&tt, base + 4, &hit));
    CHECK_INT(tt_hashfull(&tt), 0);
    uint64_t seed = 5;
    for (int i = 0; i < 200000; i++)
        tt_store(&tt, test_random(&seed), 0, 0, 1, TT_EXACT, 0);
    CHECK(tt_hashfull(&tt) > 900);
    tt_new_search(&tt);
    CHECK_INT(tt_hashfull(&tt), 0);
    tt_free(&tt);
}

/* ---- time management with a fake clock ---- */

/* Play a game of `moves` moves where every move uses its whole hard limit (the worst case)
 * and besides costs the clock `lag` seconds the engine does not see (a loaded machine, a
 * pipe), which the engine learns from the clocks it is told (timelag.h); check the clock
 * never falls; returns the smallest time left. */
static double fake_game_lag(int men_start, double base, double inc, int per, int moves,
                            bool soft_only, double lag, double stall)
{
    int span = men_start > 24 ? 75 : 60; /* moves until the men are gone */
    double clock = base, least = base, used = 0;
    TimeLag seen;
    timelag_reset(&seen);
    for (int m = 0; m < moves; m++) {
        EngineLimits l;
        engine_limits_default(&l);
        l.time_left = clock;
        l.increment = inc;
        l.moves_to_go = per ? per - m % per : 0;
        timelag_observe(&seen, &l, 2 * m, used);
        TimePlan plan;
        timeman_plan(&l, m < span ? men_start - m * men_start / span : 0, men_start, &seen,
                     &plan);
        CHECK(plan.timed);
        CHECK_MSG(plan.soft <= plan.hard, "move %d: soft %.3f > hard %.3f", m, plan.soft,
                  plan.hard);
        /* The search may overrun its hard limit by a poll interval (1024 nodes). */
        double stretched = plan.soft * timeman_soft_factor(3, 100);
        used = (soft_only && stretched < plan.hard ? stretched : plan.hard) + 0.001;
        /* now and then the machine stalls: `stall` seconds at once */
        clock -= used + lag + (m % 60 == 30 ? stall : 0);
        if (clock < least)
            least = clock;
        if (clock < 0) {
            CHECK_MSG(false, "flag fell on move %d (base %.1f inc %.2f per %d)", m + 1, base,
                      inc, per);
            return clock;
        }
        clock += inc;
        if (per && (m + 1) % per == 0)
            clock += base;
    }
    return least;
}

static double fake_game_on(int men_start, double base, double inc, int per, int moves,
                           bool soft_only)
{
    return fake_game_lag(men_start, base, inc, per, moves, soft_only, 0, 0);
}

static double fake_game(double base, double inc, int per, int moves, bool soft_only)
{
    return fake_game_on(24, base, inc, per, moves, soft_only);
}

/* The share of the starting clock left after `moves` moves that each took the soft limit
 * (a stable search) on a board whose game starts with `men_start` men. */
static double clock_left_after(int men_start, double base, double inc, int moves)
{
    double clock = base;
    int span = men_start > 24 ? 75 : 60;
    for (int m = 0; m < moves; m++) {
        EngineLimits l;
        engine_limits_default(&l);
        l.time_left = clock;
        l.increment = inc;
        TimePlan plan;
        timeman_plan(&l, m < span ? men_start - m * men_start / span : 0, men_start, NULL, &plan);
        clock -= plan.soft;
        clock += inc;
    }
    return clock / base;
}

static void suite_timeman_cases(void)
{
    test_case("timeman: a fixed time per move is used, less the transfer");
    EngineLimits l;
    engine_limits_default(&l);
    l.move_time = 2.0;
    TimePlan plan;
    timeman_plan(&l, 24, 24, NULL, &plan);
    CHECK(plan.timed);
    CHECK(plan.hard <= 2.0 && plan.hard >= 1.9);

    test_case("timeman: no clock, no time limit");
    engine_limits_default(&l);
    l.depth = 5;
    timeman_plan(&l, 24, 24, NULL, &plan);
    CHECK(!plan.timed);

    /* Every move at its hard limit (the worst case), then at the most the soft limit can be
     * stretched to, for games far longer than real ones. */
    for (int soft = 0; soft < 2; soft++) {
        const char *how = soft ? "the stretched soft limit" : "the hard limit";
        test_case("timeman: sudden death 60 s, %d moves at %s, no flag", soft ? 200 : 120, how);
        fake_game(60, 0, 0, soft ? 200 : 120, soft);
        test_case("timeman: blitz 3 min, %d moves at %s", soft ? 200 : 120, how);
        fake_game(180, 0, 0, soft ? 200 : 120, soft);
        test_case("timeman: 5 s sudden death, %d moves at %s", soft ? 150 : 100, how);
        fake_game(5, 0, 0, soft ? 150 : 100, soft);
        test_case("timeman: 10 s + 0.1 s, 500 moves at %s", how);
        fake_game(10, 0.1, 0, 500, soft);
        test_case("timeman: 1 s + 0.01 s, 500 moves at %s", how);
        fake_game(1, 0.01, 0, 500, soft);
        test_case("timeman: 20 min + 10 s (tie-break), 300 moves at %s", how);
        fake_game(1200, 10, 0, 300, soft);
        test_case("timeman: 1 h 10 min for 35 moves, repeating, 200 moves at %s", how);
        fake_game(4200, 0, 35, 200, soft);
        test_case("timeman: 2 h for 50 moves, 200 moves at %s", how);
        fake_game(7200, 0, 50, 200, soft);
    }

    /* The 10x10 board at the slow controls of people (4-6 hours a game) and of the programs'
     * championships (tens of minutes): its games last about 55 moves a side. */
    for (int soft = 0; soft < 2; soft++) {
        const char *how = soft ? "the stretched soft limit" : "the hard limit";
        test_case("timeman 10x10: 90 min sudden death, %d moves at %s, no flag",
                  soft ? 200 : 150, how);
        fake_game_on(40, 5400, 0, 0, soft ? 200 : 150, soft);
        test_case("timeman 10x10: 80 min + 1 min a move (FMJD), 200 moves at %s", how);
        fake_game_on(40, 4800, 60, 0, 200, soft);
        test_case("timeman 10x10: 2 h for 50 moves, repeating, 200 moves at %s", how);
        fake_game_on(40, 7200, 0, 50, 200, soft);
        test_case("timeman 10x10: 20 min + 5 s (programs), 300 moves at %s", how);
        fake_game_on(40, 1200, 5, 0, 300, soft);
    }
    test_case("timeman 10x10: a 90-minute clock is not spent before the middlegame is over");
    /* after 30 of ~55 moves at least 40% is left, and by move 55 most of it is used */
    double after30 = clock_left_after(40, 5400, 0, 30), after55 = clock_left_after(40, 5400, 0, 55);
    CHECK_MSG(after30 > 0.40, "%.2f left after 30 moves", after30);
    CHECK_MSG(after55 < 0.45, "%.2f left after 55 moves", after55);
    test_case("timeman 10x10: the first move of a long game takes less than on the 8x8 board");
    EngineLimits first;
    engine_limits_default(&first);
    first.time_left = 5400;
    TimePlan p8, p10;
    timeman_plan(&first, 24, 24, NULL, &p8);
    timeman_plan(&first, 40, 40, NULL, &p10);
    CHECK_MSG(p10.soft < p8.soft * 0.8 && p10.soft > p8.soft * 0.4, "10x10 %.1f s, 8x8 %.1f s",
              p10.soft, p8.soft);

    /* A stall of the whole machine costs the engine time it cannot see; the plan keeps
     * TIMEMAN_SAFETY on the clock for it, whatever the moves before cost. */
    test_case("timeman: 1 s + 0.01 s at the hard limit keeps 0.3 s on the clock");
    double least = fake_game(1, 0.01, 0, 500, false);
    CHECK_MSG(least >= 0.3, "least %.3f s", least);
    test_case("timeman: 10 s + 0.1 s at the hard limit keeps 0.3 s on the clock");
    least = fake_game(10, 0.1, 0, 500, false);
    CHECK_MSG(least >= 0.3, "least %.3f s", least);

    /* The clock charges each move tens of milliseconds the search does not see when the
     * machine is busy (measured: 7 of 60 games at 1 s + 0.01 s lost on time beside 8
     * builds); the engine learns it from the clocks it is told and keeps it back. Each
     * game is as long as the lag lets any player finish it: past that, even moves of no
     * time at all flag. */
    test_case("timeman: 1 s + 0.01 s, 25 ms lost a move outside the search, 45 moves");
    fake_game_lag(24, 1, 0.01, 0, 45, false, 0.025, 0);
    test_case("timeman: 3 s + 0.03 s, 50 ms lost a move outside the search, 90 moves");
    fake_game_lag(24, 3, 0.03, 0, 90, false, 0.05, 0);
    test_case("timeman: 60 s sudden death, 50 ms lost a move, 130 moves at the soft limit");
    fake_game_lag(24, 60, 0, 0, 130, true, 0.05, 0);
    test_case("timeman: 60 s sudden death, 100 ms lost a move, 115 moves at the hard limit");
    fake_game_lag(24, 60, 0, 0, 115, false, 0.1, 0);
    test_case("timeman: 5 s sudden death, 20 ms lost a move, 100 moves at the hard limit");
    fake_game_lag(24, 5, 0, 0, 100, false, 0.02, 0);
    /* Measured beside eight builds: most moves lose under a millisecond, one in a hundred
     * 30 ms, the worst 290 ms; here a stall of 300 ms every 60 moves, each move at the most
     * its soft limit can be stretched to (an unstable search). */
    test_case("timeman: 1 s + 0.01 s, a 300 ms stall every 60 moves, 150 moves");
    fake_game_lag(24, 1, 0.01, 0, 150, true, 0.001, 0.3);
    test_case("timeman: 3 s + 0.03 s, a 300 ms stall every 60 moves, 150 moves");
    fake_game_lag(24, 3, 0.03, 0, 150, true, 0.001, 0.3);
    test_case("timeman: 60 s sudden death, a 300 ms stall every 60 moves, 150 moves");
    fake_game_lag(24, 60, 0, 0, 150, true, 0.001, 0.3);

    test_case("timelag: the lag is read from two clocks of one side");
    TimeLag tl;
    timelag_reset(&tl);
    engine_limits_default(&l);
    l.time_left = 10;
    l.increment = 0.1;
    timelag_observe(&tl, &l, 6, 0);
    CHECK(tl.mean == 0 && tl.stall == 0);
    l.time_left = 10 - 0.5 + 0.1 - 0.08; /* searched 0.5 s, the clock was charged 0.58 */
    timelag_observe(&tl, &l, 8, 0.5);
    CHECK_MSG(fabs(tl.stall - 0.08) < 1e-9, "stall %.4f", tl.stall);
    CHECK_MSG(fabs(tl.mean - 0.08) < 1e-9, "mean %.4f", tl.mean);
    test_case("timelag: a lag that goes away is forgotten, a stall slowly");
    for (int i = 0; i < 10; i++) {
        l.time_left += 0.1 - 0.2;
        timelag_observe(&tl, &l, 10 + 2 * i, 0.2);
    }
    CHECK_MSG(tl.stall > 0.055 && tl.stall < 0.065, "stall %.4f", tl.stall); /* 0.08 x 0.97^10 */
    /* the first 5: (0.08 + 4 x 0) / 5, then x 0.8 six times */
    CHECK_MSG(fabs(tl.mean - 0.016 * pow(0.8, 6)) < 1e-9, "mean %.5f", tl.mean);
    test_case("timelag: a new time control or another game is no observation");
    double before = tl.stall;
    l.time_left += 60; /* a control's time added */
    timelag_observe(&tl, &l, 30, 0.2);
    CHECK(tl.stall == before);
    l.time_left -= 5;  /* a jump of plies: another game */
    timelag_observe(&tl, &l, 100, 0.2);
    CHECK(tl.stall == before);
    test_case("timelag: no clock, no observation");
    engine_limits_default(&l);
    l.depth = 8;
    timelag_observe(&tl, &l, 102, 0.2);
    CHECK(tl.stall == before && !tl.pending);

    test_case("timeman: with 50 ms left the engine answers in less");
    engine_limits_default(&l);
    l.time_left = 0.05;
    timeman_plan(&l, 10, 24, NULL, &plan);
    CHECK(plan.hard < 0.05);

    test_case("timeman: a sudden-death move takes a fair share, not the clock");
    engine_limits_default(&l);
    l.time_left = 300;
    timeman_plan(&l, 24, 24, NULL, &plan);
    CHECK(plan.soft > 2 && plan.soft < 20);
    CHECK(plan.hard < 100);

    test_case("timeman: the last move before the control may use most of the clock");
    engine_limits_default(&l);
    l.time_left = 60;
    l.moves_to_go = 1;
    timeman_plan(&l, 12, 24, NULL, &plan);
    CHECK(plan.hard > 30 && plan.hard < 60);

    test_case("timeman: instability stretches the soft limit, stability shrinks it");
    CHECK(timeman_soft_factor(0, 0) < 1.0);
    CHECK(timeman_soft_factor(2, 0) > 1.0);
    CHECK(timeman_soft_factor(0, 80) > timeman_soft_factor(0, 0));
}

/* ---- draw counters ---- */

static void play_text(ShPosition *p, DrawCounters *c, const char *move)
{
    ShMove m;
    ShError err;
    if (sh_move_parse(p, move, &m, &err) != SH_OK) {
        CHECK_MSG(false, "move %s: %s", move, err.message);
        return;
    }
    ShPosition next;
    sh_position_play(p, &m, &next);
    DrawCounters n;
    draw_step(c, p, &next, &n);
    *c = n;
    *p = next;
}

static void suite_draw_cases(void)
{
    test_case("draw: three kings against a lone king are drawn after 30 plies, not 29");
    ShPosition p = engine_test_fen("W:WKa1,Kc3,Kh2:BKd8");
    DrawCounters c;
    draw_start(&p, &c);
    const char *shuffle[4] = {"h2-g1", "d8-e7", "g1-h2", "e7-d8"};
    for (int i = 0; i < 29; i++)
        play_text(&p, &c, shuffle[i % 4]);
    CHECK(!draw_reached(&c, &p));
    CHECK_INT(draw_plies_left(&c, &p), 1);
    play_text(&p, &c, shuffle[29 % 4]);
    CHECK(draw_reached(&c, &p));
    CHECK(draw_reason(&c, &p) != SH_REASON_NONE);

    test_case("draw: 15 moves of king-only play; a man's move starts the count again");
    p = engine_test_fen("W:WKa1,Kc3,e3:BKd8,Kb8,h6");
    draw_start(&p, &c);
    const char *kings[4] = {"c3-d4", "d8-e7", "d4-c3", "e7-d8"};
    for (int i = 0; i < 20; i++)
        play_text(&p, &c, kings[i % 4]);
    CHECK_INT(c.quiet, 20);
    play_text(&p, &c, "e3-f4");
    CHECK_INT(c.quiet, 0);
    CHECK(!draw_reached(&c, &p));

    test_case("draw: three pieces against a king on the main road: 10 plies");
    p = engine_test_fen("W:WKa3,Kc1,Kh2:BKd4");
    draw_start(&p, &c);
    const char *road[4] = {"h2-g1", "d4-e5", "g1-h2", "e5-d4"};
    for (int i = 0; i < 9; i++)
        play_text(&p, &c, road[i % 4]);
    CHECK(!draw_reached(&c, &p));
    play_text(&p, &c, road[9 % 4]);
    CHECK(draw_reached(&c, &p));

    test_case("draw: with kings on both sides and 2-3 pieces the balance rule takes 10 plies");
    p = engine_test_fen("W:WKh2,a3:BKd8");
    draw_start(&p, &c);
    CHECK_INT(draw_plies_left(&c, &p), 10);
    const char *bal[4] = {"h2-g1", "d8-e7", "g1-h2", "e7-d8"};
    for (int i = 0; i < 10; i++)
        play_text(&p, &c, bal[i % 4]);
    CHECK(draw_reached(&c, &p));

    test_case("draw: the search's counts end games exactly where the arbiter does");
    {
        static const struct {
            const char *variant, *fen;
        } starts[] = {
            {"russian", "W:WKa1,Kc3,Kh2:BKd8"},    {"russian", "W:WKa1,c3,e3:BKh8,b6"},
            {"russian", "W:WKa1,Kc3,Ke5:BKh8,Kf8"}, {"russian", "B:WKb2,g3:BKe7,Kh6,d6"},
            {"russian", "W:WKc1,Ka3,Kh2:BKd4"},    {"russian", "W:WKa1,Kb2,Kc3,e3:BKh8"},
            {"brazilian", "W:WKa1,Kc3,Kh2:BKd8"},  {"brazilian", "W:WKa1,Kc3:BKd8"},
            {"brazilian", "W:WKa1,Kc3,e3:BKh8,Kf8"}, {"pool", "W:WKa1,Kc3,Kh2:BKd8"},
            {"english", "W:WKa1,Kc3,Kh2:BKd8,Kf8"}, {"italian", "W:WK29,K22,23:BK4,K3"},
            {"spanish", "W:WK29,K22:BK4,K3"},    {"czech", "W:WKa1,Kc3,e3:BKh8,Kf8"},
            {"turkish", "W:WK1,K20,37:BK60,K50"}, {"giveaway", "W:WKa1,Kc3:BKh8,Kf8"},
        };
        int nstarts = (int)(sizeof starts / sizeof starts[0]);
        uint64_t seed = 21;
        int games = 0, ended_by_count = 0;
        for (int s = 0; s < nstarts; s++)
            for (int rep = 0; rep < 40; rep++) {
                ShGameOptions o = {SH_REPETITION_AUTOMATIC, false};
                ShGame *g;
                ShVariant v = SH_VARIANT_RUSSIAN;
                sh_rules_find(starts[s].variant, &v);
                ShPosition start;
                if (sh_fen_read_variant(starts[s].fen, v, &start, NULL) != SH_OK) {
                    CHECK_MSG(false, "bad FEN %s (%s)", starts[s].fen, starts[s].variant);
                    break;
                }
                if (sh_game_new(&g, &start, &o, NULL) != SH_OK)
                    continue;
                DrawCounters dc;
                draw_start(&start, &dc);
                games++;
                for (int ply = 0; ply < 300; ply++) {
                    const ShPosition *cur = sh_game_position(g);
                    ShReason why;
                    ShResult verdict = sh_game_verdict(g, &why);
                    bool count_rule = verdict == SH_RESULT_DRAW && why != SH_REASON_REPETITION;
                    bool mine = draw_reason(&dc, cur) != SH_REASON_NONE && sh_moves_count(cur) > 0;
                    if (count_rule != mine) {
                        char f[SH_FEN_SIZE];
                        sh_fen_write(cur, false, f);
                        CHECK_MSG(false, "%s start %d ply %d %s: arbiter %s, search %s",
                                  starts[s].variant, s, ply, f,
                                  count_rule ? sh_reason_name(why) : "none",
                                  mine ? sh_reason_name(draw_reason(&dc, cur)) : "none");
                        break;
                    }
                    if (verdict != SH_RESULT_NONE) {
                        ended_by_count += count_rule;
                        break;
                    }
                    /* A random move; one that leads to a new position and gives nothing
                     * away when there is one (so that the counts end most games). */
                    ShMoveList list;
                    sh_moves_generate(cur, &list);
                    ShPosition before = *cur;
                    int pick = (int)(test_random(&seed) % (uint64_t)list.count), best = -1;
                    for (int k = 0; k < list.count; k++) {
                        int i = (pick + k) % list.count;
                        ShPosition next;
                        sh_position_play(cur, &list.moves[i], &next);
                        bool seen = false;
                        for (int j = 0; j <= sh_game_ply_count(g) && !seen; j++)
                            seen = sh_game_position_at(g, j)->key == next.key;
                        int quality = !seen + 2 * !sh_moves_capture_pending(&next);
                        if (quality > best) {
                            best = quality;
                            pick = i;
                        }
                    }
                    if (sh_game_play(g, &list.moves[pick], NULL) != SH_OK)
                        break;
                    DrawCounters next;
                    draw_step(&dc, &before, sh_game_position(g), &next);
                    dc = next;
                }
                sh_game_free(g);
            }
        CHECK_MSG(games == 40 * nstarts && ended_by_count > 10 * nstarts, "%d games, %d ended by a count",
                  games, ended_by_count);
    }

    test_case("draw: no kings, no count");
    p = engine_test_fen("W:Wa3,c3:Bf6,h6");
    draw_start(&p, &c);
    CHECK(draw_plies_left(&c, &p) > 100);
    CHECK(draw_key(&c, &p) == 0);
}

/* ---- evaluation ---- */

/* The same position seen from the other side: the board turned round, colours swapped. */
static ShPosition flip(const ShPosition *p)
{
    ShPosition f;
    sh_position_clear(&f, SH_VARIANT_RUSSIAN, sh_position_side(p) == SH_WHITE ? SH_BLACK : SH_WHITE);
    static const ShPiece swap[] = {SH_EMPTY, SH_BLACK_MAN, SH_BLACK_KING, SH_WHITE_MAN,
                                   SH_WHITE_KING};
    for (int sq = 0; sq < 32; sq++)
        sh_position_set_piece(&f, 31 - sq, swap[sh_position_piece_at(p, sq)]);
    return f;
}

static void suite_eval_cases(void)
{
    static ShPosition pos[400];
    int n = engine_test_random_positions(pos, 400, 11);
    const EvalWeights *w = eval_default_weights();
    double *weights = malloc(sizeof(double) * 2 * EVAL_FEATURES);
    eval_weights_get(w, weights);

    test_case("eval: the start position is level for the side to move (symmetry)");
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    ShPosition fs = flip(&start);
    CHECK_INT(eval_position(w, &fs), eval_position(w, &start));

    test_case("eval: 400 positions score the same with the board turned and colours swapped");
    for (int i = 0; i < n; i++) {
        ShPosition f = flip(&pos[i]);
        int a = eval_position(w, &pos[i]), b = eval_position(w, &f);
        CHECK_MSG(a == b, "position %d: %d, flipped %d", i, a, b);
        if (a != b)
            break;
    }

    test_case("eval: with random weights for every feature (patterns too) the symmetry holds");
    {
        uint64_t seed = 3;
        double *random = malloc(sizeof(double) * 2 * EVAL_FEATURES);
        for (int f = 0; f < 2 * EVAL_FEATURES; f++)
            random[f] = (double)(test_random(&seed) % 2001) / 10.0 - 100.0;
        EvalWeights *rw = malloc(sizeof *rw);
        eval_weights_set(rw, random);
        CHECK(rw->patterns_used);
        for (int i = 0; i < n; i++) {
            ShPosition f = flip(&pos[i]);
            int a = eval_position(rw, &pos[i]), b = eval_position(rw, &f);
            CHECK_MSG(a == b, "position %d: %d, flipped %d", i, a, b);
            if (a != b)
                break;
            EvalFeatures ft;
            eval_collect(&pos[i], &ft);
            double white = eval_from_features(&ft, random);
            if (white > EVAL_LIMIT || white < -EVAL_LIMIT)
                continue;
            int engine_white = sh_position_side(&pos[i]) == SH_WHITE ? a : -a;
            CHECK_MSG(fabs(white - engine_white) <= 2.0, "position %d: features %.2f, engine %d",
                      i, white, engine_white);
        }
        free(rw);
        free(random);
    }

    static const ShVariant TURNED[] = {SH_VARIANT_CANADIAN, SH_VARIANT_SPANTSIRETTI};
    for (size_t t = 0; t < sizeof TURNED / sizeof TURNED[0]; t++) {
        ShVariant tv = TURNED[t];
        int squares = sh_board_squares(tv);
        test_case("eval: on the %s board positions of random games score the same turned round",
                  sh_rules_get(tv)->name);
        static const ShPiece swap12[] = {SH_EMPTY, SH_BLACK_MAN, SH_BLACK_KING, SH_WHITE_MAN,
                                         SH_WHITE_KING};
        const EvalWeights *cw = eval_default_weights_for((int)tv);
        uint64_t seed = 12;
        int tried = 0, kings = 0;
        for (int game = 0; game < 20; game++) {
            ShPosition p;
            sh_position_start(&p, tv);
            for (int ply = 0; ply < 160; ply++) {
                ShMoveList moves;
                sh_moves_generate(&p, &moves);
                if (moves.count == 0)
                    break;
                ShPosition f;
                sh_position_clear(&f, tv,
                                  sh_position_side(&p) == SH_WHITE ? SH_BLACK : SH_WHITE);
                for (int sq = 0; sq < squares; sq++)
                    sh_position_set_piece(&f, squares - 1 - sq, swap12[sh_position_piece_at(&p, sq)]);
                int a = eval_position(cw, &p), b = eval_position(cw, &f);
                CHECK_MSG(a == b, "game %d ply %d: %d, turned round %d", game, ply, a, b);
                if (a != b)
                    break;
                tried++;
                kings += sh_position_count(&p, SH_WHITE_KING) +
                             sh_position_count(&p, SH_BLACK_KING) >
                         0;
                sh_position_play(&p, &moves.moves[test_random(&seed) % (uint64_t)moves.count], &p);
            }
        }
        CHECK_MSG(tried > 1000 && kings > 100, "%d positions, %d with kings", tried, kings);
    }

    test_case("eval: 80-square draughts: a man more is better, a king more better still, and a "
              "man nearer its crown better than one at home");
    {
        const EvalWeights *w80 = eval_default_weights_for(SH_VARIANT_SPANTSIRETTI);
        ShPosition more, less, king, home, ahead;
        CHECK_INT(sh_fen_read_variant("B:Wc3,e3,g3:Bd6,f6", SH_VARIANT_SPANTSIRETTI, &more, NULL),
                  SH_OK);
        CHECK_INT(sh_fen_read_variant("B:Wc3,e3:Bd6,f6", SH_VARIANT_SPANTSIRETTI, &less, NULL),
                  SH_OK);
        CHECK_INT(sh_fen_read_variant("B:WKc1,e3:Bd6,f6", SH_VARIANT_SPANTSIRETTI, &king, NULL),
                  SH_OK);
        CHECK_INT(sh_fen_read_variant("B:Wa1:Bj8", SH_VARIANT_SPANTSIRETTI, &home, NULL), SH_OK);
        CHECK_INT(sh_fen_read_variant("B:Wa5:Bj8", SH_VARIANT_SPANTSIRETTI, &ahead, NULL), SH_OK);
        /* scores for the side to move (Black): lower is better for White */
        CHECK(eval_position(w80, &more) < eval_position(w80, &less) - 50);
        CHECK(eval_position(w80, &king) < eval_position(w80, &less) - 100);
        CHECK(eval_position(w80, &ahead) < eval_position(w80, &home));
    }

    test_case("eval: the features the tuner sees give the evaluation the engine computes");
    for (int i = 0; i < n; i++) {
        EvalFeatures ft;
        eval_collect(&pos[i], &ft);
        double white = eval_from_features(&ft, weights);
        int engine = eval_position(w, &pos[i]);
        int engine_white = sh_position_side(&pos[i]) == SH_WHITE ? engine : -engine;
        CHECK_MSG(fabs(white - engine_white) <= 1.5, "position %d: features %.2f, engine %d", i,
                  white, engine_white);
        if (fabs(white - engine_white) > 1.5)
            break;
    }

    test_case("eval: a man more is better; a king more is better still");
    ShPosition a = engine_test_fen("W:Wa3,c3,e3:Bb6,d6"), b = engine_test_fen("W:Wa3,c3:Bb6,d6");
    CHECK(eval_position(w, &a) > eval_position(w, &b) + 50);
    ShPosition k = engine_test_fen("W:WKa1,c3:Bb6,d6");
    CHECK(eval_position(w, &k) > eval_position(w, &b) + 100);

    test_case("eval: a lone king on the main road holds three pieces (scaled down)");
    ShPosition road = engine_test_fen("W:WKc1,Ka3,Kh2:BKd4"), off = engine_test_fen("W:WKc1,Ka3,Kh2:BKd6");
    CHECK(eval_position(w, &road) < eval_position(w, &off) / 2);

    test_case("eval: the built-in weights file parses and unknown names are refused");
    char msg[200];
    CHECK(!eval_weights_parse("man 100 100\nbishop 3 3\n", weights, msg, sizeof msg));
    CHECK(strstr(msg, "line 2") != NULL);
    CHECK(!eval_weights_parse("man 100\n", weights, msg, sizeof msg));
    CHECK(eval_weights_parse("# c\n\nman 100 100 # a man\nman_psq[5] 1 2\n", weights, msg,
                             sizeof msg));
    CHECK(weights[2 * F_MAN] == 100 && weights[2 * (F_MAN_PSQ + 4) + 1] == 2);

    test_case("eval: switching off a feature group changes only that group");
    EvalWeights *copy = malloc(sizeof *copy);
    *copy = *w;
    CHECK(eval_weights_zero(copy, "runaway"));
    CHECK(copy->mg[F_RUNAWAY] == 0 && copy->mg[F_MAN] == w->mg[F_MAN]);
    CHECK(!eval_weights_zero(copy, "nonsense"));
    free(copy);
    free(weights);
}

/* ---- move ordering ---- */

static void suite_order_cases(void)
{
    Worker *w = calloc(1, sizeof *w);
    SearchShared *sh = calloc(1, sizeof *sh);
    search_params_default(&sh->params);
    w->shared = sh;

    test_case("order: the table's move first, then killers, then by history");
    ShPosition p;
    sh_position_start(&p, SH_VARIANT_RUSSIAN);
    ShMoveList list;
    sh_moves_generate(&p, &list);
    int keys[SH_MAX_MOVES];
    w->killers[3][0] = list.moves[4];
    w->killers[3][1] = list.moves[5];
    w->history[SH_WHITE][list.moves[1].from][list.moves[1].to] = 500;
    w->history[SH_WHITE][list.moves[2].from][list.moves[2].to] = 300;
    search_order_keys(w, &p, &list, 6, 3, keys);
    CHECK(keys[6] > keys[4]);
    CHECK(keys[4] > keys[5]);
    CHECK(keys[5] > keys[1]);
    CHECK(keys[1] > keys[2]);
    CHECK(keys[2] > keys[0]);

    test_case("order: captures of more pieces and of kings first");
    ShPosition c = engine_test_fen("W:Wc3,a1:Bd4,Kb2,f6,f4");
    sh_moves_generate(&c, &list);
    CHECK(list.count >= 2);
    search_order_keys(w, &c, &list, TT_NO_MOVE, 0, keys);
    for (int i = 0; i < list.count; i++)
        for (int j = 0; j < list.count; j++) {
            int pi = sh_move_capture_count(&list.moves[i]), pj = sh_move_capture_count(&list.moves[j]);
            if (pi > pj)
                CHECK(keys[i] > keys[j]);
        }

    test_case("order: on 12x12 (captured sets kept shifted) a king's capture before a man's");
    {
        /* the white man on f6 takes the man on e7 or the king on g7, one piece either way */
        ShPosition w12;
        CHECK_INT(sh_fen_read_variant("W:Wf6,a1:Be7,Kg7,l12", SH_VARIANT_CANADIAN, &w12, NULL),
                  SH_OK);
        sh_moves_generate(&w12, &list);
        CHECK_INT(list.count, 2);
        search_order_keys(w, &w12, &list, TT_NO_MOVE, 0, keys);
        int king = -1, man = -1;
        for (int i = 0; i < list.count; i++) {
            char text[SH_MOVE_TEXT_SIZE];
            CHECK_INT(sh_move_write(&w12, &list.moves[i], SH_NOTATION_SHORT, text, NULL), SH_OK);
            if (strcmp(text, "f6:h8") == 0)
                king = i;
            else if (strcmp(text, "f6:d8") == 0)
                man = i;
        }
        CHECK(king >= 0 && man >= 0);
        if (king >= 0 && man >= 0)
            CHECK(keys[king] > keys[man]);
    }

    test_case("order: with killers and history switched off, quiet moves are equal");
    sh_moves_generate(&p, &list);
    sh->params.killers = sh->params.history = false;
    search_order_keys(w, &p, &list, TT_NO_MOVE, 3, keys);
    for (int i = 1; i < list.count; i++)
        CHECK_INT(keys[i], keys[0]);
    free(w);
    free(sh);
}

/* ---- levels ---- */

static void suite_level_cases(void)
{
    test_case("level: 10 is full strength, lower levels cap the nodes and widen the margin");
    LevelParams p10, p1, p5;
    level_params(10, &p10);
    level_params(1, &p1);
    level_params(5, &p5);
    CHECK(p10.nodes == 0 && p10.margin == 0);
    CHECK(p1.nodes > 0 && p1.nodes < p5.nodes);
    CHECK(p1.margin > p5.margin);

    test_case("level: the choice stays within the margin, repeats for a seed, varies by seed");
    int scores[4] = {50, 40, 10, -200};
    int seen[4] = {0, 0, 0, 0};
    for (uint64_t seed = 0; seed < 400; seed++) {
        int i = level_choose(scores, 4, &p1, seed);
        CHECK(i >= 0 && i < 4);
        CHECK(scores[0] - scores[i] < p1.margin);
        CHECK_INT(level_choose(scores, 4, &p1, seed), i);
        seen[i]++;
    }
    CHECK(seen[0] > seen[1] && seen[1] > 0);
    CHECK_INT(seen[3], 0);

    test_case("level: a proven win is never traded away");
    int win[2] = {ENGINE_SCORE_WIN - 5, ENGINE_SCORE_WIN - 7};
    for (uint64_t seed = 0; seed < 50; seed++)
        CHECK_INT(level_choose(win, 2, &p1, seed), 0);
}

/* ---- match statistics ---- */

static void suite_stats_cases(void)
{
    test_case("stats: an even score is 0 Elo with LOS 50 percent");
    MatchScore s = {30, 40, 30};
    EloEstimate e;
    stats_elo(&s, &e);
    CHECK(fabs(e.elo) < 1e-9);
    CHECK(fabs(e.los - 0.5) < 1e-9);
    CHECK(e.margin > 20 && e.margin < 80);

    test_case("stats: 75 percent is +190.8 Elo; the interval narrows with more games");
    MatchScore a = {60, 30, 10}, b = {600, 300, 100};
    EloEstimate ea, eb;
    stats_elo(&a, &ea);
    stats_elo(&b, &eb);
    CHECK(fabs(ea.elo - 190.85) < 0.1);
    CHECK(fabs(eb.elo - 190.85) < 0.1);
    CHECK(eb.margin < ea.margin / 3);
    CHECK(ea.los > 0.999);

    test_case("stats: SPRT bounds and decisions");
    Sprt t = {0, 10, 0.05, 0.05};
    double lo, hi;
    stats_sprt_bounds(&t, &lo, &hi);
    CHECK(fabs(lo + 2.944) < 0.01 && fabs(hi - 2.944) < 0.01);
    MatchScore strong = {400, 200, 200}, weak = {200, 200, 400}, even = {10, 10, 10};
    CHECK_INT(stats_sprt(&strong, &t, NULL), SPRT_ACCEPT_H1);
    CHECK_INT(stats_sprt(&weak, &t, NULL), SPRT_ACCEPT_H0);
    CHECK_INT(stats_sprt(&even, &t, NULL), SPRT_CONTINUE);
}

/* ---- the engine of every game (play_engine.h) ---- */

/* The choice's line read back move by move through the game interface: each move legal where
 * it stands, the first the move chosen. */
static void check_line(const ShPlay *start, const PlayChoice *c)
{
    ShPlay *walk = sh_play_copy(start);
    char line[PLAY_PV_SIZE];
    snprintf(line, sizeof line, "%s", c->pv);
    int n = 0;
    for (char *tok = strtok(line, " "); tok && walk; tok = strtok(NULL, " "), n++) {
        if (n == 0)
            CHECK_STR(tok, c->move);
        ShError err;
        CHECK_MSG(sh_play_move(walk, tok, NULL, &err) == SH_OK, "pv move %d '%s': %s", n + 1,
                  tok, err.message);
    }
    CHECK(n >= 1);
    sh_play_free(walk);
}

static void play_engine_cases(void)
{
    ShError err;
    PlayEngine *engine = play_engine_create(NULL, &err);
    CHECK(engine != NULL);
    if (!engine)
        return;
    test_case("play engine: the line it expects, Russian at depth 6, played back");
    ShPlay *play = NULL;
    CHECK_INT(sh_play_new(&play, sh_kind_find("russian"), NULL, &err), SH_OK);
    PlayLimits limits = {.depth = 6, .time_left = -1};
    PlayChoice choice;
    CHECK_INT(play_engine_search(engine, play, &limits, &choice, &err), SH_OK);
    CHECK(choice.has_move);
    check_line(play, &choice);
    CHECK(strchr(choice.pv, ' ') != NULL); /* more than the move */
    sh_play_free(play);

    test_case("play engine: Belarusian's line is the king's double capture, the win in one");
    ShPlayOptions options = {.start = "8/8/8/8/5b2/2b5/8/W7 w 0"};
    CHECK_INT(sh_play_new(&play, sh_kind_find("belarusian"), &options, &err), SH_OK);
    limits.depth = 3;
    CHECK_INT(play_engine_search(engine, play, &limits, &choice, &err), SH_OK);
    CHECK_STR(choice.pv, "a1:e5:g3");
    CHECK(choice.winning);
    sh_play_free(play);

    test_case("play engine: two lines, Russian at depth 6: the second move and its score below");
    CHECK_INT(sh_play_new(&play, sh_kind_find("russian"), NULL, &err), SH_OK);
    PlayLimits two = {.depth = 6, .time_left = -1, .lines = 2};
    CHECK_INT(play_engine_search(engine, play, &two, &choice, &err), SH_OK);
    CHECK(choice.has_move && choice.has_second);
    CHECK(strcmp(choice.second, choice.move) != 0);
    CHECK(choice.second_score <= choice.score);
    ShPlayMove legal;
    CHECK_INT(sh_play_parse_move(play, choice.second, &legal, &err), SH_OK);
    sh_play_free(play);

    test_case("play engine: two lines where one move is legal: no second");
    ShPlayOptions forced = {.start = "W:Wc3:Bd4,h8"};
    CHECK_INT(sh_play_new(&play, sh_kind_find("russian"), &forced, &err), SH_OK);
    CHECK_INT(play_engine_search(engine, play, &two, &choice, &err), SH_OK);
    CHECK(choice.has_move && !choice.has_second);
    sh_play_free(play);

    test_case("play engine: corners, two lines and a move judged: their scores are the search's");
    CHECK_INT(sh_play_new(&play, sh_kind_find("corners"), NULL, &err), SH_OK);
    PlayLimits judged = {.depth = 3, .time_left = -1, .lines = 2};
    CHECK_INT(play_engine_search(engine, play, &judged, &choice, &err), SH_OK);
    CHECK(choice.has_second && !choice.has_judged);
    PlayChoice again;
    char best[SH_PLAY_MOVE_TEXT_SIZE], second[SH_PLAY_MOVE_TEXT_SIZE];
    snprintf(best, sizeof best, "%s", choice.move);
    snprintf(second, sizeof second, "%s", choice.second);
    judged.judge = best;
    CHECK_INT(play_engine_search(engine, play, &judged, &again, &err), SH_OK);
    CHECK(again.has_judged);
    CHECK_INT(again.judged_score, choice.score);
    judged.judge = second;
    CHECK_INT(play_engine_search(engine, play, &judged, &again, &err), SH_OK);
    CHECK(again.has_judged);
    CHECK_INT(again.judged_score, choice.second_score);
    CHECK_STR(again.move, choice.move);
    sh_play_free(play);

    test_case("play engine: corners, two depths: the scores the mean of depths 2 and 3");
    CHECK_INT(sh_play_new(&play, sh_kind_find("corners"), NULL, &err), SH_OK);
    PlayLimits plain = {.depth = 2, .time_left = -1, .lines = 2};
    PlayChoice two_plies, three_plies, mean;
    CHECK_INT(play_engine_search(engine, play, &plain, &two_plies, &err), SH_OK);
    plain.depth = 3;
    CHECK_INT(play_engine_search(engine, play, &plain, &three_plies, &err), SH_OK);
    plain.two_depths = true;
    CHECK_INT(play_engine_search(engine, play, &plain, &mean, &err), SH_OK);
    CHECK_INT(mean.score, (two_plies.score + three_plies.score) / 2);
    CHECK_INT(mean.second_score, (two_plies.second_score + three_plies.second_score) / 2);
    CHECK_STR(mean.move, three_plies.move);
    CHECK_INT(mean.depth, 3);
    sh_play_free(play);

    test_case("review: corners played by the engine's best moves: White's chances do not saw");
    CHECK_INT(sh_play_new(&play, sh_kind_find("corners"), NULL, &err), SH_OK);
    PlayLimits pick = {.depth = 4, .time_left = -1};
    for (int k = 0; k < 16; k++) {
        CHECK_INT(play_engine_search(engine, play, &pick, &choice, &err), SH_OK);
        CHECK_INT(sh_play_move(play, choice.move, NULL, &err), SH_OK);
    }
    Review *review = review_new(play, &err);
    CHECK(review != NULL);
    ReviewLimits depth5 = {.depth = 5};
    if (review) {
        CHECK_INT(review_run(review, engine, &depth5, NULL, NULL, &err), SH_OK);
        CHECK_INT(review->done, 17);
        double worst = 0;
        for (int k = 0; k < 16; k++) {
            const ReviewPosition *a = &review->positions[k], *b = &review->positions[k + 1];
            double wa = review_chance(review->kind, a->player == 0 ? a->score : -a->score);
            double wb = review_chance(review->kind, b->player == 0 ? b->score : -b->score);
            worst = fmax(worst, fabs(wb - wa));
            CHECK(review->moves[k].mark == REVIEW_MARK_NONE ||
                  review->moves[k].mark == REVIEW_MARK_ONLY);
        }
        /* one depth's scores (at 5, odd: the player to move ahead by a move) swing by up to 19
         * points from a position to the next and mark three of these moves; two depths' 8 */
        CHECK(worst < 0.10);
        if (worst >= 0.10)
            printf("     White's chance changed by %.3f from a position to the next\n", worst);
    }
    review_free(review);
    sh_play_free(play);

    test_case("play engine: Neva's line (four players) played back");
    CHECK_INT(sh_play_new(&play, sh_kind_find("neva"), NULL, &err), SH_OK);
    limits.depth = 3;
    CHECK_INT(play_engine_search(engine, play, &limits, &choice, &err), SH_OK);
    check_line(play, &choice);
    sh_play_free(play);
    play_engine_free(engine);
}

void suite_engine(void)
{
    play_engine_cases();
    engine_egdb_cases();
    suite_tt_cases();
    suite_timeman_cases();
    suite_draw_cases();
    suite_eval_cases();
    suite_order_cases();
    suite_level_cases();
    suite_stats_cases();
    engine_search_cases();
    engine_mate_cases();
}
