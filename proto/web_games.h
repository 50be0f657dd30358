/*
 * web_games.h - the games the web app plays: the live ShGame of each game in progress, the
 * engine that answers a person's moves, the clocks, and the archive they are saved to.
 *
 * Every game in progress lives in memory as an ShGame (the arbiter's single source of truth)
 * next to its row in the store. A change (a move, an undo, an offer, a fallen flag) is applied
 * to the ShGame, saved in one transaction, and only then acknowledged; waiters on the game's
 * event stream are woken. The engine thinks on a thread of its own, outside the lock, and
 * its move is applied only if the game is still where it was when the search began.
 * After a restart, games in progress are rebuilt by replaying their stored moves, with the
 * clock times saved after the last move.
 */
#ifndef SHASHKI_WEB_GAMES_H
#define SHASHKI_WEB_GAMES_H

#include "http.h"
#include "store.h"

typedef struct WebGames WebGames;

/* Bring back the games in progress from the store; NULL with a message on failure. The engines
 * use the endgame databases of the folder egdb_dir (NULL or "": none). */
WebGames *web_games_open(Store *store, const char *egdb_dir, char *err, size_t errsize);
/* Wake and end every event stream and analysis (before the HTTP server stops). */
void web_games_shutdown(WebGames *games);
/* Stop the engine and the clock thread, free the games (the store stays open). */
void web_games_close(WebGames *games);

/* Route handlers (the context is the WebGames). */
void web_games_create(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_list(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_get(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_move(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_undo(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_draw(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_claim(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_resign(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_pdn(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_delete(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_events(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_import(const HttpRequest *req, HttpResponse *res, void *games);
void web_games_export(const HttpRequest *req, HttpResponse *res, void *games);
void web_analyse(const HttpRequest *req, HttpResponse *res, void *games);

#endif
