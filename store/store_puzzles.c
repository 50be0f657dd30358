/* store_puzzles.c - the puzzles' players in the games' file (store.h "Puzzles"): each browser's
 * rating and streak, and the puzzles it has tried, each counted once. */
#include <math.h>
#include <string.h>

#include "store_impl.h"

static void puzzler_default(StoredPuzzler *p)
{
    *p = (StoredPuzzler){.rating = STORE_PUZZLE_START_RATING};
}

/* The player's row (lock held); the defaults when there is none. */
static void puzzler_read(Store *store, const char *player, StoredPuzzler *out)
{
    puzzler_default(out);
    DbStmt *st = db_prepare(store->db, "SELECT rating, attempts, solved, streak, best_streak FROM"
                                       " puzzle_players WHERE player = ?");
    if (!st)
        return;
    db_bind_text(st, 1, player);
    if (db_step(st) == DB_ROW) {
        out->rating = db_column_double(st, 0);
        out->attempts = (int)db_column_int(st, 1);
        out->solved = (int)db_column_int(st, 2);
        out->streak = (int)db_column_int(st, 3);
        out->best_streak = (int)db_column_int(st, 4);
    }
    db_finalize(st);
}

bool store_puzzler_get(Store *store, const char *player, StoredPuzzler *out)
{
    pthread_mutex_lock(store->lock);
    puzzler_read(store, player, out);
    pthread_mutex_unlock(store->lock);
    return true;
}

/* The attempt's row (lock held): whether there is one, with its hint and score (-1: none). */
static bool attempt_read(Store *store, const char *player, const char *puzzle, bool *hinted,
                         double *score)
{
    bool found = false;
    *hinted = false;
    *score = -1;
    DbStmt *st = db_prepare(store->db, "SELECT hinted, score FROM puzzle_attempts WHERE"
                                       " player = ? AND puzzle = ?");
    if (!st)
        return false;
    db_bind_text(st, 1, player);
    db_bind_text(st, 2, puzzle);
    if (db_step(st) == DB_ROW) {
        found = true;
        *hinted = db_column_int(st, 0) != 0;
        if (!db_column_null(st, 1))
            *score = db_column_double(st, 1);
    }
    db_finalize(st);
    return found;
}

bool store_puzzle_hint(Store *store, const char *player, const char *puzzle)
{
    char now[32];
    store_now(now);
    const char *values[] = {player, puzzle, now};
    pthread_mutex_lock(store->lock);
    bool ok = store_run(store,
                        "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                        " VALUES (?, ?, 1, NULL, ?) ON CONFLICT (player, puzzle) DO UPDATE"
                        " SET hinted = 1 WHERE puzzle_attempts.score IS NULL",
                        3, values);
    pthread_mutex_unlock(store->lock);
    return ok;
}

double store_puzzle_elo(double rating, int attempts, int puzzle_rating, double score)
{
    double expected = 1.0 / (1.0 + pow(10.0, ((double)puzzle_rating - rating) / 400.0));
    double k = attempts < STORE_PUZZLE_PROVISIONAL ? 40.0 : 20.0;
    return rating + k * (score - expected);
}

/* The counted attempt and the player's record after it (lock held, in a transaction). */
static bool result_write(Store *store, const char *player, const char *puzzle, double s,
                         const StoredPuzzler *out)
{
    char now[32];
    store_now(now);
    DbStmt *st = db_prepare(store->db,
                            "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                            " VALUES (?, ?, 0, ?, ?) ON CONFLICT (player, puzzle) DO UPDATE"
                            " SET score = excluded.score, at = excluded.at");
    if (!st)
        return false;
    db_bind_text(st, 1, player);
    db_bind_text(st, 2, puzzle);
    db_bind_double(st, 3, s);
    db_bind_text(st, 4, now);
    bool ok = db_step(st) == DB_DONE;
    db_finalize(st);
    st = ok ? db_prepare(store->db,
                         "INSERT INTO puzzle_players (player, rating, attempts, solved, streak,"
                         " best_streak, updated) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player)"
                         " DO UPDATE SET rating = excluded.rating, attempts = excluded.attempts,"
                         " solved = excluded.solved, streak = excluded.streak,"
                         " best_streak = excluded.best_streak, updated = excluded.updated")
            : NULL;
    if (!st)
        return false;
    db_bind_text(st, 1, player);
    db_bind_double(st, 2, out->rating);
    db_bind_int(st, 3, out->attempts);
    db_bind_int(st, 4, out->solved);
    db_bind_int(st, 5, out->streak);
    db_bind_int(st, 6, out->best_streak);
    db_bind_text(st, 7, now);
    ok = db_step(st) == DB_DONE;
    db_finalize(st);
    return ok;
}

bool store_puzzle_result(Store *store, const char *player, const char *puzzle, bool solved,
                         int puzzle_rating, StoredPuzzler *out, double *score, bool *rated)
{
    pthread_mutex_lock(store->lock);
    bool ok = store_begin(store);
    bool hinted;
    double earlier;
    attempt_read(store, player, puzzle, &hinted, &earlier);
    puzzler_read(store, player, out);
    *rated = ok && earlier < 0;
    *score = earlier;
    if (*rated) {
        double s = solved ? (hinted ? 0.5 : 1.0) : 0.0;
        *score = s;
        out->rating = store_puzzle_elo(out->rating, out->attempts, puzzle_rating, s);
        out->attempts++;
        if (solved)
            out->solved++;
        out->streak = s == 1.0 ? out->streak + 1 : 0;
        if (out->streak > out->best_streak)
            out->best_streak = out->streak;
        ok = result_write(store, player, puzzle, s, out);
        if (!ok)
            puzzler_read(store, player, out);
    }
    ok = store_finish(store, ok);
    if (!ok)
        *rated = false;
    pthread_mutex_unlock(store->lock);
    return ok;
}

int store_puzzle_scores(Store *store, const char *player,
                        void (*each)(const char *puzzle, bool hinted, double score, void *user),
                        void *user)
{
    int n = 0;
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT puzzle, hinted, score FROM puzzle_attempts WHERE"
                                       " player = ?");
    if (st) {
        db_bind_text(st, 1, player);
        while (db_step(st) == DB_ROW) {
            double score = db_column_null(st, 2) ? -1 : db_column_double(st, 2);
            each(db_column_text(st, 0), db_column_int(st, 1) != 0, score, user);
            n++;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return n;
}
