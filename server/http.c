/* http.c - the HTTP layer over libmicrohttpd (see http.h). */
#include "http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http_workers.h"

struct HttpServer {
    struct MHD_Daemon *daemon;
    HttpOptions options;
    int port;
    HttpWorkers *workers;
};

/* A request's life: its body arrives (RECEIVING), its handler runs on a worker while the
 * connection is suspended (HANDLING), and the connection, resumed, sends the answer (ANSWERED). */
typedef enum { RECEIVING, HANDLING, ANSWERED, SENT } UploadStage;

/* What a connection accumulates while its request body arrives, and the exchange handed to
 * the worker that answers it. */
typedef struct Upload {
    char *data;
    size_t size;
    bool too_large;
    UploadStage stage;
    HttpServer *server;
    HttpRequest req;
    HttpResponse res;
    char scratch[1024]; /* the path's parameters */
} Upload;

const char *http_query(const HttpRequest *req, const char *name)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)req->connection,
                                       MHD_GET_ARGUMENT_KIND, name);
}

const char *http_header(const HttpRequest *req, const char *name)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)req->connection,
                                       MHD_HEADER_KIND, name);
}

const char *http_cookie(const HttpRequest *req, const char *name)
{
    return MHD_lookup_connection_value((struct MHD_Connection *)req->connection,
                                       MHD_COOKIE_KIND, name);
}

/* The connection's own address. */
static void socket_peer(const HttpRequest *req, char *out, size_t size)
{
    snprintf(out, size, "?");
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(
        (struct MHD_Connection *)req->connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr)
        return;
    const struct sockaddr *sa = info->client_addr;
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, out,
                  (socklen_t)size);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, out,
                  (socklen_t)size);
}

static bool loopback(const char *peer)
{
    return strncmp(peer, "127.", 4) == 0 || strcmp(peer, "::1") == 0 ||
           strncmp(peer, "::ffff:127.", 11) == 0;
}

void http_peer(const HttpRequest *req, char *out, size_t size)
{
    if (req->forwarded[0])
        snprintf(out, size, "%s", req->forwarded);
    else
        socket_peer(req, out, size);
}

bool http_peer_is_local(const HttpRequest *req)
{
    char peer[64];
    http_peer(req, peer, sizeof peer);
    return loopback(peer);
}

/* From a trusted proxy: the rightmost address of X-Forwarded-For that is not a trusted proxy's
 * (each proxy appends the address it was reached from; what a player wrote to the left of it
 * is not believed), or the leftmost when all are. A request without the header, or with an
 * item that is no address where the walk stops, is the proxy's own. */
static void forwarded_for(const HttpServer *server, struct MHD_Connection *connection,
                          HttpRequest *req)
{
    const TrustList *trusted = server->options.trusted;
    if (!trusted || !trusted->count)
        return;
    char peer[64];
    socket_peer(req, peer, sizeof peer);
    const char *list = MHD_lookup_connection_value(connection, MHD_HEADER_KIND,
                                                   "X-Forwarded-For");
    if (!list || !trust_has(trusted, peer))
        return;
    const char *end = list + strlen(list);
    char item[64];
    while (end > list) {
        const char *start = end;
        while (start > list && start[-1] != ',')
            start--;
        const char *a = start, *b = end;
        while (a < b && (*a == ' ' || *a == '\t'))
            a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t'))
            b--;
        size_t n = (size_t)(b - a);
        if (n == 0 || n >= sizeof item)
            return;
        memcpy(item, a, n);
        item[n] = '\0';
        if (!trust_is_address(item))
            return;
        snprintf(req->forwarded, sizeof req->forwarded, "%s", item);
        if (!trust_has(trusted, item))
            return;
        end = start > list ? start - 1 : list;
    }
}

/* ---- responses ---- */

bool http_add_header(HttpResponse *res, const char *name, const char *value)
{
    if (res->nheaders == HTTP_MAX_HEADERS)
        return false;
    char *n = strdup(name), *v = strdup(value);
    if (!n || !v) {
        free(n);
        free(v);
        return false;
    }
    res->header_names[res->nheaders] = n;
    res->header_values[res->nheaders] = v;
    res->nheaders++;
    return true;
}

bool http_set_cookie(HttpResponse *res, const char *name, const char *value, const char *path,
                     long max_age)
{
    char cookie[512], age[48] = "";
    if (max_age >= 0)
        snprintf(age, sizeof age, "; Max-Age=%ld", max_age);
    int n = snprintf(cookie, sizeof cookie, "%s=%s; Path=%s%s; HttpOnly; SameSite=Strict", name,
                     max_age == 0 ? "" : value, path, age);
    return n > 0 && (size_t)n < sizeof cookie && http_add_header(res, "Set-Cookie", cookie);
}

static void free_headers(HttpResponse *res)
{
    for (int i = 0; i < res->nheaders; i++) {
        free(res->header_names[i]);
        free(res->header_values[i]);
    }
    res->nheaders = 0;
}

void http_json(HttpResponse *res, int status, json_t *value)
{
    free(res->body);
    res->status = status;
    res->content_type = "application/json; charset=utf-8";
    res->body = value ? json_dumps(value, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
    res->size = res->body ? strlen(res->body) : 0;
    json_decref(value);
    if (!res->body) {
        res->status = 500;
        res->body = strdup("{\"error\":{\"status\":500,\"message\":\"out of memory\"}}");
        res->size = res->body ? strlen(res->body) : 0;
    }
}

void http_text(HttpResponse *res, int status, const char *content_type, const char *text)
{
    free(res->body);
    res->status = status;
    res->content_type = content_type;
    res->body = strdup(text);
    res->size = res->body ? strlen(res->body) : 0;
}

/* The length of the UTF-8 character at s (1 for ASCII), 0 if none begins there (a byte of a
 * character cut short, an overlong form, a surrogate): what jansson accepts in a string. */
static int utf8_length(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    int len;
    uint32_t cp;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
        cp = s[0] & 0x1Fu;
    } else if ((s[0] & 0xF0) == 0xE0) {
        len = 3;
        cp = s[0] & 0x0Fu;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        cp = s[0] & 0x07u;
    } else {
        return 0;
    }
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return len;
}

/* A message as valid UTF-8: it may quote a request's raw bytes (its address, a character of a
 * move cut by the reader's message), which JSON cannot hold; each such byte is written \xNN. */
static void utf8_clean(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const unsigned char *s = (const unsigned char *)text; *s;) {
        int len = utf8_length(s);
        if (n + (len ? (size_t)len : 4) >= size)
            break;
        if (len) {
            memcpy(out + n, s, (size_t)len);
            n += (size_t)len;
            s += len;
        } else {
            snprintf(out + n, size - n, "\\x%02X", *s++);
            n += 4;
        }
    }
    out[n] = '\0';
}

static void error_object(HttpResponse *res, int status, const char *field, int line, int column,
                         const char *needs, const char *format, va_list args)
{
    char text[1024], message[4 * sizeof text];
    vsnprintf(text, sizeof text, format, args);
    utf8_clean(text, message, sizeof message);
    json_t *e = json_pack("{s:i,s:s}", "status", status, "message", message);
    if (needs)
        json_object_set_new(e, "needs", json_string(needs));
    if (field)
        json_object_set_new(e, "field", json_string(field));
    if (line > 0)
        json_object_set_new(e, "line", json_integer(line));
    if (column > 0)
        json_object_set_new(e, "column", json_integer(column));
    http_json(res, status, json_pack("{s:o}", "error", e));
}

void http_error(HttpResponse *res, int status, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_object(res, status, NULL, 0, 0, NULL, format, args);
    va_end(args);
}

void http_refuse(HttpResponse *res, int status, const char *needs, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_object(res, status, NULL, 0, 0, needs, format, args);
    va_end(args);
}

void http_field_error(HttpResponse *res, int status, const char *field, int line, int column,
                      const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_object(res, status, field, line, column, NULL, format, args);
    va_end(args);
}

json_t *http_body_object(const HttpRequest *req, HttpResponse *res)
{
    if (req->body_size == 0) {
        http_error(res, 400, "the request needs a JSON object as its body");
        return NULL;
    }
    json_error_t jerr;
    json_t *value = json_loadb(req->body, req->body_size, JSON_REJECT_DUPLICATES, &jerr);
    if (!value) {
        http_field_error(res, 400, "body", jerr.line, jerr.column, "bad JSON: %s", jerr.text);
        return NULL;
    }
    if (!json_is_object(value)) {
        json_decref(value);
        http_error(res, 400, "the request body must be a JSON object");
        return NULL;
    }
    return value;
}

bool http_get_string(json_t *obj, const char *name, const char **out, HttpResponse *res)
{
    json_t *v = json_object_get(obj, name);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_string(v)) {
        http_field_error(res, 400, name, 0, 0, "'%s' must be a string", name);
        return false;
    }
    *out = json_string_value(v);
    return true;
}

bool http_get_int(json_t *obj, const char *name, long min, long max, long *out, HttpResponse *res)
{
    json_t *v = json_object_get(obj, name);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
        http_field_error(res, 400, name, 0, 0, "'%s' must be a whole number from %ld to %ld",
                         name, min, max);
        return false;
    }
    *out = (long)json_integer_value(v);
    return true;
}

bool http_get_bool(json_t *obj, const char *name, bool *out, HttpResponse *res)
{
    json_t *v = json_object_get(obj, name);
    if (!v || json_is_null(v))
        return true;
    if (!json_is_boolean(v)) {
        http_field_error(res, 400, name, 0, 0, "'%s' must be true or false", name);
        return false;
    }
    *out = json_is_true(v);
    return true;
}

/* ---- routing ---- */

/* Match path against pattern; '*' takes one segment, a final "**" the rest. */
static bool route_match(const char *pattern, const char *path, HttpRequest *req, char *scratch,
                        size_t scratch_size)
{
    size_t used = 0;
    req->nparams = 0;
    const char *p = pattern, *s = path;
    while (*p) {
        if (p[0] == '*' && p[1] == '*') {
            size_t n = strlen(s);
            if (req->nparams == HTTP_MAX_PARAMS || used + n + 1 > scratch_size)
                return false;
            memcpy(scratch + used, s, n + 1);
            req->params[req->nparams++] = scratch + used;
            return true;
        }
        if (*p == '*') {
            size_t n = strcspn(s, "/");
            if (n == 0 || req->nparams == HTTP_MAX_PARAMS || used + n + 1 > scratch_size)
                return false;
            memcpy(scratch + used, s, n);
            scratch[used + n] = '\0';
            req->params[req->nparams++] = scratch + used;
            used += n + 1;
            s += n;
            p++;
            continue;
        }
        if (*p != *s)
            return false;
        p++;
        s++;
    }
    return *s == '\0';
}

/* An event stream's connection: what its `next` pauses and whoever has news resumes. */
struct HttpWake {
    struct MHD_Connection *connection;
};

void http_stream_pause(HttpWake *wake)
{
    MHD_suspend_connection(wake->connection);
}

void http_stream_resume(HttpWake *wake)
{
    MHD_resume_connection(wake->connection);
}

/* The stream and its connection (MHD's content reader gets one pointer). */
typedef struct StreamCall {
    HttpStream stream;
    HttpWake wake;
} StreamCall;

static ssize_t stream_next(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    StreamCall *call = cls;
    long n = call->stream.next(call->stream.state, &call->wake, buf, max);
    if (n == HTTP_STREAM_PAUSED)
        return 0; /* suspended: called again when resumed */
    if (n < 0)
        return MHD_CONTENT_READER_END_OF_STREAM;
    if (n == 0) {
        static const char keepalive[] = ": keep-alive\n\n";
        if (max < sizeof keepalive)
            return MHD_CONTENT_READER_END_WITH_ERROR;
        memcpy(buf, keepalive, sizeof keepalive - 1);
        return (ssize_t)(sizeof keepalive - 1);
    }
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    StreamCall *call = cls;
    if (call->stream.done)
        call->stream.done(call->stream.state);
    free(call);
}

static enum MHD_Result send_response(struct MHD_Connection *connection, HttpResponse *res)
{
    struct MHD_Response *r;
    if (res->has_stream) {
        free(res->body);
        res->body = NULL;
        StreamCall *call = malloc(sizeof *call);
        if (!call) {
            if (res->stream.done)
                res->stream.done(res->stream.state);
            free_headers(res);
            return MHD_NO;
        }
        *call = (StreamCall){res->stream, {connection}};
        r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_next, call,
                                              stream_free);
        if (!r) {
            stream_free(call);
            free_headers(res);
            return MHD_NO;
        }
        MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
        MHD_add_response_header(r, "Cache-Control", "no-store");
        MHD_add_response_header(r, "X-Accel-Buffering", "no");
    } else if (res->body) {
        r = MHD_create_response_from_buffer(res->size, res->body, MHD_RESPMEM_MUST_FREE);
        res->body = NULL;
    } else {
        r = MHD_create_response_from_buffer(res->size, (void *)(uintptr_t)res->static_body,
                                            MHD_RESPMEM_PERSISTENT);
    }
    if (!r) {
        free_headers(res);
        return MHD_NO;
    }
    for (int i = 0; i < res->nheaders; i++)
        MHD_add_response_header(r, res->header_names[i], res->header_values[i]);
    free_headers(res);
    if (!res->has_stream) {
        if (res->content_type)
            MHD_add_response_header(r, "Content-Type", res->content_type);
        MHD_add_response_header(r, "Cache-Control", res->cache_control ? res->cache_control : "no-store");
    }
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    enum MHD_Result ret = MHD_queue_response(connection, (unsigned)res->status, r);
    MHD_destroy_response(r);
    return ret;
}

/* ---- who may ask: the Host a request names, and the site a state change comes from ---- */

/* The host part of a Host header ("127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "::1"). */
static void host_name(const char *header, char *out, size_t size)
{
    size_t n;
    if (header[0] == '[') {
        const char *close = strchr(header, ']');
        header++;
        n = close ? (size_t)(close - header) : strlen(header);
    } else {
        n = strcspn(header, ":");
    }
    if (n >= size)
        n = size - 1;
    memcpy(out, header, n);
    out[n] = '\0';
}

/* A Host that is not this server's is what a DNS-rebinding page sends (its own name, resolved
 * to 127.0.0.1): only the loopback names and addresses and the address the server was started
 * on are answered, and, when it listens on every address (0.0.0.0), any address literal, since
 * a literal address cannot be rebound. */
static bool host_allowed(const HttpServer *server, const char *header)
{
    char name[256];
    host_name(header, name, sizeof name);
    const char *bound = server->options.host ? server->options.host : "127.0.0.1";
    if (strcasecmp(name, "localhost") == 0 || strcmp(name, "127.0.0.1") == 0 ||
        strcmp(name, "::1") == 0 || strcasecmp(name, bound) == 0)
        return true;
    if (server->options.proxy) { /* the name players type, with its port or without */
        char site[256];
        host_name(server->options.proxy, site, sizeof site);
        if (strcasecmp(name, site) == 0)
            return true;
    }
    unsigned char addr[16];
    return strcmp(bound, "0.0.0.0") == 0 &&
           (inet_pton(AF_INET, name, addr) == 1 || inet_pton(AF_INET6, name, addr) == 1);
}

/* The names host_allowed answers, each once, for the refusal's message. */
static void hosts_accepted(const HttpServer *server, char *out, size_t size)
{
    const char *bound = server->options.host ? server->options.host : "127.0.0.1";
    int n = snprintf(out, size, "127.0.0.1, localhost, [::1]");
    bool any = strcmp(bound, "0.0.0.0") == 0 || strcmp(bound, "::") == 0;
    if (!any && strcmp(bound, "127.0.0.1") && strcasecmp(bound, "localhost") && strcmp(bound, "::1"))
        n += snprintf(out + n, size - (size_t)n, strchr(bound, ':') ? ", [%s]" : ", %s", bound);
    if (server->options.proxy && (size_t)n < size) {
        char site[256];
        host_name(server->options.proxy, site, sizeof site);
        if (strcmp(site, "127.0.0.1") && strcasecmp(site, "localhost") && strcmp(site, "::1") &&
            strcasecmp(site, bound))
            n += snprintf(out + n, size - (size_t)n, ", %s", site);
    }
    if (strcmp(bound, "0.0.0.0") == 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, ", or any address of it typed as numbers");
}

/* "http://HOST" followed by the end, or by '/' when rest_ok (a Referer). */
static bool same_origin(const char *value, const char *host, bool rest_ok)
{
    size_t n = strlen(host);
    /* a proxy may serve the page over TLS: https://HOST is the same site */
    size_t scheme = strncmp(value, "http://", 7) == 0 ? 7 : strncmp(value, "https://", 8) == 0 ? 8 : 0;
    if (!scheme || strncasecmp(value + scheme, host, n) != 0)
        return false;
    char after = value[scheme + n];
    return after == '\0' || (rest_ok && after == '/');
}

/* A request that changes something must be JSON and come from the server's own page: a form
 * or a "simple" fetch from another site can send text/plain or form data without asking the
 * browser first, so those are refused, and so is any request whose Origin (or, without it,
 * Referer) is another site. Programs that send neither (curl, the tests) are let through. */
static bool request_allowed(const HttpServer *server, struct MHD_Connection *connection,
                            const char *method, size_t body_size, HttpResponse *res)
{
    const char *host = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Host");
    if (host && !host_allowed(server, host)) {
        char names[600];
        hosts_accepted(server, names, sizeof names);
        http_error(res, 403, "the Host '%s' is not an address of this server (%s)", host, names);
        return false;
    }
    if (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0)
        return true;
    const char *type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Type");
    size_t tn = type ? strcspn(type, "; \t") : 0;
    bool json = type && tn == 16 && strncasecmp(type, "application/json", 16) == 0;
    if (!json && (body_size > 0 || strcmp(method, "POST") == 0)) {
        http_error(res, 403, "a %s request must be JSON (Content-Type: application/json)%s%s",
                   method, type ? ", not " : "", type ? type : "");
        return false;
    }
    const char *origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin");
    const char *referer = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Referer");
    if (origin && (!host || !same_origin(origin, host, false))) {
        http_error(res, 403, "a request from %s may not change anything here (only this server's page may)",
                   origin);
        return false;
    }
    if (!origin && referer && (!host || !same_origin(referer, host, true))) {
        http_error(res, 403, "a request from the page %s may not change anything here (only this server's page may)",
                   referer);
        return false;
    }
    return true;
}

/* Answer the request (on a worker: the handlers may block). */
static void handle(Upload *up)
{
    HttpServer *server = up->server;
    HttpRequest *req = &up->req;
    HttpResponse *res = &up->res;
    struct MHD_Connection *connection = req->connection;
    const char *url = req->path, *method = req->method;
    forwarded_for(server, connection, req);
    if (up->too_large) {
        http_error(res, 413, "the request body is larger than %u bytes", HTTP_MAX_BODY);
    } else if (strlen(url) > 512) {
        http_error(res, 414, "the address is too long");
    } else if (up->size && memchr(up->data, '\0', up->size)) {
        http_error(res, 400, "the request body holds a NUL byte");
    } else if (!request_allowed(server, connection, method, up->size, res)) {
        /* refused: res says why */
    } else {
        bool path_known = false, handled = false;
        for (int i = 0; i < server->options.nroutes && !handled; i++) {
            const HttpRoute *route = &server->options.routes[i];
            if (!route_match(route->pattern, url, req, up->scratch, sizeof up->scratch))
                continue;
            path_known = true;
            if (strcmp(route->method, method) == 0) {
                void *context = server->options.context;
                if (route->handler && (!server->options.before ||
                                       server->options.before(req, res, context))) {
                    route->handler(req, res, context);
                    if (server->options.after)
                        server->options.after(req, res, context);
                } else if (route->handler) {
                    /* answered by `before` */
                } else
                    http_error(res, 404, "nothing at %s", url);
                handled = true;
            }
        }
        if (!handled) {
            if (path_known)
                http_error(res, 405, "%s is not allowed on %s", method, url);
            else
                http_error(res, 404, "nothing at %s", url);
        }
    }
}

/* A worker's job: answer, then let the connection (suspended meanwhile) send it. */
static void handle_job(void *job)
{
    Upload *up = job;
    handle(up);
    up->stage = ANSWERED;
    MHD_resume_connection(up->req.connection);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url,
                                  const char *method, const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls)
{
    (void)version;
    HttpServer *server = cls;
    Upload *up = *con_cls;
    if (!up) {
        up = calloc(1, sizeof *up);
        if (!up)
            return MHD_NO;
        *con_cls = up;
        return MHD_YES;
    }
    if (up->stage == ANSWERED) { /* resumed after its handler ran */
        up->stage = SENT;
        return send_response(connection, &up->res);
    }
    if (up->stage != RECEIVING) /* not expected: suspended while handled, then answered */
        return MHD_YES;
    if (*upload_data_size) {
        if (!up->too_large) {
            if (up->size + *upload_data_size > HTTP_MAX_BODY) {
                up->too_large = true;
            } else {
                char *bigger = realloc(up->data, up->size + *upload_data_size + 1);
                if (!bigger)
                    return MHD_NO;
                up->data = bigger;
                memcpy(up->data + up->size, upload_data, *upload_data_size);
                up->size += *upload_data_size;
                up->data[up->size] = '\0';
            }
        }
        *upload_data_size = 0;
        return MHD_YES;
    }

    up->server = server;
    up->res = (HttpResponse){.status = 200};
    up->req = (HttpRequest){.method = method, .path = url, .body = up->data ? up->data : "",
                            .body_size = up->size, .connection = connection};
    /* suspended before the worker may resume it; resumed, MHD calls here again */
    up->stage = HANDLING;
    MHD_suspend_connection(connection);
    if (!http_workers_submit(server->workers, handle_job, up))
        handle_job(up); /* no thread to be had: answered here */
    return MHD_YES;
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)cls;
    (void)connection;
    (void)toe;
    Upload *up = *con_cls;
    if (up) {
        if (up->stage == ANSWERED) { /* the answer was never sent (the connection failed) */
            if (up->res.has_stream && up->res.stream.done)
                up->res.stream.done(up->res.stream.state);
            free(up->res.body);
            free_headers(&up->res);
        }
        free(up->data);
        free(up);
        *con_cls = NULL;
    }
}

/* The connections the server may hold: as many as asked, when the files a process may open
 * allow (each connection is a socket; a few hundred files are kept for the databases, the
 * engines' tables, the logs). The soft limit on open files is raised to the hard one first:
 * a thousand games watched by three devices each need more than the usual 1,024. */
static unsigned connection_limit(int wanted)
{
    enum { RESERVED_FILES = 256 };
    struct rlimit files;
    if (getrlimit(RLIMIT_NOFILE, &files) != 0)
        return (unsigned)wanted;
    if (files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &files) != 0)
            getrlimit(RLIMIT_NOFILE, &files);
    }
    if (files.rlim_cur == RLIM_INFINITY || files.rlim_cur >= (rlim_t)wanted + RESERVED_FILES)
        return (unsigned)wanted;
    return files.rlim_cur > 2 * RESERVED_FILES ? (unsigned)(files.rlim_cur - RESERVED_FILES)
                                               : (unsigned)files.rlim_cur / 2;
}

/* The threads that poll the connections (epoll): HTTP_POLLING_THREADS_A_CORE a core; they only
 * read requests and write answers and events (the handlers run on the workers: http_workers.h).
 * More than one a core: libmicrohttpd walks a thread's every suspended connection (the parked
 * streams) each time it resumes one, so the streams are spread over several. */
static unsigned polling_threads(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    long n = (cores < 1 ? 1 : cores) * HTTP_POLLING_THREADS_A_CORE;
    return n > HTTP_POLLING_THREADS_MAX ? HTTP_POLLING_THREADS_MAX : (unsigned)n;
}

HttpServer *http_server_start(const HttpOptions *options, char *err, size_t errsize)
{
    HttpServer *server = calloc(1, sizeof *server);
    if (!server) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    server->options = *options;
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)options->port);
    const char *host = options->host ? options->host : "127.0.0.1";
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        snprintf(err, errsize, "'%s' is not an IPv4 address (such as 127.0.0.1 or 0.0.0.0)", host);
        free(server);
        return NULL;
    }
    unsigned limit = connection_limit(options->max_connections > 0 ? options->max_connections : 64);
    server->workers = http_workers_new();
    if (server->workers)
        server->daemon = MHD_start_daemon(
            MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME, (uint16_t)options->port,
            NULL, NULL, on_request, server, MHD_OPTION_SOCK_ADDR, &addr,
            MHD_OPTION_THREAD_POOL_SIZE, polling_threads(), MHD_OPTION_CONNECTION_LIMIT, limit,
            MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)120, MHD_OPTION_NOTIFY_COMPLETED,
            on_completed, NULL, MHD_OPTION_END);
    if (!server->daemon) {
        http_workers_free(server->workers);
        snprintf(err, errsize, "cannot listen on %s:%d (is the port in use?)", host, options->port);
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info ? info->port : options->port;
    return server;
}

int http_server_port(const HttpServer *server)
{
    return server->port;
}

void http_server_stop(HttpServer *server)
{
    if (!server)
        return;
    /* the handlers still running resume their connections: they end first (a request that
     * comes meanwhile is answered on its polling thread) */
    http_workers_stop(server->workers);
    MHD_stop_daemon(server->daemon);
    http_workers_free(server->workers);
    free(server);
}
