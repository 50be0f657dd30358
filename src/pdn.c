/*
 * pdn.c - PDN game collections: the move text of a line, and writing (reading a game is in
 * pdn_read.c).
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
#include "pdn_line.h"

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
char *pdn_copy_trimmed(const char *text, size_t a, size_t b)
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


static int move_number(int ply, int start_side)
{
    return 1 + (ply + start_side) / 2;
}

/* The token index of the ')' that closes the '(' at i, or -1. */
int pdn_matching_close(const PdnLine *l, int i)
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
static int next_move(const PdnLine *l, int i)
{
    for (int j = i + 1; j < l->last; j++) {
        if (l->toks[j].kind == T_MOVE)
            return j;
        if (l->toks[j].kind == T_OPEN) {
            j = pdn_matching_close(l, j);
            if (j < 0)
                return -1;
        }
        if (l->toks[j].kind == T_RESULT || l->toks[j].kind == T_CLOSE)
            return -1;
    }
    return -1;
}

static void token_text(const PdnLine *l, int i, char out[MAX_MOVE_TEXT + 1])
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
static int replay_depth(const PdnLine *l, int j, const ShPosition *pos, int limit, int *budget)
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
ShStatus pdn_read_move(const PdnLine *l, int i, const ShPosition *pos, int ply, int start_side,
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

struct PdnWrap {
    Buf *buf;
    int column;
    bool glue; /* the next word follows without a space */
};

static void wrap_word(PdnWrap *w, const char *word)
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

static void wrap_newline(PdnWrap *w)
{
    buf_str(w->buf, "\n");
    w->column = 0;
    w->glue = false;
}

static void wrap_comment(PdnWrap *w, const char *text)
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

static void wrap_nag(PdnWrap *w, int nag)
{
    char text[8];
    snprintf(text, sizeof text, "$%d", nag);
    wrap_word(w, text);
}

static ShStatus write_move(PdnWrap *w, const ShPosition *pos, const ShMove *move, int notation,
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
ShStatus pdn_walk_line(const PdnLine *l, const ShPosition *pos0, int ply, int start_side,
                          int depth, PdnWrap *w, int notation, ShError *err)
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
            ShStatus st = pdn_read_move(l, i, &pos, ply, start_side, &move, &settled, err);
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
            int j = pdn_matching_close(l, i);
            if (j < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation opened here is not closed");
            if (!moved)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation needs a move before it to replace");
            PdnLine inner = {l->text, l->toks, i + 1, j};
            if (w) {
                wrap_word(w, "(");
                w->glue = true;
            }
            ShStatus st = pdn_walk_line(&inner, &before, before_ply, start_side, depth + 1, w,
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
                char *c = pdn_copy_trimmed(l->text, t->vstart, t->vend);
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
                          PdnWrap *w, int notation, ShError *err)
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
        PdnLine line = {text, list.items, 0, list.count};
        st = pdn_walk_line(&line, pos, ply, start_side, 1, w, notation, err);
    }
    pdn_tokens_free(&list);
    return st;
}

ShStatus pdn_check_line(const ShPosition *pos, const char *text, ShError *err)
{
    return walk_text(text, pos, 0, pos->side, NULL, 0, err);
}

/* ---- writing ---- */

static void write_tag(Buf *b, const char *name, const char *value)
{
    char control[SH_TIME_CONTROL_SIZE];
    if (strcmp(name, "TimeControl") == 0) /* in PDN's own form, whichever form it was given */
        value = sh_timecontrol_pdn_tag(value, control);
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
        PdnWrap w = {&b, 0, false};
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

    PdnWrap w = {&b, 0, false};
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
