/* record.c - a game of one of the other games as a PDN-style record (shashki_other.h,
 * "Records"): writing it and reading it back. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "shashki_other.h"

/* src into dst, cut to fit. */
/* Copy src into dst; a text too long is cut before a character, never inside one (a tag's
 * UTF-8 name stays UTF-8). */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) {
        n = size - 1;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static const char *const PLAYER_TAGS[SH_OTHER_MAX_PLAYERS] = {"White", "Black", "Red", "Blue"};

ShStatus sh_other_record_init(ShOtherRecord *rec, const ShOtherGame *game, const char *settings,
                              const char *position, ShError *err)
{
    if (!rec || !game)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no record or no game");
    memset(rec, 0, sizeof *rec);
    rec->game = game;
    snprintf(rec->result, sizeof rec->result, "*");
    ShStatus s;
    if (position && *position) {
        if (!sh_other_playable(game))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s is not playable yet", game->name);
        s = game->parse(&rec->start, position, err);
        rec->setup = true;
    } else {
        s = sh_other_start(game, settings, &rec->start, err);
    }
    if (s != SH_OK)
        return s;
    copy_text(rec->settings, sizeof rec->settings, settings ? settings : "");
    rec->current = rec->start;
    return SH_OK;
}

void sh_other_record_free(ShOtherRecord *rec)
{
    if (!rec)
        return;
    free(rec->moves);
    rec->moves = NULL;
    rec->move_count = rec->move_capacity = 0;
    sh_other_record_clear_notes(rec, 0);
}

void sh_other_result_text(const ShOtherGame *game, const ShOtherResult *res, char *out,
                          size_t size)
{
    if (!out || size == 0)
        return;
    if (!res->over) {
        snprintf(out, size, "*");
        return;
    }
    int n = game->players;
    if (n == 2) {
        snprintf(out, size, "%s", res->winner == 0 ? "1-0" : res->winner == 1 ? "0-1" : "1/2-1/2");
        return;
    }
    size_t at = 0;
    out[0] = '\0';
    for (int p = 0; p < n && at < size; p++) {
        int w = snprintf(out + at, size - at, "%s%s", p ? "-" : "",
                         res->winner < 0 ? (n == 3 ? "1/3" : "1/4") : res->winner == p ? "1" : "0");
        if (w < 0)
            break;
        at += (size_t)w;
    }
}

static void set_result(ShOtherRecord *rec)
{
    ShOtherResult res;
    rec->game->result(&rec->current, &res);
    sh_other_result_text(rec->game, &res, rec->result, sizeof rec->result);
}

ShStatus sh_other_record_play(ShOtherRecord *rec, const ShOtherMove *move, ShError *err)
{
    if (!rec || !rec->game || !move)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no record or no move");
    const ShOtherGame *g = rec->game;
    ShOtherMove *legal = malloc(SH_OTHER_MAX_MOVES * sizeof *legal);
    if (!legal)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "no memory");
    int n = g->moves(&rec->current, legal), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = memcmp(&legal[i], move, sizeof *move) == 0;
    free(legal);
    if (!found)
        return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "not a legal move of %s here", g->name);
    if (rec->move_count == rec->move_capacity) {
        int cap = rec->move_capacity ? rec->move_capacity * 2 : 64;
        ShOtherMove *grown = realloc(rec->moves, (size_t)cap * sizeof *grown);
        if (!grown)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "no memory");
        rec->moves = grown;
        rec->move_capacity = cap;
    }
    rec->moves[rec->move_count++] = *move;
    g->make(&rec->current, move);
    set_result(rec);
    return SH_OK;
}

/* ---- writing ---------------------------------------------------------------------------- */

typedef struct Out {
    char *buf;
    size_t size, len;
    int column; /* of the current line, for wrapping the moves */
} Out;

static void out_printf(Out *o, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(Out *o, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
                      o->len < o->size ? o->size - o->len : 0, format, ap);
    va_end(ap);
    if (n > 0) {
        o->len += (size_t)n;
        o->column += n;
    }
}

static void out_tag(Out *o, const char *name, const char *value)
{
    char control[SH_TIME_CONTROL_SIZE];
    if (strcmp(name, "TimeControl") == 0) /* in PDN's own form, whichever form it was given */
        value = sh_timecontrol_pdn_tag(value, control);
    out_printf(o, "[%s \"", name);
    for (const char *p = value && *value ? value : "?"; *p; p++) {
        if (*p == '"' || *p == '\\')
            out_printf(o, "\\%c", *p);
        else if (*p != '\n' && *p != '\r')
            out_printf(o, "%c", *p);
    }
    out_printf(o, "\"]\n");
    o->column = 0;
}

/* A word of the movetext, wrapped at 80 columns. */
static void out_word(Out *o, const char *word)
{
    int len = (int)strlen(word);
    if (o->column > 0 && o->column + 1 + len > 79) {
        out_printf(o, "\n");
        o->column = 0;
    } else if (o->column > 0) {
        out_printf(o, " ");
    }
    out_printf(o, "%s", word);
}

/* Move `ply`'s NAGs and comment: "{...}" wrapped as the moves are, or ";..." to the line's end
 * when the comment holds a '}'. */
static void out_notes(Out *o, const ShOtherRecord *rec, int ply)
{
    int nags[SH_OTHER_MAX_NAGS], n = sh_other_record_nags(rec, ply, nags);
    for (int k = 0; k < n; k++) {
        char word[8];
        snprintf(word, sizeof word, "$%d", nags[k]);
        out_word(o, word);
    }
    const char *c = sh_other_record_comment(rec, ply);
    if (!c)
        return;
    if (strchr(c, '}')) {
        if (o->column > 0)
            out_printf(o, " ");
        out_printf(o, ";%s\n", c);
        o->column = 0;
        return;
    }
    /* word by word, wrapped as the moves are: the reader makes line ends single spaces */
    for (const char *p = c; *p;) {
        size_t len = strcspn(p, " ");
        bool first = p == c, last = p[len] == '\0';
        int width = (int)len + first + last;
        if (o->column > 0 && o->column + 1 + width > 79) {
            out_printf(o, "\n");
            o->column = 0;
        } else if (o->column > 0) {
            out_printf(o, " ");
        }
        out_printf(o, "%s%.*s%s", first ? "{" : "", (int)len, p, last ? "}" : "");
        p += len;
        while (*p == ' ')
            p++;
    }
}

size_t sh_other_record_write(const ShOtherRecord *rec, char *out, size_t size)
{
    Out o = {out, size, 0, 0};
    if (out && size)
        out[0] = '\0';
    if (!rec || !rec->game)
        return 0;
    const ShOtherGame *g = rec->game;
    out_tag(&o, "Event", rec->event);
    out_tag(&o, "Date", rec->date[0] ? rec->date : "????.??.??");
    for (int p = 0; p < g->players && p < SH_OTHER_MAX_PLAYERS; p++)
        out_tag(&o, PLAYER_TAGS[p], rec->player[p]);
    for (int i = 0; i < rec->tag_count && i < SH_OTHER_RECORD_MAX_TAGS; i++)
        out_tag(&o, rec->tag_name[i], rec->tag_value[i]);
    out_tag(&o, "GameType", g->game_type);
    out_tag(&o, "Variant", g->name);
    char text[SH_OTHER_TEXT_SIZE];
    if (rec->setup) {
        g->format(&rec->start, text, sizeof text);
        out_tag(&o, "SetUp", "1");
        out_tag(&o, "FEN", text);
    }
    if (rec->settings[0])
        out_tag(&o, "Settings", rec->settings);
    out_tag(&o, "Result", rec->result);
    out_printf(&o, "\n");
    o.column = 0;
    ShOtherState st = rec->start;
    int number = 0, previous = -1;
    for (int i = 0; i < rec->move_count; i++) {
        char word[SH_OTHER_MOVE_TEXT_SIZE + 16], mt[SH_OTHER_MOVE_TEXT_SIZE];
        int mover = g->to_move(&st);
        /* a number begins each round: the first player's move (its first, when it has two) */
        if ((mover == 0 && previous != 0) || i == 0) {
            number++;
            snprintf(word, sizeof word, mover == 0 ? "%d." : "%d...", number);
            out_word(&o, word);
        }
        g->move_text(&st, &rec->moves[i], mt, sizeof mt);
        out_word(&o, mt);
        out_notes(&o, rec, i);
        g->make(&st, &rec->moves[i]);
        previous = mover;
    }
    out_word(&o, rec->result);
    out_printf(&o, "\n");
    return o.len;
}

/* ---- reading ---------------------------------------------------------------------------- */

typedef struct Reader {
    const char *text, *p;
    int line;
    const char *line_start;
} Reader;

static int reader_column(const Reader *r, const char *at)
{
    return (int)(at - r->line_start) + 1;
}

/* Blanks, line ends and escape lines; with `line_comments` ';' comments too (the tags' part:
 * in the moves a ';' comment is the move's). */
static void skip_blank(Reader *r, bool line_comments)
{
    for (;;) {
        while (*r->p && isspace((unsigned char)*r->p)) {
            if (*r->p == '\n') {
                r->line++;
                r->line_start = r->p + 1;
            }
            r->p++;
        }
        if (*r->p == ';' && line_comments) {
            while (*r->p && *r->p != '\n')
                r->p++;
            continue;
        }
        if (*r->p == '%' && r->p == r->line_start) { /* an escape line */
            while (*r->p && *r->p != '\n')
                r->p++;
            continue;
        }
        return;
    }
}

static void skip_space(Reader *r)
{
    skip_blank(r, true);
}

/* A comment read after move `ply` (-1: before the first move, dropped), joined to one already
 * there. */
static ShStatus read_comment(ShOtherRecord *rec, int ply, const char *text, size_t len,
                             ShError *err)
{
    if (ply < 0)
        return SH_OK;
    const char *before = sh_other_record_comment(rec, ply);
    size_t had = before ? strlen(before) + 1 : 0;
    char *joined = malloc(had + len + 1);
    if (!joined)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    if (before) {
        memcpy(joined, before, had - 1);
        joined[had - 1] = ' ';
    }
    memcpy(joined + had, text, len);
    joined[had + len] = '\0';
    ShStatus s = sh_other_record_set_comment(rec, ply, joined, err);
    free(joined);
    return s;
}

static bool is_result(const char *w)
{
    if (strcmp(w, "*") == 0)
        return true;
    /* points joined by '-': 1, 0, 1/2, 1/3, 1/4 */
    int parts = 0;
    for (const char *p = w; *p;) {
        if (strncmp(p, "1/", 2) == 0 && (p[2] == '2' || p[2] == '3' || p[2] == '4'))
            p += 3;
        else if (*p == '0' || *p == '1')
            p++;
        else
            return false;
        parts++;
        if (*p == '-')
            p++;
        else if (*p)
            return false;
    }
    return parts >= 2;
}

static bool is_move_number(const char *w)
{
    const char *p = w;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p != '.')
        return false;
    while (*p == '.')
        p++;
    return *p == '\0';
}

/* A tag [Name "value"] at r->p ('['): into name and value. */
static ShStatus read_tag(Reader *r, char *name, size_t nsize, char *value, size_t vsize,
                         ShError *err)
{
    const char *open = r->p++;
    size_t n = 0;
    while (*r->p && (isalnum((unsigned char)*r->p) || *r->p == '_')) {
        if (n + 1 < nsize)
            name[n++] = *r->p;
        r->p++;
    }
    name[n] = '\0';
    while (*r->p == ' ' || *r->p == '\t')
        r->p++;
    if (n == 0 || *r->p != '"')
        return error_set(err, SH_ERR_SYNTAX, r->line, reader_column(r, n ? r->p : open + 1),
                         n ? "a tag's value is in double quotes" : "a tag's name is letters");
    r->p++;
    size_t v = 0;
    while (*r->p && *r->p != '"' && *r->p != '\n') {
        if (*r->p == '\\' && r->p[1])
            r->p++;
        if (v + 1 < vsize)
            value[v++] = *r->p;
        r->p++;
    }
    value[v] = '\0';
    if (*r->p != '"')
        return error_set(err, SH_ERR_SYNTAX, r->line, reader_column(r, r->p),
                         "the value of tag %s has no closing quote", name);
    r->p++;
    while (*r->p == ' ' || *r->p == '\t')
        r->p++;
    if (*r->p != ']')
        return error_set(err, SH_ERR_SYNTAX, r->line, reader_column(r, r->p),
                         "tag %s does not end with ']'", name);
    r->p++;
    return SH_OK;
}

ShStatus sh_other_record_read(ShOtherRecord *rec, const char *text, const char **end,
                              ShError *err)
{
    return sh_other_record_read_as(rec, text, end, NULL, err);
}

ShStatus sh_other_record_read_as(ShOtherRecord *rec, const char *text, const char **end,
                                 const ShOtherGame *fallback, ShError *err)
{
    if (!rec || !text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no record or no text");
    memset(rec, 0, sizeof *rec);
    Reader r = {text, text, 1, text};
    char name[32], value[SH_OTHER_TEXT_SIZE];
    char variant[64] = "", fen[SH_OTHER_TEXT_SIZE] = "", settings[256] = "", result_tag[32] = "";
    char game_type[64] = "";
    char tags[SH_OTHER_MAX_PLAYERS + 2][SH_OTHER_RECORD_TAG_SIZE] = {{0}};
    int extra = 0;
    char extra_name[SH_OTHER_RECORD_MAX_TAGS][32], extra_value[SH_OTHER_RECORD_MAX_TAGS][SH_OTHER_RECORD_TAG_SIZE];
    int variant_line = 0, variant_column = 0, fen_line = 0, fen_column = 0, set_line = 0,
        set_column = 0;
    skip_space(&r);
    while (*r.p == '[') {
        int line = r.line, column = reader_column(&r, r.p);
        ShStatus s = read_tag(&r, name, sizeof name, value, sizeof value, err);
        if (s != SH_OK)
            return s;
        if (strcasecmp(name, "Variant") == 0) {
            copy_text(variant, sizeof variant, value);
            variant_line = line;
            variant_column = column;
        } else if (strcasecmp(name, "GameType") == 0) {
            copy_text(game_type, sizeof game_type, value);
            if (!variant_line) {
                variant_line = line;
                variant_column = column;
            }
        } else if (strcasecmp(name, "FEN") == 0) {
            copy_text(fen, sizeof fen, value);
            fen_line = line;
            fen_column = column + 6; /* the value's first character: [FEN " */
        } else if (strcasecmp(name, "Settings") == 0) {
            copy_text(settings, sizeof settings, value);
            set_line = line;
            set_column = column + 11; /* [Settings " */
        } else if (strcasecmp(name, "Result") == 0) {
            copy_text(result_tag, sizeof result_tag, value);
        } else if (strcasecmp(name, "Event") == 0) {
            copy_text(tags[0], sizeof tags[0], value);
        } else if (strcasecmp(name, "Date") == 0) {
            copy_text(tags[1], sizeof tags[1], value);
        } else {
            bool player = false;
            for (int p = 0; p < SH_OTHER_MAX_PLAYERS; p++)
                if (strcasecmp(name, PLAYER_TAGS[p]) == 0) {
                    copy_text(tags[2 + p], sizeof tags[2 + p], value);
                    player = true;
                }
            if (!player && strcasecmp(name, "SetUp") != 0 && extra < SH_OTHER_RECORD_MAX_TAGS) {
                copy_text(extra_name[extra], sizeof extra_name[extra], name);
                copy_text(extra_value[extra], sizeof extra_value[extra], value);
                extra++;
            }
        }
        skip_space(&r);
    }
    const ShOtherGame *g = sh_other_find(variant[0] ? variant : game_type);
    if (!g && !variant[0] && !game_type[0])
        g = fallback;
    if (!g && !variant[0] && !game_type[0])
        return error_set(err, SH_ERR_SYNTAX, r.line, reader_column(&r, r.p),
                         "no Variant or GameType tag: which game is it?");
    if (!g)
        return error_set(err, SH_ERR_SYNTAX, variant_line, variant_column,
                         "no game \"%s\" among the other games", variant[0] ? variant : game_type);
    ShError inner;
    ShStatus s;
    if (fen[0]) {
        s = sh_other_record_init(rec, g, settings, fen, &inner);
        if (s != SH_OK)
            return error_set(err, s, fen_line, fen_column + (inner.column > 0 ? inner.column - 1 : 0),
                             "FEN: %s", inner.message);
    } else {
        s = sh_other_record_init(rec, g, settings, NULL, &inner);
        if (s != SH_OK)
            return error_set(err, s, set_line, set_column + (inner.column > 0 ? inner.column - 1 : 0),
                             "Settings: %s", inner.message);
    }
    copy_text(rec->event, sizeof rec->event, strcmp(tags[0], "?") ? tags[0] : "");
    copy_text(rec->date, sizeof rec->date, tags[1]);
    for (int p = 0; p < SH_OTHER_MAX_PLAYERS; p++)
        copy_text(rec->player[p], sizeof rec->player[p], strcmp(tags[2 + p], "?") ? tags[2 + p] : "");
    for (int i = 0; i < extra; i++) {
        copy_text(rec->tag_name[i], sizeof rec->tag_name[i], extra_name[i]);
        copy_text(rec->tag_value[i], sizeof rec->tag_value[i], extra_value[i]);
    }
    rec->tag_count = extra;
    char result_end[32] = "";
    skip_blank(&r, false);
    while (*r.p && *r.p != '[') {
        if (*r.p == '{' || *r.p == ';') {
            int line = r.line, column = reader_column(&r, r.p);
            char close = *r.p == '{' ? '}' : '\n';
            const char *from = ++r.p;
            while (*r.p && *r.p != close) {
                if (*r.p == '\n') {
                    r.line++;
                    r.line_start = r.p + 1;
                }
                r.p++;
            }
            if (!*r.p && close == '}') {
                sh_other_record_free(rec);
                return error_set(err, SH_ERR_SYNTAX, line, column,
                                 "a comment '{' that does not end");
            }
            s = read_comment(rec, rec->move_count - 1, from, (size_t)(r.p - from), err);
            if (s != SH_OK) {
                sh_other_record_free(rec);
                return s;
            }
            if (*r.p == '}')
                r.p++;
            skip_blank(&r, false);
            continue;
        }
        const char *w0 = r.p;
        size_t len = 0;
        while (r.p[len] && !isspace((unsigned char)r.p[len]) && r.p[len] != '{')
            len++;
        char word[SH_OTHER_MOVE_TEXT_SIZE];
        if (len >= sizeof word) {
            sh_other_record_free(rec);
            return error_set(err, SH_ERR_SYNTAX, r.line, reader_column(&r, w0),
                             "a word of %zu letters is no move", len);
        }
        memcpy(word, w0, len);
        word[len] = '\0';
        r.p += len;
        /* "12.e3-d4": a number glued to its move */
        char *m = word;
        if (isdigit((unsigned char)word[0]) && !is_result(word)) {
            char *dot = strchr(word, '.');
            if (dot) {
                while (*dot == '.')
                    dot++;
                char saved = *dot;
                *dot = '\0';
                bool number = is_move_number(word);
                *dot = saved;
                if (number)
                    m = dot;
            }
        }
        if (*m && is_result(m)) {
            copy_text(result_end, sizeof result_end, m);
            skip_space(&r);
            break;
        }
        if (*m == '$' && rec->move_count > 0) { /* a NAG: the move's before it */
            char *digits_end;
            long nag = strtol(m + 1, &digits_end, 10);
            ShError me;
            if (!isdigit((unsigned char)m[1]) || *digits_end ||
                sh_other_record_add_nag(rec, rec->move_count - 1, (int)(nag > 255 ? 0 : nag),
                                        &me) != SH_OK) {
                sh_other_record_free(rec);
                return error_set(err, SH_ERR_SYNTAX, r.line, reader_column(&r, w0),
                                 "\"%s\" is no NAG ($1 to $255, at most %d a move)", m,
                                 SH_OTHER_MAX_NAGS);
            }
            skip_blank(&r, false);
            continue;
        }
        if (*m) {
            ShOtherMove mv;
            ShError me;
            s = sh_other_parse_move(g, &rec->current, m, &mv, &me);
            if (s == SH_OK)
                s = sh_other_record_play(rec, &mv, &me);
            if (s != SH_OK) {
                int ply = rec->move_count + 1; /* before the record is freed */
                sh_other_record_free(rec);
                return error_set(err, s, r.line, reader_column(&r, w0) + (int)(m - word),
                                 "move %d \"%s\": %s", ply, m, me.message);
            }
        }
        skip_blank(&r, false);
    }
    if (result_tag[0] && result_end[0] && strcmp(result_tag, result_end) != 0) {
        sh_other_record_free(rec);
        return error_set(err, SH_ERR_SYNTAX, r.line, reader_column(&r, r.p),
                         "the Result tag says %s but the moves end with %s", result_tag,
                         result_end);
    }
    const char *given = result_end[0] ? result_end : result_tag;
    if (given[0] && is_result(given))
        copy_text(rec->result, sizeof rec->result, given);
    if (end)
        *end = r.p;
    return SH_OK;
}
