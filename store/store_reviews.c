/* store_reviews.c - the games' reviews in the games' database (store.h "Reviews"): a row per review,
 * a row per position the engine searched or the rules decided. */
#include <stdio.h>
#include <string.h>

#include "review.h"
#include "store_impl.h"

/* One statement of a review's game (lock held): prepared, bound to the game, stepped, finished.
 * True when it ran to its end. */
static bool run_for_game(Store *store, const char *sql, long game)
{
    DbStmt *st = db_prepare(store->db, sql);
    if (!st)
        return false;
    db_bind_int(st, 1, game);
    bool ok = db_step(st) == DB_DONE;
    db_finalize(st);
    return ok;
}

bool store_review_queue(Store *store, const StoredReview *r)
{
    char now[32];
    store_now(now);
    pthread_mutex_lock(store->lock);
    bool ok = store_begin(store);
    ok = ok && run_for_game(store, "DELETE FROM reviews WHERE game = ?", r->game);
    DbStmt *st = ok ? db_prepare(store->db, "INSERT INTO reviews (game, status, nodes, plies,"
                                            " created, updated) VALUES (?, 'queued', ?, ?, ?, ?)")
                    : NULL;
    ok = st != NULL;
    if (ok) {
        db_bind_int(st, 1, r->game);
        db_bind_int(st, 2, (long long)r->nodes);
        db_bind_int(st, 3, r->plies);
        db_bind_text(st, 4, now);
        db_bind_text(st, 5, now);
        ok = db_step(st) == DB_DONE;
        db_finalize(st);
    }
    ok = store_finish(store, ok);
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_review_get(Store *store, long game, StoredReview *out)
{
    memset(out, 0, sizeof *out);
    Db *db = store_read_begin(store); /* every answer about a game asks: no wait for commits */
    bool found = false;
    DbStmt *st = db_prepare(db, "SELECT status, nodes, plies, seconds, error, created,"
                                " updated FROM reviews WHERE game = ?");
    if (st) {
        db_bind_int(st, 1, game);
        if (db_step(st) == DB_ROW) {
            found = true;
            out->game = game;
            store_copy_text(out->status, sizeof out->status, db_column_text(st, 0));
            out->nodes = (unsigned long)db_column_int(st, 1);
            out->plies = (int)db_column_int(st, 2);
            out->seconds = db_column_double(st, 3);
            store_copy_text(out->error, sizeof out->error, db_column_text(st, 4));
            store_copy_text(out->created, sizeof out->created, db_column_text(st, 5));
            store_copy_text(out->updated, sizeof out->updated, db_column_text(st, 6));
        }
        db_finalize(st);
    }
    store_read_end(store);
    return found;
}

/* The row's end: done (with the time) or failed (with why), lock held. */
static bool finish_row(Store *store, long game, const char *status, double seconds,
                       const char *error)
{
    char now[32];
    store_now(now);
    DbStmt *st = db_prepare(store->db, "UPDATE reviews SET status = ?, seconds = ?, error = ?,"
                                       " updated = ? WHERE game = ?");
    if (!st)
        return false;
    db_bind_text(st, 1, status);
    db_bind_double(st, 2, seconds);
    db_bind_text(st, 3, error);
    db_bind_text(st, 4, now);
    db_bind_int(st, 5, game);
    bool ok = db_step(st) == DB_DONE && db_statement_changes(st) == 1;
    db_finalize(st);
    return ok;
}

bool store_review_save(Store *store, const StoredReview *r, const ReviewPosition *positions,
                       int first, int last)
{
    pthread_mutex_lock(store->lock);
    bool ok = store_begin(store);
    ok = ok && finish_row(store, r->game, "done", r->seconds, "");
    ok = ok && run_for_game(store, "DELETE FROM review_positions WHERE game = ?", r->game);
    DbStmt *st = ok ? db_prepare(store->db, "INSERT INTO review_positions (game, ply, state,"
                                            " score, depth, nodes, best, pv, second,"
                                            " second_score, judged)"
                                            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                    : NULL;
    ok = st != NULL;
    for (int k = first; ok && k <= last; k++) {
        const ReviewPosition *p = &positions[k];
        if (p->state != REVIEW_SEARCHED && p->state != REVIEW_OVER)
            continue;
        db_reset(st);
        db_bind_int(st, 1, r->game);
        db_bind_int(st, 2, k);
        db_bind_text(st, 3, p->state == REVIEW_OVER ? "over" : "searched");
        db_bind_int(st, 4, p->score);
        db_bind_int(st, 5, p->depth);
        db_bind_int(st, 6, (long long)p->nodes);
        db_bind_text(st, 7, p->best);
        db_bind_text(st, 8, p->pv);
        if (p->has_second) {
            db_bind_text(st, 9, p->second);
            db_bind_int(st, 10, p->second_score);
        } else {
            db_bind_null(st, 9);
            db_bind_null(st, 10);
        }
        if (p->has_judged)
            db_bind_int(st, 11, p->judged_score);
        else
            db_bind_null(st, 11);
        ok = db_step(st) == DB_DONE;
    }
    if (st)
        db_finalize(st);
    ok = store_finish(store, ok);
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_review_fail(Store *store, long game, const char *why)
{
    pthread_mutex_lock(store->lock);
    bool ok = finish_row(store, game, "failed", 0, why ? why : "");
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_review_positions(Store *store, long game, ReviewPosition *positions, int count)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT ply, state, score, depth, nodes, best, pv, second,"
                                       " second_score, judged FROM review_positions WHERE"
                                       " game = ? ORDER BY ply");
    bool ok = st != NULL;
    int rows = 0;
    if (ok) {
        db_bind_int(st, 1, game);
        while (ok && db_step(st) == DB_ROW) {
            int k = (int)db_column_int(st, 0);
            if (k < 0 || k >= count) {
                ok = false;
                break;
            }
            ReviewPosition *p = &positions[k];
            p->state = strcmp(db_column_text(st, 1), "over") == 0 ? REVIEW_OVER : REVIEW_SEARCHED;
            p->score = (int)db_column_int(st, 2);
            p->depth = (int)db_column_int(st, 3);
            p->nodes = (uint64_t)db_column_int(st, 4);
            store_copy_text(p->best, sizeof p->best, db_column_text(st, 5));
            store_copy_text(p->pv, sizeof p->pv, db_column_text(st, 6));
            p->has_second = !db_column_null(st, 7);
            store_copy_text(p->second, sizeof p->second, db_column_text(st, 7));
            p->second_score = (int)db_column_int(st, 8);
            p->has_judged = !db_column_null(st, 9);
            p->judged_score = (int)db_column_int(st, 9);
            rows++;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return ok && rows > 0;
}

int store_reviews_queued(Store *store, long *games, int max)
{
    pthread_mutex_lock(store->lock);
    int n = 0;
    DbStmt *st = db_prepare(store->db, "SELECT game FROM reviews WHERE status = 'queued' ORDER BY"
                                       " created, game");
    if (st) {
        while (n < max && db_step(st) == DB_ROW)
            games[n++] = (long)db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return n;
}

bool store_review_delete(Store *store, long game)
{
    pthread_mutex_lock(store->lock);
    bool ok = run_for_game(store, "DELETE FROM reviews WHERE game = ?", game);
    pthread_mutex_unlock(store->lock);
    return ok;
}
