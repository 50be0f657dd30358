/* store_copy.h - a site's whole database copied into another: a club's SQLite file into the
 * PostgreSQL database a federation's processes share, and back (`shashki db copy FROM TO`).
 *
 * Both are brought to this program's layout first (the stores create or migrate their tables),
 * then every table's rows are copied in one transaction, tables after the tables their rows
 * point at, ids kept (links, seat cookies and event pairings name them); PostgreSQL's id
 * counters are set past the copied ids. The destination must hold no games, events or puzzle
 * records yet: a copy never merges two sites. */
#ifndef SHASHKI_STORE_COPY_H
#define SHASHKI_STORE_COPY_H

#include <stdbool.h>
#include <stddef.h>

/* Called after each table with its name and the rows copied. */
typedef void (*StoreCopyProgress)(void *ctx, const char *table, long long rows);

/* Copy FROM into TO (each an SQLite path or a PostgreSQL name, db.h). False with the reason in
 * err, TO unchanged (the transaction is rolled back). */
bool store_copy(const char *from, const char *to, StoreCopyProgress progress, void *ctx,
                char *err, size_t size);

#endif
