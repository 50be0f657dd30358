/* test_other_engine.c - the generic search of the other games (engine/other_search.h), suite
 * `other-engine`.
 *
 * The search is checked first on a game small enough to know by hand, defined here (and only
 * here): Nim with one heap, each player taking 1, 2 or 3 stones, who takes the last stone wins.
 * With two players a heap of k stones is lost for the side to move exactly when k % 4 == 0 (the
 * winning move leaves a multiple of 4). With three, the paranoid search is checked on positions
 * where the mover wins at once or cannot stop the coalition.
 *
 * Then every searchable game of the list plays itself to its end at a low depth, each move
 * checked against the legal moves; the game lengths and results are printed. */
#include <stdlib.h>
#include <string.h>

#include "other_search.h"
#include "shashki_other.h"
#include "test.h"

typedef struct Nim {
    int stones, to_move, players, last; /* last: who took the last stone, -1 */
} Nim;

static const Nim *nim(const ShOtherState *st)
{
    return (const Nim *)st->bytes;
}

static ShStatus nim_parse(ShOtherState *st, const char *text, ShError *err)
{
    Nim n = {0, 0, 2, -1};
    if (sscanf(text, "%d/%d/%d", &n.stones, &n.to_move, &n.players) != 3) {
        if (err)
            err->code = SH_ERR_SYNTAX;
        return SH_ERR_SYNTAX;
    }
    memset(st, 0, sizeof *st);
    memcpy(st->bytes, &n, sizeof n);
    return SH_OK;
}

static ShStatus nim_start(ShOtherState *st, const char *settings, ShError *err)
{
    (void)settings;
    return nim_parse(st, "12/0/2", err);
}

static size_t nim_format(const ShOtherState *st, char *out, size_t size)
{
    const Nim *n = nim(st);
    return (size_t)snprintf(out, size, "%d/%d/%d", n->stones, n->to_move, n->players);
}

static void nim_board(const ShOtherState *st, ShGeometry *b)
{
    (void)st;
    memset(b, 0, sizeof *b);
    b->cell_count = 32;
    b->width = 32;
    b->height = 1;
    for (int i = 0; i < 32; i++) {
        b->cell[i].x = (float)i + 0.5f;
        b->cell[i].y = 0.5f;
        snprintf(b->cell[i].name, sizeof b->cell[i].name, "c%d", i + 1);
    }
}

static ShUnit nim_piece(const ShOtherState *st, int cell)
{
    return cell < nim(st)->stones ? (ShUnit){SH_UNIT_PIECE, 0} : (ShUnit){0, 0};
}

static int nim_to_move(const ShOtherState *st)
{
    return nim(st)->to_move;
}

static int nim_moves(const ShOtherState *st, ShOtherMove *out)
{
    const Nim *n = nim(st);
    int k = 0;
    for (int take = 1; take <= 3 && take <= n->stones; take++) {
        memset(&out[k], 0, sizeof out[k]);
        out[k].kind = SH_MOVE_PLACE;
        out[k].length = 1;
        out[k].path[0] = (uint8_t)(n->stones - take); /* the cell the heap ends at */
        out[k].owner = (uint8_t)n->to_move;
        k++;
    }
    return k;
}

static void nim_make(ShOtherState *st, const ShOtherMove *m)
{
    Nim *n = (Nim *)st->bytes;
    n->stones = m->path[0];
    if (n->stones == 0)
        n->last = n->to_move;
    n->to_move = (n->to_move + 1) % n->players;
}

static void nim_result(const ShOtherState *st, ShOtherResult *r)
{
    memset(r, 0, sizeof *r);
    const Nim *n = nim(st);
    r->over = n->stones == 0;
    r->winner = r->over ? (n->to_move + n->players - 1) % n->players : -1;
}

static size_t nim_move_text(const ShOtherState *st, const ShOtherMove *m, char *out, size_t size)
{
    return (size_t)snprintf(out, size, "take%d", nim(st)->stones - m->path[0]);
}

static int nim_evaluate(const ShOtherState *st, int player)
{
    (void)st;
    (void)player;
    return 0;
}

static const char *const NIM_NAMES[] = {"White", "Black", "Red"};
static const char *const NIM_COLOURS[] = {"#fff", "#000", "#c00"};

static const ShOtherGame NIM = {
    .name = "nim", .game_type = "nim", .title_en = "Nim", .title_ru = "Ним", .players = 2,
    .player_names = NIM_NAMES, .player_colours = NIM_COLOURS, .searchable = true,
    .start = nim_start, .parse = nim_parse, .format = nim_format, .board = nim_board,
    .piece = nim_piece, .to_move = nim_to_move, .moves = nim_moves, .make = nim_make,
    .result = nim_result, .move_text = nim_move_text, .evaluate = nim_evaluate,
};

static ShOtherGame nim3(void)
{
    ShOtherGame g = NIM;
    g.players = 3;
    return g;
}

static int taken(const ShOtherState *st, const ShOtherMove *m)
{
    return nim(st)->stones - m->path[0];
}

static void nim_cases(void)
{
    ShOtherState st;
    OtherSearchResult res;
    ShError err;
    char text[32];

    test_case("other-engine: Nim, two players: k %% 4 == 0 is lost, else take k %% 4");
    for (int k = 1; k <= 14; k++) {
        snprintf(text, sizeof text, "%d/0/2", k);
        nim_parse(&st, text, &err);
        OtherSearchLimits lim = {.depth = 16};
        CHECK(other_search(&NIM, &st, &lim, &res, &err) == SH_OK);
        CHECK(res.has_move);
        if (k % 4 == 0) {
            CHECK_MSG(res.score < -(OTHER_SEARCH_WIN - 100), "k=%d score %d: lost", k, res.score);
        } else {
            CHECK_MSG(res.score > OTHER_SEARCH_WIN - 100, "k=%d score %d: won", k, res.score);
            CHECK_MSG(taken(&st, &res.best) == k % 4, "k=%d takes %d", k, taken(&st, &res.best));
            /* the win is found in the fewest plies: 1 + 2 * (k / 4) */
            CHECK_INT(OTHER_SEARCH_WIN - res.score, 1 + 2 * (k / 4));
        }
        CHECK(res.pv_length >= 1);
        CHECK(memcmp(&res.pv[0], &res.best, sizeof res.best) == 0);
    }

    test_case("other-engine: the principal variation is legal, ending the game");
    nim_parse(&st, "10/0/2", &err);
    OtherSearchLimits deep = {.depth = 16};
    other_search(&NIM, &st, &deep, &res, &err);
    ShOtherState walk = st;
    for (int i = 0; i < res.pv_length; i++) {
        ShOtherMove list[8];
        int n = nim_moves(&walk, list), found = 0;
        for (int j = 0; j < n; j++)
            found |= memcmp(&list[j], &res.pv[i], sizeof list[j]) == 0;
        CHECK_MSG(found, "pv move %d is not legal", i);
        nim_make(&walk, &res.pv[i]);
    }
    CHECK_INT(nim(&walk)->stones, 0);
    CHECK_INT(res.pv_length, 1 + 2 * (10 / 4));

    test_case("other-engine: a node limit gives the same answer every run");
    nim_parse(&st, "31/0/2", &err);
    OtherSearchLimits capped = {.nodes = 500};
    OtherSearchResult again;
    other_search(&NIM, &st, &capped, &res, &err);
    other_search(&NIM, &st, &capped, &again, &err);
    CHECK(res.nodes <= 500 + 1);
    CHECK_INT(res.nodes, again.nodes);
    CHECK_INT(res.depth, again.depth);
    CHECK(memcmp(&res.best, &again.best, sizeof res.best) == 0);
    CHECK(res.depth < OTHER_SEARCH_MAX_DEPTH); /* it stopped at the cap */

    test_case("other-engine: a depth limit is kept");
    OtherSearchLimits shallow = {.depth = 3};
    other_search(&NIM, &st, &shallow, &res, &err);
    CHECK_INT(res.depth, 3);

    test_case("other-engine: a stop flag set before the search ends it at once");
    atomic_bool stop = true;
    OtherSearchLimits stopped = {.stop = &stop};
    other_search(&NIM, &st, &stopped, &res, &err);
    CHECK(res.has_move); /* the first move, when no iteration completed */
    CHECK(res.nodes <= 1024 + 1);

    test_case("other-engine: the levels never give away a win they see");
    nim_parse(&st, "7/0/2", &err);
    for (int level = 1; level <= 10; level++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            OtherSearchLimits lv = {.level = level, .seed = seed, .depth = 12};
            other_search(&NIM, &st, &lv, &res, &err);
            CHECK_MSG(taken(&st, &res.best) == 3, "level %d seed %llu takes %d", level,
                      (unsigned long long)seed, taken(&st, &res.best));
        }

    test_case("other-engine: among equal moves a weak level varies with the seed, level 10 not");
    nim_parse(&st, "8/0/2", &err); /* lost: every move scores the same mate */
    int seen_l10 = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        OtherSearchLimits lv = {.level = 10, .seed = seed, .depth = 2};
        other_search(&NIM, &st, &lv, &res, &err);
        seen_l10 |= 1 << taken(&st, &res.best);
    }
    CHECK_INT(seen_l10, 1 << 1); /* always the first of the equal moves */
    int seen_l1 = 0;
    for (uint64_t seed = 1; seed <= 16; seed++) {
        OtherSearchLimits lv = {.level = 1, .seed = seed, .depth = 2}; /* depth 2: all score 0 */
        other_search(&NIM, &st, &lv, &res, &err);
        seen_l1 |= 1 << taken(&st, &res.best);
    }
    CHECK_MSG(seen_l1 != (1 << 1) && seen_l1 != 0, "level 1 always played the same move (%d)",
              seen_l1);

    test_case("other-engine: a game over has no move");
    nim_parse(&st, "0/1/2", &err);
    CHECK(other_search(&NIM, &st, NULL, &res, &err) == SH_OK);
    CHECK(!res.has_move);

    test_case("other-engine: a game without evaluate is refused");
    ShOtherGame blind = NIM;
    blind.evaluate = NULL;
    CHECK(other_search(&blind, &st, NULL, &res, &err) == SH_ERR_ARGUMENT);

    test_case("other-engine: three players, paranoid: the mover takes the last stones");
    ShOtherGame g3 = nim3();
    for (int k = 1; k <= 3; k++) {
        snprintf(text, sizeof text, "%d/1/3", k);
        nim_parse(&st, text, &err);
        OtherSearchLimits lim = {.depth = 8};
        other_search(&g3, &st, &lim, &res, &err);
        CHECK_INT(taken(&st, &res.best), k);
        CHECK_INT(res.score, OTHER_SEARCH_WIN - 1);
    }
    test_case("other-engine: three players, paranoid: with 4 or 5 stones the two others win");
    /* whatever the mover takes from 4 leaves 1-3: the next player takes them all; from 5 the
     * mover leaves 2-4, and 4 is lost for the next, who hands the third 1-3. The paranoid
     * coalition wins either way: the score is a loss. */
    for (int k = 4; k <= 5; k++) {
        snprintf(text, sizeof text, "%d/0/3", k);
        nim_parse(&st, text, &err);
        OtherSearchLimits lim = {.depth = 8};
        other_search(&g3, &st, &lim, &res, &err);
        CHECK_MSG(res.score < -(OTHER_SEARCH_WIN - 100), "k=%d score %d", k, res.score);
    }
}

/* Every searchable game plays itself to its end at depth `depth`. */
static void selfplay_cases(void)
{
    ShOtherMove *list = malloc(SH_OTHER_MAX_MOVES * sizeof *list);
    if (!list)
        return;
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        if (!sh_other_playable(g) || !g->searchable || !g->evaluate)
            continue;
        test_case("other-engine: %s plays itself to its end at depth 2", g->name);
        ShOtherState st;
        ShError err;
        CHECK(sh_other_start(g, "", &st, &err) == SH_OK);
        int ply = 0, max_plies = 3000;
        ShOtherResult r;
        for (; ply < max_plies; ply++) {
            int n = g->moves(&st, list);
            g->result(&st, &r);
            CHECK_MSG(r.over == (n == 0), "ply %d: %d moves, result over %d", ply, n, r.over);
            if (n == 0)
                break;
            OtherSearchResult res;
            OtherSearchLimits lim = {.depth = 2, .nodes = 20000, .seed = (uint64_t)ply, .level = 6};
            if (other_search(g, &st, &lim, &res, &err) != SH_OK || !res.has_move) {
                test_fail(__FILE__, __LINE__, "%s ply %d: no move from the search", g->name, ply);
                break;
            }
            int found = 0;
            for (int j = 0; j < n && !found; j++)
                found = memcmp(&list[j], &res.best, sizeof res.best) == 0;
            if (!found) {
                test_fail(__FILE__, __LINE__, "%s ply %d: the search's move is not legal", g->name,
                          ply);
                break;
            }
            g->make(&st, &res.best);
        }
        g->result(&st, &r);
        CHECK_MSG(r.over, "%s: not over after %d plies", g->name, ply);
        printf("  %s: %d plies, %s (%s)\n", g->name, ply,
               r.winner >= 0 ? g->player_names[r.winner] : "no winner", r.reason);
    }
    free(list);
}

void suite_other_engine(void)
{
    nim_cases();
    selfplay_cases();
}
