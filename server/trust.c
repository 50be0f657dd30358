/* trust.c - addresses and CIDR ranges of trusted proxies (see trust.h). */
#include "trust.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* An address's text as family and bytes; an IPv6-mapped IPv4 address as IPv4. */
static bool address_read(const char *text, int *family, unsigned char addr[16])
{
    if (inet_pton(AF_INET, text, addr) == 1) {
        *family = AF_INET;
        return true;
    }
    if (inet_pton(AF_INET6, text, addr) != 1)
        return false;
    static const unsigned char MAPPED[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (memcmp(addr, MAPPED, sizeof MAPPED) == 0) {
        memmove(addr, addr + 12, 4);
        *family = AF_INET;
    } else {
        *family = AF_INET6;
    }
    return true;
}

bool trust_is_address(const char *text)
{
    int family;
    unsigned char addr[16];
    return address_read(text, &family, addr);
}

bool trust_parse(const char *text, TrustList *out, char *err, size_t size)
{
    memset(out, 0, sizeof *out);
    int place = 0;
    for (const char *p = text;; p++) {
        size_t n = strcspn(p, ",");
        char item[64];
        place++;
        while (n && *p == ' ')
            p++, n--;
        while (n && p[n - 1] == ' ')
            n--;
        if (n == 0 || n >= sizeof item) {
            snprintf(err, size, "item %d of '%s' is %s", place, text,
                     n ? "too long" : "empty (addresses and ranges are separated by commas)");
            return false;
        }
        memcpy(item, p, n);
        item[n] = '\0';
        if (out->count == TRUST_MAX) {
            snprintf(err, size, "more than %d addresses and ranges", TRUST_MAX);
            return false;
        }
        TrustNet *net = &out->nets[out->count];
        char *slash = strchr(item, '/');
        if (slash)
            *slash = '\0';
        if (!address_read(item, &net->family, net->addr)) {
            snprintf(err, size, "item %d, '%s', is not an IPv4 or IPv6 address", place, item);
            return false;
        }
        int max = net->family == AF_INET ? 32 : 128;
        net->bits = max;
        if (slash) {
            char *end;
            long bits = strtol(slash + 1, &end, 10);
            if (!slash[1] || *end || bits < 0 || bits > max) {
                snprintf(err, size, "item %d, '%s/%s': the prefix after '/' must be 0 to %d", place,
                         item, slash + 1, max);
                return false;
            }
            net->bits = (int)bits;
        }
        out->count++;
        p += strcspn(p, ",");
        if (!*p)
            return true;
    }
}

void trust_loopback(TrustList *out)
{
    char err[8];
    trust_parse("127.0.0.0/8,::1", out, err, sizeof err);
}

static bool net_has(const TrustNet *net, int family, const unsigned char *addr)
{
    if (net->family != family)
        return false;
    int whole = net->bits / 8, rest = net->bits % 8;
    if (memcmp(net->addr, addr, (size_t)whole) != 0)
        return false;
    unsigned char mask = (unsigned char)(0xff00u >> rest);
    return rest == 0 || (net->addr[whole] & mask) == (addr[whole] & mask);
}

bool trust_has(const TrustList *list, const char *address)
{
    int family;
    unsigned char addr[16];
    if (!list || !address_read(address, &family, addr))
        return false;
    for (int i = 0; i < list->count; i++)
        if (net_has(&list->nets[i], family, addr))
            return true;
    return false;
}

void trust_text(const TrustList *list, char *out, size_t size)
{
    size_t n = 0;
    if (size)
        out[0] = '\0';
    for (int i = 0; i < list->count && n < size; i++) {
        const TrustNet *net = &list->nets[i];
        char a[INET6_ADDRSTRLEN];
        inet_ntop(net->family, net->addr, a, sizeof a);
        int max = net->family == AF_INET ? 32 : 128;
        n += (size_t)snprintf(out + n, size - n, "%s%s", i ? ", " : "", a);
        if (net->bits != max && n < size)
            n += (size_t)snprintf(out + n, size - n, "/%d", net->bits);
    }
}
