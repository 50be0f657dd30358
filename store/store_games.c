/* store_games.c - the games of every kind in the games' file (store.h): a game's row, its
 * players' rows (names, engines' levels, clocks, seats) and its moves, each change in one
 * transaction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_impl.h"

/* ---- the rows --------------------------------------------------------------------------- */

static bool bind_text(sqlite3_stmt *st, const char *name, const char *value)
{
    int at = sqlite3_bind_parameter_index(st, name);
    return !at || sqlite3_bind_text(st, at, value, -1, SQLITE_TRANSIENT) == SQLITE_OK;
}

static void bind_int(sqlite3_stmt *st, const char *name, long value)
{
    int at = sqlite3_bind_parameter_index(st, name);
    if (at)
        sqlite3_bind_int64(st, at, value);
}

static bool bind_game(sqlite3_stmt *st, const StoredGame *g, const char *updated)
{
    bool ok = bind_text(st, ":created", g->created) && bind_text(st, ":updated", updated) &&
              bind_text(st, ":variant", g->variant[0] ? g->variant : "russian") &&
              bind_text(st, ":settings", g->settings) &&
              bind_text(st, ":time_control", g->time_control) &&
              bind_text(st, ":start", g->start) && bind_text(st, ":opening", g->opening) &&
              bind_text(st, ":status", g->status) && bind_text(st, ":result", g->result) &&
              bind_text(st, ":reason", g->reason) && bind_text(st, ":note", g->note);
    bind_int(st, ":players", g->players);
    bind_int(st, ":draw_offer", g->draw_offer);
    bind_int(st, ":moves", g->moves);
    bind_int(st, ":id", g->id);
    return ok;
}

/* One statement on the game's row (lock held). */
static bool exec_game(Store *store, const char *sql, const StoredGame *g, const char *updated)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
        return false;
    bool ok = bind_game(st, g, updated) && sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
    return ok;
}

/* Every player's row as it is now (lock held, in a transaction). */
static bool save_players(Store *store, const StoredGame *g)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "INSERT OR REPLACE INTO game_players (game, player, name, level, clock,"
                           " code, token) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    bool ok = true;
    for (int p = 0; ok && p < g->players && p < SH_MAX_PLAYERS; p++) {
        const StoredPlayer *pl = &g->player[p];
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, g->id);
        sqlite3_bind_int(st, 2, p);
        sqlite3_bind_text(st, 3, pl->name, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int(st, 4, pl->level);
        sqlite3_bind_double(st, 5, pl->clock);
        sqlite3_bind_text(st, 6, pl->code, -1, SQLITE_TRANSIENT);
        if (pl->taken)
            sqlite3_bind_blob(st, 7, pl->token, STORE_HASH_SIZE, SQLITE_TRANSIENT);
        else
            sqlite3_bind_null(st, 7);
        ok = sqlite3_step(st) == SQLITE_DONE;
    }
    sqlite3_finalize(st);
    return ok;
}

static const char UPDATE_SQL[] =
    "UPDATE games SET updated=:updated, status=:status, result=:result, reason=:reason,"
    " draw_offer=:draw_offer, moves=:moves, note=:note WHERE id=:id";

static const char INSERT_SQL[] =
    "INSERT INTO games (created, updated, variant, settings, players, time_control, start,"
    " opening, status, result, reason, draw_offer, note, moves) VALUES (:created, :updated,"
    " :variant, :settings, :players, :time_control, :start, :opening, :status, :result,"
    " :reason, :draw_offer, :note, :moves)";

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

static void clocks_read(const unsigned char *text, double *clocks)
{
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        clocks[p] = -1;
    const char *s = (const char *)text;
    for (int p = 0; s && *s && p < SH_MAX_PLAYERS; p++) {
        char *end;
        clocks[p] = strtod(s, &end);
        s = *end == ',' ? end + 1 : NULL;
    }
}

static bool insert_move(Store *store, long id, int ply, const StoredMove *m, int players)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "INSERT OR REPLACE INTO moves (game, ply, move, clocks) VALUES (?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    char clocks[128];
    clocks_text(m->clocks, players, clocks, sizeof clocks);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, ply);
    sqlite3_bind_text(st, 3, m->text, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 4, clocks, -1, SQLITE_TRANSIENT);
    bool ok = sqlite3_step(st) == SQLITE_DONE;
    sqlite3_finalize(st);
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
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store) && exec_game(store, INSERT_SQL, g, now);
    if (ok)
        g->id = (long)sqlite3_last_insert_rowid(store->db);
    ok = ok && save_players(store, g);
    for (int i = 0; ok && moves && i < count; i++)
        ok = insert_move(store, g->id, i + 1, &moves[i], g->players);
    ok = store_finish(store, ok);
    pthread_mutex_unlock(&store->lock);
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

/* The game's rows, with one more statement before them (lock held, in a transaction). */
static bool update(Store *store, const StoredGame *g)
{
    char now[32];
    store_now(now);
    return exec_game(store, UPDATE_SQL, g, now) && save_players(store, g);
}

bool store_update(Store *store, const StoredGame *g)
{
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store);
    ok = store_finish(store, ok && update(store, g));
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_add_move(Store *store, const StoredGame *g, int ply, const StoredMove *m)
{
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store);
    ok = ok && insert_move(store, g->id, ply, m, g->players) && update(store, g);
    ok = store_finish(store, ok);
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_truncate(Store *store, const StoredGame *g, int ply)
{
    pthread_mutex_lock(&store->lock);
    bool ok = store_begin(store);
    if (ok) {
        sqlite3_stmt *st;
        ok = sqlite3_prepare_v2(store->db, "DELETE FROM moves WHERE game = ? AND ply > ?", -1, &st,
                                NULL) == SQLITE_OK;
        if (ok) {
            sqlite3_bind_int64(st, 1, g->id);
            sqlite3_bind_int(st, 2, ply);
            ok = sqlite3_step(st) == SQLITE_DONE;
            sqlite3_finalize(st);
        }
        ok = store_finish(store, ok && update(store, g));
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

bool store_delete(Store *store, long id)
{
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool ok = sqlite3_prepare_v2(store->db, "DELETE FROM games WHERE id = ?", -1, &st, NULL) ==
              SQLITE_OK;
    if (ok) {
        sqlite3_bind_int64(st, 1, id);
        ok = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(store->db) == 1;
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return ok;
}

/* ---- reading ----------------------------------------------------------------------------- */

static const char COLUMNS[] =
    "id, created, updated, variant, settings, players, time_control, start, opening, status,"
    " result, reason, draw_offer, note, moves";

static void read_game(sqlite3_stmt *st, StoredGame *g)
{
    memset(g, 0, sizeof *g);
    g->id = (long)sqlite3_column_int64(st, 0);
    store_copy_text(g->created, sizeof g->created, sqlite3_column_text(st, 1));
    store_copy_text(g->updated, sizeof g->updated, sqlite3_column_text(st, 2));
    store_copy_text(g->variant, sizeof g->variant, sqlite3_column_text(st, 3));
    store_copy_text(g->settings, sizeof g->settings, sqlite3_column_text(st, 4));
    g->players = sqlite3_column_int(st, 5);
    if (g->players < 2 || g->players > SH_MAX_PLAYERS)
        g->players = 2;
    store_copy_text(g->time_control, sizeof g->time_control, sqlite3_column_text(st, 6));
    store_copy_text(g->start, sizeof g->start, sqlite3_column_text(st, 7));
    store_copy_text(g->opening, sizeof g->opening, sqlite3_column_text(st, 8));
    store_copy_text(g->status, sizeof g->status, sqlite3_column_text(st, 9));
    store_copy_text(g->result, sizeof g->result, sqlite3_column_text(st, 10));
    store_copy_text(g->reason, sizeof g->reason, sqlite3_column_text(st, 11));
    g->draw_offer = sqlite3_column_int(st, 12);
    store_copy_text(g->note, sizeof g->note, sqlite3_column_text(st, 13));
    g->moves = sqlite3_column_int(st, 14);
    for (int p = 0; p < SH_MAX_PLAYERS; p++)
        g->player[p].clock = -1;
}

/* The players' rows of a game read (lock held). */
static void read_players(Store *store, StoredGame *g)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db,
                           "SELECT player, name, level, clock, code, token FROM game_players"
                           " WHERE game = ?",
                           -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_int64(st, 1, g->id);
    while (sqlite3_step(st) == SQLITE_ROW) {
        int p = sqlite3_column_int(st, 0);
        if (p < 0 || p >= SH_MAX_PLAYERS)
            continue;
        StoredPlayer *pl = &g->player[p];
        store_copy_text(pl->name, sizeof pl->name, sqlite3_column_text(st, 1));
        pl->level = sqlite3_column_int(st, 2);
        pl->clock = sqlite3_column_double(st, 3);
        store_copy_text(pl->code, sizeof pl->code, sqlite3_column_text(st, 4));
        const void *token = sqlite3_column_blob(st, 5);
        if (token && sqlite3_column_bytes(st, 5) == STORE_HASH_SIZE) {
            memcpy(pl->token, token, STORE_HASH_SIZE);
            pl->taken = true;
        }
    }
    sqlite3_finalize(st);
}

bool store_load(Store *store, long id, StoredGame *game, StoredMove **moves, int *count)
{
    *moves = NULL;
    *count = 0;
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT %s FROM games WHERE id = ?", COLUMNS);
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        if (sqlite3_step(st) == SQLITE_ROW) {
            read_game(st, game);
            found = true;
        }
        sqlite3_finalize(st);
    }
    if (found)
        read_players(store, game);
    if (found && sqlite3_prepare_v2(store->db,
                                    "SELECT move, clocks FROM moves WHERE game = ? ORDER BY ply",
                                    -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_int64(st, 1, id);
        int cap = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (*count == cap) {
                cap = cap ? cap * 2 : 64;
                StoredMove *bigger = realloc(*moves, (size_t)cap * sizeof **moves);
                if (!bigger)
                    break;
                *moves = bigger;
            }
            StoredMove *m = &(*moves)[(*count)++];
            store_copy_text(m->text, sizeof m->text, sqlite3_column_text(st, 0));
            clocks_read(sqlite3_column_text(st, 1), m->clocks);
        }
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
    return found;
}

int store_find(Store *store, const StoreFilter *filter, int offset, int max, StoredGame *out,
               int *total)
{
    StoreFilter none = {0};
    const StoreFilter *f = filter ? filter : &none;
    char where[400] = "WHERE 1";
    if (f->player && *f->player)
        strcat(where, " AND EXISTS (SELECT 1 FROM game_players p WHERE p.game = games.id AND"
                      " p.name LIKE :p ESCAPE '\\')");
    if (f->result && *f->result)
        strcat(where, " AND result = :r");
    if (f->status && *f->status)
        strcat(where, " AND status = :s");
    if (f->variant && *f->variant)
        strcat(where, " AND variant = :v");
    char like[2 * STORE_TEXT + 3] = "%";
    if (f->player) {
        size_t n = 1;
        for (const char *c = f->player; *c && n + 3 < sizeof like; c++) {
            if (*c == '%' || *c == '_' || *c == '\\')
                like[n++] = '\\';
            like[n++] = *c;
        }
        like[n++] = '%';
        like[n] = '\0';
    }
    char sql[1024];
    int written = 0;
    *total = 0;
    pthread_mutex_lock(&store->lock);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 0)
            snprintf(sql, sizeof sql, "SELECT count(*) FROM games %s", where);
        else
            snprintf(sql, sizeof sql,
                     "SELECT %s FROM games %s ORDER BY updated DESC, id DESC LIMIT :limit"
                     " OFFSET :offset",
                     COLUMNS, where);
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(store->db, sql, -1, &st, NULL) != SQLITE_OK)
            break;
        bind_text(st, ":p", like);
        bind_text(st, ":r", f->result);
        bind_text(st, ":s", f->status);
        bind_text(st, ":v", f->variant);
        bind_int(st, ":limit", max);
        bind_int(st, ":offset", offset);
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (pass == 0)
                *total = sqlite3_column_int(st, 0);
            else if (written < max)
                read_game(st, &out[written++]);
        }
        sqlite3_finalize(st);
    }
    for (int i = 0; i < written; i++)
        read_players(store, &out[i]);
    pthread_mutex_unlock(&store->lock);
    return written;
}

int store_playing(Store *store, long *ids, int max)
{
    int n = 0;
    pthread_mutex_lock(&store->lock);
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(store->db, "SELECT id FROM games WHERE status = 'playing' ORDER BY id",
                           -1, &st, NULL) == SQLITE_OK) {
        while (sqlite3_step(st) == SQLITE_ROW && n < max)
            ids[n++] = (long)sqlite3_column_int64(st, 0);
        sqlite3_finalize(st);
    }
    pthread_mutex_unlock(&store->lock);
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
