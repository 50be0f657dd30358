/*
 * egdb_task.h - the endgame databases completed in the background by the web app
 * (docs/egdb.md, "Out of the box").
 *
 * On its start the server looks at its engines' folder of databases (WebGames.egdb); when it
 * lacks an ending of up to `pieces` pieces (5 unless told otherwise, WEB_EGDB_PIECES), a thread of its own, at
 * the lowest priority a thread may take (nice 19, like the reviews': the games' engines first),
 * builds the missing slices one at a time (engine/egdb/dbbuild.h: a killed build resumes, a
 * file is written whole or not at all). Starting never waits for it. Each time every slice of
 * one more piece count is there, and at the end, it tells the engines (dbprobe_refresh): an
 * engine takes the new databases at its next search and plays with the ones it had until then.
 *
 * State. The task's state is guarded by the games' lock; each change moves its version on and
 * wakes the streams (WebGames.changed): GET /api/health has it, GET /api/egdb/events follows it,
 * and the page's note shows it. Stopping the server tells the build to stop after its slice
 * and never waits for it; from then on the thread no longer touches the games.
 */
#ifndef SHASHKI_EGDB_TASK_H
#define SHASHKI_EGDB_TASK_H

#include <jansson.h>
#include <stdio.h>

#include "live.h"

typedef enum EgdbState {
    EGDB_OFF,      /* no build (shashki serve --no-egdb-build, or no folder) */
    EGDB_BUILDING, /* the thread is building */
    EGDB_READY,    /* every ending of up to `target` pieces is in the folder */
    EGDB_FAILED    /* the build stopped on an error (`error`) */
} EgdbState;

typedef struct EgdbTask EgdbTask;

/* Look at the folder g->egdb and start building it up to `pieces` pieces if it lacks any of
 * them (pieces 0: no build). `log` gets a line when the build ends (NULL: none). NULL only when
 * out of memory. */
EgdbTask *egdb_task_start(WebGames *g, int pieces, FILE *log);
/* The server stops: the build is asked to stop after the slice it is solving; never waits. */
void egdb_task_stop(EgdbTask *t);

/* (The games' lock held.) The state's version, and the state as the API gives it:
 * {"state": "off"|"building"|"ready"|"failed", "pieces": every ending of up to this many
 * pieces is used (0: none), "target": the build's pieces (0: none), "done", "total": its slices,
 * "error": text or null}. */
unsigned egdb_task_version(const EgdbTask *t);
json_t *egdb_task_json(const EgdbTask *t);

#endif
