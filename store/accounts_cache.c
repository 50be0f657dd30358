/* accounts_cache.c - the accounts' rows a process remembers (see accounts_cache.h): a table
 * of fixed size, one place per game and slot (a newer game's entry takes an older's place). */
#include "accounts_cache.h"

#include <time.h>

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static AccountsCacheEntry *place(AccountsCache *c, long game, int slot)
{
    unsigned long h = (unsigned long)game * 2654435761u + (unsigned long)slot * 40503u;
    return &c->entry[h % ACCOUNTS_CACHE_SIZE];
}

long accounts_cache_get(AccountsCache *c, long game, int slot)
{
    AccountsCacheEntry *e = place(c, game, slot);
    if (e->game != game || e->slot != slot)
        return 0;
    if (now_seconds() - e->at > ACCOUNTS_CACHE_SECONDS)
        return 0;
    return e->value;
}

void accounts_cache_put(AccountsCache *c, long game, int slot, long value)
{
    AccountsCacheEntry *e = place(c, game, slot);
    if (value == 0) {
        if (e->game == game && e->slot == slot)
            e->game = 0;
        return;
    }
    *e = (AccountsCacheEntry){game, slot, value, now_seconds()};
}
