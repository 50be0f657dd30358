/*
 * web_other.h - the web app's "More games": the other games of a checkers set
 * (shashki_other.h) played in the browser (docs/web-api.md "More games").
 *
 * A game here is a record (ShOtherRecord) with 2-4 seats. Each seat is a person's or the
 * engine's. A person's seat is taken by a device (the creator's, for the seats it plays "here")
 * or waits for its join code, exactly as the club's draughts games (web_seats.c): the device
 * gets a secret token as a cookie on the game's path, the server keeps only its hash
 * (auth_token_new / auth_token_matches), the codes are paced against guessing
 * (auth_guess_begin / end), and the arbiter (web_rights.c) sees every code.
 *
 * The engine's seats are played by the server (engine/other_search.h) on a thread of their
 * own, outside the lock, at most WEB_OTHER_ENGINE_THREADS searches at once, each bounded by
 * the level's node cap and a time limit; its move is played only if the game is still where
 * the search began. Nothing else waits for it.
 *
 * These games live in memory only: a restart of the server ends them (their records may be
 * exported at any time, GET /api/other/games/ID/record).
 *
 * Modules: web_other.c (the list, creating a game, its JSON, moves, the record, the event
 * stream), web_other_seats.c (seats, rights, joining), web_other_engine.c (the engine's seats).
 */
#ifndef SHASHKI_WEB_OTHER_H
#define SHASHKI_WEB_OTHER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "shashki_other.h"
#include "store.h"
#include "web_app.h"

#define WEB_OTHER_ENGINE_THREADS 1
#define WEB_OTHER_MAX_GAMES 256     /* in memory at once; the oldest finished ones go first */
#define WEB_OTHER_ENGINE_SECONDS 1.0
#define WEB_OTHER_ENGINE_NODES 400000

typedef struct OtherSeat {
    bool human;                            /* false: the engine plays it */
    bool taken;
    int level;                             /* the engine's, 1-10 */
    char name[64];                         /* for the record */
    char code[STORE_CODE_SIZE];            /* the join code while open */
    unsigned char token[STORE_HASH_SIZE];  /* the hash of the token, once taken */
} OtherSeat;

typedef struct OtherLive {
    long id;
    const ShOtherGame *game;
    ShOtherRecord rec;
    OtherSeat seats[SH_OTHER_MAX_PLAYERS];
    unsigned version;     /* bumped on every change */
    bool thinking;        /* the engine is searching for this game */
    atomic_bool stop;     /* the running search is no longer wanted */
    char *event;          /* the "state" event text of event_version, or NULL */
    unsigned event_version;
    struct OtherLive *next;
} OtherLive;

typedef struct WebOther {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game changed, an engine came free, a worker ended */
    OtherLive *list;
    long next_id;
    int count;
    int searching;          /* engine searches running now */
    int workers;            /* engine threads alive */
    bool stopping;
} WebOther;

WebOther *web_other_open(void);
/* Wake and end the event streams and stop the engine's searches (before the HTTP server
 * stops). */
void web_other_shutdown(WebOther *o);
/* Stop the engine's threads (waiting for them) and free the games. */
void web_other_close(WebOther *o);

extern const WebRoutes WEB_OTHER_ROUTES;

/* Shared by the modules (lock held for each). */
OtherLive *web_other_get(WebOther *o, long id);
void web_other_changed(WebOther *o, OtherLive *l);
/* The seats this request holds, a bit per player; *stale gets those of tokens that do not. */
unsigned web_other_seats_held(WebApp *app, const HttpRequest *req, const OtherLive *l,
                              unsigned *stale);
/* Refuse (401/403, "needs": "seat:<player>") unless the request holds that player's seat. */
bool web_other_need_seat(WebApp *app, const HttpRequest *req, HttpResponse *res,
                         const OtherLive *l, int player);
/* Take the seat for this response: a new token, its cookie on the game's path. */
void web_other_take_seat(WebApp *app, HttpResponse *res, OtherLive *l, int player);
/* The cookie's name of a player's seat. */
void web_other_cookie_name(WebApp *app, int player, char *out, size_t size);
/* The game as JSON for this request (held: the seats it holds, codes shown when show_codes). */
json_t *web_other_json(const OtherLive *l, unsigned held, bool show_codes);
/* POST /api/other/join {"code"}: take the open seat of that code (web_other_seats.c). */
void web_other_join(const HttpRequest *req, HttpResponse *res, void *ctx);
/* Start the engine if an engine's seat is to move. */
void web_other_engine_maybe_move(WebOther *o, OtherLive *l);

#endif
