/*
 * pdn_lex.c - the PDN lexer: tags (quoted, unquoted, an unclosed quote), comments {} and ;,
 * parentheses, NAGs ($n, !, ?), move numbers, moves and results, each with its line and
 * column. A lexical error is reported and the lexer moves past the bad text, so that the
 * reader can go on to the game's end.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "pdn_lex.h"

/* ---- tokens ---- */

void pdn_tokens_free(TokenList *list)
{
    for (int i = 0; i < list->count; i++)
        free(list->items[i].value);
    free(list->items);
    memset(list, 0, sizeof *list);
}

bool pdn_tokens_push(TokenList *list, const Token *t)
{
    if (list->count == list->capacity) {
        int cap = list->capacity ? list->capacity * 2 : 256;
        Token *items = realloc(list->items, (size_t)cap * sizeof *items);
        if (!items)
            return false;
        list->items = items;
        list->capacity = cap;
    }
    list->items[list->count++] = *t;
    return true;
}

/* ---- the lexer ---- */

static void lex_to(Lexer *lx, size_t to)
{
    if (to > lx->size)
        to = lx->size;
    for (size_t i = lx->at; i < to; i++) {
        if (lx->text[i] == '\n') {
            lx->line++;
            lx->line_start = i + 1;
        }
    }
    lx->at = to;
}

static int column_of(const Lexer *lx, size_t at)
{
    return (int)(at - lx->line_start) + 1;
}

static char peek(const Lexer *lx, size_t at)
{
    return at < lx->size ? lx->text[at] : '\0';
}

static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == ':';
}

static size_t line_end(const Lexer *lx, size_t from)
{
    const char *nl = memchr(lx->text + from, '\n', lx->size - from);
    return nl ? (size_t)(nl - lx->text) : lx->size;
}

static ShStatus lex_error(Lexer *lx, ShError *err, size_t at, const char *format, const char *what)
{
    /* at is on the lexer's current line */
    char msg[256];
    snprintf(msg, sizeof msg, format, what);
    return error_set(err, SH_ERR_SYNTAX, lx->line, column_of(lx, at), "%s", msg);
}

static const struct {
    const char *text;
    int nag;
} MARKS[] = {{"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"!", 1}, {"?", 2}};

static const char *const RESULT_FORMS[] = {"1/2-1/2", "1/2:1/2", "1-0", "0-1", "2-0",
                                           "0-2",     "1-1",     "1:0", "0:1"};

/* Read a tag at lx->at ('['). */
static ShStatus lex_tag(Lexer *lx, Token *t, ShError *err)
{
    size_t eol = line_end(lx, lx->at), p = lx->at + 1;
    while (p < eol && (lx->text[p] == ' ' || lx->text[p] == '\t'))
        p++;
    size_t name = p;
    while (p < eol && (isalnum((unsigned char)lx->text[p]) || lx->text[p] == '_'))
        p++;
    if (p == name || p - name > 64) {
        ShStatus st = lex_error(lx, err, lx->at, "%s", "a tag needs a name: [Name \"value\"]");
        lex_to(lx, eol);
        return st;
    }
    t->vstart = name;
    t->vend = p;
    while (p < eol && (lx->text[p] == ' ' || lx->text[p] == '\t'))
        p++;
    size_t vstart = p, vend = 0, close = 0;
    bool quoted = p < eol && lx->text[p] == '"';
    if (quoted) {
        /* the closing quote is the one followed by ']' */
        for (size_t q = p + 1; q < eol && !close; q++) {
            if (lx->text[q] == '\\' && q + 1 < eol &&
                (lx->text[q + 1] == '"' || lx->text[q + 1] == '\\')) {
                q++;
                continue;
            }
            if (lx->text[q] == '"') {
                size_t r = q + 1;
                while (r < eol && (lx->text[r] == ' ' || lx->text[r] == '\t'))
                    r++;
                if (r < eol && lx->text[r] == ']') {
                    vstart = p + 1;
                    vend = q;
                    close = r;
                }
            }
        }
        if (!close)
            vstart = p + 1; /* an unclosed quote: [Round "11.1] */
    }
    if (!close) {
        const char *bracket = memchr(lx->text + vstart, ']', eol - vstart);
        if (!bracket) {
            ShStatus st = lex_error(lx, err, lx->at, "%s", "a tag not closed with ']'");
            lex_to(lx, eol);
            return st;
        }
        close = (size_t)(bracket - lx->text);
        vend = close;
        quoted = false;
    }
    while (!quoted && vend > vstart && isspace((unsigned char)lx->text[vend - 1]))
        vend--;
    char *value = malloc(vend - vstart + 1);
    if (!value)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    size_t n = 0;
    for (size_t q = vstart; q < vend; q++) {
        if (quoted && lx->text[q] == '\\' && q + 1 < vend &&
            (lx->text[q + 1] == '"' || lx->text[q + 1] == '\\'))
            q++;
        value[n++] = lx->text[q];
    }
    value[n] = '\0';
    t->value = value;
    t->value_at = vstart;
    t->kind = T_TAG;
    lex_to(lx, close + 1);
    return SH_OK;
}

/* The next token. On an error the lexer has moved past the bad text. */
ShStatus pdn_lex_next(Lexer *lx, Token *t, ShError *err)
{
    memset(t, 0, sizeof *t);
    for (;;) {
        if (lx->at == 0 && lx->size >= 3 && memcmp(lx->text, "\xEF\xBB\xBF", 3) == 0) {
            lx->at = 3;
            continue;
        }
        char c = peek(lx, lx->at);
        if (lx->at < lx->size && (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' ||
                                  c == '\v')) {
            lex_to(lx, lx->at + 1);
            continue;
        }
        if (c == '%' && lx->at == lx->line_start) {
            lex_to(lx, line_end(lx, lx->at));
            continue;
        }
        break;
    }
    t->start = lx->at;
    t->line = lx->line;
    t->column = column_of(lx, lx->at);
    if (lx->at >= lx->size) {
        t->kind = T_END;
        t->end = lx->at;
        return SH_OK;
    }
    const char *s = lx->text + lx->at;
    size_t left = lx->size - lx->at;
    char c = *s;
    ShStatus st = SH_OK;
    if (c == '[') {
        st = lex_tag(lx, t, err);
    } else if (c == '{') {
        const char *close = memchr(s + 1, '}', left - 1);
        if (!close) {
            st = lex_error(lx, err, lx->at, "%s", "a comment opened with '{' is never closed");
            /* go on at the next line that starts a tag, if any */
            size_t p = lx->at + 1;
            for (;;) {
                const char *nl = memchr(lx->text + p, '\n', lx->size - p);
                if (!nl) {
                    p = lx->size;
                    break;
                }
                p = (size_t)(nl - lx->text) + 1;
                if (peek(lx, p) == '[')
                    break;
            }
            lex_to(lx, p);
        } else {
            t->kind = T_COMMENT;
            t->vstart = lx->at + 1;
            t->vend = (size_t)(close - lx->text);
            lex_to(lx, t->vend + 1);
        }
    } else if (c == ';') {
        t->kind = T_COMMENT;
        t->semicolon = true;
        t->vstart = lx->at + 1;
        t->vend = line_end(lx, lx->at);
        lex_to(lx, t->vend);
    } else if (c == '(' || c == ')') {
        t->kind = c == '(' ? T_OPEN : T_CLOSE;
        lex_to(lx, lx->at + 1);
    } else if (c == '$') {
        size_t p = lx->at + 1;
        int nag = 0;
        while (p < lx->size && isdigit((unsigned char)lx->text[p]) && nag <= 255)
            nag = nag * 10 + (lx->text[p++] - '0');
        if (p == lx->at + 1 || nag < 1 || nag > 255) {
            st = lex_error(lx, err, lx->at, "%s", "a NAG is $1 to $255");
            while (p < lx->size && isdigit((unsigned char)lx->text[p]))
                p++;
            lex_to(lx, p);
        } else {
            t->kind = T_NAG;
            t->nag = nag;
            lex_to(lx, p);
        }
    } else if (c == '!' || c == '?') {
        size_t n = 0;
        while (n < left && (s[n] == '!' || s[n] == '?'))
            n++;
        for (size_t i = 0; i < sizeof MARKS / sizeof MARKS[0]; i++) {
            if (strlen(MARKS[i].text) == n && strncmp(s, MARKS[i].text, n) == 0) {
                t->kind = T_NAG;
                t->nag = MARKS[i].nag;
            }
        }
        if (t->kind != T_NAG)
            st = lex_error(lx, err, lx->at, "%s", "unknown mark: use !, ?, !!, ??, !? or ?!");
        lex_to(lx, lx->at + n);
    } else if (c == '*') {
        t->kind = T_RESULT;
        t->result = SH_RESULT_NONE;
        lex_to(lx, lx->at + 1);
    } else if (c == '.') {
        size_t n = 0;
        while (n < left && s[n] == '.')
            n++;
        t->kind = T_NUMBER;
        lex_to(lx, lx->at + n);
    } else if (isalnum((unsigned char)c) || c == '-') {
        for (size_t i = 0; i < sizeof RESULT_FORMS / sizeof RESULT_FORMS[0]; i++) {
            size_t n = strlen(RESULT_FORMS[i]);
            if (n <= left && strncmp(s, RESULT_FORMS[i], n) == 0 &&
                (n == left || (!is_word_char(s[n]) && s[n] != '/'))) {
                t->kind = T_RESULT;
                sh_result_parse(RESULT_FORMS[i], &t->result);
                lex_to(lx, lx->at + n);
                t->end = lx->at;
                return SH_OK;
            }
        }
        size_t n = 0;
        bool digits = true;
        while (n < left && is_word_char(s[n])) {
            digits = digits && isdigit((unsigned char)s[n]);
            n++;
        }
        if (digits && n < left && s[n] == '.') {
            while (n < left && s[n] == '.')
                n++;
            t->kind = T_NUMBER;
        } else {
            t->kind = T_MOVE;
        }
        lex_to(lx, lx->at + n);
    } else {
        char shown[8];
        if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f)
            snprintf(shown, sizeof shown, "\\x%02X", (unsigned char)c);
        else
            snprintf(shown, sizeof shown, "%c", c);
        st = lex_error(lx, err, lx->at, "unexpected character '%s'", shown);
        size_t n = 1;
        while ((unsigned char)c >= 0xC0 && n < left && ((unsigned char)s[n] & 0xC0) == 0x80)
            n++; /* the rest of a UTF-8 character */
        lex_to(lx, lx->at + n);
    }
    t->end = lx->at;
    return st;
}
