/* accounts.c - accounts, sessions, seats of accounts and ratings in the site's database (see
 * accounts.h). */
#include "accounts.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accounts_cache.h"
#include "db.h"
#include "db_pool.h"

struct Accounts {
    Db *db;
    pthread_mutex_t *lock; /* the connection's (db_pool.h) */
    ShRatingSystem system;
    AccountsCache cache; /* seats and rated flags read (under lock) */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS accounts ("
    "  id @ID, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, password TEXT NOT NULL,"
    "  roles TEXT NOT NULL DEFAULT '', created TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS account_sessions ("
    "  token @BLOB PRIMARY KEY,"
    "  account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
    "  expires INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS signups (address TEXT NOT NULL, time INTEGER NOT NULL);"
    "CREATE INDEX IF NOT EXISTS signups_by_address ON signups (address, time);"
    "CREATE TABLE IF NOT EXISTS game_accounts ("
    "  game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,"
    "  player INTEGER NOT NULL,"
    "  account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
    "  PRIMARY KEY (game, player));"
    "CREATE INDEX IF NOT EXISTS game_accounts_by_account ON game_accounts (account, game);"
    "CREATE TABLE IF NOT EXISTS rated_games ("
    "  game INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,"
    "  speed TEXT NOT NULL, applied INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS ratings ("
    "  account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
    "  kind TEXT NOT NULL, speed TEXT NOT NULL, rating @REAL NOT NULL,"
    "  deviation @REAL NOT NULL, volatility @REAL NOT NULL, games INTEGER NOT NULL,"
    "  updated TEXT NOT NULL, played INTEGER NOT NULL, PRIMARY KEY (account, kind, speed));"
    "CREATE TABLE IF NOT EXISTS rating_history ("
    "  account INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,"
    "  kind TEXT NOT NULL, speed TEXT NOT NULL, game INTEGER NOT NULL, time TEXT NOT NULL,"
    "  rating @REAL NOT NULL, deviation @REAL NOT NULL);"
    "CREATE INDEX IF NOT EXISTS rating_history_by_account ON rating_history"
    " (account, kind, speed);";

static void now_iso(char out[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

Accounts *accounts_open(const char *name, char *err, size_t size)
{
    Accounts *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, size, "out of memory");
        return NULL;
    }
    a->db = db_pool_open_schema(name, DB_FOR_ACCOUNTS, SCHEMA, "the accounts' tables", &a->lock,
                                err, size);
    if (!a->db) {
        free(a);
        return NULL;
    }
    sh_rating_system_init(&a->system);
    return a;
}

void accounts_close(Accounts *a)
{
    if (!a)
        return;
    db_pool_close(a->db);
    free(a);
}

const ShRatingSystem *accounts_rating_system(const Accounts *a)
{
    return &a->system;
}

const char *accounts_error(Accounts *a)
{
    return db_error(a->db);
}

bool accounts_name_valid(const char *name, char *err, size_t size)
{
    size_t n = strlen(name);
    if (n < ACCOUNT_NAME_MIN || n > ACCOUNT_NAME_MAX) {
        snprintf(err, size, "a name has %d to %d characters", ACCOUNT_NAME_MIN, ACCOUNT_NAME_MAX);
        return false;
    }
    if (!isalpha((unsigned char)name[0]) || (unsigned char)name[0] >= 0x80) {
        snprintf(err, size, "a name starts with a letter (A-Z, a-z)");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (c >= 0x80 || !(isalnum(c) || c == '_' || c == '-')) {
            snprintf(err, size, "a name holds letters A-Z a-z, digits, _ and - (character %zu is"
                                " not one)", i + 1);
            return false;
        }
    }
    return true;
}

static void name_key(const char *name, char key[ACCOUNT_NAME_SIZE])
{
    size_t i = 0;
    for (; name[i] && i < ACCOUNT_NAME_MAX; i++)
        key[i] = (char)tolower((unsigned char)name[i]);
    key[i] = '\0';
}

static void read_account(DbStmt *st, Account *out)
{
    memset(out, 0, sizeof *out);
    out->id = (long)db_column_int(st, 0);
    snprintf(out->name, sizeof out->name, "%.20s", db_column_text(st, 1));
    snprintf(out->roles, sizeof out->roles, "%.63s", db_column_text(st, 2));
    snprintf(out->created, sizeof out->created, "%.31s", db_column_text(st, 3));
}

AccountStatus accounts_create(Accounts *a, const char *name, const char *hash, Account *out)
{
    char err[128], key[ACCOUNT_NAME_SIZE], now[32];
    if (!accounts_name_valid(name, err, sizeof err))
        return ACCOUNT_BAD_NAME;
    name_key(name, key);
    now_iso(now);
    pthread_mutex_lock(a->lock);
    AccountStatus status = ACCOUNT_FAILED;
    DbStmt *st = db_prepare(a->db, "INSERT INTO accounts (name, name_key, password, created)"
                                   " VALUES (?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING"
                                   " RETURNING id");
    if (st) {
        db_bind_text(st, 1, name);
        db_bind_text(st, 2, key);
        db_bind_text(st, 3, hash);
        db_bind_text(st, 4, now);
        DbStep step = db_step(st);
        if (step == DB_ROW) {
            memset(out, 0, sizeof *out);
            out->id = (long)db_column_int(st, 0);
            snprintf(out->name, sizeof out->name, "%s", name);
            snprintf(out->created, sizeof out->created, "%s", now);
            status = ACCOUNT_OK;
        } else if (step == DB_DONE) {
            status = ACCOUNT_TAKEN;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return status;
}

AccountStatus accounts_find(Accounts *a, const char *name, Account *out,
                            char hash[ACCOUNT_HASH_TEXT])
{
    char key[ACCOUNT_NAME_SIZE];
    if (strlen(name) > ACCOUNT_NAME_MAX)
        return ACCOUNT_MISSING;
    name_key(name, key);
    pthread_mutex_lock(a->lock);
    AccountStatus status = ACCOUNT_FAILED;
    DbStmt *st = db_prepare(a->db, "SELECT id, name, roles, created, password FROM accounts"
                                   " WHERE name_key = ?");
    if (st) {
        db_bind_text(st, 1, key);
        DbStep step = db_step(st);
        if (step == DB_ROW) {
            read_account(st, out);
            if (hash)
                snprintf(hash, ACCOUNT_HASH_TEXT, "%.127s", db_column_text(st, 4));
            status = ACCOUNT_OK;
        } else if (step == DB_DONE) {
            status = ACCOUNT_MISSING;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return status;
}

AccountStatus accounts_get(Accounts *a, long id, Account *out)
{
    pthread_mutex_lock(a->lock);
    AccountStatus status = ACCOUNT_FAILED;
    DbStmt *st = db_prepare(a->db, "SELECT id, name, roles, created FROM accounts WHERE id = ?");
    if (st) {
        db_bind_int(st, 1, id);
        DbStep step = db_step(st);
        if (step == DB_ROW) {
            read_account(st, out);
            status = ACCOUNT_OK;
        } else if (step == DB_DONE) {
            status = ACCOUNT_MISSING;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return status;
}

bool accounts_has_role(const Account *account, const char *role)
{
    size_t n = strlen(role);
    for (const char *p = account->roles; (p = strstr(p, role)) != NULL; p += n)
        if ((p == account->roles || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
            return true;
    return false;
}

AccountStatus accounts_set_role(Accounts *a, const char *name, const char *role, bool on)
{
    Account acc;
    AccountStatus status = accounts_find(a, name, &acc, NULL);
    if (status != ACCOUNT_OK)
        return status;
    char roles[ACCOUNT_ROLES_SIZE] = "";
    char copy[ACCOUNT_ROLES_SIZE];
    snprintf(copy, sizeof copy, "%s", acc.roles);
    for (char *save = NULL, *w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save))
        if (strcmp(w, role) != 0 && strlen(roles) + strlen(w) + 2 < sizeof roles)
            strcat(strcat(roles, *roles ? " " : ""), w);
    if (on && strlen(roles) + strlen(role) + 2 < sizeof roles)
        strcat(strcat(roles, *roles ? " " : ""), role);
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "UPDATE accounts SET roles = ? WHERE id = ?");
    bool ok = st != NULL;
    if (st) {
        db_bind_text(st, 1, roles);
        db_bind_int(st, 2, acc.id);
        ok = db_step(st) == DB_DONE;
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return ok ? ACCOUNT_OK : ACCOUNT_FAILED;
}

/* One statement with bound values run to its end under the lock: its changes, -1 on error. */
static long long run(DbStmt *st)
{
    if (!st)
        return -1;
    long long n = db_step(st) == DB_ERROR ? -1 : db_statement_changes(st);
    db_finalize(st);
    return n;
}

AccountStatus accounts_set_password(Accounts *a, long id, const char *hash,
                                    const unsigned char keep[STORE_HASH_SIZE])
{
    pthread_mutex_lock(a->lock);
    bool ok = db_begin(a->db);
    DbStmt *st = ok ? db_prepare(a->db, "UPDATE accounts SET password = ? WHERE id = ?") : NULL;
    if (st) {
        db_bind_text(st, 1, hash);
        db_bind_int(st, 2, id);
    }
    long long changed = ok ? run(st) : -1;
    ok = changed >= 0;
    st = ok ? db_prepare(a->db, keep ? "DELETE FROM account_sessions WHERE account = ? AND token <> ?"
                                     : "DELETE FROM account_sessions WHERE account = ?")
            : NULL;
    if (st) {
        db_bind_int(st, 1, id);
        if (keep)
            db_bind_blob(st, 2, keep, STORE_HASH_SIZE);
    }
    ok = ok && run(st) >= 0;
    if (ok)
        ok = db_commit(a->db);
    else
        db_rollback(a->db);
    pthread_mutex_unlock(a->lock);
    return !ok ? ACCOUNT_FAILED : changed == 0 ? ACCOUNT_MISSING : ACCOUNT_OK;
}

bool accounts_session_new(Accounts *a, long account, const unsigned char hash[STORE_HASH_SIZE],
                          long seconds)
{
    long long now = (long long)time(NULL);
    pthread_mutex_lock(a->lock);
    /* the ended sessions go as new ones come */
    DbStmt *st = db_prepare(a->db, "DELETE FROM account_sessions WHERE expires < ?");
    if (st)
        db_bind_int(st, 1, now);
    run(st);
    st = db_prepare(a->db, "INSERT INTO account_sessions (token, account, expires)"
                           " VALUES (?, ?, ?)");
    if (st) {
        db_bind_blob(st, 1, hash, STORE_HASH_SIZE);
        db_bind_int(st, 2, account);
        db_bind_int(st, 3, now + seconds);
    }
    bool ok = run(st) == 1;
    pthread_mutex_unlock(a->lock);
    return ok;
}

bool accounts_session_find(Accounts *a, const unsigned char hash[STORE_HASH_SIZE], Account *out)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "SELECT a.id, a.name, a.roles, a.created FROM"
                                   " account_sessions s JOIN accounts a ON a.id = s.account"
                                   " WHERE s.token = ? AND s.expires >= ?");
    bool found = false;
    if (st) {
        db_bind_blob(st, 1, hash, STORE_HASH_SIZE);
        db_bind_int(st, 2, (long long)time(NULL));
        if (db_step(st) == DB_ROW) {
            read_account(st, out);
            found = true;
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return found;
}

void accounts_session_end(Accounts *a, const unsigned char hash[STORE_HASH_SIZE])
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "DELETE FROM account_sessions WHERE token = ?");
    if (st)
        db_bind_blob(st, 1, hash, STORE_HASH_SIZE);
    run(st);
    pthread_mutex_unlock(a->lock);
}

int accounts_signups_recent(Accounts *a, const char *address, long seconds)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "SELECT COUNT(*) FROM signups WHERE address = ? AND time >= ?");
    int n = 0;
    if (st) {
        db_bind_text(st, 1, address);
        db_bind_int(st, 2, (long long)time(NULL) - seconds);
        if (db_step(st) == DB_ROW)
            n = (int)db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return n;
}

void accounts_signup_count(Accounts *a, const char *address)
{
    long long now = (long long)time(NULL);
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "DELETE FROM signups WHERE time < ?");
    if (st)
        db_bind_int(st, 1, now - 24 * 3600);
    run(st);
    st = db_prepare(a->db, "INSERT INTO signups (address, time) VALUES (?, ?)");
    if (st) {
        db_bind_text(st, 1, address);
        db_bind_int(st, 2, now);
    }
    run(st);
    pthread_mutex_unlock(a->lock);
}

long accounts_game_player(Accounts *a, long game, int player)
{
    pthread_mutex_lock(a->lock);
    long account = accounts_cache_get(&a->cache, game, player);
    DbStmt *st = account ? NULL
                         : db_prepare(a->db, "SELECT account FROM game_accounts WHERE game = ?"
                                             " AND player = ?");
    if (st) {
        db_bind_int(st, 1, game);
        db_bind_int(st, 2, player);
        if (db_step(st) == DB_ROW)
            account = (long)db_column_int(st, 0);
        db_finalize(st);
        accounts_cache_put(&a->cache, game, player, account);
    }
    pthread_mutex_unlock(a->lock);
    return account;
}

bool accounts_game_seat(Accounts *a, long game, int player, long account)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "INSERT INTO game_accounts (game, player, account)"
                                   " VALUES (?, ?, ?) ON CONFLICT (game, player) DO UPDATE"
                                   " SET account = excluded.account");
    if (st) {
        db_bind_int(st, 1, game);
        db_bind_int(st, 2, player);
        db_bind_int(st, 3, account);
    }
    bool ok = run(st) >= 0;
    accounts_cache_put(&a->cache, game, player, ok ? account : 0);
    pthread_mutex_unlock(a->lock);
    return ok;
}

bool accounts_game_rated(Accounts *a, long game, ShSpeed speed)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "INSERT INTO rated_games (game, speed) VALUES (?, ?)"
                                   " ON CONFLICT (game) DO NOTHING");
    if (st) {
        db_bind_int(st, 1, game);
        db_bind_text(st, 2, sh_speed_name(speed));
    }
    bool ok = run(st) >= 0;
    pthread_mutex_unlock(a->lock);
    return ok;
}

static bool speed_of(const char *text, ShSpeed *out)
{
    ShError err;
    return sh_speed_find(text, out, &err) == SH_OK;
}

bool accounts_game_is_rated(Accounts *a, long game, ShSpeed *speed)
{
    pthread_mutex_lock(a->lock);
    long known = accounts_cache_get(&a->cache, game, ACCOUNTS_CACHE_RATED);
    bool rated = known > 0;
    if (rated)
        *speed = (ShSpeed)(known - 1);
    DbStmt *st = rated ? NULL : db_prepare(a->db, "SELECT speed FROM rated_games WHERE game = ?");
    if (st) {
        db_bind_int(st, 1, game);
        if (db_step(st) == DB_ROW)
            rated = speed_of(db_column_text(st, 0), speed);
        db_finalize(st);
        if (rated)
            accounts_cache_put(&a->cache, game, ACCOUNTS_CACHE_RATED, (long)*speed + 1);
    }
    pthread_mutex_unlock(a->lock);
    return rated;
}

int accounts_games(Accounts *a, long account, long *ids, int max)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "SELECT DISTINCT game FROM game_accounts WHERE account = ?"
                                   " ORDER BY game DESC LIMIT ?");
    int n = 0;
    if (st) {
        db_bind_int(st, 1, account);
        db_bind_int(st, 2, max);
        while (n < max && db_step(st) == DB_ROW)
            ids[n++] = (long)db_column_int(st, 0);
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return n;
}

/* The rating of an account (a new player's when it has none). */
static bool load_rating(Accounts *a, long account, const char *kind, const char *speed,
                        ShRating *out, int *games, double *days)
{
    DbStmt *st = db_prepare(a->db, "SELECT rating, deviation, volatility, games, played FROM"
                                   " ratings"
                                   " WHERE account = ? AND kind = ? AND speed = ?");
    if (!st)
        return false;
    db_bind_int(st, 1, account);
    db_bind_text(st, 2, kind);
    db_bind_text(st, 3, speed);
    DbStep step = db_step(st);
    sh_rating_init(out);
    *games = 0;
    *days = 0;
    if (step == DB_ROW) {
        out->rating = db_column_double(st, 0);
        out->rd = db_column_double(st, 1);
        out->volatility = db_column_double(st, 2);
        *games = (int)db_column_int(st, 3);
        double since = (double)((long long)time(NULL) - db_column_int(st, 4)) / 86400.0;
        *days = since < 0 ? 0 : since > SH_RATING_MAX_DAYS ? SH_RATING_MAX_DAYS : since;
    }
    db_finalize(st);
    return step != DB_ERROR;
}

static bool save_rating(Accounts *a, long account, const char *kind, const char *speed,
                        const ShRating *r, int games, long game, const char *now)
{
    DbStmt *st = db_prepare(a->db, "INSERT INTO ratings (account, kind, speed, rating, deviation,"
                                   " volatility, games, updated, played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                                   " ON CONFLICT (account, kind, speed) DO UPDATE SET"
                                   " rating = excluded.rating, deviation = excluded.deviation,"
                                   " volatility = excluded.volatility, games = excluded.games,"
                                   " updated = excluded.updated, played = excluded.played");
    if (st) {
        db_bind_int(st, 1, account);
        db_bind_text(st, 2, kind);
        db_bind_text(st, 3, speed);
        db_bind_double(st, 4, r->rating);
        db_bind_double(st, 5, r->rd);
        db_bind_double(st, 6, r->volatility);
        db_bind_int(st, 7, games);
        db_bind_text(st, 8, now);
        db_bind_int(st, 9, (long long)time(NULL));
    }
    if (run(st) != 1)
        return false;
    st = db_prepare(a->db, "INSERT INTO rating_history (account, kind, speed, game, time, rating,"
                           " deviation) VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (st) {
        db_bind_int(st, 1, account);
        db_bind_text(st, 2, kind);
        db_bind_text(st, 3, speed);
        db_bind_int(st, 4, game);
        db_bind_text(st, 5, now);
        db_bind_double(st, 6, r->rating);
        db_bind_double(st, 7, r->rd);
    }
    return run(st) == 1;
}

bool accounts_rate_game(Accounts *a, long game, const char *kind, const char *result,
                        ShRating after[2])
{
    double score = strcmp(result, "1-0") == 0   ? 1.0
                   : strcmp(result, "0-1") == 0 ? 0.0
                   : strcmp(result, "1/2-1/2") == 0 ? 0.5
                                                    : -1;
    if (score < 0)
        return false;
    long acc[2] = {accounts_game_player(a, game, 0), accounts_game_player(a, game, 1)};
    ShSpeed speed;
    if (!acc[0] || !acc[1] || acc[0] == acc[1] || !accounts_game_is_rated(a, game, &speed))
        return false;
    const char *speed_name = sh_speed_name(speed);
    char now[32];
    now_iso(now);
    pthread_mutex_lock(a->lock);
    bool ok = db_begin(a->db);
    /* the game is marked applied first: a second process finds it so and does nothing */
    DbStmt *st = ok ? db_prepare(a->db, "UPDATE rated_games SET applied = 1 WHERE game = ? AND"
                                        " applied = 0")
                    : NULL;
    if (st)
        db_bind_int(st, 1, game);
    ok = ok && run(st) == 1;
    ShRating before[2], next[2];
    int games[2];
    double days[2];
    for (int p = 0; ok && p < 2; p++)
        ok = load_rating(a, acc[p], kind, speed_name, &before[p], &games[p], &days[p]);
    for (int p = 0; ok && p < 2; p++) {
        ShError err;
        ShRatingGame g = {.opponent_rating = before[1 - p].rating,
                          .opponent_rd = before[1 - p].rd,
                          .score = p == 0 ? score : 1.0 - score};
        ok = sh_rating_game(&a->system, &before[p], &g, days[p], &next[p], &err) == SH_OK &&
             save_rating(a, acc[p], kind, speed_name, &next[p], games[p] + 1, game, now);
    }
    if (ok)
        ok = db_commit(a->db);
    else
        db_rollback(a->db);
    pthread_mutex_unlock(a->lock);
    if (ok && after) {
        after[0] = next[0];
        after[1] = next[1];
    }
    return ok;
}

int accounts_ratings(Accounts *a, long account, AccountRating *out, int max)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "SELECT kind, speed, rating, deviation, volatility, games,"
                                   " updated FROM ratings WHERE account = ? ORDER BY kind, speed");
    int n = 0;
    if (st) {
        db_bind_int(st, 1, account);
        while (n < max && db_step(st) == DB_ROW) {
            AccountRating *r = &out[n++];
            memset(r, 0, sizeof *r);
            snprintf(r->kind, sizeof r->kind, "%.31s", db_column_text(st, 0));
            snprintf(r->speed, sizeof r->speed, "%.15s", db_column_text(st, 1));
            r->rating.rating = db_column_double(st, 2);
            r->rating.rd = db_column_double(st, 3);
            r->rating.volatility = db_column_double(st, 4);
            r->games = (int)db_column_int(st, 5);
            snprintf(r->updated, sizeof r->updated, "%.31s", db_column_text(st, 6));
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return n;
}

int accounts_history(Accounts *a, long account, const char *kind, ShSpeed speed,
                     AccountRatingPoint *out, int max)
{
    pthread_mutex_lock(a->lock);
    DbStmt *st = db_prepare(a->db, "SELECT game, time, rating, deviation FROM rating_history"
                                   " WHERE account = ? AND kind = ? AND speed = ? ORDER BY game");
    int n = 0;
    if (st) {
        db_bind_int(st, 1, account);
        db_bind_text(st, 2, kind);
        db_bind_text(st, 3, sh_speed_name(speed));
        while (n < max && db_step(st) == DB_ROW) {
            AccountRatingPoint *p = &out[n++];
            p->game = (long)db_column_int(st, 0);
            snprintf(p->time, sizeof p->time, "%.31s", db_column_text(st, 1));
            p->rating = db_column_double(st, 2);
            p->deviation = db_column_double(st, 3);
        }
        db_finalize(st);
    }
    pthread_mutex_unlock(a->lock);
    return n;
}
