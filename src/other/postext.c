/* postext.c - the heads, fields and numbers of the square-board games' position texts
 * (postext.h). */
#include "postext.h"

#include <string.h>

#include "error.h"

int postext_fields(const char *text, int max, int start[], int length[], int *column)
{
    int n = 0;
    size_t len = strlen(text);
    for (size_t i = 0; i <= len;) {
        size_t end = i;
        while (end < len && text[end] != ' ')
            end++;
        if (end == i || n >= max) {
            *column = (int)i + 1;
            return -1;
        }
        start[n] = (int)i;
        length[n] = (int)(end - i);
        n++;
        if (end == len)
            break;
        i = end + 1;
    }
    return n;
}

/* Starts game under the settings at text + start (length bytes, fewer than
 * POSTEXT_SETTINGS_SIZE) into st; a setting's fault at its column in text. */
static ShStatus settings_start(const ShOtherGame *game, const char *text, int start, int length,
                               ShOtherState *st, ShError *err)
{
    char settings[POSTEXT_SETTINGS_SIZE];
    memcpy(settings, text + start, (size_t)length);
    settings[length] = '\0';
    ShError e;
    if (sh_other_start(game, settings, st, &e) != SH_OK)
        return error_set(err, e.code, 1, start + e.column, "%s", e.message);
    return SH_OK;
}

ShStatus postext_open_fields(const ShOtherGame *game, const char *text, int min, int max,
                             const char *form, int start[], int length[], ShOtherState *st,
                             ShError *err)
{
    int column = 1;
    if (!text)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "no position");
    int n = postext_fields(text, max, start, length, &column);
    if (n < 0)
        return error_set(err, SH_ERR_SYNTAX, 1, column, "%s", form);
    if (n < min)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)strlen(text) + 1, "%s", form);
    if (n < max)
        return settings_start(game, text, 0, 0, st, err);
    if (length[max - 1] >= POSTEXT_SETTINGS_SIZE)
        return error_set(err, SH_ERR_SYNTAX, 1, start[max - 1] + 1, "settings too long");
    return settings_start(game, text, start[max - 1], length[max - 1], st, err);
}

ShStatus postext_open_settings(const ShOtherGame *game, const char *text, const char *form,
                               ShOtherState *st, uint8_t *side, int *at, ShError *err)
{
    if (!text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no text");
    const char *space = strchr(text, ' ');
    if (!space)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)strlen(text) + 1, "%s", form);
    int length = (int)(space - text);
    if (length >= POSTEXT_SETTINGS_SIZE)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "the settings are too long");
    ShStatus status = settings_start(game, text, 0, length, st, err);
    if (status != SH_OK)
        return status;
    *at = length + 1;
    const char *s = text + *at;
    /* the side is one byte, and a space follows it */
    status = postext_side(text, *at, s[0] && s[1] == ' ' ? 1 : 0, side, err);
    *at += 2;
    return status;
}

ShStatus postext_side(const char *text, int start, int length, uint8_t *side, ShError *err)
{
    if (length != 1 || (text[start] != 'w' && text[start] != 'b'))
        return error_set(err, SH_ERR_SYNTAX, 1, start + 1, "the side to move is w or b");
    *side = text[start] == 'b';
    return SH_OK;
}

bool postext_count(const char *s, int length, uint16_t *out)
{
    if (length < 1 || length > 4)
        return false;
    int v = 0;
    for (int i = 0; i < length; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = (uint16_t)v;
    return true;
}

int postext_number(const char *text, int *at)
{
    const char *p = text + *at;
    if (*p < '0' || *p > '9')
        return -1;
    int v = 0;
    while (*p >= '0' && *p <= '9' && v < 100000)
        v = v * 10 + (*p++ - '0');
    *at = (int)(p - text);
    return v;
}
