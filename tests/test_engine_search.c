/* test_engine_search.c - the search through the engine's public API: determinism, multipv,
 * stop, ponder, threads, forced wins checked against an independent full-width solver, the
 * three-kings ending, and the endgame tables in search. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "egdb.h"
#include "engine.h"
#include "eval.h"
#include "test.h"
#include "test_engine.h"

/* ---- the search through the API ---- */

/* Full-width minimax, nothing pruned. Returns n > 0 when the side to move wins in n plies,
 * -n (n >= 0) when it loses in n plies (0: it has no move now), PLAIN_NONE otherwise. */
#define PLAIN_NONE 1000

static int solve(const ShPosition *p, int depth)
{
    ShMoveList list;
    sh_moves_generate(p, &list);
    if (list.count == 0)
        return 0;
    if (depth == 0)
        return PLAIN_NONE;
    int win = PLAIN_NONE, longest_loss = 0;
    bool all_lose = true;
    for (int i = 0; i < list.count; i++) {
        ShPosition c;
        sh_position_play(p, &list.moves[i], &c);
        int r = solve(&c, depth - 1);
        if (r == PLAIN_NONE) {
            all_lose = false;
        } else if (r <= 0) {
            if (-r + 1 < win)
                win = -r + 1;
            all_lose = false;
        } else if (r + 1 > longest_loss) {
            longest_loss = r + 1;
        }
    }
    if (win != PLAIN_NONE)
        return win;
    return all_lose ? -longest_loss : PLAIN_NONE;
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

void engine_search_cases(void)
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
    ShPosition lost = engine_test_fen("B:Wa3,c3,d2:Bb4");
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
static void board10_ending_cases(Engine *e);

void engine_mate_cases(void)
{
    static ShPosition pos[3000];
    int n = engine_test_random_positions(pos, 3000, 77);
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
        if (d == 0 || d == PLAIN_NONE)
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
        ShPosition p = engine_test_fen(won[i]);
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
    ShPosition road = engine_test_fen("W:WKc1,Ka3,Kh2:BKd4");
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = 14;
    EngineResult r;
    engine_clear(e);
    engine_search(e, &road, NULL, 0, &l, NULL, NULL, &r, NULL);
    CHECK_MSG(!engine_score_is_win(r.score) && r.score < 200, "score %d", r.score);

    test_case("mate: with the 15-move count nearly run out three kings cannot win");
    ShPosition p = engine_test_fen("W:WKa1,Kc3,Kh2:BKd8");
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
    board10_ending_cases(e);
    engine_free(e);
}

/* ---- the 10x10 endings a program is expected to know ---- */

static ShPosition fen10(const char *text)
{
    ShPosition p;
    ShError err;
    if (sh_fen_read_variant(text, SH_VARIANT_INTERNATIONAL, &p, &err) != SH_OK) {
        CHECK_MSG(false, "bad FEN %s: %s", text, err.message);
        sh_position_start(&p, SH_VARIANT_INTERNATIONAL);
    }
    return p;
}

static EngineResult search10(Engine *e, const ShPosition *p, const ShPosition *history, int n,
                             int depth, uint64_t nodes)
{
    EngineLimits l;
    engine_limits_default(&l);
    l.depth = depth;
    l.nodes = nodes;
    EngineResult r;
    engine_search(e, p, history, n, &l, NULL, NULL, &r, NULL);
    return r;
}

/* A shot one ply beyond a depth-1 search: after any quiet Black move, White gives a man up
 * (32-28 23x32) and takes two back (38x27x18) by the majority rule. A depth-12 search finds
 * Black's answer (23-28, giving the man back at once); a depth-1 search standing pat at the
 * leaves does not see the shot, one that tries the quiet moves that give a piece up (the
 * shots setting) does, and plays the deep search's move. */
static void board10_shot_cases(Engine *e)
{
    test_case("10x10 quiescence: shots seen one ply beyond the search (shots=1)");
    ShPosition p = fen10("B:W32,33,38,43,45:B22,23,1,2,3,4");
    ShError err;
    engine_clear(e);
    EngineResult deep = search10(e, &p, NULL, 0, 12, 0);
    CHECK_INT(engine_set_param(e, "shots", "0", &err), SH_OK);
    engine_clear(e);
    EngineResult blind = search10(e, &p, NULL, 0, 1, 0);
    CHECK_INT(engine_set_param(e, "shots", "1", &err), SH_OK);
    engine_clear(e);
    EngineResult seen = search10(e, &p, NULL, 0, 1, 0);
    CHECK_INT(engine_set_param(e, "shots", "0", &err), SH_OK);
    CHECK(deep.has_move && seen.has_move && blind.has_move);
    CHECK_MSG(sh_move_equal(&seen.move, &deep.move), "depth 1 with shots and depth 12 differ");
    CHECK_MSG(!sh_move_equal(&blind.move, &deep.move), "depth 1 without shots found it");
    /* the shot costs Black a man the blind search counts as still its own */
    CHECK_MSG(blind.score - seen.score >= 80, "blind %d, with shots %d", blind.score,
              seen.score);
}

static void board10_ending_cases(Engine *e)
{
    board10_shot_cases(e);
    test_case("10x10 ending: three kings against a lone king on the long diagonal: a draw");
    static const char *const road[] = {"W:WK35,K45,K49:BK46", "W:WK1,K2,K3:BK28",
                                       "B:WK30,K44,K48:BK19"};
    for (int i = 0; i < 3; i++) {
        engine_clear(e);
        ShPosition p = fen10(road[i]);
        EngineResult r = search10(e, &p, NULL, 0, 12, 0);
        int strong = sh_position_side(&p) == SH_WHITE ? r.score : -r.score;
        CHECK_MSG(strong < 60 && !engine_score_is_win(strong), "%s: %d", road[i], r.score);
    }
    test_case("10x10 ending: two kings, or a king and a man, against a king: a draw");
    static const char *const two[] = {"W:WK35,K45:BK3", "W:WK35,20:BK3"};
    for (int i = 0; i < 2; i++) {
        engine_clear(e);
        ShPosition p = fen10(two[i]);
        EngineResult r = search10(e, &p, NULL, 0, 12, 0);
        CHECK_MSG(r.score < 60 && !engine_score_is_win(r.score), "%s: %d", two[i], r.score);
    }
    test_case("10x10 ending: three kings against a king off the diagonal are still a plus");
    engine_clear(e);
    ShPosition off = fen10("B:WK1,K2,K3:BK25");
    CHECK_MSG(eval_position(eval_default_weights_for(SH_VARIANT_INTERNATIONAL), &off) < -200,
              "eval %d", eval_position(eval_default_weights_for(SH_VARIANT_INTERNATIONAL), &off));

    /* Four kings beat a king on the long diagonal: played out by the engine on both sides at
     * a modest node count, the lone king is taken before the 25-move rule draws the game. */
    static const char *const four[] = {"W:WK1,K2,K3,K4:BK28", "W:WK35,K45,K49,K50:BK46",
                                       "B:WK6,K16,K26,K36:BK23"};
    for (int i = 0; i < 3; i++) {
        test_case("10x10 ending: four kings take a lone king on the long diagonal (%s)", four[i]);
        ShPosition history[64];
        ShPosition p = fen10(four[i]);
        int plies = 0;
        engine_clear(e);
        while (plies < 50 && sh_position_count(&p, SH_BLACK_KING) > 0) {
            history[plies] = p;
            EngineResult r = search10(e, &p, history, plies, 0, 200000);
            if (!r.has_move)
                break;
            sh_position_play(&p, &r.move, &p);
            plies++;
        }
        CHECK_MSG(sh_position_count(&p, SH_BLACK_KING) == 0, "lone king alive after %d plies",
                  plies);
    }
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

void engine_egdb_cases(void)
{
    test_case("egdb: three kings holding the main road win against a lone king, in 17 plies");
    ShPosition p = engine_test_fen("W:WKa1,Kc3,Kh2:BKd8");
    CHECK(egdb_covers(&p));
    EgdbValue v = egdb_probe(&p);
    CHECK_INT(v.result, EGDB_WIN);
    CHECK_INT(v.end, 17);
    p = engine_test_fen("B:WKa1,Kc3,Kh2:BKd8");
    v = egdb_probe(&p);
    CHECK_INT(v.result, EGDB_LOSS);

    test_case("egdb: a lone king on the main road holds three kings; men are not covered");
    p = engine_test_fen("W:WKc1,Ka3,Kh2:BKd4");
    CHECK_INT(egdb_probe(&p).result, EGDB_DRAW);
    p = engine_test_fen("W:WKc1,a3:BKd4");
    CHECK(!egdb_covers(&p));
    p = engine_test_fen("W:WKc1,Ka3,Kh2,Kg1:BKd4");
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
        if (d == PLAIN_NONE || d == 0)
            continue;
        found++;
        EgdbValue x = egdb_probe(&q);
        CHECK_MSG(x.result == (d > 0 ? EGDB_WIN : EGDB_LOSS), "solver %d, tables %d", d, x.result);
    }
    CHECK(found >= 100);
}

