/* test_rules.c - the capture rules, position by position, against complete move lists
 * computed outside the project (tests/data/rules_moves.txt). */
#include <stdlib.h>
#include <string.h>

#include "test.h"

typedef struct Expected {
    int from, to, promotes;
    int captured[SH_MAX_PIECES_PER_SIDE];
    int ncaptured;
} Expected;

static int sort_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* "a1 a5 {c7,d4,e7} promotes" */
static bool parse_expected(const char *line, Expected *e)
{
    int at = 0, n;
    memset(e, 0, sizeof *e);
    if ((n = sh_square_parse(line + at, &e->from)) == 0)
        return false;
    at += n + 1;
    if ((n = sh_square_parse(line + at, &e->to)) == 0)
        return false;
    at += n + 1;
    if (line[at] != '{')
        return false;
    at++;
    while (line[at] && line[at] != '}') {
        int sq;
        if ((n = sh_square_parse(line + at, &sq)) == 0)
            return false;
        e->captured[e->ncaptured++] = sq;
        at += n;
        if (line[at] == ',')
            at++;
    }
    qsort(e->captured, (size_t)e->ncaptured, sizeof(int), sort_int);
    e->promotes = strstr(line + at, "promotes") != NULL;
    return true;
}

static bool matches(const ShMove *m, const Expected *e)
{
    int caps[SH_MAX_PIECES_PER_SIDE];
    int n = sh_move_captured_squares(m, caps);
    if (sh_move_from(m) != e->from || sh_move_to(m) != e->to || n != e->ncaptured ||
        (m->promotes != 0) != (e->promotes != 0))
        return false;
    for (int i = 0; i < n; i++)
        if (caps[i] != e->captured[i])
            return false;
    return true;
}

static void check_block(const char *fen, const char *title, Expected *exp, int nexp)
{
    test_case("%s [%s]", title, fen);
    ShPosition pos;
    ShError err;
    if (sh_fen_read(fen, &pos, &err) != SH_OK) {
        CHECK_MSG(false, "FEN: %s", err.message);
        return;
    }
    ShMoveList moves;
    sh_moves_generate(&pos, &moves);
    CHECK_INT(moves.count, nexp);
    CHECK_INT(sh_moves_count(&pos), nexp);
    for (int i = 0; i < nexp; i++) {
        int found = 0;
        for (int j = 0; j < moves.count; j++)
            found += matches(&moves.moves[j], &exp[i]);
        CHECK_MSG(found == 1, "expected move %d (from %d to %d) found %d times", i + 1,
                  exp[i].from + 1, exp[i].to + 1, found);
    }
}

void suite_rules(void)
{
    size_t size;
    char *text = test_read_file(test_data("rules_moves.txt"), &size);
    test_case("read rules_moves.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    char fen[256] = "", title[512] = "", last_comment[512] = "";
    Expected exp[64];
    int nexp = 0, blocks = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        if (line[0] == '#') {
            if (strncmp(line, "# same position", 15) != 0)
                snprintf(last_comment, sizeof last_comment, "%s", line + 2);
            continue;
        }
        if (strncmp(line, "FEN ", 4) == 0) {
            if (fen[0])
                check_block(fen, title, exp, nexp), blocks++;
            snprintf(fen, sizeof fen, "%s", line + 4);
            snprintf(title, sizeof title, "%s", last_comment);
            nexp = 0;
            continue;
        }
        if (line[0] && nexp < 64) {
            if (!parse_expected(line, &exp[nexp])) {
                test_case("rules_moves.txt line '%s'", line);
                CHECK_MSG(false, "cannot read the expected move");
                continue;
            }
            nexp++;
        }
    }
    if (fen[0])
        check_block(fen, title, exp, nexp), blocks++;
    test_case("rules_moves.txt has its 16 positions");
    CHECK_INT(blocks, 16);
    free(text);
}
