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
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT rating, attempts, solved, streak, best_streak FROM puzzle_players"
                           " WHERE player = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        out->rating = sqlite3_column_double(st, 0);
        out->attempts = sqlite3_column_int(st, 1);
        out->solved = sqlite3_column_int(st, 2);
        out->streak = sqlite3_column_int(st, 3);
        out->best_streak = sqlite3_column_int(st, 4);
    }
    sqlite3_finalize(st);
}

bool store_puzzler_get(Store *store, const char *player, StoredPuzzler *out)
{
    pthread_mutex_lock(&store->lock);
    puzzler_read(store, player, out);
    pthread_mutex_unlock(&store->lock);
    return true;
}

/* The attempt's row (lock held): whether there is one, with its hint and score (-1: none). */
static bool attempt_read(Store *store, const char *player, const char *puzzle, bool *hinted,
                         double *score)
{
    sqlite3_stmt *st;
    bool found = false;
    *hinted = false;
    *score = -1;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT hinted, score FROM puzzle_attempts WHERE player = ? AND puzzle = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, puzzle, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        found = true;
        *hinted = sqlite3_column_int(st, 0) != 0;
        if (sqlite3_column_type(st, 1) != SQLITE_NULL)
            *score = sqlite3_column_double(st, 1);
    }
    sqlite3_finalize(st);
    return found;
}

static bool exec_bound(Store *store, const char *sql, const char *a, const char *b, double x)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    char now[32];
    store_now(now);
    sqlite3_bind_text(st, 1, a, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, b, -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(st, 3, x);
    sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok;
}

bool store_puzzle_hint(Store *store, const char *player, const char *puzzle)
{
    pthread_mutex_lock(&store->lock);
    bool ok = exec_bound(store,
                         "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                         " VALUES (?1, ?2, 1, NULL, ?4) ON CONFLICT (player, puzzle) DO UPDATE"
                         " SET hinted = 1 WHERE score IS NULL",
                         player, puzzle, 0);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

double store_puzzle_elo(double rating, int attempts, int puzzle_rating, double score)
{
    double expected = 1.0 / (1.0 + pow(10.0, ((double)puzzle_rating - rating) / 400.0));
    double k = attempts < STORE_PUZZLE_PROVISIONAL ? 40.0 : 20.0;
    return rating + k * (score - expected);
}

bool store_puzzle_result(Store *store, const char *player, const char *puzzle, bool solved,
                         int puzzle_rating, StoredPuzzler *out, double *score, bool *rated)
{
    pthread_mutex_lock(&store->lock);
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
        ok = exec_bound(store,
                        "INSERT INTO puzzle_attempts (player, puzzle, hinted, score, at)"
                        " VALUES (?1, ?2, 0, ?3, ?4) ON CONFLICT (player, puzzle) DO UPDATE"
                        " SET score = ?3, at = ?4",
                        player, puzzle, s);
        sqlite3_stmt *st;
        ok = ok && sqlite3_prepare_v2(store->db,
                                      "INSERT OR REPLACE INTO puzzle_players (player, rating,"
                                      " attempts, solved, streak, best_streak, updated)"
                                      " VALUES (?, ?, ?, ?, ?, ?, ?)",
                                      -1, &st, NULL) == SQLITE_OK;
        if (ok) {
            char now[32];
            store_now(now);
            sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
            sqlite3_bind_double(st, 2, out->rating);
            sqlite3_bind_int(st, 3, out->attempts);
            sqlite3_bind_int(st, 4, out->solved);
            sqlite3_bind_int(st, 5, out->streak);
            sqlite3_bind_int(st, 6, out->best_streak);
            sqlite3_bind_text(st, 7, now, -1, SQLITE_TRANSIENT);
            ok = sqlite3_step(st) == SQLITE_DONE;
            sqlite3_finalize(st);
        }
        if (!ok)
            puzzler_read(store, player, out);
    }
    ok = store_finish(store, ok);
    if (!ok)
        *rated = false;
    pthread_mutex_unlock(&store->lock);
    return ok;
}

int store_puzzle_scores(Store *store, const char *player,
                        void (*each)(const char *puzzle, bool hinted, double score, void *user),
                        void *user)
{
    int n = 0;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT puzzle, hinted, score FROM puzzle_attempts WHERE player = ?", -1,
                           &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, player, -1, SQLITE_TRANSIENT);
        while (sqlite3_step(st) == SQLITE_ROW) {
            const unsigned char *id = sqlite3_column_text(st, 0);
            double score = sqlite3_column_type(st, 2) == SQLITE_NULL ? -1 : sqlite3_column_double(st, 2);
            each(id ? (const char *)id : "", sqlite3_column_int(st, 1) != 0, score, user);
            n++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return n;
}
