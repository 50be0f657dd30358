/* store_moves.c - a game's moves read (store_load: all of them; a copy catching up: only from
 * the last it holds), and what several processes on one database need besides: the
 * database's clock (the site's clock every process charges the players' time on), and whether
 * the database answers. */
#include <stdio.h>
#include <stdlib.h>

#include "store_impl.h"

/* A move's clocks from their text: "299.500,300.000". */
static void clocks_read(const char *text, double *clocks)
{
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        clocks[p] = -1;
    const char *s = text;
    for (int p = 0; s && *s && p < SH_MAX_PLAYERS; p++) {
        char *end;
        clocks[p] = strtod(s, &end);
        s = *end == ',' ? end + 1 : NULL;
    }
}

bool store_load_since(Store *store, long id, int from, StoredGame *game, StoredMove **moves,
                      int *count)
{
    *moves = NULL;
    *count = 0;
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT %s FROM games WHERE id = ?", STORE_GAME_COLUMNS);
    Db *db = store_read_begin(store); /* a game read again must not wait for a commit */
    bool found = false, ok = false;
    DbStmt *st = db_prepare(db, sql);
    if (st) {
        db_bind_int(st, 1, id);
        if (db_step(st) == DB_ROW) {
            store_read_game(st, game);
            found = true;
        }
        db_finalize(st);
    }
    if (found)
        store_read_players(db, game);
    st = found ? db_prepare(db, "SELECT move, clocks, at FROM moves WHERE game = ? AND"
                                       " ply >= ? ORDER BY ply")
               : NULL;
    if (st) {
        db_bind_int(st, 1, id);
        db_bind_int(st, 2, from);
        int cap = 0;
        DbStep step;
        while ((step = db_step(st)) == DB_ROW) {
            if (*count == cap) {
                cap = cap ? cap * 2 : 8;
                StoredMove *bigger = realloc(*moves, (size_t)cap * sizeof **moves);
                if (!bigger)
                    break;
                *moves = bigger;
            }
            StoredMove *m = &(*moves)[(*count)++];
            store_copy_text(m->text, sizeof m->text, db_column_text(st, 0));
            clocks_read(db_column_text(st, 1), m->clocks);
            m->at = db_column_int(st, 2);
        }
        ok = step == DB_DONE;
        db_finalize(st);
    }
    store_read_end(store);
    if (!ok) {
        free(*moves);
        *moves = NULL;
        *count = 0;
    }
    return ok;
}

bool store_clock(Store *store, long long *ms)
{
    if (!store_shared(store))
        return false;
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT CAST(floor(extract(epoch FROM clock_timestamp())"
                                       " * 1000) AS BIGINT)");
    bool ok = st && db_step(st) == DB_ROW;
    if (ok)
        *ms = db_column_int(st, 0);
    db_finalize(st);
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_available(Store *store)
{
    /* the connection in use by another thread answers for itself: no waiting behind its
     * commit for this */
    if (pthread_mutex_trylock(store->lock) != 0)
        return true;
    bool ok = db_available(store->db);
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_probe(Store *store)
{
    pthread_mutex_lock(store->lock);
    bool ok = db_available(store->db);
    if (ok && db_kind(store->db) == DB_POSTGRES)
        ok = db_exec(store->db, "SELECT 1") && db_available(store->db);
    pthread_mutex_unlock(store->lock);
    return ok;
}
