/*
 * dxp_link.h - DXP's layer 1, the SOCKET protocol: messages over a TCP stream socket, each
 * followed by a NUL character (the default port is 27531).
 *
 * The reader takes what arrives in pieces and hands out one message at a time. It is lenient
 * where programs are known to differ and the specification says nothing: a CR or LF at either
 * end of a message is dropped (some clients end their messages with a newline before the
 * NUL), and an empty message (two NULs in a row) is skipped. A run of more than 1024 bytes
 * without a NUL is an error (the peer does not speak DXP); what came before it stays valid.
 */
#ifndef SHASHKI_DXP_LINK_H
#define SHASHKI_DXP_LINK_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"

#define DXP_LINK_BUFFER 2048

typedef struct DxpLink {
    int fd;                      /* -1 when closed */
    char buffer[DXP_LINK_BUFFER];
    size_t length;               /* bytes in buffer not yet handed out */
    char peer[64];               /* "host:port" of the other side */
} DxpLink;

/* Listen on host (NULL or "" for 127.0.0.1; "0.0.0.0" for every address) and port (0: any
 * free port); *bound_port gets the port chosen. */
ShStatus dxp_listen(const char *host, int port, int *listen_fd, int *bound_port, ShError *err);
/* Wait for the next connection on a listening socket. */
ShStatus dxp_accept(int listen_fd, DxpLink *link, ShError *err);
/* Connect to host:port (a name or an address). */
ShStatus dxp_connect(const char *host, int port, DxpLink *link, ShError *err);
/* Split "HOST:PORT" (or "HOST", or ":PORT"); the port defaults to 27531. */
bool dxp_address_parse(const char *text, char *host, size_t size, int *port);

/* Send one message (the NUL is added). */
ShStatus dxp_link_send(DxpLink *link, const char *message, ShError *err);
/* Receive the next message into out (NUL-terminated, cut to size - 1). Waits at most
 * `timeout` seconds (negative: for ever). Returns 1 for a message, 0 when the other side has
 * closed the connection, -1 on an error or a timeout (err says which: SH_ERR_IO). */
int dxp_link_receive(DxpLink *link, char *out, size_t size, double timeout, ShError *err);
void dxp_link_close(DxpLink *link);

#endif
