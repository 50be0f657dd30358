/* error.c - status names and the error record. */
#include "error.h"

#include <stdio.h>
#include <string.h>

const char *sh_status_name(ShStatus code)
{
    switch (code) {
    case SH_OK: return "ok";
    case SH_ERR_SYNTAX: return "syntax error";
    case SH_ERR_INVALID_POSITION: return "invalid position";
    case SH_ERR_ILLEGAL_MOVE: return "illegal move";
    case SH_ERR_AMBIGUOUS_MOVE: return "ambiguous move";
    case SH_ERR_ARGUMENT: return "bad argument";
    case SH_ERR_LIMIT: return "limit exceeded";
    case SH_ERR_IO: return "input/output error";
    case SH_ERR_NO_MEMORY: return "out of memory";
    case SH_ERR_NO_PAIRING: return "no pairing";
    }
    return "unknown error";
}

void error_clear(ShError *err)
{
    if (!err)
        return;
    err->code = SH_OK;
    err->line = 0;
    err->column = 0;
    err->message[0] = '\0';
}

ShStatus error_setv(ShError *err, ShStatus code, int line, int column, const char *format,
                    va_list args)
{
    if (!err)
        return code;
    err->code = code;
    err->line = line;
    err->column = column;
    vsnprintf(err->message, sizeof err->message, format, args);
    return code;
}

ShStatus error_set(ShError *err, ShStatus code, int line, int column, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_setv(err, code, line, column, format, args);
    va_end(args);
    return code;
}

void error_append(ShError *err, const char *format, ...)
{
    if (!err)
        return;
    size_t used = strlen(err->message);
    size_t room = sizeof err->message - used;
    if (room <= 4)
        return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(err->message + used, room, format, args);
    va_end(args);
    if (n >= 0 && (size_t)n >= room)
        memcpy(err->message + sizeof err->message - 4, "...", 4);
}
