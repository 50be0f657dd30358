/* test_openings.c - the opening ballots built into the library: every ballot's moves replay
 * legally to the position its table gives, and codes are found as people write them. */
#include <string.h>

#include "test.h"

void suite_openings(void)
{
    test_case("886 ballots: 150 IDF-64, 344 FMJD-64 move ballots, 392 FMJD-64 set-ups");
    int n = sh_openings_count(), idf = 0, fmjd_moves = 0, fmjd_setups = 0;
    CHECK_INT(n, 886);
    ShOpening o;
    for (int i = 0; i < n && sh_opening_at(i, &o); i++) {
        if (strcmp(o.table, "IDF-64") == 0)
            idf++;
        else if (o.setup[0])
            fmjd_setups++;
        else
            fmjd_moves++;
    }
    CHECK_INT(idf, 150);
    CHECK_INT(fmjd_moves, 344);
    CHECK_INT(fmjd_setups, 392);
    CHECK(!sh_opening_at(n, &o));
    CHECK(!sh_opening_at(-1, &o));

    for (int i = 0; i < n && sh_opening_at(i, &o); i++) {
        test_case("ballot %s %s replays to its position", o.table, o.code);
        ShPosition start, pos, expected;
        ShMove moves[SH_OPENING_MAX_PLIES];
        int count;
        ShError err;
        if (sh_opening_line(&o, &start, moves, &count, &err) != SH_OK) {
            CHECK_MSG(false, "%s", err.message);
            continue;
        }
        pos = start;
        for (int k = 0; k < count; k++) {
            ShPosition next;
            sh_position_play(&pos, &moves[k], &next);
            pos = next;
        }
        CHECK(sh_fen_read(o.fen, &expected, &err) == SH_OK);
        CHECK(sh_position_equal(&pos, &expected));
        CHECK(o.setup[0] ? count == 0 : (o.moves[0] ? count >= 1 : count == 0));
    }

    test_case("finding ballots by code");
    ShError err;
    CHECK(sh_opening_find("1-III", &o, &err) == SH_OK);
    CHECK_STR(o.table, "IDF-64");
    CHECK_STR(o.moves, "1. g3-h4 h6-g5");
    CHECK(sh_opening_find("FMJD 2-IV", &o, &err) == SH_OK);
    CHECK_STR(o.table, "FMJD-64");
    CHECK_STR(o.moves, "1. a3-b4 d6-e5 2. b2-a3 f6-g5 3. g3-f4");
    CHECK(sh_opening_find("idf-64 2-iv", &o, &err) == SH_OK);
    CHECK_STR(o.moves, "1. e3-f4 f6-e5 2. a3-b4");
    CHECK(sh_opening_find("fmjd:11-IV", &o, &err) == SH_OK);
    CHECK_STR(o.setup, "a1-a5 a7-h4");
    CHECK(sh_opening_find("45-IX", &o, &err) == SH_OK); /* not in IDF-64: found in FMJD-64 */
    CHECK_STR(o.table, "FMJD-64");
    CHECK(sh_opening_find("IDF 5-VII", &o, &err) == SH_OK);
    CHECK(o.moves[0] == '\0' && o.setup[0] == '\0');
    CHECK(sh_opening_find("99-X", &o, &err) == SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "99-X") != NULL);
    CHECK(sh_opening_find("", &o, &err) == SH_ERR_SYNTAX);
    CHECK(sh_opening_find("1-III extra", &o, &err) == SH_ERR_SYNTAX);
    CHECK(sh_opening_find(NULL, &o, &err) == SH_ERR_ARGUMENT);
}
