/* error.h - filling an ShError (private). */
#ifndef SHASHKI_ERROR_H
#define SHASHKI_ERROR_H

#include <stdarg.h>

#include "shashki.h"

/* Fill *err (if not NULL) and return code. The message is printf-formatted and truncated to
 * fit; line and column are 1-based, 0 when they do not apply. */
ShStatus error_set(ShError *err, ShStatus code, int line, int column, const char *format, ...)
    __attribute__((format(printf, 5, 6)));
ShStatus error_setv(ShError *err, ShStatus code, int line, int column, const char *format,
                    va_list args);
void error_clear(ShError *err);

/* Append printf-formatted text to the message, marking a cut with "..." when it is full. */
void error_append(ShError *err, const char *format, ...) __attribute__((format(printf, 2, 3)));

#endif
