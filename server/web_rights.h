/*
 * web_rights.h - who may do what (docs/web-api.md "Who may do what").
 *
 * Three roles. The arbiter: a request with a live arbiter's session cookie, or an account's
 * session whose account holds the role "arbiter" (shashki db role); while no password
 * has been set, every request from this machine (the person at the server's own keyboard) is
 * the arbiter, so one person playing at their own machine never logs in. A player: a request
 * with a seat's token (a cookie on that game's path, set when the seat was taken). A
 * spectator: anyone else, who may read.
 *
 * A refusal is 401 when who you are is missing or wrong (no session, no token, a stale or
 * forged one) and 403 when who you are may not do it (you hold Black's seat and try to move
 * White); either says in "needs" what is missing ("arbiter", "seat:white", "seats").
 */
#ifndef SHASHKI_WEB_RIGHTS_H
#define SHASHKI_WEB_RIGHTS_H

#include <stdbool.h>

#include "web_app.h"

#define RIGHTS_SEAT_SECONDS (30L * 24 * 3600) /* a seat's cookie lasts 30 days */

/* The cookie names: "shashki_<site>_arbiter", "shashki_<site>_white" ... (a seat's cookie is
 * named by its player's colour, on the game's path) */
void rights_cookie_name(const WebApp *app, const char *what, char *out, size_t size);

bool rights_is_arbiter(WebApp *app, const HttpRequest *req);
/* The account of a request with a live account's session (accounts.h); false when none. */
bool rights_account(WebApp *app, const HttpRequest *req, Account *out);
/* Refuse with 401 (what: "deleting a game") unless the request is the arbiter's. */
bool rights_need_arbiter(WebApp *app, const HttpRequest *req, HttpResponse *res, const char *what);

/* The seats of the game this request holds, a bit per player (lock held); *stale gets the
 * bits of the tokens presented that do not hold their seat. */
unsigned rights_seats(WebApp *app, const HttpRequest *req, const Live *l, unsigned *stale);
/* Refuse unless the request holds the seat of `player` (lock held); what: "move", ... */
bool rights_need_seat(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                      int player, const char *what);
/* Refuse unless the request holds every human seat of the game, or is the arbiter's. */
bool rights_need_all_seats(WebApp *app, const HttpRequest *req, HttpResponse *res, const Live *l,
                           const char *what);

/* Take the seat for this response: a new token, its hash in the seat, its cookie set (the
 * caller saves the game's rows). */
void rights_take_seat(WebApp *app, HttpResponse *res, Live *l, int player);

#endif
