/* auth.c - passwords, sessions, tokens, codes and the pacing of guesses (see auth.h). */
#include "auth.h"

#include <pthread.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PASSWORD_KEY "arbiter_password"
#define SITE_KEY "site_id"

/* A code's symbols: digits and capitals without 0, 1, I and O, which are misread. */
static const char CODE_SYMBOLS[] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

struct Auth {
    Store *store;
    pthread_mutex_t lock;
    pthread_mutex_t hashing; /* one password check at a time */
    char hash[crypto_pwhash_STRBYTES];
    bool has_password;
    char site[16];
};

/* The wall clock: the pacing's times are compared across processes (store.h). */
static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_ms(int64_t ms)
{
    if (ms <= 0)
        return;
    struct timespec t = {.tv_sec = (time_t)(ms / 1000), .tv_nsec = (long)(ms % 1000) * 1000000};
    while (nanosleep(&t, &t) != 0) {
    }
}

Auth *auth_open(Store *store, char *err, size_t errsize)
{
    if (sodium_init() < 0) {
        snprintf(err, errsize, "libsodium cannot start");
        return NULL;
    }
    Auth *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    a->store = store;
    pthread_mutex_init(&a->lock, NULL);
    pthread_mutex_init(&a->hashing, NULL);
    a->has_password = store_setting_get(store, PASSWORD_KEY, a->hash, sizeof a->hash) && a->hash[0];
    if (!store_setting_get(store, SITE_KEY, a->site, sizeof a->site) || !a->site[0]) {
        for (int i = 0; i < 6; i++)
            a->site[i] = (char)('a' + randombytes_uniform(26));
        a->site[6] = '\0';
        store_setting_set(store, SITE_KEY, a->site);
    }
    return a;
}

void auth_close(Auth *a)
{
    if (!a)
        return;
    pthread_mutex_destroy(&a->lock);
    pthread_mutex_destroy(&a->hashing);
    sodium_memzero(a, sizeof *a);
    free(a);
}

const char *auth_site_id(const Auth *a)
{
    return a->site;
}

/* Several processes share the database: the password one of them set is read again. */
static void refresh(Auth *a)
{
    if (!store_shared(a->store))
        return;
    char hash[crypto_pwhash_STRBYTES];
    bool has = store_setting_get(a->store, PASSWORD_KEY, hash, sizeof hash) && hash[0];
    pthread_mutex_lock(&a->lock);
    a->has_password = has;
    if (has)
        memcpy(a->hash, hash, sizeof hash);
    pthread_mutex_unlock(&a->lock);
}

bool auth_has_password(Auth *a)
{
    refresh(a);
    pthread_mutex_lock(&a->lock);
    bool has = a->has_password;
    pthread_mutex_unlock(&a->lock);
    return has;
}

bool auth_set_password(Auth *a, const char *password, char *err, size_t errsize)
{
    size_t n = strlen(password);
    if (n < AUTH_MIN_PASSWORD || n > AUTH_MAX_PASSWORD) {
        snprintf(err, errsize, "the arbiter's password must have %d to %d characters",
                 AUTH_MIN_PASSWORD, AUTH_MAX_PASSWORD);
        return false;
    }
    /* the same password again (serve --set-password at every start) is no new password: the
     * sessions go on */
    refresh(a);
    char old[crypto_pwhash_STRBYTES];
    pthread_mutex_lock(&a->lock);
    bool had = a->has_password;
    memcpy(old, a->hash, sizeof old);
    pthread_mutex_unlock(&a->lock);
    pthread_mutex_lock(&a->hashing);
    bool same = had && crypto_pwhash_str_verify(old, password, n) == 0;
    pthread_mutex_unlock(&a->hashing);
    if (same)
        return true;
    char hash[crypto_pwhash_STRBYTES];
    pthread_mutex_lock(&a->hashing);
    int rc = crypto_pwhash_str(hash, password, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                               crypto_pwhash_MEMLIMIT_INTERACTIVE);
    pthread_mutex_unlock(&a->hashing);
    if (rc != 0) {
        snprintf(err, errsize, "the password could not be hashed (out of memory)");
        return false;
    }
    if (!store_setting_set(a->store, PASSWORD_KEY, hash)) {
        snprintf(err, errsize, "the password could not be saved");
        return false;
    }
    pthread_mutex_lock(&a->lock);
    memcpy(a->hash, hash, sizeof hash);
    a->has_password = true;
    pthread_mutex_unlock(&a->lock);
    store_sessions_clear(a->store); /* a new password ends every session */
    return true;
}

/* ---- pacing ----
 * Kept in the database (store_guess_*), by key: "address A" for every guess, and "account NAME"
 * or "arbiter" for a password's, so that a guesser spread over addresses still waits on the
 * account, and one spread over processes on both. */

typedef struct GuessKeys {
    char key[2][160];
    int count;
} GuessKeys;

static void keys_of(GuessKeys *k, const char *peer, const char *account)
{
    k->count = 0;
    snprintf(k->key[k->count++], sizeof k->key[0], "address %s", peer);
    if (account) {
        int n = snprintf(k->key[k->count], sizeof k->key[0], "account %s", account);
        for (int i = 8; i < n && k->key[k->count][i]; i++)
            if (k->key[k->count][i] >= 'A' && k->key[k->count][i] <= 'Z')
                k->key[k->count][i] = (char)(k->key[k->count][i] - 'A' + 'a');
        k->count++;
    }
}

/* Wait for the turn of every key (the latest of their starts). */
static void keys_begin(Auth *a, const GuessKeys *k)
{
    int64_t now = now_ms(), start = now;
    for (int i = 0; i < k->count; i++) {
        long long at;
        if (!store_guess_begin(a->store, k->key[i], now, &at))
            at = now + AUTH_GUESS_DELAY_MS; /* the database did not answer: a delay anyway */
        if (at > start)
            start = at;
    }
    sleep_ms(start - now);
}

/* A right guess clears the keys; a wrong one lengthens their delays, and its answer is held
 * back as long as the longest. */
static void keys_end(Auth *a, const GuessKeys *k, bool right)
{
    int64_t now = now_ms(), wait = 0;
    for (int i = 0; i < k->count; i++) {
        long long delay = AUTH_GUESS_DELAY_MS;
        if (right)
            store_guess_right(a->store, k->key[i]);
        else if (!store_guess_wrong(a->store, k->key[i], now, AUTH_GUESS_DELAY_MS,
                                    AUTH_GUESS_DELAY_MAX_MS, &delay) || delay > wait)
            wait = delay;
    }
    sleep_ms(wait);
}

void auth_guess_begin(Auth *a, const char *address)
{
    GuessKeys k;
    keys_of(&k, address, NULL);
    keys_begin(a, &k);
}

void auth_guess_end(Auth *a, const char *address, bool right)
{
    GuessKeys k;
    keys_of(&k, address, NULL);
    keys_end(a, &k, right);
}

bool auth_check_password(Auth *a, const char *peer, const char *password)
{
    GuessKeys k;
    keys_of(&k, peer, NULL);
    snprintf(k.key[k.count++], sizeof k.key[0], "arbiter");
    keys_begin(a, &k);
    refresh(a);
    pthread_mutex_lock(&a->lock);
    char hash[crypto_pwhash_STRBYTES];
    bool has = a->has_password;
    memcpy(hash, a->hash, sizeof hash);
    pthread_mutex_unlock(&a->lock);
    bool right = false;
    size_t n = strlen(password);
    if (has && n <= AUTH_MAX_PASSWORD) {
        pthread_mutex_lock(&a->hashing);
        right = crypto_pwhash_str_verify(hash, password, n) == 0;
        pthread_mutex_unlock(&a->hashing);
    }
    keys_end(a, &k, right);
    return right;
}

/* ---- tokens and sessions ---- */

static void token_hash(const char *token, unsigned char hash[STORE_HASH_SIZE])
{
    crypto_generichash(hash, STORE_HASH_SIZE, (const unsigned char *)token, strlen(token), NULL, 0);
}

void auth_token_new(char token[AUTH_TOKEN_TEXT], unsigned char hash[STORE_HASH_SIZE])
{
    unsigned char raw[AUTH_TOKEN_BYTES];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(token, AUTH_TOKEN_TEXT, raw, sizeof raw);
    sodium_memzero(raw, sizeof raw);
    token_hash(token, hash);
}

bool auth_token_matches(const char *token, const unsigned char hash[STORE_HASH_SIZE])
{
    if (!token || strlen(token) != AUTH_TOKEN_TEXT - 1)
        return false;
    unsigned char mine[STORE_HASH_SIZE];
    token_hash(token, mine);
    return sodium_memcmp(mine, hash, STORE_HASH_SIZE) == 0;
}

bool auth_token_hash(const char *token, unsigned char hash[STORE_HASH_SIZE])
{
    if (!token || strlen(token) != AUTH_TOKEN_TEXT - 1 ||
        strspn(token, "0123456789abcdef") != AUTH_TOKEN_TEXT - 1)
        return false;
    token_hash(token, hash);
    return true;
}

bool auth_token_name(const char *token, char name[AUTH_TOKEN_TEXT])
{
    if (!token || strlen(token) != AUTH_TOKEN_TEXT - 1 ||
        strspn(token, "0123456789abcdef") != AUTH_TOKEN_TEXT - 1)
        return false;
    unsigned char hash[STORE_HASH_SIZE];
    token_hash(token, hash);
    sodium_bin2hex(name, AUTH_TOKEN_TEXT, hash, sizeof hash);
    return true;
}

bool auth_session_new(Auth *a, char token[AUTH_TOKEN_TEXT])
{
    unsigned char hash[STORE_HASH_SIZE];
    auth_token_new(token, hash);
    return store_session_add(a->store, hash, (long long)time(NULL) + AUTH_SESSION_SECONDS);
}

bool auth_session_valid(Auth *a, const char *token)
{
    if (!token || strlen(token) != AUTH_TOKEN_TEXT - 1)
        return false;
    unsigned char hash[STORE_HASH_SIZE];
    token_hash(token, hash);
    return store_session_live(a->store, hash, (long long)time(NULL));
}

void auth_session_end(Auth *a, const char *token)
{
    if (!token || strlen(token) != AUTH_TOKEN_TEXT - 1)
        return;
    unsigned char hash[STORE_HASH_SIZE];
    token_hash(token, hash);
    store_session_end(a->store, hash);
}

/* ---- join codes ---- */

void auth_code_new(char code[STORE_CODE_SIZE])
{
    for (int i = 0; i < AUTH_CODE_LENGTH; i++)
        code[i] = CODE_SYMBOLS[randombytes_uniform(sizeof CODE_SYMBOLS - 1)];
    code[AUTH_CODE_LENGTH] = '\0';
}

bool auth_code_normalize(const char *typed, char code[STORE_CODE_SIZE])
{
    int n = 0;
    for (const char *c = typed; *c; c++) {
        if (*c == ' ' || *c == '-' || *c == '\t')
            continue;
        char up = (*c >= 'a' && *c <= 'z') ? (char)(*c - 'a' + 'A') : *c;
        if (n == AUTH_CODE_LENGTH || !strchr(CODE_SYMBOLS, up) || up == '\0')
            return false;
        code[n++] = up;
    }
    code[n] = '\0';
    return n == AUTH_CODE_LENGTH;
}

bool auth_code_equal(const char *a, const char *b)
{
    return strlen(a) == AUTH_CODE_LENGTH && strlen(b) == AUTH_CODE_LENGTH &&
           sodium_memcmp(a, b, AUTH_CODE_LENGTH) == 0;
}

bool auth_hash_password(Auth *a, const char *password, char *hash, size_t hash_size, char *err,
                        size_t errsize)
{
    size_t n = strlen(password);
    if (n < AUTH_MIN_PASSWORD || n > AUTH_MAX_PASSWORD) {
        snprintf(err, errsize, "a password has %d to %d characters", AUTH_MIN_PASSWORD,
                 AUTH_MAX_PASSWORD);
        return false;
    }
    if (hash_size < crypto_pwhash_STRBYTES) {
        snprintf(err, errsize, "no room for the hash");
        return false;
    }
    pthread_mutex_lock(&a->hashing);
    int rc = crypto_pwhash_str(hash, password, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
                               crypto_pwhash_MEMLIMIT_INTERACTIVE);
    pthread_mutex_unlock(&a->hashing);
    if (rc != 0)
        snprintf(err, errsize, "the password could not be hashed (out of memory)");
    return rc == 0;
}

bool auth_verify_password(Auth *a, const char *peer, const char *account, const char *hash,
                          const char *password)
{
    GuessKeys k;
    keys_of(&k, peer, account);
    keys_begin(a, &k);
    static char dummy[crypto_pwhash_STRBYTES];
    pthread_mutex_lock(&a->hashing);
    if (!dummy[0] && crypto_pwhash_str(dummy, "no such account", 15,
                                       crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                       crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        dummy[0] = '\0';
    size_t n = strlen(password);
    bool right = false;
    if (n <= AUTH_MAX_PASSWORD) {
        /* without an account, its dummy is checked so that the answer takes as long */
        const char *against = hash && *hash ? hash : dummy[0] ? dummy : NULL;
        right = against && crypto_pwhash_str_verify(against, password, n) == 0 && against != dummy;
    }
    pthread_mutex_unlock(&a->hashing);
    keys_end(a, &k, right);
    return right;
}
