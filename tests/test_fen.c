/* test_fen.c - the FEN reader and writer on the cases of tests/data/fen_cases.txt. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static void fen_case(int line_no, const char *input, const char *expected)
{
    test_case("fen_cases.txt:%d '%s'", line_no, input);
    ShPosition pos;
    ShError err;
    ShStatus st = sh_fen_read(input, &pos, &err);
    if (strncmp(expected, "error ", 6) == 0) {
        char kind[32];
        int column;
        if (sscanf(expected + 6, "%31s %d", kind, &column) != 2) {
            CHECK_MSG(false, "bad expectation '%s'", expected);
            return;
        }
        ShStatus want = strcmp(kind, "syntax") == 0 ? SH_ERR_SYNTAX : SH_ERR_INVALID_POSITION;
        CHECK_MSG(st == want, "status %s (%s), expected %s", sh_status_name(st),
                  st ? err.message : "", sh_status_name(want));
        if (st != SH_OK) {
            CHECK_MSG(err.column == column, "column %d, expected %d (%s)", err.column, column,
                      err.message);
            CHECK(err.message[0] != '\0');
        }
        return;
    }
    if (st != SH_OK) {
        CHECK_MSG(false, "error: %s", err.message);
        return;
    }
    char out[SH_FEN_SIZE], num[SH_FEN_SIZE];
    sh_fen_write(&pos, false, out);
    CHECK_STR(out, expected);
    /* the numeric form reads back to the same position */
    sh_fen_write(&pos, true, num);
    ShPosition back;
    CHECK(sh_fen_read(num, &back, NULL) == SH_OK && sh_position_equal(&back, &pos));
    CHECK(pos.key == sh_position_hash(&pos));
}

void suite_fen(void)
{
    char *text = test_read_file(test_data("fen_cases.txt"), NULL);
    test_case("read fen_cases.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    int line_no = 0, cases = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *arrow = strstr(line, "=>");
        if (!arrow)
            continue;
        char input[256];
        size_t n = (size_t)(arrow - line);
        while (n > 0 && line[n - 1] == ' ')
            n--; /* the reader itself must cope with blanks; keep leading ones */
        if (n >= sizeof input)
            n = sizeof input - 1;
        memcpy(input, line, n);
        input[n] = '\0';
        const char *expected = arrow + 2;
        while (*expected == ' ')
            expected++;
        fen_case(line_no, input, expected);
        cases++;
    }
    free(text);

    test_case("fen_cases.txt holds its cases");
    CHECK(cases >= 40);

    test_case("FEN reader: NULL text and long garbage never crash");
    ShPosition pos;
    ShError err;
    CHECK(sh_fen_read(NULL, &pos, &err) == SH_ERR_ARGUMENT);
    char junk[600];
    memset(junk, ',', sizeof junk - 1);
    junk[0] = 'W';
    junk[1] = ':';
    junk[2] = 'W';
    junk[sizeof junk - 1] = '\0';
    CHECK(sh_fen_read(junk, &pos, &err) == SH_ERR_SYNTAX);
}
