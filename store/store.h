/*
 * store.h - the archive of games in an SQLite file: games of every kind (shashki_play.h).
 *
 * A game is a row (the game played and its settings, its start, time control, status, result,
 * the draw offer and the arbiter's note), a row per player (the name, the engine's level or a
 * person's seat, the clock), and one row per move, in the game's full notation with every
 * player's clock after it. Each change is one transaction, and the file runs in WAL mode with
 * full synchronisation, so a move the server has acknowledged survives the process being
 * killed. Games are rebuilt after a restart by replaying their moves (server/live.c).
 *
 * A file of an earlier version (two players' columns white/black on the games row, seats in a
 * table of their own) is brought to this layout when it is opened, in one transaction: every
 * game it holds keeps its moves, names, clocks, seats and results (PRAGMA user_version says
 * which layout a file has: store.c's STORE_LAYOUT is this one). Every function is
 * safe to call from any thread.
 */
#ifndef SHASHKI_STORE_H
#define SHASHKI_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki_play.h"

struct ReviewPosition;

#define STORE_TEXT 128
#define STORE_CODE_SIZE 8
#define STORE_HASH_SIZE 32

typedef struct Store Store;

/* A player of a game: a person (level 0), whose seat is open with a join code or taken by the
 * device holding the token whose hash is kept here (the token itself is never stored), or the
 * engine at its level. */
typedef struct StoredPlayer {
    char name[STORE_TEXT];
    int level;                            /* 0: a person; 1-10: the engine at that level */
    double clock;                         /* seconds left when last saved; negative: no clock */
    bool taken;                           /* a person's seat is held by a device */
    char code[STORE_CODE_SIZE];           /* the join code while the seat is open */
    unsigned char token[STORE_HASH_SIZE]; /* the hash of the seat's token, once taken */
} StoredPlayer;

typedef struct StoredGame {
    long id;
    char variant[24];                 /* the game: ShKind.name ("russian", "corners" ...) */
    char settings[256];               /* the game's settings ("" : the defaults) */
    char created[32], updated[32];    /* ISO 8601, UTC */
    int players;                      /* 2, 3 or 4 */
    StoredPlayer player[SH_MAX_PLAYERS];
    char time_control[128];           /* "5m+3s" or "" */
    char start[SH_PLAY_TEXT_SIZE];    /* the start position's text */
    char opening[32];                 /* "IDF-64 1-III" or "" */
    char status[16];                  /* "playing" or "finished" */
    char result[SH_PLAY_RESULT_SIZE]; /* "*", "1-0", "0-1-0" ... */
    char reason[32];                  /* ShVerdict.reason_code, "" going on */
    int draw_offer;                   /* the player whose offer waits, -1 for none */
    char note[STORE_TEXT];            /* the arbiter's note on the result, or "" */
    int moves;                        /* number of moves stored */
    long version;                     /* bumped by every change saved: the row as this copy
                                       * knows it (several processes: store_version) */
    bool stale;                       /* the last change was refused: the game had changed in
                                       * the database since this copy was read */
    long long clock_at;               /* when the players' clocks were as saved: milliseconds
                                       * since 1970 on the site's clock (0: not known) */
} StoredGame;

typedef struct StoredMove {
    char text[SH_PLAY_MOVE_TEXT_SIZE];  /* the move's full text (ShPlayMove.full) */
    double clocks[SH_MAX_PLAYERS];      /* every player's clock after it (negative: none) */
    long long at;                       /* when it was made: milliseconds since 1970 on the
                                         * site's clock (0: not known) */
} StoredMove;

/* Open (creating if needed) the archive; NULL with a message in err on failure. */
Store *store_open(const char *path, char *err, size_t errsize);
void store_close(Store *store);

/* Add a game with its players (its id is set); false on failure. */
bool store_create(Store *store, StoredGame *game);
/* Add a whole game, its rows and its `count` moves, in one transaction (its id is set). */
bool store_add_game(Store *store, StoredGame *game, const StoredMove *moves, int count);
/* Save the game's rows (state, result, players, clocks, seats, draw offer) as they are now. */
bool store_update(Store *store, StoredGame *game);
/* Add move number `ply` (1-based) with the game's rows in the same transaction. These two
 * share their commit with the changes other threads make at the same time (commit_group.c);
 * each returns once its own change is durable. */
bool store_add_move(Store *store, StoredGame *game, int ply, const StoredMove *move);
/* Drop every move after `ply` (undo), with the game's rows, in one transaction. */
bool store_truncate(Store *store, StoredGame *game, int ply);
bool store_delete(Store *store, long id);

/* Add a game played or read elsewhere (an engine event's, an imported record) as finished, in
 * one transaction: its kind, start and settings, result and reason, and every move from the
 * ShPlay; the players' names and levels and the time control as the caller set them in `game`
 * (its id is set). */
bool store_add_finished(Store *store, const ShPlay *play, StoredGame *game);

/* The arbiter's sessions, by their token's hash (the token itself is never stored): a new one
 * ending at `expires` (seconds since the epoch; the ended ones go), whether one is live, an end
 * to one, an end to every one (a new password). */
bool store_session_add(Store *store, const unsigned char hash[STORE_HASH_SIZE], long long expires);
bool store_session_live(Store *store, const unsigned char hash[STORE_HASH_SIZE], long long now);
void store_session_end(Store *store, const unsigned char hash[STORE_HASH_SIZE]);
void store_sessions_clear(Store *store);

/* The engine's moves when several processes share the database: a job per game whose engine
 * is to move, taken by one process (owner) for a lease of `seconds`, renewed while it searches;
 * when the lease runs out (the process was killed) another takes it. store_job_take takes the
 * game's job for its move `ply` (made if missing; taken from another owner only when its lease
 * ran out or it was for another move); store_job_take_any takes any job whose lease ran out
 * (FOR UPDATE SKIP LOCKED: two processes never take the same), 0 when none (always on SQLite);
 * store_job_done ends it. */
bool store_job_take(Store *store, long game, int ply, const char *owner, int seconds);
long store_job_take_any(Store *store, const char *owner, int seconds);
void store_job_renew(Store *store, long game, const char *owner, int seconds);
void store_job_done(Store *store, long game);

/* The version of a game's rows in the database (-1: no such game, -2: the database did not
 * answer): a process that holds a copy
 * of the game reads it again when this has moved on (several processes on one PostgreSQL). */
long store_version(Store *store, long id);
/* The game in progress whose open seat has this join code (0: none). */
long store_game_with_code(Store *store, const char *code);
/* Whether the database is shared by several processes (PostgreSQL), and its name. */
bool store_shared(const Store *store);
const char *store_name(const Store *store);

/* Load a game and its moves (*moves malloc'ed, free() it); false if there is no such game. */
bool store_load(Store *store, long id, StoredGame *game, StoredMove **moves, int *count);
/* Catching up (store_moves.c): a game's rows and only its moves from ply `from` on (1-based;
 * (*moves)[0] is move `from`), for a copy that holds the moves before it; false if there is no
 * such game or the database did not answer. */
bool store_load_since(Store *store, long id, int from, StoredGame *game, StoredMove **moves,
                      int *count);
/* The database's clock, milliseconds since 1970 (PostgreSQL's clock_timestamp()); false on
 * SQLite (the process's clock is the site's) or when the database does not answer. */
bool store_clock(Store *store, long long *ms);
/* Whether the database answers: false once a statement failed because the connection to it was
 * lost (PostgreSQL stopped), until it is back; each call while it is down tries to reconnect
 * (at most every quarter of a second). Always true on SQLite, and while another thread uses the
 * connection (the call never waits for it). */
bool store_available(Store *store);
/* The same, asking the database (PostgreSQL: a round trip) even when nothing has failed yet. */
bool store_probe(Store *store);

/* The game a stored game's rows and moves give: its start (or ballot) and settings, the moves
 * replayed, a finished game's stored result and reason standing (a finished game is replayed
 * as a record: an imported one may go on past where the rules would have ended it). No tags,
 * no clock. NULL with the reason when it cannot be replayed. */
ShPlay *store_replay(const StoredGame *game, const StoredMove *moves, int count, char *why,
                     size_t size);
/* What a game's row keeps of how it began: its settings, and its start's text (a draughts
 * game's FEN always; an other game's position text only when it began from a position of its
 * own, since that text keeps its own settings: the store replays a game from one or the other). */
void store_start_of(const ShPlay *play, StoredGame *game);

/* What a listing keeps: each member NULL or "" for any. */
typedef struct StoreFilter {
    const char *player;  /* a substring of any player's name */
    const char *result;  /* "1-0" ... */
    const char *status;  /* "playing" or "finished" */
    const char *variant; /* "english" ... */
} StoreFilter;

/* Games matching the filter (NULL: every game), newest first; fills at most max, returns how
 * many were written, *total = all matches. */
int store_find(Store *store, const StoreFilter *filter, int offset, int max, StoredGame *out,
               int *total);

/* Ids of the games still being played (to bring them back after a restart). */
int store_playing(Store *store, long *ids, int max);

/* Reviews (engine/review.h): a game's review is kept with it, so that it is computed once: a row
 * (its state, the node limit of each position's search, the game's moves it covers, the time it
 * took) and a row per position reviewed with what the engine said of it (the moves' marks are
 * judged from these when read, review_judge). A review asked for and not done is "queued": a
 * server that restarts asks for it again. Deleting the game deletes its review. */
typedef struct StoredReview {
    long game;
    char status[16];       /* "queued", "done" or "failed" */
    unsigned long nodes;   /* each position's search */
    int plies;             /* the game's moves when it was asked for */
    double seconds;        /* what it took, once done */
    char error[STORE_TEXT];/* why it failed */
    char created[32], updated[32];
} StoredReview;

/* Ask for a game's review: its row, "queued", in place of any earlier review (whose positions
 * go). */
bool store_review_queue(Store *store, const StoredReview *review);
/* The game's review row; false when it has none. */
bool store_review_get(Store *store, long game, StoredReview *out);
/* The review done (status, seconds) with its positions [first, last], in one transaction. */
bool store_review_save(Store *store, const StoredReview *review,
                       const struct ReviewPosition *positions, int first, int last);
/* A failed review: its row says why. */
bool store_review_fail(Store *store, long game, const char *why);
/* The positions of a done review into positions[0 .. count-1] (a review of the game as it is
 * now, review_new: the rows set their state, score, line ...); false when it has none or they
 * do not fit (a position beyond count). */
bool store_review_positions(Store *store, long game, struct ReviewPosition *positions, int count);
/* The games whose reviews are queued, oldest first; returns how many (at most max). */
int store_reviews_queued(Store *store, long *games, int max);
bool store_review_delete(Store *store, long game);

/* Settings of the server (the arbiter's password hash ...): a value by its key. */
bool store_setting_get(Store *store, const char *key, char *out, size_t size);
bool store_setting_set(Store *store, const char *key, const char *value);

/* Puzzles (docs/puzzles.md, "In the web app"): each player (a browser, by the hash of its
 * puzzle cookie) has a rating, Elo against the puzzles' own ratings (which do not move), and a
 * streak of puzzles solved clean. A puzzle counts once per player, at its first result: solved
 * (score 1, or 0.5 after a hint) or failed (0: a wrong move, or the solution shown first);
 * later tries of the same puzzle change nothing. */
#define STORE_PUZZLE_START_RATING 1500.0
#define STORE_PUZZLE_PROVISIONAL 20 /* K = 40 for a player's first 20 puzzles, then 20 */
typedef struct StoredPuzzler {
    double rating;
    int attempts, solved;     /* puzzles counted; solved among them (a hint's half too) */
    int streak, best_streak;  /* puzzles solved clean in a row: now, and the best */
} StoredPuzzler;

/* The player's record (the start's when it has none). */
bool store_puzzler_get(Store *store, const char *player, StoredPuzzler *out);
/* Note that the player asked for a hint on a puzzle not counted yet. */
bool store_puzzle_hint(Store *store, const char *player, const char *puzzle);
/* A result of the player on a puzzle, in one transaction: counted (*rated) unless the puzzle
 * was counted before; *out gets the record after it, *score the puzzle's counted score. */
bool store_puzzle_result(Store *store, const char *player, const char *puzzle, bool solved,
                         int puzzle_rating, StoredPuzzler *out, double *score, bool *rated);
/* Each puzzle the player has tried: its hint and score (-1 while not counted); returns how many. */
int store_puzzle_scores(Store *store, const char *player,
                        void (*each)(const char *puzzle, bool hinted, double score, void *user),
                        void *user);
/* The Elo step: a rating after a score (0, 0.5, 1) against a puzzle of puzzle_rating. */
double store_puzzle_elo(double rating, int attempts, int puzzle_rating, double score);

/* ---- The pacing of guesses (store_guesses.c) ----
 * A row per key ("address 192.0.2.7", "account anna", "arbiter"): the delay its next wrong guess
 * waits and the earliest time (ms since 1970) the next guess may be checked. Kept in the
 * database so that every process of a site charges the same guesser the same: ten wrong
 * passwords spread by nginx over three processes cost what one process would charge. Times are
 * each process's clock (CLOCK_REALTIME): processes on several machines keep them in step (NTP).
 */
/* A guess's turn: its start (now, or later when earlier guesses of the key hold it back) in
 * *start_ms, and the key's next guess put after it by the key's delay. */
bool store_guess_begin(Store *store, const char *key, long long now_ms, long long *start_ms);
/* A wrong guess: the key's delay doubled (first base_ms, at most max_ms) into *delay_ms, and
 * its next guess not before now_ms + that delay. */
bool store_guess_wrong(Store *store, const char *key, long long now_ms, long long base_ms,
                       long long max_ms, long long *delay_ms);
/* A right guess: the key starts afresh. */
bool store_guess_right(Store *store, const char *key);

#endif
