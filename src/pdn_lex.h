/* pdn_lex.h - the PDN lexer: a game's text cut into tokens with their lines and columns
 * (private to the library; pdn.c reads the tokens into games). */
#ifndef SHASHKI_PDN_LEX_H
#define SHASHKI_PDN_LEX_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"

typedef enum TokKind {
    T_TAG,
    T_COMMENT,
    T_OPEN,
    T_CLOSE,
    T_NAG,
    T_NUMBER, /* a move number, or dots: ignored */
    T_MOVE,
    T_RESULT,
    T_END
} TokKind;

typedef struct Token {
    TokKind kind;
    size_t start, end; /* the token's bytes */
    int line, column;
    size_t vstart, vend; /* a tag's name, a comment's text */
    size_t value_at;     /* where a tag's value starts */
    char *value;         /* a tag's value, unescaped (allocated) */
    int nag;
    ShResult result;
    bool semicolon;      /* a ';' comment */
} Token;

typedef struct TokenList {
    Token *items;
    int count, capacity;
} TokenList;

/* Where the lexer is in the text. */
typedef struct Lexer {
    const char *text;
    size_t size;
    size_t at;
    int line;
    size_t line_start;
} Lexer;

void pdn_tokens_free(TokenList *list);
bool pdn_tokens_push(TokenList *list, const Token *token);
/* The next token at lx->at, skipping blanks, a BOM and '%' escape lines. On an error (err with
 * the line and column) the lexer has moved past the bad text. */
ShStatus pdn_lex_next(Lexer *lx, Token *token, ShError *err);

#endif
