/*
 * live.h - the games the web app keeps live: the ShGame of each game in progress, its seats,
 * the engine that answers a person's moves, the clocks, and the store they are saved to.
 *
 * Every game in progress lives in memory as an ShGame (the arbiter's single source of truth)
 * next to its row in the store. A change (a move, an undo, an offer, a fallen flag) is applied
 * to the ShGame, saved in one transaction, and only then acknowledged; the game's version is
 * bumped and its watchers are woken. The engine thinks on a thread of its own, outside the
 * lock, and its move is applied only if the game is still where it was when the search began.
 * After a restart, games in progress are rebuilt by replaying their stored moves, with the
 * clock times saved after the last move, and their seats from the store.
 *
 * One mutex (WebGames.lock) guards every Live. Watchers (event streams) wait on one of
 * LIVE_WATCH_SLOTS condition variables chosen by the game's id, so that a move wakes the few
 * streams of its own game and not every stream of the server.
 *
 * A seat is a human side of a game. It is open (anyone with its code may take it) or taken
 * (the device that took it holds a secret token; the store keeps only the token's hash). The
 * engine's side has no seat.
 *
 * The HTTP handlers live elsewhere, one module per resource (web_games.c, web_play.c,
 * web_watch.c, web_archive.c, web_seats.c ...); this module and live_engine.c / live_json.c
 * are what they share.
 */
#ifndef SHASHKI_LIVE_H
#define SHASHKI_LIVE_H

#include <jansson.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "shashki.h"
#include "store.h"

#define LIVE_ENGINE_POOL 2
#define LIVE_ENGINE_HASH_MB 32
#define LIVE_MAX_CACHED_FINISHED 64
#define LIVE_WATCH_SLOTS 64

typedef struct Live {
    long id;
    StoredGame row;
    ShGame *game;
    StoredSeat seats[2]; /* by colour; a seat with human false is the engine's */
    unsigned version;    /* bumped on every change */
    bool thinking;       /* the engine is choosing a move for this game */
    bool cancel;         /* the running search's move is no longer wanted */
    Engine *engine;      /* the engine searching for this game, while it does */
    char *event;         /* the "state" event text of `event_version`, or NULL */
    unsigned event_version;
    char recorded[16];   /* the result last reported to the on_change hook's owner ("" none) */
    struct Live *next;
} Live;

typedef struct WebGames {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game changed, an engine came free, a worker ended */
    pthread_cond_t watch[LIVE_WATCH_SLOTS]; /* a game of that slot changed (by id) */
    Store *store;
    Live *live;
    Engine *pool[LIVE_ENGINE_POOL];
    bool pool_busy[LIVE_ENGINE_POOL];
    int workers;  /* engine threads still running */
    int streams;  /* analysis streams open (web_analyse.c) */
    struct Analysis *analysis_list; /* web_analyse.c's streams */
    void (*stop_streams)(struct WebGames *games); /* ends the analyses (lock held) */
    bool stopping;
    /* called by live_changed after every change (lock held): the events module records a
     * finished game's result in its event (web_event_games.c) */
    void (*on_change)(struct WebGames *games, struct Live *l);
    void *hook_context;
    pthread_t ticker;
    uint64_t seed;
    char egdb[4096]; /* the engines' endgame databases ("": none) */
} WebGames;

/* Bring back the games in progress from the store; NULL with a message on failure. The engines
 * use the endgame databases of the folder egdb_dir (NULL or "": none). */
WebGames *live_open(Store *store, const char *egdb_dir, char *err, size_t errsize);
/* Wake and end every event stream and analysis (before the HTTP server stops). */
void live_shutdown(WebGames *games);
/* Stop the engine and the clock thread, free the games (the store stays open). */
void live_close(WebGames *games);

/* The game with this id, from memory or the store (lock held); NULL if there is none. */
Live *live_get(WebGames *g, long id);
/* Add a game just created and saved (lock held). */
void live_add(WebGames *g, Live *l);
/* Drop a game from memory (lock held; the store is the caller's business). */
void live_forget(WebGames *g, long id);
void live_free(Live *l);

const char *live_color_name(int color);
int live_color_parse(const char *text); /* SH_WHITE, SH_BLACK or -1 */
int live_engine_color(const Live *l);   /* or -1 (none, or the engine plays both sides) */
/* Engine against engine (an event's pairing of two engine players, played by the server):
 * engine_color "both", the levels in row.level as white + 16 * black. */
bool live_engine_both(const Live *l);
/* The side the engine plays in this position, or -1; and its level for that side. */
int live_engine_side(const Live *l);
int live_engine_level(const Live *l, int color);
bool live_playing(const Live *l);

/* The row mirrors the game (status, result, clocks, offer). */
void live_row_sync(Live *l);
/* Save the last move (the game has just grown by one ply). */
bool live_save_move(WebGames *g, Live *l);
/* Announce a change: bump the version and wake the game's watchers (lock held). */
void live_changed(WebGames *g, Live *l);
/* A change that adds no move (an offer, a resignation, a fallen flag, an arbiter's result):
 * saved with the game's row and announced (lock held). */
void live_settle(WebGames *g, Live *l);
/* The watchers' condition variable of a game. */
pthread_cond_t *live_watch_cond(WebGames *g, long id);

/* The engine (live_engine.c): start it if it is the engine's turn; stop it, its move unwanted. */
void live_engine_maybe_move(WebGames *g, Live *l);
void live_engine_cancel(Live *l);

/* JSON (live_json.c): the Game and the GameSummary of docs/web-api.md. The Game is what every
 * watcher sees; what a request may see besides (its seats, the open seats' codes) is added by
 * live_json_viewer. */
json_t *live_json_game(const Live *l);
json_t *live_json_summary(const StoredGame *row);
/* Add "you" (the colours in `held`, a bit per colour) and, when show_codes, the open seats'
 * codes to a Game. */
void live_json_viewer(json_t *game, const Live *l, unsigned held, bool show_codes);
/* The "state" event text of the game's current version (cached; lock held). */
const char *live_event_text(Live *l);

#endif
