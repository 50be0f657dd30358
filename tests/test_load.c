/* test_load.c - the web server under a club's load (make test-slow): load_games games between
 * simulated devices on loopback, each game with its players' devices and a spectator, every one
 * following the game's server-sent events as the page does. The games are a mix of every kind
 * (LOAD_KINDS: draughts on 8x8 and 10x10, column checkers, corners, go-ban, and the games of
 * three and four players), one after another; SHASHKI_LOAD_KINDS="russian" (a list of names
 * separated by commas) plays others instead, to compare with a run of one game.
 *
 * Each game plays a random legal game of up to LOAD_PLIES plies, worked out beforehand with
 * the game interface (shashki_play.h). A player's device sends its move only once its own
 * event stream has shown the opponent's move before it, as a person would. In two shapes:
 * saturated (the default), each device answers at once, so the games move as fast as the
 * server acknowledges moves and delivers events and moves/s is the server's capacity; paced
 * (SHASHKI_LOAD_PACE=1), each device waits 1-5 s (random) after it sees the move before its
 * own, as people play blitz: 1,000 games make about 330 moves/s, and what counts is the
 * time to acknowledge a move and to deliver its event. Checked: every move is acknowledged (200), every
 * watcher ends with its game's final state, the players' devices saw every move, and after
 * the server is killed (SIGKILL) and started again every game has every move acknowledged
 * (and only moves it was sent: one whose answer never came may be in it or not).
 * Reported: moves per second over the whole run, the time to acknowledge a move, and the
 * latency of an event (from a move's request to its state reaching each watcher).
 *
 * Everything is one thread driving libcurl's multi interface; the run is bounded in time
 * (LOAD_SECONDS) and stops by itself. SHASHKI_LOAD_LEVELS=1 plays a game against the engine at
 * each casual level besides, on threads of their own (test_load_levels.h). */
#include <curl/curl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "shashki_play.h"
#include "test.h"
#include "test_load_accounts.h"
#include "test_pg.h"
#include "test_proxy.h"
#include "test_server.h"
#include "test_load_levels.h"

#define LOAD_GAMES_DEFAULT 100
#define LOAD_GAMES_MAX 1000
#define MAX_PROCESSES 4
static int load_games = LOAD_GAMES_DEFAULT; /* SHASHKI_LOAD_GAMES */
static bool load_paced;                     /* SHASHKI_LOAD_PACE */
static uint64_t pace_seed = 20261206;
#define PACE_MIN 1.0 /* seconds a paced device thinks, at least */
#define PACE_MAX 5.0
#define LOAD_PLIES 40
#define LOAD_SECONDS 300
#define WATCHERS (SH_MAX_PLAYERS + 1) /* the players' devices (2-4), a spectator */
#define LOAD_KINDS "russian,international,columns,corners,goban,novgorod,neva"
#define MAX_VERSION 512

typedef struct Watcher {
    CURL *handle;
    Buffer buf;
    int game;
    int moves;             /* moves in the latest state */
    bool finished;         /* its status was "finished" */
    double seen[MAX_VERSION]; /* when the state with that many moves arrived (0: never) */
} Watcher;

typedef struct LoadGame {
    long id;
    const ShKind *kind;
    int players;
    CURL *device[SH_MAX_PLAYERS]; /* each player's, with its cookies */
    char moves[LOAD_PLIES][SH_PLAY_MOVE_TEXT_SIZE];
    int mover[LOAD_PLIES + 1];    /* the player of each move */
    int plies;             /* moves planned */
    int sent;              /* moves sent */
    int acked;             /* moves acknowledged */
    bool in_flight;
    Buffer answer;
    struct curl_slist *headers;
    char body[160];
    double sent_at[LOAD_PLIES];
    double acked_at[LOAD_PLIES];
    double ready_at;                 /* paced: when the mover answers (0: not yet decided) */
    long failed_status;              /* the status of a refused move, or 0 */
} LoadGame;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static char load_ca[96]; /* behind nginx: its certificate, reached over https */

static void request_setup(CURL *h, int port, const char *path, const char *body, Buffer *out,
                          struct curl_slist **headers)
{
    char url[256];
    snprintf(url, sizeof url, "%s://127.0.0.1:%d%s", load_ca[0] ? "https" : "http", port, path);
    curl_easy_setopt(h, CURLOPT_URL, url);
    if (load_ca[0]) /* nginx's test certificate (test_proxy.h) */
        curl_easy_setopt(h, CURLOPT_CAINFO, load_ca);
    curl_easy_setopt(h, CURLOPT_COOKIEFILE, ""); /* the device keeps its cookies */
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, out);
    curl_easy_setopt(h, CURLOPT_TIMEOUT, 60L);
    curl_easy_setopt(h, CURLOPT_FORBID_REUSE, 1L); /* a phone's request, on its own connection */
    if (body) {
        curl_slist_free_all(*headers);
        *headers = curl_slist_append(NULL, "Content-Type: application/json");
        curl_easy_setopt(h, CURLOPT_HTTPHEADER, *headers);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "POST");
    } else {
        curl_easy_setopt(h, CURLOPT_HTTPGET, 1L);
        curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, NULL);
    }
}

/* One request on a device's handle, waited for: the status, the JSON answer in *out. */
long load_request(CURL *h, int port, const char *path, const char *body, json_t **out)
{
    Buffer b = {0};
    struct curl_slist *headers = NULL;
    request_setup(h, port, path, body, &b, &headers);
    long status = 0;
    CURLcode rc = curl_easy_perform(h);
    if (rc == CURLE_OK)
        curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    else
        fprintf(stderr, "load: %s: %s\n", path, curl_easy_strerror(rc));
    curl_easy_setopt(h, CURLOPT_HTTPHEADER, NULL); /* the list is freed: the next GET must not read it */
    curl_slist_free_all(headers);
    if (out)
        *out = b.data ? json_loads(b.data, 0, NULL) : NULL;
    free(b.data);
    return status;
}

/* A random legal game of the kind from its start, in full notation, with each move's player. */
static int plan_game(uint64_t *seed, const ShKind *kind, LoadGame *g)
{
    ShPlay *play;
    if (sh_play_new(&play, kind, NULL, NULL) != SH_OK)
        return 0;
    int n = 0;
    while (n < LOAD_PLIES) {
        int count;
        ShPlayMove *list = sh_play_moves(play, &count);
        if (!list)
            break;
        const ShPlayMove *m = &list[test_random(seed) % (uint64_t)count];
        snprintf(g->moves[n], sizeof g->moves[n], "%s", m->full);
        g->mover[n] = m->player;
        sh_play_move(play, m->full, NULL, NULL);
        n++;
        free(list);
    }
    g->mover[n] = sh_play_to_move(play, -1);
    sh_play_free(play);
    return n;
}

/* Read every complete event in a watcher's buffer. */
static void watcher_read(Watcher *w, double t)
{
    char *start = w->buf.data;
    if (!start)
        return;
    char *end;
    while ((end = strstr(start, "\n\n"))) {
        *end = '\0';
        char *data = strstr(start, "data: ");
        if (strstr(start, "event: state") && data) {
            json_t *j = json_loads(data + 6, 0, NULL);
            if (j) {
                /* states are counted by their moves: a game's version numbers are each
                 * process's own when several serve it */
                int m = (int)json_array_size(json_object_get(j, "moves"));
                if (m >= w->moves) {
                    w->moves = m;
                    const char *status = json_string_value(json_object_get(j, "status"));
                    w->finished = status && strcmp(status, "finished") == 0;
                }
                if (m < MAX_VERSION && w->seen[m] == 0)
                    w->seen[m] = t;
                json_decref(j);
            }
        }
        start = end + 2;
    }
    size_t rest = strlen(start);
    memmove(w->buf.data, start, rest + 1);
    w->buf.size = rest;
}

/* The CPU seconds (user and system) a process has used: this one's own (pid 0), or a server's
 * from /proc (0 when it cannot be read). */
static double cpu_seconds(pid_t pid)
{
    if (pid == 0) {
        struct rusage u;
        getrusage(RUSAGE_SELF, &u);
        return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
               (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
    }
    return test_process_cpu_seconds(pid);
}

/* A number of the process's /proc status ("Threads", "VmRSS" in kB), or -1. */
static long proc_status(pid_t pid, const char *field)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    FILE *f = fopen(path, "r");
    long value = -1;
    size_t n = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':')
            value = strtol(line + n + 1, NULL, 10);
    if (f)
        fclose(f);
    return value;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, size_t n, double p)
{
    if (n == 0)
        return 0;
    size_t i = (size_t)(p * (double)(n - 1) + 0.5);
    return v[i < n ? i : n - 1];
}

/* Send the next move of a game if its mover has seen the state before it (and, paced, has
 * thought for its while since). */
static void maybe_move(LoadGame *g, Watcher *watchers, int index, CURLM *multi, int port)
{
    if (g->in_flight || g->sent >= g->plies || g->failed_status)
        return;
    int mover = g->mover[g->sent];
    if (watchers[index * WATCHERS + mover].moves < g->sent)
        return;
    if (load_paced) {
        double now = now_s();
        if (g->ready_at == 0) {
            double r = (double)(test_random(&pace_seed) % 1000000) / 1e6;
            g->ready_at = now + PACE_MIN + r * (PACE_MAX - PACE_MIN);
        }
        if (now < g->ready_at)
            return;
        g->ready_at = 0;
    }
    char path[64];
    snprintf(path, sizeof path, "/api/games/%ld/moves", g->id);
    snprintf(g->body, sizeof g->body, "{\"move\": \"%s\", \"ply\": %d}", g->moves[g->sent], g->sent);
    free(g->answer.data);
    g->answer = (Buffer){0};
    request_setup(g->device[mover], port, path, g->body, &g->answer, &g->headers);
    curl_easy_setopt(g->device[mover], CURLOPT_PRIVATE, (void *)g);
    g->sent_at[g->sent] = now_s();
    g->sent++;
    g->in_flight = true;
    curl_multi_add_handle(multi, g->device[mover]);
}

/* A finished transfer: a move's answer counted (a stream's end is left to the checks). */
static void move_answered(CURLM *multi, CURLMsg *msg, int *acked, int *refused)
{
    LoadGame *g = NULL;
    curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&g);
    if (!g)
        return;
    long status = 0;
    curl_easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &status);
    curl_multi_remove_handle(multi, msg->easy_handle);
    int k = g->sent - 1;
    g->in_flight = false;
    if (status != 200) {
        g->failed_status = status ? status : -1;
        (*refused)++;
        return;
    }
    json_t *j = json_loads(g->answer.data ? g->answer.data : "", 0, NULL);
    const char *st = json_string_value(json_object_get(j, "status"));
    if (st && strcmp(st, "finished") == 0)
        g->plies = g->sent; /* the rules ended it */
    json_decref(j);
    g->acked_at[k] = now_s();
    g->acked++;
    (*acked)++;
}

/* libcurl's socket interface: only the transfers whose sockets are ready are moved on (its
 * multi_perform goes over all 4,000 of them each round at 1,000 games). */
typedef struct Poller {
    int epoll;
    long timeout_ms; /* libcurl's timer (-1: none) */
} Poller;

static int on_socket(CURL *easy, curl_socket_t fd, int what, void *user, void *socketp)
{
    (void)easy;
    (void)socketp;
    Poller *p = user;
    struct epoll_event ev = {.events = 0, .data.fd = fd};
    if (what == CURL_POLL_REMOVE) {
        epoll_ctl(p->epoll, EPOLL_CTL_DEL, fd, NULL);
        return 0;
    }
    if (what & CURL_POLL_IN)
        ev.events |= EPOLLIN;
    if (what & CURL_POLL_OUT)
        ev.events |= EPOLLOUT;
    if (epoll_ctl(p->epoll, EPOLL_CTL_MOD, fd, &ev) != 0)
        epoll_ctl(p->epoll, EPOLL_CTL_ADD, fd, &ev);
    return 0;
}

static int on_timer(CURLM *multi, long timeout_ms, void *user)
{
    (void)multi;
    ((Poller *)user)->timeout_ms = timeout_ms;
    return 0;
}

/* Wait up to max_ms for sockets or libcurl's timer, and move on what is ready. */
static void poll_once(CURLM *multi, Poller *p, long max_ms, int *running)
{
    long wait = p->timeout_ms >= 0 && p->timeout_ms < max_ms ? p->timeout_ms : max_ms;
    struct epoll_event ev[256];
    int n = epoll_wait(p->epoll, ev, 256, (int)wait);
    for (int i = 0; i < n; i++) {
        int mask = (ev[i].events & EPOLLIN ? CURL_CSELECT_IN : 0) |
                   (ev[i].events & EPOLLOUT ? CURL_CSELECT_OUT : 0) |
                   (ev[i].events & (EPOLLERR | EPOLLHUP) ? CURL_CSELECT_ERR : 0);
        curl_multi_socket_action(multi, ev[i].data.fd, mask, running);
    }
    if (n <= 0 || p->timeout_ms == 0)
        curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, running);
}

/* The moves answered counted. The transfers still running. */
static int transfer(CURLM *multi, Poller *p, int *acked, int *refused)
{
    int running = 1;
    poll_once(multi, p, 20, &running);
    CURLMsg *msg;
    int left;
    while ((msg = curl_multi_info_read(multi, &left)))
        if (msg->msg == CURLMSG_DONE)
            move_answered(multi, msg, acked, refused);
    return running;
}

static void check_kept(int port, LoadGame *games)
{
    CURL *h = curl_easy_init();
    int kept = 0;
    char first[160] = "";
    for (int i = 0; i < load_games; i++) {
        char path[64];
        snprintf(path, sizeof path, "/api/games/%ld", games[i].id);
        json_t *j = NULL;
        long status = load_request(h, port, path, NULL, &j);
        json_t *moves = json_object_get(j, "moves");
        /* every acknowledged move, and no other than those sent: a move whose answer did not
         * come (the device gave up after 60 s) may have been committed */
        int n = (int)json_array_size(moves);
        bool same = status == 200 && n >= games[i].acked && n <= games[i].sent;
        for (int k = 0; same && k < n; k++) {
            json_t *m = json_object_get(json_object_get(json_array_get(moves, (size_t)k), "move"), "notation");
            same = json_is_string(m) && strcmp(json_string_value(m), games[i].moves[k]) == 0;
        }
        kept += same;
        if (!same && !first[0])
            snprintf(first, sizeof first, "; game %ld: %d moves kept (status %ld), %d acknowledged of"
                     " %d sent", games[i].id, (int)json_array_size(moves), status, games[i].acked,
                     games[i].sent);
        json_decref(j);
    }
    curl_easy_cleanup(h);
    CHECK_MSG(kept == load_games, "%d of %d games came back with every acknowledged move%s", kept, load_games,
              first);
}

void suite_load(void)
{
    if (!test_slow())
        return;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    /* SHASHKI_LOAD_GAMES (1-1000, default 100); SHASHKI_LOAD_PACE=1: paced, not saturated
     * (see above); SHASHKI_LOAD_SECONDS: a shorter bound; SHASHKI_LOAD_DB=postgresql: a private
     * PostgreSQL cluster instead of an SQLite file; SHASHKI_LOAD_PROCESSES (1-4) serve
     * processes on it; SHASHKI_LOAD_PROXY=1 (or several processes): every request through
     * nginx with docs/federation/nginx.conf */
    const char *e_games = getenv("SHASHKI_LOAD_GAMES"), *e_db = getenv("SHASHKI_LOAD_DB");
    const char *e_procs = getenv("SHASHKI_LOAD_PROCESSES"), *e_proxy = getenv("SHASHKI_LOAD_PROXY");
    if (e_games && atoi(e_games) >= 1 && atoi(e_games) <= LOAD_GAMES_MAX)
        load_games = atoi(e_games);
    const char *e_pace = getenv("SHASHKI_LOAD_PACE");
    load_paced = e_pace && atoi(e_pace) > 0;
    bool pg = e_db && strncmp(e_db, "postgres", 8) == 0;
    const char *e_accounts = getenv("SHASHKI_LOAD_ACCOUNTS");
    bool accounts = e_accounts && atoi(e_accounts) > 0;
    int nprocs = e_procs && atoi(e_procs) >= 1 && atoi(e_procs) <= MAX_PROCESSES ? atoi(e_procs) : 1;
    if (!pg)
        nprocs = 1;
    bool behind = nprocs > 1 || (e_proxy && atoi(e_proxy));
    Server procs[MAX_PROCESSES];
    memset(procs, 0, sizeof procs);
    Server s = {0};
    if (pg) {
        test_case("load: a PostgreSQL database");
        CHECK_MSG(test_pg_database(s.db, sizeof s.db), "%s", s.db);
    } else {
        snprintf(s.db, sizeof s.db, "/tmp/shashki-load-XXXXXX");
        int fd = mkstemp(s.db);
        if (fd >= 0)
            close(fd);
        unlink(s.db);
    }
    if (behind)
        snprintf(s.proxy, sizeof s.proxy, "127.0.0.1");
    int ports[MAX_PROCESSES];
    for (int i = 0; i < nprocs; i++) {
        procs[i] = s;
        test_case("load: start the server (%d of %d)", i + 1, nprocs);
        CHECK(server_start(&procs[i]));
        ports[i] = procs[i].port;
    }
    Proxy nginx = {0};
    if (behind) {
        test_case("load: start nginx in front");
        CHECK(proxy_start(&nginx, ports, nprocs));
    }
    s.port = behind ? nginx.port : procs[0].port;
    snprintf(load_ca, sizeof load_ca, "%s", behind ? nginx.ca : "");
    LoadGame *games = calloc((size_t)load_games, sizeof *games);
    Watcher *watchers = calloc((size_t)load_games * WATCHERS, sizeof *watchers);
    if (!games || !watchers) {
        free(games);
        free(watchers);
        return;
    }

    if (!accounts)
        test_case("load: %d games of a mix of kinds set up, each by one device and joined by the "
                  "others with their codes", load_games);
    char kinds_text[256];
    const char *env = getenv("SHASHKI_LOAD_KINDS");
    snprintf(kinds_text, sizeof kinds_text, "%s", env && *env ? env : LOAD_KINDS);
    const ShKind *kinds[32];
    int nkinds = 0;
    char *save = NULL;
    for (char *k = strtok_r(kinds_text, ",", &save); k && nkinds < 32; k = strtok_r(NULL, ",", &save))
        if (sh_kind_find(k) && (!accounts || sh_kind_find(k)->players == 2))
            kinds[nkinds++] = sh_kind_find(k); /* the lobby's games are of two */
    CHECK(nkinds > 0);
    uint64_t seed = 20261201;
    int ready = 0;
    for (int i = 0; i < load_games && nkinds > 0; i++) {
        LoadGame *g = &games[i];
        g->kind = kinds[i % nkinds];
        g->players = g->kind->players;
        g->plies = plan_game(&seed, g->kind, g);
        for (int p = 0; p < g->players; p++)
            g->device[p] = curl_easy_init();
    }
    if (accounts) {
        test_case("load: %d accounts (%d signed up, the rest made in the database with "
                  "sessions), %d games made in the lobby: a challenge and its acceptance",
                  2 * load_games, LOAD_SIGNUPS, load_games);
        CURL **devices = malloc(sizeof *devices * (size_t)(2 * load_games));
        for (int i = 0; devices && i < load_games; i++) {
            devices[2 * i] = games[i].device[0];
            devices[2 * i + 1] = games[i].device[1];
        }
        char err[256] = "";
        double t0 = now_s();
        bool made = devices && load_accounts_make(s.db, s.port, devices, 2 * load_games, err, sizeof err);
        double t1 = now_s();
        CHECK_MSG(made, "%s", err);
        free(devices);
        for (int i = 0; made && i < load_games; i++) {
            games[i].id = load_accounts_game(s.port, games[i].device[0], games[i].device[1],
                                             games[i].kind->name, err, sizeof err);
            ready += games[i].id > 0;
        }
        CHECK_MSG(ready == load_games, "%d of %d games made: %s", ready, load_games, err);
        printf("     load: %d accounts made in %.1f s, %d games in the lobby in %.1f s\n",
               2 * load_games, t1 - t0, ready, now_s() - t1);
    }
    for (int i = 0; i < load_games && nkinds > 0 && !accounts; i++) {
        LoadGame *g = &games[i];
        char body[512];
        int at = snprintf(body, sizeof body, "{\"variant\": \"%s\", \"time\": \"30m\", \"players\": [",
                          g->kind->name);
        for (int p = 0; p < g->players; p++)
            at += snprintf(body + at, sizeof body - (size_t)at, "%s{\"seat\": \"%s\"}", p ? ", " : "",
                           p ? "code" : "here");
        snprintf(body + at, sizeof body - (size_t)at, "]}");
        json_t *j = NULL;
        long st = load_request(g->device[0], s.port, "/api/games", body, &j);
        g->id = (long)json_integer_value(json_object_get(j, "id"));
        bool joined = st == 201 && g->id > 0;
        char codes[SH_MAX_PLAYERS][16] = {{0}};
        for (int p = 1; p < g->players; p++) {
            const char *colour = json_string_value(
                json_object_get(json_array_get(json_object_get(j, "players"), (size_t)p), "colour"));
            const char *code = colour ? json_string_value(json_object_get(json_object_get(j, "codes"), colour)) : NULL;
            snprintf(codes[p], sizeof codes[p], "%s", code ? code : "");
        }
        json_decref(j);
        for (int p = 1; p < g->players; p++) {
            snprintf(body, sizeof body, "{\"code\": \"%s\"}", codes[p]);
            long st2 = load_request(g->device[p], s.port, "/api/join", body, &j);
            json_decref(j);
            joined = joined && st2 == 200;
        }
        ready += joined;
    }
    CHECK_INT(ready, load_games);

    /* every watcher follows its game */
    CURLM *multi = curl_multi_init();
    Poller poller = {epoll_create1(0), -1};
    curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
    curl_multi_setopt(multi, CURLMOPT_SOCKETDATA, &poller);
    curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
    curl_multi_setopt(multi, CURLMOPT_TIMERDATA, &poller);
    curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, 0L);
    int active = 0;
    for (int i = 0; i < load_games * WATCHERS; i++) {
        Watcher *w = &watchers[i];
        w->game = i / WATCHERS;
        if (i % WATCHERS > games[w->game].players) /* a slot no player of this game needs */
            continue;
        active++;
        w->handle = curl_easy_init();
        char url[128];
        snprintf(url, sizeof url, "%s://127.0.0.1:%d/api/games/%ld/events",
                 load_ca[0] ? "https" : "http", s.port, games[w->game].id);
        curl_easy_setopt(w->handle, CURLOPT_URL, url);
        if (load_ca[0])
            curl_easy_setopt(w->handle, CURLOPT_CAINFO, load_ca);
        curl_easy_setopt(w->handle, CURLOPT_WRITEFUNCTION, test_buffer_append);
        curl_easy_setopt(w->handle, CURLOPT_WRITEDATA, &w->buf);
        curl_easy_setopt(w->handle, CURLOPT_PRIVATE, NULL);
        curl_multi_add_handle(multi, w->handle);
    }

    double cpu_client = cpu_seconds(0), cpu_server = 0;
    for (int i = 0; i < nprocs; i++)
        cpu_server -= cpu_seconds(procs[i].pid);
    double cpu_pg = pg ? -test_pg_cpu_seconds() : 0;
    double cpu_nginx = behind ? -test_tree_cpu_seconds(nginx.pid) : 0;
    const char *e_seconds = getenv("SHASHKI_LOAD_SECONDS");
    int seconds = e_seconds && atoi(e_seconds) > 0 && atoi(e_seconds) < LOAD_SECONDS ? atoi(e_seconds)
                                                                                  : LOAD_SECONDS;
    /* SHASHKI_LOAD_LEVELS=1: a game against the engine at each casual level besides (the
     * answers' times against the levels' move times: test_load_levels.h) */
    const char *e_levels = getenv("SHASHKI_LOAD_LEVELS");
    LoadLevels *levels = e_levels && atoi(e_levels) > 0 ? load_levels_start(s.port) : NULL;
    double start = now_s(), deadline = start + seconds;
    int total_plies = 0, acked = 0, refused = 0;
    for (int i = 0; i < load_games; i++)
        total_plies += games[i].plies;
    int running = 1;
    bool done = false;
    long rounds = 0; /* of the devices' loop: its length is part of every figure measured */
    long threads = 0, resident = 0; /* the first server's most, sampled each second */
    double sampled = 0;
    while (!done && now_s() < deadline && running) {
        rounds++;
        if (now_s() - sampled >= 1) {
            sampled = now_s();
            long t = proc_status(procs[0].pid, "Threads"), r = proc_status(procs[0].pid, "VmRSS");
            threads = t > threads ? t : threads;
            resident = r > resident ? r : resident;
        }
        running = transfer(multi, &poller, &acked, &refused);
        double t = now_s();
        for (int i = 0; i < load_games * WATCHERS; i++)
            watcher_read(&watchers[i], t);
        done = true;
        for (int i = 0; i < load_games; i++) {
            maybe_move(&games[i], watchers, i, multi, s.port);
            LoadGame *g = &games[i];
            bool game_done = g->failed_status || (g->acked == g->plies && !g->in_flight);
            for (int w = 0; game_done && w <= g->players; w++)
                game_done = g->failed_status || (g->plies > 0 && watchers[i * WATCHERS + w].moves >= g->plies);
            done = done && game_done;
        }
    }
    double elapsed = now_s() - start;
    load_levels_load_ended(levels, now_s());
    cpu_client = cpu_seconds(0) - cpu_client;
    for (int i = 0; i < nprocs; i++)
        cpu_server += cpu_seconds(procs[i].pid);
    cpu_pg += pg ? test_pg_cpu_seconds() : 0;
    cpu_nginx += behind ? test_tree_cpu_seconds(nginx.pid) : 0;
    /* a run stopped by its bound still hears the moves it sent: their answers are counted */
    for (double drain = now_s() + 60; running && now_s() < drain;) {
        bool flying = false;
        for (int i = 0; i < load_games && !flying; i++)
            flying = games[i].in_flight;
        if (!flying)
            break;
        running = transfer(multi, &poller, &acked, &refused);
    }
    load_levels_finish(levels);

    test_case("load: every move of the %d games acknowledged", load_games);
    CHECK_MSG(done, "the run did not finish within %d s", seconds);
    CHECK_MSG(refused == 0, "%d moves refused", refused);
    CHECK_INT(acked, total_plies);

    test_case("load: every watcher got its game's final state; the players' devices every move");
    int final_ok = 0, players_ok = 0;
    size_t n_lat = 0, n_ack = 0, skipped = 0;
    double *lat = malloc(sizeof(double) * (size_t)total_plies * WATCHERS + 1);
    double *ack = malloc(sizeof(double) * (size_t)total_plies + 1);
    for (int i = 0; i < load_games; i++) {
        LoadGame *g = &games[i];
        for (int w = 0; w <= g->players; w++) {
            Watcher *wt = &watchers[i * WATCHERS + w];
            final_ok += g->acked > 0 && wt->moves == g->acked;
            bool every = true;
            for (int k = 0; k < g->acked; k++) {
                unsigned v = (unsigned)k + 1; /* the state with this move */
                if (v < MAX_VERSION && wt->seen[v] > 0) {
                    if (lat)
                        lat[n_lat++] = wt->seen[v] - g->sent_at[k];
                } else {
                    skipped++;
                    /* a player's device must see the move before its own */
                    if (w != g->players && k + 1 < g->acked && g->mover[k + 1] == w &&
                        g->mover[k] != w)
                        every = false;
                }
            }
            players_ok += w == g->players || every;
        }
        for (int k = 0; k < g->acked && ack; k++)
            ack[n_ack++] = g->acked_at[k] - g->sent_at[k];
    }
    CHECK_INT(final_ok, active);
    CHECK_INT(players_ok, active);
    if (lat && ack) {
        qsort(lat, n_lat, sizeof *lat, compare_doubles);
        qsort(ack, n_ack, sizeof *ack, compare_doubles);
        printf("     load: %s, %d games (%s), %d moves in %.1f s: %.0f moves/s, %d refused;"
               " %d watchers; %s, %d process%s%s\n",
               load_paced ? "paced" : "saturated", load_games, env && *env ? env : LOAD_KINDS,
               acked, elapsed, (double)acked / elapsed, refused, active,
               pg ? "PostgreSQL" : "SQLite", nprocs, nprocs == 1 ? "" : "es",
               behind ? " behind nginx" : "");
        printf("     load: a move acknowledged in %.1f ms (median), %.1f ms (95%%), %.1f ms (99%%),"
               " %.1f ms (max)\n",
               1000 * percentile(ack, n_ack, 0.5), 1000 * percentile(ack, n_ack, 0.95),
               1000 * percentile(ack, n_ack, 0.99), 1000 * percentile(ack, n_ack, 1.0));
        printf("     load: an event at a watcher %.1f ms after the move was sent (median), %.1f ms "
               "(95%%), %.1f ms (99%%), %.1f ms (max); %zu of %zu states passed over by a "
               "watcher already behind\n",
               1000 * percentile(lat, n_lat, 0.5), 1000 * percentile(lat, n_lat, 0.95),
               1000 * percentile(lat, n_lat, 0.99), 1000 * percentile(lat, n_lat, 1.0), skipped,
               n_lat + skipped);
        double load[3] = {0, 0, 0};
        getloadavg(load, 3);
        printf("     load: CPU used during the run: the server%s %.1f s (%.2f ms a move), this"
               " test's devices %.1f s (%ld rounds of their loop, %.1f ms a round); the"
               " machine's load average %.1f\n",
               nprocs > 1 ? "s" : "", cpu_server, 1000 * cpu_server / (acked ? acked : 1),
               cpu_client, rounds, 1000 * elapsed / (double)(rounds ? rounds : 1), load[0]);
        printf("     load: the server%s at most %ld threads and %.0f MB resident\n",
               nprocs > 1 ? " (the first)" : "", threads, (double)resident / 1024);
        if (pg || behind)
            printf("     load: CPU used during the run: PostgreSQL's processes %.1f s (%.2f ms a"
                   " move), nginx %.1f s\n", cpu_pg, 1000 * cpu_pg / (acked ? acked : 1), cpu_nginx);
    }
    /* the streams park (server/stream_wait.h) and the handlers run on a pool of at most 256:
     * a process does not hold a thread a connection (it held 3,287 for 3,000 streams before,
     * 268 after) */
    test_case("load: the server holds fewer threads than its %d streams", active);
    CHECK_MSG(threads > 0 && threads < active, "the server had %ld threads", threads);
    free(lat);
    free(ack);

    for (int i = 0; i < load_games * WATCHERS; i++) {
        if (!watchers[i].handle)
            continue;
        curl_multi_remove_handle(multi, watchers[i].handle);
        curl_easy_cleanup(watchers[i].handle);
        free(watchers[i].buf.data);
    }
    for (int i = 0; i < load_games; i++)
        for (int p = 0; p < games[i].players; p++)
            curl_multi_remove_handle(multi, games[i].device[p]);
    curl_multi_cleanup(multi);
    close(poller.epoll);

    test_case("load: every acknowledged move is kept, also after the server is killed");
    check_kept(s.port, games);
    if (behind)
        proxy_stop(&nginx);
    load_ca[0] = '\0'; /* the process started again is reached directly, over HTTP */
    for (int i = 0; i < nprocs; i++)
        server_stop(&procs[i], true);
    CHECK(server_start(&procs[0]));
    check_kept(procs[0].port, games);
    server_stop(&procs[0], false);

    for (int i = 0; i < load_games; i++) {
        for (int p = 0; p < games[i].players; p++)
            curl_easy_cleanup(games[i].device[p]);
        curl_slist_free_all(games[i].headers);
        free(games[i].answer.data);
    }
    free(games);
    free(watchers);
    char side[300];
    if (!pg)
        unlink(s.db);
    snprintf(side, sizeof side, "%s-wal", s.db);
    unlink(side);
    snprintf(side, sizeof side, "%s-shm", s.db);
    unlink(side);
    curl_global_cleanup();
}
