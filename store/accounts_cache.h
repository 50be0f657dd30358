/* accounts_cache.h - what a process remembers of the accounts' rows a move reads (accounts.c):
 * which account holds a game's seat and whether a game is rated. A move in a lobby game asked
 * the database both several times over (its rights, its answer's players and rating), each a
 * round trip under the games' lock. These rows are written when a game is made (or a seat
 * taken) and hardly change, so a process keeps what it read for ACCOUNTS_CACHE_SECONDS: a seat
 * given to another account by another process is seen here that much later (given here, at
 * once). Only what was found is kept: a seat with no account, a game not rated, is asked
 * again. */
#ifndef SHASHKI_ACCOUNTS_CACHE_H
#define SHASHKI_ACCOUNTS_CACHE_H

#include <stdbool.h>

#define ACCOUNTS_CACHE_SIZE 8192 /* entries, each a game's seat or its rated flag */
#define ACCOUNTS_CACHE_SECONDS 10.0

typedef struct AccountsCacheEntry {
    long game;  /* 0: empty */
    int slot;   /* a player, or ACCOUNTS_CACHE_RATED */
    long value; /* the seat's account, or the rated game's speed + 1 */
    double at;  /* when it was read (monotonic seconds) */
} AccountsCacheEntry;

#define ACCOUNTS_CACHE_RATED 15

/* The table lives in Accounts, used under its lock. */
typedef struct AccountsCache {
    AccountsCacheEntry entry[ACCOUNTS_CACHE_SIZE];
} AccountsCache;

/* The value kept for a game's slot (0: none, or too old for a seat). */
long accounts_cache_get(AccountsCache *c, long game, int slot);
/* Keep a value (a value of 0 forgets the slot). */
void accounts_cache_put(AccountsCache *c, long game, int slot, long value);

#endif
