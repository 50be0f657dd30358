/* test_server.c - the web server under test (see test_server.h). */
#include "test_server.h"

#include <curl/curl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

bool server_start(Server *s)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    int in[2];
    if (pipe(in) != 0)
        return false;
    s->pid = fork();
    if (s->pid == 0) {
        dup2(fds[1], 1);
        dup2(in[0], 0);
        close(fds[0]);
        close(in[1]);
        char *args[32];
        int n = 0;
        args[n++] = (char *)test_program();
        args[n++] = "serve";
        char port[16];
        snprintf(port, sizeof port, "%d", s->want_port);
        args[n++] = "--port";
        args[n++] = port;
        args[n++] = "--db";
        args[n++] = s->db;
        if (s->password[0])
            args[n++] = "--set-password";
        if (s->proxy[0]) {
            args[n++] = "--proxy";
            args[n++] = s->proxy;
        }
        if (s->puzzles[0]) {
            args[n++] = "--puzzles";
            args[n++] = s->puzzles;
        }
        char options[sizeof s->options];
        snprintf(options, sizeof options, "%s", s->options);
        for (char *o = strtok(options, " "); o && n < 28; o = strtok(NULL, " "))
            args[n++] = o;
        char pieces[16];
        if (s->egdb_build) {
            snprintf(pieces, sizeof pieces, "%d", s->egdb_build);
            args[n++] = "--egdb-build-pieces";
            args[n++] = pieces;
            setenv("SHASHKI_EGDB", s->egdb_dir, 1);
        } else {
            args[n++] = "--no-egdb-build";
        }
        args[n] = NULL;
        execv(test_program(), args);
        _exit(127);
    }
    close(fds[1]);
    close(in[0]);
    if (s->password[0]) {
        ssize_t n = write(in[1], s->password, strlen(s->password));
        n += write(in[1], "\n", 1);
        (void)n;
    }
    close(in[1]);
    char line[256] = "";
    FILE *out = fdopen(fds[0], "r");
    bool ok = out && fgets(line, sizeof line, out) && sscanf(line, "Shashki is ready at http://127.0.0.1:%d/", &s->port) == 1;
    if (out)
        fclose(out);
    return ok;
}

void server_stop(Server *s, bool crash)
{
    if (s->pid <= 0)
        return;
    kill(s->pid, crash ? SIGKILL : SIGTERM);
    int status;
    waitpid(s->pid, &status, 0);
    s->pid = 0;
}

void server_url(const Server *s, const char *path, char *out, size_t size)
{
    snprintf(out, size, "%s://127.0.0.1:%d%s", s->ca[0] ? "https" : "http", s->port, path);
}

void server_curl_tls(const Server *s, void *curl)
{
    if (s->ca[0])
        curl_easy_setopt(curl, CURLOPT_CAINFO, s->ca);
}

size_t test_buffer_append(char *ptr, size_t size, size_t n, void *buffer)
{
    Buffer *b = buffer;
    size_t add = size * n;
    char *bigger = realloc(b->data, b->size + add + 1);
    if (!bigger)
        return 0;
    b->data = bigger;
    memcpy(b->data + b->size, ptr, add);
    b->size += add;
    b->data[b->size] = '\0';
    return add;
}
