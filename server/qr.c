/* qr.c - QR codes drawn as SVG (see qr.h). */
#include "qr.h"

#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QUIET 4 /* modules of white around the code, as the standard asks */

char *qr_svg(const char *text)
{
    if (!text || !*text || strlen(text) > QR_MAX_TEXT)
        return NULL;
    QRcode *code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
    if (!code)
        return NULL;
    int w = code->width, size = w + 2 * QUIET;
    /* each dark module is "M x yh1v1h-1z" (at most 24 bytes) */
    size_t cap = (size_t)w * (size_t)w * 24 + 512, n = 0;
    char *out = malloc(cap);
    if (!out) {
        QRcode_free(code);
        return NULL;
    }
    n += (size_t)snprintf(out + n, cap - n,
                          "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                          "width=\"%d\" height=\"%d\" shape-rendering=\"crispEdges\" role=\"img\">"
                          "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><path fill=\"#000\" d=\"",
                          size, size, size * 6, size * 6, size, size);
    for (int y = 0; y < w; y++)
        for (int x = 0; x < w; x++)
            if (code->data[y * w + x] & 1)
                n += (size_t)snprintf(out + n, cap - n, "M%d %dh1v1h-1z", x + QUIET, y + QUIET);
    snprintf(out + n, cap - n, "\"/></svg>\n");
    QRcode_free(code);
    return out;
}
