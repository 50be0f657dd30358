/* dxp_link.c - DXP messages over TCP (see dxp_link.h). */
#include "dxp_link.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "dxp.h"
#include "error.h"

#define DXP_LINK_MAX_RUN 1024 /* bytes without a NUL before the peer is given up */

static void no_delay(int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

static void name_peer(DxpLink *link, const struct sockaddr *addr, socklen_t len)
{
    char host[NI_MAXHOST] = "?", port[NI_MAXSERV] = "?";
    getnameinfo(addr, len, host, sizeof host, port, sizeof port, NI_NUMERICHOST | NI_NUMERICSERV);
    snprintf(link->peer, sizeof link->peer, "%s:%s", host, port);
}

ShStatus dxp_listen(const char *host, int port, int *listen_fd, int *bound_port, ShError *err)
{
    error_clear(err);
    *listen_fd = -1;
    if (port < 0 || port > 65535)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "port %d is not 0 to 65535", port);
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    const char *h = host && *host ? host : "127.0.0.1";
    if (inet_pton(AF_INET, h, &addr.sin_addr) != 1)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "'%s' is not an IPv4 address", h);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return error_set(err, SH_ERR_IO, 0, 0, "socket: %s", strerror(errno));
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(fd, 4) != 0) {
        int e = errno;
        close(fd);
        return error_set(err, SH_ERR_IO, 0, 0, "cannot listen on %s:%d: %s", h, port,
                         strerror(e));
    }
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *)&addr, &len);
    *bound_port = ntohs(addr.sin_port);
    *listen_fd = fd;
    return SH_OK;
}

static void link_init(DxpLink *link, int fd)
{
    link->fd = fd;
    link->length = 0;
    link->peer[0] = '\0';
}

ShStatus dxp_accept(int listen_fd, DxpLink *link, ShError *err)
{
    error_clear(err);
    link_init(link, -1);
    struct sockaddr_storage addr;
    socklen_t len = sizeof addr;
    int fd;
    do
        fd = accept(listen_fd, (struct sockaddr *)&addr, &len);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return error_set(err, SH_ERR_IO, 0, 0, "accept: %s", strerror(errno));
    no_delay(fd);
    link_init(link, fd);
    name_peer(link, (struct sockaddr *)&addr, len);
    return SH_OK;
}

ShStatus dxp_connect(const char *host, int port, DxpLink *link, ShError *err)
{
    error_clear(err);
    link_init(link, -1);
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints, *list = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int rc = getaddrinfo(host, service, &hints, &list);
    if (rc != 0)
        return error_set(err, SH_ERR_IO, 0, 0, "cannot find %s: %s", host, gai_strerror(rc));
    int fd = -1, last = 0;
    for (struct addrinfo *a = list; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) {
            last = errno;
            continue;
        }
        if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            last = errno;
            close(fd);
            fd = -1;
            continue;
        }
        name_peer(link, a->ai_addr, a->ai_addrlen);
    }
    freeaddrinfo(list);
    if (fd < 0)
        return error_set(err, SH_ERR_IO, 0, 0, "cannot connect to %s:%d: %s", host, port,
                         strerror(last));
    no_delay(fd);
    link->fd = fd;
    return SH_OK;
}

bool dxp_address_parse(const char *text, char *host, size_t size, int *port)
{
    *port = DXP_DEFAULT_PORT;
    const char *colon = strrchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n + 1 > size)
        return false;
    memcpy(host, text, n);
    host[n] = '\0';
    if (n == 0)
        snprintf(host, size, "127.0.0.1");
    if (colon) {
        char *end;
        long v = strtol(colon + 1, &end, 10);
        if (!colon[1] || *end || v < 1 || v > 65535)
            return false;
        *port = (int)v;
    }
    return true;
}

ShStatus dxp_link_send(DxpLink *link, const char *message, ShError *err)
{
    error_clear(err);
    if (link->fd < 0)
        return error_set(err, SH_ERR_IO, 0, 0, "the connection is closed");
    size_t n = strlen(message) + 1; /* with the NUL */
    for (size_t done = 0; done < n;) {
        ssize_t k = send(link->fd, message + done, n - done, MSG_NOSIGNAL);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return error_set(err, SH_ERR_IO, 0, 0, "send: %s", strerror(errno));
        done += (size_t)k;
    }
    return SH_OK;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Hand out the first message of the buffer if a NUL has arrived; true if one was. */
static bool take(DxpLink *link, char *out, size_t size, bool *skipped)
{
    char *nul = memchr(link->buffer, '\0', link->length);
    if (!nul)
        return false;
    size_t n = (size_t)(nul - link->buffer);
    size_t begin = 0, end = n;
    while (begin < end && (link->buffer[begin] == '\r' || link->buffer[begin] == '\n'))
        begin++;
    while (end > begin && (link->buffer[end - 1] == '\r' || link->buffer[end - 1] == '\n'))
        end--;
    size_t k = end - begin < size - 1 ? end - begin : size - 1;
    memcpy(out, link->buffer + begin, k);
    out[k] = '\0';
    memmove(link->buffer, nul + 1, link->length - n - 1);
    link->length -= n + 1;
    *skipped = k == 0;
    return true;
}

int dxp_link_receive(DxpLink *link, char *out, size_t size, double timeout, ShError *err)
{
    error_clear(err);
    if (size == 0)
        return -1;
    out[0] = '\0';
    if (link->fd < 0) {
        error_set(err, SH_ERR_IO, 0, 0, "the connection is closed");
        return -1;
    }
    double deadline = timeout >= 0 ? now() + timeout : 0;
    for (;;) {
        bool empty;
        while (take(link, out, size, &empty))
            if (!empty)
                return 1;
        if (link->length > DXP_LINK_MAX_RUN) {
            link->length = 0;
            error_set(err, SH_ERR_IO, 0, 0, "%d bytes without the NUL that ends a DXP message",
                      DXP_LINK_MAX_RUN);
            return -1;
        }
        int wait = -1;
        if (timeout >= 0) {
            double left = deadline - now();
            if (left <= 0) {
                error_set(err, SH_ERR_IO, 0, 0, "no message for %.1f s", timeout);
                return -1;
            }
            wait = (int)(left * 1000) + 1;
        }
        struct pollfd p = {link->fd, POLLIN, 0};
        int rc = poll(&p, 1, wait);
        if (rc < 0 && errno == EINTR)
            continue;
        if (rc < 0) {
            error_set(err, SH_ERR_IO, 0, 0, "poll: %s", strerror(errno));
            return -1;
        }
        if (rc == 0)
            continue;
        ssize_t k = recv(link->fd, link->buffer + link->length,
                         sizeof link->buffer - link->length, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0) {
            if (errno == ECONNRESET)
                return 0;
            error_set(err, SH_ERR_IO, 0, 0, "recv: %s", strerror(errno));
            return -1;
        }
        if (k == 0)
            return 0;
        link->length += (size_t)k;
    }
}

void dxp_link_close(DxpLink *link)
{
    if (link->fd >= 0)
        close(link->fd);
    link->fd = -1;
    link->length = 0;
}
