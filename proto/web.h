/* web.h - the web app's server: the built-in pages and the JSON API of docs/web-api.md. */
#ifndef SHASHKI_WEB_H
#define SHASHKI_WEB_H

#include <stddef.h>

typedef struct WebOptions {
    const char *host;    /* "127.0.0.1" */
    int port;            /* 8080; 0 = any free port */
    const char *db_path; /* SQLite file for the games */
    const char *egdb_dir; /* endgame databases for the engine, or NULL / "" for none */
} WebOptions;

typedef struct WebServer WebServer;

/* Open the store and start serving; NULL with a message in err if it cannot. */
WebServer *web_start(const WebOptions *options, char *err, size_t errsize);
int web_port(const WebServer *server);
void web_stop(WebServer *server);

#endif
