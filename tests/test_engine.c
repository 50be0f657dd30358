/* test_engine.c - the engine: transposition table, time management (a fake clock), draw
 * counters, evaluation symmetry, move ordering, levels, match statistics, and the search
 * through the public API (determinism, multipv, stop, ponder, threads, forced wins checked
 * against an independent full-width solver, the three-kings ending). */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../app/stats.h"
#include "draw.h"
#include "egdb.h"
#include "engine.h"
#include "eval.h"
#include "level.h"
#include "search.h"
#include "test.h"
#include "timeman.h"
#include "tt.h"

static ShPosition fen(const char *text)
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
static int random_positions(ShPosition *out, int max, uint64_t seed)
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
 * and check the clock never falls; returns the smallest time left. */
static double fake_game(double base, double inc, int per, int moves, bool soft_only)
{
    double clock = base, least = base;
    for (int m = 0; m < moves; m++) {
        EngineLimits l;
        engine_limits_default(&l);
        l.time_left = clock;
        l.increment = inc;
        l.moves_to_go = per ? per - m % per : 0;
        TimePlan plan;
        timeman_plan(&l, m < 60 ? 24 - m * 24 / 60 : 0, &plan);
        CHECK(plan.timed);
        CHECK_MSG(plan.soft <= plan.hard, "move %d: soft %.3f > hard %.3f", m, plan.soft,
                  plan.hard);
        /* The search may overrun its hard limit by a poll interval (1024 nodes). */
        double stretched = plan.soft * timeman_soft_factor(3, 100);
        clock -= (soft_only && stretched < plan.hard ? stretched : plan.hard) + 0.001;
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

static void suite_timeman_cases(void)
{
    test_case("timeman: a fixed time per move is used, less the transfer");
    EngineLimits l;
    engine_limits_default(&l);
    l.move_time = 2.0;
    TimePlan plan;
    timeman_plan(&l, 24, &plan);
    CHECK(plan.timed);
    CHECK(plan.hard <= 2.0 && plan.hard >= 1.9);

    test_case("timeman: no clock, no time limit");
    engine_limits_default(&l);
    l.depth = 5;
    timeman_plan(&l, 24, &plan);
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

    /* A stall of the whole machine costs the engine time it cannot see; the plan keeps
     * TIMEMAN_SAFETY on the clock for it, whatever the moves before cost. */
    test_case("timeman: 1 s + 0.01 s at the hard limit keeps 0.1 s on the clock");
    double least = fake_game(1, 0.01, 0, 500, false);
    CHECK_MSG(least >= 0.1, "least %.3f s", least);
    test_case("timeman: 10 s + 0.1 s at the hard limit keeps 0.1 s on the clock");
    least = fake_game(10, 0.1, 0, 500, false);
    CHECK_MSG(least >= 0.1, "least %.3f s", least);

    test_case("timeman: with 50 ms left the engine answers in less");
    engine_limits_default(&l);
    l.time_left = 0.05;
    timeman_plan(&l, 10, &plan);
    CHECK(plan.hard < 0.05);

    test_case("timeman: a sudden-death move takes a fair share, not the clock");
    engine_limits_default(&l);
    l.time_left = 300;
    timeman_plan(&l, 24, &plan);
    CHECK(plan.soft > 2 && plan.soft < 20);
    CHECK(plan.hard < 100);

    test_case("timeman: the last move before the control may use most of the clock");
    engine_limits_default(&l);
    l.time_left = 60;
    l.moves_to_go = 1;
    timeman_plan(&l, 12, &plan);
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
    ShPosition p = fen("W:WKa1,Kc3,Kh2:BKd8");
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
    p = fen("W:WKa1,Kc3,e3:BKd8,Kb8,h6");
    draw_start(&p, &c);
    const char *kings[4] = {"c3-d4", "d8-e7", "d4-c3", "e7-d8"};
    for (int i = 0; i < 20; i++)
        play_text(&p, &c, kings[i % 4]);
    CHECK_INT(c.quiet, 20);
    play_text(&p, &c, "e3-f4");
    CHECK_INT(c.quiet, 0);
    CHECK(!draw_reached(&c, &p));

    test_case("draw: three pieces against a king on the main road: 10 plies");
    p = fen("W:WKa3,Kc1,Kh2:BKd4");
    draw_start(&p, &c);
    const char *road[4] = {"h2-g1", "d4-e5", "g1-h2", "e5-d4"};
    for (int i = 0; i < 9; i++)
        play_text(&p, &c, road[i % 4]);
    CHECK(!draw_reached(&c, &p));
    play_text(&p, &c, road[9 % 4]);
    CHECK(draw_reached(&c, &p));

    test_case("draw: with kings on both sides and 2-3 pieces the balance rule takes 10 plies");
    p = fen("W:WKh2,a3:BKd8");
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
    p = fen("W:Wa3,c3:Bf6,h6");
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
    int n = random_positions(pos, 400, 11);
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
    ShPosition a = fen("W:Wa3,c3,e3:Bb6,d6"), b = fen("W:Wa3,c3:Bb6,d6");
    CHECK(eval_position(w, &a) > eval_position(w, &b) + 50);
    ShPosition k = fen("W:WKa1,c3:Bb6,d6");
    CHECK(eval_position(w, &k) > eval_position(w, &b) + 100);

    test_case("eval: a lone king on the main road holds three pieces (scaled down)");
    ShPosition road = fen("W:WKc1,Ka3,Kh2:BKd4"), off = fen("W:WKc1,Ka3,Kh2:BKd6");
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
    ShPosition c = fen("W:Wc3,a1:Bd4,Kb2,f6,f4");
    sh_moves_generate(&c, &list);
    CHECK(list.count >= 2);
    search_order_keys(w, &c, &list, TT_NO_MOVE, 0, keys);
    for (int i = 0; i < list.count; i++)
        for (int j = 0; j < list.count; j++) {
            int pi = sh_move_capture_count(&list.moves[i]), pj = sh_move_capture_count(&list.moves[j]);
            if (pi > pj)
                CHECK(keys[i] > keys[j]);
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

/* ---- the search through the API ---- */

/* Full-width minimax, nothing pruned. Returns n > 0 when the side to move wins in n plies,
 * -n (n >= 0) when it loses in n plies (0: it has no move now), SOLVE_NONE otherwise. */
#define SOLVE_NONE 1000

static int solve(const ShPosition *p, int depth)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    if (list.count == 0)
        return 0;
    if (depth == 0)
        return SOLVE_NONE;
    int win = SOLVE_NONE, longest_loss = 0;
    bool all_lose = true;
    for (int i = 0; i < list.count; i++) {
        ShPosition c;
        sh_position_play(p, &list.moves[i], &c);
        int r = solve(&c, depth - 1);
        if (r == SOLVE_NONE) {
            all_lose = false;
        } else if (r <= 0) {
            if (-r + 1 < win)
                win = -r + 1;
            all_lose = false;
        } else if (r + 1 > longest_loss) {
            longest_loss = r + 1;
        }
    }
    if (win != SOLVE_NONE)
        return win;
    return all_lose ? -longest_loss : SOLVE_NONE;
}

static Engine *new_engine(int threads)
{
    EngineOptions o;
    engine_options_default(&o);
    o.threads = threads;
    o.hash_mb = 8;
    ShError err;
    Engine *e = engine_create(&o, &err);
    CHECK_MSG(e != NULL, "engine_create: %s", err.message);
    return e;
}

static bool legal(const ShPosition *p, const ShMove *m)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    for (int i = 0; i < list.count; i++)
        if (sh_move_equal(&list.moves[i], m))
            return true;
    return false;
}

typedef struct Lines {
    int count;
    int multipv[256];
    int depth[256];
    int score[256];
    ShMove first[256];
} Lines;

static void collect(const EngineInfo *info, void *user)
{
    Lines *l = user;
    if (l->count < 256 && info->bound == ENGINE_BOUND_EXACT) {
        l->multipv[l->count] = info->multipv;
        l->depth[l->count] = info->depth;
        l->score[l->count] = info->score;
        l->first[l->count] = info->pv[0];
        l->count++;
    }
}

/* The CPU time the process has used: a search that keeps its time limit uses at most that
 * much per thread, however slow or busy the machine (wall time is not: a stalled machine
 * stretches it), so the limits are checked on it. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void suite_search_cases(void)
{
    ShError err;
    Engine *e = new_engine(1);
    if (!e)
        return;
    EngineLimits l;
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    EngineResult r;

    test_case("search: depth 6 from the start gives a legal move, its line and depth 6");
    engine_limits_default(&l);
    l.depth = 6;
    CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(r.has_move && legal(&start, &r.move));
    CHECK_INT(r.depth, 6);
    CHECK(r.pv_length >= 6 && sh_move_equal(&r.pv[0], &r.move));
    CHECK(!engine_score_is_win(r.score) && !engine_score_is_loss(r.score));

    test_case("search: with one thread and a depth limit two runs are identical");
    EngineResult r2;
    engine_clear(e);
    l.depth = 11;
    engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err);
    Engine *e2 = new_engine(1);
    engine_search(e2, &start, NULL, 0, &l, NULL, NULL, &r2, &err);
    CHECK(r.nodes == r2.nodes && sh_move_equal(&r.move, &r2.move) && r.score == r2.score);
    engine_free(e2);

    test_case("search: a node limit is kept exactly with one thread");
    engine_limits_default(&l);
    l.nodes = 30000;
    engine_clear(e);
    engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err);
    CHECK(r.has_move);
    CHECK_MSG(r.nodes >= 29000 && r.nodes <= 30000, "nodes %llu", (unsigned long long)r.nodes);

    test_case("search: no move is a loss on the spot");
    ShPosition lost = fen("B:Wa3,c3,d2:Bb4");
    engine_limits_default(&l);
    l.depth = 3;
    CHECK_INT(engine_search(e, &lost, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
    CHECK(!r.has_move);
    CHECK_INT(r.score, -ENGINE_SCORE_WIN);

    test_case("search: multipv 3 reports three different moves, best first");
    Lines lines;
    memset(&lines, 0, sizeof lines);
    engine_limits_default(&l);
    l.depth = 8;
    l.multipv = 3;
    engine_search(e, &start, NULL, 0, &l, collect, &lines, &r, &err);
    int last = -1;
    for (int i = 0; i < lines.count; i++)
        if (lines.depth[i] == 8)
            last = i;
    CHECK(last >= 2);
    if (last >= 2) {
        CHECK(lines.multipv[last - 2] == 1 && lines.multipv[last - 1] == 2 &&
              lines.multipv[last] == 3);
        CHECK(!sh_move_equal(&lines.first[last - 2], &lines.first[last - 1]));
        CHECK(!sh_move_equal(&lines.first[last - 1], &lines.first[last]));
        CHECK(lines.score[last - 2] >= lines.score[last - 1]);
        CHECK(lines.score[last - 1] >= lines.score[last]);
        CHECK(sh_move_equal(&lines.first[last - 2], &r.move));
    }

    test_case("search: bad limits and a second search at once are refused");
    engine_limits_default(&l);
    l.depth = 500;
    CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err), SH_ERR_ARGUMENT);
    l.depth = 0;
    l.multipv = 99;
    CHECK_INT(engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err), SH_ERR_ARGUMENT);
    engine_limits_default(&l);
    l.infinite = true;
    CHECK_INT(engine_start(e, &start, NULL, 0, &l, NULL, NULL, &err), SH_OK);
    CHECK(engine_busy(e));
    CHECK_INT(engine_start(e, &start, NULL, 0, &l, NULL, NULL, &err), SH_ERR_ARGUMENT);
    CHECK_INT(engine_set_param(e, "lmr", "0", &err), SH_ERR_ARGUMENT);

    test_case("search: engine_stop ends an infinite search with a move");
    sleep_ms(50);
    engine_stop(e);
    engine_wait(e, &r);
    CHECK(!engine_busy(e));
    CHECK(r.has_move && legal(&start, &r.move));

    test_case("search: a ponder search waits for the ponderhit, then keeps the clock");
    engine_limits_default(&l);
    l.ponder = true;
    l.time_left = 1.0;
    CHECK_INT(engine_start(e, &start, NULL, 0, &l, NULL, NULL, &err), SH_OK);
    sleep_ms(400);
    CHECK(engine_busy(e));
    double t0 = cpu_now();
    engine_ponderhit(e);
    engine_wait(e, &r);
    CHECK(r.has_move);
    CHECK_MSG(cpu_now() - t0 < 0.9, "used %.3f s of CPU after the ponderhit", cpu_now() - t0);

    test_case("search: a move time is kept");
    engine_limits_default(&l);
    l.move_time = 0.2;
    t0 = cpu_now();
    engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err);
    CHECK(r.has_move);
    CHECK_MSG(cpu_now() - t0 < 0.4, "used %.3f s of CPU", cpu_now() - t0);

    test_case("search: developer settings are checked");
    CHECK_INT(engine_set_param(e, "lmr", "0", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "lmr", "maybe", &err), SH_ERR_ARGUMENT);
    CHECK_INT(engine_set_param(e, "lmr", "3", &err), SH_ERR_ARGUMENT);
    CHECK_INT(engine_set_param(e, "lmr", "2", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "lmr", "0", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "warp", "1", &err), SH_ERR_ARGUMENT);
    CHECK_INT(engine_set_param(e, "eval-zero", "runaway", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "eval-file", "/nonexistent", &err), SH_ERR_IO);
    char list[2048];
    engine_param_list(e, list, sizeof list);
    CHECK(strstr(list, "lmr           0") != NULL);
    CHECK(strstr(list, "runaway") != NULL);
    engine_free(e);

    test_case("search: each game is evaluated with its own built-in weights, eval-zero too");
    {
        /* Giveaway: the side with fewer pieces is the better off (Russian's weights say the
         * opposite). */
        ShPosition g;
        CHECK_INT(sh_fen_read_variant("W:W29:B1,2,3,4,5,6", SH_VARIANT_GIVEAWAY, &g, &err), SH_OK);
        CHECK_INT(engine_evaluate(&g), eval_position(eval_default_weights_for(SH_VARIANT_GIVEAWAY), &g));
        CHECK(engine_evaluate(&g) > 0);
        Engine *ge = new_engine(1);
        engine_limits_default(&l);
        l.depth = 2;
        for (int pass = 0; ge && pass < 3; pass++) {
            if (pass == 1) /* an evaluation switch rebuilds the game's weights, not Russian's */
                CHECK_INT(engine_set_param(ge, "eval-zero", "runaway", &err), SH_OK);
            ShPosition p = g;
            if (pass == 2) /* back to a Russian game and then giveaway again */
                CHECK_INT(engine_search(ge, &start, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
            CHECK_INT(engine_search(ge, &p, NULL, 0, &l, NULL, NULL, &r, &err), SH_OK);
            CHECK_MSG(r.score > 0, "pass %d: score %d", pass, r.score);
        }
        engine_free(ge);
    }

    test_case("search: bad options are refused with a message");
    EngineOptions o;
    engine_options_default(&o);
    o.threads = 0;
    CHECK(engine_create(&o, &err) == NULL);
    CHECK(strstr(err.message, "threads") != NULL);

    test_case("search: two threads find a legal move and stop on time");
    e = new_engine(2);
    engine_limits_default(&l);
    l.move_time = 0.3;
    t0 = cpu_now();
    engine_search(e, &start, NULL, 0, &l, NULL, NULL, &r, &err);
    CHECK(r.has_move && legal(&start, &r.move));
    CHECK_MSG(cpu_now() - t0 < 1.2, "two threads used %.3f s of CPU", cpu_now() - t0);
    engine_free(e);
}

/* Forced wins: positions from random games, solved by full-width minimax; the engine must
 * give the same distance. */
static void suite_mate_cases(void)
{
    static ShPosition pos[3000];
    int n = random_positions(pos, 3000, 77);
    Engine *e = new_engine(1);
    if (!e)
        return;
    int checked = 0;
    for (int i = 0; i < n && checked < 40; i++) {
        int pieces = sh_position_count(&pos[i], SH_WHITE_MAN) + sh_position_count(&pos[i], SH_WHITE_KING) +
                     sh_position_count(&pos[i], SH_BLACK_MAN) + sh_position_count(&pos[i], SH_BLACK_KING);
        if (pieces > 9)
            continue;
        int d = solve(&pos[i], 5);
        if (d == 0 || d == SOLVE_NONE)
            continue;
        checked++;
        char f[SH_FEN_SIZE];
        sh_fen_write(&pos[i], false, f);
        test_case("mate: %s: %s in %d plies", f, d > 0 ? "win" : "loss", d > 0 ? d : -d);
        EngineLimits l;
        engine_limits_default(&l);
        l.depth = (d > 0 ? d : -d) + 4;
        EngineResult r;
        engine_clear(e);
        engine_search(e, &pos[i], NULL, 0, &l, NULL, NULL, &r, NULL);
        int expect = d > 0 ? ENGINE_SCORE_WIN - d : -ENGINE_SCORE_WIN - d; /* d < 0: -n */
        CHECK_MSG(r.score == expect, "engine %d, solver %d", r.score, expect);
    }
    test_case("mate: enough solved positions");
    CHECK(checked >= 20);

    test_case("mate: three kings holding the main road beat a lone king (Petrov's triangle)");
    static const char *const won[] = {"W:WKa1,Kc3,Kh2:BKd8", "B:WKb2,Ke5,Kc1:BKh6"};
    for (int i = 0; i < 2; i++) {
        ShPosition p = fen(won[i]);
        EngineLimits l;
        engine_limits_default(&l);
        l.depth = 21;
        EngineResult r;
        engine_clear(e);
        engine_search(e, &p, NULL, 0, &l, NULL, NULL, &r, NULL);
        bool stm_strong = sh_position_side(&p) == SH_WHITE;
        if (stm_strong)
            CHECK_MSG(engine_score_is_win(r.score) && engine_score_plies(r.score) < 30,
                      "%s: score %d", won[i], r.score);
        else
            CHECK_MSG(engine_score_is_loss(r.score) && engine_score_plies(r.score) < 30,
                      "%s: score %d", won[i], r.score);
    }

    test_case("mate: a lone king on the main road holds three kings");
    ShPosition road = fen("W:WKc1,Ka3,Kh2:BKd4");
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = 14;
    EngineResult r;
    engine_clear(e);
    engine_search(e, &road, NULL, 0, &l, NULL, NULL, &r, NULL);
    CHECK_MSG(!engine_score_is_win(r.score) && r.score < 200, "score %d", r.score);

    test_case("mate: with the 15-move count nearly run out three kings cannot win");
    ShPosition p = fen("W:WKa1,Kc3,Kh2:BKd8");
    ShPosition history[26];
    const char *shuffle[4] = {"h2-g1", "d8-e7", "g1-h2", "e7-d8"};
    for (int i = 0; i < 26; i++) {
        history[i] = p;
        ShMove m;
        sh_move_parse(&p, shuffle[i % 4], &m, NULL);
        sh_position_play(&p, &m, &p);
    }
    engine_clear(e);
    l.depth = 12;
    engine_search(e, &p, history, 26, &l, NULL, NULL, &r, NULL);
    CHECK_MSG(!engine_score_is_win(r.score) || engine_score_plies(r.score) <= 4, "score %d",
              r.score);
    engine_free(e);
}

/* ---- endgame tables ---- */

static int solve(const ShPosition *p, int depth);

static ShPosition random_kings(uint64_t *seed, int mine, int theirs)
{
    ShPosition p;
    sh_position_clear(&p, SH_VARIANT_RUSSIAN, test_random(seed) & 1 ? SH_WHITE : SH_BLACK);
    int placed = 0;
    while (placed < mine + theirs) {
        int sq = (int)(test_random(seed) % 32);
        if (sh_position_piece_at(&p, sq) != SH_EMPTY)
            continue;
        bool white = (placed < mine) == (sh_position_side(&p) == SH_WHITE);
        sh_position_set_piece(&p, sq, white ? SH_WHITE_KING : SH_BLACK_KING);
        placed++;
    }
    return p;
}

static void suite_egdb_cases(void)
{
    test_case("egdb: three kings holding the main road win against a lone king, in 17 plies");
    ShPosition p = fen("W:WKa1,Kc3,Kh2:BKd8");
    CHECK(egdb_covers(&p));
    EgdbValue v = egdb_probe(&p);
    CHECK_INT(v.result, EGDB_WIN);
    CHECK_INT(v.end, 17);
    p = fen("B:WKa1,Kc3,Kh2:BKd8");
    v = egdb_probe(&p);
    CHECK_INT(v.result, EGDB_LOSS);

    test_case("egdb: a lone king on the main road holds three kings; men are not covered");
    p = fen("W:WKc1,Ka3,Kh2:BKd4");
    CHECK_INT(egdb_probe(&p).result, EGDB_DRAW);
    p = fen("W:WKc1,a3:BKd4");
    CHECK(!egdb_covers(&p));
    p = fen("W:WKc1,Ka3,Kh2,Kg1:BKd4");
    CHECK(!egdb_covers(&p));

    test_case("egdb: values agree with their moves, 3000 random positions of each ending");
    uint64_t seed = 99;
    static const int mine[] = {1, 2, 1, 3, 1, 2}, theirs[] = {1, 1, 2, 1, 3, 2};
    int bad = 0, wins = 0, losses = 0;
    for (int c = 0; c < 6 && bad < 5; c++)
        for (int n = 0; n < 3000 && bad < 5; n++) {
            ShPosition q = random_kings(&seed, mine[c], theirs[c]);
            EgdbValue x = egdb_probe(&q);
            ShMoveList list;
            sh_moves_generate(&q, &list);
            int limit = egdb_limit(mine[c] + theirs[c]);
            /* After a capture the count starts again; after a quiet move it runs on, so the
             * child must convert one ply sooner (within limit - 1 plies for a draw). */
            int budget = x.result == EGDB_DRAW ? limit : x.conversion;
            bool win_child = false, all_win = list.count > 0;
            for (int i = 0; i < list.count; i++) {
                ShPosition child;
                sh_position_play(&q, &list.moves[i], &child);
                if (!child.pieces[child.side]) {
                    win_child = true;
                    all_win = false;
                    continue;
                }
                EgdbValue y = egdb_probe(&child);
                bool capture = list.moves[i].captured != 0;
                if (y.result == EGDB_LOSS && (capture || y.conversion <= budget - 1))
                    win_child = true;
                if (y.result != EGDB_WIN || (!capture && y.conversion > budget - 1))
                    all_win = false;
            }
            bool ok = x.result == EGDB_WIN    ? win_child && x.conversion <= limit
                      : x.result == EGDB_LOSS ? (all_win || list.count == 0) && x.conversion <= limit
                                              : !win_child && !all_win;
            wins += x.result == EGDB_WIN;
            losses += x.result == EGDB_LOSS;
            if (!ok) {
                char f[SH_FEN_SIZE];
                sh_fen_write(&q, false, f);
                CHECK_MSG(false, "%s: result %d conversion %d", f, x.result, x.conversion);
                bad++;
            }
        }
    CHECK(wins > 100 && losses > 100);

    test_case("egdb: every short forced win or loss the full-width solver finds is in the tables");
    seed = 7;
    int found = 0;
    for (int n = 0; n < 4000 && found < 200; n++) {
        int c = (int)(test_random(&seed) % 6);
        ShPosition q = random_kings(&seed, mine[c], theirs[c]);
        int d = solve(&q, 4);
        if (d == SOLVE_NONE || d == 0)
            continue;
        found++;
        EgdbValue x = egdb_probe(&q);
        CHECK_MSG(x.result == (d > 0 ? EGDB_WIN : EGDB_LOSS), "solver %d, tables %d", d, x.result);
    }
    CHECK(found >= 100);
}

void suite_engine(void)
{
    suite_egdb_cases();
    suite_tt_cases();
    suite_timeman_cases();
    suite_draw_cases();
    suite_eval_cases();
    suite_order_cases();
    suite_level_cases();
    suite_stats_cases();
    suite_search_cases();
    suite_mate_cases();
}
