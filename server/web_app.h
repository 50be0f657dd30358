/*
 * web_app.h - what the web app's HTTP handlers share, and how its resources are put together.
 *
 * The API is split by resource, a module each: web_games.c (the games, the archive's list),
 * web_play.c (what the players and the arbiter do in a game), web_watch.c (a game's events),
 * web_seats.c (taking a seat with its code), web_archive.c (import, export), web_analyse.c
 * (analysis streams), web_session.c (the arbiter's session), web_club.c (the server's address
 * and QR codes), web_board.c (health, openings, positions, a line as PDN), web_variant.c (the
 * games played, and a variant named in a request), and the events (tournaments):
 * web_events.c (an event, its players, rounds and results), web_event_games.c (a pairing's
 * game played in the app, its result recorded by itself), web_event_view.c (standings, the
 * crosstable, exports, the event's stream), the puzzles: web_puzzles.c (the Puzzles section:
 * puzzles, moves checked, hints, the player's rating) and web_solve.c (the analysis board's
 * "solve"), the reviews: web_review.c (a finished game's review asked for, followed, read; made
 * by review_queue.c), the contests: web_contests.c (solving and composing contests); the
 * endgame databases built in the background (egdb_task.c), followed by web_board.c. Each gives
 * its routes as a table; web.c joins the tables. Every handler's
 * context is the WebApp. Who may do what is decided by web_rights.c, on top of http.c's
 * cross-site checks. Every game of the project, of any kind, is played through the same
 * resources (the game interface, shashki_play.h, under live.h); a game's and an event's
 * server-sent events are one module's (stream.h).
 */
#ifndef SHASHKI_WEB_APP_H
#define SHASHKI_WEB_APP_H

#include <stdbool.h>

#include "accounts.h"
#include "auth.h"
#include "lobby.h"
#include "cstore.h"
#include "http.h"
#include "live.h"
#include "puzzle_set.h"
#include "store.h"
#include "tstore.h"

typedef struct WebApp {
    Store *store;
    TStore *tstore;   /* the events, in the same file */
    Accounts *accounts; /* the players' accounts and ratings, in the same file */
    Lobby *lobby;       /* the lobby's challenges, in the same file */
    WebGames *games;  /* its lock guards the events too */
    unsigned events_version; /* bumped on every change of any event (games' lock) */
    CStore *cstore;   /* the contests, in the same file (web_contests.c) */
    pthread_mutex_t contests_lock; /* a contest loaded, changed and saved */
    unsigned contests_version; /* bumped on every change of any contest (games' lock) */
    Auth *auth;
    int port;
    bool network;     /* listening beyond this machine */
    char url[128];    /* the address players type ("http://192.168.1.5:8080/") */
    PuzzleSet puzzles; /* the Puzzles section's (web_puzzles.c), read-only once started */
    struct ReviewQueue *reviews; /* the games' reviews made in the background (review_queue.h) */
    struct EgdbTask *egdb; /* the endgame databases completed in the background (egdb_task.h) */
} WebApp;

/* Around every handler (web_database.c): 503 while the shared database does not answer. */
bool web_database_before(const HttpRequest *req, HttpResponse *res, void *context);
void web_database_after(const HttpRequest *req, HttpResponse *res, void *context);

/* Positions the analysis board's "solve" works on at once (web_solve.c). */
#define WEB_MAX_SOLVES 2

/* Whether `move`, played in `pos` (reached from `before`, NULL at a puzzle's start), reaches a
 * puzzle's goal (`material`, else a win) as fast as the puzzle's own move: within `moves` of
 * the solver's moves (web_solve.c: the solver with check_sound, a second solution at its first
 * move; at most a second of the processor). False when it does not, when the solver cannot
 * say in that time, or when it is busy. */
bool web_solve_dual(const ShPosition *pos, const ShPosition *before, bool material, int moves,
                    const ShMove *move);

/* A resource's routes. */
typedef struct WebRoutes {
    const HttpRoute *routes;
    int count;
} WebRoutes;

#define WEB_ROUTES(name, table)                                                              \
    const WebRoutes name = {table, (int)(sizeof table / sizeof table[0])}

extern const WebRoutes WEB_GAMES_ROUTES, WEB_PLAY_ROUTES, WEB_WATCH_ROUTES, WEB_SEATS_ROUTES,
    WEB_ARCHIVE_ROUTES, WEB_ANALYSE_ROUTES, WEB_SESSION_ROUTES, WEB_CLUB_ROUTES, WEB_BOARD_ROUTES,
    WEB_VARIANT_ROUTES, WEB_EVENTS_ROUTES, WEB_EVENT_GAMES_ROUTES, WEB_EVENT_VIEW_ROUTES,
    WEB_PUZZLES_ROUTES, WEB_SOLVE_ROUTES, WEB_EXPLORER_ROUTES, WEB_ACCOUNTS_ROUTES,
    WEB_REVIEW_ROUTES, WEB_CONTESTS_ROUTES, WEB_LOBBY_ROUTES, WEB_CORRESPONDENCE_ROUTES;

/* The game named by the route's first parameter (lock taken); NULL with a 404 (lock released)
 * if there is none. */
Live *web_game_for(WebApp *app, const HttpRequest *req, HttpResponse *res);
/* A game's answer to a request: the Game, with what this request may see besides (taken_now:
 * the seats this very answer gives it); its board (`geometry`) with a GET and with a seat
 * taken, not with the answer to a move or an action. */
json_t *web_game_json(WebApp *app, const HttpRequest *req, Live *l, unsigned taken_now);
void web_reply_game(WebApp *app, const HttpRequest *req, HttpResponse *res, int status,
                    Live *l, unsigned taken_now);
/* A move from a state of the game that is gone (another move made meanwhile, here or by another
 * process): 409 with the game as it is now (as web_reply_game gives it) and "error" {"status":
 * 409, "needs": "reload", "message": the message}. */
void web_reply_stale(WebApp *app, const HttpRequest *req, HttpResponse *res, Live *l,
                     const char *message);

/* The page's files (web_board.c): the route after every other. */
void web_static(const HttpRequest *req, HttpResponse *res, void *ctx);

/* The events' part of the live games: a finished game of an event records its result. */
void web_event_games_attach(WebApp *app);
/* Where a recorded game was played, {id, name, stage, round, board, game}, or NULL. */
json_t *web_event_link_json(WebApp *app, long game_id);

/* A game's review in brief, for the Game (web_review.c, lock held): {"status", "done", "total"},
 * or null when none was asked for. */
json_t *web_review_brief(WebApp *app, Live *l);
/* The game's record as PDN, with its review (comments, marks) when one is done (lock held). */
ShStatus web_game_pdn(WebApp *app, Live *l, char **text, size_t *size);

/* The analysis streams' part of a server's end (web_analyse.c). */
void web_analyse_attach(WebGames *games);

#endif
