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
#define MAX_PEERS 256

/* A code's symbols: digits and capitals without 0, 1, I and O, which are misread. */
static const char CODE_SYMBOLS[] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

typedef struct Peer {
    char address[64];
    int failures;     /* wrong guesses in a row */
    int64_t next_ms;  /* the earliest time of its next guess */
    int64_t last_ms;
} Peer;

struct Auth {
    Store *store;
    pthread_mutex_t lock;
    pthread_mutex_t hashing; /* one password check at a time */
    char hash[crypto_pwhash_STRBYTES];
    bool has_password;
    char site[16];
    Peer peers[MAX_PEERS];
};

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
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

/* ---- pacing ---- */

static Peer *peer_find(Auth *a, const char *address)
{
    Peer *free_slot = NULL, *oldest = &a->peers[0];
    for (int i = 0; i < MAX_PEERS; i++) {
        Peer *p = &a->peers[i];
        if (p->address[0] && strcmp(p->address, address) == 0)
            return p;
        if (!p->address[0] && !free_slot)
            free_slot = p;
        if (p->last_ms < oldest->last_ms)
            oldest = p;
    }
    Peer *p = free_slot ? free_slot : oldest;
    memset(p, 0, sizeof *p);
    snprintf(p->address, sizeof p->address, "%s", address);
    return p;
}

static int64_t delay_ms(int failures)
{
    if (failures <= 0)
        return 0;
    int64_t d = AUTH_GUESS_DELAY_MS;
    for (int i = 1; i < failures && d < AUTH_GUESS_DELAY_MAX_MS; i++)
        d *= 2;
    return d < AUTH_GUESS_DELAY_MAX_MS ? d : AUTH_GUESS_DELAY_MAX_MS;
}

void auth_guess_begin(Auth *a, const char *address)
{
    pthread_mutex_lock(&a->lock);
    Peer *p = peer_find(a, address);
    int64_t now = now_ms();
    int64_t start = p->next_ms > now ? p->next_ms : now;
    /* guesses of one address in parallel queue up, each a delay after the one before */
    p->next_ms = start + delay_ms(p->failures);
    p->last_ms = now;
    pthread_mutex_unlock(&a->lock);
    sleep_ms(start - now);
}

void auth_guess_end(Auth *a, const char *address, bool right)
{
    pthread_mutex_lock(&a->lock);
    Peer *p = peer_find(a, address);
    int64_t wait = 0;
    if (right) {
        p->failures = 0;
        p->next_ms = 0;
    } else {
        p->failures++;
        wait = delay_ms(p->failures);
        int64_t next = now_ms() + wait;
        if (p->next_ms < next)
            p->next_ms = next;
    }
    p->last_ms = now_ms();
    pthread_mutex_unlock(&a->lock);
    sleep_ms(wait); /* a wrong answer is held back as long as the next guess must wait */
}

bool auth_check_password(Auth *a, const char *peer, const char *password)
{
    auth_guess_begin(a, peer);
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
    auth_guess_end(a, peer, right);
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

bool auth_verify_password(Auth *a, const char *peer, const char *hash, const char *password)
{
    auth_guess_begin(a, peer);
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
    auth_guess_end(a, peer, right);
    return right;
}
