/* test_rules.c - the capture rules, position by position, against complete move lists
 * computed outside the project (tests/data/rules_moves.txt) or worked out from each game's
 * official rules (tests/data/variants/rules_VARIANT.txt, the format of rules_moves.txt:
 *
 *   # what the position tests          (the title of the next block)
 *   FEN W:Wa1:Bb2                     a position of the file's variant
 *   a1 c3 {b2} promotes => B:WKc3:B   a legal move; optionally the position it leads to
 *
 * and every legal move is listed, so a block with no move line says the side has none). */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "movegen_frisian.h"
#include "test.h"

typedef struct Expected {
    int from, to, promotes;
    int captured[SH_MAX_CAPTURES];
    int ncaptured;
    char after[SH_FEN_SIZE]; /* the position after the move, or "" */
} Expected;

static int sort_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* "a1 a5 {c7,d4,e7} promotes => FEN" */
static bool parse_expected(ShVariant v, const char *line, Expected *e)
{
    int at = 0, n;
    memset(e, 0, sizeof *e);
    if ((n = sh_board_square_parse(v, line + at, &e->from)) == 0)
        return false;
    at += n + 1;
    if ((n = sh_board_square_parse(v, line + at, &e->to)) == 0)
        return false;
    at += n + 1;
    if (line[at] != '{')
        return false;
    at++;
    while (line[at] && line[at] != '}') {
        int sq;
        if ((n = sh_board_square_parse(v, line + at, &sq)) == 0)
            return false;
        e->captured[e->ncaptured++] = sq;
        at += n;
        if (line[at] == ',')
            at++;
    }
    qsort(e->captured, (size_t)e->ncaptured, sizeof(int), sort_int);
    const char *arrow = strstr(line + at, "=>");
    e->promotes = strstr(line + at, "promotes") != NULL &&
                  (!arrow || strstr(line + at, "promotes") < arrow);
    if (arrow) {
        arrow += 2;
        while (*arrow == ' ')
            arrow++;
        snprintf(e->after, sizeof e->after, "%s", arrow);
    }
    return true;
}

static bool matches(const ShMove *m, const Expected *e)
{
    int caps[SH_MAX_CAPTURES];
    int n = sh_move_captured_squares(m, caps);
    if (sh_move_from(m) != e->from || sh_move_to(m) != e->to || n != e->ncaptured ||
        (m->promotes != 0) != (e->promotes != 0))
        return false;
    for (int i = 0; i < n; i++)
        if (caps[i] != e->captured[i])
            return false;
    return true;
}

/* In the column games two moves may differ only in the order the tops are taken in, so in
 * their files the position after the move tells them apart. */
static bool after_is(const ShPosition *pos, const ShMove *m, const Expected *e)
{
    if (!sh_rules_get((ShVariant)pos->variant)->columns || !e->after[0])
        return true;
    ShPosition next, want;
    sh_position_play(pos, m, &next);
    return sh_fen_read_variant(e->after, (ShVariant)pos->variant, &want, NULL) == SH_OK &&
           sh_position_equal(&next, &want);
}

static void check_block(ShVariant v, const char *file, const char *fen, const char *title,
                        Expected *exp, int nexp)
{
    test_case("%s: %s [%s]", file, title, fen);
    ShPosition pos;
    ShError err;
    if (sh_fen_read_variant(fen, v, &pos, &err) != SH_OK) {
        CHECK_MSG(false, "FEN: %s", err.message);
        return;
    }
    ShMoveList moves;
    sh_moves_generate(&pos, &moves);
    CHECK_INT(moves.count, nexp);
    CHECK_INT(sh_moves_count(&pos), nexp);
    for (int i = 0; i < nexp; i++) {
        int found = 0, at = -1;
        for (int j = 0; j < moves.count; j++) {
            if (matches(&moves.moves[j], &exp[i]) && after_is(&pos, &moves.moves[j], &exp[i])) {
                found++;
                at = j;
            }
        }
        CHECK_MSG(found == 1, "expected move %d (from %d to %d) found %d times", i + 1,
                  exp[i].from + 1, exp[i].to + 1, found);
        if (found == 1 && exp[i].after[0]) {
            ShPosition next, want;
            sh_position_play(&pos, &moves.moves[at], &next);
            char got[SH_FEN_SIZE];
            sh_fen_write(&next, false, got);
            bool read = sh_fen_read_variant(exp[i].after, v, &want, &err) == SH_OK;
            CHECK_MSG(read, "the FEN after move %d: %s", i + 1, read ? "" : err.message);
            CHECK_MSG(read && sh_position_equal(&next, &want), "after move %d: %s, expected %s",
                      i + 1, got, exp[i].after);
        }
    }
}

/* One file of blocks; returns how many blocks it held. */
static int rules_file(const char *name, ShVariant v)
{
    size_t size;
    char *text = test_read_file(test_data(name), &size);
    test_case("read %s", name);
    CHECK(text != NULL);
    if (!text)
        return 0;
    char fen[256] = "", title[512] = "", last_comment[512] = "";
    Expected *exp = malloc(64 * sizeof *exp);
    int nexp = 0, blocks = 0;
    char *cursor = text;
    for (char *line; exp && (line = test_next_line(&cursor));) {
        if (line[0] == '#') {
            if (strncmp(line, "# same position", 15) != 0)
                snprintf(last_comment, sizeof last_comment, "%s", line + 2);
            continue;
        }
        if (strncmp(line, "FEN ", 4) == 0) {
            if (fen[0])
                check_block(v, name, fen, title, exp, nexp), blocks++;
            snprintf(fen, sizeof fen, "%s", line + 4);
            snprintf(title, sizeof title, "%s", last_comment);
            nexp = 0;
            continue;
        }
        if (line[0] && nexp < 64) {
            if (!parse_expected(v, line, &exp[nexp])) {
                test_case("%s line '%s'", name, line);
                CHECK_MSG(false, "cannot read the expected move");
                continue;
            }
            nexp++;
        }
    }
    if (fen[0] && exp)
        check_block(v, name, fen, title, exp, nexp), blocks++;
    free(exp);
    free(text);
    return blocks;
}

void suite_rules(void)
{
    test_case("rules_moves.txt has its 16 positions");
    CHECK_INT(rules_file("rules_moves.txt", SH_VARIANT_RUSSIAN), 16);
    /* every variant but Russian may have a file of its own rules positions */
    for (int i = 1; i < SH_VARIANT_COUNT; i++) {
        const ShRules *r = sh_rules_get((ShVariant)i);
        char name[96];
        snprintf(name, sizeof name, "variants/rules_%s.txt", r->name);
        char *probe = test_read_file(test_data(name), NULL);
        if (!probe)
            continue;
        free(probe);
        int blocks = rules_file(name, (ShVariant)i);
        test_case("%s has positions", name);
        CHECK(blocks > 0);
    }
    /* Frisian's value rule (docs/variants.md): n kings worth more than 2n - 1 men and less
     * than 2n; at equal value a king captures first */
    test_case("the Frisian value rule orders captures as the federation's article 11");
    for (int n = 1; n <= 6; n++) {
        CHECK(frisian_capture_rank(0, n, false) > frisian_capture_rank(2 * n - 1, 0, true));
        CHECK(frisian_capture_rank(0, n, true) < frisian_capture_rank(2 * n, 0, false));
    }
    CHECK(frisian_capture_rank(1, 1, false) > frisian_capture_rank(2, 0, true));
    CHECK(frisian_capture_rank(2, 1, false) > frisian_capture_rank(0, 2, true));
    CHECK(frisian_capture_rank(1, 0, true) > frisian_capture_rank(1, 0, false));
    CHECK(frisian_capture_rank(0, 1, true) > frisian_capture_rank(0, 1, false));
    CHECK(frisian_capture_rank(3, 0, false) > frisian_capture_rank(2, 0, true));
    /* each generator was compiled with its rules record's flags */
    for (int i = 0; i < SH_VARIANT_COUNT; i++) {
        const ShRules *r = sh_rules_get((ShVariant)i);
        MovegenFlags f;
        movegen_flags((ShVariant)i, &f);
        test_case("the %s generator has the %s rules", r->name, r->name);
        CHECK_INT(f.flying_kings, r->flying_kings);
        CHECK_INT(f.men_capture_backward, r->men_capture_backward);
        CHECK_INT(f.precedence, r->precedence);
        CHECK_INT(f.promotion_continues, r->promotion_continues);
        CHECK_INT(f.men_capture_kings, r->men_capture_kings);
        CHECK_INT(f.capture_own, r->capture_own);
        CHECK_INT(f.capture_orthogonal, r->capture_orthogonal);
        CHECK_INT(f.king_moves_limit, r->king_moves_limit);
        CHECK_INT(f.board == SH_VARIANT_TURKISH, r->board == SH_BOARD_ORTHOGONAL);
        CHECK_INT(f.board == SH_VARIANT_ITALIAN, !r->a1_playable);
    }
}
