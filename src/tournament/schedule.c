/*
 * schedule.c - schedules that need no history: Berger tables, knockout brackets, the rounds
 * of a Swiss, age categories (see shashki_tournament.h).
 *
 * Berger tables. With n players (one more, a dummy, when n is odd) and m = n - 1, round r
 * pairs every i, j < n with i + j = r + 1 (mod m), and n with the i for which 2i = r + 1
 * (mod m). Of i and j, White is the one from whom the other is an odd step on (the
 * difference black - white is odd mod m); n has Black in odd rounds, White in even ones. The
 * boards are listed from n's game on, the next White being one step further round the
 * circle. This reproduces the published tables (tests/data/tournament/berger.txt).
 */
#include <string.h>
#include <strings.h>

#include "shashki_tournament.h"

int sh_berger_rounds(int n)
{
    if (n < 2)
        return 0;
    return n % 2 ? n : n - 1;
}

static int wrap(int x, int m)
{
    x %= m;
    if (x <= 0)
        x += m;
    return x; /* 1..m */
}

/* Round r (1..n-1) of one cycle for even n: boards into pairs, returns n/2. */
static int berger_cycle(int n, int r, ShPair *pairs)
{
    int m = n - 1, k = 0;
    int p0 = 0;
    for (int i = 1; i <= m; i++)
        if ((2 * i - (r + 1)) % m == 0) {
            p0 = i;
            break;
        }
    if (r % 2)
        pairs[k++] = (ShPair){p0, n};
    else
        pairs[k++] = (ShPair){n, p0};
    for (int b = 1; b < n / 2; b++) {
        int w = wrap(p0 + b, m);
        int o = wrap(r + 1 - w, m);
        if (((o - w) % m + m) % m % 2 == 1)
            pairs[k++] = (ShPair){w, o};
        else
            pairs[k++] = (ShPair){o, w};
    }
    return k;
}

int sh_berger_round(int n, int round, int cycles, bool swap_last, ShPair *pairs)
{
    if (n < 2 || cycles < 1)
        return 0;
    int even = n % 2 ? n + 1 : n;
    int per = even - 1;
    if (round < 1 || round > per * cycles)
        return 0;
    int cycle = (round - 1) / per, r = (round - 1) % per + 1;
    if (swap_last && per >= 2 && cycles >= 2 && cycle == 0 && r >= per - 1)
        r = r == per ? per - 1 : per;
    int k = berger_cycle(even, r, pairs);
    for (int i = 0; i < k; i++) {
        if (cycle % 2 == 1) {
            int t = pairs[i].white;
            pairs[i].white = pairs[i].black;
            pairs[i].black = t;
        }
        /* the dummy: its opponent has the round off */
        if (even != n) {
            if (pairs[i].white == even) {
                pairs[i].white = pairs[i].black;
                pairs[i].black = 0;
            } else if (pairs[i].black == even) {
                pairs[i].black = 0;
            }
        }
    }
    /* the free round last */
    for (int i = 0; i + 1 < k; i++)
        if (pairs[i].black == 0) {
            ShPair t = pairs[i];
            memmove(&pairs[i], &pairs[i + 1], sizeof(ShPair) * (size_t)(k - i - 1));
            pairs[k - 1] = t;
            break;
        }
    return k;
}

int sh_knockout_bracket(int n, int *out)
{
    if (n < 2 || n > SH_EVENT_MAX_PLAYERS)
        return 0;
    int size = 1;
    while (size < n)
        size *= 2;
    out[0] = 1;
    for (int len = 1; len < size; len *= 2) {
        /* each seed s is followed by its opponent 2len + 1 - s, in place */
        for (int i = len - 1; i >= 0; i--) {
            int s = out[i];
            out[2 * i] = s;
            out[2 * i + 1] = 2 * len + 1 - s;
        }
    }
    return size;
}

int sh_swiss_recommended_rounds(int n)
{
    int r = 0;
    while ((1 << r) < n && r < 30)
        r++;
    return r + 1;
}

/* ---- age categories ---- */

static const char *const AGE_NAMES[SH_AGE_COUNT] = {
    "unknown", "children", "younger-youth", "youth", "older-youth", "juniors",
    "young-adults", "adults",
};

ShAgeCategory sh_age_category(int age)
{
    if (age <= 0)
        return SH_AGE_UNKNOWN;
    if (age < 12)
        return SH_AGE_CHILDREN;
    if (age < 14)
        return SH_AGE_YOUNGER_YOUTH;
    if (age < 16)
        return SH_AGE_YOUTH;
    if (age < 18)
        return SH_AGE_OLDER_YOUTH;
    if (age < 20)
        return SH_AGE_JUNIORS;
    if (age <= 23)
        return SH_AGE_YOUNG_ADULTS;
    return SH_AGE_ADULTS;
}

const char *sh_age_category_name(ShAgeCategory category)
{
    return category >= 0 && category < SH_AGE_COUNT ? AGE_NAMES[category] : "unknown";
}

bool sh_age_category_find(const char *name, ShAgeCategory *category)
{
    for (int i = 0; i < SH_AGE_COUNT; i++)
        if (strcasecmp(name, AGE_NAMES[i]) == 0) {
            *category = (ShAgeCategory)i;
            return true;
        }
    return false;
}
