/*
 * store.h - the archive of games in an SQLite file.
 *
 * A game is a row of settings and state (the game played, players, opponent, time control,
 * start, result) and one row per move, in full notation with the clocks after it. Each change is one
 * transaction, and the file runs in WAL mode with full synchronisation, so a move the server
 * has acknowledged survives the process being killed. Games are rebuilt after a restart by
 * replaying their moves. Every function is safe to call from any thread.
 */
#ifndef SHASHKI_STORE_H
#define SHASHKI_STORE_H

#include <stdbool.h>
#include <stddef.h>

#define STORE_TEXT 128

typedef struct Store Store;

typedef struct StoredGame {
    long id;
    char variant[24];                 /* the game: "russian", "english" ... (ShRules.name) */
    char created[32], updated[32];    /* ISO 8601, UTC */
    char white[STORE_TEXT], black[STORE_TEXT];
    char opponent[16];                /* "engine" or "human" */
    int level;                        /* engine level 1-10 (0 for human games) */
    char engine_color[8];             /* "white", "black" or "" */
    char time_control[128];           /* "5m+3s" or "" */
    char start_fen[512];              /* SH_FEN_SIZE */
    char opening[32];                 /* "IDF-64 1-III" or "" */
    char status[16];                  /* "playing" or "finished" */
    char result[16];                  /* "*", "1-0", "0-1", "1/2-1/2" */
    char reason[STORE_TEXT];
    char draw_offer[8];               /* "white", "black" or "" */
    char note[STORE_TEXT];            /* the arbiter's note on the result, or "" */
    double clock_white, clock_black;  /* seconds left when last saved (negative: no clock) */
    int moves;                        /* number of moves stored */
} StoredGame;

/* A human side of a game (docs/web-api.md "Seats"): open with a join code, or taken by the
 * device that holds the token whose hash is kept here (the token itself is never stored). */
#define STORE_CODE_SIZE 8
#define STORE_HASH_SIZE 32
typedef struct StoredSeat {
    bool human;                               /* false: the engine's side, no seat */
    bool taken;
    char code[STORE_CODE_SIZE];               /* the join code while open */
    unsigned char token[STORE_HASH_SIZE];     /* the hash of the token, once taken */
} StoredSeat;

typedef struct StoredMove {
    char text[128];                   /* full notation (SH_MOVE_TEXT_SIZE) */
    double clock_white, clock_black;  /* after the move */
} StoredMove;

/* Open (creating if needed) the archive; NULL with a message in err on failure. A file from an
 * earlier version gains the columns it lacks (the arbiter's note; the variant, every game
 * stored before it being Russian). */
Store *store_open(const char *path, char *err, size_t errsize);
void store_close(Store *store);

/* Add a game (its id is set); false on failure. */
bool store_create(Store *store, StoredGame *game);
/* Add a whole game, its row and its `count` moves, in one transaction (its id is set). */
bool store_add_game(Store *store, StoredGame *game, const StoredMove *moves, int count);
/* Save the game's row (state, result, clocks, draw offer) as it is now. */
bool store_update(Store *store, const StoredGame *game);
/* Add move number `ply` (1-based) with the game's row in the same transaction. */
bool store_add_move(Store *store, const StoredGame *game, int ply, const StoredMove *move);
/* Drop every move after `ply` (undo), with the game's row, in one transaction. */
bool store_truncate(Store *store, const StoredGame *game, int ply);
bool store_delete(Store *store, long id);

/* Load a game and its moves (*moves malloc'ed, free() it); false if there is no such game. */
bool store_load(Store *store, long id, StoredGame *game, StoredMove **moves, int *count);

/* What a listing keeps: each member NULL or "" for any. */
typedef struct StoreFilter {
    const char *player;  /* a substring of either player's name */
    const char *result;  /* "1-0" ... */
    const char *status;  /* "playing" or "finished" */
    const char *variant; /* "english" ... */
} StoreFilter;

/* Games matching the filter (NULL: every game), newest first; fills at most max, returns how
 * many were written, *total = all matches. */
int store_find(Store *store, const StoreFilter *filter, int offset, int max, StoredGame *out,
               int *total);
/* The same with a player, a result and a status (each NULL for any). */
int store_list(Store *store, const char *player, const char *result, const char *status, int offset,
               int max, StoredGame *out, int *total);

/* A game's two seats (by colour); false if the game has none stored (a game from before
 * seats, or an import). */
bool store_seats_load(Store *store, long id, StoredSeat seats[2]);
/* Save both seats of a game as they are now. */
bool store_seats_save(Store *store, long id, const StoredSeat seats[2]);

/* Settings of the server (the arbiter's password hash ...): a value by its key. */
bool store_setting_get(Store *store, const char *key, char *out, size_t size);
bool store_setting_set(Store *store, const char *key, const char *value);

/* Puzzles (docs/puzzles.md, "In the web app"): each player (a browser, by the hash of its puzzle cookie) has a
 * rating, Elo against the puzzles' own ratings (which do not move), and a streak of puzzles
 * solved clean. A puzzle counts once per player, at its first result: solved (score 1, or 0.5
 * after a hint) or failed (0: a wrong move, or the solution shown first); later tries of the
 * same puzzle change nothing. */
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

/* Ids of the games still being played (to bring them back after a restart). */
int store_playing(Store *store, long *ids, int max);

#endif
