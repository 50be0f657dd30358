/* dbfile.c - slice files: compressed blocks with an index (see dbfile.h). */
#include "egdb/dbfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include "error.h"

#define MAGIC "SHEGDB01"
#define VERSION 1
#define HEADER_SIZE 40
#define TABLE_SIZE 72
#define FLAG_DTC 1u

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static uint64_t get64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

typedef struct Buffer {
    uint8_t *data;
    size_t size, cap;
} Buffer;

static bool buffer_reserve(Buffer *b, size_t more)
{
    if (b->size + more <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap < b->size + more)
        cap *= 2;
    uint8_t *d = realloc(b->data, cap);
    if (!d)
        return false;
    b->data = d;
    b->cap = cap;
    return true;
}

/* Compress `size` bytes block by block onto `out`; offsets[i] = where block i starts in out. */
static bool compress_section(ZSTD_CCtx *cctx, const uint8_t *src, uint64_t size, Buffer *out,
                             uint64_t *offsets, uint32_t blocks)
{
    size_t bound = ZSTD_compressBound(DBFILE_BLOCK);
    for (uint32_t b = 0; b < blocks; b++) {
        uint64_t start = (uint64_t)b * DBFILE_BLOCK;
        size_t n = size - start < DBFILE_BLOCK ? (size_t)(size - start) : DBFILE_BLOCK;
        if (!buffer_reserve(out, bound))
            return false;
        offsets[b] = out->size;
        size_t c = ZSTD_compress2(cctx, out->data + out->size, bound, src + start, n);
        if (ZSTD_isError(c))
            return false;
        out->size += c;
    }
    offsets[blocks] = out->size;
    return true;
}

ShStatus dbfile_write(const char *path, int variant, int ntables, const DbTableData *tables,
                      int level, int dtc_level, ShError *err)
{
    bool dtc = tables[0].dtc != NULL;
    uint32_t wblocks[2] = {0}, dblocks[2] = {0};
    uint64_t wbytes[2], dbytes[2];
    size_t index_words = 0;
    for (int t = 0; t < ntables; t++) {
        wbytes[t] = tables[t].positions / 4 + 1;
        dbytes[t] = dtc ? tables[t].positions : 0;
        wblocks[t] = (uint32_t)((wbytes[t] + DBFILE_BLOCK - 1) / DBFILE_BLOCK);
        dblocks[t] = (uint32_t)((dbytes[t] + DBFILE_BLOCK - 1) / DBFILE_BLOCK);
        index_words += wblocks[t] + 1 + (dtc ? dblocks[t] + 1 : 0);
    }
    uint64_t *offsets = calloc(index_words, sizeof(uint64_t));
    Buffer data = {0};
    ZSTD_CCtx *cctx = ZSTD_createCCtx();
    if (!offsets || !cctx) {
        free(offsets);
        ZSTD_freeCCtx(cctx);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory writing %s", path);
    }
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
    bool ok = true;
    size_t w = 0;
    uint64_t *section[2][2];
    for (int t = 0; t < ntables && ok; t++) {
        section[t][0] = offsets + w;
        ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, level);
        ok = compress_section(cctx, tables[t].wdl, wbytes[t], &data, offsets + w, wblocks[t]);
        w += wblocks[t] + 1;
        section[t][1] = NULL;
        if (dtc && ok) {
            ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, dtc_level);
            section[t][1] = offsets + w;
            ok = compress_section(cctx, tables[t].dtc, dbytes[t], &data, offsets + w,
                                  dblocks[t]);
            w += dblocks[t] + 1;
        }
    }
    ZSTD_freeCCtx(cctx);
    if (!ok) {
        free(offsets);
        free(data.data);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "cannot compress %s", path);
    }
    uint64_t base = HEADER_SIZE + (uint64_t)TABLE_SIZE * (uint64_t)ntables + 8 * index_words;
    for (size_t i = 0; i < index_words; i++)
        offsets[i] += base;
    uint8_t head[HEADER_SIZE + 2 * TABLE_SIZE];
    memset(head, 0, sizeof head);
    memcpy(head, MAGIC, 8);
    put32(head + 8, VERSION);
    put32(head + 12, (uint32_t)variant);
    put32(head + 16, (uint32_t)ntables);
    put32(head + 20, dtc ? FLAG_DTC : 0);
    put32(head + 24, DBFILE_BLOCK);
    uint64_t where = HEADER_SIZE + (uint64_t)TABLE_SIZE * (uint64_t)ntables;
    for (int t = 0; t < ntables; t++) {
        uint8_t *p = head + HEADER_SIZE + TABLE_SIZE * t;
        const DbKey *k = &tables[t].key;
        p[0] = k->sm, p[1] = k->sk, p[2] = k->om, p[3] = k->ok, p[4] = k->ls, p[5] = k->lo;
        put64(p + 8, tables[t].positions);
        put64(p + 16, tables[t].wins);
        put64(p + 24, tables[t].draws);
        put64(p + 32, tables[t].losses);
        put64(p + 40, tables[t].invalid);
        put32(p + 48, wblocks[t]);
        put32(p + 52, dtc ? dblocks[t] : 0);
        put64(p + 56, where);
        where += 8 * (uint64_t)(wblocks[t] + 1);
        put64(p + 64, dtc ? where : 0);
        if (dtc)
            where += 8 * (uint64_t)(dblocks[t] + 1);
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f) {
        free(offsets);
        free(data.data);
        return error_set(err, SH_ERR_IO, 0, 0, "cannot write %s: %s", tmp, strerror(errno));
    }
    uint8_t *words = malloc(8 * index_words + 1);
    if (words)
        for (size_t i = 0; i < index_words; i++)
            put64(words + 8 * i, offsets[i]);
    ok = words && fwrite(head, 1, HEADER_SIZE + (size_t)TABLE_SIZE * (size_t)ntables, f) ==
                      HEADER_SIZE + (size_t)TABLE_SIZE * (size_t)ntables &&
         fwrite(words, 8, index_words, f) == index_words &&
         fwrite(data.data, 1, data.size, f) == data.size && fflush(f) == 0 &&
         fsync(fileno(f)) == 0;
    ok = (fclose(f) == 0) && ok;
    free(words);
    free(offsets);
    free(data.data);
    (void)section;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return error_set(err, SH_ERR_IO, 0, 0, "cannot write %s: %s", path, strerror(e));
    }
    return SH_OK;
}

ShStatus dbfile_open(const char *path, DbFile *f, ShError *err)
{
    memset(f, 0, sizeof *f);
    f->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (f->fd < 0)
        return error_set(err, SH_ERR_IO, 0, 0, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    uint8_t head[HEADER_SIZE + 2 * TABLE_SIZE];
    if (fstat(f->fd, &st) != 0 || pread(f->fd, head, HEADER_SIZE, 0) != HEADER_SIZE ||
        memcmp(head, MAGIC, 8) != 0 || get32(head + 8) != VERSION ||
        get32(head + 24) != DBFILE_BLOCK || get32(head + 16) < 1 || get32(head + 16) > 2) {
        close(f->fd);
        f->fd = -1;
        return error_set(err, SH_ERR_SYNTAX, 0, 0, "%s is not a Shashki endgame database file",
                         path);
    }
    f->bytes = (uint64_t)st.st_size;
    f->variant = (int)get32(head + 12);
    f->ntables = (int)get32(head + 16);
    f->dtc = (get32(head + 20) & FLAG_DTC) != 0;
    size_t tsize = (size_t)TABLE_SIZE * (size_t)f->ntables;
    if (pread(f->fd, head + HEADER_SIZE, tsize, HEADER_SIZE) != (ssize_t)tsize)
        goto bad;
    for (int t = 0; t < f->ntables; t++) {
        const uint8_t *p = head + HEADER_SIZE + TABLE_SIZE * t;
        DbTableInfo *ti = &f->t[t];
        DbKey k = {p[0], p[1], p[2], p[3], p[4], p[5]};
        ti->key = k;
        ti->positions = get64(p + 8);
        ti->wins = get64(p + 16);
        ti->draws = get64(p + 24);
        ti->losses = get64(p + 32);
        ti->invalid = get64(p + 40);
        ti->wdl_blocks = get32(p + 48);
        ti->dtc_blocks = get32(p + 52);
        if (dbindex_pieces(&k) > DB_MAX_PIECES || ti->positions != dbindex_size(&k) ||
            ti->wdl_blocks != (ti->positions / 4 + 1 + DBFILE_BLOCK - 1) / DBFILE_BLOCK ||
            (f->dtc && ti->dtc_blocks != (ti->positions + DBFILE_BLOCK - 1) / DBFILE_BLOCK))
            goto bad;
        for (int s = 0; s < (f->dtc ? 2 : 1); s++) {
            uint32_t n = (s ? ti->dtc_blocks : ti->wdl_blocks) + 1;
            uint64_t at = get64(p + 56 + 8 * s);
            uint8_t *raw = malloc(8 * (size_t)n);
            uint64_t *o = malloc(8 * (size_t)n);
            if (!raw || !o || pread(f->fd, raw, 8 * (size_t)n, (off_t)at) != (ssize_t)(8 * n)) {
                free(raw);
                free(o);
                goto bad;
            }
            for (uint32_t i = 0; i < n; i++)
                o[i] = get64(raw + 8 * i);
            free(raw);
            if (s)
                ti->dtc_offsets = o;
            else
                ti->wdl_offsets = o;
            for (uint32_t i = 0; i + 1 < n; i++)
                if (o[i] > o[i + 1] || o[i + 1] - o[i] > ZSTD_compressBound(DBFILE_BLOCK))
                    goto bad;
            if (o[n - 1] > f->bytes)
                goto bad;
        }
    }
    return SH_OK;
bad:
    dbfile_close(f);
    return error_set(err, SH_ERR_SYNTAX, 0, 0, "%s: damaged endgame database file", path);
}

void dbfile_close(DbFile *f)
{
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
    for (int t = 0; t < 2; t++) {
        free(f->t[t].wdl_offsets);
        free(f->t[t].dtc_offsets);
        f->t[t].wdl_offsets = f->t[t].dtc_offsets = NULL;
    }
}

long dbfile_read_block(const DbFile *f, int table, int section, uint32_t block, void *dctx,
                       uint8_t *out, ShError *err)
{
    const DbTableInfo *ti = &f->t[table];
    const uint64_t *o = section ? ti->dtc_offsets : ti->wdl_offsets;
    uint32_t blocks = section ? ti->dtc_blocks : ti->wdl_blocks;
    if (!o || block >= blocks) {
        error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such block");
        return -1;
    }
    uint8_t buf[ZSTD_COMPRESSBOUND(DBFILE_BLOCK)];
    size_t n = (size_t)(o[block + 1] - o[block]);
    if (pread(f->fd, buf, n, (off_t)o[block]) != (ssize_t)n) {
        error_set(err, SH_ERR_IO, 0, 0, "cannot read an endgame database block: %s",
                  strerror(errno));
        return -1;
    }
    size_t r = ZSTD_decompressDCtx(dctx, out, DBFILE_BLOCK, buf, n);
    if (ZSTD_isError(r)) {
        error_set(err, SH_ERR_SYNTAX, 0, 0, "damaged endgame database block: %s",
                  ZSTD_getErrorName(r));
        return -1;
    }
    return (long)r;
}

ShStatus dbfile_load(const DbFile *f, int table, uint8_t **wdl, uint8_t **dtc, ShError *err)
{
    const DbTableInfo *ti = &f->t[table];
    uint64_t wbytes = ti->positions / 4 + 1;
    *wdl = malloc((size_t)ti->wdl_blocks * DBFILE_BLOCK);
    if (dtc)
        *dtc = f->dtc ? malloc((size_t)ti->dtc_blocks * DBFILE_BLOCK + 1) : NULL;
    ZSTD_DCtx *dctx = ZSTD_createDCtx();
    bool ok = *wdl && dctx && (!dtc || !f->dtc || *dtc);
    for (uint32_t b = 0; ok && b < ti->wdl_blocks; b++) {
        long n = dbfile_read_block(f, table, 0, b, dctx, *wdl + (size_t)b * DBFILE_BLOCK, err);
        uint64_t want = wbytes - (uint64_t)b * DBFILE_BLOCK;
        ok = n >= 0 && (uint64_t)n == (want < DBFILE_BLOCK ? want : DBFILE_BLOCK);
    }
    for (uint32_t b = 0; ok && dtc && f->dtc && b < ti->dtc_blocks; b++) {
        long n = dbfile_read_block(f, table, 1, b, dctx, *dtc + (size_t)b * DBFILE_BLOCK, err);
        uint64_t want = ti->positions - (uint64_t)b * DBFILE_BLOCK;
        ok = n >= 0 && (uint64_t)n == (want < DBFILE_BLOCK ? want : DBFILE_BLOCK);
    }
    ZSTD_freeDCtx(dctx);
    if (!ok) {
        free(*wdl);
        *wdl = NULL;
        if (dtc) {
            free(*dtc);
            *dtc = NULL;
        }
        if (!err || err->code == SH_OK)
            error_set(err, SH_ERR_SYNTAX, 0, 0, "damaged endgame database table");
        return err ? err->code : SH_ERR_SYNTAX;
    }
    return SH_OK;
}
