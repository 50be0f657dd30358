/* test_perft.c - perft against counts measured outside the project: the start position in
 * both conventions (perft_start.txt) and the suites (rules_perft, kestog13, random170). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

static void start_position(void)
{
    size_t size;
    char *text = test_read_file(test_data("perft_start.txt"), &size);
    test_case("read perft_start.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    int max_depth = test_slow() ? 12 : 10, checked = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        int depth;
        unsigned long long distinct, paths;
        int fields = sscanf(line, "%d %llu %llu", &depth, &distinct, &paths);
        if (line[0] == '#' || fields < 2 || depth > max_depth)
            continue;
        test_case("perft %d from the start, distinct moves", depth);
        CHECK_INT(sh_perft(&start, depth, SH_PERFT_DISTINCT), distinct);
        checked++;
        if (fields == 3) {
            test_case("perft %d from the start, capture paths", depth);
            CHECK_INT(sh_perft(&start, depth, SH_PERFT_PATHS), paths);
        }
    }
    test_case("perft_start.txt gave depths 1..%d", max_depth);
    CHECK_INT(checked, max_depth);
    free(text);
}

/* "FEN ;D1 n ;D2 n ..." lines of a variant, each checked up to max_depth. */
static void suite_variant(const char *name, ShVariant variant, ShPerftMode mode, int max_depth)
{
    size_t size;
    char *text = test_read_file(test_data(name), &size);
    test_case("read %s", name);
    CHECK(text != NULL);
    if (!text)
        return;
    int line_no = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *semi = strchr(line, ';');
        if (!semi)
            continue;
        *semi = '\0';
        test_case("%s:%d %s", name, line_no, line);
        ShPosition pos;
        ShError err;
        if (sh_fen_read_variant(line, variant, &pos, &err) != SH_OK) {
            CHECK_MSG(false, "FEN: %s", err.message);
            continue;
        }
        for (char *f = semi + 1; f; f = strchr(f, ';')) {
            if (*f == ';')
                f++;
            int depth;
            unsigned long long expected;
            if (sscanf(f, " D%d %llu", &depth, &expected) != 2) {
                CHECK_MSG(false, "bad count '%s'", f);
                break;
            }
            if (depth <= max_depth) {
                uint64_t got = sh_perft(&pos, depth, mode);
                CHECK_MSG(got == expected, "depth %d: expected %llu, got %" PRIu64, depth,
                          expected, got);
            }
        }
    }
    free(text);
}

static void suite_file(const char *name, int max_depth)
{
    suite_variant(name, SH_VARIANT_RUSSIAN, SH_PERFT_DISTINCT, max_depth);
}

/* tests/data/variants: each game's suite in both conventions, and its start (start.txt). */
static void variants(void)
{
    static const char *const GAMES[] = {"russian", "brazilian", "english", "italian", "turkish",
                                         "international", "frisian"};
    for (size_t i = 0; i < sizeof GAMES / sizeof GAMES[0]; i++) {
        ShVariant v;
        test_case("variant %s is known", GAMES[i]);
        CHECK(sh_rules_find(GAMES[i], &v));
        char name[64];
        snprintf(name, sizeof name, "variants/%s.epd", GAMES[i]);
        suite_variant(name, v, SH_PERFT_DISTINCT, 64);
        snprintf(name, sizeof name, "variants/%s.paths.epd", GAMES[i]);
        suite_variant(name, v, SH_PERFT_PATHS, 64);
    }
    char *text = test_read_file(test_data("variants/start.txt"), NULL);
    test_case("read variants/start.txt");
    CHECK(text != NULL);
    int checked = 0;
    char *cursor = text;
    for (char *line; text && (line = test_next_line(&cursor));) {
        char game[32];
        int depth;
        unsigned long long distinct, paths;
        int fields = sscanf(line, "%31s %d %llu %llu", game, &depth, &distinct, &paths);
        ShVariant v;
        if (line[0] == '#' || fields < 3 || !sh_rules_find(game, &v))
            continue;
        if (depth > (test_slow() ? 12 : 10) || (!test_slow() && distinct > 50000000ULL))
            continue; /* the largest counts are for make test-slow */
        ShPosition start;
        sh_position_start(&start, v);
        test_case("%s perft %d from the start", game, depth);
        CHECK_INT(sh_perft(&start, depth, SH_PERFT_DISTINCT), distinct);
        if (fields == 4) {
            test_case("%s perft %d from the start, capture paths", game, depth);
            CHECK_INT(sh_perft(&start, depth, SH_PERFT_PATHS), paths);
        }
        checked++;
    }
    test_case("variants/start.txt held counts");
    CHECK(checked >= 30);
    free(text);
}

static void threads(void)
{
    ShPosition start;
    sh_position_start(&start, SH_VARIANT_RUSSIAN);
    test_case("perft 9 on 2 and 3 threads equals one thread, both conventions");
    CHECK_INT(sh_perft_threads(&start, 9, SH_PERFT_DISTINCT, 2), 4570586);
    CHECK_INT(sh_perft_threads(&start, 9, SH_PERFT_DISTINCT, 3), 4570586);
    CHECK_INT(sh_perft_threads(&start, 9, SH_PERFT_PATHS, 2), 4570667);
    test_case("perft of depth 0 is 1, of a side without moves is 0 beyond");
    CHECK_INT(sh_perft(&start, 0, SH_PERFT_DISTINCT), 1);
    ShPosition lost;
    CHECK(sh_fen_read("W:W:Bc7", &lost, NULL) == SH_OK);
    CHECK_INT(sh_perft(&lost, 1, SH_PERFT_DISTINCT), 0);
    CHECK_INT(sh_perft(&lost, 3, SH_PERFT_DISTINCT), 0);
}

void suite_perft(void)
{
    start_position();
    suite_file("rules_perft.epd", 64);
    suite_file("kestog13.epd", test_slow() ? 10 : 5);
    suite_file("random170.epd", 64);
    variants();
    threads();
}
