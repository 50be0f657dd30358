/* test_proxy.c - nginx for the tests of a site of several processes (see test_proxy.h). */
#define _GNU_SOURCE
#include "test_proxy.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

/* A port nobody listens on now (the kernel's choice for port 0). */
static int free_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    int port = 0;
    if (fd >= 0 && bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0)
        close(fd);
    return port;
}

static bool listening(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((unsigned short)port),
                            .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    bool ok = fd >= 0 && connect(fd, (struct sockaddr *)&a, sizeof a) == 0;
    if (fd >= 0)
        close(fd);
    return ok;
}

/* The docs' configuration with this test's ports and paths: the "server 127.0.0.1:808N" lines
 * of the upstream become one line per process (the first line, then of
 * backups if the file has them), "listen 80" the plain port, "listen 443" the TLS port (both on 127.0.0.1; the [::]
 * lines dropped), the pid, logs, temporary folders and certificate those of the test's folder.
 * Everything else as shipped, but with SHASHKI_KEEP_NGINX set the access log also says when
 * (ms), to which process and with what answer each request went (to read a fault's run). */
static bool write_conf(const Proxy *p, const char *path, const int *ports, int n)
{
    char *docs = test_read_file(test_data("../../docs/federation/nginx.conf"), NULL);
    FILE *out = fopen(path, "w");
    if (!docs || !out) {
        free(docs);
        if (out)
            fclose(out);
        return false;
    }
    /* directives whose path becomes the test folder's */
    static const char *const PATHS[] = {"pid ", "error_log ", "access_log ", "client_body_temp_path ",
                                        "proxy_temp_path ", "fastcgi_temp_path ", "uwsgi_temp_path ",
                                        "scgi_temp_path ", "ssl_certificate ", "ssl_certificate_key "};
    static const char *const FILES[] = {"nginx.pid", "error.log", "access.log", "body", "proxy",
                                        "fastcgi", "uwsgi", "scgi", "cert.pem", "key.pem"};
    int replaced = 0, listens = 0;
    bool upstream_written = false, backup_written = false;
    for (char *line = strtok(docs, "\n"); line; line = strtok(NULL, "\n")) {
        const char *t = line + strspn(line, " ");
        int indent = (int)(t - line);
        bool done = false;
        for (size_t i = 0; i < sizeof PATHS / sizeof PATHS[0] && !done; i++)
            if (strncmp(t, PATHS[i], strlen(PATHS[i])) == 0 &&
                strcmp(t + strlen(PATHS[i]), "off;") != 0) {
                bool trace = getenv("SHASHKI_KEEP_NGINX") && strcmp(PATHS[i], "access_log ") == 0;
                if (trace)
                    fprintf(out, "%*slog_format trace '$msec $connection $request_method $status "
                                 "up=$upstream_addr us=$upstream_status rt=$upstream_response_time';\n",
                            indent, "");
                fprintf(out, "%*s%s%s/%s%s;\n", indent, "", PATHS[i], p->dir, FILES[i],
                        trace ? " trace" : "");
                replaced++;
                done = true;
            }
        if (done)
            continue;
        if (strncmp(t, "server 127.0.0.1:", 17) == 0) {
            const char *rest = strchr(t + 17, ' ');
            bool *written = strstr(t, " backup") ? &backup_written : &upstream_written;
            for (int i = 0; i < n && !*written; i++)
                fprintf(out, "%*sserver 127.0.0.1:%d%s\n", indent, "", ports[i], rest ? rest : ";");
            *written = true;
        } else if (strncmp(t, "listen [::]:", 12) == 0) {
            continue;
        } else if (strncmp(t, "listen 80;", 10) == 0) {
            fprintf(out, "%*slisten 127.0.0.1:%d;\n", indent, "", p->plain_port);
            listens++;
        } else if (strncmp(t, "listen 443 ", 11) == 0) {
            fprintf(out, "%*slisten 127.0.0.1:%d %s\n", indent, "", p->port, t + 11);
            listens++;
        } else {
            fprintf(out, "%s\n", line);
        }
    }
    free(docs);
    fclose(out);
    return upstream_written && listens == 2 && replaced == (int)(sizeof PATHS / sizeof PATHS[0]);
}

/* A self-signed certificate for 127.0.0.1 (its name and address), the CA the tests trust. */
static bool make_certificate(const Proxy *p)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2"
             " -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1,DNS:localhost"
             " -keyout %s/key.pem -out %s/cert.pem >%s/openssl.log 2>&1",
             p->dir, p->dir, p->dir);
    return system(cmd) == 0;
}

bool proxy_start(Proxy *p, const int *ports, int n)
{
    memset(p, 0, sizeof *p);
    snprintf(p->dir, sizeof p->dir, "/tmp/shashki-nginx-XXXXXX");
    if (!mkdtemp(p->dir))
        return false;
    char conf[128];
    snprintf(conf, sizeof conf, "%s/nginx.conf", p->dir);
    snprintf(p->ca, sizeof p->ca, "%s/cert.pem", p->dir);
    p->port = free_port();
    p->plain_port = free_port();
    if (!p->port || !p->plain_port || p->port == p->plain_port || !write_conf(p, conf, ports, n)) {
        fprintf(stderr, "the proxy's configuration cannot be written from the docs' file\n");
        return false;
    }
    if (!make_certificate(p)) {
        fprintf(stderr, "openssl cannot make the test certificate (see %s/openssl.log)\n", p->dir);
        return false;
    }
    p->pid = fork();
    if (p->pid == 0) {
        execlp("nginx", "nginx", "-p", p->dir, "-c", conf, "-g", "daemon off;", (char *)NULL);
        _exit(127);
    }
    /* ready when it accepts a connection (or gone when it could not start) */
    for (time_t start = time(NULL); time(NULL) - start < 30;) {
        if (listening(p->port) && listening(p->plain_port))
            return true;
        int status;
        if (waitpid(p->pid, &status, WNOHANG) == p->pid) {
            p->pid = 0;
            fprintf(stderr, "nginx stopped at once (see %s/error.log)\n", p->dir);
            return false;
        }
        usleep(20 * 1000);
    }
    return false;
}

void proxy_stop(Proxy *p)
{
    if (p->pid > 0) {
        kill(p->pid, SIGTERM);
        waitpid(p->pid, NULL, 0);
        p->pid = 0;
    }
    if (p->dir[0] && getenv("SHASHKI_KEEP_NGINX")) { /* its logs, to be read */
        fprintf(stderr, "nginx's folder kept: %s\n", p->dir);
        p->dir[0] = '\0';
    }
    if (p->dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", p->dir);
        if (system(cmd) != 0)
            fprintf(stderr, "cannot remove %s\n", p->dir);
        p->dir[0] = '\0';
    }
}
