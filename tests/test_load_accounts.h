/* test_load_accounts.h - the load test's accounts (SHASHKI_LOAD_ACCOUNTS=1): two accounts a
 * game, each a device with its session, and their games made in the lobby (one account's
 * challenge, the other's acceptance), as the site's players make them. */
#ifndef SHASHKI_TEST_LOAD_ACCOUNTS_H
#define SHASHKI_TEST_LOAD_ACCOUNTS_H

#include <curl/curl.h>
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* One request on a device's handle, waited for (test_load.c): the status, the JSON answer in
 * *out when out is not NULL. */
long load_request(CURL *h, int port, const char *path, const char *body, json_t **out);

/* Sign-ups through POST /api/accounts: the site allows five an hour from one address. */
#define LOAD_SIGNUPS 4

/* n accounts ("load0000", ...), devices[i] holding the session of the i-th: the first
 * LOAD_SIGNUPS signed up through the API (the first also logged in again), the rest made in
 * the database `db` by the store's own functions (accounts_create, accounts_session_new with
 * auth_token_new's token) with the first's password hash, their session cookies put in their
 * devices' cookie jars: a sign-up costs the server a password hash (~0.24 s of a core here),
 * 2,000 of them minutes. Whether every account was made; the reason in err. */
bool load_accounts_make(const char *db, int port, CURL **devices, int n, char *err, size_t size);

/* A game between devices[0] (White, its challenge) and devices[1] (accepting it): the game's
 * id, 0 with the reason in err. */
long load_accounts_game(int port, CURL *white, CURL *black, const char *variant, char *err,
                        size_t size);

#endif
