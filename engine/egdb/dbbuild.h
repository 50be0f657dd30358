/*
 * dbbuild.h - building the endgame databases by retrograde analysis, slice by slice.
 *
 * A slice is a table and its mirror (dbindex.h): every position of one material and leading
 * ranks with either side to move. The slices of up to N pieces are put in an order in which
 * each one's dependencies come first (fewer pieces, then fewer men, then higher leading ranks),
 * and each is solved on its own, holding in memory only its own positions and the tables it
 * looks up. A slice that has a file in the folder is done and never rebuilt, so a build that
 * was killed resumes where it stopped; files are written whole or not at all (dbfile.h).
 * Threads (and MPI ranks, dbmpi.h) take slices whose dependencies are done; a slice's file
 * depends only on its dependencies, so it is the same byte for byte however the work was
 * shared out.
 */
#ifndef SHASHKI_DBBUILD_H
#define SHASHKI_DBBUILD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "egdb/dbindex.h"
#include "shashki.h"

#define DB_DTC_PIECES 5   /* conversion distances are kept up to this many pieces */
#define DB_BUILD_LEVEL 12 /* zstd level of the values (2 bits a position) */
#define DB_DTC_LEVEL 6    /* and of the distances (a byte a position: level 12 is 4-7 times
                             slower for 6-8% less; docs/egdb.md) */

typedef struct DbSlice {
    DbKey t[2];
    int ntables;        /* 1 when the table is its own mirror */
    uint64_t positions; /* in both tables */
} DbSlice;

/* Every slice of 2..pieces pieces in build order (*out malloc'd). Returns the count. */
int dbbuild_slices(int pieces, DbSlice **out);

/* Whether slice `s` looks up slice `d` (directly or through others of its piece count):
 * d has fewer pieces, or the same with fewer men or higher leading ranks. */
bool dbbuild_depends(const DbSlice *s, const DbSlice *d);

/* The slice a table belongs to, and which of its tables it is (0 or 1). */
int dbbuild_slice_of(const DbKey *key, DbSlice *slice);

/* The file of a slice: DIR/NAME.egdb with the name of its first table. */
void dbbuild_path(const char *dir, const DbSlice *s, char *out, size_t size);

/* What a slice came to. */
typedef struct DbSliceStats {
    uint64_t positions, wins, draws, losses, invalid;
    uint64_t bytes;
    int max_dtc; /* the longest conversion distance (0 when not kept) */
    double seconds;
    double cpu[3]; /* processor seconds of the three steps: the moves, the retrograde
                      passes, compressing and writing the file */
} DbSliceStats;

typedef struct DbBuilder DbBuilder;

/* A builder writing into `dir` (which must exist); memory_mb caps the tables it keeps loaded
 * for lookups (0: 4096). */
DbBuilder *dbbuild_create(const char *dir, int variant, size_t memory_mb, ShError *err);
void dbbuild_free(DbBuilder *b);

/* Solve one slice and write its file; its dependencies must be built. Thread-safe: threads
 * may build different slices with one builder. */
ShStatus dbbuild_slice(DbBuilder *b, const DbSlice *s, DbSliceStats *stats, ShError *err);

/* Whether a slice's file is there and whole (its header and index read). */
bool dbbuild_done(const char *dir, const DbSlice *s);

typedef struct DbBuildOptions {
    int pieces;
    const char *dir;
    int threads;
    int variant;
    size_t memory_mb;
    FILE *log; /* a line per slice built, or NULL */
    /* Called (from the building threads, one at a time) with the slices done and their count:
     * once before the first slice is built, then after each; NULL for none. */
    void (*progress)(void *context, int done, int count);
    void *context;
    const atomic_bool *cancel; /* when it turns true, no further slice is begun; NULL: none */
} DbBuildOptions;

/* Build every slice of up to `pieces` pieces that is not yet in the folder. A cancelled build
 * stops after the slices it is solving (SH_ERR_ARGUMENT, "the build stopped before its end")
 * and resumes where it stopped. */
ShStatus dbbuild_run(const DbBuildOptions *o, ShError *err);
/* One build of a folder at a time on this machine (dbbuild_run's, the MPI build's rank 0): the
 * folder made if need be and its lock file held, waited for (said on `log`) while another build
 * holds it. The lock's descriptor, closed to release it; -1 with the error. */
int dbbuild_lock(const char *dir, FILE *log, ShError *err);

/* A schedule: which slices are done, which are running, which may start. */
typedef struct DbSchedule {
    int count;
    const DbSlice *slices;
    uint8_t *state;  /* 0 waiting, 1 running, 2 done */
    int done;
    int done_prefix; /* slices [0, done_prefix) are all done */
    int scan;        /* no waiting slice before this */
    int *pending;    /* dependencies of the same piece count not yet done */
    int *first;      /* the first slice of each one's piece count */
    int *edge_start, *edges; /* dependents of each slice */
} DbSchedule;

bool dbschedule_init(DbSchedule *s, const DbSlice *slices, int count);
void dbschedule_free(DbSchedule *s);
/* A slice that may start now (marked running), -1 if none may yet, -2 if none is left. */
int dbschedule_next(DbSchedule *s);
void dbschedule_finish(DbSchedule *s, int index);

/* The folder made, stale temporary files removed, the slices listed and those already built
 * marked done (for dbbuild_run and the MPI build). */
ShStatus dbbuild_prepare(const char *dir, int pieces, DbSlice **slices, DbSchedule *sched,
                         ShError *err);

/* A line about a slice just built. */
void dbbuild_log(FILE *log, const DbSlice *s, const DbSliceStats *st, int done, int count);

#endif
