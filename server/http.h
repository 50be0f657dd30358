/*
 * http.h - a small HTTP server for the web app: routes, JSON in and out, server-sent events.
 *
 * It sits on libmicrohttpd in its epoll mode (a few threads poll every connection) and jansson.
 * A handler runs on a worker thread (http_workers.h), so it may block; an event stream's
 * `next` runs on a polling thread, so it must not: with nothing to send it pauses the stream's
 * connection, and whoever has news for it resumes it (stream_wait.h). A handler gets the request with its path parameters, query and body (already
 * size-checked), and fills a response: JSON, text, a static asset, or an event stream.
 * Everything a client sends is checked before a handler sees it: method, route, body size,
 * JSON syntax (with line and column in the error). Errors are JSON:
 *
 *     {"error": {"status": 400, "message": "...", "field": "fen", "column": 4}}
 */
#ifndef SHASHKI_HTTP_H
#define SHASHKI_HTTP_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "trust.h"

#define HTTP_MAX_PARAMS 4
#define HTTP_MAX_HEADERS 6 /* headers a handler may add to its response (Set-Cookie ...) */
#define HTTP_MAX_BODY (4u << 20) /* 4 MiB: a large PDN collection */
#define HTTP_POLLING_THREADS_A_CORE 8 /* threads polling the connections (http.c) */
#define HTTP_POLLING_THREADS_MAX 32

typedef struct HttpServer HttpServer;

typedef struct HttpRequest {
    const char *method;                 /* "GET", "POST", "DELETE" ... */
    const char *path;                   /* "/api/games/12", without the query */
    const char *params[HTTP_MAX_PARAMS]; /* the path segments matched by '*' in the route */
    int nparams;
    const char *body;                   /* NUL-terminated, possibly empty */
    size_t body_size;
    void *connection;                   /* for http_query */
    char forwarded[64];                 /* behind a proxy: who asked it (X-Forwarded-For), or "" */
} HttpRequest;

/* A paused event stream's connection (http_stream_pause). */
typedef struct HttpWake HttpWake;

/* `next` returns this after http_stream_pause(wake): it is called again once resumed. */
#define HTTP_STREAM_PAUSED (-2)

/* An event stream: `next` is called again and again from a polling thread; it must not block.
 * It writes one chunk of "data: ...\n\n" text into buf (at most max bytes) and returns its
 * length, 0 to send a keep-alive comment, -1 to end the stream, or HTTP_STREAM_PAUSED when it
 * has paused its connection (wake) until someone resumes it. `done` frees state. */
typedef struct HttpStream {
    long (*next)(void *state, HttpWake *wake, char *buf, size_t max);
    void (*done)(void *state);
    void *state;
} HttpStream;

typedef struct HttpResponse {
    int status;
    const char *content_type;
    char *body; /* malloc'ed, owned by the response */
    size_t size;
    const void *static_body; /* not owned (an embedded asset); used when body is NULL */
    const char *cache_control;
    bool has_stream;
    HttpStream stream;
    char *header_names[HTTP_MAX_HEADERS]; /* malloc'ed, owned by the response */
    char *header_values[HTTP_MAX_HEADERS];
    int nheaders;
} HttpResponse;

typedef void (*HttpHandler)(const HttpRequest *req, HttpResponse *res, void *context);

/* Routes are matched in order; in a pattern, '*' matches one path segment and becomes a
 * parameter, and a final "**" matches the rest of the path. A route without a handler
 * answers 404 (to keep a prefix away from the routes after it). */
typedef struct HttpRoute {
    const char *method;
    const char *pattern;
    HttpHandler handler;
} HttpRoute;

typedef struct HttpOptions {
    const char *host; /* "127.0.0.1" unless told otherwise */
    int port;         /* 0: any free port (see http_server_port) */
    int max_connections;
    const HttpRoute *routes;
    int nroutes;
    void *context; /* given to every handler */
    /* Behind a reverse proxy (nginx: docs/federation.md) that players reach as `proxy` (the
     * Host they type, "play.example.org"): that Host is answered. NULL: no proxy. */
    const char *proxy;
    /* Called around every handler (NULL: none): `before` may answer instead of it (false,
     * res filled: a database that does not answer), `after` may change its answer. */
    bool (*before)(const HttpRequest *req, HttpResponse *res, void *context);
    void (*after)(const HttpRequest *req, HttpResponse *res, void *context);
    /* The peers whose X-Forwarded-For is read (the proxies, --trust-proxy; NULL: nobody's): a
     * request from one of them is from the rightmost address of the header that is not itself
     * trusted, so that the rights of "this machine", the sign-up limit and the pacing of
     * guesses see the player, not the proxy. */
    const TrustList *trusted;
} HttpOptions;

/* Start serving in background threads; NULL with a message in err (size errsize) if it cannot. */
HttpServer *http_server_start(const HttpOptions *options, char *err, size_t errsize);
int http_server_port(const HttpServer *server);
/* Stop: the handlers running end first; no stream may be paused any more (live_shutdown). */
void http_server_stop(HttpServer *server);

/* A query parameter, a header, a cookie of the request, or NULL. */
const char *http_query(const HttpRequest *req, const char *name);
const char *http_header(const HttpRequest *req, const char *name);
const char *http_cookie(const HttpRequest *req, const char *name);
/* The address the request came from ("127.0.0.1"), and whether it is this machine's. */
void http_peer(const HttpRequest *req, char *out, size_t size);
bool http_peer_is_local(const HttpRequest *req);

/* Pause a stream's connection from its `next` (which then returns HTTP_STREAM_PAUSED), and
 * resume it from any thread: once, after the pause (a lock of the caller's orders the two). */
void http_stream_pause(HttpWake *wake);
void http_stream_resume(HttpWake *wake);

/* Responses. http_json takes ownership of the value (json_decref). */
void http_json(HttpResponse *res, int status, json_t *value);
void http_text(HttpResponse *res, int status, const char *content_type, const char *text);
void http_error(HttpResponse *res, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
/* An error about one field of the request, with the column in that field's text (0: none). */
void http_field_error(HttpResponse *res, int status, const char *field, int line, int column,
                      const char *format, ...) __attribute__((format(printf, 6, 7)));

/* A refusal (401: who you are is missing or wrong; 403: who you are may not do this), with
 * "needs" in the error object saying what right is missing ("arbiter", "seat:white" ...). */
void http_refuse(HttpResponse *res, int status, const char *needs, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Add a header to the response (at most HTTP_MAX_HEADERS; false when full). */
bool http_add_header(HttpResponse *res, const char *name, const char *value);
/* Set a cookie: HttpOnly, SameSite=Strict, on `path`; max_age in seconds (0: remove it,
 * negative: for the browser's session). */
bool http_set_cookie(HttpResponse *res, const char *name, const char *value, const char *path,
                     long max_age);

/* The request body as a JSON object; on failure fills res with a 400 and returns NULL. */
json_t *http_body_object(const HttpRequest *req, HttpResponse *res);

/* Members of a request object, checked: false (with res filled) if present but of the wrong
 * kind; *out keeps the default when the member is absent. */
bool http_get_string(json_t *obj, const char *name, const char **out, HttpResponse *res);
bool http_get_int(json_t *obj, const char *name, long min, long max, long *out, HttpResponse *res);
bool http_get_bool(json_t *obj, const char *name, bool *out, HttpResponse *res);

#endif
