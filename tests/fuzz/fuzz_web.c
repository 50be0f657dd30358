/* fuzz_web.c - libFuzzer harness for the JSON bodies of the games' endpoints (docs/web-api.md
 * "Games", server/web_games.c, web_play.c, web_seats.c, web_archive.c).
 *
 * The real server runs in this process (web_start, started once by LLVMFuzzerInitialize on a
 * free loopback port, its store a file in a temporary folder, no arbiter's password: requests
 * from this machine are the arbiter's), and each input is a short session of one client, its
 * cookies its own:
 *
 *   byte 0   the kind of a fresh game the session plays in (modulo sh_kind_count())
 *   byte 1   how it is made (low two bits): every seat here; the first here, the others by
 *            code; every seat by code; every seat here, with a clock
 *   then     up to MAX_REQUESTS requests, one a line: a byte choosing the endpoint (low nibble:
 *            moves, draw, claim, resign, result, undo, join, import, a new game, the game read)
 *            and the game (high nibble: the fresh game, the last game a request made, or ids
 *            that are none), then the request's body, sent as it is
 *
 * Every answer must be a JSON object: a game (with its id), the import's lists, or an "error"
 * object whose status is the answer's, a 4xx, with a message, and a column inside the field it
 * names; never a 5xx, never a crash, never a request without an answer within REQUEST_MS. At the
 * end the fresh game still reads (GET), its PDN reads back with as many moves as it has, every
 * game imported reads, and the games made are deleted. A wrong join code is answered after a
 * pause (auth.c paces guesses), so a code that reads as one is replaced by an open seat's code
 * of the fresh game (or not sent when there is none). */
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "auth.h"
#include "live.h"
#include "shashki_play.h"
#include "web.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_REQUESTS 8
#define MAX_MADE 256        /* games a session makes, deleted at its end */
#define REQUEST_MS 10000L   /* no answer in that time: a hang */
#define SESSION_MS 3000L    /* a session slower than that: a bug (well under a second is usual) */

static WebServer *server;
static CURL *curl;
static struct curl_slist *json_headers;
static char base[64], folder[64], db_path[128];
static bool verbose; /* FUZZ_WEB_VERBOSE=1: every exchange on stderr */

typedef struct Answer {
    long status;
    char *body;
    size_t size, capacity;
} Answer;

static Answer answer;

static void fail(const char *what, const char *method, const char *path, const char *body)
{
    fprintf(stderr, "fuzz_web: %s\n  %s %s %s\n  -> %ld %.*s\n", what, method, path,
            body ? body : "", answer.status, (int)(answer.size > 2000 ? 2000 : answer.size),
            answer.body ? answer.body : "");
    abort();
}

static size_t on_data(char *data, size_t size, size_t count, void *user)
{
    Answer *a = user;
    size_t n = size * count;
    if (a->size + n + 1 > a->capacity) {
        size_t cap = a->capacity ? a->capacity : 4096;
        while (a->size + n + 1 > cap)
            cap *= 2;
        char *bigger = realloc(a->body, cap);
        if (!bigger)
            return 0;
        a->body = bigger;
        a->capacity = cap;
    }
    memcpy(a->body + a->size, data, n);
    a->size += n;
    a->body[a->size] = '\0';
    return n;
}

/* Remove a server's files: its store and the folder. */
static void remove_folder(const char *path)
{
    char file[256];
    static const char *const files[] = {"games.db", "games.db-wal", "games.db-shm",
                                        "games.db-journal"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(file, sizeof file, "%s/%s", path, files[i]);
        unlink(file);
    }
    rmdir(path);
}

/* The folders of runs that ended by a crash (abort() skips cleanup): fuzz_web.PID of a
 * process that is gone. */
static void remove_stale(const char *parent)
{
    DIR *d = opendir(parent);
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char *end;
        if (strncmp(e->d_name, "fuzz_web.", 9) != 0)
            continue;
        long pid = strtol(e->d_name + 9, &end, 10);
        if (*end || pid <= 0 || (kill((pid_t)pid, 0) != 0 && errno == ESRCH)) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", parent, e->d_name);
            remove_folder(path);
        }
    }
    closedir(d);
}

static void cleanup(void)
{
    web_stop(server);
    server = NULL;
    curl_easy_cleanup(curl);
    curl_slist_free_all(json_headers);
    free(answer.body);
    remove_folder(folder);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    /* libFuzzer's leak check after an input that allocated more than it freed scans the whole
     * heap, which the server keeps large: sessions slowed down tenfold. Leaks are still
     * reported when the run ends (the server stopped, LeakSanitizer at exit); a -detect_leaks
     * given on the command line comes after this one and wins. */
    static char *args[256];
    int n = 0;
    args[n++] = (*argv)[0];
    args[n++] = "-detect_leaks=0";
    for (int i = 1; i < *argc && n < 255; i++)
        args[n++] = (*argv)[i];
    args[n] = NULL;
    *argc = n;
    *argv = args;

    const char *parent = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    remove_stale(parent);
    snprintf(folder, sizeof folder, "%s/fuzz_web.%ld", parent, (long)getpid());
    if (mkdir(folder, 0700) != 0) {
        perror("fuzz_web: mkdir");
        exit(1);
    }
    snprintf(db_path, sizeof db_path, "%s/games.db", folder);
    char err[256];
    WebOptions options = {.host = "127.0.0.1", .port = 0, .db_path = db_path};
    server = web_start(&options, err, sizeof err);
    if (!server) {
        fprintf(stderr, "fuzz_web: the server does not start: %s\n", err);
        exit(1);
    }
    snprintf(base, sizeof base, "http://127.0.0.1:%d", web_port(server));
    curl_global_init(CURL_GLOBAL_DEFAULT);
    curl = curl_easy_init();
    json_headers = curl_slist_append(NULL, "Content-Type: application/json");
    json_headers = curl_slist_append(json_headers, "Expect:");
    if (!curl || !json_headers)
        exit(1);
    curl_easy_setopt(curl, CURLOPT_COOKIEFILE, ""); /* the client's cookies, in memory */
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, REQUEST_MS);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    verbose = getenv("FUZZ_WEB_VERBOSE") != NULL;
    atexit(cleanup);
    return 0;
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* One exchange; the answer in `answer`. body NULL: no body. */
static void request(const char *method, const char *path, const char *body, size_t size)
{
    char url[256];
    snprintf(url, sizeof url, "%s%s", base, path);
    answer.size = 0;
    answer.status = 0;
    if (answer.body)
        answer.body[0] = '\0';
    curl_easy_setopt(curl, CURLOPT_URL, url);
    if (strcmp(method, "POST") == 0) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, NULL);
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)size);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body ? body : "");
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, json_headers);
    } else {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, strcmp(method, "GET") ? method : NULL);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    }
    CURLcode c = curl_easy_perform(curl);
    if (c != CURLE_OK) {
        char what[128];
        snprintf(what, sizeof what, "no answer: %s", curl_easy_strerror(c));
        fail(what, method, path, body);
    }
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status);
    if (verbose)
        fprintf(stderr, "%s %s %s\n  -> %ld %.*s\n", method, path, body ? body : "",
                answer.status, (int)(answer.size > 300 ? 300 : answer.size),
                answer.body ? answer.body : "");
}

/* The answer as a JSON object (the caller frees it), checked: a 2xx, or a 4xx with its error
 * object. `sent` is the request's body read as JSON (NULL if it is not), for the error's column. */
static json_t *checked(const char *method, const char *path, const char *body, json_t *sent)
{
    json_error_t jerr;
    json_t *j = json_loadb(answer.body ? answer.body : "", answer.size, 0, &jerr);
    if (!json_is_object(j))
        fail("the answer is not a JSON object", method, path, body);
    if (answer.status >= 200 && answer.status < 300)
        return j;
    if (answer.status < 400 || answer.status >= 500)
        fail("neither a 2xx nor a 4xx", method, path, body);
    json_t *e = json_object_get(j, "error");
    json_t *status = json_object_get(e, "status"), *message = json_object_get(e, "message");
    if (!json_is_object(e) || !json_is_integer(status) ||
        json_integer_value(status) != answer.status || !json_is_string(message) ||
        !*json_string_value(message))
        fail("an error without its status and message", method, path, body);
    json_t *column = json_object_get(e, "column");
    if (column) {
        if (!json_is_integer(column) || json_integer_value(column) < 1)
            fail("an error's column is not a number from 1", method, path, body);
        const char *field = json_string_value(json_object_get(e, "field"));
        const char *text = field ? json_string_value(json_object_get(sent, field)) : NULL;
        if (text && json_integer_value(column) > (json_int_t)strlen(text) + 1)
            fail("an error's column is past the end of its field", method, path, body);
    }
    return j;
}

/* ---- a session ------------------------------------------------------------------------------- */

typedef struct Session {
    const ShKind *kind;
    long fresh;          /* the fresh game's id */
    long last;           /* the last game a request made (the fresh one before any) */
    long made[MAX_MADE]; /* every game made, to delete */
    int made_count;
    long imported[MAX_MADE];
    int imported_count;
    int plies;           /* the fresh game's moves, as its last answer gave them */
} Session;

static void made(Session *s, long id)
{
    if (s->made_count < MAX_MADE)
        s->made[s->made_count++] = id;
}


static void setup(Session *s, unsigned how)
{
    char body[256], path[64];
    static const char *const forms[] = {
        "{\"variant\": \"%s\", \"opponent\": \"human\"}",
        "{\"variant\": \"%s\", \"opponent\": \"human\", \"seats\": \"%s\"}",
        "{\"variant\": \"%s\", \"opponent\": \"human\", \"seats\": \"none\"}",
        "{\"variant\": \"%s\", \"opponent\": \"human\", \"time\": \"5m+3s\"}",
    };
    snprintf(body, sizeof body, forms[how & 3], s->kind->name, live_kind_colour(s->kind, 0));
    snprintf(path, sizeof path, "/api/games");
    request("POST", path, body, strlen(body));
    json_t *j = checked("POST", path, body, NULL);
    json_t *id = json_object_get(j, "id");
    if (answer.status != 201 || !json_is_integer(id))
        fail("the session's game is not made", "POST", path, body);
    s->fresh = s->last = (long)json_integer_value(id);
    made(s, s->fresh);
    json_decref(j);
}

/* An open seat's code of the fresh game, while it is played: into code; false if none. */
static bool open_code(const Session *s, char code[STORE_CODE_SIZE])
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%ld", s->fresh);
    request("GET", path, NULL, 0);
    json_t *j = checked("GET", path, NULL, NULL);
    bool found = false;
    const char *status = json_string_value(json_object_get(j, "status"));
    json_t *codes = json_object_get(j, "codes");
    const char *key;
    json_t *value;
    if (answer.status == 200 && status && strcmp(status, "playing") == 0)
        json_object_foreach(codes, key, value) {
            if (!found && json_is_string(value) &&
                auth_code_normalize(json_string_value(value), code))
                found = true;
        }
    json_decref(j);
    return found;
}

static const char *const ENDPOINTS[] = {"moves", "draw", "claim", "resign", "result",
                                        "undo",  "join", "import", "create", "get"};

/* A game's answer: every player listed (a name JSON cannot write once dropped a player). */
static void check_game(json_t *j, const char *method, const char *path, const char *body)
{
    json_t *count = json_object_get(j, "players_count"), *players = json_object_get(j, "players");
    if (!json_is_integer(count) || !json_is_array(players) ||
        (json_int_t)json_array_size(players) != json_integer_value(count))
        fail("a game's answer without every player", method, path, body);
    size_t i;
    json_t *v;
    json_array_foreach(players, i, v) {
        if (!json_is_string(json_object_get(v, "name")) ||
            !json_is_string(json_object_get(v, "colour")))
            fail("a player without a name or a colour", method, path, body);
    }
}

/* The games and bad records in the text an import was given, as the library reads them: the
 * server's lists must hold as many. -1 when the request names no game the library knows. */
static int records_in(json_t *sent)
{
    const char *pdn = json_string_value(json_object_get(sent, "pdn"));
    const char *variant = json_string_value(json_object_get(sent, "variant"));
    const ShKind *kind = variant && *variant ? sh_kind_find(variant) : sh_kind_at(0);
    if (!pdn || !kind)
        return -1;
    ShPlayReader r;
    sh_play_reader_init(&r, pdn, strlen(pdn));
    r.fallback = kind;
    int n = 0;
    for (;;) {
        ShPlay *p = NULL;
        ShError err;
        ShStatus st = sh_play_read_next(&r, &p, &err);
        if (st == SH_OK && !p)
            break;
        sh_play_free(p);
        n++;
    }
    return n;
}

static void one_request(Session *s, unsigned selector, const char *body, size_t size)
{
    const char *endpoint = ENDPOINTS[(selector & 15) % (sizeof ENDPOINTS / sizeof ENDPOINTS[0])];
    unsigned target = selector >> 4;
    char id[32], path[96];
    long want = target < 11 ? s->fresh : target < 13 ? s->last : -1; /* -1: ids of no game */
    if (want > 0)
        snprintf(id, sizeof id, "%ld", want);
    else
        snprintf(id, sizeof id, "%s", target == 13 ? "0" : target == 14 ? "999999" : "9223372036854775808");
    json_error_t jerr;
    json_t *sent = json_loadb(body, size, JSON_REJECT_DUPLICATES, &jerr);
    char *rewritten = NULL;
    const char *method = "POST";
    if (strcmp(endpoint, "join") == 0) {
        snprintf(path, sizeof path, "/api/join");
        const char *typed = json_string_value(json_object_get(sent, "code"));
        char code[STORE_CODE_SIZE];
        if (typed && auth_code_normalize(typed, code)) {
            if (!open_code(s, code)) {
                json_decref(sent);
                return;
            }
            json_object_set_new(sent, "code", json_string(code));
            rewritten = json_dumps(sent, JSON_COMPACT);
            body = rewritten;
            size = strlen(rewritten);
        }
    } else if (strcmp(endpoint, "import") == 0) {
        snprintf(path, sizeof path, "/api/import");
    } else if (strcmp(endpoint, "create") == 0) {
        snprintf(path, sizeof path, "/api/games");
    } else if (strcmp(endpoint, "get") == 0) {
        snprintf(path, sizeof path, "/api/games/%s", id);
        method = "GET";
        body = NULL;
    } else {
        snprintf(path, sizeof path, "/api/games/%s/%s", id, endpoint);
    }
    request(method, path, body, size);
    json_t *j = checked(method, path, body, sent);
    if (answer.status < 300) {
        json_t *gid = json_object_get(j, "id");
        if (strcmp(endpoint, "import") == 0) {
            json_t *list = json_object_get(j, "imported"), *errors = json_object_get(j, "errors");
            if (!json_is_array(list) || !json_is_array(errors))
                fail("an import without its lists", method, path, body);
            size_t i;
            json_t *v;
            json_array_foreach(list, i, v) {
                if (!json_is_integer(v))
                    fail("an import's id is not a number", method, path, body);
                made(s, (long)json_integer_value(v));
                if (s->imported_count < MAX_MADE)
                    s->imported[s->imported_count++] = (long)json_integer_value(v);
            }
            json_array_foreach(errors, i, v) {
                json_t *line = json_object_get(v, "line"), *column = json_object_get(v, "column");
                if (!json_is_integer(line) || json_integer_value(line) < 1 ||
                    !json_is_integer(column) || json_integer_value(column) < 1 ||
                    !json_is_string(json_object_get(v, "message")))
                    fail("an import's error without its line, column and message", method,
                         path, body);
            }
            int records = records_in(sent);
            if (records >= 0 && (size_t)records != json_array_size(list) + json_array_size(errors))
                fail("an import that does not account for every record", method, path, body);
        } else if (!json_is_integer(gid)) {
            fail("a game's answer without its id", method, path, body);
        } else if (check_game(j, method, path, body), strcmp(endpoint, "create") == 0) {
            if (answer.status != 201)
                fail("a game made, not 201", method, path, body);
            s->last = (long)json_integer_value(gid);
            made(s, s->last);
        } else if (strcmp(endpoint, "join") != 0 && want > 0 && json_integer_value(gid) != want) {
            fail("the answer is about another game", method, path, body);
        }
        /* the fresh game (no engine plays it) grows by a move played, shrinks by one taken back */
        json_t *moves = json_object_get(j, "moves");
        if (json_is_integer(gid) && json_integer_value(gid) == s->fresh && json_is_array(moves)) {
            int n = (int)json_array_size(moves);
            bool claim = strcmp(endpoint, "claim") == 0;
            int expect = strcmp(endpoint, "moves") == 0  ? s->plies + 1
                         : strcmp(endpoint, "undo") == 0 ? s->plies - 1
                                                         : s->plies;
            if (n != expect && !(claim && n == s->plies + 1))
                fail("the game's moves do not follow the request", method, path, body);
            s->plies = n;
        }
    }
    json_decref(j);
    json_decref(sent);
    free(rewritten);
}

/* The fresh game still reads, and its PDN reads back with as many moves as it has. */
static void check_fresh(const Session *s)
{
    char path[96];
    snprintf(path, sizeof path, "/api/games/%ld", s->fresh);
    request("GET", path, NULL, 0);
    json_t *j = checked("GET", path, NULL, NULL);
    json_t *moves = json_object_get(j, "moves");
    if (answer.status != 200 || !json_is_array(moves))
        fail("the session's game does not read", "GET", path, NULL);
    int plies = (int)json_array_size(moves);
    json_decref(j);
    snprintf(path, sizeof path, "/api/games/%ld/pdn", s->fresh);
    request("GET", path, NULL, 0);
    if (answer.status != 200)
        fail("no PDN", "GET", path, NULL);
    ShPlayReader r;
    sh_play_reader_init(&r, answer.body, answer.size);
    r.fallback = s->kind;
    ShPlay *p = NULL;
    ShError err;
    if (sh_play_read_next(&r, &p, &err) != SH_OK || !p || sh_play_ply_count(p) != plies) {
        fprintf(stderr, "%d plies; %s\n", p ? sh_play_ply_count(p) : -1, p ? "" : err.message);
        fail("the game's PDN does not read back with its moves", "GET", path, NULL);
    }
    sh_play_free(p);
}

static void finish(Session *s)
{
    char path[96];
    for (int i = 0; i < s->imported_count && i < 8; i++) {
        snprintf(path, sizeof path, "/api/games/%ld", s->imported[i]);
        request("GET", path, NULL, 0);
        json_decref(checked("GET", path, NULL, NULL));
        if (answer.status != 200)
            fail("a game imported does not read", "GET", path, NULL);
    }
    for (int i = 0; i < s->made_count; i++) {
        snprintf(path, sizeof path, "/api/games/%ld", s->made[i]);
        request("DELETE", path, NULL, 0);
        json_decref(checked("DELETE", path, NULL, NULL));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    int64_t start = now_ms();
    curl_easy_setopt(curl, CURLOPT_COOKIELIST, "ALL"); /* a new client */
    Session s;
    memset(&s, 0, sizeof s);
    s.kind = sh_kind_at(data[0] % sh_kind_count());
    setup(&s, data[1]);
    size_t at = 2;
    for (int n = 0; n < MAX_REQUESTS && at < size; n++) {
        unsigned selector = data[at++];
        const uint8_t *end = memchr(data + at, '\n', size - at);
        size_t length = end ? (size_t)(end - (data + at)) : size - at;
        char *body = malloc(length + 1);
        if (!body)
            break;
        memcpy(body, data + at, length);
        body[length] = '\0';
        one_request(&s, selector, body, length);
        free(body);
        at += length + 1;
    }
    check_fresh(&s);
    finish(&s);
    int64_t took = now_ms() - start;
    if (took > SESSION_MS) {
        fprintf(stderr, "fuzz_web: a session of %lld ms\n", (long long)took);
        abort();
    }
    return 0;
}
