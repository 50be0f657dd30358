/* test_properties.c - properties that must hold in every position of every variant, checked
 * over thousands of random games from the start and from random set-ups with kings:
 *   - the incremental hash equals the hash computed from scratch;
 *   - FEN written (algebraic and numeric) reads back to the same position;
 *   - counting, generating and path enumeration agree;
 *   - every legal move written in every notation reads back to the same move;
 *   - playing a move removes exactly the captured pieces (a northern king stays, demoted);
 *   - a game written as PDN reads back to the same moves and positions. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static const int STYLES[] = {
    SH_NOTATION_FULL,
    SH_NOTATION_SHORT,
    SH_NOTATION_SEMISHORT,
    SH_NOTATION_HUB,
    SH_NOTATION_FULL | SH_NOTATION_NUMERIC,
    SH_NOTATION_SHORT | SH_NOTATION_NUMERIC,
    SH_NOTATION_FULL | SH_NOTATION_X,
    SH_NOTATION_SHORT | SH_NOTATION_X,
    SH_NOTATION_SEMISHORT | SH_NOTATION_X,
};

typedef struct Stats {
    long positions, moves, notations, captures, kings;
    int failures;
} Stats;

static int side_count(const ShPosition *p, ShColor c)
{
    return c == SH_WHITE ? sh_position_count(p, SH_WHITE_MAN) + sh_position_count(p, SH_WHITE_KING)
                         : sh_position_count(p, SH_BLACK_MAN) + sh_position_count(p, SH_BLACK_KING);
}

/* Every piece of a colour, under the columns' tops too. */
static int all_count(const ShPosition *p, ShColor c)
{
    return c == SH_WHITE
               ? sh_position_count_all(p, SH_WHITE_MAN) + sh_position_count_all(p, SH_WHITE_KING)
               : sh_position_count_all(p, SH_BLACK_MAN) + sh_position_count_all(p, SH_BLACK_KING);
}

/* Pieces of each colour a move takes off the board. */
static void removed_by(const ShPosition *pos, const ShMove *m, int removed[2])
{
    const ShRules *r = sh_rules_get((ShVariant)pos->variant);
    int caps[SH_MAX_CAPTURES], n = sh_move_captured_squares(m, caps);
    removed[0] = removed[1] = 0;
    for (int i = 0; i < n; i++) {
        ShPiece p = sh_position_piece_at(pos, caps[i]);
        bool king = p == SH_WHITE_KING || p == SH_BLACK_KING;
        if (king && r->captured_king_demoted)
            continue;
        removed[p == SH_WHITE_MAN || p == SH_WHITE_KING ? SH_WHITE : SH_BLACK]++;
    }
}

static bool check_position(const ShPosition *pos, bool notations, Stats *st)
{
    ShVariant v = (ShVariant)pos->variant;
    bool ok = true;
#define PROP(cond, ...)                                                                      \
    do {                                                                                     \
        if (!(cond)) {                                                                       \
            char fen_[SH_FEN_SIZE];                                                          \
            sh_fen_write(pos, false, fen_);                                                  \
            if (st->failures++ < 10)                                                         \
                CHECK_MSG(false, "%s: " __VA_ARGS__);                                        \
            ok = false;                                                                      \
        }                                                                                    \
    } while (0)
    char fen[SH_FEN_SIZE];
    sh_fen_write(pos, false, fen);
    st->positions++;
    PROP(pos->key == sh_position_hash(pos), "incremental hash differs", fen);
    PROP(sh_position_validate(pos, NULL) == SH_OK, "position invalid", fen);

    for (int numeric = 0; numeric < 2; numeric++) {
        char text[SH_FEN_SIZE];
        ShPosition back;
        sh_fen_write(pos, numeric, text);
        PROP(sh_fen_read_variant(text, v, &back, NULL) == SH_OK && sh_position_equal(&back, pos) &&
                 back.key == pos->key,
             "FEN %s does not read back", fen, text);
    }

    ShMoveList moves, paths;
    sh_moves_generate(pos, &moves);
    sh_moves_generate_paths(pos, &paths);
    PROP(sh_moves_count(pos) == moves.count, "count %d, generated %d", fen, sh_moves_count(pos),
         moves.count);
    PROP(sh_perft(pos, 1, SH_PERFT_PATHS) == (uint64_t)paths.count, "paths count", fen);
    bool captures = moves.count > 0 && moves.moves[0].captured != 0;
    PROP(sh_moves_capture_pending(pos) == captures, "capture pending", fen);
    for (int i = 0; i < paths.count; i++) {
        int same = 0;
        for (int j = 0; j < moves.count; j++)
            same += sh_move_equal(&paths.moves[i], &moves.moves[j]);
        PROP(same == 1, "path %d is not one distinct move", fen, i);
    }
    PROP(paths.count >= moves.count, "fewer paths than moves", fen);

    for (int i = 0; i < moves.count; i++) {
        const ShMove *m = &moves.moves[i];
        st->moves++;
        PROP((m->captured != 0) == captures, "captures mixed with quiet moves", fen);
        for (int j = 0; j < i; j++)
            PROP(!sh_move_equal(m, &moves.moves[j]), "move listed twice", fen);
        ShPosition next;
        sh_position_play(pos, m, &next);
        ShColor us = sh_position_side(pos), them = us == SH_WHITE ? SH_BLACK : SH_WHITE;
        if (sh_rules_get(v)->columns) {
            /* nothing leaves the board; each column jumped loses its top, the piece under it
               is the top now; the capturer gains the taken tops at its foot */
            for (int c = 0; c < 2; c++)
                PROP(all_count(&next, (ShColor)c) == all_count(pos, (ShColor)c),
                     "pieces left the board", fen);
            int caps[SH_MAX_CAPTURES], n = sh_move_captured_squares(m, caps);
            for (int k = 0; k < n; k++) {
                ShPiece before[SH_MAX_COLUMN], after[SH_MAX_COLUMN];
                int hb = sh_position_column(pos, caps[k], before);
                int ha = sh_position_column(&next, caps[k], after);
                PROP(ha == hb - 1 && (ha == 0 || memcmp(before + 1, after, (size_t)ha * sizeof after[0]) == 0),
                     "a jumped column did not lose just its top", fen);
            }
            ShPiece moved[SH_MAX_COLUMN], landed[SH_MAX_COLUMN];
            int hm = sh_position_column(pos, sh_move_from(m), moved);
            int hl = sh_position_column(&next, sh_move_to(m), landed);
            PROP(hl == hm + n && memcmp(moved + 1, landed + 1, (size_t)(hm - 1) * sizeof moved[0]) == 0,
                 "the capturing column is not itself with the taken under it", fen);
        } else {
            int removed[2];
            removed_by(pos, m, removed);
            PROP(side_count(&next, us) == side_count(pos, us) - removed[us] &&
                     side_count(&next, them) == side_count(pos, them) - removed[them],
                 "piece counts after a move", fen);
        }
        PROP(next.key == sh_position_hash(&next), "hash after a move", fen);
        /* two moves a turn: the same side again after the first, unless it has no move */
        bool again = sh_rules_get(v)->moves_per_turn == 2 && pos->turn_move == 0 &&
                     sh_position_side(&next) == us;
        PROP(sh_position_side(&next) == them || (again && sh_moves_count(&next) > 0),
             "side after a move", fen);
        if (!notations)
            continue;
        for (size_t k = 0; k < sizeof STYLES / sizeof STYLES[0]; k++) {
            char text[SH_MOVE_TEXT_SIZE];
            ShMove back;
            ShError err;
            st->notations++;
            if (sh_move_write(pos, m, STYLES[k], text, &err) != SH_OK) {
                PROP(false, "cannot write move %d in style %d: %s", fen, i, STYLES[k], err.message);
                continue;
            }
            ShStatus s = sh_move_parse(pos, text, &back, &err);
            PROP(s == SH_OK && sh_move_equal(&back, m), "style %d: '%s' reads back wrong (%s)", fen,
                 STYLES[k], text, s ? err.message : "another move");
        }
        /* every path of the move, written square by square, reads back to the move */
        ShPath path;
        if (sh_move_path(pos, m, &path, NULL) == SH_OK && m->captured) {
            char text[SH_MOVE_TEXT_SIZE] = "";
            for (int k = 0; k < path.count; k++) {
                char name[SH_SQUARE_NAME_SIZE];
                sh_board_square_name(v, path.squares[k], false, name);
                if (k)
                    strcat(text, "x");
                strcat(text, name);
            }
            ShMove back;
            PROP(sh_move_parse(pos, text, &back, NULL) == SH_OK && sh_move_equal(&back, m),
                 "landing squares '%s' read back wrong", fen, text);
        }
    }
    if (captures)
        st->captures++;
    if (pos->kings)
        st->kings++;
    return ok;
#undef PROP
}

/* A random legal set-up of the variant: up to 8 pieces a side, some kings, men off their
 * crowning rank. */
static void random_setup(ShPosition *pos, ShVariant v, uint64_t *rng)
{
    sh_position_clear(pos, v, (test_random(rng) & 1) ? SH_BLACK : SH_WHITE);
    int squares = sh_board_squares(v);
    int counts[2] = {1 + (int)(test_random(rng) % 8), 1 + (int)(test_random(rng) % 8)};
    for (int c = 0; c < 2; c++) {
        for (int placed = 0; placed < counts[c];) {
            int sq = (int)(test_random(rng) % (uint64_t)squares);
            if (sh_position_piece_at(pos, sq) != SH_EMPTY)
                continue;
            bool king = test_random(rng) % 3 == 0;
            int rank = sh_board_square_rank(v, sq);
            if (!king && rank == (c == SH_WHITE ? sh_rules_get(v)->board_rows - 1 : 0))
                king = true;
            sh_position_set_piece(pos, sq,
                                  c == SH_WHITE ? (king ? SH_WHITE_KING : SH_WHITE_MAN)
                                                : (king ? SH_BLACK_KING : SH_BLACK_MAN));
            placed++;
        }
    }
    if (!sh_rules_get(v)->columns)
        return;
    /* the column games: some columns get pieces under their tops, within each side's number */
    for (int sq = 0; sq < squares; sq++) {
        ShPiece column[SH_MAX_COLUMN];
        int h = sh_position_column(pos, sq, column);
        if (h == 0 || test_random(rng) % 3)
            continue;
        int extra = 1 + (int)(test_random(rng) % 3);
        for (int k = 0; k < extra; k++) {
            ShPiece p = (ShPiece)(SH_WHITE_MAN + (int)(test_random(rng) % 4));
            ShColor c = p <= SH_WHITE_KING ? SH_WHITE : SH_BLACK;
            if (all_count(pos, c) + 1 > sh_rules_get(v)->pieces_per_side)
                break;
            column[h++] = p;
            sh_position_set_column(pos, sq, column, h, NULL);
        }
    }
}

/* The game's moves written as PDN (short and numeric full notation) read back the same. */
static void check_pdn(const ShPosition *start, const ShMove *moves, int n, Stats *st)
{
    ShGame *g;
    if (sh_game_new(&g, start, &(ShGameOptions){SH_REPETITION_CLAIMED, true}, NULL) != SH_OK) {
        if (st->failures++ < 10)
            CHECK_MSG(false, "a random game's start is refused");
        return;
    }
    for (int i = 0; i < n; i++)
        sh_game_play(g, &moves[i], NULL);
    static const int NOTATIONS[] = {SH_NOTATION_SHORT, SH_NOTATION_FULL | SH_NOTATION_NUMERIC};
    for (size_t k = 0; k < 2; k++) {
        char *text = NULL;
        ShGame *back = NULL;
        ShError err;
        bool ok = sh_pdn_write(g, NOTATIONS[k], &text, NULL, &err) == SH_OK &&
                  sh_pdn_read_game(text, &back, &err) == SH_OK &&
                  sh_game_ply_count(back) == sh_game_ply_count(g) &&
                  sh_position_equal(sh_game_position(back), sh_game_position(g)) &&
                  sh_position_equal(sh_game_start(back), sh_game_start(g));
        if (!ok && st->failures++ < 10)
            CHECK_MSG(false, "%s game of %d plies: PDN does not read back (%s):\n%s",
                      sh_rules_get((ShVariant)start->variant)->name, n, err.message,
                      text ? text : "");
        free(text);
        sh_game_free(back);
    }
    sh_game_free(g);
}

static void playouts(ShVariant v, const char *what, int games, bool from_start, int min_length,
                     uint64_t seed)
{
    test_case("%s: %d random games from %s: hash, FEN, generation, notation, play, PDN",
              sh_rules_get(v)->name, games, what);
    uint64_t rng = seed;
    Stats st = {0};
    static ShMove line[200];
    for (int g = 0; g < games && st.failures < 10; g++) {
        ShPosition pos, start;
        if (from_start)
            sh_position_start_drawn(&pos, v, test_random(&rng));
        else
            random_setup(&pos, v, &rng);
        start = pos;
        int n = 0;
        for (int ply = 0; ply < 200; ply++) {
            check_position(&pos, true, &st);
            ShMoveList moves;
            sh_moves_generate(&pos, &moves);
            if (moves.count == 0)
                break;
            ShPosition next;
            line[n] = moves.moves[test_random(&rng) % (uint64_t)moves.count];
            sh_position_play(&pos, &line[n++], &next);
            pos = next;
        }
        if (g % 10 == 0)
            check_pdn(&start, line, n, &st);
    }
    /* the games must have reached what they are meant to test */
    CHECK_MSG(st.positions > (long)games * min_length && st.captures > games && st.kings > games,
              "too little covered: %ld positions, %ld with captures, %ld with kings", st.positions,
              st.captures, st.kings);
    if (st.failures)
        printf("     %s: %ld positions, %ld moves, %ld notation round trips\n", what,
               st.positions, st.moves, st.notations);
}

void suite_properties(void)
{
    playouts(SH_VARIANT_RUSSIAN, "the start position", 3000, true, 30, 1);
    playouts(SH_VARIANT_RUSSIAN, "random set-ups", 5000, false, 8, 2);
    for (int v = 1; v < SH_VARIANT_COUNT; v++) {
        playouts((ShVariant)v, "the start position", 300, true, 30, (uint64_t)(10 + v));
        /* captures along eight lines (Frisian) end a random set-up sooner */
        int set_up_length = sh_rules_get((ShVariant)v)->capture_orthogonal ? 6 : 8;
        playouts((ShVariant)v, "random set-ups", 500, false, set_up_length, (uint64_t)(50 + v));
    }
}
