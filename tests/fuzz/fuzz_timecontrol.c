/* fuzz_timecontrol.c - libFuzzer harness for the time-control reader and the clock. Any text
 * gives a control or an error with a column, never a crash; a control read writes and reads
 * back to itself; a clock driven by a fake time source (the input's bytes give the thinking
 * times) keeps its accounts: time only goes down while a side thinks, and a press adds exactly
 * the increment, the delay refund and the next period's time. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shashki.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    ShTimeControl tc, back;
    ShError err;
    if (sh_timecontrol_parse(text, &tc, &err) != SH_OK) {
        if (err.message[0] == '\0' || (err.code == SH_ERR_SYNTAX && err.column < 1))
            abort();
        free(text);
        return 0;
    }
    char out[SH_TIME_CONTROL_SIZE];
    int n = sh_timecontrol_write(&tc, out);
    if (n <= 0 || n >= SH_TIME_CONTROL_SIZE || sh_timecontrol_parse(out, &back, &err) != SH_OK ||
        !sh_timecontrol_equal(&tc, &back) || sh_timecontrol_validate(&tc, &err) != SH_OK)
        abort();
    if (tc.count > 0) {
        ShFakeTime fake = {0};
        ShClock clock;
        if (sh_clock_init(&clock, &tc, sh_time_fake(&fake), &err) != SH_OK)
            abort();
        sh_clock_start(&clock, SH_WHITE);
        for (size_t i = 0; i < size && i < 400; i++) {
            int side = clock.running;
            if (side < 0)
                break;
            int64_t before = sh_clock_remaining(&clock, (ShColor)side);
            int64_t think = (int64_t)data[i] * 977;
            fake.now_ms += think;
            int64_t at_press = sh_clock_remaining(&clock, (ShColor)side);
            if (at_press != before - think)
                abort();
            int period = clock.period[side], moves = clock.period_moves[side];
            bool ok = sh_clock_press(&clock);
            if (ok != (at_press > 0))
                abort();
            if (!ok)
                break;
            int64_t expected = at_press + tc.increment_ms +
                               (tc.delay_ms ? (think < tc.delay_ms ? think : tc.delay_ms) : 0);
            if (tc.periods[period].moves && moves + 1 == tc.periods[period].moves)
                expected += tc.periods[period + 1 < tc.count ? period + 1 : period].time_ms;
            if (tc.days_per_move) /* correspondence: each move's days afresh */
                expected = tc.periods[0].time_ms;
            if (clock.remaining_ms[side] != expected || clock.running != (side ^ 1))
                abort();
            if ((data[i] & 15) == 0) {
                sh_clock_pause(&clock);
                fake.now_ms += 1000000;
                sh_clock_resume(&clock);
            }
        }
        char shown[32];
        sh_time_format(sh_clock_remaining(&clock, SH_WHITE), shown, sizeof shown);
    }
    free(text);
    return 0;
}
