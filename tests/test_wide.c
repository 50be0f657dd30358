/* test_wide.c - the 12x12 board (Canadian draughts) against the plain reference generator of
 * refgen.c, and that reference against what is published for international draughts: first
 * the reference earns trust on 10x10 (the published perft of the start, the reference set's
 * positions, and move lists equal to the library's international generator on random
 * positions), then the library's 12x12 generator must agree with it, move list by move list,
 * from the start and on random set-ups and games. */
#include <stdlib.h>
#include <string.h>

#include "refgen.h"
#include "test.h"

static RefList ref_list, lib_list;

/* Whether the library and the reference give the same moves in pos; counts the kinds seen. */
static bool same_moves(const ShPosition *pos, int *captures, int *kings)
{
    RefBoard b;
    ref_from_position(pos, &b);
    ref_generate(&b, &ref_list);
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    ref_from_moves(&moves, &lib_list);
    char why[512];
    if (!ref_same(&lib_list, &ref_list, why, sizeof why)) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(pos, true, fen);
        CHECK_MSG(false, "%s: library and reference differ: %s", fen, why);
        return false;
    }
    if (moves.count && moves.moves[0].captured)
        (*captures)++;
    if (sh_position_count(pos, SH_WHITE_KING) + sh_position_count(pos, SH_BLACK_KING))
        (*kings)++;
    return true;
}

/* A random set-up: up to `most` pieces a side on random squares, a third of them kings, no
 * man on its crowning row. */
static void random_setup(ShVariant v, uint64_t *rng, int most, ShPosition *pos)
{
    int ranks = sh_rules_get(v)->board_rows, squares = sh_board_squares(v);
    sh_position_clear(pos, v, (ShColor)(test_random(rng) & 1));
    for (int color = 0; color < 2; color++) {
        int n = 1 + (int)(test_random(rng) % (uint64_t)most);
        for (int i = 0; i < n; i++) {
            int sq = (int)(test_random(rng) % (uint64_t)squares);
            if (sh_position_piece_at(pos, sq) != SH_EMPTY)
                continue;
            bool king = test_random(rng) % 3 == 0;
            int rank = sh_board_square_rank(v, sq);
            if (rank == (color == SH_WHITE ? ranks - 1 : 0))
                king = true;
            ShPiece p = color == SH_WHITE ? (king ? SH_WHITE_KING : SH_WHITE_MAN)
                                          : (king ? SH_BLACK_KING : SH_BLACK_MAN);
            sh_position_set_piece(pos, sq, p);
        }
    }
}

/* Random games from random set-ups (and from the start): every position's moves compared. */
void ref_check_random_games(ShVariant v, int games, int most)
{
    uint64_t rng = 0x5eed0000u + (uint64_t)v;
    int positions = 0, captures = 0, kings = 0, bad = 0;
    for (int g = 0; g < games && bad < 5; g++) {
        ShPosition pos;
        if (g % 10 == 0)
            sh_position_start(&pos, v);
        else
            random_setup(v, &rng, g % 2 ? most : 6, &pos);
        for (int ply = 0; ply < 80; ply++) {
            positions++;
            if (!same_moves(&pos, &captures, &kings)) {
                bad++;
                break;
            }
            ShMoveList moves;
            sh_moves_generate(&pos, &moves);
            if (moves.count == 0)
                break;
            sh_position_play(&pos, &moves.moves[test_random(&rng) % (uint64_t)moves.count], &pos);
        }
    }
    test_case("%s: %d positions compared, %d with a capture, %d with kings", sh_rules_get(v)->name,
              positions, captures, kings);
    CHECK(positions > 1000 && captures > 200 && kings > 200);
}

/* Every position of the tree below pos to `depth`, moves compared. */
int ref_check_walk(const ShPosition *pos, int depth, int *captures, int *kings)
{
    if (!same_moves(pos, captures, kings))
        return -1000000;
    if (depth == 0)
        return 1;
    ShMoveList moves;
    sh_moves_generate(pos, &moves);
    int n = 1;
    for (int i = 0; i < moves.count; i++) {
        ShPosition child;
        sh_position_play(pos, &moves.moves[i], &child);
        n += ref_check_walk(&child, depth - 1, captures, kings);
    }
    return n;
}

/* The reference set's positions (pydraughts) of a game, distinct moves: the reference gives
 * their perft to depth 4. */
void ref_check_epd(const char *name, ShVariant v)
{
    char *text = test_read_file(test_data(name), NULL);
    test_case("the reference generator: %s (distinct moves, depths 1-4)", name);
    CHECK(text != NULL);
    int lines = 0;
    char *cursor = text;
    RefBoard b;
    for (char *line; text && (line = test_next_line(&cursor));) {
        char *semi = strchr(line, ';');
        if (line[0] == '#' || !semi)
            continue;
        *semi = '\0';
        ShPosition pos;
        if (sh_fen_read_variant(line, v, &pos, NULL) != SH_OK) {
            CHECK_MSG(false, "FEN %s", line);
            continue;
        }
        ref_from_position(&pos, &b);
        lines++;
        for (char *f = semi + 1; f; f = strchr(f, ';')) {
            if (*f == ';')
                f++;
            int depth;
            unsigned long long expected;
            if (sscanf(f, " D%d %llu", &depth, &expected) == 2 && depth <= 4)
                CHECK_MSG(ref_perft(&b, depth) == expected, "%s depth %d: expected %llu", line,
                          depth, expected);
        }
    }
    CHECK_INT(lines, 20);
    free(text);
}

static void reference_on_ten(void)
{
    /* the published counts of international draughts from the start */
    static const uint64_t published[] = {9, 81, 658, 4265, 27117, 167140};
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_INTERNATIONAL);
    RefBoard b;
    ref_from_position(&start, &b);
    for (int d = 1; d <= 6; d++) {
        test_case("the reference generator: international perft %d from the start", d);
        CHECK_INT(ref_perft(&b, d), published[d - 1]);
    }
    ref_check_epd("variants/international.epd", SH_VARIANT_INTERNATIONAL);
    ref_check_random_games(SH_VARIANT_INTERNATIONAL, 200, 20);
}

static void canadian_against_reference(void)
{
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_CANADIAN);
    RefBoard b;
    ref_from_position(&start, &b);
    for (int d = 1; d <= (test_slow() ? 8 : 6); d++) {
        test_case("Canadian perft %d from the start: the library and the reference", d);
        CHECK_INT(sh_perft(&start, d, SH_PERFT_DISTINCT), ref_perft(&b, d));
    }
    int captures = 0, kings = 0;
    test_case("Canadian: every move list of the tree to depth 4 from the start");
    CHECK_INT(ref_check_walk(&start, 4, &captures, &kings), 1 + 11 + 121 + 1222 + 10053);
    ref_check_random_games(SH_VARIANT_CANADIAN, 300, 30);
}

/* The positions of a game's rules file (whose lists test_rules.c checks against the library):
 * the reference gives the library's moves in each. */
void ref_check_rules_file(const char *name, ShVariant v, int at_least)
{
    char *text = test_read_file(test_data(name), NULL);
    test_case("%s: the reference gives the library's moves", name);
    CHECK(text != NULL);
    int n = 0, captures = 0, kings = 0;
    char *cursor = text;
    for (char *line; text && (line = test_next_line(&cursor));) {
        ShPosition pos;
        if (strncmp(line, "FEN ", 4) != 0)
            continue;
        if (sh_fen_read_variant(line + 4, v, &pos, NULL) != SH_OK) {
            CHECK_MSG(false, "FEN %s", line + 4);
            continue;
        }
        same_moves(&pos, &captures, &kings);
        n++;
    }
    CHECK(n >= at_least);
    free(text);
}

void suite_wide(void)
{
    reference_on_ten();
    canadian_against_reference();
    ref_check_rules_file("variants/rules_canadian.txt", SH_VARIANT_CANADIAN, 20);
}
