/* store_reviews.c - the games' reviews in the games' file (store.h "Reviews"): a row per review,
 * a row per position the engine searched or the rules decided. */
#include <stdio.h>
#include <string.h>

#include "review.h"
#include "store_impl.h"

/* One statement of a review's game (lock held): prepared, bound to the game, stepped, finished.
 * True when it ran to its end. */
static bool run_for_game(Store *store, const char *sql, long game)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_int64(st, 1, game);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok;
}

bool store_review_queue(Store *store, const StoredReview *r)
{
    char now[32];
    store_now(now);
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store);
    ok = ok && run_for_game(store, "DELETE FROM reviews WHERE game = ?", r->game);
    sqlite3_stmt *st;
    ok = ok && sqlite3_prepare_v2(store->db,
                                  "INSERT INTO reviews (game, status, nodes, plies, created,"
                                  " updated) VALUES (?, 'queued', ?, ?, ?, ?)",
                                  -1, &st, NULL) == SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, r->game);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)r->nodes);
        sqlite3_bind_int(st, 3, r->plies);
        sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 5, now, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    ok = store_finish(store, ok);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_review_get(Store *store, long game, StoredReview *out)
{
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT status, nodes, plies, seconds, error, created, updated FROM"
                           " reviews WHERE game = ?",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, game);
        if (sqlite3_step(st) == SQLITE_ROW) {
            found = true;
            out->game = game;
            store_copy_text(out->status, sizeof out->status, sqlite3_column_text(st, 0));
            out->nodes = (unsigned long)sqlite3_column_int64(st, 1);
            out->plies = sqlite3_column_int(st, 2);
            out->seconds = sqlite3_column_double(st, 3);
            store_copy_text(out->error, sizeof out->error, sqlite3_column_text(st, 4));
            store_copy_text(out->created, sizeof out->created, sqlite3_column_text(st, 5));
            store_copy_text(out->updated, sizeof out->updated, sqlite3_column_text(st, 6));
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return found;
}

/* The row's end: done (with the time) or failed (with why), lock held. */
static bool finish_row(Store *store, long game, const char *status, double seconds,
                       const char *error)
{
    char now[32];
    store_now(now);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "UPDATE reviews SET status = ?, seconds = ?, error = ?, updated = ?"
                           " WHERE game = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    sqlite3_bind_text(st, 1, status, -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(st, 2, seconds);
    sqlite3_bind_text(st, 3, error, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, now, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 5, game);
    bool ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
    sqlite3_finalize(st);
    return ok;
}

bool store_review_save(Store *store, const StoredReview *r, const ReviewPosition *positions,
                       int first, int last)
{
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store);
    ok = ok && finish_row(store, r->game, "done", r->seconds, "");
    ok = ok && run_for_game(store, "DELETE FROM review_positions WHERE game = ?", r->game);
    sqlite3_stmt *st = NULL;
    ok = ok && sqlite3_prepare_v2(store->db,
                                  "INSERT INTO review_positions (game, ply, state, score, depth,"
                                  " nodes, best, pv, second, second_score, judged)"
                                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                  -1, &st, NULL) == SQLITE_OK;
    for (int k = first; ok && k <= last; k++) {
        const ReviewPosition *p = &positions[k];
        if (p->state != REVIEW_SEARCHED && p->state != REVIEW_OVER)
            continue;
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        sqlite3_bind_int64(st, 1, r->game);
        sqlite3_bind_int(st, 2, k);
        sqlite3_bind_text(st, 3, p->state == REVIEW_OVER ? "over" : "searched", -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 4, p->score);
        sqlite3_bind_int(st, 5, p->depth);
        sqlite3_bind_int64(st, 6, (sqlite3_int64)p->nodes);
        sqlite3_bind_text(st, 7, p->best, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 8, p->pv, -1, SQLITE_TRANSIENT);
        if (p->has_second) {
            sqlite3_bind_text(st, 9, p->second, -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(st, 10, p->second_score);
        }
        if (p->has_judged)
            sqlite3_bind_int(st, 11, p->judged_score);
        ok = sqlite3_step(st) == SQLITE_DONE;
    }
    sqlite3_finalize(st);
    ok = store_finish(store, ok);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_review_fail(Store *store, long game, const char *why)
{
    pthread_mutex_lock(&store->lock);
    bool ok = finish_row(store, game, "failed", 0, why ? why : "");
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_review_positions(Store *store, long game, ReviewPosition *positions, int count)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(store->db,
                                 "SELECT ply, state, score, depth, nodes, best, pv, second,"
                                 " second_score, judged FROM review_positions WHERE game = ?"
                                 " ORDER BY ply",
                                 -1, &st, NULL) == SQLITE_OK;
    int rows = 0;
    if (ok) {
        sqlite3_bind_int64(st, 1, game);
        while (ok && sqlite3_step(st) == SQLITE_ROW) {
            int k = sqlite3_column_int(st, 0);
            if (k < 0 || k >= count) {
                ok = false;
                break;
            }
            ReviewPosition *p = &positions[k];
            const unsigned char *state = sqlite3_column_text(st, 1);
            p->state = state && strcmp((const char *)state, "over") == 0 ? REVIEW_OVER
                                                                          : REVIEW_SEARCHED;
            p->score = sqlite3_column_int(st, 2);
            p->depth = sqlite3_column_int(st, 3);
            p->nodes = (uint64_t)sqlite3_column_int64(st, 4);
            store_copy_text(p->best, sizeof p->best, sqlite3_column_text(st, 5));
            store_copy_text(p->pv, sizeof p->pv, sqlite3_column_text(st, 6));
            p->has_second = sqlite3_column_type(st, 7) != SQLITE_NULL;
            store_copy_text(p->second, sizeof p->second, sqlite3_column_text(st, 7));
            p->second_score = sqlite3_column_int(st, 8);
            p->has_judged = sqlite3_column_type(st, 9) != SQLITE_NULL;
            p->judged_score = sqlite3_column_int(st, 9);
            rows++;
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return ok && rows > 0;
}

int store_reviews_queued(Store *store, long *games, int max)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT game FROM reviews WHERE status = 'queued' ORDER BY created, game",
                           -1, &st, NULL) == SQLITE_OK) {
        while (n < max && sqlite3_step(st) == SQLITE_ROW)
            games[n++] = (long)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return n;
}

bool store_review_delete(Store *store, long game)
{
    pthread_mutex_lock(&store->lock);
    bool ok = run_for_game(store, "DELETE FROM reviews WHERE game = ?", game);
    pthread_mutex_unlock(&store->lock);
    return ok;
}
