/* test_notation.c - reading and writing moves: the cases of tests/data/move_cases.txt. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static int notation_of(const char *style)
{
    int n = 0;
    if (strncmp(style, "short", 5) == 0)
        n = SH_NOTATION_SHORT;
    else if (strncmp(style, "semishort", 9) == 0)
        n = SH_NOTATION_SEMISHORT;
    else if (strncmp(style, "hub", 3) == 0)
        n = SH_NOTATION_HUB;
    if (strstr(style, ",numeric"))
        n |= SH_NOTATION_NUMERIC;
    if (strstr(style, ",x"))
        n |= SH_NOTATION_X;
    return n;
}

static void full_text(const ShPosition *pos, const ShMove *m, char out[SH_MOVE_TEXT_SIZE])
{
    if (sh_move_write(pos, m, SH_NOTATION_FULL, out, NULL) != SH_OK)
        strcpy(out, "(unwritable)");
}

static void read_case(const ShPosition *pos, const char *input, const char *expected)
{
    ShMove m;
    ShError err;
    ShStatus st = sh_move_parse(pos, input, &m, &err);
    if (strncmp(expected, "error ", 6) == 0) {
        char kind[32] = "", rest[256] = "";
        int column = 0;
        sscanf(expected + 6, "%31s %d", kind, &column);
        const char *tilde = strchr(expected, '~');
        if (tilde)
            snprintf(rest, sizeof rest, "%s", tilde + 1);
        ShStatus want = strcmp(kind, "syntax") == 0      ? SH_ERR_SYNTAX
                        : strcmp(kind, "ambiguous") == 0 ? SH_ERR_AMBIGUOUS_MOVE
                                                         : SH_ERR_ILLEGAL_MOVE;
        CHECK_MSG(st == want, "status '%s', expected '%s'", sh_status_name(st), sh_status_name(want));
        if (st != SH_OK) {
            if (column)
                CHECK_MSG(err.column == column, "column %d, expected %d (%s)", err.column,
                          column, err.message);
            if (rest[0])
                CHECK_MSG(strstr(err.message, rest), "message '%s' lacks '%s'", err.message, rest);
        }
        return;
    }
    if (st != SH_OK) {
        CHECK_MSG(false, "error: %s", err.message);
        return;
    }
    char text[SH_MOVE_TEXT_SIZE];
    full_text(pos, &m, text);
    CHECK_STR(text, expected);
}

static void write_case(const ShPosition *pos, const char *args, const char *expected)
{
    char move_text[64], style[64];
    if (sscanf(args, "%63s %63s", move_text, style) != 2) {
        CHECK_MSG(false, "bad write line");
        return;
    }
    ShMove m;
    ShError err;
    if (sh_move_parse(pos, move_text, &m, &err) != SH_OK) {
        CHECK_MSG(false, "cannot read %s: %s", move_text, err.message);
        return;
    }
    char text[SH_MOVE_TEXT_SIZE];
    CHECK(sh_move_write(pos, &m, notation_of(style), text, &err) == SH_OK);
    CHECK_STR(text, expected);
}

static void game_case(const ShPosition *start, char *moves, const char *expected)
{
    ShPosition pos = *start;
    char played[1024] = "";
    for (char *tok = strtok(moves, " "); tok; tok = strtok(NULL, " ")) {
        ShMove m;
        ShError err;
        if (sh_move_parse(&pos, tok, &m, &err) != SH_OK) {
            CHECK_MSG(false, "move '%s': %s", tok, err.message);
            return;
        }
        char text[SH_MOVE_TEXT_SIZE];
        full_text(&pos, &m, text);
        if (played[0])
            strcat(played, " ");
        strcat(played, text);
        ShPosition next;
        sh_position_play(&pos, &m, &next);
        pos = next;
    }
    CHECK_STR(played, expected);
}

void suite_notation(void)
{
    char *text = test_read_file(test_data("move_cases.txt"), NULL);
    test_case("read move_cases.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    ShPosition pos;
    sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    int line_no = 0, cases = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (strncmp(line, "FEN ", 4) == 0) {
            ShError err;
            test_case("move_cases.txt:%d %s", line_no, line);
            CHECK_MSG(sh_fen_read(line + 4, &pos, &err) == SH_OK, "FEN: %s", err.message);
            continue;
        }
        char *arrow = strstr(line, "=>");
        if (!arrow)
            continue;
        *arrow = '\0';
        const char *expected = arrow + 2;
        while (*expected == ' ')
            expected++;
        char *input = line;
        size_t n = strlen(input);
        while (n > 0 && input[n - 1] == ' ')
            input[--n] = '\0';
        test_case("move_cases.txt:%d '%s'", line_no, input);
        cases++;
        if (strncmp(input, "write ", 6) == 0)
            write_case(&pos, input + 6, expected);
        else if (strncmp(input, "game ", 5) == 0)
            game_case(&pos, input + 5, expected);
        else
            read_case(&pos, input, expected);
    }
    free(text);
    test_case("move_cases.txt holds its cases");
    CHECK(cases >= 60);

    test_case("move reader: NULL, overlong and binary text never crash");
    ShMove m;
    ShError err;
    sh_position_start(&pos, SH_VARIANT_RUSSIAN);
    CHECK(sh_move_parse(&pos, NULL, &m, &err) == SH_ERR_ARGUMENT);
    char big[300];
    memset(big, '1', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    CHECK(sh_move_parse(&pos, big, &m, &err) == SH_ERR_SYNTAX);
    CHECK(sh_move_parse(&pos, "\x01\xff-\x80", &m, &err) == SH_ERR_SYNTAX);
}
