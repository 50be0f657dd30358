/* no_zstd.c - the WebAssembly build has no zstd (no wasm32 libzstd in Debian), so no endgame
 * database file (engine/egdb/dbfile.c) is read or written there: the page's engine has no
 * egdb-path, and these stand-ins fail if one were asked for. The kings-only tables
 * (engine/egdb.c) are computed in memory and work as in the program. */
#include <stddef.h>
#include <zstd.h>

size_t ZSTD_compressBound(size_t size)
{
    return size + 64;
}

unsigned ZSTD_isError(size_t code)
{
    return code == (size_t)-1;
}

const char *ZSTD_getErrorName(size_t code)
{
    (void)code;
    return "no zstd in the WebAssembly build";
}

ZSTD_DCtx *ZSTD_createDCtx(void)
{
    return NULL;
}

size_t ZSTD_freeDCtx(ZSTD_DCtx *dctx)
{
    (void)dctx;
    return 0;
}

size_t ZSTD_decompressDCtx(ZSTD_DCtx *dctx, void *dst, size_t capacity, const void *src,
                           size_t size)
{
    (void)dctx;
    (void)dst;
    (void)capacity;
    (void)src;
    (void)size;
    return (size_t)-1;
}
