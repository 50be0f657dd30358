/* test_load_accounts.c - the load test's accounts and their lobby games (see
 * test_load_accounts.h). */
#include "test_load_accounts.h"

#include <stdio.h>
#include <string.h>

#include "accounts.h"
#include "auth.h"
#include "web_accounts.h"

#define LOAD_PASSWORD "load-test-password"

/* The name of the session cookie a device holds ("shashki_SITE_account"), or false. */
static bool session_cookie_name(CURL *h, char *name, size_t size)
{
    struct curl_slist *cookies = NULL;
    bool found = false;
    if (curl_easy_getinfo(h, CURLINFO_COOKIELIST, &cookies) != CURLE_OK)
        return false;
    for (struct curl_slist *c = cookies; c && !found; c = c->next) {
        /* Netscape's format: domain, subdomains, path, secure, expiry, name, value */
        const char *field = c->data;
        for (int i = 0; i < 5 && field; i++) {
            field = strchr(field, '\t');
            field = field ? field + 1 : NULL;
        }
        const char *end = field ? strchr(field, '\t') : NULL;
        size_t n = end ? (size_t)(end - field) : 0;
        if (n > 8 && n < size && strncmp(end - 8, "_account", 8) == 0) {
            memcpy(name, field, n);
            name[n] = '\0';
            found = true;
        }
    }
    curl_slist_free_all(cookies);
    return found;
}

bool load_accounts_make(const char *db, int port, CURL **devices, int n, char *err, size_t size)
{
    char body[160], name[32], cookie[64] = "", hash[ACCOUNT_HASH_TEXT] = "";
    int api = n < LOAD_SIGNUPS ? n : LOAD_SIGNUPS;
    for (int i = 0; i < api; i++) {
        snprintf(name, sizeof name, "load%04d", i);
        snprintf(body, sizeof body, "{\"name\": \"%s\", \"password\": \"%s\"}", name, LOAD_PASSWORD);
        long st = load_request(devices[i], port, "/api/accounts", body, NULL);
        if (st != 201) {
            snprintf(err, size, "POST /api/accounts for %s: %ld", name, st);
            return false;
        }
    }
    if (api > 0) { /* a login works as the sign-up's session does */
        snprintf(body, sizeof body, "{\"name\": \"load0000\", \"password\": \"%s\"}", LOAD_PASSWORD);
        long st = load_request(devices[0], port, "/api/account/session", body, NULL);
        if (st != 200 || !session_cookie_name(devices[0], cookie, sizeof cookie)) {
            snprintf(err, size, "POST /api/account/session for load0000: %ld", st);
            return false;
        }
    }
    if (api == n)
        return true;
    Accounts *a = accounts_open(db, err, size);
    if (!a)
        return false;
    Account first;
    bool ok = accounts_find(a, "load0000", &first, hash) == ACCOUNT_OK;
    if (!ok)
        snprintf(err, size, "load0000 cannot be read: %s", accounts_error(a));
    for (int i = api; i < n && ok; i++) {
        Account made;
        char token[AUTH_TOKEN_TEXT], line[256];
        unsigned char token_hash[STORE_HASH_SIZE];
        snprintf(name, sizeof name, "load%04d", i);
        auth_token_new(token, token_hash);
        ok = accounts_create(a, name, hash, &made) == ACCOUNT_OK &&
             accounts_session_new(a, made.id, token_hash, WEB_ACCOUNT_SESSION_SECONDS);
        if (!ok) {
            snprintf(err, size, "account %s: %s", name, accounts_error(a));
            break;
        }
        /* the cookie as the server sets it, in the device's jar (Netscape's format) */
        snprintf(line, sizeof line, "127.0.0.1\tFALSE\t/\tFALSE\t0\t%s\t%s", cookie, token);
        ok = curl_easy_setopt(devices[i], CURLOPT_COOKIELIST, line) == CURLE_OK;
        if (!ok)
            snprintf(err, size, "the cookie of %s cannot be set", name);
    }
    accounts_close(a);
    return ok;
}

long load_accounts_game(int port, CURL *white, CURL *black, const char *variant, char *err,
                        size_t size)
{
    char body[160], path[64];
    snprintf(body, sizeof body,
             "{\"variant\": \"%s\", \"time\": \"30m\", \"rated\": true, \"color\": \"white\"}",
             variant);
    json_t *j = NULL;
    long st = load_request(white, port, "/api/challenges", body, &j);
    long challenge = (long)json_integer_value(json_object_get(j, "id"));
    json_decref(j);
    if (st != 201 || challenge <= 0) {
        snprintf(err, size, "POST /api/challenges: %ld", st);
        return 0;
    }
    snprintf(path, sizeof path, "/api/challenges/%ld/accept", challenge);
    st = load_request(black, port, path, "{}", &j);
    long game = (long)json_integer_value(json_object_get(j, "id"));
    json_decref(j);
    if (st != 201 || game <= 0) {
        snprintf(err, size, "POST %s: %ld", path, st);
        return 0;
    }
    return game;
}
