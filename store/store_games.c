/* store_games.c - the games of every kind in the games' database (store.h): a game's row, its
 * players' rows (names, engines' levels, clocks, seats) and its moves, each change in one
 * transaction; written against db.h (SQLite or PostgreSQL). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"

/* ---- the rows --------------------------------------------------------------------------- */

/* The game row's values in the order of UPDATE_SQL and INSERT_SQL. */
static void bind_row(DbStmt *st, const StoredGame *g, const char *updated, bool insert)
{
    int at = 1;
    if (insert) {
        db_bind_text(st, at++, g->created);
        db_bind_text(st, at++, updated);
        db_bind_text(st, at++, g->variant[0] ? g->variant : "russian");
        db_bind_text(st, at++, g->settings);
        db_bind_int(st, at++, g->players);
        db_bind_text(st, at++, g->time_control);
        db_bind_text(st, at++, g->start);
        db_bind_text(st, at++, g->opening);
    } else {
        db_bind_text(st, at++, updated);
    }
    db_bind_text(st, at++, g->status);
    db_bind_text(st, at++, g->result);
    db_bind_text(st, at++, g->reason);
    db_bind_int(st, at++, g->draw_offer);
    db_bind_int(st, at++, g->moves);
    db_bind_text(st, at++, g->note);
    db_bind_int(st, at++, g->clock_at);
    if (!insert) {
        db_bind_int(st, at++, g->id);
        db_bind_int(st, at++, g->version);
    }
}

static const char UPDATE_SQL[] =
    "UPDATE games SET updated = ?, status = ?, result = ?, reason = ?, draw_offer = ?,"
    " moves = ?, note = ?, clock_at = ?, version = version + 1 WHERE id = ? AND version = ?";

static const char INSERT_SQL[] =
    "INSERT INTO games (created, updated, variant, settings, players, time_control, start,"
    " opening, status, result, reason, draw_offer, moves, note, clock_at) VALUES (?, ?, ?, ?, ?,"
    " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id";

/* Every player's row as it is now (lock held, in a transaction). */
static bool save_players(Store *store, const StoredGame *g)
{
    DbStmt *st = db_prepare(store->db,
                            "INSERT INTO game_players (game, player, name, level, clock, code, token)"
                            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, player) DO UPDATE SET"
                            " name = excluded.name, level = excluded.level, clock = excluded.clock,"
                            " code = excluded.code, token = excluded.token");
    if (!st)
        return false;
    bool ok = true;
    for (int p = 0; ok && p < g->players && p < SH_MAX_PLAYERS; p++) {
        const StoredPlayer *pl = &g->player[p];
        db_reset(st);
        db_bind_int(st, 1, g->id);
        db_bind_int(st, 2, p);
        db_bind_text(st, 3, pl->name);
        db_bind_int(st, 4, pl->level);
        db_bind_double(st, 5, pl->clock);
        db_bind_text(st, 6, pl->code);
        if (pl->taken)
            db_bind_blob(st, 7, pl->token, STORE_HASH_SIZE);
        else
            db_bind_null(st, 7);
        ok = db_step(st) == DB_DONE;
    }
    db_finalize(st);
    return ok;
}

/* The clocks after a move as text: "299.500,300.000". */
static void clocks_text(const double *clocks, int players, char *out, size_t size)
{
    size_t at = 0;
    out[0] = '\0';
    for (int p = 0; p < players && at < size; p++) {
        int w = snprintf(out + at, size - at, "%s%.3f", p ? "," : "", clocks[p]);
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

static bool insert_move(Store *store, long id, int ply, const StoredMove *m, int players)
{
    DbStmt *st = db_prepare(store->db,
                            "INSERT INTO moves (game, ply, move, clocks, at) VALUES (?, ?, ?, ?, ?)"
                            " ON CONFLICT (game, ply) DO UPDATE SET move = excluded.move,"
                            " clocks = excluded.clocks, at = excluded.at");
    if (!st)
        return false;
    char clocks[128];
    clocks_text(m->clocks, players, clocks, sizeof clocks);
    db_bind_int(st, 1, id);
    db_bind_int(st, 2, ply);
    db_bind_text(st, 3, m->text);
    db_bind_text(st, 4, clocks);
    db_bind_int(st, 5, m->at);
    bool ok = db_step(st) == DB_DONE;
    db_finalize(st);
    return ok;
}

/* ---- changes ----------------------------------------------------------------------------- */

static bool create(Store *store, StoredGame *g, const StoredMove *moves, int count)
{
    char now[32];
    store_now(now);
    snprintf(g->created, sizeof g->created, "%s", now);
    snprintf(g->updated, sizeof g->updated, "%s", now);
    if (g->players < 2 || g->players > SH_MAX_PLAYERS)
        g->players = 2;
    if (moves)
        g->moves = count;
    pthread_mutex_lock(store->lock);
    bool ok = store_begin(store);
    DbStmt *st = ok ? db_prepare(store->db, INSERT_SQL) : NULL;
    ok = st != NULL;
    if (ok) {
        bind_row(st, g, now, true);
        ok = db_step(st) == DB_ROW;
        if (ok)
            g->id = (long)db_column_int(st, 0);
        db_finalize(st);
    }
    ok = ok && save_players(store, g);
    for (int i = 0; ok && moves && i < count; i++)
        ok = insert_move(store, g->id, i + 1, &moves[i], g->players);
    char note[64];
    snprintf(note, sizeof note, "g %ld 0", g->id);
    ok = ok && store_notify(store, note);
    g->version = 0;
    ok = store_finish(store, ok);
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_create(Store *store, StoredGame *g)
{
    return create(store, g, NULL, 0);
}

bool store_add_game(Store *store, StoredGame *g, const StoredMove *moves, int count)
{
    return create(store, g, moves, count);
}

/* The game's rows (lock held, in a transaction), if the game is still at the version this
 * copy read (g->stale otherwise); the other processes are told (store_notify). */
static bool update(Store *store, StoredGame *g)
{
    char now[32];
    store_now(now);
    DbStmt *st = db_prepare(store->db, UPDATE_SQL);
    if (!st)
        return false;
    bind_row(st, g, now, false);
    bool ok = db_step(st) == DB_DONE;
    if (ok && db_statement_changes(st) != 1) {
        g->stale = true;
        ok = false;
    }
    db_finalize(st);
    char note[64];
    snprintf(note, sizeof note, "g %ld %ld", g->id, g->version + 1);
    return ok && save_players(store, g) && store_notify(store, note);
}

/* The end of a change of a game's rows: its version moves on when it was saved. */
static bool changed(Store *store, StoredGame *g, bool ok)
{
    ok = store_finish(store, ok);
    if (ok)
        g->version++;
    return ok;
}

/* A game's change for the commit group (commit_group.c): its rows, and a move when there is
 * one. */
typedef struct GameChange {
    StoredGame *game;
    int ply;
    const StoredMove *move; /* NULL: the rows only */
} GameChange;

static bool change_game(Store *store, void *arg)
{
    GameChange *c = arg;
    return (!c->move || insert_move(store, c->game->id, c->ply, c->move, c->game->players)) &&
           update(store, c->game);
}

/* The rows (and a move) saved in the next group commit: the version moves on once it is. */
static bool group_change(Store *store, StoredGame *g, int ply, const StoredMove *m)
{
    g->stale = false;
    GameChange c = {g, ply, m};
    bool ok = store_group_run(store, change_game, &c);
    if (ok)
        g->version++;
    return ok;
}

bool store_update(Store *store, StoredGame *g)
{
    return group_change(store, g, 0, NULL);
}

bool store_add_move(Store *store, StoredGame *g, int ply, const StoredMove *m)
{
    return group_change(store, g, ply, m);
}

/* One statement on a game by its id and a number (lock held): whether it ran, and its rows. */
static bool run_on_game(Store *store, const char *sql, long id, long long n, long long *changes)
{
    DbStmt *st = db_prepare(store->db, sql);
    if (!st)
        return false;
    db_bind_int(st, 1, id);
    if (n >= 0)
        db_bind_int(st, 2, n);
    bool ok = db_step(st) == DB_DONE;
    if (changes)
        *changes = db_statement_changes(st);
    db_finalize(st);
    return ok;
}

bool store_truncate(Store *store, StoredGame *g, int ply)
{
    pthread_mutex_lock(store->lock);
    g->stale = false;
    bool ok = store_begin(store);
    ok = ok && run_on_game(store, "DELETE FROM moves WHERE game = ? AND ply > ?", g->id, ply, NULL);
    ok = changed(store, g, ok && update(store, g));
    pthread_mutex_unlock(store->lock);
    return ok;
}

bool store_delete(Store *store, long id)
{
    pthread_mutex_lock(store->lock);
    long long changes = 0;
    bool ok = store_begin(store);
    /* the moves and players go with the game (the foreign keys cascade; said here as well, for
     * a file whose keys are off) */
    ok = ok && run_on_game(store, "DELETE FROM moves WHERE game = ?", id, -1, NULL) &&
         run_on_game(store, "DELETE FROM game_players WHERE game = ?", id, -1, NULL) &&
         run_on_game(store, "DELETE FROM games WHERE id = ?", id, -1, &changes);
    char note[64];
    snprintf(note, sizeof note, "g %ld -1", id);
    ok = ok && store_notify(store, note);
    ok = store_finish(store, ok) && changes == 1;
    pthread_mutex_unlock(store->lock);
    return ok;
}

/* ---- reading ----------------------------------------------------------------------------- */

const char STORE_GAME_COLUMNS[] =
    "id, created, updated, variant, settings, players, time_control, start, opening, status,"
    " result, reason, draw_offer, note, moves, version, clock_at";

void store_read_game(DbStmt *st, StoredGame *g)
{
    memset(g, 0, sizeof *g);
    g->id = (long)db_column_int(st, 0);
    store_copy_text(g->created, sizeof g->created, db_column_text(st, 1));
    store_copy_text(g->updated, sizeof g->updated, db_column_text(st, 2));
    store_copy_text(g->variant, sizeof g->variant, db_column_text(st, 3));
    store_copy_text(g->settings, sizeof g->settings, db_column_text(st, 4));
    g->players = (int)db_column_int(st, 5);
    if (g->players < 2 || g->players > SH_MAX_PLAYERS)
        g->players = 2;
    store_copy_text(g->time_control, sizeof g->time_control, db_column_text(st, 6));
    store_copy_text(g->start, sizeof g->start, db_column_text(st, 7));
    store_copy_text(g->opening, sizeof g->opening, db_column_text(st, 8));
    store_copy_text(g->status, sizeof g->status, db_column_text(st, 9));
    store_copy_text(g->result, sizeof g->result, db_column_text(st, 10));
    store_copy_text(g->reason, sizeof g->reason, db_column_text(st, 11));
    g->draw_offer = (int)db_column_int(st, 12);
    store_copy_text(g->note, sizeof g->note, db_column_text(st, 13));
    g->moves = (int)db_column_int(st, 14);
    g->version = (long)db_column_int(st, 15);
    g->clock_at = db_column_int(st, 16);
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        g->player[p].clock = -1;
}

/* The players' rows of a game read on `db` (its lock held: the store's, or the reader's). */
void store_read_players(Db *db, StoredGame *g)
{
    DbStmt *st = db_prepare(db, "SELECT player, name, level, clock, code, token FROM"
                                " game_players WHERE game = ?");
    if (!st)
        return;
    db_bind_int(st, 1, g->id);
    while (db_step(st) == DB_ROW) {
        int p = (int)db_column_int(st, 0);
        if (p < 0 || p >= SH_MAX_PLAYERS)
            continue;
        StoredPlayer *pl = &g->player[p];
        store_copy_text(pl->name, sizeof pl->name, db_column_text(st, 1));
        pl->level = (int)db_column_int(st, 2);
        pl->clock = db_column_double(st, 3);
        store_copy_text(pl->code, sizeof pl->code, db_column_text(st, 4));
        int size = 0;
        const void *token = db_column_blob(st, 5, &size);
        if (token && size == STORE_HASH_SIZE) {
            memcpy(pl->token, token, STORE_HASH_SIZE);
            pl->taken = true;
        }
    }
    db_finalize(st);
}

bool store_load(Store *store, long id, StoredGame *game, StoredMove **moves, int *count)
{
    return store_load_since(store, id, 1, game, moves, count); /* store_moves.c */
}

int store_find(Store *store, const StoreFilter *filter, int offset, int max, StoredGame *out,
               int *total)
{
    StoreFilter none = {0};
    const StoreFilter *f = filter ? filter : &none;
    const char *values[4];
    int nvalues = 0;
    char where[400] = "WHERE 1 = 1";
    char like[2 * STORE_TEXT + 3] = "%";
    if (f->player && *f->player) {
        size_t n = 1;
        for (const char *c = f->player; *c && n + 3 < sizeof like; c++) {
            if (*c == '%' || *c == '_' || *c == '\\')
                like[n++] = '\\';
            like[n++] = *c;
        }
        like[n++] = '%';
        like[n] = '\0';
        snprintf(where + strlen(where), sizeof where - strlen(where),
                 " AND EXISTS (SELECT 1 FROM game_players p WHERE p.game = games.id AND p.name %s ?"
                 " ESCAPE '\\')",
                 db_like(store->db));
        values[nvalues++] = like;
    }
    if (f->result && *f->result) {
        strcat(where, " AND result = ?");
        values[nvalues++] = f->result;
    }
    if (f->status && *f->status) {
        strcat(where, " AND status = ?");
        values[nvalues++] = f->status;
    }
    if (f->variant && *f->variant) {
        strcat(where, " AND variant = ?");
        values[nvalues++] = f->variant;
    }
    char sql[1024];
    int written = 0;
    *total = 0;
    pthread_mutex_lock(store->lock);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0)
            snprintf(sql, sizeof sql, "SELECT count(*) FROM games %s", where);
        else
            snprintf(sql, sizeof sql,
                     "SELECT %s FROM games %s ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?",
                     STORE_GAME_COLUMNS, where);
        DbStmt *st = db_prepare(store->db, sql);
        if (!st)
            break;
        for (int i = 0; i < nvalues; i++)
            db_bind_text(st, i + 1, values[i]);
        if (pass == 1) {
            db_bind_int(st, nvalues + 1, max);
            db_bind_int(st, nvalues + 2, offset);
        }
        while (db_step(st) == DB_ROW) {
            if (pass == 0)
                *total = (int)db_column_int(st, 0);
            else if (written < max)
                store_read_game(st, &out[written++]);
        }
        db_finalize(st);
    }
    for (int i = 0; i < written; i++)
        store_read_players(store->db, &out[i]);
    pthread_mutex_unlock(store->lock);
    return written;
}

long store_version(Store *store, long id)
{
    Db *db = store_read_begin(store); /* asked before every request's answer: no wait */
    DbStmt *st = db_prepare(db, "SELECT version FROM games WHERE id = ?");
    long version = -2;
    if (st) {
        db_bind_int(st, 1, id);
        DbStep step = db_step(st);
        version = step == DB_ROW ? (long)db_column_int(st, 0) : step == DB_DONE ? -1 : -2;
        db_finalize(st);
    }
    store_read_end(store);
    return version;
}

long store_game_with_code(Store *store, const char *code)
{
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT p.game FROM game_players p JOIN games g ON"
                                       " g.id = p.game WHERE p.code = ? AND p.token IS NULL AND"
                                       " g.status = 'playing'");
    long id = 0;
    if (st) {
        db_bind_text(st, 1, code);
        if (db_step(st) == DB_ROW)
            id = (long)db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(store->lock);
    return id;
}

int store_playing(Store *store, long *ids, int max)
{
    int n = 0;
    pthread_mutex_lock(store->lock);
    DbStmt *st = db_prepare(store->db, "SELECT id FROM games WHERE status = 'playing' ORDER BY id");
    while (st && db_step(st) == DB_ROW && n < max)
        ids[n++] = (long)db_column_int(st, 0);
    db_finalize(st);
    pthread_mutex_unlock(store->lock);
    return n;
}

/* ---- replaying ---------------------------------------------------------------------------- */

ShPlay *store_replay(const StoredGame *row, const StoredMove *moves, int count, char *why,
                     size_t size)
{
    ShError err;
    const ShKind *kind = sh_kind_find(row->variant);
    if (!kind) {
        snprintf(why, size, "no game '%s'", row->variant);
        return NULL;
    }
    bool finished = strcmp(row->status, "finished") == 0;
    ShPlayOptions options = {
        .settings = row->settings,
        .start = row->opening[0] ? NULL : row->start,
        .opening = row->opening[0] ? row->opening : NULL,
        .replay = finished,
    };
    ShPlay *play = NULL;
    if (sh_play_new(&play, kind, &options, &err) != SH_OK) {
        snprintf(why, size, "%.200s", err.message);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        if (sh_play_move(play, moves[i].text, NULL, &err) != SH_OK) {
            snprintf(why, size, "move %d (%s): %.160s", i + 1, moves[i].text, err.message);
            sh_play_free(play);
            return NULL;
        }
    }
    if (finished && strcmp(row->result, "*") != 0)
        sh_play_end(play, row->result, row->reason[0] ? row->reason : "recorded", NULL);
    return play;
}

void store_start_of(const ShPlay *play, StoredGame *row)
{
    const ShKind *kind = sh_play_kind(play);
    row->start[0] = '\0';
    if (kind->family != SH_FAMILY_OTHER || sh_play_set_up(play))
        sh_play_position_text(play, 0, row->start, sizeof row->start);
    snprintf(row->settings, sizeof row->settings, "%s",
             kind->family == SH_FAMILY_OTHER && sh_play_set_up(play) ? "" : sh_play_settings(play));
}

bool store_add_finished(Store *store, const ShPlay *play, StoredGame *row)
{
    const ShKind *kind = sh_play_kind(play);
    int plies = sh_play_ply_count(play);
    StoredMove *moves = calloc((size_t)plies + 1, sizeof *moves);
    if (!moves)
        return false;
    snprintf(row->variant, sizeof row->variant, "%s", kind->name);
    row->players = kind->players;
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        row->player[p].clock = -1;
    store_start_of(play, row);
    ShVerdict v;
    sh_play_verdict(play, &v);
    snprintf(row->status, sizeof row->status, "finished");
    snprintf(row->result, sizeof row->result, "%s", v.result);
    snprintf(row->reason, sizeof row->reason, "%s", v.reason_code);
    row->draw_offer = -1;
    bool ok = true;
    for (int i = 0; ok && i < plies; i++) {
        ShPlayMove m;
        ok = sh_play_move_at(play, i, &m, NULL) == SH_OK;
        snprintf(moves[i].text, sizeof moves[i].text, "%s", m.full);
        for (int p = 0; p < SH_MAX_PLAYERS; p++)
            moves[i].clocks[p] = -1;
    }
    ok = ok && store_add_game(store, row, moves, plies);
    free(moves);
    return ok;
}
