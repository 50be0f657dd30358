/*
 * auth.h - the secrets of the web app: the arbiter's password, the arbiter's sessions, the
 * players' seat tokens and join codes, and the slowing down of guesses.
 *
 * Sessions are kept in the store (by their token's hash) so that any process of a site knows
 * them; with a database several processes share, the password is read again when checked.
 * Everything here is libsodium's: the password is kept only as crypto_pwhash_str's salted
 * Argon2id hash (in the store's settings), tokens and codes come from randombytes, a token is
 * kept as its BLAKE2b hash (crypto_generichash) and compared with sodium_memcmp, so that
 * neither the store nor the time an answer takes gives a token away.
 *
 * Guesses (a password, a join code) are paced per address, and a password's also per account
 * (the arbiter's: "arbiter"): after n wrong guesses in a row from one address or at one
 * account, the next guess waits AUTH_GUESS_DELAY_MS * 2^(n-1) (at most AUTH_GUESS_DELAY_MAX_MS:
 * the lockout), and the wrong answer itself is held back as long. A right guess clears the
 * count. The counts live in the database (store.h "The pacing of guesses"), so every process
 * of a site charges alike. Password checks also run one at a time (each takes tens of
 * megabytes).
 */
#ifndef SHASHKI_AUTH_H
#define SHASHKI_AUTH_H

#include <stdbool.h>
#include <stddef.h>

#include "store.h"

#define AUTH_TOKEN_BYTES 32
#define AUTH_TOKEN_TEXT (2 * AUTH_TOKEN_BYTES + 1) /* hex, with the NUL */
#define AUTH_CODE_LENGTH 6                          /* join codes: 6 of 32 symbols, 30 bits */
#define AUTH_MIN_PASSWORD 6
#define AUTH_MAX_PASSWORD 256
#define AUTH_SESSION_SECONDS (12 * 3600)
#define AUTH_GUESS_DELAY_MS 250
#define AUTH_GUESS_DELAY_MAX_MS 8000

typedef struct Auth Auth;

/* Start libsodium and read the password's hash from the store; NULL with a message if the
 * library cannot start. */
Auth *auth_open(Store *store, char *err, size_t errsize);
void auth_close(Auth *auth);

/* The short name of this games file (random, kept in the store), for cookie names. */
const char *auth_site_id(const Auth *auth);

bool auth_has_password(Auth *auth);
/* Hash and keep a new password (every session ends); false with a message if it is too
 * short or too long, or cannot be saved. */
bool auth_set_password(Auth *auth, const char *password, char *err, size_t errsize);
/* Check a password from the address `peer`, paced as said above. */
bool auth_check_password(Auth *auth, const char *peer, const char *password);

/* An account's password (accounts.h): hashed as the arbiter's (crypto_pwhash_str, one hash at
 * a time), false with a message when too short or too long; checked against its hash from the
 * address `peer` for the account's name, paced as guesses are (a missing account checks a
 * dummy hash: the answer takes as long and says as little). */
bool auth_hash_password(Auth *auth, const char *password, char *hash, size_t hash_size,
                        char *err, size_t errsize);
bool auth_verify_password(Auth *auth, const char *peer, const char *account, const char *hash,
                          const char *password);

/* Arbiter sessions: a new one (its token in `token`), whether a token is a live session, an
 * end to one. */
bool auth_session_new(Auth *auth, char token[AUTH_TOKEN_TEXT]);
bool auth_session_valid(Auth *auth, const char *token);
void auth_session_end(Auth *auth, const char *token);

/* A new secret token (hex) and its hash; whether a token has this hash (constant time). */
void auth_token_new(char token[AUTH_TOKEN_TEXT], unsigned char hash[STORE_HASH_SIZE]);
bool auth_token_matches(const char *token, const unsigned char hash[STORE_HASH_SIZE]);
/* A token's hash (false when the text is not a token: 64 lowercase hex digits). */
bool auth_token_hash(const char *token, unsigned char hash[STORE_HASH_SIZE]);
/* The name a token is kept under (its hash, in hex): the puzzles' player, whose token is its
 * browser's cookie; false when the text is not a token (64 lowercase hex digits). */
bool auth_token_name(const char *token, char name[AUTH_TOKEN_TEXT]);

/* A new join code; a code as typed ("k7qx-9m") in its canonical form ("K7QX9M"), false if it
 * cannot be one; whether two canonical codes are equal (constant time). */
void auth_code_new(char code[STORE_CODE_SIZE]);
bool auth_code_normalize(const char *typed, char code[STORE_CODE_SIZE]);
bool auth_code_equal(const char *a, const char *b);

/* Pacing of other guesses (join codes): wait for this address's turn, then report the guess. */
void auth_guess_begin(Auth *auth, const char *peer);
void auth_guess_end(Auth *auth, const char *peer, bool right);

#endif
