/* other.c - the list of the other games and what every one of them shares: settings, reading a
 * move, finding a cell (shashki_other.h); the modules' settings helpers (games.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "games.h"

static const ShOtherGame *const GAMES[] = {
    &SH_OTHER_CORNERS,  &SH_OTHER_GOBAN, &SH_OTHER_BELARUSIAN, &SH_OTHER_WIEGMAN,
    &SH_OTHER_STAVROPOL, &SH_OTHER_PSKOV, &SH_OTHER_NOVGOROD,  &SH_OTHER_NEVA,
};

#define GAME_COUNT ((int)(sizeof GAMES / sizeof GAMES[0]))

int sh_other_count(void)
{
    return GAME_COUNT;
}

const ShOtherGame *sh_other_at(int index)
{
    return index >= 0 && index < GAME_COUNT ? GAMES[index] : NULL;
}

const ShOtherGame *sh_other_find(const char *name)
{
    if (!name)
        return NULL;
    for (int i = 0; i < GAME_COUNT; i++)
        if (strcasecmp(GAMES[i]->name, name) == 0)
            return GAMES[i];
    return NULL;
}

bool sh_other_playable(const ShOtherGame *g)
{
    return g && g->start && g->parse && g->format && g->board && g->piece && g->to_move &&
           g->moves && g->make && g->result && g->move_text;
}

/* The setting of that key, NULL if the game has none. */
static const ShSetting *setting_find(const ShOtherGame *g, const char *key, size_t len)
{
    for (int i = 0; i < g->setting_count; i++)
        if (strlen(g->settings[i].key) == len && strncmp(g->settings[i].key, key, len) == 0)
            return &g->settings[i];
    return NULL;
}

/* Whether `value` (len bytes) is one of the '|'-separated `values`. */
static bool value_allowed(const char *values, const char *value, size_t len)
{
    for (const char *p = values; *p;) {
        const char *end = strchr(p, '|');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == len && strncmp(p, value, len) == 0)
            return true;
        if (!end)
            break;
        p = end + 1;
    }
    return false;
}

ShStatus other_setting_next(const ShOtherGame *g, const char *text, size_t len, size_t *at,
                            const ShSetting **set, const char **value, size_t *value_length,
                            ShError *err)
{
    *set = NULL;
    if (*at >= len)
        return SH_OK;
    const char *p = text + *at;
    const char *comma = memchr(p, ',', len - *at);
    size_t n = comma ? (size_t)(comma - p) : len - *at;
    const char *eq = memchr(p, '=', n);
    int column = (int)*at + 1;
    if (!eq)
        return error_set(err, SH_ERR_SYNTAX, 1, column,
                         "a setting is written key=value, not \"%.*s\"", (int)n, p);
    const ShSetting *found = setting_find(g, p, (size_t)(eq - p));
    if (!found)
        return error_set(err, SH_ERR_SYNTAX, 1, column, "%s has no setting \"%.*s\"", g->name,
                         (int)(eq - p), p);
    size_t vlen = n - (size_t)(eq + 1 - p);
    if (!value_allowed(found->values, eq + 1, vlen))
        return error_set(err, SH_ERR_SYNTAX, 1, (int)(eq + 1 - text) + 1,
                         "setting %s is one of %s, not \"%.*s\"", found->key, found->values,
                         (int)vlen, eq + 1);
    *set = found;
    *value = eq + 1;
    *value_length = vlen;
    *at += n + (comma ? 1 : 0);
    return SH_OK;
}

ShStatus sh_other_start(const ShOtherGame *g, const char *settings, ShOtherState *st,
                        ShError *err)
{
    if (!g || !st)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game or no position");
    if (!sh_other_playable(g))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s is not playable yet", g->name);
    const char *s = settings ? settings : "";
    size_t at = 0, len = strlen(s), vlen;
    const ShSetting *set;
    const char *value;
    do {
        ShStatus status = other_setting_next(g, s, len, &at, &set, &value, &vlen, err);
        if (status != SH_OK)
            return status;
    } while (set);
    memset(st, 0, sizeof *st);
    return g->start(st, s, err);
}

void sh_other_setting(const ShOtherGame *g, const char *settings, const char *key, char *out,
                      size_t size)
{
    if (!out || size == 0)
        return;
    out[0] = '\0';
    size_t klen = strlen(key);
    for (const char *p = settings ? settings : ""; *p;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
            snprintf(out, size, "%.*s", (int)(n - klen - 1), p + klen + 1);
            return;
        }
        if (!end)
            break;
        p = end + 1;
    }
    const ShSetting *set = g ? setting_find(g, key, klen) : NULL;
    if (set)
        snprintf(out, size, "%s", set->fallback);
}

bool other_setting_is(const ShOtherGame *g, const char *settings, const char *key,
                      const char *value)
{
    char v[16];
    sh_other_setting(g, settings, key, v, sizeof v);
    return strcmp(v, value) == 0;
}

int other_setting_number(const ShOtherGame *g, const char *settings, const char *key)
{
    char v[16];
    sh_other_setting(g, settings, key, v, sizeof v);
    return strcmp(v, "off") == 0 ? 0 : atoi(v);
}

const char *other_number_text(unsigned value, char out[OTHER_NUMBER_SIZE])
{
    if (!value)
        return "off";
    snprintf(out, OTHER_NUMBER_SIZE, "%u", value);
    return out;
}

int sh_geometry_cell(const ShGeometry *board, const char *name)
{
    for (int i = 0; board && name && i < board->cell_count; i++)
        if (strcasecmp(board->cell[i].name, name) == 0)
            return i;
    return -1;
}

/* The cells a path text names ("a1-a3:a5"), into cells; their count, or -1 with the column of
 * the first name that is no cell. */
static int path_read(const ShGeometry *board, const char *text, uint8_t *cells, int *bad)
{
    int n = 0;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "-:x");
        char name[SH_CELL_NAME_SIZE];
        int cell = -1;
        if (len > 0 && len < sizeof name) {
            memcpy(name, p, len);
            name[len] = '\0';
            cell = sh_geometry_cell(board, name);
        }
        if (cell < 0 || n >= SH_OTHER_MAX_PATH) {
            *bad = (int)(p - text) + 1;
            return -1;
        }
        cells[n++] = (uint8_t)cell;
        if (!p[len])
            break;
        p += len + 1;
    }
    return n;
}

ShStatus sh_other_parse_move(const ShOtherGame *g, const ShOtherState *st, const char *text,
                             ShOtherMove *out, ShError *err)
{
    if (!g || !st || !text || !out)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game, position, move or result");
    if (!sh_other_playable(g))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s is not playable yet", g->name);
    static _Thread_local ShOtherMove moves[SH_OTHER_MAX_MOVES];
    int count = g->moves(st, moves);
    char written[SH_OTHER_MOVE_TEXT_SIZE];
    for (int i = 0; i < count; i++) {
        g->move_text(st, &moves[i], written, sizeof written);
        if (strcasecmp(written, text) == 0) {
            *out = moves[i];
            return SH_OK;
        }
    }
    if (!*text)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "no move given");
    static _Thread_local ShGeometry board;
    g->board(st, &board);
    uint8_t cells[SH_OTHER_MAX_PATH] = {0};
    int bad = 0;
    const char *path = text[0] == '*' ? text + 1 : text; /* a placing "*d4" */
    int n = path_read(&board, path, cells, &bad);
    if (n < 0)
        return error_set(err, SH_ERR_SYNTAX, 1, bad + (int)(path - text),
                            "\"%s\" is not a move of %s: no cell there", text, g->name);
    /* The whole path names one move; else the moves from its first cell to its last (a
     * game may keep one of several routes to the same end, corners its shortest chain): one of
     * them, or the one whose path passes every cell named, in order. */
    int found = -1, matches = 0, fits = 0, fit = -1;
    for (int i = 0; i < count; i++) {
        const ShOtherMove *m = &moves[i];
        bool whole = m->length == n && memcmp(m->path, cells, (size_t)n) == 0;
        bool place = n == 1 && m->length == 1 && m->path[0] == cells[0];
        if (whole || place) {
            *out = *m;
            return SH_OK;
        }
        if (n >= 2 && m->length >= 2 && m->path[0] == cells[0] &&
            m->path[m->length - 1] == cells[n - 1]) {
            matches++;
            found = i;
            int k = 0;
            for (int j = 0; j < m->length && k < n; j++)
                if (m->path[j] == cells[k])
                    k++;
            if (k == n) {
                fits++;
                fit = i;
            }
        }
    }
    if (matches == 1 || fits == 1) {
        *out = moves[matches == 1 ? found : fit];
        return SH_OK;
    }
    if (matches > 1)
        return error_set(err, SH_ERR_AMBIGUOUS_MOVE, 1, 1,
                            "\"%s\" fits %d moves: give every cell of the path", text, matches);
    return error_set(err, SH_ERR_ILLEGAL_MOVE, 1, 1, "\"%s\" is not a legal move here (%d moves)",
                        text, count);
}
