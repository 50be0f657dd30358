/* qr.h - a QR code as an SVG picture. The code itself is libqrencode's (Debian's
 * libqrencode-dev); this only draws its modules as one SVG path, with the quiet zone. */
#ifndef SHASHKI_QR_H
#define SHASHKI_QR_H

#include <stddef.h>

#define QR_MAX_TEXT 512

/* The SVG of `text` (error correction level M), malloc'ed; NULL if the text is empty, too
 * long or cannot be encoded. */
char *qr_svg(const char *text);

#endif
