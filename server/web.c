/* web.c - the web app's server: the store, the secrets, the live games, and the routes of
 * every resource (web_app.h) joined into one table for http.c. */
#include "web.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "egdb_task.h"
#include "review_queue.h"
#include "web_accounts.h"
#include "web_app.h"

#define MAX_ROUTES 128
/* Every open page holds a connection for its events: a thousand games of three watchers and
 * their moves fit, when the open files allow (http.c lowers it to what they allow). */
#define MAX_CONNECTIONS 10000

struct WebServer {
    HttpServer *http;
    WebApp app;
    HttpRoute routes[MAX_ROUTES];
    TrustList trusted;
};

/* The resources, in the order their routes are tried; the page's files come last. */
static const WebRoutes *const RESOURCES[] = {
    &WEB_BOARD_ROUTES,   &WEB_VARIANT_ROUTES, &WEB_CLUB_ROUTES,    &WEB_SESSION_ROUTES, &WEB_GAMES_ROUTES,
    &WEB_PLAY_ROUTES,    &WEB_WATCH_ROUTES,   &WEB_SEATS_ROUTES,   &WEB_ARCHIVE_ROUTES,
    &WEB_ANALYSE_ROUTES, &WEB_EVENTS_ROUTES,  &WEB_EVENT_GAMES_ROUTES, &WEB_EVENT_VIEW_ROUTES,
    &WEB_PUZZLES_ROUTES, &WEB_SOLVE_ROUTES,   &WEB_EXPLORER_ROUTES, &WEB_ACCOUNTS_ROUTES,
    &WEB_REVIEW_ROUTES,  &WEB_CONTESTS_ROUTES, &WEB_LOBBY_ROUTES,
    &WEB_CORRESPONDENCE_ROUTES,
};

static int routes_build(HttpRoute *out)
{
    int n = 0;
    for (size_t r = 0; r < sizeof RESOURCES / sizeof RESOURCES[0]; r++)
        for (int i = 0; i < RESOURCES[r]->count && n < MAX_ROUTES - 2; i++)
            out[n++] = RESOURCES[r]->routes[i];
    out[n++] = (HttpRoute){"GET", "/api/**", NULL};
    out[n++] = (HttpRoute){"GET", "/**", web_static};
    return n;
}

/* The machine's first IPv4 address on a network interface that is up, or "". */
static void network_address(char *out, size_t size)
{
    out[0] = '\0';
    struct ifaddrs *list;
    if (getifaddrs(&list) != 0)
        return;
    for (struct ifaddrs *i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) ||
            (i->ifa_flags & IFF_LOOPBACK))
            continue;
        inet_ntop(AF_INET, &((struct sockaddr_in *)(void *)i->ifa_addr)->sin_addr, out,
                  (socklen_t)size);
        break;
    }
    freeifaddrs(list);
}

/* Another process changed an event (lock held): its streams here are woken. */
static void on_notice(WebGames *g, const char *notice, void *ctx)
{
    WebApp *app = ctx;
    if (notice[0] == 'e') {
        app->events_version++;
        live_announce(g, &g->changed);
    }
}

static void server_free(WebServer *s)
{
    egdb_task_stop(s->app.egdb);
    review_queue_close(s->app.reviews);
    if (s->app.games)
        live_close(s->app.games);
    auth_close(s->app.auth);
    tstore_close(s->app.tstore);
    accounts_close(s->app.accounts);
    lobby_close(s->app.lobby);
    cstore_close(s->app.cstore);
    pthread_mutex_destroy(&s->app.contests_lock);
    store_close(s->app.store);
    puzzle_set_free(&s->app.puzzles);
    free(s);
}

WebServer *web_start(const WebOptions *options, char *err, size_t errsize)
{
    WebServer *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    WebApp *app = &s->app;
    pthread_mutex_init(&app->contests_lock, NULL);
    bool read = options->puzzles_path && *options->puzzles_path
                    ? puzzle_set_load(options->puzzles_path, &app->puzzles, err, errsize)
                    : puzzle_set_builtin(&app->puzzles, err, errsize);
    if (!read) {
        free(s);
        return NULL;
    }
    const char *host = options->host ? options->host : "127.0.0.1";
    app->store = store_open(options->db_path, err, errsize);
    if (!app->store) {
        puzzle_set_free(&app->puzzles);
        free(s);
        return NULL;
    }
    app->tstore = tstore_open(options->db_path, err, errsize);
    if (!app->tstore) {
        server_free(s);
        return NULL;
    }
    app->accounts = accounts_open(options->db_path, err, errsize);
    if (!app->accounts) {
        server_free(s);
        return NULL;
    }
    app->lobby = lobby_open(options->db_path, err, errsize);
    if (!app->lobby) {
        server_free(s);
        return NULL;
    }
    app->cstore = cstore_open(options->db_path, err, errsize);
    if (!app->cstore) {
        server_free(s);
        return NULL;
    }
    app->auth = auth_open(app->store, err, errsize);
    if (!app->auth) {
        server_free(s);
        return NULL;
    }
    if (options->new_password && !auth_set_password(app->auth, options->new_password, err, errsize)) {
        server_free(s);
        return NULL;
    }
    app->games = live_open(app->store, options->egdb_dir, err, errsize);
    if (!app->games) {
        server_free(s);
        return NULL;
    }
    web_analyse_attach(app->games);
    web_event_games_attach(app);
    app->games->on_notice = on_notice;
    app->games->notice_context = app;
    if (!live_share(app->games, err, errsize)) {
        server_free(s);
        return NULL;
    }
    web_rated_attach(app);
    app->reviews = review_queue_open(app->games, options->review_nodes, err, errsize);
    if (!app->reviews) {
        server_free(s);
        return NULL;
    }
    HttpOptions http = {.host = host,
                        .port = options->port,
                        .max_connections = MAX_CONNECTIONS,
                        .routes = s->routes,
                        .nroutes = routes_build(s->routes),
                        .context = app,
                        .proxy = options->proxy,
                        .before = web_database_before,
                        .after = web_database_after,
                        .trusted = &s->trusted};
    if (options->trusted)
        s->trusted = *options->trusted;
    else if (options->proxy)
        trust_loopback(&s->trusted);
    s->http = http_server_start(&http, err, errsize);
    if (!s->http) {
        server_free(s);
        return NULL;
    }
    /* the databases' build, once the server is sure to run (handlers see NULL until then) */
    EgdbTask *egdb = egdb_task_start(app->games, options->egdb_build, options->egdb_log);
    if (!egdb) {
        snprintf(err, errsize, "out of memory");
        web_stop(s);
        return NULL;
    }
    pthread_mutex_lock(&app->games->lock);
    app->egdb = egdb;
    live_announce(app->games, &app->games->changed);
    pthread_mutex_unlock(&app->games->lock);
    app->port = http_server_port(s->http);
    app->network = strncmp(host, "127.", 4) != 0;
    char address[64];
    snprintf(address, sizeof address, "%s", host);
    if (strcmp(host, "0.0.0.0") == 0) {
        network_address(address, sizeof address);
        if (!address[0])
            snprintf(address, sizeof address, "127.0.0.1");
    }
    snprintf(app->url, sizeof app->url, "http://%s:%d/", address, app->port);
    return s;
}

int web_port(const WebServer *s)
{
    return s->app.port;
}

const char *web_url(const WebServer *s)
{
    return s->app.url;
}

bool web_on_network(const WebServer *s)
{
    return s->app.network;
}

bool web_has_password(const WebServer *s)
{
    return auth_has_password(s->app.auth);
}

void web_stop(WebServer *s)
{
    if (!s)
        return;
    live_shutdown(s->app.games);
    http_server_stop(s->http);
    s->http = NULL;
    server_free(s);
}
