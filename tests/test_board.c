/* test_board.c - squares, names and the start position. */
#include <string.h>

#include "geometry.h"
#include "test.h"

void suite_board(void)
{
    test_case("square numbering: 1=b8, 4=h8, 5=a7, 29=a1, 32=g1");
    static const struct { int square; const char *name; } known[] = {
        {0, "b8"}, {3, "h8"}, {4, "a7"}, {21, "c3"}, {28, "a1"}, {31, "g1"}, {17, "d4"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        char name[3];
        sh_square_name(known[i].square, false, name);
        CHECK_STR(name, known[i].name);
        int sq = -1;
        CHECK_INT(sh_square_parse(known[i].name, &sq), 2);
        CHECK_INT(sq, known[i].square);
    }

    test_case("every square: coordinates, names and numbers round trip");
    int dark = 0;
    for (int file = 0; file < 8; file++) {
        for (int rank = 0; rank < 8; rank++) {
            int sq = sh_square_at(file, rank);
            if ((file + rank) % 2) {
                CHECK_INT(sq, -1);
                continue;
            }
            dark++;
            CHECK(sq >= 0 && sq < SH_SQUARES);
            CHECK_INT(sh_square_file(sq), file);
            CHECK_INT(sh_square_rank(sq), rank);
            char alg[3], num[3];
            int back = -1;
            sh_square_name(sq, false, alg);
            sh_square_name(sq, true, num);
            CHECK(sh_square_parse(alg, &back) == 2 && back == sq);
            CHECK(sh_square_parse(num, &back) > 0 && back == sq);
        }
    }
    CHECK_INT(dark, 32);

    test_case("square parsing rejects light squares and numbers out of range");
    int sq;
    CHECK_INT(sh_square_parse("a2", &sq), 0);
    CHECK_INT(sh_square_parse("0", &sq), 0);
    CHECK_INT(sh_square_parse("33", &sq), 0);
    CHECK_INT(sh_square_parse("i1", &sq), 0);
    CHECK_INT(sh_square_parse("C3", &sq), 2);

    test_case("start position: 12 men a side, White to move, FEN W:W21-32:B1-12");
    ShPosition start, fen;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    CHECK_INT(sh_position_count(&start, SH_WHITE_MAN), 12);
    CHECK_INT(sh_position_count(&start, SH_BLACK_MAN), 12);
    CHECK_INT(sh_position_count(&start, SH_EMPTY), 8);
    CHECK_INT(sh_position_side(&start), SH_WHITE);
    CHECK(sh_fen_read("W:W21-32:B1-12", &fen, NULL) == SH_OK);
    CHECK(sh_position_equal(&start, &fen));
    CHECK(start.key == fen.key);
    CHECK(sh_position_piece_at(&start, 28) == SH_WHITE_MAN);  /* a1 */
    CHECK(sh_position_piece_at(&start, 0) == SH_BLACK_MAN);   /* b8 */
    CHECK(sh_position_piece_at(&start, 16) == SH_EMPTY);      /* a5 */

    test_case("set_piece keeps the hash equal to one computed from scratch");
    ShPosition p;
    sh_position_clear(&p, SH_VARIANT_RUSSIAN, SH_BLACK);
    sh_position_set_piece(&p, 10, SH_WHITE_KING);
    sh_position_set_piece(&p, 20, SH_BLACK_MAN);
    sh_position_set_piece(&p, 10, SH_BLACK_KING);
    sh_position_set_side(&p, SH_WHITE);
    CHECK(p.key == sh_position_hash(&p));
    CHECK(sh_position_piece_at(&p, 10) == SH_BLACK_KING);
    CHECK(sh_position_validate(&p, NULL) == SH_OK);

    test_case("rules record: Russian");
    const ShRules *r = sh_rules_get(SH_VARIANT_RUSSIAN);
    ShVariant v;
    CHECK(r && r->flying_kings && r->men_capture_backward && !r->majority_capture &&
          r->promotion_continues && r->pdn_game_type == 25 && r->board_size == 8);
    CHECK(sh_rules_find("russian", &v) && v == SH_VARIANT_RUSSIAN);
    CHECK(!sh_rules_find("klingon", &v));

    test_case("the 10x10 board: 50 squares, 1 = b10, 46 = a1, 50 = i1, names a1..j10");
    const ShVariant ten = SH_VARIANT_INTERNATIONAL;
    CHECK_INT(sh_board_squares(ten), 50);
    static const struct { int square; const char *name; } known10[] = {
        {0, "b10"}, {4, "j10"}, {5, "a9"}, {45, "a1"}, {49, "i1"}, {31, "d4"}, {22, "f6"},
    };
    for (size_t i = 0; i < sizeof known10 / sizeof known10[0]; i++) {
        char name[SH_SQUARE_NAME_SIZE];
        sh_board_square_name(ten, known10[i].square, false, name);
        CHECK_STR(name, known10[i].name);
        int back = -1;
        CHECK_INT(sh_board_square_parse(ten, known10[i].name, &back), (int)strlen(known10[i].name));
        CHECK_INT(back, known10[i].square);
    }
    int dark10 = 0;
    for (int file = 0; file < 10; file++)
        for (int rank = 0; rank < 10; rank++) {
            int s10 = sh_board_square_at(ten, file, rank);
            if ((file + rank) % 2) {
                CHECK_INT(s10, -1);
                continue;
            }
            dark10++;
            CHECK(s10 >= 0 && s10 < 50 && sh_board_square_file(ten, s10) == file &&
                  sh_board_square_rank(ten, s10) == rank);
        }
    CHECK_INT(dark10, 50);
    CHECK_INT(sh_board_square_parse(ten, "a2", &sq), 0);
    CHECK_INT(sh_board_square_parse(ten, "k1", &sq), 0);
    CHECK_INT(sh_board_square_parse(ten, "a11", &sq), 0);
    CHECK_INT(sh_board_square_parse(ten, "51", &sq), 0);

    test_case("the 10x10 bit layout: a step is a shift, off the board lands on no square");
    /* every square's four diagonal neighbours, found from the coordinates and from the shifts */
    static const int steps[4][3] = {{B10_NE, 1, 1}, {B10_NW, -1, 1}, {B10_SW, -1, -1},
                                    {B10_SE, 1, -1}};
    int wing = 0, agree = 0;
    for (int s10 = 0; s10 < 50; s10++) {
        int bit = geo_square_bit(ten, s10), f = sh_board_square_file(ten, s10),
            rk = sh_board_square_rank(ten, s10);
        CHECK_INT(geo_bit_square(ten, bit), s10);
        CHECK((B10_VALID >> bit) & 1);
        if (f < 5)
            wing += (int)((B10_LEFT_WING >> bit) & 1);
        for (int k = 0; k < 4; k++) {
            int want = sh_board_square_at(ten, f + steps[k][1], rk + steps[k][2]);
            Bitboard got = bb_shift(bb_bit(bit), steps[k][0]) & B10_VALID;
            int got_sq = got ? geo_bit_square(ten, bb_first(got)) : -1;
            agree += got_sq == want;
        }
    }
    CHECK_INT(agree, 200);
    test_case("the 10x10 lines (Frisian): the next playing square of a file or rank is a shift");
    static const int lines[4][3] = {{B10_N, 0, 2}, {B10_S, 0, -2}, {B10_E, 2, 0}, {B10_W, -2, 0}};
    int along = 0;
    for (int s10 = 0; s10 < 50; s10++) {
        int bit = geo_square_bit(ten, s10), f = sh_board_square_file(ten, s10),
            rk = sh_board_square_rank(ten, s10);
        for (int k = 0; k < 4; k++) {
            int want = sh_board_square_at(ten, f + lines[k][1], rk + lines[k][2]);
            Bitboard mask = lines[k][0] == B10_E ? ~B10_FILE_A : lines[k][0] == B10_W ? ~B10_FILE_J
                                                                                    : ~(Bitboard)0;
            Bitboard got = bb_shift(bb_bit(bit), lines[k][0]) & B10_VALID & mask;
            along += (got ? geo_bit_square(ten, bb_first(got)) : -1) == want;
        }
    }
    CHECK_INT(along, 200);
    CHECK_INT(bb_count(B10_FILE_A), 5);
    CHECK_INT(bb_count(B10_FILE_J), 5);
    CHECK_INT(wing, 25);
    CHECK_INT(bb_count(B10_LEFT_WING), 25);
    CHECK_INT(bb_count(B10_VALID), 50);
}
