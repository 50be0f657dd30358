/*
 * cstore.h - solving and composing contests (include/shashki_contest.h) kept in the games'
 * SQLite file: a row a contest holding its whole text (sh_contest_write), rewritten in one
 * transaction at each change (a solver's answer, a problem added, a judge's points). WAL and
 * full synchronisation as the games' archive and the events; safe from any thread.
 */
#ifndef SHASHKI_CSTORE_H
#define SHASHKI_CSTORE_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki_contest.h"

typedef struct CStore CStore;

typedef struct CStoredContest {
    long id;
    char name[SH_CONTEST_TEXT];
    char kind[16];
    char updated[32];
} CStoredContest;

CStore *cstore_open(const char *path, char *err, size_t size);
void cstore_close(CStore *store);
bool cstore_create(CStore *store, const ShContest *contest, long *id, char *err, size_t size);
bool cstore_save(CStore *store, long id, const ShContest *contest, char *err, size_t size);
bool cstore_load(CStore *store, long id, ShContest **contest, char *err, size_t size);
/* A number is an id; else the exact name, then a unique prefix: 0 none, -1 ambiguous. */
long cstore_find(CStore *store, const char *text);
int cstore_list(CStore *store, CStoredContest *out, int max);
bool cstore_delete(CStore *store, long id);

#endif
