/* web.h - the web app's server: the built-in pages and the JSON API of docs/web-api.md. */
#ifndef SHASHKI_WEB_H
#define SHASHKI_WEB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "trust.h"

/* The pieces `shashki serve` completes its endgame databases to unless told not to. */
#define WEB_EGDB_PIECES 5

typedef struct WebOptions {
    const char *host;         /* "127.0.0.1"; "0.0.0.0" for every address of the machine */
    int port;                 /* 8080; 0 = any free port */
    const char *db_path;      /* SQLite file for the games */
    const char *new_password; /* set the arbiter's password to this before serving, or NULL */
    const char *egdb_dir;     /* endgame databases for the engine, or NULL / "" for none */
    int egdb_build;           /* complete that folder to this many pieces in the background
                                 (egdb_task.h; 0: no build) */
    FILE *egdb_log;           /* a line when that build ends, or NULL */
    const char *puzzles_path; /* the Puzzles section's PDN file, or NULL for the built-in set */
    uint64_t review_nodes;    /* a review's search of each position (0: REVIEW_DEFAULT_NODES) */
    const char *proxy;        /* behind a reverse proxy reached as this name (HttpOptions), or NULL */
    const TrustList *trusted; /* whose X-Forwarded-For is read (HttpOptions); NULL: this
                                 machine's loopback addresses behind a proxy, else nobody's */
} WebOptions;

typedef struct WebServer WebServer;

/* Open the store and start serving; NULL with a message in err if it cannot. */
WebServer *web_start(const WebOptions *options, char *err, size_t errsize);
int web_port(const WebServer *server);
/* The address players type ("http://192.168.1.5:8080/"): the server's own address, or, when
 * it listens on every address, the machine's first network address (127.0.0.1 if it has
 * none). */
const char *web_url(const WebServer *server);
/* Whether the server listens beyond this machine, and whether the arbiter's password is set. */
bool web_on_network(const WebServer *server);
bool web_has_password(const WebServer *server);
void web_stop(WebServer *server);

#endif
