/* test_load_levels.h - the engine's casual levels played while the load test's games run
 * (SHASHKI_LOAD_LEVELS=1, make test-slow's load suite): how long each engine answer takes
 * against its level's move time (server/live_engine.c: 1 s at levels 1-9, 2 s at level 10). */
#ifndef SHASHKI_TEST_LOAD_LEVELS_H
#define SHASHKI_TEST_LOAD_LEVELS_H

#include <curl/curl.h>
#include <jansson.h>
#include <stdbool.h>

typedef struct LoadLevels LoadLevels;

/* Start a game against the engine at each level 1-10 on the server at `port`, each on a
 * thread of its own, as ten people playing at once. NULL if it cannot start. */
LoadLevels *load_levels_start(int port);
/* The load's games have all ended at this moment (now_s's clock): the answers after it are
 * counted apart. */
void load_levels_load_ended(LoadLevels *levels, double at);
/* Wait for the games, report each level's answer times and check them (test cases). */
void load_levels_finish(LoadLevels *levels);

#endif
