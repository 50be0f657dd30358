/* test_server.h - the program's web server run for a test: `shashki serve --port 0` on a
 * games file of the test's own, started, stopped, or killed as a crash would. */
#ifndef SHASHKI_TEST_SERVER_H
#define SHASHKI_TEST_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct Server {
    pid_t pid;
    int port;
    char db[256]; /* an SQLite file or a PostgreSQL connection text */
    char password[128]; /* given to --set-password when starting, or "" */
    char puzzles[512];  /* given to --puzzles when starting, or "" */
    char proxy[64];     /* given to --proxy when starting (behind nginx), or "" */
    int want_port;      /* start on this port (the same one again, behind nginx), 0: any */
    int egdb_build;     /* build the endgame databases up to this many pieces in the
                           background, in egdb_dir ($SHASHKI_EGDB); 0: --no-egdb-build */
    char egdb_dir[64];
    char options[256];  /* more options for serve, separated by spaces, or "" */
    char ca[96];        /* nginx's test certificate when this is the proxy (test_proxy.h): the
                           server is reached over https, trusting that certificate */
} Server;

/* The URL of a path on the server ("http://127.0.0.1:PORT/path", https when s->ca is set), and
 * a libcurl handle told to trust s->ca (nothing when it is empty). */
void server_url(const Server *s, const char *path, char *out, size_t size);
void server_curl_tls(const Server *s, void *curl);

/* What a test reads of an answer; test_buffer_append is libcurl's write callback for it
 * (NUL-terminated as it grows). */
typedef struct Buffer {
    char *data;
    size_t size;
} Buffer;
size_t test_buffer_append(char *ptr, size_t size, size_t n, void *buffer);

/* Start the server on s->db (with --set-password s->password when it is not empty, --puzzles
 * s->puzzles likewise; with --no-egdb-build unless s->egdb_build says otherwise: a test never
 * builds databases by accident) and read its port from the first line; false if it does not
 * start. */
bool server_start(Server *s);
/* Stop it (SIGTERM), or kill it (SIGKILL) when crash. */
void server_stop(Server *s, bool crash);

#endif
