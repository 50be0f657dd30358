/*
 * web_accounts.h - the accounts' part of the web app (web_accounts.c: the resources; the seats
 * and ratings of games between accounts: web_rated.c).
 *
 * A request is an account's when it carries the cookie "shashki_<site>_account" of a live
 * session (rights_account). A seat taken by an account's request is that account's: the
 * player's name becomes the account's, and the game is listed on its profile. A game created
 * "rated" (POST /api/games with "rated": true) is between two accounts with a time control;
 * its seats are taken only by accounts, never twice by one; when it ends, both ratings for the
 * game and its speed move by Glicko-2 (accounts_rate_game: once, whichever process sees it).
 */
#ifndef SHASHKI_WEB_ACCOUNTS_H
#define SHASHKI_WEB_ACCOUNTS_H

#include "accounts.h"
#include "web_app.h"

#define WEB_ACCOUNT_SESSION_SECONDS (30L * 24 * 3600)
#define WEB_SIGNUPS_PER_HOUR 5
#define WEB_PROFILE_GAMES 50
#define WEB_PROFILE_HISTORY 500

json_t *web_account_json(const Account *a);

/* A seat just taken by this request (lock held): an account's request makes it the
 * account's (its name the player's); false with the refusal in res when the game is rated and
 * the request may not take it (no account, or the account holds the other seat). */
bool web_rated_may_take(WebApp *app, const HttpRequest *req, HttpResponse *res, Live *l,
                        int player);
void web_rated_took(WebApp *app, const HttpRequest *req, Live *l, int player);
/* What the Game shows of its accounts: "rated", each player's "account" (lock held). */
void web_rated_json(WebApp *app, json_t *game, Live *l);
/* Whether the game is rated, and its speed, read from the accounts into l once (lock held):
 * live_json_game then puts them in the game's events too. */
void web_rated_known(WebApp *app, Live *l);
/* A new game's "rated" field read and checked (its speed in *speed): false with 400/401 in res. */
bool web_rated_request(WebApp *app, const HttpRequest *req, HttpResponse *res, json_t *body,
                       const ShKind *kind, const char *time_control, bool *rated,
                       ShSpeed *speed);
/* Hook the ratings on the games' end (web.c). */
void web_rated_attach(WebApp *app);

#endif
