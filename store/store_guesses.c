/* store_guesses.c - the pacing of guesses kept in the database (see store.h). Each step is one
 * statement, so two processes that take a key's turn at once are put one after the other by
 * the database (an upsert locks the row), not both let through. */
#include <stdio.h>
#include <string.h>

#include "store_impl.h"

/* One statement: the key bound at key_at (0: none), the integers at the other places in order,
 * and maybe one integer read back; whether it ran. */
static bool guess_run(Store *store, const char *sql, int key_at, const char *key,
                      const long long *ints, int nints, long long *out)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, sql);
    bool ok = false;
    if (st) {
        int at = 1;
        for (int i = 0; i < nints || at == key_at; at++) {
            if (at == key_at)
                db_bind_text(st, at, key);
            else
                db_bind_int(st, at, ints[i++]);
        }
        DbStep step = db_step(st);
        ok = out ? step == DB_ROW : step == DB_DONE || step == DB_ROW;
        if (out && ok)
            *out = db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_guess_begin(Store *store, const char *key, long long now_ms, long long *start_ms)
{
    const long long day_ago[] = {now_ms - 86400000LL}; /* keys quiet for a day are forgotten */
    guess_run(store, "DELETE FROM guesses WHERE next_ms < ?", 0, NULL, day_ago, 1, NULL);
    const long long now[] = {now_ms, now_ms, now_ms};
    long long start = now_ms;
    bool ok = guess_run(store,
                        "INSERT INTO guesses (key, delay_ms, next_ms) VALUES (?, 0, ?)"
                        " ON CONFLICT (key) DO UPDATE SET next_ms = (CASE WHEN guesses.next_ms > ?"
                        " THEN guesses.next_ms ELSE ? END) + guesses.delay_ms"
                        " RETURNING next_ms - delay_ms",
                        1, key, now, 3, &start);
    *start_ms = ok ? start : now_ms;
    return ok;
}

bool store_guess_wrong(Store *store, const char *key, long long now_ms, long long base_ms,
                       long long max_ms, long long *delay_ms)
{
    const long long grow[] = {base_ms, max_ms, max_ms};
    long long delay = base_ms;
    bool ok = guess_run(store,
                        "UPDATE guesses SET delay_ms = CASE WHEN delay_ms <= 0 THEN ?"
                        " WHEN delay_ms * 2 > ? THEN ? ELSE delay_ms * 2 END WHERE key = ?"
                        " RETURNING delay_ms",
                        4, key, grow, 3, &delay);
    const long long next[] = {now_ms + delay, now_ms + delay};
    ok = ok && guess_run(store, "UPDATE guesses SET next_ms = ? WHERE key = ? AND next_ms < ?", 2,
                         key, next, 2, NULL);
    *delay_ms = delay;
    return ok;
}

bool store_guess_right(Store *store, const char *key)
{
    return guess_run(store, "UPDATE guesses SET delay_ms = 0, next_ms = 0 WHERE key = ?", 1, key,
                     NULL, 0, NULL);
}
