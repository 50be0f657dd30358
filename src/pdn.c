/*
 * pdn.c - PDN game collections: reading and writing.
 *
 * Reading is done in two passes per game. The lexer cuts the text into tokens (tags,
 * comments, parentheses, NAGs, move numbers, moves, results), each with its line and column,
 * and finds where the game ends: at its result, at a tag that can only start the next game,
 * or at the end of the text. A lexical error (a stray character, an unclosed comment or tag)
 * is remembered and the lexer goes on to the game's end, so that one bad game never costs the
 * games after it. The second pass replays the tokens into an ShGame: tags first (FEN, GameType
 * and Result have a meaning; the others are kept), then the moves, each read with
 * sh_move_parse_candidates in the position reached. A move text that fits several legal moves
 * (the semi-short form with two men on one file) is settled by the move after it: the one
 * candidate after which the next move text is legal is taken, as a person reading the score
 * would; with none or several, it is an error. Variations are checked the same way from the
 * position they branch from, and kept as their text; the writer replays that text to write
 * it in the notation asked for.
 *
 * Real files are lax, so the reader is too where no meaning is lost: tags with an unclosed
 * quote ([Round "11.1]) or no quotes ([Round 17]), move numbers glued to moves (1.E3-D4),
 * results 1:0, a BOM, CRLF, '%' escape lines. It is strict where a guess could change the
 * game: every move must be legal and unambiguous, a FEN must be valid.
 *
 * Writing emits the Seven Tag Roster tags present, Result, the game's GameType (and a Variant
 * tag for the games that share another's GameType), FEN when the start is not the game's
 * initial position, a Termination tag saying why the game ended when the game knows,
 * then the other tags; the move text is wrapped at 79 columns with comments as {...}, NAGs as
 * $n and variations rewritten move by move.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "game.h"
#include "pdn_lex.h"

#define MAX_DEPTH 64       /* variations nested deeper than this are refused */
#define MAX_MOVE_TEXT 127
#define LOOKAHEAD 40 /* moves tried after an ambiguous one to settle it */
#define LOOKAHEAD_BUDGET 1000 /* moves read for each reading of an ambiguous move */
#define WRAP 79

/* ---- text helpers ---- */

typedef struct Buf {
    char *data;
    size_t len, cap;
    bool failed;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *data = realloc(b->data, cap);
        if (!data) {
            b->failed = true;
            return;
        }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void buf_str(Buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

/* A trimmed copy of text[a, b), with CRLF line ends (and CR CR LF) made LF; a NUL byte ends
 * it. */
static char *copy_trimmed(const char *text, size_t a, size_t b)
{
    const char *nul = memchr(text + a, '\0', b - a);
    if (nul)
        b = (size_t)(nul - text);
    while (a < b && isspace((unsigned char)text[a]))
        a++;
    while (b > a && isspace((unsigned char)text[b - 1]))
        b--;
    char *s = malloc(b - a + 1);
    if (s) {
        size_t n = 0;
        for (size_t i = a; i < b; i++) {
            size_t j = i;
            while (j < b && text[j] == '\r')
                j++;
            if (j > i && j < b && text[j] == '\n')
                i = j; /* CR...CR LF: LF */
            s[n++] = text[i];
        }
        s[n] = '\0';
    }
    return s;
}

/* ---- moves in move text ---- */

typedef struct Line {
    const char *text;
    const Token *toks;
    int first, last; /* tokens [first, last) */
} Line;

static int move_number(int ply, int start_side)
{
    return 1 + (ply + start_side) / 2;
}

/* The token index of the ')' that closes the '(' at i, or -1. */
static int matching_close(const Line *l, int i)
{
    int depth = 0;
    for (int j = i; j < l->last; j++) {
        if (l->toks[j].kind == T_OPEN)
            depth++;
        else if (l->toks[j].kind == T_CLOSE && --depth == 0)
            return j;
    }
    return -1;
}

/* The next move token on the same line after i, skipping variations; -1 if none. */
static int next_move(const Line *l, int i)
{
    for (int j = i + 1; j < l->last; j++) {
        if (l->toks[j].kind == T_MOVE)
            return j;
        if (l->toks[j].kind == T_OPEN) {
            j = matching_close(l, j);
            if (j < 0)
                return -1;
        }
        if (l->toks[j].kind == T_RESULT || l->toks[j].kind == T_CLOSE)
            return -1;
    }
    return -1;
}

static void token_text(const Line *l, int i, char out[MAX_MOVE_TEXT + 1])
{
    const Token *t = &l->toks[i];
    size_t n = t->end - t->start;
    if (n > MAX_MOVE_TEXT)
        n = MAX_MOVE_TEXT;
    memcpy(out, l->text + t->start, n);
    out[n] = '\0';
}

/* Move an error about a move text (line 1, column c) to where the token stands. */
static ShStatus at_token(ShError *err, ShStatus st, const Token *t, int ply, int start_side,
                         bool black)
{
    if (!err)
        return st;
    char msg[SH_ERROR_MESSAGE_SIZE];
    snprintf(msg, sizeof msg, "%s", err->message);
    int column = t->column + (err->column > 0 ? err->column - 1 : 0);
    error_set(err, st, t->line, column, "move %d%s: %s", move_number(ply, start_side),
              black ? "..." : ".", msg);
    return st;
}

/* How many moves of the line, from the move token j on, can be played from pos (at most
 * limit): a move that fits several legal moves counts along its best reading. *budget bounds
 * the moves read in all, so that a long run of ambiguous moves cannot take exponential time. */
static int replay_depth(const Line *l, int j, const ShPosition *pos, int limit, int *budget)
{
    if (j < 0 || limit <= 0 || *budget <= 0)
        return 0;
    (*budget)--;
    char text[MAX_MOVE_TEXT + 1];
    token_text(l, j, text);
    ShMoveList cands;
    ShStatus st = sh_move_parse_candidates(pos, text, &cands, NULL);
    if (st != SH_OK && st != SH_ERR_AMBIGUOUS_MOVE)
        return 0;
    int next = next_move(l, j), best = 0;
    for (int k = 0; k < cands.count && best < limit; k++) {
        ShPosition after;
        sh_position_play(pos, &cands.moves[k], &after);
        int depth = 1 + replay_depth(l, next, &after, limit - 1, budget);
        if (depth > best)
            best = depth;
    }
    return best;
}

/* Read the move at token i of a line in position pos: settle an ambiguous one by the next. */
static ShStatus read_move(const Line *l, int i, const ShPosition *pos, int ply, int start_side,
                          ShMove *move, bool *settled, ShError *err)
{
    const Token *t = &l->toks[i];
    char text[MAX_MOVE_TEXT + 1];
    bool black = pos->side == SH_BLACK;
    *settled = false;
    if (t->end - t->start > MAX_MOVE_TEXT) {
        error_set(err, SH_ERR_SYNTAX, 1, 1, "move text too long");
        return at_token(err, SH_ERR_SYNTAX, t, ply, start_side, black);
    }
    token_text(l, i, text);
    if (strspn(text, "-") == strlen(text)) {
        error_set(err, SH_ERR_SYNTAX, 1, 1,
                  "'%s' holds the place of a move that was not recorded", text);
        return at_token(err, SH_ERR_SYNTAX, t, ply, start_side, black);
    }
    ShMoveList cands;
    ShStatus st = sh_move_parse_candidates(pos, text, &cands, err);
    if (st == SH_OK) {
        *move = cands.moves[0];
        return SH_OK;
    }
    if (st != SH_ERR_AMBIGUOUS_MOVE)
        return at_token(err, st, t, ply, start_side, black);
    int j = next_move(l, i);
    if (j < 0) {
        error_append(err, "; no move follows to settle it");
        return at_token(err, st, t, ply, start_side, black);
    }
    int best = -1, pick = -1, tied = 0;
    bool exhausted = false;
    for (int k = 0; k < cands.count; k++) {
        ShPosition after;
        sh_position_play(pos, &cands.moves[k], &after);
        int budget = LOOKAHEAD_BUDGET;
        int depth = replay_depth(l, j, &after, LOOKAHEAD, &budget);
        exhausted = exhausted || budget <= 0;
        if (depth > best) {
            best = depth;
            pick = k;
            tied = 1;
        } else if (depth == best) {
            tied++;
        }
    }
    if (tied == 1 && best > 0 && !exhausted) {
        *move = cands.moves[pick];
        *settled = true;
        return SH_OK;
    }
    char next_text[MAX_MOVE_TEXT + 1];
    token_text(l, j, next_text);
    if (exhausted)
        error_append(err, "; the moves that follow have too many readings to settle it");
    else if (best == 0)
        error_append(err, "; the next move '%s' is legal after none of them", next_text);
    else
        error_append(err, "; the moves that follow are legal after %d of them", tied);
    return at_token(err, st, t, ply, start_side, black);
}

/* ---- lines: checked, or written in a notation ---- */

typedef struct Wrap {
    Buf *buf;
    int column;
    bool glue; /* the next word follows without a space */
} Wrap;

static void wrap_word(Wrap *w, const char *word)
{
    size_t n = strlen(word);
    if (w->column > 0 && !w->glue) {
        if (w->column + 1 + (int)n > WRAP) {
            buf_str(w->buf, "\n");
            w->column = 0;
        } else {
            buf_str(w->buf, " ");
            w->column++;
        }
    }
    w->glue = false;
    buf_str(w->buf, word);
    const char *nl = strrchr(word, '\n');
    w->column = nl ? (int)strlen(nl + 1) : w->column + (int)n;
}

static void wrap_newline(Wrap *w)
{
    buf_str(w->buf, "\n");
    w->column = 0;
    w->glue = false;
}

static void wrap_comment(Wrap *w, const char *text)
{
    if (strchr(text, '}')) {
        Buf b = {0};
        buf_str(&b, ";");
        buf_str(&b, text);
        if (!b.failed)
            wrap_word(w, b.data);
        free(b.data);
        wrap_newline(w);
        return;
    }
    Buf b = {0};
    buf_str(&b, "{");
    buf_str(&b, text);
    buf_str(&b, "}");
    if (b.failed)
        w->buf->failed = true;
    else
        wrap_word(w, b.data);
    free(b.data);
}

static void wrap_nag(Wrap *w, int nag)
{
    char text[8];
    snprintf(text, sizeof text, "$%d", nag);
    wrap_word(w, text);
}

static ShStatus write_move(Wrap *w, const ShPosition *pos, const ShMove *move, int notation,
                           int ply, int start_side, bool *need_number, ShError *err)
{
    char text[SH_MOVE_TEXT_SIZE], word[SH_MOVE_TEXT_SIZE + 24];
    ShStatus st = sh_move_write(pos, move, notation, text, err);
    if (st)
        return st;
    /* the number stays on the line of its move; two moves a turn are numbered by turns */
    bool two = sh_rules_get((ShVariant)pos->variant)->moves_per_turn == 2;
    bool first = pos->turn_move == 0;
    int number = two ? 1 + (ply + 2 * start_side) / 4 : move_number(ply, start_side);
    if (pos->side == SH_WHITE && first)
        snprintf(word, sizeof word, "%d. %s", number, text);
    else if (*need_number || (two && first))
        snprintf(word, sizeof word, "%d... %s", number, text);
    else
        snprintf(word, sizeof word, "%s", text);
    *need_number = false;
    wrap_word(w, word);
    return SH_OK;
}

/* Walk the move text of a line from pos (the position at ply `ply` of a game that started
 * with start_side to move): check every move and, when w is not NULL, write the line. */
static ShStatus walk_line(const Line *l, const ShPosition *pos0, int ply, int start_side,
                          int depth, Wrap *w, int notation, ShError *err)
{
    if (depth > MAX_DEPTH)
        return error_set(err, SH_ERR_LIMIT, l->toks[l->first].line, l->toks[l->first].column,
                         "variations nested more than %d deep", MAX_DEPTH);
    ShPosition pos = *pos0, before = *pos0;
    bool moved = false, need_number = true;
    int before_ply = ply;
    for (int i = l->first; i < l->last; i++) {
        const Token *t = &l->toks[i];
        switch (t->kind) {
        case T_MOVE: {
            ShMove move;
            bool settled;
            ShStatus st = read_move(l, i, &pos, ply, start_side, &move, &settled, err);
            if (st)
                return st;
            if (w && (st = write_move(w, &pos, &move, notation, ply, start_side, &need_number,
                                      err)) != SH_OK)
                return st;
            before = pos;
            before_ply = ply;
            sh_position_play(&before, &move, &pos);
            ply++;
            moved = true;
            break;
        }
        case T_OPEN: {
            int j = matching_close(l, i);
            if (j < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation opened here is not closed");
            if (!moved)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation needs a move before it to replace");
            Line inner = {l->text, l->toks, i + 1, j};
            if (w) {
                wrap_word(w, "(");
                w->glue = true;
            }
            ShStatus st = walk_line(&inner, &before, before_ply, start_side, depth + 1, w,
                                    notation, err);
            if (st)
                return st;
            if (w) {
                w->glue = true;
                wrap_word(w, ")");
            }
            need_number = true;
            i = j;
            break;
        }
        case T_CLOSE:
            return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                             "')' closes no variation");
        case T_COMMENT:
            if (w) {
                char *c = copy_trimmed(l->text, t->vstart, t->vend);
                if (!c)
                    return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
                if (*c)
                    wrap_comment(w, c);
                free(c);
            }
            need_number = true;
            break;
        case T_NAG:
            if (w)
                wrap_nag(w, t->nag);
            break;
        case T_TAG:
            return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                             "a tag inside a variation (is a ')' missing?)");
        case T_NUMBER:
        case T_RESULT:
        case T_END:
            break;
        }
    }
    return SH_OK;
}

/* Lex a text that holds move text only (a variation). */
static ShStatus lex_line(const char *text, TokenList *list, ShError *err)
{
    Lexer lx = {text, strlen(text), 0, 1, 0};
    for (;;) {
        Token t;
        ShStatus st = pdn_lex_next(&lx, &t, err);
        if (st) {
            free(t.value);
            return st;
        }
        if (t.kind == T_END)
            return SH_OK;
        if (t.kind == T_TAG) {
            free(t.value);
            return error_set(err, SH_ERR_SYNTAX, t.line, t.column, "a tag inside move text");
        }
        if (!pdn_tokens_push(list, &t)) {
            free(t.value);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
    }
}

static ShStatus walk_text(const char *text, const ShPosition *pos, int ply, int start_side,
                          Wrap *w, int notation, ShError *err)
{
    TokenList list = {0};
    ShStatus st = lex_line(text, &list, err);
    if (st == SH_OK) {
        int depth = 0;
        for (int i = 0; i < list.count && st == SH_OK; i++) {
            if (list.items[i].kind == T_OPEN)
                depth++;
            else if (list.items[i].kind == T_CLOSE && --depth < 0)
                st = error_set(err, SH_ERR_SYNTAX, list.items[i].line, list.items[i].column,
                               "')' closes no variation");
        }
        if (st == SH_OK && depth > 0)
            st = error_set(err, SH_ERR_SYNTAX, 1, 1, "a variation is not closed");
    }
    if (st == SH_OK) {
        Line line = {text, list.items, 0, list.count};
        st = walk_line(&line, pos, ply, start_side, 1, w, notation, err);
    }
    pdn_tokens_free(&list);
    return st;
}

ShStatus pdn_check_line(const ShPosition *pos, const char *text, ShError *err)
{
    return walk_text(text, pos, 0, pos->side, NULL, 0, err);
}

/* ---- reading games ---- */

void sh_pdn_reader_init(ShPdnReader *r, const char *text, size_t size,
                        const ShGameOptions *options)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->size = text ? size : 0;
    r->line = 1;
    if (options)
        r->options = *options;
    r->variant = SH_VARIANT_RUSSIAN;
}

static bool is_tag(const Token *t, const char *text, const char *name)
{
    size_t n = t->vend - t->vstart;
    return strlen(name) == n && strncasecmp(text + t->vstart, name, n) == 0;
}

/* Where the game's tokens say it starts and what result they record. */
typedef struct Parts {
    int first_tag, last_tag; /* the tag section: tokens [first_tag, last_tag); -1 if none */
    int moves;               /* the first token after the tags */
    int result_token;        /* the game-ending result, -1 if none */
} Parts;

static ShStatus tag_error(ShError *err, const Token *t, const Lexer *lx, ShStatus st,
                          const char *tag)
{
    if (!err)
        return st;
    char msg[SH_ERROR_MESSAGE_SIZE];
    snprintf(msg, sizeof msg, "%s", err->message);
    (void)lx;
    int column = t->column + (int)(t->value_at - t->start) +
                 (err->column > 0 ? err->column - 1 : 0);
    return error_set(err, st, t->line, column, "%s tag: %s", tag, msg);
}

/* ---- where the game ended: the rules, or a flag that a clock comment shows ---- */

/* A clock reading at s: "1:05:23", "4:59", "0:09.5", "0:00:00"; the characters read (0 if
 * none) and the time in *ms. */
static size_t clock_reading(const char *s, int64_t *ms)
{
    size_t i = 0;
    int64_t total = 0;
    int groups = 0;
    for (;;) {
        if (!isdigit((unsigned char)s[i]))
            return 0;
        int64_t v = 0;
        while (isdigit((unsigned char)s[i]) && v < 1000000)
            v = v * 10 + (s[i++] - '0');
        total = total * 60 + v;
        groups++;
        if (s[i] != ':' || groups == 3)
            break;
        i++;
    }
    total *= 1000;
    if (s[i] == '.' && isdigit((unsigned char)s[i + 1])) {
        int64_t scale = 100;
        for (i++; isdigit((unsigned char)s[i]); i++, scale /= 10)
            total += (s[i] - '0') * scale;
    }
    *ms = total;
    return i;
}

/* The flags a move's comment shows down, as bits (1 White, 2 Black): [%clk T] is the time the
 * mover has left (the PGN standard's command), lidraughts' [%clock wT BT] both sides'. */
static int clock_flags(const char *comment, int mover)
{
    int flags = 0;
    int64_t ms;
    for (const char *p = comment; (p = strstr(p, "[%clk")) != NULL; p++) {
        const char *q = p + 5;
        while (*q == ' ')
            q++;
        if (clock_reading(q, &ms) && ms <= 0)
            flags |= 1 << mover;
    }
    for (const char *p = comment; (p = strstr(p, "[%clock")) != NULL; p++) {
        const char *q = p + 7;
        for (int k = 0; k < 2; k++) {
            while (*q == ' ')
                q++;
            int side = *q == 'w' || *q == 'W' ? SH_WHITE : *q == 'b' || *q == 'B' ? SH_BLACK : -1;
            size_t n = side >= 0 ? clock_reading(q + 1, &ms) : 0;
            if (!n)
                break;
            if (ms <= 0)
                flags |= 1 << side;
            q += 1 + n;
        }
    }
    return flags;
}

/* Before the move token `next` (NULL: at the end of the game), note whether the game had
 * already ended: by the rules' verdict, or by a flag shown down after the last move. */
static void note_end(const ShGame *g, int flag_at, int flags, const Token *next, ShPdnInfo *info)
{
    if (info->end_ply >= 0)
        return;
    int at = g->count - 1;
    ShReason why;
    ShResult verdict = sh_game_verdict(g, &why);
    if (verdict == SH_RESULT_NONE && flags && flag_at == at) {
        why = flags == 3 ? SH_REASON_BOTH_FLAGS : SH_REASON_TIME;
        verdict = flags == 3 ? SH_RESULT_DRAW
                             : (flags & 1) ? SH_RESULT_BLACK_WINS : SH_RESULT_WHITE_WINS;
    }
    if (verdict == SH_RESULT_NONE)
        return;
    info->end_ply = at;
    info->end_result = verdict;
    info->end_reason = why;
    info->end_line = next ? next->line : 0;
    info->end_column = next ? next->column : 0;
}

/* Replay the tokens of one game into a new game. */
static ShStatus build_game(const ShPdnReader *r, const TokenList *list, ShGame **out,
                           ShPdnInfo *info, ShError *err)
{
    ShPdnInfo scratch = {.end_ply = -1};
    if (!info)
        info = &scratch;
    const char *text = r->text;
    const Token *toks = list->items;
    int n = list->count;
    *out = NULL;
    /* the parts: leading comments, tags, move text */
    int first_tag = -1, last_tag = -1, moves = 0;
    for (int i = 0; i < n; i++) {
        if (toks[i].kind == T_TAG) {
            if (first_tag < 0)
                first_tag = i;
            last_tag = i;
        } else if (toks[i].kind != T_COMMENT) {
            break;
        }
    }
    moves = last_tag >= 0 ? last_tag + 1 : 0;
    /* the tags that mean something: the game (GameType and Variant) first, since the FEN is
     * read in its squares */
    ShVariant variant = r->variant;
    const Token *variant_tag = NULL;
    for (int i = 0; i <= last_tag; i++) {
        const Token *t = &toks[i];
        if (t->kind == T_TAG && is_tag(t, text, "Variant"))
            variant_tag = t;
    }
    for (int i = 0; i <= last_tag; i++) {
        const Token *t = &toks[i];
        if (t->kind != T_TAG || !is_tag(t, text, "GameType"))
            continue;
        char *end;
        long type = strtol(t->value, &end, 10);
        while (*end == ' ' || *end == '\t')
            end++;
        if (end == t->value || (*end && *end != ',') || type < 0 || type > 1000 ||
            !sh_rules_from_pdn((int)type, variant_tag ? variant_tag->value : NULL, &variant))
            return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                             "GameType \"%s\" is not a game played here (20 international, "
                             "21 English, 22 Italian, 23 pool, 24 Spanish, 25 Russian, "
                             "26 Brazilian, 29 Czech, 30 Turkish, 40 Frisian)",
                             t->value);
    }
    if (variant_tag && !sh_rules_get(variant)->pdn_variant && r->variant == variant) {
        ShVariant named;
        if (sh_rules_find(variant_tag->value, &named) &&
            sh_rules_get(named)->pdn_game_type == sh_rules_get(variant)->pdn_game_type)
            variant = named; /* [Variant "giveaway"] without a GameType */
    }
    ShPosition start;
    sh_position_start(&start, variant);
    ShResult tag_result = SH_RESULT_NONE;
    bool russian = false;
    const Token *termination = NULL;
    for (int i = 0; i <= last_tag; i++) {
        const Token *t = &toks[i];
        if (t->kind != T_TAG)
            continue;
        if (is_tag(t, text, "FEN")) {
            ShStatus st = sh_fen_read_variant(t->value, variant, &start, err);
            if (st)
                return tag_error(err, t, NULL, st, "FEN");
        } else if (is_tag(t, text, "Result")) {
            ShResult res;
            if (sh_result_parse(t->value, &res)) {
                tag_result = res;
                russian = russian || strcmp(t->value, "2-0") == 0 ||
                          strcmp(t->value, "0-2") == 0 || strcmp(t->value, "1-1") == 0;
            }
        } else if (t->vend - t->vstart == 11 && strncmp(text + t->vstart, "Termination", 11) == 0) {
            termination = t;
        }
    }
    ShGameOptions replay = r->options;
    replay.replay = true;
    ShGame *g;
    ShStatus st = sh_game_new(&g, &start, &replay, err);
    if (st) {
        if (first_tag >= 0)
            return tag_error(err, &toks[first_tag], NULL, st, "FEN");
        return st;
    }
    *out = g;
    for (int i = 0; i <= last_tag; i++) {
        const Token *t = &toks[i];
        if (t->kind != T_TAG || is_tag(t, text, "FEN") || is_tag(t, text, "GameType") ||
            is_tag(t, text, "Result") || t == termination ||
            (t == variant_tag && sh_rules_get(variant)->pdn_variant))
            continue;
        char name[65];
        size_t len = t->vend - t->vstart;
        memcpy(name, text + t->vstart, len);
        name[len] = '\0';
        if ((st = game_add_tag(g, name, t->value, err)) != SH_OK)
            return st;
    }
    /* comments before the tags, and between them */
    for (int i = 0; i < moves; i++) {
        if (toks[i].kind != T_COMMENT)
            continue;
        char *c = copy_trimmed(text, toks[i].vstart, toks[i].vend);
        if (!c)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        st = first_tag >= 0 && i < first_tag ? game_append_text(&g->preamble, c, err)
                                              : game_append_text(&g->notes[0].comment, c, err);
        free(c);
        if (st)
            return st;
    }
    /* the moves */
    Line line = {text, toks, moves, n};
    int start_side = start.side;
    ShResult recorded = tag_result;
    int flag_at = -1, flags = 0; /* a flag shown down after a move: the position it led to */
    for (int i = moves; i < n; i++) {
        const Token *t = &toks[i];
        int last = g->count - 2; /* the last move's index, -1 before the first */
        switch (t->kind) {
        case T_MOVE: {
            ShMove move;
            bool settled;
            note_end(g, flag_at, flags, t, info);
            st = read_move(&line, i, sh_game_position(g), g->count - 1, start_side, &move,
                           &settled, err);
            if (st)
                return st;
            if (settled && info->settled < SH_PDN_MAX_SETTLED)
                info->settled_plies[info->settled++] = g->count - 1;
            else if (settled)
                info->settled++;
            if ((st = sh_game_play(g, &move, err)) != SH_OK)
                return st;
            break;
        }
        case T_COMMENT: {
            char *c = copy_trimmed(text, t->vstart, t->vend);
            if (!c)
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            if (last >= 0) {
                int f = clock_flags(c, (int)sh_position_side(sh_game_position_at(g, last)));
                if (f && flag_at != last + 1)
                    flags = 0;
                if (f) {
                    flag_at = last + 1;
                    flags |= f;
                }
            }
            st = game_append_text(&g->notes[last + 1].comment, c, err);
            free(c);
            if (st)
                return st;
            break;
        }
        case T_NAG:
            if (last < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a NAG needs a move before it");
            if ((st = sh_game_add_nag(g, last, t->nag, err)) != SH_OK) {
                err->line = t->line;
                err->column = t->column;
                return st;
            }
            break;
        case T_OPEN: {
            int j = matching_close(&line, i);
            if (j < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation opened here is not closed");
            if (last < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation needs a move before it to replace");
            Line inner = {text, toks, i + 1, j};
            st = walk_line(&inner, sh_game_position_at(g, last), last, start_side, 1, NULL, 0,
                           err);
            if (st)
                return st;
            char *v = copy_trimmed(text, t->end, toks[j].start);
            if (!v)
                return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
            st = game_add_variation_raw(g, last, v, err);
            free(v);
            if (st)
                return st;
            i = j;
            break;
        }
        case T_CLOSE:
            return error_set(err, SH_ERR_SYNTAX, t->line, t->column, "')' closes no variation");
        case T_RESULT:
            if (t->result != SH_RESULT_NONE || recorded == SH_RESULT_NONE) {
                recorded = t->result;
                russian = strncmp(text + t->start, "2-0", 3) == 0 ||
                          strncmp(text + t->start, "0-2", 3) == 0 ||
                          strncmp(text + t->start, "1-1", 3) == 0;
            }
            break;
        case T_TAG:
            return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                             "a tag after the moves (is a ')' missing?)");
        case T_NUMBER:
        case T_END:
            break;
        }
    }
    note_end(g, flag_at, flags, NULL, info);
    g->russian_scoring = russian;
    /* a game begun from a ballot (its Opening tag names it as the writer does, "IDF-64 1-III",
     * and its first moves are the ballot's) keeps the ballot's moves as its start */
    ShOpening ballot;
    ShPosition ballot_start;
    ShMove ballot_moves[SH_OPENING_MAX_PLIES];
    int ballot_count = 0;
    const char *opening = sh_game_tag(g, "Opening");
    if (opening && (strncmp(opening, "IDF-64 ", 7) == 0 || strncmp(opening, "FMJD-64 ", 8) == 0) &&
        sh_opening_find(opening, &ballot, NULL) == SH_OK &&
        sh_opening_line(&ballot, &ballot_start, ballot_moves, &ballot_count, NULL) == SH_OK &&
        sh_position_equal(&ballot_start, sh_game_start(g)) && ballot_count <= g->count - 1) {
        bool same = true;
        for (int k = 0; k < ballot_count && same; k++)
            same = sh_move_equal(&ballot_moves[k], sh_game_move_at(g, k));
        if (same)
            g->opening_plies = ballot_count;
    }
    game_normalise_comment(g->preamble);
    for (int i = 0; i < g->count; i++)
        game_normalise_comment(g->notes[i].comment);
    info->recorded = recorded;
    info->has_result = recorded != SH_RESULT_NONE;
    /* the result: the record's, with the reason the rules or a Termination tag give */
    if (recorded != SH_RESULT_NONE) {
        ShGameOptions o = r->options;
        o.replay = false;
        g->options = o;
        ShReason why = SH_REASON_RECORDED, verdict_reason;
        ShResult verdict = sh_game_verdict(g, &verdict_reason);
        if (verdict == recorded)
            why = verdict_reason;
        else if (info->end_ply == g->count - 1 && info->end_result == recorded)
            why = info->end_reason; /* a flag the last move's clock shows */
        else if (recorded == SH_RESULT_DRAW && sh_game_repetitions(g) >= 3)
            why = SH_REASON_REPETITION;
        bool termination_used = false;
        if (termination) {
            for (int k = 1; k < SH_REASON_COUNT; k++) {
                char d[160];
                sh_result_describe(recorded, (ShReason)k, d, sizeof d);
                if (strcmp(d, termination->value) == 0) {
                    if (why == SH_REASON_RECORDED || why == (ShReason)k) {
                        why = (ShReason)k;
                        termination_used = true;
                    }
                    break;
                }
            }
        }
        if (termination && !termination_used &&
            (st = game_add_tag(g, "Termination", termination->value, err)) != SH_OK)
            return st;
        game_set_result(g, recorded, why);
    } else if (termination && (st = game_add_tag(g, "Termination", termination->value, err))) {
        return st;
    }
    sh_game_set_options(g, &r->options);
    return SH_OK;
}

ShStatus sh_pdn_read_next(ShPdnReader *r, ShGame **game, ShPdnInfo *info, ShError *err)
{
    ShPdnInfo scratch;
    if (!info)
        info = &scratch;
    memset(info, 0, sizeof *info);
    info->end_ply = -1;
    if (game)
        *game = NULL;
    if (err)
        error_clear(err);
    if (!r || !game)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_pdn_read_next needs a reader and a game");
    Lexer lx = {r->text, r->size, r->offset, r->line, r->line_start};
    TokenList list = {0};
    ShError first;
    error_clear(&first);
    bool bad = false, in_moves = false, only_comments = true;
    int depth = 0, open_line = 0, open_column = 0;
    ShStatus st = SH_OK;
    for (;;) {
        Lexer save = lx;
        Token t;
        ShError e;
        ShStatus ls = pdn_lex_next(&lx, &t, &e);
        if (ls) {
            free(t.value);
            if (ls == SH_ERR_NO_MEMORY) {
                pdn_tokens_free(&list);
                return error_set(err, ls, 0, 0, "out of memory");
            }
            if (!bad)
                first = e;
            bad = true;
            only_comments = false;
            if (r->text[t.start] != '[')
                in_moves = true; /* a bad tag stays in the tag section */
            if (info->line == 0) {
                info->line = t.line;
                info->start = t.start;
            }
            info->end = lx.at;
            continue;
        }
        if (t.kind == T_END)
            break;
        if (t.kind == T_TAG) {
            bool seen = false;
            for (int i = 0; i < list.count && !seen; i++)
                seen = list.items[i].kind == T_TAG && list.items[i].vend - list.items[i].vstart ==
                                                          t.vend - t.vstart &&
                       strncmp(r->text + list.items[i].vstart, r->text + t.vstart,
                               t.vend - t.vstart) == 0;
            if (in_moves || seen) {
                if (depth > 0 && !bad) {
                    error_set(&first, SH_ERR_SYNTAX, open_line, open_column,
                              "a variation opened here is not closed before the next game "
                              "starts at line %d",
                              t.line);
                    bad = true;
                }
                free(t.value);
                lx = save;
                break;
            }
        } else if (t.kind != T_COMMENT) {
            in_moves = true;
        }
        if (t.kind != T_COMMENT)
            only_comments = false;
        if (t.kind == T_OPEN && depth++ == 0) {
            open_line = t.line;
            open_column = t.column;
        } else if (t.kind == T_CLOSE) {
            depth--;
        }
        if (info->line == 0) {
            info->line = t.line;
            info->start = t.start;
        }
        info->end = t.end;
        if (!pdn_tokens_push(&list, &t)) {
            free(t.value);
            pdn_tokens_free(&list);
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        }
        if (t.kind == T_RESULT && depth <= 0) {
            /* comments that only the end of the text follows belong to this game */
            Lexer peek_lx = lx;
            int before = list.count;
            for (;;) {
                Token c;
                if (pdn_lex_next(&peek_lx, &c, NULL) != SH_OK || c.kind != T_COMMENT) {
                    free(c.value);
                    if (c.kind == T_END) {
                        lx = peek_lx;
                        info->end = c.start;
                    } else {
                        list.count = before;
                    }
                    break;
                }
                if (!pdn_tokens_push(&list, &c))
                    break;
            }
            if (list.count > before) {
                /* move the trailing comments before the result, where the game keeps them */
                Token res = list.items[before - 1];
                memmove(&list.items[before - 1], &list.items[before],
                        (size_t)(list.count - before) * sizeof res);
                list.items[list.count - 1] = res;
            }
            break;
        }
    }
    r->offset = lx.at;
    r->line = lx.line;
    r->line_start = lx.line_start;
    if (list.count == 0 && !bad) {
        pdn_tokens_free(&list);
        return SH_OK; /* the end */
    }
    if (only_comments && !bad) {
        pdn_tokens_free(&list);
        return SH_OK; /* comments after the last game: nothing to read */
    }
    r->games++;
    info->number = r->games;
    if (bad) {
        if (err)
            *err = first;
        st = first.code ? first.code : SH_ERR_SYNTAX;
        /* still give what can be read: the tags */
        int keep = 0;
        while (keep < list.count && (list.items[keep].kind == T_TAG ||
                                     list.items[keep].kind == T_COMMENT))
            keep++;
        TokenList head = {list.items, keep, list.capacity};
        ShGame *partial = NULL;
        if (build_game(r, &head, &partial, NULL, NULL) == SH_OK)
            *game = partial;
        else
            sh_game_free(partial);
        pdn_tokens_free(&list);
        return st;
    }
    st = build_game(r, &list, game, info, err);
    if (st && *game) {
        /* keep the partial game: the caller decides */
        sh_game_set_options(*game, &r->options);
    }
    pdn_tokens_free(&list);
    return st;
}

ShStatus sh_pdn_read_game(const char *text, ShGame **game, ShError *err)
{
    if (!text || !game)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_pdn_read_game needs a text and a game");
    ShPdnReader r;
    sh_pdn_reader_init(&r, text, strlen(text), NULL);
    ShStatus st = sh_pdn_read_next(&r, game, NULL, err);
    if (st == SH_OK && !*game)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "no game in the text");
    if (st && *game) {
        sh_game_free(*game);
        *game = NULL;
    }
    return st;
}

/* ---- writing ---- */

static void write_tag(Buf *b, const char *name, const char *value)
{
    buf_str(b, "[");
    buf_str(b, name);
    buf_str(b, " \"");
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            buf_add(b, "\\", 1);
        buf_add(b, p, 1);
    }
    buf_str(b, "\"]\n");
}

ShStatus sh_pdn_write(const ShGame *g, int notation, char **text, size_t *size, ShError *err)
{
    if (!g || !text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "sh_pdn_write needs a game and a text");
    *text = NULL;
    if (size)
        *size = 0;
    Buf b = {0};
    if (g->preamble) {
        Wrap w = {&b, 0, false};
        wrap_comment(&w, g->preamble);
        if (w.column)
            wrap_newline(&w);
    }
    static const char *const ROSTER[] = {"Event", "Site", "Date", "Round", "White", "Black"};
    bool *done = calloc((size_t)g->tag_count + 1, sizeof *done);
    if (!done)
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    for (size_t k = 0; k < sizeof ROSTER / sizeof ROSTER[0]; k++) {
        for (int i = 0; i < g->tag_count; i++) {
            if (!done[i] && strcmp(g->tags[i].name, ROSTER[k]) == 0) {
                write_tag(&b, g->tags[i].name, g->tags[i].value);
                done[i] = true;
                break;
            }
        }
    }
    write_tag(&b, "Result", sh_result_pdn(g->result, g->russian_scoring));
    const ShPosition *start = sh_game_start(g);
    const ShRules *rules = sh_rules_get((ShVariant)start->variant);
    char game_type[16];
    snprintf(game_type, sizeof game_type, "%d", rules->pdn_game_type);
    write_tag(&b, "GameType", game_type);
    if (rules->pdn_variant)
        write_tag(&b, "Variant", rules->pdn_variant);
    ShPosition initial;
    sh_position_start(&initial, (ShVariant)start->variant);
    bool numeric = (notation & SH_NOTATION_NUMERIC) != 0;
    if (!sh_position_equal(start, &initial)) {
        char fen[SH_FEN_SIZE];
        sh_fen_write(start, numeric, fen);
        write_tag(&b, "FEN", fen);
    }
    if (g->result != SH_RESULT_NONE && g->reason != SH_REASON_RECORDED &&
        g->reason != SH_REASON_NONE && !sh_game_tag(g, "Termination")) {
        char why[160];
        sh_result_describe(g->result, g->reason, why, sizeof why);
        write_tag(&b, "Termination", why);
    }
    for (int i = 0; i < g->tag_count; i++)
        if (!done[i])
            write_tag(&b, g->tags[i].name, g->tags[i].value);
    free(done);
    buf_str(&b, "\n");

    Wrap w = {&b, 0, false};
    int start_side = start->side;
    bool need_number = true;
    ShStatus st = SH_OK;
    if (g->notes[0].comment) {
        wrap_comment(&w, g->notes[0].comment);
        need_number = true;
    }
    int plies = g->count - 1;
    for (int i = 0; i < plies && st == SH_OK; i++) {
        const ShPosition *pos = &g->plies[i].pos;
        st = write_move(&w, pos, &g->plies[i + 1].move, notation, i, start_side, &need_number,
                        err);
        const Note *note = &g->notes[i + 1];
        for (int k = 0; k < note->nag_count; k++)
            wrap_nag(&w, note->nags[k]);
        if (note->comment) {
            wrap_comment(&w, note->comment);
            need_number = true;
        }
        for (int k = 0; k < note->variation_count && st == SH_OK; k++) {
            wrap_word(&w, "(");
            w.glue = true;
            size_t mark = b.len;
            int column = w.column;
            ShError e;
            if (walk_text(note->variations[k], pos, i, start_side, &w, notation, &e) != SH_OK) {
                /* cannot happen for a variation the game checked; keep the text as it is */
                b.len = mark;
                if (b.data)
                    b.data[mark] = '\0';
                w.column = column;
                w.glue = true;
                wrap_word(&w, note->variations[k]);
            }
            w.glue = true;
            wrap_word(&w, ")");
            need_number = true;
        }
    }
    if (st) {
        free(b.data);
        return st;
    }
    wrap_word(&w, sh_result_pdn(g->result, g->russian_scoring));
    buf_str(&b, "\n\n");
    if (b.failed) {
        free(b.data);
        return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
    }
    *text = b.data;
    if (size)
        *size = b.len;
    return SH_OK;
}
