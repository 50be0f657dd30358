/*
 * dbprobe.h - reading the endgame databases during play.
 *
 * A Db is a folder of slice files (dbfile.h), opened lazily: the folder is listed when the
 * Db is opened, a file's index is read the first time one of its positions is asked for, and
 * each probe then reads one compressed block (about a kilobyte), through a cache of
 * decompressed blocks shared by the threads (sets of four, a lock a set). Values are stored
 * for every position, a capture pending or not, so a probe is one lookup.
 */
#ifndef SHASHKI_DBPROBE_H
#define SHASHKI_DBPROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "egdb/dbindex.h"
#include "shashki.h"

#define DBPROBE_DEFAULT_DIR "egdb"

typedef struct Db Db;

/* Open the databases in `dir` with a block cache of cache_mb MiB (0: 64). NULL with err filled
 * when the folder cannot be read or holds no slice file. */
Db *dbprobe_open(const char *dir, size_t cache_mb, ShError *err);
void dbprobe_close(Db *db);

/* The databases of a folder shared by everything in the process that asks for that folder
 * (engines, the web app's analyses): opened on the first dbprobe_acquire, closed on the last
 * dbprobe_release. Thread-safe. */
Db *dbprobe_acquire(const char *dir, ShError *err);
void dbprobe_release(Db *db);

/* A build added slices to `dir`: the shared databases of that folder, if open, are retired.
 * The next dbprobe_acquire of the folder opens it afresh; holders of the old copy see
 * dbprobe_stale and move with dbprobe_renew (the old copy stays valid for searches still
 * running on it and is closed on its last release). Thread-safe. */
void dbprobe_refresh(const char *dir);
/* Whether dbprobe_refresh retired this shared copy. */
bool dbprobe_stale(const Db *db);
/* db, or when it is stale the folder's current shared databases, db released (db kept when the
 * folder cannot be opened now). NULL for NULL. The caller must be the copy's only user in its
 * thread of control (no search of its own running on it). */
Db *dbprobe_renew(Db *db);
/* How many times dbprobe_refresh was called in this process: a folder that held no databases
 * when it was tried is worth trying again once this has moved. */
unsigned dbprobe_generation(void);

/* The folder. */
const char *dbprobe_dir(const Db *db);

/* The largest N such that every slice of up to N pieces is there (0 if none). */
int dbprobe_pieces(const Db *db);

typedef struct DbValue {
    int result; /* DB_WIN, DB_DRAW or DB_LOSS (dbfile.h) for the side to move */
    int dtc;    /* plies to the next capture or crowning with best play, -1 when not stored */
} DbValue;

/* The value of a position, if its slice is there (both sides must have pieces; Russian
 * checkers only: false for a position of any other game). */
bool dbprobe_value(Db *db, const ShPosition *pos, DbValue *value);

/* Whether a table's slice is in the folder. */
bool dbprobe_has_table(const Db *db, const DbKey *key);

/* The most pieces of any slice in the folder. */
int dbprobe_max_pieces(const Db *db);

/* Whether the position's slice is there (no block is read). */
bool dbprobe_covers(const Db *db, const ShPosition *pos);

/* The databases' move: to a lost child, the quickest conversion (then the most material);
 * from a lost position, the longest; from a drawn one, a move that keeps the draw. False if
 * there is no move or a child is not in the databases. */
bool dbprobe_best_move(Db *db, const ShPosition *pos, ShMove *move);

/* Probes and the blocks they had to read (for measurements). */
void dbprobe_stats(const Db *db, uint64_t *probes, uint64_t *reads);
/* Empty the block cache (for cold-probe measurements). */
void dbprobe_flush(Db *db);
/* The same, and ask the system to drop the files' pages from its cache too (the next probe of
 * each reads the disk). */
void dbprobe_evict(Db *db);

/* The slices of a folder, for `shashki egdb info`. */
typedef struct DbInfoSlice {
    char name[32];
    int pieces;
    uint64_t positions, wins, draws, losses, bytes;
    bool dtc;
} DbInfoSlice;

typedef struct DbInfo {
    int count;
    DbInfoSlice *slices;
} DbInfo;

DbInfo *dbprobe_info(const char *dir, ShError *err);
void dbprobe_info_free(DbInfo *info);

#endif
