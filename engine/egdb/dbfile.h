/*
 * dbfile.h - one slice of the endgame databases on disk.
 *
 * A slice file holds one or two tables: a material and its leading ranks with White to move,
 * and the same material seen from the other side (the positions after a quiet move), since
 * the two are solved together. Each table has a section of win/draw/loss values, two bits a
 * position (0 draw, 1 win, 2 loss for the side to move), and, in databases of up to five
 * pieces, a section of conversion distances, a byte a position (the plies to the next capture
 * or crowning with best play; 0 for draws).
 *
 * A section is cut into blocks of DBFILE_BLOCK bytes before compression, each compressed on
 * its own with zstd (a frame with its checksum), so that a probe reads and decompresses one
 * block of about a kilobyte: the file's index gives every block's offset. zstd was chosen
 * over lz4 because these blocks are small and their bytes few-valued: zstd's entropy coding
 * compresses them several times better, and a 4 KB block still decompresses in a few
 * microseconds (docs/egdb.md has the measurements).
 *
 * Layout, little-endian: a 40-byte header ("SHEGDB01", version, variant, tables, flags, block
 * size), a 72-byte record per table (key, counts, block counts, where its two block indexes
 * are), the indexes ((blocks + 1) 64-bit offsets each), then the blocks. A file is written
 * under a temporary name and renamed when complete, so a file that exists is whole.
 */
#ifndef SHASHKI_DBFILE_H
#define SHASHKI_DBFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "egdb/dbindex.h"
#include "shashki.h"

#define DBFILE_BLOCK 4096
#define DBFILE_WDL_PER_BLOCK (DBFILE_BLOCK * 4)
#define DBFILE_SUFFIX ".egdb"

enum { DB_DRAW = 0, DB_WIN = 1, DB_LOSS = 2, DB_UNKNOWN = 3 };

typedef struct DbTableInfo {
    DbKey key;
    uint64_t positions, wins, draws, losses, invalid;
    uint32_t wdl_blocks, dtc_blocks;
    uint64_t *wdl_offsets; /* wdl_blocks + 1 file offsets */
    uint64_t *dtc_offsets; /* dtc_blocks + 1, or NULL */
} DbTableInfo;

typedef struct DbFile {
    int fd;
    int variant;
    int ntables;
    bool dtc;
    uint64_t bytes; /* the file's size */
    DbTableInfo t[2];
} DbFile;

/* What a builder hands over to be written: per table the packed values (2 bits a position)
 * and the distances (a byte a position) or NULL. */
typedef struct DbTableData {
    DbKey key;
    uint64_t positions, wins, draws, losses, invalid;
    const uint8_t *wdl;
    const uint8_t *dtc;
} DbTableData;

/* Write a slice file (through `path`.tmp, then renamed), the values compressed at zstd level
 * `level`, the distances at `dtc_level`. */
ShStatus dbfile_write(const char *path, int variant, int ntables, const DbTableData *tables,
                      int level, int dtc_level, ShError *err);

/* Open a slice file and read its header and indexes. */
ShStatus dbfile_open(const char *path, DbFile *f, ShError *err);
void dbfile_close(DbFile *f);

/* Read and decompress one block of a table's section (0 values, 1 distances) into out
 * (DBFILE_BLOCK bytes); dctx is a ZSTD_DCtx. Returns the bytes it holds, or -1 on error. */
long dbfile_read_block(const DbFile *f, int table, int section, uint32_t block, void *dctx,
                       uint8_t *out, ShError *err);

/* Read a whole table: *wdl (positions / 4 + 1 bytes) and, if the file has them and dtc is not
 * NULL, *dtc (positions bytes). Free with free(). */
ShStatus dbfile_load(const DbFile *f, int table, uint8_t **wdl, uint8_t **dtc, ShError *err);

static inline int dbfile_wdl_get(const uint8_t *wdl, uint64_t i)
{
    return (wdl[i >> 2] >> (2 * (i & 3))) & 3;
}

static inline void dbfile_wdl_set(uint8_t *wdl, uint64_t i, int v)
{
    uint8_t *b = &wdl[i >> 2];
    *b = (uint8_t)((*b & ~(3 << (2 * (i & 3)))) | (v << (2 * (i & 3))));
}

#endif
