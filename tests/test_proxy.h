/* test_proxy.h - nginx in front of a test's `shashki serve` processes, configured with the
 * very file the docs ship (docs/federation/nginx.conf), its ports filled in: started on a free
 * loopback port in a temporary folder, stopped and removed at the end. Debian's nginx. */
#ifndef SHASHKI_TEST_PROXY_H
#define SHASHKI_TEST_PROXY_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct Proxy {
    pid_t pid;
    int port;
    char dir[64];
} Proxy;

/* Start nginx before the processes listening on ports[0..n-1]; false with the reason printed
 * when it cannot start. */
bool proxy_start(Proxy *p, const int *ports, int n);
void proxy_stop(Proxy *p);

#endif
