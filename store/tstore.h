/*
 * tstore.h - events (competitions) kept in the games' SQLite file.
 *
 * An event is one row holding its whole text (sh_event_write: settings, players, requests,
 * stages, pairings and results, nothing derived), and every change the arbiter makes is one
 * transaction that rewrites that row, appends a line to the event's change log and relinks
 * its games (the `tournament_games` rows naming, for each pairing's game, the id of the
 * recorded game in `games`). The file runs in WAL mode with full synchronisation, as the
 * games' archive does, so a change that was acknowledged survives a crash, and a change
 * that fails leaves the event as it was. Standings are never stored: they are derived from
 * the event when asked. Every function is safe to call from any thread.
 */
#ifndef SHASHKI_TSTORE_H
#define SHASHKI_TSTORE_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki_tournament.h"

typedef struct TStore TStore;

typedef struct TStoredEvent {
    long id;
    char name[SH_EVENT_TEXT];
    char created[32], updated[32]; /* ISO 8601, UTC */
    int changes;                   /* lines in the change log */
} TStoredEvent;

TStore *tstore_open(const char *path, char *err, size_t size);
void tstore_close(TStore *store);

/* Add an event (its first change is `change`, e.g. "create"); *id gets its id. */
bool tstore_create(TStore *store, const ShEvent *event, const char *change, long *id, char *err,
                   size_t size);
/* Save the event as it is now, with the change that made it so, in one transaction. When the
 * event was read here (tstore_load) and has been saved elsewhere since (another process of a
 * site, another store on the same database), the save is refused and tstore_stale says so:
 * read it again and make the change again. */
bool tstore_stale(TStore *store);
bool tstore_save(TStore *store, long id, const ShEvent *event, const char *change, char *err,
                 size_t size);
/* Load an event; false with the reason if there is none or it cannot be read. */
bool tstore_load(TStore *store, long id, ShEvent **event, char *err, size_t size);
/* The id of the event named `text` (a number is an id; else the exact name, then a unique
 * prefix); 0 if none, -1 if the prefix is ambiguous. */
long tstore_find(TStore *store, const char *text);
/* Events, oldest first; returns how many were written (at most max). */
int tstore_list(TStore *store, TStoredEvent *out, int max);
/* The change log of an event: calls `line` for each change, oldest first. */
int tstore_changes(TStore *store, long id, void (*line)(void *ctx, const char *time,
                                                         const char *change),
                   void *ctx);
bool tstore_delete(TStore *store, long id);

/* Where a recorded game was played: its event, stage, round, board and game (0-based). */
typedef struct TStoreLink {
    long event;
    int stage, round, board, game;
} TStoreLink;
/* The event of a recorded game; false if it belongs to none. */
bool tstore_game_link(TStore *store, long game_id, TStoreLink *link);

#endif
