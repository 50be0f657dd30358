/* pdn_read.c - reading PDN games: a game's tokens replayed into an ShGame, tags first, then the
 * moves and variations (pdn.c's comment tells how; the move text is read by pdn_line.h). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "error.h"
#include "game.h"
#include "pdn_lex.h"
#include "pdn_line.h"

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
                             "26 Brazilian, 27 Canadian, 29 Czech, 30 Turkish, 40 Frisian, "
                             "41 80-square)",
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
        char *c = pdn_copy_trimmed(text, toks[i].vstart, toks[i].vend);
        if (!c)
            return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
        st = first_tag >= 0 && i < first_tag ? game_append_text(&g->preamble, c, err)
                                              : game_append_text(&g->notes[0].comment, c, err);
        free(c);
        if (st)
            return st;
    }
    /* the moves */
    PdnLine line = {text, toks, moves, n};
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
            st = pdn_read_move(&line, i, sh_game_position(g), g->count - 1, start_side, &move,
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
            char *c = pdn_copy_trimmed(text, t->vstart, t->vend);
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
            int j = pdn_matching_close(&line, i);
            if (j < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation opened here is not closed");
            if (last < 0)
                return error_set(err, SH_ERR_SYNTAX, t->line, t->column,
                                 "a variation needs a move before it to replace");
            PdnLine inner = {text, toks, i + 1, j};
            st = pdn_walk_line(&inner, sh_game_position_at(g, last), last, start_side, 1, NULL, 0,
                           err);
            if (st)
                return st;
            char *v = pdn_copy_trimmed(text, t->end, toks[j].start);
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

