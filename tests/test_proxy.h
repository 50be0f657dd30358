/* test_proxy.h - nginx in front of a test's `shashki serve` processes, configured with the
 * very file the docs ship (docs/federation/nginx.conf), its ports and paths filled in, with a
 * certificate for 127.0.0.1 made by openssl: started on free loopback ports in a temporary
 * folder, stopped and removed at the end. Debian's nginx. */
#ifndef SHASHKI_TEST_PROXY_H
#define SHASHKI_TEST_PROXY_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct Proxy {
    pid_t pid;
    int port;        /* HTTPS (HTTP/2 or 1.1), on 127.0.0.1 */
    int plain_port;  /* plain HTTP, which only redirects to HTTPS */
    char dir[64];
    char ca[96];     /* the test certificate, to trust (CURLOPT_CAINFO) */
} Proxy;

/* Start nginx before the processes listening on ports[0..n-1]; false with the reason printed
 * when it cannot start. */
bool proxy_start(Proxy *p, const int *ports, int n);
void proxy_stop(Proxy *p);

#endif
