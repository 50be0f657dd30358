/* trust.h - the peers whose X-Forwarded-For is believed: the reverse proxies an administrator
 * names (`shashki serve --trust-proxy 10.0.0.0/8,192.0.2.1,::1`), as addresses and CIDR
 * ranges, IPv4 and IPv6. An IPv4 peer seen as an IPv6-mapped address (::ffff:10.1.2.3) is
 * matched as IPv4. */
#ifndef SHASHKI_TRUST_H
#define SHASHKI_TRUST_H

#include <stdbool.h>
#include <stddef.h>

#define TRUST_MAX 32

typedef struct TrustNet {
    int family;              /* AF_INET or AF_INET6 */
    unsigned char addr[16];  /* 4 bytes for IPv4 */
    int bits;                /* the prefix's length */
} TrustNet;

typedef struct TrustList {
    TrustNet nets[TRUST_MAX];
    int count;
} TrustList;

/* Read "ADDRESS[/BITS],..." into out; false with what is wrong and where (the item and its
 * place in the list) in err. */
bool trust_parse(const char *text, TrustList *out, char *err, size_t size);
/* This machine's loopback addresses: 127.0.0.0/8 and ::1 (the default behind --proxy). */
void trust_loopback(TrustList *out);
/* Whether an address's text ("10.1.2.3", "::1", "::ffff:10.1.2.3") lies in one of the list's
 * ranges; false for a text that is no address. */
bool trust_has(const TrustList *list, const char *address);
/* Whether a text is an IPv4 or IPv6 address. */
bool trust_is_address(const char *text);
/* The list as text ("127.0.0.0/8, ::1"), for the start message. */
void trust_text(const TrustList *list, char *out, size_t size);

#endif
