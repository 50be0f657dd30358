/* test_web.c - the web server's API, driven over HTTP on a free port, from the transcripts in
 * tests/data/web (files ending in .http), each against a fresh games file:
 *
 *   > POST /api/games {"opponent": "human"}   a request (the body, if any, after the path)
 *   > POST /api/import @pdn games/test.pdn     ... with a body {"pdn": <that data file>}
 *   > POST /api/import @pdn-last               ... with a body {"pdn": <the last answer's text>}
 *   > POST /api/position @bytes 5000000        ... with a body of that many bytes
 *   header Origin: http://evil.example        a header for the next request only ($PORT is the
 *                                              server's port); a Content-Type given replaces
 *                                              the application/json sent with every body
 *   < 201 {"status": "playing"}               the expected status and part of the JSON answer:
 *                                              every member given must match ("*" matches any
 *                                              value, "~text" a string containing text,
 *                                              "597+-0.2" a number within 0.2 of 597,
 *                                              "596.65..597.05" one from 596.65 to 597.05, a
 *                                              list must have the same length, or at least
 *                                              the items before a last item "...")
 *   <text ~[Result "*"]                        the answer's text must contain this
 *   <header ~HttpOnly                          the answer's headers must contain this
 *   wait 1                                     until game 1's engine has stopped thinking
 *   event /api/games/1/events state {...}      the first event of that name on the stream,
 *                                              with part of its JSON as above
 *   until /api/events/1/events event {...}     the stream's events of that name, read until
 *                                              one matches (60 s at most)
 *   restart                                    stop the server and start it on the same file
 *   kill                                       the same with the program killed (SIGKILL)
 *   device NAME                                the requests after it come from the device NAME,
 *                                              with its own cookies (the first one is "main")
 *   keep VAR json PATH                         $VAR is then the value at PATH ("codes.black",
 *                                              "moves.0.ply") of the last JSON answer
 *   keep VAR cookie SUFFIX                     ... the value of the device's cookie whose name
 *                                              ends in _SUFFIX ("white", "arbiter")
 *   keep VAR cookiename SUFFIX                 ... that cookie's name
 *   from 127.0.0.2                             the requests after it come from that loopback
 *                                              address (127.0.0.1 again: the default)
 *   options --trust-proxy 127.0.0.1            start (and restart) the server with these
 *                                              options too, separated by spaces
 *   password TEXT                              start (and restart) the server with
 *                                              --set-password TEXT before the next request
 *   puzzles FILE                               ... with --puzzles FILE (a file of tests/data)
 *   egdb N                                     ... building the endgame databases up to N
 *                                              pieces in the background, in an empty folder
 *                                              of the file's own (every other server runs
 *                                              with --no-egdb-build)
 *   sleep SECONDS                              a real wait (what a player thinks: the clocks
 *                                              must charge it), never to wait for an event
 *   database stop / database start             stop the tests' PostgreSQL (pg_ctl stop -m
 *                                              fast) and start it again (web-pg only)
 *   ready                                      until GET /api/health answers 200 (60 s at
 *                                              most): the server is back with its database
 *   kinds NAME NAME ...                        (the file's first line) run the whole file once
 *                                              per game named, $KIND being its name, each
 *                                              against a fresh games file: the same cases for
 *                                              every kind of game
 *
 * $VAR is replaced in requests and headers; $PORT is the server's port. SHASHKI_WEB_FILE=NAME
 * runs that file only.
 * The server runs as the real program (`shashki serve --port 0`), so "kill" is a true crash. */
#include <curl/curl.h>
#include <dirent.h>
#include <jansson.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"
#include "test_pg.h"
#include "test_proxy.h"
#include "test_server.h"

#define MAX_DEVICES 8
#define MAX_VARS 32

typedef struct Device {
    char name[32];
    char jar[64]; /* the cookie file */
} Device;

typedef struct Vars {
    char name[MAX_VARS][32];
    char value[MAX_VARS][256];
    int count;
} Vars;


/* One HTTP exchange; returns the status (0 on failure) and the body in out. extra: headers
 * to send besides (NULL: none). */
static Buffer last_headers; /* the headers of the last answer */
static char from_address[80]; /* "host!ADDRESS": the address requests come from, or "" */

static long request(const Server *s, const char *method, const char *path, const char *body,
                    size_t body_size, Buffer *out, long timeout_ms, struct curl_slist *extra,
                    const char *jar)
{
    CURL *curl = curl_easy_init();
    if (!curl)
        return 0;
    if (jar) {
        curl_easy_setopt(curl, CURLOPT_COOKIEFILE, jar);
        curl_easy_setopt(curl, CURLOPT_COOKIEJAR, jar);
    }
    char url[1024];
    server_url(s, path, url, sizeof url);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    server_curl_tls(s, curl);
    if (from_address[0]) /* a request from another loopback address ("from 127.0.0.2") */
        curl_easy_setopt(curl, CURLOPT_INTERFACE, from_address);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_PATH_AS_IS, 1L);
    struct curl_slist *headers = NULL;
    bool typed = false;
    for (struct curl_slist *h = extra; h; h = h->next) {
        headers = curl_slist_append(headers, h->data);
        typed = typed || strncasecmp(h->data, "Content-Type:", 13) == 0;
    }
    if (body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_size);
        if (!typed)
            headers = curl_slist_append(headers, "Content-Type: application/json");
    }
    if (headers)
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, out);
    free(last_headers.data);
    last_headers = (Buffer){0};
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &last_headers);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
    long status = 0;
    CURLcode rc = curl_easy_perform(curl);
    if (rc == CURLE_OK)
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    else if (out->data == NULL) /* say why there is no answer */
        test_buffer_append((char *)curl_easy_strerror(rc), 1, strlen(curl_easy_strerror(rc)), out);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return status;
}

/* Does `actual` hold everything `expected` says? Writes where it differs into why. */
static bool json_fits(json_t *expected, json_t *actual, char *why, size_t size, const char *at)
{
    char where[256];
    if (json_is_string(expected)) {
        const char *e = json_string_value(expected);
        if (strcmp(e, "*") == 0) {
            if (actual)
                return true;
        } else if (e[0] == '~') {
            if (json_is_string(actual) && strstr(json_string_value(actual), e + 1))
                return true;
        } else if (json_is_string(actual) && strcmp(e, json_string_value(actual)) == 0) {
            return true;
        } else if (json_is_number(actual) && (strstr(e, "+-") || strstr(e, ".."))) {
            /* "597+-0.2": within 0.2 of 597; "596.65..597.05": from one to the other */
            char *end, *tail = NULL;
            double a = strtod(e, &end), b = 0, n = json_number_value(actual);
            bool within = strncmp(end, "+-", 2) == 0, range = strncmp(end, "..", 2) == 0;
            if (within || range)
                b = strtod(end + 2, &tail);
            if (tail && *tail == '\0' &&
                (within ? fabs(n - a) <= b : range && n >= a && n <= b))
                return true;
        }
        char *a = actual ? json_dumps(actual, JSON_ENCODE_ANY) : NULL;
        snprintf(why, size, "%s is %s, expected %s", at, a ? a : "missing", e);
        free(a);
        return false;
    }
    if (json_is_object(expected)) {
        if (!json_is_object(actual)) {
            snprintf(why, size, "%s is not an object", at);
            return false;
        }
        const char *key;
        json_t *value;
        json_object_foreach(expected, key, value)
        {
            snprintf(where, sizeof where, "%s.%s", at, key);
            if (!json_fits(value, json_object_get(actual, key), why, size, where))
                return false;
        }
        return true;
    }
    if (json_is_array(expected)) {
        /* a list ending in "..." asks for at least the items before it */
        size_t n = json_array_size(expected);
        json_t *last = n ? json_array_get(expected, n - 1) : NULL;
        bool open = json_is_string(last) && strcmp(json_string_value(last), "...") == 0;
        if (open)
            n--;
        if (!json_is_array(actual) ||
            (open ? json_array_size(actual) < n : json_array_size(actual) != n)) {
            snprintf(why, size, "%s: a list of %s%zu expected, found %zu", at, open ? "at least " : "",
                     n, json_is_array(actual) ? json_array_size(actual) : 0);
            return false;
        }
        for (size_t i = 0; i < n; i++) {
            snprintf(where, sizeof where, "%s[%zu]", at, i);
            if (!json_fits(json_array_get(expected, i), json_array_get(actual, i), why, size, where))
                return false;
        }
        return true;
    }
    if (json_equal(expected, actual))
        return true;
    char *e = json_dumps(expected, JSON_ENCODE_ANY), *a = actual ? json_dumps(actual, JSON_ENCODE_ANY) : NULL;
    snprintf(why, size, "%s is %s, expected %s", at, a ? a : "missing", e ? e : "?");
    free(e);
    free(a);
    return false;
}

static void check_json(const char *expected_text, const char *body)
{
    json_error_t jerr;
    json_t *expected = json_loads(expected_text, 0, &jerr);
    if (!expected) {
        CHECK_MSG(false, "bad expected JSON '%s': %s", expected_text, jerr.text);
        return;
    }
    json_t *actual = body ? json_loads(body, 0, &jerr) : NULL;
    char why[512] = "";
    CHECK_MSG(actual && json_fits(expected, actual, why, sizeof why, "answer"), "%s (answer: %.300s)",
              actual ? why : "the answer is not JSON", body ? body : "");
    json_decref(expected);
    json_decref(actual);
}

/* Poll a game until its engine is not thinking. */
static void wait_game(const Server *s, const char *id)
{
    char path[128];
    snprintf(path, sizeof path, "/api/games/%.60s", id);
    for (int tries = 0; tries < 300; tries++) {
        Buffer b = {0};
        long status = request(s, "GET", path, NULL, 0, &b, 5000, NULL, NULL);
        json_t *j = status == 200 ? json_loads(b.data, 0, NULL) : NULL;
        bool thinking = j && json_is_true(json_object_get(j, "thinking"));
        json_decref(j);
        free(b.data);
        if (status == 200 && !thinking)
            return;
        usleep(100 * 1000);
    }
    CHECK_MSG(false, "game %s: the engine is still thinking after 30 s", id);
}

/* Does the JSON text fit the expected part (as check_json, but without reporting)? */
static bool json_matches(const char *expected_text, const char *body)
{
    json_t *want = json_loads(expected_text, 0, NULL), *got = json_loads(body, 0, NULL);
    char why[256];
    bool ok = want && got && json_fits(want, got, why, sizeof why, "");
    json_decref(want);
    json_decref(got);
    return ok;
}

/* Read a stream's events of the name until one fits `expected` (60 s at most). */
static void until_event(const Server *s, const char *path, const char *name, const char *expected)
{
    Buffer b = {0};
    char want[64], url[1024];
    snprintf(want, sizeof want, "event: %s\ndata: ", name);
    server_url(s, path, url, sizeof url);
    CURL *curl = curl_easy_init();
    CURLM *multi = curl_multi_init();
    curl_easy_setopt(curl, CURLOPT_URL, url);
    server_curl_tls(s, curl);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &b);
    curl_multi_add_handle(multi, curl);
    int running = 1;
    time_t start = time(NULL);
    size_t read_to = 0;
    bool found = false;
    char *last = NULL;
    while (running && !found && time(NULL) - start < 60) {
        curl_multi_perform(multi, &running);
        for (char *at; !found && b.data && (at = strstr(b.data + read_to, want));) {
            char *data = at + strlen(want), *end = strstr(data, "\n\n");
            if (!end)
                break;
            *end = '\0';
            found = json_matches(expected, data);
            free(last);
            last = strdup(data);
            *end = '\n';
            read_to = (size_t)(end + 2 - b.data);
        }
        if (!found)
            curl_multi_wait(multi, NULL, 0, 100, NULL);
    }
    curl_multi_remove_handle(multi, curl);
    curl_easy_cleanup(curl);
    curl_multi_cleanup(multi);
    CHECK_MSG(found, "no '%s' event on %s fits %s (the last: %.300s)", name, path, expected,
              last ? last : "none");
    free(last);
    free(b.data);
}

/* Read a stream until the first event of the name has arrived (20 s at most), then check
 * its data. */
static void check_event(const Server *s, const char *path, const char *name, const char *expected)
{
    Buffer b = {0};
    char want[64], url[1024];
    snprintf(want, sizeof want, "event: %s\ndata: ", name);
    server_url(s, path, url, sizeof url);
    CURL *curl = curl_easy_init();
    CURLM *multi = curl_multi_init();
    curl_easy_setopt(curl, CURLOPT_URL, url);
    server_curl_tls(s, curl);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &b);
    curl_multi_add_handle(multi, curl);
    int running = 1;
    time_t start = time(NULL);
    char *at = NULL;
    while (running && time(NULL) - start < 20) {
        curl_multi_perform(multi, &running);
        at = b.data ? strstr(b.data, want) : NULL;
        if (at && strstr(at + strlen(want), "\n\n"))
            break;
        curl_multi_wait(multi, NULL, 0, 100, NULL);
    }
    curl_multi_remove_handle(multi, curl);
    curl_easy_cleanup(curl);
    curl_multi_cleanup(multi);
    at = b.data ? strstr(b.data, want) : NULL;
    if (!at) {
        CHECK_MSG(false, "no '%s' event on %s (got: %.200s)", name, path, b.data ? b.data : "");
    } else {
        at += strlen(want);
        char *end = strstr(at, "\n\n");
        if (end)
            *end = '\0';
        if (expected && *expected)
            check_json(expected, at);
    }
    free(b.data);
}

static char *body_from(const char *spec, const char *last, size_t *size)
{
    if (strcmp(spec, "@pdn-last") == 0) {
        json_t *j = json_pack("{s:s}", "pdn", last ? last : "");
        char *b = json_dumps(j, 0);
        json_decref(j);
        *size = b ? strlen(b) : 0;
        return b;
    }
    if (strncmp(spec, "@bytes ", 7) == 0) {
        size_t n = (size_t)strtoul(spec + 7, NULL, 10);
        char *b = malloc(n + 1);
        if (b) {
            memset(b, ' ', n);
            b[n] = '\0';
        }
        *size = n;
        return b;
    }
    if (strncmp(spec, "@pdn ", 5) == 0) {
        char *text = test_read_file(test_data(spec + 5), NULL);
        json_t *j = json_pack("{s:s}", "pdn", text ? text : "");
        free(text);
        char *b = json_dumps(j, 0);
        json_decref(j);
        *size = b ? strlen(b) : 0;
        return b;
    }
    *size = strlen(spec);
    return strdup(spec);
}

/* Replace $VAR (and $PORT) in text. */
static void expand(const char *text, const Vars *vars, int port, char *out, size_t size)
{
    size_t n = 0;
    while (*text && n + 1 < size) {
        if (*text == '$') {
            size_t len = 0;
            while (text[1 + len] == '_' || (text[1 + len] >= 'a' && text[1 + len] <= 'z') ||
                   (text[1 + len] >= 'A' && text[1 + len] <= 'Z') ||
                   (text[1 + len] >= '0' && text[1 + len] <= '9'))
                len++;
            const char *value = NULL;
            char number[16];
            if (len == 4 && strncmp(text + 1, "PORT", 4) == 0) {
                snprintf(number, sizeof number, "%d", port);
                value = number;
            }
            for (int i = 0; !value && i < vars->count; i++)
                if (strlen(vars->name[i]) == len && strncmp(vars->name[i], text + 1, len) == 0)
                    value = vars->value[i];
            if (value) {
                n += (size_t)snprintf(out + n, size - n, "%s", value);
                if (n >= size)
                    n = size - 1;
                text += 1 + len;
                continue;
            }
        }
        out[n++] = *text++;
    }
    out[n] = '\0';
}

static void var_set(Vars *vars, const char *name, const char *value)
{
    int i = 0;
    while (i < vars->count && strcmp(vars->name[i], name))
        i++;
    if (i == MAX_VARS)
        return;
    if (i == vars->count)
        vars->count++;
    snprintf(vars->name[i], sizeof vars->name[i], "%s", name);
    snprintf(vars->value[i], sizeof vars->value[i], "%s", value);
}

/* The value (or the name) of the cookie in a jar file whose name ends in _suffix. */
static bool jar_cookie(const char *jar, const char *suffix, bool want_name, char *out, size_t size)
{
    char *text = test_read_file(jar, NULL);
    bool found = false;
    char *cursor = text;
    for (char *line; text && !found && (line = test_next_line(&cursor));) {
        if (line[0] == '#' && strncmp(line, "#HttpOnly_", 10) != 0)
            continue;
        char *field[7];
        int n = 0;
        for (char *f = strtok(line, "\t"); f && n < 7; f = strtok(NULL, "\t"))
            field[n++] = f;
        if (n < 6)
            continue;
        size_t nl = strlen(field[5]), sl = strlen(suffix);
        if (nl > sl && field[5][nl - sl - 1] == '_' && strcmp(field[5] + nl - sl, suffix) == 0) {
            snprintf(out, size, "%s", want_name ? field[5] : (n > 6 ? field[6] : ""));
            found = true;
        }
    }
    free(text);
    return found;
}

/* The value at a dotted path of a JSON text, as text. */
static bool json_at(const char *body, const char *path, char *out, size_t size)
{
    json_t *root = body ? json_loads(body, 0, NULL) : NULL;
    json_t *v = root;
    char copy[256];
    snprintf(copy, sizeof copy, "%s", path);
    for (char *part = strtok(copy, "."); v && part; part = strtok(NULL, ".")) {
        char *end;
        long index = strtol(part, &end, 10);
        v = json_is_array(v) && !*end ? json_array_get(v, (size_t)index) : json_object_get(v, part);
    }
    bool ok = v != NULL;
    if (json_is_string(v))
        snprintf(out, size, "%s", json_string_value(v));
    else if (v) {
        char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
        snprintf(out, size, "%s", text ? text : "");
        free(text);
    }
    json_decref(root);
    return ok;
}

static Device *device_get(Device *devices, int *count, const char *name)
{
    for (int i = 0; i < *count; i++)
        if (strcmp(devices[i].name, name) == 0)
            return &devices[i];
    if (*count == MAX_DEVICES)
        return &devices[0];
    Device *d = &devices[(*count)++];
    snprintf(d->name, sizeof d->name, "%.31s", name);
    snprintf(d->jar, sizeof d->jar, "/tmp/shashki-cookies-XXXXXX");
    int fd = mkstemp(d->jar);
    if (fd >= 0)
        close(fd);
    return d;
}

static bool on_postgres; /* the server's store is a PostgreSQL database of the test's own */

/* A stream read in the background while the transcript goes on ("watch NAME PATH"), and the
 * wait for one of its events ("seen NAME EVENT {json}"): what a spectator's page sees while
 * other devices, on other processes, play. */
typedef struct Watch {
    char name[32];
    CURL *curl;
    CURLM *multi;
    Buffer b;
    size_t read_to;
} Watch;

static void watch_start(Watch *w, const Server *s, const char *name, const char *path)
{
    memset(w, 0, sizeof *w);
    snprintf(w->name, sizeof w->name, "%s", name);
    char url[1024];
    server_url(s, path, url, sizeof url);
    w->curl = curl_easy_init();
    w->multi = curl_multi_init();
    curl_easy_setopt(w->curl, CURLOPT_URL, url);
    server_curl_tls(s, w->curl);
    curl_easy_setopt(w->curl, CURLOPT_WRITEFUNCTION, test_buffer_append);
    curl_easy_setopt(w->curl, CURLOPT_WRITEDATA, &w->b);
    curl_multi_add_handle(w->multi, w->curl);
    /* connected once its first event (the state now) has come */
    int running = 1;
    time_t start = time(NULL);
    while (running && time(NULL) - start < 20 && !(w->b.data && strstr(w->b.data, "\n\n"))) {
        curl_multi_perform(w->multi, &running);
        curl_multi_wait(w->multi, NULL, 0, 100, NULL);
    }
    CHECK_MSG(w->b.data && strstr(w->b.data, "\n\n"), "the stream %s gave no event", path);
}

static void watch_seen(Watch *w, const char *name, const char *expected)
{
    char want[600];
    snprintf(want, sizeof want, "event: %s\ndata: ", name);
    int running = 1;
    time_t start = time(NULL);
    bool found = false;
    char *last = NULL;
    while (!found && time(NULL) - start < 60) {
        curl_multi_perform(w->multi, &running);
        if (!running) { /* the stream ended (its process died): reconnect, as a page does */
            curl_multi_remove_handle(w->multi, w->curl);
            curl_multi_add_handle(w->multi, w->curl);
            running = 1;
        }
        for (char *at; !found && w->b.data && (at = strstr(w->b.data + w->read_to, want));) {
            char *data = at + strlen(want), *end = strstr(data, "\n\n");
            if (!end)
                break;
            *end = '\0';
            found = json_matches(expected, data);
            free(last);
            last = strdup(data);
            *end = '\n';
            w->read_to = (size_t)(end + 2 - w->b.data);
        }
        if (!found)
            curl_multi_wait(w->multi, NULL, 0, 100, NULL);
    }
    CHECK_MSG(found, "no '%s' event on %s fits %s (last: %.300s)", name, w->name, expected,
              last ? last : "none");
    free(last);
}

static void watch_end(Watch *w)
{
    if (!w->curl)
        return;
    curl_multi_remove_handle(w->multi, w->curl);
    curl_easy_cleanup(w->curl);
    curl_multi_cleanup(w->multi);
    free(w->b.data);
    memset(w, 0, sizeof *w);
}

static int run_file(const char *name, const char *kind)
{
    char path[512];
    snprintf(path, sizeof path, "web/%s", name);
    char *text = test_read_file(test_data(path), NULL);
    if (!text) {
        test_case("read %s", path);
        CHECK(false);
        return 0;
    }
    char label[160];
    if (kind || on_postgres) {
        snprintf(label, sizeof label, "%s%s%s%s%s", on_postgres ? "postgresql:" : "", name,
                 kind ? "[" : "", kind ? kind : "", kind ? "]" : "");
        name = label;
    }
    /* "processes N": N servers on one PostgreSQL database (a site of several processes);
     * "via K" sends what follows to the K-th, "kill K" / "restart K" stop one and start it */
    enum { MAX_PROCESSES = 4 };
    Server procs[MAX_PROCESSES];
    memset(procs, 0, sizeof procs);
    int nprocs = 1, cur = 0;
    const char *many = strncmp(text, "processes ", 10) == 0 ? text : strstr(text, "\nprocesses ");
    if (many) {
        nprocs = atoi(many + (many[0] == '\n' ? 11 : 10));
        if (!on_postgres) { /* several processes share a PostgreSQL database, not a file */
            free(text);
            return 0;
        }
        if (nprocs < 1 || nprocs > MAX_PROCESSES)
            nprocs = 1;
    }
    /* "processes N proxy": nginx in front of them, with the docs' configuration ("via proxy") */
    const char *eol = many ? strchr(many + 1, '\n') : NULL;
    bool behind = many && strstr(many + 1, " proxy") && (!eol || strstr(many + 1, " proxy") < eol);
    Server front = {0};
    Proxy nginx = {0};
    Server *sp = &procs[0];
#define s (*sp)
    enum { MAX_WATCHES = 4 };
    Watch watches[MAX_WATCHES];
    memset(watches, 0, sizeof watches);
    if (on_postgres) {
        test_case("%s: a database of its own", name);
        bool made = test_pg_database(s.db, sizeof s.db);
        CHECK_MSG(made, "%s", s.db);
        if (!made) {
            free(text);
            return 0;
        }
    } else {
        snprintf(s.db, sizeof s.db, "/tmp/shashki-web-test-XXXXXX");
        int fd = mkstemp(s.db);
        if (fd >= 0)
            close(fd);
        unlink(s.db);
    }
    Device devices[MAX_DEVICES];
    int ndevices = 0;
    Device *device = device_get(devices, &ndevices, "main");
    Vars vars = {.count = 0};
    if (kind)
        var_set(&vars, "KIND", kind);
    char expanded[8192];
    bool started = false;
    if (strstr(text, "\npassword ") == NULL && strstr(text, "\npuzzles ") == NULL &&
        strstr(text, "\negdb ") == NULL && strstr(text, "\noptions ") == NULL) {
        if (behind)
            snprintf(procs[0].proxy, sizeof procs[0].proxy, "127.0.0.1");
        for (int i = 1; i < nprocs; i++)
            procs[i] = procs[0];
        int ports[MAX_PROCESSES];
        for (int i = 0; i < nprocs; i++) {
            test_case("%s: start the server%s", name, nprocs > 1 ? "s" : "");
            CHECK(server_start(&procs[i]));
            ports[i] = procs[i].port;
        }
        if (behind) {
            test_case("%s: start nginx with docs/federation/nginx.conf", name);
            CHECK(proxy_start(&nginx, ports, nprocs));
            front.port = nginx.port;
            snprintf(front.ca, sizeof front.ca, "%s", nginx.ca);
        }
        started = true;
    }
    int cases = 0, line_no = 0;
    long status = 0;
    Buffer last = {0};
    struct curl_slist *extra = NULL;
    char *cursor = text;
    for (char *line; (line = test_next_line(&cursor));) {
        line_no++;
        if (line[0] == '#' || line[0] == '\0' || strncmp(line, "kinds ", 6) == 0 ||
            strncmp(line, "processes ", 10) == 0)
            continue;
        if (strcmp(line, "via proxy") == 0) {
            test_case("%s:%d %s", name, line_no, line);
            CHECK(behind);
            sp = &front;
            continue;
        }
        if (strncmp(line, "via ", 4) == 0) {
            int k = atoi(line + 4);
            test_case("%s:%d %s", name, line_no, line);
            CHECK(k >= 1 && k <= nprocs);
            if (k >= 1 && k <= nprocs)
                sp = &procs[k - 1], cur = k - 1;
            continue;
        }
        if ((strncmp(line, "kill ", 5) == 0 || strncmp(line, "restart ", 8) == 0) &&
            nprocs > 1) {
            int k = atoi(line + (line[0] == 'k' ? 5 : 8));
            test_case("%s:%d %s", name, line_no, line);
            cases++;
            CHECK(k >= 1 && k <= nprocs);
            if (k >= 1 && k <= nprocs) {
                int port = procs[k - 1].port;
                server_stop(&procs[k - 1], line[0] == 'k');
                procs[k - 1].want_port = port; /* where nginx looks for it */
                CHECK(server_start(&procs[k - 1]));
                procs[k - 1].want_port = 0;
            }
            continue;
        }
        if (strncmp(line, "watch ", 6) == 0 || strncmp(line, "seen ", 5) == 0) {
            char wname[32], what[512];
            int used = 0;
            bool watch = line[0] == 'w';
            test_case("%s:%d %s", name, line_no, line);
            cases++;
            if (sscanf(line + (watch ? 6 : 5), "%31s %511s %n", wname, what, &used) < 2) {
                CHECK_MSG(false, "cannot read the line '%s'", line);
                continue;
            }
            Watch *w = NULL;
            for (int i = 0; i < MAX_WATCHES && !w; i++)
                if (watch ? !watches[i].curl : strcmp(watches[i].name, wname) == 0)
                    w = &watches[i];
            CHECK_MSG(w != NULL, "no stream %s", wname);
            if (w && watch)
                watch_start(w, &s, wname, what);
            else if (w)
                watch_seen(w, what, used ? line + (watch ? 6 : 5) + used : "{}");
            continue;
        }
        if (strncmp(line, "stop ", 5) == 0 && nprocs > 1) {
            int k = atoi(line + 5);
            test_case("%s:%d %s", name, line_no, line);
            CHECK(k >= 1 && k <= nprocs);
            if (k >= 1 && k <= nprocs)
                server_stop(&procs[k - 1], true);
            continue;
        }
        bool option = strncmp(line, "password ", 9) == 0 || strncmp(line, "puzzles ", 8) == 0 ||
                      strncmp(line, "egdb ", 5) == 0 || strncmp(line, "options ", 8) == 0;
        if (!started && !option) {
            test_case("%s: start the server", name);
            CHECK(server_start(&s));
            started = true;
        }
        if (option) {
            if (line[0] == 'o') {
                snprintf(s.options, sizeof s.options, "%s", line + 8);
            } else if (line[0] == 'e') {
                s.egdb_build = atoi(line + 5);
                snprintf(s.egdb_dir, sizeof s.egdb_dir, "/tmp/shashki-web-egdb-XXXXXX");
                if (!mkdtemp(s.egdb_dir))
                    s.egdb_dir[0] = '\0';
            } else if (line[1] == 'a') {
                snprintf(s.password, sizeof s.password, "%s", line + 9);
            } else {
                snprintf(s.puzzles, sizeof s.puzzles, "%s", test_data(line + 8));
            }
            for (int i = 0; i < nprocs; i++) {
                if (&procs[i] != sp) {
                    snprintf(procs[i].db, sizeof procs[i].db, "%s", s.db);
                    snprintf(procs[i].password, sizeof procs[i].password, "%s", s.password);
                    snprintf(procs[i].puzzles, sizeof procs[i].puzzles, "%s", s.puzzles);
                    snprintf(procs[i].options, sizeof procs[i].options, "%s", s.options);
                }
                if (behind)
                    snprintf(procs[i].proxy, sizeof procs[i].proxy, "127.0.0.1");
                if (started)
                    server_stop(&procs[i], false);
                test_case("%s:%d start the server with %s", name, line_no, line);
                CHECK(server_start(&procs[i]));
            }
            if (behind) {
                int ports[MAX_PROCESSES];
                for (int i = 0; i < nprocs; i++)
                    ports[i] = procs[i].port;
                proxy_stop(&nginx);
                test_case("%s: start nginx with docs/federation/nginx.conf", name);
                CHECK(proxy_start(&nginx, ports, nprocs));
                front.port = nginx.port;
            snprintf(front.ca, sizeof front.ca, "%s", nginx.ca);
            }
            started = true;
            continue;
        }
        expand(line, &vars, s.port, expanded, sizeof expanded);
        line = expanded;
        if (strncmp(line, "> ", 2) == 0) {
            char method[16], target[512];
            int used = 0;
            if (sscanf(line + 2, "%15s %511s %n", method, target, &used) < 2) {
                test_case("%s:%d", name, line_no);
                CHECK_MSG(false, "bad request line");
                continue;
            }
            test_case("%s:%d %s %s", name, line_no, method, target);
            cases++;
            const char *spec = used ? line + 2 + used : "";
            size_t size = 0;
            char *body = *spec ? body_from(spec, last.data, &size) : NULL;
            free(last.data);
            last = (Buffer){0};
            status = request(&s, method, target, body, size, &last, 30000, extra, device->jar);
            free(body);
            curl_slist_free_all(extra);
            extra = NULL;
        } else if (strncmp(line, "header ", 7) == 0) {
            extra = curl_slist_append(extra, line + 7);
        } else if (strncmp(line, "from ", 5) == 0) {
            if (strcmp(line + 5, "127.0.0.1") == 0)
                from_address[0] = '\0';
            else
                snprintf(from_address, sizeof from_address, "host!%.70s", line + 5);
        } else if (strncmp(line, "device ", 7) == 0) {
            device = device_get(devices, &ndevices, line + 7);
        } else if (strncmp(line, "keep ", 5) == 0) {
            char var[32], source[16], what[256], value[256] = "";
            bool ok = sscanf(line + 5, "%31s %15s %255s", var, source, what) == 3;
            test_case("%s:%d %s", name, line_no, line);
            if (ok && strcmp(source, "json") == 0)
                ok = json_at(last.data, what, value, sizeof value);
            else if (ok && (strcmp(source, "cookie") == 0 || strcmp(source, "cookiename") == 0))
                ok = jar_cookie(device->jar, what, source[6] == 'n', value, sizeof value);
            else
                ok = false;
            CHECK_MSG(ok, "nothing to keep (answer: %.300s)", last.data ? last.data : "");
            var_set(&vars, var, value);
        } else if (strncmp(line, "< ", 2) == 0) {
            long want = strtol(line + 2, NULL, 10);
            CHECK_MSG(status == want, "status %ld, expected %ld (answer: %.300s)", status, want,
                      last.data ? last.data : "");
            const char *brace = strchr(line, '{');
            if (brace)
                check_json(brace, last.data);
        } else if (strncmp(line, "<text ~", 7) == 0) {
            CHECK_MSG(last.data && strstr(last.data, line + 7), "the answer lacks '%s': %.300s",
                      line + 7, last.data ? last.data : "");
        } else if (strncmp(line, "<header ~", 9) == 0) {
            CHECK_MSG(last_headers.data && strstr(last_headers.data, line + 9),
                      "the answer's headers lack '%s': %.500s", line + 9,
                      last_headers.data ? last_headers.data : "");
        } else if (strncmp(line, "wait ", 5) == 0) {
            wait_game(&s, line + 5);
        } else if (strncmp(line, "event ", 6) == 0) {
            char stream[512], event[32];
            int used = 0;
            if (sscanf(line + 6, "%511s %31s %n", stream, event, &used) >= 2) {
                test_case("%s:%d event %s on %s", name, line_no, event, stream);
                cases++;
                check_event(&s, stream, event, used ? line + 6 + used : NULL);
            }
        } else if (strncmp(line, "until ", 6) == 0) {
            char stream[512], event[32];
            int used = 0;
            if (sscanf(line + 6, "%511s %31s %n", stream, event, &used) >= 2 && used) {
                test_case("%s:%d until %s on %s", name, line_no, event, stream);
                cases++;
                until_event(&s, stream, event, line + 6 + used);
            }
        } else if (strncmp(line, "sleep ", 6) == 0) {
            double seconds = atof(line + 6);
            struct timespec t = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
            while (nanosleep(&t, &t) != 0) {
            }
        } else if (strcmp(line, "database stop") == 0 || strcmp(line, "database start") == 0) {
            test_case("%s:%d %s", name, line_no, line);
            cases++;
            CHECK_MSG(on_postgres, "'%s' needs PostgreSQL (the web-pg suite)", line);
            if (on_postgres)
                CHECK(strcmp(line + 9, "stop") == 0 ? test_pg_stop() : test_pg_start());
        } else if (strcmp(line, "ready") == 0) {
            test_case("%s:%d %s", name, line_no, line);
            cases++;
            long got = 0;
            for (int tries = 0; tries < 600 && got != 200; tries++) {
                Buffer b = {0};
                got = request(&s, "GET", "/api/health", NULL, 0, &b, 5000, NULL, NULL);
                free(b.data);
                if (got != 200)
                    usleep(100 * 1000);
            }
            CHECK_MSG(got == 200, "GET /api/health still answers %ld after 60 s", got);
        } else if (strcmp(line, "restart") == 0 || strcmp(line, "kill") == 0) {
            test_case("%s:%d %s and start again", name, line_no, line);
            cases++;
            server_stop(&s, line[0] == 'k');
            CHECK(server_start(&s));
        } else {
            test_case("%s:%d", name, line_no);
            CHECK_MSG(false, "cannot read the line '%s'", line);
        }
    }
    free(last.data);
    from_address[0] = '\0';
    curl_slist_free_all(extra);
    for (int i = 0; i < MAX_WATCHES; i++)
        watch_end(&watches[i]);
    for (int i = 0; i < nprocs; i++)
        if (procs[i].pid > 0)
            server_stop(&procs[i], false);
    if (behind)
        proxy_stop(&nginx);
    (void)cur;
    for (int i = 0; i < ndevices; i++)
        unlink(devices[i].jar);
    if (procs[0].egdb_dir[0]) {
        char rm[128];
        snprintf(rm, sizeof rm, "rm -rf '%s'", procs[0].egdb_dir);
        CHECK(system(rm) == 0);
    }
    if (!on_postgres) {
        unlink(s.db);
        char side[300];
        snprintf(side, sizeof side, "%s-wal", s.db);
        unlink(side);
        snprintf(side, sizeof side, "%s-shm", s.db);
        unlink(side);
    }
    free(text);
    return cases;
}
#undef s

/* A file once, or once per kind its "kinds" line names. */
static int run_kinds(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "web/%s", name);
    char *text = test_read_file(test_data(path), NULL);
    char *cursor = text, *line = NULL;
    while (cursor && (line = test_next_line(&cursor)) && (line[0] == '#' || line[0] == '\0')) {
    }
    int cases = 0;
    if (text && line && strncmp(line, "kinds ", 6) == 0) {
        char *save = NULL;
        for (char *k = strtok_r(line + 6, " ", &save); k; k = strtok_r(NULL, " ", &save))
            cases += run_file(name, k);
    } else {
        cases = run_file(name, NULL);
    }
    free(text);
    return cases;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

static void run_all(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
    struct dirent **entries;
    int n = scandir(test_data("web"), &entries, NULL, by_name);
    test_case("list tests/data/web");
    CHECK(n > 0);
    int cases = 0;
    const char *only = getenv("SHASHKI_WEB_FILE"); /* one transcript, while working on it */
    for (int i = 0; i < n; i++) {
        size_t len = strlen(entries[i]->d_name);
        if (len > 5 && strcmp(entries[i]->d_name + len - 5, ".http") == 0 &&
            (!only || strcmp(only, entries[i]->d_name) == 0))
            cases += run_kinds(entries[i]->d_name);
        free(entries[i]);
    }
    if (n > 0)
        free(entries);
    test_case("the web transcripts hold cases");
    CHECK(only || cases > 20); /* one file alone may be for the other suite */
    free(last_headers.data);
    last_headers = (Buffer){0};
    curl_global_cleanup();
}

void suite_web(void)
{
    on_postgres = false;
    run_all();
}

/* The same transcripts, the server keeping its games in PostgreSQL. */
void suite_web_pg(void)
{
    on_postgres = true;
    run_all();
    on_postgres = false;
}
