/*
 * search_board.c - the search's tuning by board (search_board.h).
 */
#include "search_board.h"

#include <math.h>

#include "thread.h"

/* 8x8 and every board without a record of its own: the search as tuned on Russian. */
static SearchBoard board8 = {.probcut_margin = 10, .probcut_percent = 40, .lmr_percent = 100};
/* International draughts (10x10). */
static SearchBoard board10 = {.probcut_margin = 10, .probcut_percent = 40, .lmr_percent = 130};

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void fill_lmr(SearchBoard *b)
{
    for (int d = 0; d < 64; d++) {
        for (int n = 0; n < 64; n++) {
            double r = d && n ? log(d) * log(n) / 2.0 : 0;
            if (b->lmr_percent != 100) /* 100 keeps the 8x8 table exactly as it was */
                r = r * b->lmr_percent / 100.0;
            b->lmr[d][n] = (unsigned char)(int)(0.5 + r);
        }
    }
}

static void init(void)
{
    fill_lmr(&board8);
    fill_lmr(&board10);
}

const SearchBoard *search_board_get(ShVariant variant)
{
    pthread_once(&once, init);
    return variant == SH_VARIANT_INTERNATIONAL ? &board10 : &board8;
}
