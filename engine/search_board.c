/*
 * search_board.c - the search's tuning by board (search_board.h).
 */
#include "search_board.h"

#include <math.h>
#include <stdlib.h>

#include "thread.h"

/* 8x8 and every board without a record of its own: the search as tuned on Russian. */
static SearchBoard board8 = {.probcut_margin = 10, .probcut_percent = 40, .lmr_percent = 100,
                             .shots = 0, .threat_after = 0, .count_progress = 0};
/* International draughts (10x10). */
static SearchBoard board10 = {.probcut_margin = 10, .probcut_percent = 40, .lmr_percent = 100,
                              .shots = 0, .threat_after = 0, .count_progress = 0};

static pthread_once_t once = PTHREAD_ONCE_INIT;

static int env_int(const char *name, int fallback)
{
    const char *v = getenv(name);
    return v && *v ? atoi(v) : fallback;
}

static void fill_lmr(SearchBoard *b)
{
    for (int d = 0; d < 64; d++)
        for (int n = 0; n < 64; n++)
        {
            double r = d && n ? log(d) * log(n) / 2.0 : 0;
            if (b->lmr_percent != 100)
                r = r * b->lmr_percent / 100.0;
            b->lmr[d][n] = (unsigned char)(int)(0.5 + r);
        }
}

static void init(void)
{
    /* EXPERIMENT: overrides for self-play tuning; removed before commit */
    board10.probcut_margin = env_int("S10_PCM", board10.probcut_margin);
    board10.probcut_percent = env_int("S10_PCP", board10.probcut_percent);
    board10.lmr_percent = env_int("S10_LMR", board10.lmr_percent);
    board10.shots = env_int("S10_SHOTS", board10.shots);
    board10.threat_after = env_int("S10_THREAT", board10.threat_after);
    board10.count_progress = env_int("S10_COUNT", board10.count_progress);
    fill_lmr(&board8);
    fill_lmr(&board10);
}

const SearchBoard *search_board_get(ShVariant variant)
{
    pthread_once(&once, init);
    return variant == SH_VARIANT_INTERNATIONAL ? &board10 : &board8;
}
