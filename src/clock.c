/*
 * clock.c - time controls as text, and a two-player clock on an injectable time source.
 *
 * A time control is data (ShTimeControl): periods of a time and a number of moves, the last
 * one the rest of the game or repeating, and an optional Fischer increment or Bronstein delay.
 * The text forms mix two traditions: the way players write controls ("1h10m/35+15m",
 * "10m+5s") and the PGN/PDN TimeControl tag ("40/7200:3600", "300+5"). They are told apart
 * by units: a number with a unit (h, m, s) is a time, a bare number before '/' is a count of
 * moves ("40/7200"), and a bare number anywhere else is seconds. A '+' after a sudden-death
 * period can only be an increment (nothing follows the rest of the game); after a period with
 * a number of moves it starts the next period, so an increment there is written "+i30s".
 *
 * The clock keeps, for each side, the time left at the start of the running turn; the running
 * side's time is read as that minus the time since `since`. Pressing charges the time used,
 * checks the flag, counts the move, adds the increment (or gives back up to the delay) and the
 * next period's time when a period's moves are done, and starts the other side. Nothing here
 * reads the system clock except sh_time_monotonic: tests drive a fake source.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "error.h"

#define MS_PER_SECOND INT64_C(1000)
#define MS_PER_MINUTE INT64_C(60000)
#define MS_PER_HOUR INT64_C(3600000)
#define MAX_TIME_MS (100 * MS_PER_HOUR) /* a period of at most 100 hours */
#define MAX_BONUS_MS MS_PER_HOUR        /* an increment or delay of at most an hour */
#define MAX_MOVES 1000

/* ---- reading ---- */

typedef struct Scan {
    const char *text;
    size_t at;
    ShError *err;
} Scan;

static void skip_blanks(Scan *s)
{
    while (s->text[s->at] == ' ' || s->text[s->at] == '\t')
        s->at++;
}

static ShStatus fail(Scan *s, const char *what)
{
    char c = s->text[s->at];
    if (c == '\0')
        return error_set(s->err, SH_ERR_SYNTAX, 1, (int)s->at + 1,
                         "time control '%s': %s at the end", s->text, what);
    return error_set(s->err, SH_ERR_SYNTAX, 1, (int)s->at + 1,
                     "time control '%s': %s at column %d, found '%c'", s->text, what,
                     (int)s->at + 1, c);
}

/* A decimal number with up to three decimals, as thousandths. */
static bool read_number(Scan *s, int64_t *thousandths, bool *integral)
{
    const char *p = s->text + s->at;
    if (!isdigit((unsigned char)*p))
        return false;
    int64_t v = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p)) {
        if (++digits > 9)
            return false; /* too big: reported by the caller as not a time */
        v = v * 10 + (*p++ - '0');
    }
    v *= 1000;
    *integral = true;
    if (*p == '.' && isdigit((unsigned char)p[1])) {
        *integral = false;
        p++;
        int64_t scale = 100;
        while (isdigit((unsigned char)*p)) {
            if (scale == 0)
                return false; /* finer than a thousandth */
            v += (*p++ - '0') * scale;
            scale /= 10;
        }
    }
    s->at = (size_t)(p - s->text);
    *thousandths = v;
    return true;
}

/* A unit after a number: h, m (or min), s (or sec). Returns the milliseconds it stands for. */
static int64_t read_unit(Scan *s)
{
    const char *p = s->text + s->at;
    char c = (char)tolower((unsigned char)*p);
    if (c == 'h') {
        s->at += 1;
        return MS_PER_HOUR;
    }
    if (c == 'm') {
        s->at += strncasecmp(p, "min", 3) == 0 ? 3 : 1;
        return MS_PER_MINUTE;
    }
    if (c == 's') {
        s->at += strncasecmp(p, "sec", 3) == 0 ? 3 : 1;
        return MS_PER_SECOND;
    }
    return 0;
}

/* A time: groups of a number and a unit in decreasing units ("1h10m", "2.5s"), or one bare
 * number (seconds, or a count of moves: see *bare). */
static ShStatus read_time(Scan *s, int64_t *ms, bool *bare, int64_t *bare_value)
{
    int64_t total = 0, last_unit = 0;
    *bare = false;
    size_t start = s->at;
    for (int groups = 0;; groups++) {
        size_t group_at = s->at;
        int64_t number;
        bool integral;
        if (!read_number(s, &number, &integral)) {
            if (groups > 0) {
                s->at = group_at;
                break;
            }
            if (isdigit((unsigned char)s->text[s->at]))
                return fail(s, "a number too large or too precise");
            return fail(s, "expected a time such as 45m, 1h10m or 300");
        }
        int64_t unit = read_unit(s);
        if (unit == 0) {
            if (groups > 0) {
                s->at = group_at;
                return fail(s, "expected a unit (h, m or s) after the number");
            }
            *bare = true;
            *bare_value = number;
            *ms = number; /* thousandths of a second = milliseconds */
            break;
        }
        if (last_unit && unit >= last_unit) {
            s->at = group_at;
            return fail(s, "units must go from hours to minutes to seconds");
        }
        last_unit = unit;
        /* number is in thousandths of a unit */
        if (number > MAX_TIME_MS * 1000 / unit + 1000)
            return error_set(s->err, SH_ERR_SYNTAX, 1, (int)group_at + 1,
                             "time control '%s': the time at column %d is too long", s->text,
                             (int)group_at + 1);
        int64_t part = number * unit;
        if (part % 1000 != 0) {
            s->at = group_at;
            return fail(s, "a time finer than a millisecond");
        }
        total += part / 1000;
        size_t save = s->at;
        skip_blanks(s);
        if (!isdigit((unsigned char)s->text[s->at])) {
            s->at = save;
            break;
        }
    }
    if (!*bare)
        *ms = total;
    if (*ms > MAX_TIME_MS) {
        s->at = start;
        return fail(s, "a time longer than 100 hours");
    }
    return SH_OK;
}

static ShStatus read_moves(Scan *s, int *moves)
{
    size_t at = s->at;
    int64_t v;
    bool integral;
    if (!read_number(s, &v, &integral) || !integral || read_unit(s) != 0) {
        s->at = at;
        return fail(s, "expected a number of moves");
    }
    v /= 1000;
    if (v < 1 || v > MAX_MOVES) {
        s->at = at;
        return fail(s, "a number of moves from 1 to 1000");
    }
    *moves = (int)v;
    return SH_OK;
}

static ShStatus read_period(Scan *s, ShTimePeriod *period)
{
    size_t at = s->at;
    int64_t ms = 0, bare_value = 0;
    bool bare;
    ShStatus st = read_time(s, &ms, &bare, &bare_value);
    if (st)
        return st;
    period->time_ms = ms;
    period->moves = 0;
    skip_blanks(s);
    if (s->text[s->at] != '/')
        return SH_OK;
    s->at++;
    skip_blanks(s);
    if (!bare) /* 1h10m/35 */
        return read_moves(s, &period->moves);
    /* 40/7200 or 40/2h: moves first */
    if (bare_value % 1000 != 0 || bare_value / 1000 < 1 || bare_value / 1000 > MAX_MOVES) {
        s->at = at;
        return fail(s, "a number of moves from 1 to 1000");
    }
    period->moves = (int)(bare_value / 1000);
    bool bare2;
    int64_t unused;
    return read_time(s, &period->time_ms, &bare2, &unused);
}

static ShStatus read_bonus(Scan *s, ShTimeControl *tc, char kind)
{
    size_t at = s->at;
    int64_t ms, unused;
    bool bare;
    ShStatus st = read_time(s, &ms, &bare, &unused);
    if (st)
        return st;
    if (ms > MAX_BONUS_MS) {
        s->at = at;
        return fail(s, "an increment or delay of at most an hour");
    }
    if (kind == 'd') {
        if (tc->increment_ms || tc->delay_ms) {
            s->at = at;
            return fail(s, "only one increment or delay");
        }
        tc->delay_ms = ms;
    } else {
        if (tc->increment_ms || tc->delay_ms) {
            s->at = at;
            return fail(s, "only one increment or delay");
        }
        tc->increment_ms = ms;
    }
    return SH_OK;
}

/* After the last period: "+5s", "+i5s", "+d3s", " d3s", "d3s". */
static bool at_bonus_mark(Scan *s, char *kind)
{
    char c = (char)tolower((unsigned char)s->text[s->at]);
    if ((c == 'd' || c == 'i') && (isdigit((unsigned char)s->text[s->at + 1]))) {
        *kind = c;
        s->at++;
        return true;
    }
    return false;
}

ShStatus sh_timecontrol_parse(const char *text, ShTimeControl *control, ShError *err)
{
    if (!text || !control)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control");
    memset(control, 0, sizeof *control);
    if (strlen(text) > 256)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "time control too long");
    Scan s = {text, 0, err};
    ShTimeControl tc;
    memset(&tc, 0, sizeof tc);
    skip_blanks(&s);
    /* correspondence: days per move, "3d" */
    size_t digits = strspn(text + s.at, "0123456789");
    if (digits && digits <= 3 && (text[s.at + digits] == 'd' || text[s.at + digits] == 'D') &&
        text[s.at + digits + 1 + strspn(text + s.at + digits + 1, " \t")] == '\0') {
        int days = atoi(text + s.at);
        if (days < 1 || days > SH_TIME_MAX_DAYS)
            return fail(&s, "days per move are 1 to 14 (correspondence: \"3d\")");
        tc.days_per_move = days;
        tc.count = 1;
        tc.periods[0].moves = 0;
        tc.periods[0].time_ms = (int64_t)days * 86400000;
        *control = tc;
        return SH_OK;
    }
    if (text[s.at] == '-') {
        s.at++;
        skip_blanks(&s);
        if (text[s.at] != '\0')
            return fail(&s, "nothing after '-' (no time control)");
        *control = tc;
        return SH_OK;
    }
    for (;;) {
        if (tc.count == SH_TIME_MAX_PERIODS)
            return fail(&s, "at most 8 periods");
        ShStatus st = read_period(&s, &tc.periods[tc.count]);
        if (st)
            return st;
        bool sudden_death = tc.periods[tc.count].moves == 0;
        tc.count++;
        skip_blanks(&s);
        char c = text[s.at], kind = 0;
        if (c == '\0')
            break;
        if (c == '+' || c == ':') {
            s.at++;
            skip_blanks(&s);
            if (!at_bonus_mark(&s, &kind)) {
                if (!sudden_death)
                    continue; /* the next period */
                if (c == ':') {
                    s.at--;
                    return fail(&s, "nothing can follow a period for the rest of the game");
                }
                kind = 'i';
            }
        } else if (!at_bonus_mark(&s, &kind)) {
            return fail(&s, "expected '+', '/' or the end");
        }
        st = read_bonus(&s, &tc, kind);
        if (st)
            return st;
        skip_blanks(&s);
        if (text[s.at] != '\0') {
            size_t save = s.at;
            if (text[s.at] == '+')
                s.at++;
            skip_blanks(&s);
            bool another = at_bonus_mark(&s, &kind) || isdigit((unsigned char)text[s.at]);
            s.at = save;
            return fail(&s, another ? "only one increment or delay"
                                    : "expected the end after the increment or delay");
        }
        break;
    }
    ShStatus st = sh_timecontrol_validate(&tc, err);
    if (st)
        return st;
    *control = tc;
    return SH_OK;
}

ShStatus sh_timecontrol_validate(const ShTimeControl *tc, ShError *err)
{
    if (!tc)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control");
    if (tc->days_per_move) {
        if (tc->days_per_move < 1 || tc->days_per_move > SH_TIME_MAX_DAYS || tc->count != 1 ||
            tc->periods[0].time_ms != (int64_t)tc->days_per_move * 86400000 ||
            tc->periods[0].moves || tc->increment_ms || tc->delay_ms)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "a correspondence control is 1 to 14 days per move, nothing else");
        return SH_OK;
    }
    if (tc->count < 0 || tc->count > SH_TIME_MAX_PERIODS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a time control has 0 to %d periods",
                         SH_TIME_MAX_PERIODS);
    if (tc->increment_ms < 0 || tc->increment_ms > MAX_BONUS_MS || tc->delay_ms < 0 ||
        tc->delay_ms > MAX_BONUS_MS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "an increment or delay is from 0 to one hour");
    if (tc->increment_ms && tc->delay_ms)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a time control has an increment or a delay, not both");
    if (tc->count == 0 && (tc->increment_ms || tc->delay_ms))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an increment needs a time control");
    for (int i = 0; i < tc->count; i++) {
        const ShTimePeriod *p = &tc->periods[i];
        if (p->time_ms < 0 || p->time_ms > MAX_TIME_MS)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "period %d: a time from 0 to 100 hours", i + 1);
        if (p->moves < 0 || p->moves > MAX_MOVES)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "period %d: a number of moves from 0 to 1000", i + 1);
        if (p->moves == 0 && i + 1 < tc->count)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "period %d is for the rest of the game: nothing can follow it",
                             i + 1);
    }
    if (tc->count > 0 && tc->periods[0].time_ms == 0 && tc->increment_ms == 0 &&
        tc->delay_ms == 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the first period has no time");
    return SH_OK;
}

bool sh_timecontrol_equal(const ShTimeControl *a, const ShTimeControl *b)
{
    if (a->count != b->count || a->increment_ms != b->increment_ms ||
        a->delay_ms != b->delay_ms || a->days_per_move != b->days_per_move)
        return false;
    for (int i = 0; i < a->count; i++)
        if (a->periods[i].time_ms != b->periods[i].time_ms ||
            a->periods[i].moves != b->periods[i].moves)
            return false;
    return true;
}

/* ---- writing ---- */

typedef struct Out {
    char *buf;
    size_t size, len;
} Out;

static void out_add(Out *o, const char *format, ...) __attribute__((format(printf, 2, 3)));

static void out_add(Out *o, const char *format, ...)
{
    if (o->len >= o->size)
        return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(o->buf + o->len, o->size - o->len, format, args);
    va_end(args);
    if (n > 0)
        o->len += (size_t)n;
    if (o->len >= o->size)
        o->len = o->size - 1;
}

/* Seconds as PGN writes them: "300", "2.5". */
static void write_seconds(Out *o, int64_t ms)
{
    out_add(o, "%lld", (long long)(ms / MS_PER_SECOND));
    if (ms % MS_PER_SECOND) {
        char digits[8];
        snprintf(digits, sizeof digits, "%03lld", (long long)(ms % MS_PER_SECOND));
        for (int i = 2; i > 0 && digits[i] == '0'; i--)
            digits[i] = '\0';
        out_add(o, ".%s", digits);
    }
}

static void write_time(Out *o, int64_t ms)
{
    int64_t h = ms / MS_PER_HOUR, m = ms % MS_PER_HOUR / MS_PER_MINUTE,
            rest = ms % MS_PER_MINUTE;
    if (h)
        out_add(o, "%lldh", (long long)h);
    if (m)
        out_add(o, "%lldm", (long long)m);
    if (rest || ms == 0) {
        write_seconds(o, rest);
        out_add(o, "s");
    }
}

/* A control in people's form ("1h10m/35+15m") or, `pdn`, the TimeControl tag's: seconds,
 * "moves/seconds" joined by ':' ("35/4200:900"), PGN's "seconds+increment"; after a period of
 * moves (no PGN form) "+i", and a Bronstein delay "+d", as the reader takes them. */
static int write_control(const ShTimeControl *tc, bool pdn, char out[SH_TIME_CONTROL_SIZE])
{
    Out o = {out, SH_TIME_CONTROL_SIZE, 0};
    void (*time_of)(Out *, int64_t) = pdn ? write_seconds : write_time;
    out[0] = '\0';
    if (tc->count <= 0) {
        out_add(&o, "-");
        return (int)o.len;
    }
    if (tc->days_per_move) { /* PGN has no form for days per move: "-", as lichess writes */
        if (pdn)
            out_add(&o, "-");
        else
            out_add(&o, "%dd", tc->days_per_move);
        return (int)o.len;
    }
    for (int i = 0; i < tc->count && i < SH_TIME_MAX_PERIODS; i++) {
        if (i)
            out_add(&o, pdn ? ":" : "+");
        if (pdn && tc->periods[i].moves)
            out_add(&o, "%d/", tc->periods[i].moves);
        time_of(&o, tc->periods[i].time_ms);
        if (!pdn && tc->periods[i].moves)
            out_add(&o, "/%d", tc->periods[i].moves);
    }
    bool sudden_death = tc->periods[tc->count - 1].moves == 0;
    if (tc->increment_ms) {
        out_add(&o, sudden_death ? "+" : "+i");
        time_of(&o, tc->increment_ms);
    }
    if (tc->delay_ms) {
        out_add(&o, "+d");
        time_of(&o, tc->delay_ms);
    }
    return (int)o.len;
}

int sh_timecontrol_write(const ShTimeControl *tc, char out[SH_TIME_CONTROL_SIZE])
{
    return write_control(tc, false, out);
}

int sh_timecontrol_write_pdn(const ShTimeControl *tc, char out[SH_TIME_CONTROL_SIZE])
{
    return write_control(tc, true, out);
}

const char *sh_timecontrol_pdn_tag(const char *value, char out[SH_TIME_CONTROL_SIZE])
{
    ShTimeControl tc;
    if (!value || sh_timecontrol_parse(value, &tc, NULL) != SH_OK)
        return value;
    sh_timecontrol_write_pdn(&tc, out);
    return out;
}

/* ---- presets ---- */

typedef struct Preset {
    const char *name, *text, *description;
} Preset;

static const Preset PRESETS[] = {
    {"micro-match", "45m", "45 minutes a game each: micro-matches with the classical opening"},
    {"hour", "1h", "1 hour a game each (junior competitions and others)"},
    {"ballot", "1h10m/35+15m", "1 h 10 min for 35 moves, then 15 min: balloted openings"},
    {"rapid-10", "10m", "rapid play, shortest (10 to 30 minutes a game)"},
    {"rapid-30", "30m", "rapid play, longest (10 to 30 minutes a game)"},
    {"blitz-3", "3m", "blitz, shortest (3 to 5 minutes a game)"},
    {"blitz-5", "5m", "blitz, longest (3 to 5 minutes a game)"},
    {"tiebreak-20", "20m+10s", "tie-break games: 20 minutes and 10 seconds a move"},
    {"tiebreak-10", "10m+5s", "further tie-breaks: 10 minutes and 5 seconds a move"},
    {"international", "2h/50+1h/25",
     "international draughts: 2 h for 50 moves, then 1 h for every 25 moves"},
};

#define PRESET_COUNT ((int)(sizeof PRESETS / sizeof PRESETS[0]))

bool sh_timecontrol_preset_at(int index, const char **name, const char **text,
                              const char **description)
{
    if (index < 0 || index >= PRESET_COUNT)
        return false;
    if (name)
        *name = PRESETS[index].name;
    if (text)
        *text = PRESETS[index].text;
    if (description)
        *description = PRESETS[index].description;
    return true;
}

ShStatus sh_timecontrol_preset(const char *name, ShTimeControl *control, ShError *err)
{
    for (int i = 0; name && i < PRESET_COUNT; i++)
        if (strcasecmp(name, PRESETS[i].name) == 0)
            return sh_timecontrol_parse(PRESETS[i].text, control, err);
    error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control preset '%s'; there are ",
              name ? name : "");
    for (int i = 0; i < PRESET_COUNT; i++)
        error_append(err, "%s%s", i ? ", " : "", PRESETS[i].name);
    return SH_ERR_ARGUMENT;
}

int sh_time_format(int64_t ms, char *out, size_t size)
{
    if (!out || size == 0)
        return 0;
    const char *sign = "";
    if (ms < 0) {
        sign = "-";
        ms = ms == INT64_MIN ? INT64_MAX : -ms;
    }
    long long h = (long long)(ms / MS_PER_HOUR), m = (long long)(ms % MS_PER_HOUR / MS_PER_MINUTE),
              s = (long long)(ms % MS_PER_MINUTE / MS_PER_SECOND),
              tenths = (long long)(ms % MS_PER_SECOND / 100);
    int n;
    if (h)
        n = snprintf(out, size, "%s%lld:%02lld:%02lld", sign, h, m, s);
    else if (ms >= 10 * MS_PER_SECOND)
        n = snprintf(out, size, "%s%lld:%02lld", sign, m, s);
    else
        n = snprintf(out, size, "%s0:%02lld.%lld", sign, s, tenths);
    return n < 0 ? 0 : n;
}

/* ---- time sources ---- */

static int64_t monotonic_now(void *context)
{
    (void)context;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

ShTimeSource sh_time_monotonic(void)
{
    ShTimeSource source = {monotonic_now, NULL};
    return source;
}

static int64_t fake_now(void *context)
{
    return ((const ShFakeTime *)context)->now_ms;
}

ShTimeSource sh_time_fake(ShFakeTime *fake)
{
    ShTimeSource source = {fake_now, fake};
    return source;
}

/* ---- the clock ---- */

static int64_t clock_now(const ShClock *c)
{
    return c->source.now(c->source.context);
}

/* Charge the running side with the time since `since`. */
static void clock_charge(ShClock *c)
{
    if (c->running < 0 || c->paused)
        return;
    int64_t t = clock_now(c), used = t - c->since;
    if (used < 0)
        used = 0;
    c->remaining_ms[c->running] -= used;
    c->turn_used_ms += used;
    c->since = t;
}

ShStatus sh_clock_init(ShClock *clock, const ShTimeControl *control, ShTimeSource source,
                       ShError *err)
{
    return sh_clock_init_players(clock, control, source, 2, err);
}

ShStatus sh_clock_init_players(ShClock *clock, const ShTimeControl *control, ShTimeSource source,
                               int players, ShError *err)
{
    if (players < 2 || players > SH_CLOCK_MAX_PLAYERS)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a clock for %d players: 2 to %d", players,
                         SH_CLOCK_MAX_PLAYERS);
    if (!clock || !control || !source.now)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a clock needs a time control and a source");
    ShStatus st = sh_timecontrol_validate(control, err);
    if (st)
        return st;
    if (control->count == 0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no time control: a clock needs one");
    memset(clock, 0, sizeof *clock);
    clock->control = *control;
    clock->source = source;
    clock->players = players;
    for (int p = 0; p < players; p++)
        clock->remaining_ms[p] = control->periods[0].time_ms;
    clock->running = -1;
    return SH_OK;
}

void sh_clock_start(ShClock *clock, int side)
{
    clock_charge(clock);
    clock->running = (int)side;
    clock->paused = false;
    clock->since = clock_now(clock);
    clock->turn_used_ms = 0;
}

bool sh_clock_press(ShClock *clock)
{
    int players = clock->players >= 2 ? clock->players : 2;
    return sh_clock_press_to(clock, clock->running < 0 ? 0 : (clock->running + 1) % players);
}

bool sh_clock_press_to(ShClock *clock, int next)
{
    if (clock->running < 0)
        return true;
    clock_charge(clock);
    int side = clock->running;
    if (clock->remaining_ms[side] <= 0) {
        clock->running = -1;
        clock->paused = false;
        return false;
    }
    const ShTimeControl *tc = &clock->control;
    clock->moves[side]++;
    if (tc->days_per_move) { /* the next move has its days afresh */
        clock->remaining_ms[side] = tc->periods[0].time_ms;
        clock->running = next;
        clock->paused = false;
        clock->since = clock_now(clock);
        clock->turn_used_ms = 0;
        return true;
    }
    clock->period_moves[side]++;
    clock->remaining_ms[side] += tc->increment_ms;
    if (tc->delay_ms)
        clock->remaining_ms[side] +=
            clock->turn_used_ms < tc->delay_ms ? clock->turn_used_ms : tc->delay_ms;
    int period = clock->period[side];
    if (period < tc->count && tc->periods[period].moves > 0 &&
        clock->period_moves[side] >= tc->periods[period].moves) {
        int later = period + 1 < tc->count ? period + 1 : period; /* the last one repeats */
        clock->period[side] = later;
        clock->period_moves[side] = 0;
        clock->remaining_ms[side] += tc->periods[later].time_ms;
    }
    clock->running = next;
    clock->paused = false;
    clock->since = clock_now(clock);
    clock->turn_used_ms = 0;
    return true;
}

void sh_clock_stop(ShClock *clock)
{
    clock_charge(clock);
    clock->running = -1;
    clock->paused = false;
}

void sh_clock_pause(ShClock *clock)
{
    if (clock->running < 0 || clock->paused)
        return;
    clock_charge(clock);
    clock->paused = true;
}

void sh_clock_resume(ShClock *clock)
{
    if (!clock->paused)
        return;
    clock->paused = false;
    clock->since = clock_now(clock);
}

int64_t sh_clock_remaining(const ShClock *clock, int side)
{
    int64_t r = clock->remaining_ms[side];
    if (clock->running == side && !clock->paused) {
        int64_t used = clock_now(clock) - clock->since;
        if (used > 0)
            r -= used;
    }
    return r;
}

bool sh_clock_flag(const ShClock *clock, int side)
{
    return sh_clock_remaining(clock, side) <= 0;
}

int sh_clock_moves_to_go(const ShClock *clock, int side)
{
    int period = clock->period[side];
    if (period < 0 || period >= clock->control.count)
        return 0;
    int moves = clock->control.periods[period].moves;
    return moves ? moves - clock->period_moves[side] : 0;
}

void sh_clock_set_remaining(ShClock *clock, int side, int64_t ms)
{
    clock_charge(clock);
    clock->remaining_ms[side] = ms;
}
