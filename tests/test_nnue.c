/* test_nnue.c - the learned evaluation (engine/nnue.h): the built-in networks, the SIMD kernels
 * against portable C, the incremental accumulator against a fresh one along random lines that
 * branch as a search does, the board turned round, the files, the engine's settings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "eval.h"
#include "nnue.h"
#include "test.h"

/* Positions of games of random moves (deterministic for a seed). */
static int random_positions(ShVariant variant, ShPosition *out, int max, uint64_t seed)
{
    int n = 0;
    while (n < max) {
        ShPosition p;
        sh_position_start(&p, variant);
        for (int ply = 0; ply < 200 && n < max; ply++) {
            ShMoveList list;
            sh_moves_generate(&p, &list);
            if (list.count == 0)
                break;
            sh_position_play(&p, &list.moves[test_random(&seed) % (uint64_t)list.count], &p);
            if (test_random(&seed) % 3 == 0)
                out[n++] = p;
        }
    }
    return n;
}

/* The board turned round, the colours swapped, the other side to move. */
static ShPosition turned(const ShPosition *p, int squares)
{
    static const ShPiece swap[] = {SH_EMPTY, SH_BLACK_MAN, SH_BLACK_KING, SH_WHITE_MAN,
                                   SH_WHITE_KING};
    ShPosition f;
    sh_position_clear(&f, (ShVariant)p->variant,
                      sh_position_side(p) == SH_WHITE ? SH_BLACK : SH_WHITE);
    for (int sq = 0; sq < squares; sq++)
        sh_position_set_piece(&f, squares - 1 - sq, swap[sh_position_piece_at(p, sq)]);
    return f;
}

static bool same_accumulator(const NnueAccumulator *a, const NnueAccumulator *b)
{
    return memcmp(a->v, b->v, sizeof a->v) == 0;
}

static void game_cases(ShVariant variant, const char *name, int squares)
{
    const NnueNet *net = nnue_builtin((int)variant);
    const EvalWeights *classic = eval_default_weights_for((int)variant);
    test_case("nnue %s: a network is built in and fits the game only", name);
    CHECK(net != NULL);
    if (!net)
        return;
    CHECK_INT(net->squares, squares);
    CHECK(nnue_fits(net, (int)variant));
    CHECK(!nnue_fits(net, variant == SH_VARIANT_RUSSIAN ? SH_VARIANT_INTERNATIONAL
                                                        : SH_VARIANT_RUSSIAN));
    CHECK(!nnue_fits(net, SH_VARIANT_BRAZILIAN));

    enum { N = 2000 };
    static ShPosition pos[N];
    random_positions(variant, pos, N, 7 + (uint64_t)squares);

    /* both kernels this processor runs: AVX2 where it has it, and the build's own */
    NnueNet *other = malloc(sizeof *other);
    *other = *net;
    other->avx2 = false;
    const NnueNet *nets[2] = {net, other};
    for (int k = 0; k < (net->avx2 ? 2 : 1); k++) {
        test_case("nnue %s: the %s kernels give the portable numbers on %d positions", name,
                  nnue_kernels(nets[k]), N);
        int differ = 0, nonzero = 0;
        for (int i = 0; i < N; i++) {
            NnueAccumulator acc;
            nnue_refresh(net, &pos[i], &acc);
            for (int side = 0; side < 2; side++) {
                int32_t a = nnue_output(nets[k], &acc, side);
                int32_t b = nnue_output_portable(nets[k], &acc, side);
                differ += a != b;
                nonzero += a != 0;
            }
        }
        CHECK_INT(differ, 0);
        CHECK_MSG(nonzero > N, "%d outputs not zero", nonzero); /* a network that says things */
    }
    free(other);

    test_case("nnue %s: a residual network whose output layer says nothing scores as the "
              "classical evaluation", name);
    {
        NnueNet *silent = malloc(sizeof *silent);
        *silent = *net;
        silent->residual = true;
        silent->out_bias = 0;
        memset(silent->out_weight, 0, sizeof silent->out_weight);
        int differ = 0;
        for (int i = 0; i < N; i++)
            differ += nnue_evaluate_position(silent, &pos[i], classic) !=
                      eval_position(classic, &pos[i]);
        CHECK_INT(differ, 0);
        free(silent);
    }

    test_case("nnue %s: the network's term lies within its bounds, and the lazy evaluation "
              "is the score or a bound of it on the right side of the window", name);
    {
        NnueAccumulator *stack = calloc(4, sizeof *stack);
        int outside = 0, lazy = 0, wrong = 0, seen_low = 0, seen_high = 0;
        for (int i = 0; i < N && stack; i++) {
            int full = nnue_evaluate_position(net, &pos[i], classic);
            int term = full - eval_position(classic, &pos[i]);
            if (abs(full) < EVAL_LIMIT) {
                outside += term < net->low || term > net->high;
                seen_low = term < seen_low ? term : seen_low;
                seen_high = term > seen_high ? term : seen_high;
            }
            for (int alpha = -400; alpha <= 400; alpha += 50) {
                int beta = alpha + 1 + (i % 3) * 40;
                int v = nnue_evaluate_lazy(net, stack, i % 4, &pos[i], classic, alpha, beta);
                if (v != full) {
                    lazy++;
                    /* a fail-soft bound: at most alpha and no lower than the score, or at
                     * least beta and no higher */
                    wrong += !((v <= alpha && full <= v) || (v >= beta && full >= v));
                }
            }
        }
        CHECK(stack != NULL);
        CHECK_MSG(outside == 0, "%d terms outside [%d, %d]", outside, net->low, net->high);
        CHECK_MSG(wrong == 0, "%d lazy scores on the wrong side of the window", wrong);
        /* the bounds are near what the network says, and the lazy path is taken */
        CHECK_MSG(seen_high > net->high / 3 && lazy > N, "term %d..%d of [%d, %d], %d lazy",
                  seen_low, seen_high, net->low, net->high, lazy);
        free(stack);
    }

    test_case("nnue %s: every input is one piece, for both points of view", name);
    for (int i = 0; i < 50; i++) {
        int f[2][64];
        int nw = nnue_features(net, &pos[i], SH_WHITE, f[0]);
        int nb = nnue_features(net, &pos[i], SH_BLACK, f[1]);
        int pieces = sh_position_count(&pos[i], SH_WHITE_MAN) +
                     sh_position_count(&pos[i], SH_WHITE_KING) +
                     sh_position_count(&pos[i], SH_BLACK_MAN) +
                     sh_position_count(&pos[i], SH_BLACK_KING);
        CHECK_INT(nw, pieces);
        CHECK_INT(nb, pieces);
        for (int k = 0; k < nw; k++)
            CHECK(f[0][k] >= 0 && f[0][k] < 4 * squares && f[1][k] >= 0 && f[1][k] < 4 * squares);
    }

    test_case("nnue %s: the score is the same with the board turned and the colours swapped",
              name);
    for (int i = 0; i < N; i++) {
        ShPosition f = turned(&pos[i], squares);
        int a = nnue_evaluate_position(net, &pos[i], classic),
            b = nnue_evaluate_position(net, &f, classic);
        CHECK_MSG(a == b, "position %d: %d, turned %d", i, a, b);
        if (a != b)
            break;
    }

    test_case("nnue %s: the incremental accumulator equals a fresh one along branching lines",
              name);
    {
        static NnueAccumulator stack[ENGINE_MAX_PLY + 2];
        ShPosition path[ENGINE_MAX_PLY + 2];
        uint64_t seed = 99;
        int checked = 0, updated = 0, bad = 0;
        for (int line = 0; line < 40 && !bad; line++) {
            for (int i = 0; i < ENGINE_MAX_PLY + 2; i++)
                stack[i].valid = false;
            sh_position_start(&path[0], variant);
            int ply = 0;
            for (int step = 0; step < 400 && !bad; step++) {
                NnueAccumulator before[3];
                for (int b = 0; b < 3 && b <= ply; b++)
                    before[b] = stack[ply - b];
                int score = nnue_evaluate(net, stack, ply, &path[ply], classic);
                NnueAccumulator fresh;
                nnue_refresh(net, &path[ply], &fresh);
                checked++;
                for (int b = 0; b < 3 && b <= ply; b++)
                    updated += before[b].valid && nnue_changes(&before[b], &path[ply]) > 0 &&
                               nnue_changes(&before[b], &path[ply]) < 4;
                if (!same_accumulator(&stack[ply], &fresh) ||
                    score != nnue_evaluate_position(net, &path[ply], classic))
                    bad = 1;
                ShMoveList list;
                sh_moves_generate(&path[ply], &list);
                uint64_t r = test_random(&seed);
                if (list.count == 0 || ply >= ENGINE_MAX_PLY - 1 || r % 5 == 0) {
                    /* back up a few plies, as a search returns to try a sibling */
                    ply = ply > 3 ? ply - 1 - (int)(r / 5 % 3) : 0;
                    continue;
                }
                sh_position_play(&path[ply], &list.moves[r / 5 % (uint64_t)list.count],
                                 &path[ply + 1]);
                ply++;
            }
        }
        CHECK_MSG(!bad, "an incremental accumulator differs from a fresh one");
        CHECK_MSG(checked > 10000 && updated > checked / 2, "%d checked, %d from a near one",
                  checked, updated);
    }
}

static void file_cases(void)
{
    const char *path = "build/test-nnue.tmp";
    NnueNet *net = malloc(sizeof *net);
    char message[200];

    test_case("nnue: a file that is not a network, or is cut short, is refused with a message");
    FILE *f = fopen(path, "wb");
    fputs("SHNNUE1\nnot a network of any size", f);
    fclose(f);
    CHECK(!nnue_load_file(net, path, message, sizeof message));
    CHECK(strstr(message, "squares") != NULL);
    f = fopen(path, "wb");
    fputs("weights\n", f);
    fclose(f);
    CHECK(!nnue_load_file(net, path, message, sizeof message));
    CHECK_STR(message, "not a network file");
    CHECK(!nnue_load_file(net, "build/no-such-network", message, sizeof message));

    test_case("nnue: the engine's eval and nnue-file settings");
    ShError err;
    Engine *e = engine_create(NULL, &err);
    CHECK(e != NULL);
    char list[4096];
    engine_param_list(e, list, sizeof list);
    CHECK(strstr(list, "eval          default") != NULL);
    CHECK_INT(engine_set_param(e, "eval", "nnue", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "eval", "classic", &err), SH_OK);
    CHECK(engine_set_param(e, "eval", "neural", &err) != SH_OK);
    CHECK(engine_set_param(e, "nnue-file", "build/no-such-network", &err) != SH_OK);
    CHECK(engine_param_known("nnue-file") && engine_param_known("eval"));
    engine_param_list(e, list, sizeof list);
    CHECK(strstr(list, "eval          classic") != NULL);
    CHECK(!nnue_default(SH_VARIANT_INTERNATIONAL) && !nnue_default(SH_VARIANT_RUSSIAN) &&
          !nnue_default(SH_VARIANT_BRAZILIAN));
    CHECK_INT(engine_set_param(e, "eval", "default", &err), SH_OK);
    CHECK_INT(engine_set_param(e, "eval", "nnue", &err), SH_OK);
    engine_param_list(e, list, sizeof list);
    CHECK(strstr(list, "eval          nnue") != NULL);

    test_case("nnue: a search with the network plays a legal move from the start, near level");
    {
        ShPosition p;
        sh_position_start(&p, SH_VARIANT_RUSSIAN);
        EngineLimits limits;
        engine_limits_default(&limits);
        limits.depth = 8;
        EngineResult r;
        CHECK_INT(engine_search(e, &p, NULL, 0, &limits, NULL, NULL, &r, &err), SH_OK);
        ShMoveList list_moves;
        sh_moves_generate(&p, &list_moves);
        bool legal = false;
        for (int i = 0; i < list_moves.count; i++)
            legal |= list_moves.moves[i].from == r.move.from && list_moves.moves[i].to == r.move.to;
        CHECK(legal);
        CHECK_MSG(r.score > -50 && r.score < 50, "score %d", r.score); /* the start is level */
    }
    engine_free(e);
    free(net);
    remove(path);
}

void suite_nnue(void)
{
    game_cases(SH_VARIANT_RUSSIAN, "russian", 32);
    game_cases(SH_VARIANT_INTERNATIONAL, "international", 50);
    file_cases();
}
