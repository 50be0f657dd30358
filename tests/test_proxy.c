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

/* The docs' site file with this test's ports: each "server 127.0.0.1:808N" line of the
 * upstream becomes one line per process, "listen 8080;" the proxy's port. */
static bool write_site(const char *path, const int *ports, int n, int listen_port)
{
    char *docs = test_read_file(test_data("../../docs/federation/nginx.conf"), NULL);
    FILE *out = fopen(path, "w");
    if (!docs || !out) {
        free(docs);
        if (out)
            fclose(out);
        return false;
    }
    bool upstream_written = false, listen_written = false;
    for (char *line = strtok(docs, "\n"); line; line = strtok(NULL, "\n")) {
        const char *t = line + strspn(line, " ");
        if (strncmp(t, "server 127.0.0.1:", 17) == 0) {
            const char *rest = strchr(t + 17, ' ');
            for (int i = 0; i < n && !upstream_written; i++)
                fprintf(out, "    server 127.0.0.1:%d%s\n", ports[i], rest ? rest : ";");
            upstream_written = true;
        } else if (strncmp(t, "listen ", 7) == 0) {
            fprintf(out, "    listen 127.0.0.1:%d;\n", listen_port);
            listen_written = true;
        } else {
            fprintf(out, "%s\n", line);
        }
    }
    free(docs);
    fclose(out);
    return upstream_written && listen_written;
}

bool proxy_start(Proxy *p, const int *ports, int n)
{
    memset(p, 0, sizeof *p);
    snprintf(p->dir, sizeof p->dir, "/tmp/shashki-nginx-XXXXXX");
    if (!mkdtemp(p->dir))
        return false;
    char site[128], conf[128];
    snprintf(site, sizeof site, "%s/site.conf", p->dir);
    snprintf(conf, sizeof conf, "%s/nginx.conf", p->dir);
    p->port = free_port();
    if (!p->port || !write_site(site, ports, n, p->port)) {
        fprintf(stderr, "the proxy's configuration cannot be written from the docs' file\n");
        return false;
    }
    FILE *f = fopen(conf, "w");
    if (!f)
        return false;
    fprintf(f,
            "worker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log;\n"
            "worker_rlimit_nofile 20000;\nevents { worker_connections 8192; }\n"
            "http {\n  access_log off;\n  client_body_temp_path %s/body;\n"
            "  proxy_temp_path %s/proxy;\n  fastcgi_temp_path %s/fastcgi;\n"
            "  uwsgi_temp_path %s/uwsgi;\n  scgi_temp_path %s/scgi;\n  include %s;\n}\n",
            p->dir, p->dir, p->dir, p->dir, p->dir, p->dir, p->dir, site);
    fclose(f);
    p->pid = fork();
    if (p->pid == 0) {
        execlp("nginx", "nginx", "-p", p->dir, "-c", conf, "-g", "daemon off;", (char *)NULL);
        _exit(127);
    }
    /* ready when it accepts a connection (or gone when it could not start) */
    for (time_t start = time(NULL); time(NULL) - start < 30;) {
        if (listening(p->port))
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
    if (p->dir[0]) {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", p->dir);
        if (system(cmd) != 0)
            fprintf(stderr, "cannot remove %s\n", p->dir);
        p->dir[0] = '\0';
    }
}
