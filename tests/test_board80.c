/* test_board80.c - 80-square draughts (Spantsiretti: Russian rules on 10 files by 8 ranks).
 *
 * The board's squares, names and numbers from PDN's GameType "41,W,10,8,A0,0" (1 = b8 ... 40 = i1,
 * a1 a playing square); then the move generator against the plain reference generator of
 * tests/refgen.c, which shares no code with src/movegen*: the reference first earns trust on
 * the Russian board (the published perft of the start, the reference set's positions, random
 * games with kings against the Russian generator), then every move list of the 80-square game's
 * tree to depth 6 from the start and of random games from random set-ups with kings must be
 * the library's; the start's perft (variants/start.txt) is the reference's. FEN round trips in
 * both notations. */
#include <stdlib.h>
#include <string.h>

#include "refgen.h"
#include "test.h"

#define V SH_VARIANT_SPANTSIRETTI

static void squares80(void)
{
    const ShRules *r = sh_rules_get(V);
    test_case("spantsiretti: the record (10 files, 8 ranks, 40 squares, 15 men, GameType 41)");
    CHECK(r && r->board_size == 10 && r->board_rows == 8 && r->squares == 40 &&
          r->pieces_per_side == 15 && r->pdn_game_type == 41 && r->flying_kings &&
          r->men_capture_backward && r->promotion_continues &&
          r->precedence == SH_PRECEDENCE_FREE && r->draws == SH_DRAWS_RUSSIAN);
    test_case("spantsiretti: the names 80, russian80 and Spantsiretti find it");
    ShVariant v = SH_VARIANT_RUSSIAN;
    CHECK(sh_rules_find("80", &v) && v == V);
    v = SH_VARIANT_RUSSIAN;
    CHECK(sh_rules_find("russian80", &v) && v == V);
    v = SH_VARIANT_RUSSIAN;
    CHECK(sh_rules_find("Spantsiretti", &v) && v == V);
    CHECK_INT(sh_board_squares(V), 40);

    test_case("spantsiretti: the dark squares are those with file + rank even, 40 of 80");
    int dark = 0, bad = 0;
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 10; file++) {
            int sq = sh_board_square_at(V, file, rank);
            if ((file + rank) % 2) {
                bad += sq >= 0;
                continue;
            }
            dark++;
            /* numbered row by row from the top left, five to a row */
            bad += sq != (7 - rank) * 5 + file / 2;
            bad += sh_board_square_file(V, sq) != file || sh_board_square_rank(V, sq) != rank;
        }
    CHECK_INT(dark, 40);
    CHECK_INT(bad, 0);
    CHECK_INT(sh_board_square_at(V, 0, 8), -1);
    CHECK_INT(sh_board_square_at(V, 10, 0), -1);

    static const struct {
        int number;
        const char *name;
    } NAMES[] = {{1, "b8"}, {5, "j8"}, {6, "a7"}, {10, "i7"}, {16, "a5"}, {26, "a3"}, {30, "i3"}, {31, "b2"},
                 {35, "j2"}, {36, "a1"}, {40, "i1"}};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        test_case("spantsiretti: square %d is %s both ways", NAMES[i].number, NAMES[i].name);
        char name[SH_SQUARE_NAME_SIZE];
        sh_board_square_name(V, NAMES[i].number - 1, false, name);
        CHECK_STR(name, NAMES[i].name);
        int sq = -1;
        CHECK_INT(sh_board_square_parse(V, NAMES[i].name, &sq), 2);
        CHECK_INT(sq, NAMES[i].number - 1);
    }
    test_case("spantsiretti: a9, k1, 41 and light squares are no squares");
    CHECK_INT(sh_board_square_parse(V, "a9", NULL), 0);
    CHECK_INT(sh_board_square_parse(V, "b9", NULL), 0);
    CHECK_INT(sh_board_square_parse(V, "k1", NULL), 0);
    CHECK_INT(sh_board_square_parse(V, "a2", NULL), 0);
    CHECK_INT(sh_board_square_parse(V, "41", NULL), 0);
}

static void start80(void)
{
    ShPosition start, read;
    sh_position_start(&start, V);
    test_case("spantsiretti: the start, 15 men a side on the three nearest rows");
    CHECK_INT(sh_position_count(&start, SH_WHITE_MAN), 15);
    CHECK_INT(sh_position_count(&start, SH_BLACK_MAN), 15);
    int misplaced = 0;
    for (int sq = 0; sq < 40; sq++) {
        ShPiece p = sh_position_piece_at(&start, sq);
        int rank = sh_board_square_rank(V, sq);
        ShPiece want = rank <= 2 ? SH_WHITE_MAN : rank >= 5 ? SH_BLACK_MAN : SH_EMPTY;
        misplaced += p != want;
    }
    CHECK_INT(misplaced, 0);
    CHECK_INT(sh_position_side(&start), SH_WHITE);

    static const char *const FENS[][2] = {
        {"W:W26-40:B1-15", "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2,i1,i3,j2:"
                           "Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8,i7,j6,j8"},
        {"B:WK1,17,35:B5,K36,22", "B:WKb8,c5,j2:BKa1,d4,j8"},
    };
    char fen[SH_FEN_SIZE];
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) {
        test_case("spantsiretti: FEN %s round trip, numeric and algebraic", FENS[i][0]);
        ShError err;
        CHECK(sh_fen_read_variant(FENS[i][0], V, &read, &err) == SH_OK);
        sh_fen_write(&read, false, fen);
        CHECK_STR(fen, FENS[i][1]);
        ShPosition again;
        CHECK(sh_fen_read_variant(fen, V, &again, &err) == SH_OK);
        CHECK(sh_position_equal(&read, &again));
        sh_fen_write(&again, true, fen);
        ShPosition third;
        CHECK(sh_fen_read_variant(fen, V, &third, &err) == SH_OK);
        CHECK(sh_position_equal(&read, &third));
    }
    test_case("spantsiretti: the start written is the record's start");
    sh_fen_write(&start, true, fen);
    CHECK_STR(fen, "W:W26,27,28,29,30,31,32,33,34,35,36,37,38,39,40:"
                   "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");

    static const struct {
        const char *fen, *message;
    } BAD[] = {
        {"W:Wa9:B1", "not a square of this board"},
        {"W:Wa2:B1", "light square"},
        {"W:W41:B1", "out of range 1..40"},
        {"W:Wb8:B20", "a white man on b8"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        test_case("spantsiretti: FEN %s is refused: %s", BAD[i].fen, BAD[i].message);
        ShError err;
        CHECK(sh_fen_read_variant(BAD[i].fen, V, &read, &err) != SH_OK);
        CHECK_MSG(strstr(err.message, BAD[i].message) != NULL, "message: %s", err.message);
    }
}

/* The reference earns trust on the Russian board. */
static void reference_on_russian(void)
{
    static const uint64_t published[] = {7, 49, 302, 1469, 7482, 37986, 190146}; /* perft_start */
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    RefBoard b;
    ref_from_position(&start, &b);
    for (int d = 1; d <= (test_slow() ? 7 : 6); d++) {
        test_case("the reference generator: Russian perft %d from the start", d);
        CHECK_INT(ref_perft(&b, d), published[d - 1]);
    }
    ref_check_epd("variants/russian.epd", SH_VARIANT_RUSSIAN);
    ref_check_random_games(SH_VARIANT_RUSSIAN, 200, 12);
}

static void board80_against_reference(void)
{
    ShPosition start;
    sh_position_start(&start, V);
    RefBoard b;
    ref_from_position(&start, &b);
    char *text = test_read_file(test_data("variants/start.txt"), NULL);
    test_case("variants/start.txt: the spantsiretti lines");
    CHECK(text != NULL);
    int depths = 0;
    uint64_t sum = 1; /* the positions of the tree to depth 6 */
    char *cursor = text;
    for (char *line; text && (line = test_next_line(&cursor));) {
        int depth;
        unsigned long long count;
        if (sscanf(line, "spantsiretti %d %llu", &depth, &count) != 2)
            continue;
        depths++;
        if (depth <= 6)
            sum += count;
        if (depth > (test_slow() ? 7 : 6))
            continue;
        test_case("spantsiretti perft %d from the start: the reference gives %llu", depth, count);
        CHECK_INT(ref_perft(&b, depth), count);
    }
    free(text);
    test_case("variants/start.txt held spantsiretti's depths 1-8");
    CHECK(depths >= 8);
    int captures = 0, kings = 0;
    test_case("spantsiretti: every move list of the tree to depth 6 from the start (%llu positions)",
              (unsigned long long)sum);
    CHECK_INT(ref_check_walk(&start, 6, &captures, &kings), sum);
    CHECK(captures > 10000);
    ref_check_random_games(V, 400, 15);
}

void suite_board80(void)
{
    squares80();
    start80();
    reference_on_russian();
    board80_against_reference();
    ref_check_rules_file("variants/rules_spantsiretti.txt", V, 18);
}
