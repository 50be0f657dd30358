/* play_read.c - records of any game read from one text (shashki_play.h, "Reading records"):
 * each game's tags are looked at first, and the game is read by its family's reader, the PDN
 * reader of the draughts games (src/pdn_read.c) or the other games' record reader
 * (src/other/record.c). Errors carry lines and columns in the whole text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "pdn_lex.h"
#include "play_impl.h"

void sh_play_reader_init(ShPlayReader *r, const char *text, size_t size)
{
    memset(r, 0, sizeof *r);
    sh_pdn_reader_init(&r->pdn, text, size, NULL);
    r->fallback = sh_kind_of_variant(SH_VARIANT_RUSSIAN);
    r->recorded[0] = '*';
}

/* The other game a record's tags name, NULL for a draughts game; *empty when the text holds
 * no more games. */
typedef struct Peek {
    bool empty;
    bool named;                 /* a GameType or Variant tag is there */
    const ShOtherGame *other;   /* the other game named */
    char termination[64];
} Peek;

static const ShOtherGame *other_named(const char *value)
{
    if (!value)
        return NULL;
    for (int i = 0; i < sh_other_count(); i++) {
        const ShOtherGame *g = sh_other_at(i);
        if (strcasecmp(g->name, value) == 0 || strcasecmp(g->game_type, value) == 0)
            return g;
    }
    return NULL;
}

static void peek(const ShPlayReader *r, Peek *out)
{
    memset(out, 0, sizeof *out);
    Lexer lx = {r->pdn.text, r->pdn.size, r->pdn.offset, r->pdn.line, r->pdn.line_start};
    bool any = false;
    for (;;) {
        Token t;
        ShError e;
        memset(&t, 0, sizeof t);
        ShStatus s = pdn_lex_next(&lx, &t, &e);
        if (s != SH_OK) {
            free(t.value);
            any = true;
            break;
        }
        if (t.kind == T_END) {
            free(t.value);
            break;
        }
        if (t.kind == T_COMMENT) {
            free(t.value);
            continue;
        }
        any = true;
        if (t.kind != T_TAG) {
            free(t.value);
            break;
        }
        size_t n = t.vend - t.vstart;
        const char *name = r->pdn.text + t.vstart;
        if ((n == 8 && strncasecmp(name, "GameType", 8) == 0) ||
            (n == 7 && strncasecmp(name, "Variant", 7) == 0)) {
            out->named = true;
            const ShOtherGame *g = other_named(t.value);
            if (g)
                out->other = g;
        } else if (n == 11 && strncasecmp(name, "Termination", 11) == 0 && t.value) {
            size_t len = strlen(t.value);
            if (len >= sizeof out->termination)
                len = sizeof out->termination - 1;
            memcpy(out->termination, t.value, len);
            out->termination[len] = '\0';
        }
        free(t.value);
    }
    out->empty = !any;
}

/* Move the reader to `offset`, counting the lines passed. */
static void advance(ShPlayReader *r, size_t offset)
{
    for (size_t i = r->pdn.offset; i < offset && i < r->pdn.size; i++)
        if (r->pdn.text[i] == '\n') {
            r->pdn.line++;
            r->pdn.line_start = i + 1;
        }
    r->pdn.offset = offset;
}

/* Past a bad record: to the next line that starts a tag after a line that does not. */
static size_t next_game(const ShPlayReader *r)
{
    const char *t = r->pdn.text;
    size_t i = r->pdn.offset, n = r->pdn.size;
    bool in_tags = true;
    while (i < n) {
        size_t line = i;
        while (i < n && (t[i] == ' ' || t[i] == '\t'))
            i++;
        bool tag = i < n && t[i] == '[';
        if (tag && !in_tags)
            return line;
        if (!tag && i < n && t[i] != '\n' && t[i] != '\r')
            in_tags = false;
        while (i < n && t[i] != '\n')
            i++;
        if (i < n)
            i++;
    }
    return n;
}

/* The place of the other game's record that starts at the reader's offset: its number, and
 * the line and byte of its first character. */
static void other_info(ShPlayReader *r)
{
    ShPdnInfo *info = &r->info;
    const char *t = r->pdn.text;
    size_t i = r->pdn.offset;
    int line = r->pdn.line;
    while (i < r->pdn.size && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n'))
        line += t[i++] == '\n';
    info->number = ++r->pdn.games;
    info->line = line;
    info->start = i;
}

/* The end of the record read: where the reader stopped, less the blank lines before it. */
static void record_end(ShPlayReader *r)
{
    size_t end = r->pdn.offset;
    while (end > r->info.start && strchr(" \t\r\n", r->pdn.text[end - 1]))
        end--;
    r->info.end = end;
}

static ShStatus read_other(ShPlayReader *r, const Peek *pk, ShPlay **play, ShError *err)
{
    other_info(r);
    const ShOtherGame *g = pk->other ? pk->other
                                     : (r->fallback && r->fallback->other ? r->fallback->other
                                                                          : NULL);
    const ShKind *kind = g ? sh_kind_find(g->name) : NULL;
    /* the record reader needs a NUL-terminated text: the rest of the text, copied */
    size_t left = r->pdn.size - r->pdn.offset;
    char *copy = malloc(left + 1);
    if (!copy)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    memcpy(copy, r->pdn.text + r->pdn.offset, left);
    copy[left] = '\0';
    ShOtherRecord rec;
    const char *end = NULL;
    ShError e;
    ShStatus s = sh_other_record_read_as(&rec, copy, &end, g, &e);
    size_t used = end ? (size_t)(end - copy) : 0;
    /* a NUL byte ends the text that reader sees: reaching one is an error (as in the draughts
     * games), not the end of the text */
    size_t nul = strlen(copy);
    if (s == SH_OK && nul < left && used >= nul) {
        sh_other_record_free(&rec);
        int line = 1;
        size_t line_start = 0;
        for (size_t i = 0; i < nul; i++)
            if (copy[i] == '\n') {
                line++;
                line_start = i + 1;
            }
        s = error_set(&e, SH_ERR_SYNTAX, line, (int)(nul - line_start) + 1,
                      "unexpected character '\\x00'");
    }
    free(copy);
    if (s != SH_OK) {
        int column = e.column;
        if (e.line <= 1)
            column += (int)(r->pdn.offset - r->pdn.line_start);
        error_set(err, s, e.line > 0 ? e.line + r->pdn.line - 1 : r->pdn.line, column, "%s",
                  e.message);
        advance(r, next_game(r));
        record_end(r);
        return s;
    }
    advance(r, r->pdn.offset + used);
    record_end(r);
    snprintf(r->recorded, sizeof r->recorded, "%s", rec.result);
    *play = play_wrap_record(kind, &rec, pk->termination);
    return *play ? SH_OK : error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
}

ShStatus sh_play_read_next(ShPlayReader *r, ShPlay **play, ShError *err)
{
    if (!r || !play)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no reader or no game");
    *play = NULL;
    memset(&r->info, 0, sizeof r->info);
    r->info.end_ply = -1;
    snprintf(r->recorded, sizeof r->recorded, "*");
    Peek pk;
    peek(r, &pk);
    if (pk.empty) {
        advance(r, r->pdn.size);
        return SH_OK;
    }
    bool other = pk.other || (!pk.named && r->fallback && r->fallback->family == SH_FAMILY_OTHER);
    ShStatus s;
    if (other) {
        s = read_other(r, &pk, play, err);
    } else {
        r->pdn.variant = r->fallback && r->fallback->family != SH_FAMILY_OTHER
                             ? (ShVariant)r->fallback->variant
                             : SH_VARIANT_RUSSIAN;
        ShGame *game = NULL;
        s = sh_pdn_read_next(&r->pdn, &game, &r->info, err);
        if (r->info.has_result)
            snprintf(r->recorded, sizeof r->recorded, "%s", sh_result_pdn(r->info.recorded, false));
        if (s != SH_OK) {
            sh_game_free(game);
            return s;
        }
        if (!game)
            return SH_OK;
        const ShKind *kind = sh_kind_of_variant((ShVariant)sh_game_start(game)->variant);
        *play = play_wrap_game(kind, game);
        if (!*play)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    if (s == SH_OK)
        r->games++;
    return s;
}
