/* test_load_levels.c - the engine's casual levels under the load test (test_load_levels.h).
 *
 * Each level's game is played by a device of its own: it sends a legal move (chosen at random,
 * seeded by the level) and reads the game every 10 ms until the engine's answer is in it. The
 * answer's time runs from the acknowledgement of the device's move (the server has committed it
 * and set the engine thinking) to the read that first shows the answer: at most the engine's
 * move time, the commit of its move and one read late. */
#include "test_load_levels.h"
#include "test_load_accounts.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shashki_play.h"
#include "test.h"

#define LEVELS 10
#define LEVEL_ANSWERS 8     /* engine answers a game */
#define LEVEL_POLL_NS 10000000L
#define LEVEL_SLACK 0.15    /* seconds past the move time: the commit, a read's round trip */

typedef struct LevelGame {
    LoadLevels *owner;
    int level;
    pthread_t thread;
    long id;
    int answers;
    double took[LEVEL_ANSWERS]; /* seconds from the acknowledgement to the answer seen */
    double seen[LEVEL_ANSWERS]; /* when (monotonic seconds) */
    char error[200];
} LevelGame;

struct LoadLevels {
    int port;
    double load_end; /* 0: still running */
    LevelGame games[LEVELS];
};

static double clock_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The level's move time in a game without a clock (server/live_engine.c). */
static double level_budget(int level)
{
    return level >= 10 ? 2.0 : 1.0;
}

/* The game's moves as the server has them: how many, and the last one's text. */
static int game_moves(CURL *h, int port, long id, char *last, size_t size)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%ld", id);
    json_t *j = NULL;
    if (load_request(h, port, path, NULL, &j) != 200 || !j) {
        json_decref(j);
        return -1;
    }
    json_t *moves = json_object_get(j, "moves");
    int n = (int)json_array_size(moves);
    json_t *move = n > 0 ? json_object_get(json_array_get(moves, (size_t)n - 1), "move") : NULL;
    const char *text = json_string_value(json_object_get(move, "notation"));
    snprintf(last, size, "%s", text ? text : "");
    json_decref(j);
    return n;
}

static void *level_play(void *arg)
{
    LevelGame *g = arg;
    int port = g->owner->port;
    CURL *h = curl_easy_init();
    ShPlay *play = NULL;
    const ShKind *kind = sh_kind_find("russian");
    if (!h || !kind || sh_play_new(&play, kind, NULL, NULL) != SH_OK) {
        snprintf(g->error, sizeof g->error, "cannot set up the device");
        goto done;
    }
    char body[SH_PLAY_MOVE_TEXT_SIZE + 64];
    snprintf(body, sizeof body, "{\"opponent\": \"engine\", \"level\": %d, \"color\": \"white\"}",
             g->level);
    json_t *j = NULL;
    long st = load_request(h, port, "/api/games", body, &j);
    g->id = j ? (long)json_integer_value(json_object_get(j, "id")) : 0;
    json_decref(j);
    if (st != 201 || g->id <= 0) {
        snprintf(g->error, sizeof g->error, "POST /api/games answered %ld", st);
        goto done;
    }
    uint64_t seed = 1000u + (uint64_t)g->level;
    for (int k = 0; k < LEVEL_ANSWERS; k++) {
        int count;
        ShPlayMove *list = sh_play_moves(play, &count);
        if (!list)
            break; /* the game is over */
        char move[SH_PLAY_MOVE_TEXT_SIZE];
        snprintf(move, sizeof move, "%s", list[test_random(&seed) % (uint64_t)count].full);
        free(list);
        char path[64];
        snprintf(path, sizeof path, "/api/games/%ld/moves", g->id);
        snprintf(body, sizeof body, "{\"move\": \"%s\", \"ply\": %d}", move, 2 * k);
        st = load_request(h, port, path, body, NULL);
        double acked = clock_now();
        if (st != 200 || sh_play_move(play, move, NULL, NULL) != SH_OK) {
            snprintf(g->error, sizeof g->error, "move %d (%.60s) answered %ld", 2 * k + 1, move,
                     st);
            break;
        }
        if (sh_play_over(play))
            break; /* the move ended the game */
        char last[SH_PLAY_MOVE_TEXT_SIZE];
        int n;
        while ((n = game_moves(h, port, g->id, last, sizeof last)) >= 0 && n < 2 * k + 2) {
            if (clock_now() - acked > 30) {
                n = -1;
                break;
            }
            struct timespec pause = {0, LEVEL_POLL_NS};
            nanosleep(&pause, NULL);
        }
        double seen = clock_now();
        if (n < 0 || sh_play_move(play, last, NULL, NULL) != SH_OK) {
            snprintf(g->error, sizeof g->error, "no answer to move %d read (%.60s)", 2 * k + 1,
                     last);
            break;
        }
        g->took[g->answers] = seen - acked;
        g->seen[g->answers] = seen;
        g->answers++;
    }
done:
    sh_play_free(play);
    if (h)
        curl_easy_cleanup(h);
    return NULL;
}

LoadLevels *load_levels_start(int port)
{
    LoadLevels *levels = calloc(1, sizeof *levels);
    if (!levels)
        return NULL;
    levels->port = port;
    for (int i = 0; i < LEVELS; i++) {
        LevelGame *g = &levels->games[i];
        g->owner = levels;
        g->level = i + 1;
        if (pthread_create(&g->thread, NULL, level_play, g) != 0) {
            snprintf(g->error, sizeof g->error, "cannot start a thread");
            g->level = 0;
        }
    }
    return levels;
}

void load_levels_load_ended(LoadLevels *levels, double at)
{
    if (levels)
        levels->load_end = at;
}

void load_levels_finish(LoadLevels *levels)
{
    if (!levels)
        return;
    for (int i = 0; i < LEVELS; i++)
        if (levels->games[i].level)
            pthread_join(levels->games[i].thread, NULL);
    for (int i = 0; i < LEVELS; i++) {
        LevelGame *g = &levels->games[i];
        double budget = level_budget(i + 1), worst = 0, sum = 0;
        int during = 0;
        for (int k = 0; k < g->answers; k++) {
            worst = g->took[k] > worst ? g->took[k] : worst;
            sum += g->took[k];
            during += levels->load_end == 0 || g->seen[k] <= levels->load_end;
        }
        test_case("load: the engine at level %d answers within its move time (%.0f s) while the "
                  "games play", i + 1, budget);
        CHECK_MSG(!g->error[0], "level %d: %s", i + 1, g->error);
        CHECK(g->answers > 0);
        printf("     load: level %d: %d answers (%d while the load ran), mean %.3f s, worst "
               "%.3f s, move time %.1f s\n",
               i + 1, g->answers, during, g->answers ? sum / g->answers : 0, worst, budget);
        CHECK_MSG(worst <= budget + LEVEL_SLACK, "level %d: an answer took %.3f s", i + 1, worst);
    }
    free(levels);
}
