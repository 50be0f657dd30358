/* speed.c - the speed of a rated game from its time control, as lichess classifies (the
 * estimated duration of 40 moves), and the correspondence form "Nd". The contract is in
 * include/shashki_rating.h. */
#include "shashki_rating.h"

#include <ctype.h>
#include <string.h>

#include "error.h"

static const char *const NAMES[SH_SPEED_COUNT] = {"bullet", "blitz", "rapid", "classical",
                                                  "correspondence"};

const char *sh_speed_name(ShSpeed speed)
{
    if ((int)speed < 0 || (int)speed >= SH_SPEED_COUNT)
        return NULL;
    return NAMES[speed];
}

ShStatus sh_speed_find(const char *name, ShSpeed *speed, ShError *err)
{
    if (!name || !speed)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no speed");
    for (int i = 0; i < SH_SPEED_COUNT; i++) {
        if (strcmp(name, NAMES[i]) == 0) {
            *speed = (ShSpeed)i;
            return SH_OK;
        }
    }
    return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                     "unknown speed '%.40s' (bullet, blitz, rapid, classical, correspondence)",
                     name);
}

static size_t skip_blanks(const char *text, size_t at)
{
    while (text[at] == ' ' || text[at] == '\t')
        at++;
    return at;
}

/* Column (1-based) of text[at] for the error. */
static int column_of(size_t at)
{
    return at < 100000 ? (int)at + 1 : 100000;
}

ShStatus sh_correspondence_parse(const char *text, int *days, ShError *err)
{
    if (!text || !days)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control");
    size_t at = skip_blanks(text, 0), start = at;
    int n = 0;
    while (isdigit((unsigned char)text[at])) {
        if (n < 1000)
            n = n * 10 + (text[at] - '0');
        at++;
    }
    if (at == start)
        return error_set(err, SH_ERR_SYNTAX, 1, column_of(at),
                         "expected the days per move (\"3d\": 1d to 14d)");
    if (text[at] != 'd')
        return error_set(err, SH_ERR_SYNTAX, 1, column_of(at),
                         "expected 'd' after the days per move (\"3d\": 1d to 14d)");
    if (n < SH_CORRESPONDENCE_MIN_DAYS || n > SH_CORRESPONDENCE_MAX_DAYS)
        return error_set(err, SH_ERR_SYNTAX, 1, column_of(start),
                         "%s%d days per move: correspondence gives 1 to 14", n >= 1000 ? "over " : "",
                         n >= 1000 ? 999 : n);
    at = skip_blanks(text, at + 1);
    if (text[at] != '\0')
        return error_set(err, SH_ERR_SYNTAX, 1, column_of(at),
                         "expected the end after the days per move");
    *days = n;
    return SH_OK;
}

/* The text has the correspondence form's start: digits, then 'd'. */
static bool looks_correspondence(const char *text)
{
    size_t at = skip_blanks(text, 0), start = at;
    while (isdigit((unsigned char)text[at]))
        at++;
    return at > start && text[at] == 'd';
}

int64_t sh_speed_estimate_ms(const ShTimeControl *control)
{
    if (!control || control->count <= 0 || control->count > SH_TIME_MAX_PERIODS)
        return -1;
    /* The periods that start within the first 40 moves; the last repeats when it has moves. */
    int64_t total = 0;
    int moves = 0, i = 0;
    while (moves < SH_SPEED_ESTIMATE_MOVES) {
        const ShTimePeriod *p = &control->periods[i];
        total += p->time_ms;
        if (p->moves <= 0)
            break;
        moves += p->moves;
        if (i + 1 < control->count)
            i++;
    }
    int64_t bonus = control->increment_ms > control->delay_ms ? control->increment_ms
                                                              : control->delay_ms;
    return total + SH_SPEED_ESTIMATE_MOVES * bonus;
}

ShStatus sh_speed_of_control(const ShTimeControl *control, ShSpeed *speed, ShError *err)
{
    if (!speed)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no place for the speed");
    ShStatus st = sh_timecontrol_validate(control, err);
    if (st)
        return st;
    if (control->count == 0) {
        *speed = SH_SPEED_CORRESPONDENCE;
        return SH_OK;
    }
    int64_t ms = sh_speed_estimate_ms(control);
    if (ms < SH_SPEED_BULLET_BELOW_S * 1000LL)
        *speed = SH_SPEED_BULLET;
    else if (ms < SH_SPEED_BLITZ_BELOW_S * 1000LL)
        *speed = SH_SPEED_BLITZ;
    else if (ms < SH_SPEED_RAPID_BELOW_S * 1000LL)
        *speed = SH_SPEED_RAPID;
    else
        *speed = SH_SPEED_CLASSICAL;
    return SH_OK;
}

ShStatus sh_speed_classify(const char *text, ShSpeed *speed, ShError *err)
{
    if (!text || !speed)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control");
    if (looks_correspondence(text)) {
        int days;
        ShStatus st = sh_correspondence_parse(text, &days, err);
        if (st)
            return st;
        *speed = SH_SPEED_CORRESPONDENCE;
        return SH_OK;
    }
    ShTimeControl control;
    ShStatus st = sh_timecontrol_parse(text, &control, err);
    if (st)
        return st;
    return sh_speed_of_control(&control, speed, err);
}
