/* mdraughts_text.c - the settings, the start, and the texts of the family of mdraughts.h: a
 * position's text and a move's notation.
 *
 * The position text is five kinds of fields, separated by one space:
 *     SETTINGS TOMOVE PIECES... OUT QUIET
 *     board=small,step=3,capture=free,promote=capture,quiet=30 W W:a1,b1,Kc2 B:d7 - 0
 * SETTINGS is every setting of the game as key=value (those left out take their fallback);
 * TOMOVE the letter of the player to move; then one field a player, in move order: the letter,
 * ':' and the cells of that player's pieces, "K" before a king's; OUT the letters of the
 * players out of the game ("-" for none); QUIET the plies since the last capture or man's move.
 * Moves: the cells of the path joined by '-' for a step ("a1-a2") and ':' for a capture, each
 * landing named ("d2:d4:f3"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "mdraughts.h"

static bool value_is(const char *value, size_t len, const char *word)
{
    return strlen(word) == len && strncmp(value, word, len) == 0;
}

/* One setting into st (the value already checked). */
static void setting_apply(MdState *st, const char *key, const char *value, size_t len)
{
    if (strcmp(key, "board") == 0)
        st->size = value_is(value, len, "large");
    else if (strcmp(key, "step") == 0)
        st->step = value_is(value, len, "2") ? 2 : 3;
    else if (strcmp(key, "capture") == 0)
        st->capture = value_is(value, len, "majority") ? MD_CAPTURE_MAJORITY : MD_CAPTURE_FREE;
    else if (strcmp(key, "promote") == 0)
        st->promote = value_is(value, len, "end")    ? MD_PROMOTE_END
                      : value_is(value, len, "step") ? MD_PROMOTE_STEP
                                                     : MD_PROMOTE_CAPTURE;
    else if (strcmp(key, "out") == 0)
        st->stay = value_is(value, len, "stay");
    else if (strcmp(key, "quiet") == 0)
        st->quiet = value_is(value, len, "off") ? 0 : (uint8_t)atoi(value);
}

/* The settings `text` (len bytes) into st: every fallback, then what the text gives. */
static ShStatus settings_read(const ShOtherGame *g, MdState *st, const char *text, size_t len,
                              ShError *err)
{
    st->size = 0;
    st->step = 3;
    st->capture = MD_CAPTURE_FREE;
    st->promote = MD_PROMOTE_CAPTURE;
    st->stay = 0;
    st->quiet = 30;
    for (int i = 0; i < g->setting_count; i++)
        setting_apply(st, g->settings[i].key, g->settings[i].fallback,
                      strlen(g->settings[i].fallback));
    size_t at = 0, vlen;
    const ShSetting *set;
    const char *value;
    for (;;) {
        ShStatus status = other_setting_next(g, text, len, &at, &set, &value, &vlen, err);
        if (status != SH_OK)
            return status;
        if (!set)
            break;
        setting_apply(st, set->key, value, vlen);
    }
    if (len > 0 && text[len - 1] == ',')
        return error_set(err, SH_ERR_SYNTAX, 1, (int)len + 1, "a setting expected after ','");
    return SH_OK;
}

static ShGeometry *board_scratch(void)
{
    static _Thread_local ShGeometry board;
    return &board;
}

/* The geometry for the settings in st. */
static void geometry(MdState *st, ShGeometry *board)
{
    memset(st->nb, -1, sizeof st->nb);
    st->v->build(st, board);
    md_distances(st);
}

ShStatus md_start(const MdVariant *v, ShOtherState *s, const char *settings, ShError *err)
{
    MdState *st = (MdState *)s->bytes;
    memset(s, 0, sizeof *s);
    st->v = v;
    st->players = (uint8_t)v->game->players;
    const char *text = settings ? settings : "";
    ShStatus status = settings_read(v->game, st, text, strlen(text), err);
    if (status != SH_OK)
        return status;
    geometry(st, NULL);
    v->setup(st);
    md_settle(st);
    return SH_OK;
}

static size_t settings_write(const MdState *st, char *out, size_t size)
{
    const ShOtherGame *g = st->v->game;
    size_t n = 0;
    for (int i = 0; i < g->setting_count; i++) {
        const char *key = g->settings[i].key;
        char value[16];
        if (strcmp(key, "board") == 0)
            snprintf(value, sizeof value, "%s", st->size ? "large" : "small");
        else if (strcmp(key, "step") == 0)
            snprintf(value, sizeof value, "%d", st->step);
        else if (strcmp(key, "capture") == 0)
            snprintf(value, sizeof value, "%s", st->capture ? "majority" : "free");
        else if (strcmp(key, "promote") == 0)
            snprintf(value, sizeof value, "%s",
                     st->promote == MD_PROMOTE_END    ? "end"
                     : st->promote == MD_PROMOTE_STEP ? "step"
                                                      : "capture");
        else if (strcmp(key, "out") == 0)
            snprintf(value, sizeof value, "%s", st->stay ? "stay" : "remove");
        else if (strcmp(key, "quiet") == 0 && st->quiet == 0)
            snprintf(value, sizeof value, "off");
        else
            snprintf(value, sizeof value, "%d", st->quiet);
        n += (size_t)snprintf(out + (n < size ? n : size), n < size ? size - n : 0, "%s%s=%s",
                              i ? "," : "", key, value);
    }
    return n;
}

/* Append printf text at *n (counting what would not fit). */
#define PUT(...)                                                                              \
    (n += (size_t)snprintf(out + (n < size ? n : size), n < size ? size - n : 0, __VA_ARGS__))

size_t md_format(const ShOtherState *s, char *out, size_t size)
{
    const MdState *st = (const MdState *)s->bytes;
    ShGeometry *board = board_scratch();
    MdState copy = *st;
    copy.v->build(&copy, board);
    size_t n = settings_write(st, out, size);
    const char *letters = st->v->letters;
    PUT(" %c", letters[st->to_move]);
    for (int p = 0; p < st->players; p++) {
        PUT(" %c:", letters[p]);
        bool first = true;
        for (int c = 0; c < st->cell_count; c++)
            if (st->cell[c].kind != SH_UNIT_NONE && st->cell[c].owner == p) {
                PUT("%s%s%s", first ? "" : ",", st->cell[c].kind == SH_UNIT_KING ? "K" : "",
                    board->cell[c].name);
                first = false;
            }
    }
    PUT(" ");
    if (!st->out)
        PUT("-");
    for (int p = 0; p < st->players; p++)
        if (st->out & (1u << p))
            PUT("%c", letters[p]);
    PUT(" %d", st->quiet_plies);
    if (size > 0 && n >= size)
        out[size - 1] = '\0';
    return n;
}

static int letter_player(const MdVariant *v, char c)
{
    const char *at = c ? strchr(v->letters, c) : NULL;
    return at ? (int)(at - v->letters) : -1;
}

/* The next field: *start and *len, from *at (spaces between); false at the end. */
static bool field_next(const char *text, size_t *at, size_t *start, size_t *len)
{
    while (text[*at] == ' ')
        (*at)++;
    if (!text[*at])
        return false;
    *start = *at;
    while (text[*at] && text[*at] != ' ')
        (*at)++;
    *len = *at - *start;
    return true;
}

/* One player's field "W:a1,Kb2" at text+start (len bytes). */
static ShStatus pieces_read(MdState *st, const ShGeometry *board, int player, const char *text,
                            size_t start, size_t len, ShError *err)
{
    const char *f = text + start;
    char letter = st->v->letters[player];
    if (len < 2 || f[0] != letter || f[1] != ':')
        return error_set(err, SH_ERR_SYNTAX, 1, (int)start + 1,
                         "expected %s's pieces as \"%c:cells\"", st->v->game->player_names[player],
                         letter);
    size_t at = 2;
    while (at < len) {
        size_t begin = at;
        while (at < len && f[at] != ',')
            at++;
        size_t n = at - begin;
        int column = (int)(start + begin) + 1;
        bool king = n > 0 && f[begin] == 'K';
        size_t name_at = begin + (king ? 1 : 0), name_len = n - (king ? 1 : 0);
        char name[SH_CELL_NAME_SIZE];
        int cell = -1;
        if (name_len > 0 && name_len < sizeof name) {
            memcpy(name, f + name_at, name_len);
            name[name_len] = '\0';
            cell = sh_geometry_cell(board, name);
        }
        if (cell < 0)
            return error_set(err, SH_ERR_SYNTAX, 1, column, "\"%.*s\" is no cell of the board",
                             (int)n, f + begin);
        if (st->cell[cell].kind != SH_UNIT_NONE)
            return error_set(err, SH_ERR_INVALID_POSITION, 1, column, "two pieces on %s",
                             board->cell[cell].name);
        st->cell[cell].kind = king ? SH_UNIT_KING : SH_UNIT_MAN;
        st->cell[cell].owner = (uint8_t)player;
        if (at < len)
            at++; /* the comma */
        if (at == len && f[len - 1] == ',')
            return error_set(err, SH_ERR_SYNTAX, 1, (int)(start + len) + 1,
                             "a cell expected after ','");
    }
    return SH_OK;
}

ShStatus md_parse(const MdVariant *v, ShOtherState *s, const char *text, ShError *err)
{
    if (!text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no position text");
    MdState *st = (MdState *)s->bytes;
    memset(s, 0, sizeof *s);
    st->v = v;
    st->players = (uint8_t)v->game->players;
    size_t at = 0, start, len;
    if (!field_next(text, &at, &start, &len))
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "an empty position text");
    if (start != 0)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "the settings come first");
    ShStatus status = settings_read(v->game, st, text, len, err);
    if (status != SH_OK)
        return status;
    ShGeometry *board = board_scratch();
    geometry(st, board);
    bool found = field_next(text, &at, &start, &len);
    if (!found || len != 1 || letter_player(v, text[start]) < 0)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)(found ? start : at) + 1,
                         "the player to move is one of \"%s\"", v->letters);
    st->to_move = (uint8_t)letter_player(v, text[start]);
    int to_move_column = (int)start + 1;
    for (int p = 0; p < st->players; p++) {
        if (!field_next(text, &at, &start, &len))
            return error_set(err, SH_ERR_SYNTAX, 1, (int)at + 1, "%s's pieces are missing",
                             v->game->player_names[p]);
        status = pieces_read(st, board, p, text, start, len, err);
        if (status != SH_OK)
            return status;
    }
    if (!field_next(text, &at, &start, &len))
        return error_set(err, SH_ERR_SYNTAX, 1, (int)at + 1,
                         "the players out (\"-\" for none) are missing");
    if (!(len == 1 && text[start] == '-'))
        for (size_t i = 0; i < len; i++) {
            int p = letter_player(v, text[start + i]);
            if (p < 0 || (st->out & (1u << p)))
                return error_set(err, SH_ERR_SYNTAX, 1, (int)(start + i) + 1,
                                 "the players out are letters of \"%s\", each once, or \"-\"",
                                 v->letters);
            st->out |= (uint8_t)(1u << p);
        }
    if (st->out & (1u << st->to_move))
        return error_set(err, SH_ERR_INVALID_POSITION, 1, to_move_column,
                         "the player to move is out of the game");
    if (!field_next(text, &at, &start, &len))
        return error_set(err, SH_ERR_SYNTAX, 1, (int)at + 1,
                         "the plies without capture or man's move are missing");
    for (size_t i = 0; i < len; i++)
        if (!isdigit((unsigned char)text[start + i]) || len > 5)
            return error_set(err, SH_ERR_SYNTAX, 1, (int)(start + i) + 1,
                             "the plies without capture or man's move are a number");
    long quiet = strtol(text + start, NULL, 10);
    if (quiet > UINT16_MAX)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)start + 1, "too many plies");
    st->quiet_plies = (uint16_t)quiet;
    if (field_next(text, &at, &start, &len))
        return error_set(err, SH_ERR_SYNTAX, 1, (int)start + 1, "more than a position");
    md_settle(st);
    return SH_OK;
}

void md_board(const ShOtherState *s, ShGeometry *out)
{
    MdState copy = *(const MdState *)s->bytes;
    memset(out, 0, sizeof *out);
    copy.v->build(&copy, out);
}

size_t md_move_text(const ShOtherState *s, const ShOtherMove *m, char *out, size_t size)
{
    const MdState *st = (const MdState *)s->bytes;
    ShGeometry *board = board_scratch();
    MdState copy = *st;
    copy.v->build(&copy, board);
    size_t n = 0;
    if (size > 0)
        out[0] = '\0';
    for (int i = 0; i < m->length; i++) {
        int c = m->path[i];
        PUT("%s%s", i == 0 ? "" : m->kind == SH_MOVE_CAPTURE ? ":" : "-",
            c < board->cell_count ? board->cell[c].name : "?");
    }
    return n;
}
