/* test_clock.c - time controls and the clock, from tests/data/clock_cases.txt:
 *
 *   TEXT => CANONICAL             a time control read, then written
 *   TEXT => error COLUMN [~TEXT]  a time control refused at COLUMN
 *   preset NAME => CANONICAL      a preset (or "=> error")
 *   pdn TEXT => TAG               a time control read, then written as PDN's TimeControl tag
 *   format MS => TEXT             sh_time_format
 *   clock TC                      a new clock on a fake time source at 0, stopped
 *   start SIDE | press ok|flag | pause | resume | stop
 *   wait DURATION                 advance the fake time
 *   play N DURATION               N moves, each made DURATION after the one before
 *   left SIDE TIME                the time left as a clock shows it (sh_time_format)
 *   togo SIDE N                   moves left in the period
 *   flag SIDE yes|no
 *   setleft SIDE DURATION
 *
 * Every line is its own case, named by its line number. */
#include <stdlib.h>
#include <string.h>

#include "test.h"

static int64_t duration(const char *text)
{
    ShTimeControl tc;
    if (sh_timecontrol_parse(text, &tc, NULL) != SH_OK || tc.count != 1)
        return -1;
    return tc.periods[0].time_ms;
}

static bool side(const char *word, ShColor *c)
{
    if (strcmp(word, "white") == 0)
        *c = SH_WHITE;
    else if (strcmp(word, "black") == 0)
        *c = SH_BLACK;
    else
        return false;
    return true;
}

static void parse_case(char *left, char *right)
{
    ShTimeControl tc;
    ShError err;
    while (*left == ' ')
        left++;
    char *end = left + strlen(left);
    while (end > left && end[-1] == ' ')
        *--end = '\0';
    while (*right == ' ')
        right++;
    bool preset = strncmp(left, "preset ", 7) == 0, pdn = strncmp(left, "pdn ", 4) == 0;
    ShStatus st = preset ? sh_timecontrol_preset(left + 7, &tc, &err)
                         : sh_timecontrol_parse(left + (pdn ? 4 : 0), &tc, &err);
    if (strncmp(right, "error", 5) == 0) {
        CHECK_MSG(st != SH_OK, "'%s' was read", left);
        int column = atoi(right + 5);
        char *tilde = strchr(right, '~');
        if (st != SH_OK && column)
            CHECK_MSG(err.column == column, "column %d, expected %d (%s)", err.column, column,
                      err.message);
        if (st != SH_OK && tilde)
            CHECK_MSG(strstr(err.message, tilde + 1), "'%s' lacks '%s'", err.message, tilde + 1);
        return;
    }
    if (st != SH_OK) {
        CHECK_MSG(false, "'%s': %s", left, err.message);
        return;
    }
    char out[SH_TIME_CONTROL_SIZE];
    if (pdn)
        sh_timecontrol_write_pdn(&tc, out);
    else
        sh_timecontrol_write(&tc, out);
    CHECK_STR(out, right);
    ShTimeControl back;
    CHECK(sh_timecontrol_parse(out, &back, &err) == SH_OK && sh_timecontrol_equal(&tc, &back));
}

void suite_clock(void)
{
    char *text = test_read_file(test_data("clock_cases.txt"), NULL);
    test_case("read clock_cases.txt");
    CHECK(text != NULL);
    if (!text)
        return;
    ShFakeTime fake = {0};
    ShClock clock;
    bool have = false;
    int line_no = 0, cases = 0;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (*line == '\0' || *line == '#')
            continue;
        test_case("clock_cases.txt:%d %s", line_no, line);
        cases++;
        char *arrow = strstr(line, "=>");
        if (arrow && strncmp(line, "format ", 7) == 0) {
            char out[32];
            sh_time_format(strtoll(line + 7, NULL, 10), out, sizeof out);
            char *want = arrow + 2;
            while (*want == ' ')
                want++;
            CHECK_STR(out, want);
            continue;
        }
        if (arrow) {
            *arrow = '\0';
            parse_case(line, arrow + 2);
            continue;
        }
        char *w[8] = {NULL};
        int n = 0;
        for (char *t = strtok(line, " "); t && n < 8; t = strtok(NULL, " "))
            w[n++] = t;
        ShColor c;
        ShError err;
        if (n == 0)
            continue;
        if (strcmp(w[0], "clock") == 0 && n == 2) {
            ShTimeControl tc;
            fake.now_ms = 0;
            have = sh_timecontrol_parse(w[1], &tc, &err) == SH_OK &&
                   sh_clock_init(&clock, &tc, sh_time_fake(&fake), &err) == SH_OK;
            CHECK_MSG(have, "%s", err.message);
            continue;
        }
        if (!have) {
            CHECK_MSG(false, "no clock yet");
            continue;
        }
        if (strcmp(w[0], "start") == 0 && n == 2 && side(w[1], &c)) {
            sh_clock_start(&clock, (int)c);
        } else if (strcmp(w[0], "wait") == 0 && n == 2) {
            CHECK(duration(w[1]) >= 0);
            fake.now_ms += duration(w[1]);
        } else if (strcmp(w[0], "press") == 0 && n == 2) {
            bool ok = sh_clock_press(&clock);
            CHECK_MSG(ok == (strcmp(w[1], "ok") == 0), "press gave %s", ok ? "ok" : "flag");
        } else if (strcmp(w[0], "play") == 0 && n == 3) {
            for (int i = 0; i < atoi(w[1]); i++) {
                fake.now_ms += duration(w[2]);
                bool ok = sh_clock_press(&clock);
                CHECK_MSG(ok, "the flag fell at press %d", i + 1);
                if (!ok)
                    break;
            }
        } else if (strcmp(w[0], "pause") == 0) {
            sh_clock_pause(&clock);
        } else if (strcmp(w[0], "resume") == 0) {
            sh_clock_resume(&clock);
        } else if (strcmp(w[0], "stop") == 0) {
            sh_clock_stop(&clock);
        } else if (strcmp(w[0], "left") == 0 && n == 3 && side(w[1], &c)) {
            char out[32];
            sh_time_format(sh_clock_remaining(&clock, (int)c), out, sizeof out);
            CHECK_STR(out, w[2]);
        } else if (strcmp(w[0], "togo") == 0 && n == 3 && side(w[1], &c)) {
            CHECK_INT(sh_clock_moves_to_go(&clock, (int)c), atoi(w[2]));
        } else if (strcmp(w[0], "flag") == 0 && n == 3 && side(w[1], &c)) {
            CHECK_INT(sh_clock_flag(&clock, (int)c), strcmp(w[2], "yes") == 0);
        } else if (strcmp(w[0], "setleft") == 0 && n == 3 && side(w[1], &c)) {
            sh_clock_set_remaining(&clock, (int)c, duration(w[2]));
        } else {
            CHECK_MSG(false, "unknown command");
        }
    }
    free(text);
    test_case("the clock cases are there");
    CHECK(cases > 80);

    test_case("every preset reads back and is listed");
    const char *name, *tc_text, *desc;
    int presets = 0;
    for (int i = 0; sh_timecontrol_preset_at(i, &name, &tc_text, &desc); i++) {
        ShTimeControl a, b;
        CHECK(sh_timecontrol_preset(name, &a, NULL) == SH_OK);
        CHECK(sh_timecontrol_parse(tc_text, &b, NULL) == SH_OK);
        CHECK(sh_timecontrol_equal(&a, &b));
        CHECK(desc && *desc);
        presets++;
    }
    CHECK_INT(presets, 10);

    test_case("the monotonic source does not go back");
    ShTimeSource mono = sh_time_monotonic();
    int64_t t0 = mono.now(mono.context), t1 = mono.now(mono.context);
    CHECK(t1 >= t0);

    test_case("a clock needs a valid control");
    ShTimeControl bad = {0};
    CHECK(sh_clock_init(&clock, &bad, sh_time_fake(&fake), NULL) == SH_ERR_ARGUMENT);
    bad.count = 2;
    bad.periods[0].time_ms = 60000;
    bad.periods[1].time_ms = 60000;
    CHECK(sh_timecontrol_validate(&bad, NULL) == SH_ERR_ARGUMENT); /* sudden death, then more */
    bad.periods[0].moves = 40;
    CHECK(sh_timecontrol_validate(&bad, NULL) == SH_OK);
    bad.increment_ms = 1000;
    bad.delay_ms = 1000;
    CHECK(sh_timecontrol_validate(&bad, NULL) == SH_ERR_ARGUMENT);
}
