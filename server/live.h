/*
 * live.h - the games the web app keeps live, of every kind (shashki_play.h): each game in
 * progress, its players and seats, the engine that plays its engine seats, the clocks, and the
 * store they are saved to.
 *
 * Every game in progress lives in memory as an ShPlay (the arbiter's single source of truth)
 * next to its rows in the store. A change (a move, an undo, an offer, a fallen flag) is applied
 * to the ShPlay, saved in one transaction, and only then acknowledged; the game's version is
 * bumped and its watchers are woken. The engine thinks on a thread of its own, outside the
 * lock, and its move is applied only if the game is still where it was when the search began.
 * After a restart, games in progress are rebuilt by replaying their stored moves, with the
 * clock times saved with the last change, and their seats from the store; when the store is
 * shared, the player to move is charged the time since those clocks were saved (live_clock.c),
 * and a copy behind the database reads only the moves it lacks (live_catchup.c).
 *
 * One mutex (WebGames.lock) guards every Live, but is not held across a commit: a game being
 * committed is marked busy and waited for (live_lock.c), and the commits of several games
 * share one fsync (store/commit_group.c). Watchers (event streams) wait on one of
 * LIVE_WATCH_SLOTS condition variables chosen by the game's id, so that a move wakes the few
 * streams of its own game and not every stream of the server.
 *
 * Players are numbered as the game numbers them (ShKind: player 0 is White in the draughts
 * games) and named in the API by their colour in lower case ("white", "black", "red",
 * "green"). A player is a person (level 0), whose seat is open (anyone with its code may take
 * it) or taken (the device that took it holds a secret token; the store keeps only its hash),
 * or the engine at a level.
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

#include "event_text.h"
#include "play_engine.h"
#include "shashki_play.h"
#include "store.h"

/* Engines searching at once for the games against the engine (each with its hash, made when
 * first needed): ten people playing the casual levels at once wait for none (an engine taken
 * by a 2-second search made the others wait past their move time with two). */
#define LIVE_ENGINE_POOL 8
#define LIVE_ENGINE_HASH_MB 32
#define LIVE_MAX_CACHED_FINISHED 64
#define LIVE_WATCH_SLOTS 1024
#define LIVE_MAX_HOOKS 4
#define LIVE_INDEX_SLOTS 4096

typedef struct Live {
    long id;
    StoredGame row;      /* the store's rows: players, seats, clocks, status */
    ShPlay *play;
    unsigned version;    /* this process's count of the game's changes (its streams wake on
                            it); answers and events carry row.version, the database's */
    bool thinking;       /* the engine is choosing a move for this game */
    bool cancel;         /* the running search's move is no longer wanted */
    PlayEngine *engine;  /* the engine searching for this game, while it does */
    EventText *event;    /* the "state" event text of `event_version` (shared), or NULL */
    unsigned event_version;
    char recorded[SH_PLAY_RESULT_SIZE]; /* the result last reported to on_change ("" none) */
    json_t *history;     /* the Game's "moves", kept between states (live_json.c), or NULL */
    bool rated;          /* its end has been reported to the ratings (web_rated.c) */
    signed char is_rated; /* whether the game is rated, as its events say: 0 not read yet,
                            1 rated (at `speed`), -1 casual (web_rated_known) */
    char speed[16];
    long notified;       /* the newest version another process announced (live_sync.c) */
    bool busy;           /* a change is being committed without the lock (live_lock.c) */
    struct Live *next;
    struct Live *id_next; /* in WebGames.index, by its id */
} Live;

typedef struct WebGames {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a game changed, an engine came free, a worker ended */
    pthread_cond_t watch[LIVE_WATCH_SLOTS]; /* a game of that slot changed (by id) */
    pthread_cond_t idle;  /* a game's commit is done (live_lock.c) */
    Store *store;
    Live *live;
    Live *index[LIVE_INDEX_SLOTS]; /* the same games by id (live_find): no walk of the list */
    PlayEngine *pool[LIVE_ENGINE_POOL];
    bool pool_busy[LIVE_ENGINE_POOL];
    int workers;  /* engine threads still running */
    int streams;  /* analysis streams open (web_analyse.c) */
    struct Analysis *analysis_list; /* web_analyse.c's streams */
    void (*stop_streams)(struct WebGames *games); /* ends the analyses (lock held) */
    bool stopping;
    /* called by live_changed after every change (lock held), in the order added: the events
     * module records a finished game's result in its event (web_event_games.c), the ratings
     * move (web_rated.c) */
    void (*hook[LIVE_MAX_HOOKS])(struct WebGames *games, struct Live *l, void *ctx);
    void *hook_context[LIVE_MAX_HOOKS];
    int hooks;
    pthread_t ticker;             /* the clocks' thread: flags fall (every 100 ms) */
    pthread_cond_t ticker_stop;   /* it is to stop (g->stopping set) */
    /* several processes on one database (live_sync.c): */
    bool shared;          /* the store is shared: copies are checked and kept fresh */
    char owner[96];       /* this process's name in the engine's jobs */
    pthread_t listener;   /* the notifications' thread */
    bool listening;
    /* called (lock held) for a notification that is not a game's: an event changed ("e ID") */
    void (*on_notice)(struct WebGames *games, const char *notice, void *ctx);
    void *notice_context;
    uint64_t seed;
    char egdb[4096]; /* the engines' endgame databases ("": none); the folder may hold none
                        yet while egdb_task.h builds them */
} WebGames;

/* Bring back the games in progress from the store; NULL with a message on failure. The engines
 * use the endgame databases of the folder egdb_dir (NULL or "": none). */
WebGames *live_open(Store *store, const char *egdb_dir, char *err, size_t errsize);
/* Wake and end every event stream and analysis (before the HTTP server stops). */
void live_shutdown(WebGames *games);
/* Stop the engine and the clock thread, free the games (the store stays open). */
void live_close(WebGames *games);

/* The game with this id as held in memory (lock held), busy or not; NULL if none is. */
Live *live_find(WebGames *g, long id);
/* The game with this id, from memory or the store (lock held); NULL if there is none. */
Live *live_get(WebGames *g, long id);
/* The game as this process holds it (lock held), read from the store when it holds none, or
 * when another process announced a newer version (the event streams: no query per wake-up,
 * a game read again only when someone here watches it). */
Live *live_peek(WebGames *g, long id);
/* A new game from its row (the players, settings, start, opening, time control set; its
 * moves none): the ShPlay made, the tags set, both saved, the game added and its engine
 * started if it is to move (lock held). NULL with the reason in err (its column in the text
 * it is about) and the field it is about in *field ("position", "opening", "settings", "time";
 * "" when the store failed) when the game cannot be made. */
Live *live_create(WebGames *g, StoredGame *row, const char *event_name, const char *round,
                  ShError *err, const char **field);
/* Read a game again from the store, its copy in memory replaced (lock held; the engine's
 * search of the old position is stopped). False if it cannot be read. */
bool live_reload(WebGames *g, Live *l);
/* A change just refused because the game had changed elsewhere (l->row.stale): the copy is
 * read again and its watchers told; true then (lock held). */
bool live_refresh_stale(WebGames *g, Live *l);
/* Several processes, one site (live_sync.c): when the store is shared (PostgreSQL), listen to
 * the other processes' changes (a game's new version is read again and its watchers woken;
 * a new game is read), take the engine's jobs whose process died, renew this one's. Nothing
 * on SQLite. False with the reason when the listener cannot start. */
bool live_share(WebGames *g, char *err, size_t size);
/* Whether the store is shared, and this process's name (live_open, before any game is read). */
void live_sync_init(WebGames *g);
void live_unshare(WebGames *g);
#define LIVE_JOB_LEASE 10 /* seconds: a dead process's search is taken over after this */

/* The site's clock (live_clock.c): milliseconds since 1970 on the database's clock (the
 * process's on SQLite), never going back; the time source of every game's clock. live_clock_sync
 * reads the database's clock again (false on SQLite or when it does not answer), and
 * live_clock_uncertainty says to within how many milliseconds the last reading was taken. */
long long live_clock_now(void);
ShTimeSource live_clock_source(void);
bool live_clock_sync(Store *store);
long long live_clock_uncertainty(void);
/* A game's clock from its row's time control on the site's clock, started; with `restore` the
 * saved times, and with `charge` the player to move charged the time since they were saved
 * (row->clock_at; several processes: the game went on while this one did not hold it). */
void live_clock_set(ShPlay *play, const StoredGame *row, bool restore, bool charge);
/* The player to move's clock charged the time since row->clock_at (its others as the row
 * says). */
void live_clock_charge(ShPlay *play, const StoredGame *row);
/* Catching up (live_catchup.c): the copy brought to the database's version by playing only the
 * moves it lacks (lock held); false when that cannot be (a move taken back, a result, ...): the
 * caller reads the whole game again. A draw offer saved in the row is made again in the copy. */
bool live_catch_up(WebGames *g, Live *l);
void live_offer_restore(ShPlay *play, const StoredGame *row);

/* Drop a game from memory (lock held; the store is the caller's business). */
void live_forget(WebGames *g, long id);
void live_free(Live *l);

/* A player's colour in the API ("white", "black", "red", "green"), and back (-1 if none). */
const char *live_colour(const Live *l, int player);
const char *live_kind_colour(const ShKind *kind, int player);
int live_colour_parse(const Live *l, const char *text);
int live_players(const Live *l);
bool live_human(const Live *l, int player);   /* a person's seat (not the engine's) */
/* The engine's seat, when exactly one player is the engine and the others people (one person
 * against the engine, as most games are): its player, else -1. */
int live_engine_player(const Live *l);
/* Every seat is the engine's (an event's pairing of engine players, played by the server). */
bool live_engine_all(const Live *l);
/* The player to move, and whether the engine plays it. */
int live_to_move(const Live *l);
bool live_engine_to_move(const Live *l);
bool live_playing(const Live *l);

/* The row mirrors the game (status, result, clocks, offer). */
void live_row_sync(Live *l);
/* Save the last move (the game has just grown by one ply): lock held, let go during the
 * commit (live_commit). */
bool live_save_move(WebGames *g, Live *l);
/* Commit the game's rows, with move number `ply` when move is not NULL, without holding the
 * lock (held when called and on return; the game is busy meanwhile): live_lock.c. The copy's
 * version and staleness are kept. */
bool live_commit(WebGames *g, Live *l, int ply, const StoredMove *move);
/* Wait (lock held) until the game's commit is done. */
void live_wait_idle(WebGames *g, Live *l);
/* Add a hook called after every change (before the games are served). */
void live_hook_add(WebGames *g, void (*hook)(WebGames *, Live *, void *), void *ctx);
/* Announce a change: bump the version and wake the game's watchers (lock held). */
void live_changed(WebGames *g, Live *l);
/* Wake whoever waits on `cond` (one of the games' conditions): the threads waiting on it and
 * the event streams parked on it (stream_wait.h). */
void live_announce(WebGames *g, pthread_cond_t *cond);
/* A change that adds no move (an offer, a resignation, a fallen flag, an arbiter's result, a
 * seat taken): saved with the game's rows and announced (lock held). */
void live_settle(WebGames *g, Live *l);
/* The watchers' condition variable of a game. */
pthread_cond_t *live_watch_cond(WebGames *g, long id);

/* The engine (live_engine.c): start it if it is the engine's turn; stop it, its move unwanted. */
void live_engine_maybe_move(WebGames *g, Live *l);
void live_engine_cancel(Live *l);

/* JSON (live_json.c): the Game and the GameSummary of docs/web-api.md. The Game is what every
 * watcher sees (its moves kept between states: a state costs the moves made since the last);
 * what a request may see besides (its seats, the open seats' codes) is added by
 * live_json_viewer; the board's `geometry`, which never changes during a game, when asked (the
 * answers to requests carry it, the events do not). */
json_t *live_json_game(Live *l, bool geometry);
json_t *live_json_summary(const StoredGame *row);
/* The Position of the game after `ply` moves (-1: now): with its legal moves only now. */
json_t *live_json_position(const Live *l, int ply);
/* A move of the game, played or not (a review's better line), as the Game's moves give it. */
json_t *live_json_move(const Live *l, const ShGeometry *board, const ShPlayMove *move,
                       bool second);
/* Add "you" (the players in `held`, a bit per player) and, when show_codes, the open seats'
 * codes to a Game. */
void live_json_viewer(json_t *game, const Live *l, unsigned held, bool show_codes);
/* The "state" event text of the game's current version, made once per version and shared by
 * its watchers (lock held): a new reference, NULL when out of memory. */
EventText *live_event_text(Live *l);
/* The Variant (a kind) as JSON: GET /api/variants. */
json_t *live_json_kind(const ShKind *kind);

#endif
