/*
 * accounts.h - the players' accounts of a site, their sessions, roles and ratings, kept in the
 * same database as the games (SQLite or PostgreSQL, db.h), so that any process of a site
 * answers any request.
 *
 * An account is a name (2 to 20 of A-Z a-z 0-9 _ -, starting with a letter, unique whatever
 * the case: "Anna" and "anna" are one account, as on lichess) and the salted Argon2id hash of
 * its password (the server hashes; this module keeps the text crypto_pwhash_str wrote). Roles
 * are words in a space-separated list ("arbiter"). A session is the hash of a secret token the
 * browser holds as a cookie, with its end; the token itself is never stored.
 *
 * A game between accounts has a row per seat taken by an account (game_accounts) and, when it
 * was created rated, a row in rated_games with its speed (shashki_rating.h). When a rated game
 * ends, accounts_rate_game applies Glicko-2 to both players' ratings for the game's kind and
 * speed and appends each new rating to their history, in one transaction that also marks the
 * game applied: a game is rated once, whichever process sees its end first.
 *
 * Sign-ups are counted per address (the table signups) so that the limit holds across
 * processes. Every function takes the module's mutex: one connection, one thread at a time.
 */
#ifndef SHASHKI_ACCOUNTS_H
#define SHASHKI_ACCOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki_rating.h"
#include "store.h"

#define ACCOUNT_NAME_MIN 2
#define ACCOUNT_NAME_MAX 20
#define ACCOUNT_NAME_SIZE (ACCOUNT_NAME_MAX + 1)
#define ACCOUNT_HASH_TEXT 128 /* crypto_pwhash_STRBYTES */
#define ACCOUNT_ROLES_SIZE 64
#define ACCOUNT_MAX_RATINGS 64

typedef struct Accounts Accounts;

typedef struct Account {
    long id;
    char name[ACCOUNT_NAME_SIZE];        /* as the player wrote it at sign-up */
    char roles[ACCOUNT_ROLES_SIZE];      /* "" or words: "arbiter" */
    char created[32];                    /* ISO 8601, UTC */
} Account;

/* A rating of an account in one game at one speed. */
typedef struct AccountRating {
    char kind[32];   /* the game (ShKind.name) */
    char speed[16];  /* sh_speed_name */
    ShRating rating;
    int games;
    char updated[32];
} AccountRating;

/* A point of a rating's history: after a game. */
typedef struct AccountRatingPoint {
    long game;
    char time[32];
    double rating, deviation;
} AccountRatingPoint;

typedef enum AccountStatus {
    ACCOUNT_OK = 0,
    ACCOUNT_BAD_NAME,   /* not a name by the rule above */
    ACCOUNT_TAKEN,      /* the name (in any case) has an account */
    ACCOUNT_MISSING,    /* no such account */
    ACCOUNT_FAILED      /* the database failed: accounts_error says */
} AccountStatus;

/* Open the accounts' tables in the site's database (created when missing), after the games'
 * store has made its tables (store_open): the accounts' rows name games. */
Accounts *accounts_open(const char *db, char *err, size_t size);
void accounts_close(Accounts *a);
const char *accounts_error(Accounts *a);

/* The rating system's constants the accounts are rated by. */
const ShRatingSystem *accounts_rating_system(const Accounts *a);
/* Whether a name is an account's name by the rule above; why not in err. */
bool accounts_name_valid(const char *name, char *err, size_t size);
/* A new account with the password's hash (its id, created set in *out). */
AccountStatus accounts_create(Accounts *a, const char *name, const char *hash, Account *out);
/* The account of a name (any case), with its password's hash when hash is not NULL. */
AccountStatus accounts_find(Accounts *a, const char *name, Account *out,
                            char hash[ACCOUNT_HASH_TEXT]);
AccountStatus accounts_get(Accounts *a, long id, Account *out);
/* Give (on) or take a role. */
/* A new password's hash for an account; every session of it ends but the one whose hash is
 * `keep` (NULL: all). */
AccountStatus accounts_set_password(Accounts *a, long id, const char *hash,
                                    const unsigned char keep[STORE_HASH_SIZE]);
AccountStatus accounts_set_role(Accounts *a, const char *name, const char *role, bool on);
/* Whether a roles' list holds a role. */
bool accounts_has_role(const Account *account, const char *role);

/* Sessions, by the hash of their token: a new one lasting `seconds`, the account of a live
 * one, an end to one, and to every session of an account. */
bool accounts_session_new(Accounts *a, long account, const unsigned char hash[STORE_HASH_SIZE],
                          long seconds);
bool accounts_session_find(Accounts *a, const unsigned char hash[STORE_HASH_SIZE],
                           Account *out);
void accounts_session_end(Accounts *a, const unsigned char hash[STORE_HASH_SIZE]);

/* Sign-ups from an address within the last `seconds`; a sign-up counted. */
int accounts_signups_recent(Accounts *a, const char *address, long seconds);
void accounts_signup_count(Accounts *a, const char *address);

/* The account seated as a game's player (0: none), and its setting. */
long accounts_game_player(Accounts *a, long game, int player);
bool accounts_game_seat(Accounts *a, long game, int player, long account);
/* A game created rated at a speed; whether a game is rated (its speed in speed). */
bool accounts_game_rated(Accounts *a, long game, ShSpeed speed);
bool accounts_game_is_rated(Accounts *a, long game, ShSpeed *speed);
/* The games an account played, newest first: their ids, at most max; the count. */
int accounts_games(Accounts *a, long account, long *ids, int max);

/* Apply a rated game's result ("1-0", "0-1", "1/2-1/2") between the accounts of players 0
 * and 1 in the game `kind`, once: true when this call applied it (the new ratings in after,
 * when not NULL), false when the game is not rated, has no two accounts, was applied already
 * or the database failed. */
bool accounts_rate_game(Accounts *a, long game, const char *kind, const char *result,
                        ShRating after[2]);
/* An account's ratings (every game and speed it has played rated), at most max; the count. */
int accounts_ratings(Accounts *a, long account, AccountRating *out, int max);
/* The history of one rating, oldest first, at most max; the count. */
int accounts_history(Accounts *a, long account, const char *kind, ShSpeed speed,
                     AccountRatingPoint *out, int max);

#endif
