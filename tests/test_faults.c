/* test_faults.c - a site of two `shashki serve` processes on one PostgreSQL database behind
 * nginx (docs/federation.md "Faults"), a game played through nginx as fast as the answers come,
 * and the process serving it killed (SIGKILL) at a random moment of the play, with a move in
 * flight (in its commit, some of the time): nginx goes on with the other process, every move that
 * was acknowledged is in the game, in its order, and the killed process comes back with them.
 * Then a rolling restart: process 1 stopped and started again, process 2 stopped at once, and
 * nginx answers from process 1 at once (the shipped file's max_fails=0). Runs with the faults-pg
 * suite (make test). */
#include <curl/curl.h>
#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "test.h"
#include "test_pg.h"
#include "test_proxy.h"
#include "test_server.h"

#define FAULT_MOVES 400 /* at most, a game's acknowledged moves kept */
#define FAULT_ROUNDS 3

typedef struct Player {
    int port;              /* nginx's (HTTPS) */
    char ca[96];           /* its test certificate (test_proxy.h) */
    char jar[64];          /* the device's cookies: every seat of the game */
    char acked[FAULT_MOVES][32]; /* the moves acknowledged (200), by ply - 1 */
    atomic_int nacked;     /* how many */
    atomic_bool stop;
    atomic_int refused;    /* answers other than 200 (the request the kill cut short) */
} Player;

/* One request to a port with the device's cookies, over HTTPS trusting `ca` when one is
 * given (nginx), else plain HTTP (a process): the status (0: no answer) and the JSON answer in
 * *out (NULL when none). */
static long exchange_at(int port, const char *ca, const char *jar, const char *method,
                        const char *path, const char *body, json_t **out)
{
    CURL *curl = curl_easy_init();
    Buffer b = {0};
    char url[256];
    snprintf(url, sizeof url, "%s://127.0.0.1:%d%s", ca ? "https" : "http", port, path);
    struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    if (ca)
        curl_easy_setopt(curl, CURLOPT_CAINFO, ca);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_COOKIEFILE, jar);
    curl_easy_setopt(curl, CURLOPT_COOKIEJAR, jar);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (body)
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &b);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
    long status = 0;
    if (curl_easy_perform(curl) == CURLE_OK)
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    *out = b.data ? json_loads(b.data, 0, NULL) : NULL;
    free(b.data);
    return status;
}

/* The same through nginx. */
static long exchange(const Player *p, const char *method, const char *path, const char *body,
                     json_t **out)
{
    return exchange_at(p->port, p->ca, p->jar, method, path, body, out);
}

/* The game's moves and its first legal move, from a Game. */
static int game_plies(json_t *game, char *next, size_t size)
{
    json_t *legal = json_object_get(json_object_get(game, "position"), "legal");
    const char *move = json_string_value(json_object_get(json_array_get(legal, 0), "notation"));
    snprintf(next, size, "%s", move ? move : "");
    return (int)json_array_size(json_object_get(game, "moves"));
}

/* Play the game's first legal move, again and again, until told to stop or the game ends; a
 * move not acknowledged (the process killed under it) is followed by a read of the game. */
static void *play(void *arg)
{
    Player *p = arg;
    json_t *game = NULL;
    char next[32] = "";
    int plies = exchange(p, "GET", "/api/games/1", NULL, &game) == 200 ? game_plies(game, next, sizeof next) : 0;
    json_decref(game);
    while (!atomic_load(&p->stop) && next[0] && plies < FAULT_MOVES) {
        char body[128];
        snprintf(body, sizeof body, "{\"move\": \"%s\", \"ply\": %d}", next, plies);
        long status = exchange(p, "POST", "/api/games/1/moves", body, &game);
        if (status == 200) {
            snprintf(p->acked[plies], sizeof p->acked[plies], "%s", next);
            atomic_store(&p->nacked, plies + 1);
            plies = game_plies(game, next, sizeof next);
        } else {
            p->refused++;
            json_decref(game);
            game = NULL;
            if (exchange(p, "GET", "/api/games/1", NULL, &game) == 200)
                plies = game_plies(game, next, sizeof next);
        }
        json_decref(game);
        game = NULL;
    }
    return NULL;
}

/* With SHASHKI_KEEP_NGINX set (nginx's logs kept: test_proxy.c), a kill or a start on stderr
 * with its time, to be read beside nginx's access log. */
static void trace(const char *what, int port)
{
    if (!getenv("SHASHKI_KEEP_NGINX"))
        return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    fprintf(stderr, "TRACE %ld.%03ld %s port %d\n", (long)ts.tv_sec, ts.tv_nsec / 1000000, what,
            port);
}

/* The game as a process reads it has every acknowledged move, in its order. */
static void check_acked(Player *p, int port, const char *who)
{
    json_t *game = NULL;
    long status = exchange_at(port, NULL, p->jar, "GET", "/api/games/1", NULL, &game);
    CHECK_MSG(status == 200, "%s: status %ld", who, status);
    json_t *moves = json_object_get(game, "moves");
    int acked = atomic_load(&p->nacked);
    CHECK_MSG((int)json_array_size(moves) >= acked, "%s: %zu moves, %d acknowledged", who,
              json_array_size(moves), acked);
    /* a move whose answer the kill cut short may be in the game or not: only the acknowledged
     * ones are checked */
    for (int i = 0; i < acked && i < (int)json_array_size(moves); i++) {
        if (!p->acked[i][0])
            continue;
        json_t *m = json_object_get(json_array_get(moves, (size_t)i), "move");
        const char *text = json_string_value(json_object_get(m, "notation"));
        CHECK_MSG(text && strcmp(text, p->acked[i]) == 0, "%s: move %d is %s, %s was acknowledged",
                  who, i + 1, text ? text : "missing", p->acked[i]);
    }
    json_decref(game);
}

/* A process stopped (SIGKILL when crash), with its time traced. */
static void stop_at(Server *s, int port, bool crash)
{
    trace(crash ? "kill" : "stop", port);
    server_stop(s, crash);
}

/* A process started again on its port (nginx's upstream names it): whether it started. */
static bool start_again(Server *s, int port)
{
    s->want_port = port;
    bool ok = server_start(s);
    s->want_port = 0;
    trace("restarted", port);
    return ok;
}

/* Reads of the game through nginx, each on a new connection (so that each of nginx's workers
 * takes some): every one answered 200, or (since > 0) any that come 5 s or more after `since`,
 * once nginx's fail_timeout would be over anyway. */
static void reads_answered(Player *p, int n, time_t since)
{
    for (int i = 0; i < n; i++) {
        json_t *game = NULL;
        long status = exchange(p, "GET", "/api/games/1", NULL, &game);
        json_decref(game);
        CHECK_MSG(status == 200 || (since && time(NULL) - since >= 5),
                  "read %d: %ld (nginx skipping the process that runs)", i + 1, status);
    }
}

/* A rolling restart as an administrator does it: process 1 stopped (nginx fails requests on
 * it), started again, and process 2 stopped at once: nginx answers from process 1 at once (the
 * shipped file's max_fails=0: no process is skipped for having failed). With max_fails=1
 * fail_timeout=5s nginx answered 502 "no live upstreams" until process 1's 5 s were over: the
 * windows the kills above met whenever a round came within 5 s of the last. */
static void rolling_restart(Player *p, Server *procs, const int *ports)
{
    test_case("faults: a rolling restart, process 2 stopped right after process 1 came back");
    stop_at(&procs[0], ports[0], false);
    reads_answered(p, 8, 0);
    CHECK(start_again(&procs[0], ports[0]));
    stop_at(&procs[1], ports[1], false);
    reads_answered(p, 8, time(NULL));
    CHECK(start_again(&procs[1], ports[1]));
}

void suite_faults_pg(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    Server procs[2];
    memset(procs, 0, sizeof procs);
    test_case("faults: a database of their own");
    bool made = test_pg_database(procs[0].db, sizeof procs[0].db);
    CHECK_MSG(made, "%s", procs[0].db);
    if (!made)
        return;
    snprintf(procs[0].proxy, sizeof procs[0].proxy, "127.0.0.1");
    procs[1] = procs[0];
    int ports[2];
    test_case("faults: two processes and nginx start");
    for (int i = 0; i < 2; i++) {
        CHECK(server_start(&procs[i]));
        ports[i] = procs[i].port;
    }
    Proxy nginx;
    bool proxied = proxy_start(&nginx, ports, 2);
    CHECK(proxied);
    Player *p = calloc(1, sizeof *p);
    if (!proxied || !p || test_case_failed()) {
        free(p);
        for (int i = 0; i < 2; i++)
            server_stop(&procs[i], false);
        return;
    }
    p->port = nginx.port;
    snprintf(p->ca, sizeof p->ca, "%s", nginx.ca);
    snprintf(p->jar, sizeof p->jar, "/tmp/shashki-faults-XXXXXX");
    int fd = mkstemp(p->jar);
    if (fd >= 0)
        close(fd);
    json_t *game = NULL;
    test_case("faults: a game through nginx, every seat on one device");
    CHECK_INT(exchange(p, "POST", "/api/games", "{\"opponent\": \"human\", \"time\": \"60m\"}", &game),
              201);
    json_decref(game);
    uint64_t seed = (uint64_t)time(NULL);
    for (int round = 0; round < FAULT_ROUNDS && !test_case_failed(); round++) {
        int victim = round % 2;
        test_case("faults: round %d, process %d killed while moves are played through nginx",
                  round + 1, victim + 1);
        atomic_store(&p->stop, false);
        pthread_t thread;
        CHECK(pthread_create(&thread, NULL, play, p) == 0);
        /* a few moves acknowledged, then the kill at a random moment (0-50 ms later): the
         * player's requests follow each other at once, so one is almost always in flight */
        int before = atomic_load(&p->nacked);
        for (int waited = 0; atomic_load(&p->nacked) < before + 4 && waited < 3000; waited++)
            usleep(10 * 1000);
        usleep((useconds_t)(test_random(&seed) % 50000));
        int refused = p->refused;
        stop_at(&procs[victim], ports[victim], true);
        int at_kill = atomic_load(&p->nacked);
        /* nginx goes on with the other process */
        for (int waited = 0; atomic_load(&p->nacked) < at_kill + 4 && waited < 3000; waited++)
            usleep(10 * 1000);
        CHECK_MSG(atomic_load(&p->nacked) >= at_kill + 4,
                  "only %d moves acknowledged through nginx after the kill (%d before it)",
                  atomic_load(&p->nacked) - at_kill, at_kill);
        atomic_store(&p->stop, true);
        pthread_join(thread, NULL);
        /* the request the kill cut short, and the read after it; not nginx's 502s while it
         * skipped the process that lived (restarted within fail_timeout of its own kill) */
        CHECK_MSG(p->refused - refused <= 4, "%d answers other than 200 after the kill",
                  p->refused - refused);
        check_acked(p, ports[1 - victim], "the process that lived");
        CHECK(start_again(&procs[victim], ports[victim]));
        check_acked(p, ports[victim], "the process killed, started again");
    }
    test_case("faults: the moves played");
    CHECK_MSG(atomic_load(&p->nacked) >= 8 * FAULT_ROUNDS, "%d moves", atomic_load(&p->nacked));
    rolling_restart(p, procs, ports);
    proxy_stop(&nginx);
    for (int i = 0; i < 2; i++)
        server_stop(&procs[i], false);
    unlink(p->jar);
    free(p);
    curl_global_cleanup();
}
