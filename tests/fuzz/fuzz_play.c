/* fuzz_play.c - libFuzzer harness for the game interface's readers (include/shashki_play.h),
 * every kind of game. The first byte chooses the kind (modulo sh_kind_count()), the second the
 * mode (its low two bits) and a choice (the rest); the other bytes are the text:
 *
 *   0  a position text (sh_play_new with `start`): one that reads writes a text that reads back
 *      to the same text, with the same player to move and pieces on every cell; its moves' full
 *      texts read back as the same moves;
 *   1  a settings text: sh_kind_check_settings and sh_play_new agree; the game's start reads back
 *      and its board is the settings' board; a few moves (the choice) and its PDN read back;
 *   2  "position\nmove\nchoices" (or a move alone, from the start): a move that parses plays, as
 *      the same move; then each byte of the choices plays a legal move, takes one back, resigns,
 *      offers, accepts or declines a draw, claims one, or adjudicates; after each, the position
 *      reads back, a move taken back restores the position before it, a game over has no moves;
 *      at the end the PDN reads back with the same moves, position and result;
 *   3  a whole PDN text (not ended by a NUL), read with ShPlayReader (fallback: the kind): each
 *      game read writes PDN that reads back with the same number of plies, kind, last position and
 *      result, and writes again to the same text; each can be taken back to its start.
 *
 * Whenever a reader fails, the error has a message and a column inside the text (0 < column <=
 * length + 1; for PDN inside the line it names). A violated property calls abort(). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shashki_play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ACTIONS 48
#define MAX_GAMES 16

static void check(bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "fuzz_play: %s\n", what);
        abort();
    }
}

/* A reader's error about a one-line text of `length` bytes. */
static void check_error(ShStatus s, const ShError *err, size_t length)
{
    check(err->message[0] != '\0', "an error without a message");
    check(err->code == s, "the error's code is not the status returned");
    if (s == SH_ERR_NO_MEMORY)
        return;
    if (err->column < 1 || (size_t)err->column > length + 1) {
        fprintf(stderr, "column %d of a text of %zu bytes: %s\n", err->column, length,
                err->message);
        abort();
    }
}

/* Whether the input's text is UTF-8: then so must be every text written from it (a tag cut
 * inside a character is not, and JSON cannot hold it). */
static bool input_utf8;

/* Whether n bytes are UTF-8 (no overlong form, no surrogate, nothing past U+10FFFF). */
static bool utf8_valid(const char *text, size_t n)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < n;) {
        int len = s[i] < 0x80 ? 1 : s[i] >= 0xC2 && s[i] <= 0xDF ? 2 : (s[i] & 0xF0) == 0xE0 ? 3
                                  : s[i] >= 0xF0 && s[i] <= 0xF4 ? 4 : 0;
        if (len == 0 || i + (size_t)len > n)
            return false;
        uint32_t cp = len == 1 ? s[i] : s[i] & (0x7Fu >> len);
        for (int k = 1; k < len; k++) {
            if ((s[i + (size_t)k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i + (size_t)k] & 0x3Fu);
        }
        if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
            (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += (size_t)len;
    }
    return true;
}

/* ---- positions ---------------------------------------------------------------------------- */

/* The current position of `p` read back: the same text, player to move and pieces. */
static void check_position(const ShPlay *p)
{
    char text[SH_PLAY_TEXT_SIZE], again[SH_PLAY_TEXT_SIZE];
    size_t n = sh_play_position_text(p, -1, text, sizeof text);
    check(n > 0 && n < sizeof text, "a position text that does not fit");
    ShPlay *q = NULL;
    ShError err;
    ShPlayOptions o = {.start = text, .replay = true};
    if (sh_play_new(&q, sh_play_kind(p), &o, &err) != SH_OK) {
        fprintf(stderr, "\"%s\" does not read back: %s\n", text, err.message);
        abort();
    }
    sh_play_position_text(q, -1, again, sizeof again);
    if (strcmp(text, again) != 0) {
        fprintf(stderr, "\"%s\" reads back as \"%s\"\n", text, again);
        abort();
    }
    check(sh_play_to_move(p, -1) == sh_play_to_move(q, -1), "another player to move");
    check(sh_play_second_move(p, -1) == sh_play_second_move(q, -1), "another second move");
    ShGeometry *board = malloc(sizeof *board);
    check(board != NULL, "out of memory");
    sh_play_geometry(p, board);
    check(board->cell_count > 0 && board->cell_count <= SH_MAX_CELLS, "a board without cells");
    for (int c = 0; c < board->cell_count; c++) {
        ShUnit a[SH_MAX_STACK], b[SH_MAX_STACK];
        int na = sh_play_units(p, -1, c, a), nb = sh_play_units(q, -1, c, b);
        check(na == nb && na >= 0 && na <= SH_MAX_STACK &&
                  memcmp(a, b, (size_t)na * sizeof a[0]) == 0,
              "other pieces on a cell after reading the position back");
    }
    free(board);
    sh_play_free(q);
}

/* Every legal move's full text reads back as that move; its short text reads as it or is
 * ambiguous. */
static void check_moves(const ShPlay *p)
{
    int count;
    ShPlayMove *moves = sh_play_moves(p, &count);
    if (sh_play_over(p))
        check(count == 0, "moves in a game that is over");
    for (int i = 0; i < count; i++) {
        ShPlayMove back;
        ShError err;
        ShStatus s = sh_play_parse_move(p, moves[i].full, &back, &err);
        if (s != SH_OK || strcmp(back.full, moves[i].full) != 0) {
            fprintf(stderr, "the move \"%s\" reads back as \"%s\" (%s)\n", moves[i].full,
                    s == SH_OK ? back.full : "", s == SH_OK ? "" : err.message);
            abort();
        }
        s = sh_play_parse_move(p, moves[i].text, &back, &err);
        check(s == SH_OK || s == SH_ERR_AMBIGUOUS_MOVE, "a move's text does not read");
        if (s == SH_OK && strcmp(back.full, moves[i].full) != 0 &&
            strcmp(back.text, moves[i].text) != 0) {
            fprintf(stderr, "the move \"%s\" reads as \"%s\"\n", moves[i].text, back.text);
            abort();
        }
    }
    free(moves);
}

static void mode_position(const ShKind *kind, const char *text, unsigned choice)
{
    ShPlay *p = NULL;
    ShError err;
    ShPlayOptions o = {.start = text, .replay = true};
    ShStatus s = sh_play_new(&p, kind, &o, &err);
    if (s != SH_OK) {
        check_error(s, &err, strlen(text));
        return;
    }
    check_position(p);
    char written[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(p, 0, written, sizeof written);
    /* without `replay` the same text reads, or is refused as a game already over */
    ShPlay *q = NULL;
    o.replay = false;
    s = sh_play_new(&q, kind, &o, &err);
    check(s == SH_OK || s == SH_ERR_INVALID_POSITION, "a position read in a replay only");
    check(s != SH_OK || !sh_play_over(q), "a game over is not refused");
    if (q) {
        check_moves(q);
        int count;
        ShPlayMove *moves = sh_play_moves(q, &count);
        if (count > 0) {
            const ShPlayMove *m = &moves[choice % (unsigned)count];
            ShPlayMove played;
            check(sh_play_move(q, m->full, &played, &err) == SH_OK, "a legal move not played");
            check(strcmp(played.full, m->full) == 0, "another move played");
            check_position(q);
            check(sh_play_undo(q, &err) == SH_OK, "a move not taken back");
            char back[SH_PLAY_TEXT_SIZE];
            sh_play_position_text(q, -1, back, sizeof back);
            check(strcmp(back, written) == 0, "a move taken back leaves another position");
        }
        free(moves);
        sh_play_free(q);
    }
    sh_play_free(p);
}

/* ---- records ------------------------------------------------------------------------------- */

/* The PDN of `p` read back with `kind` as the fallback: one game, of the same kind, with as many
 * plies, the same last position and result; written again, the same text. */
static void check_pdn(const ShPlay *p, bool numeric)
{
    char *text = NULL;
    size_t size = 0;
    ShError err;
    if (sh_play_write_pdn(p, numeric, &text, &size, &err) != SH_OK) {
        fprintf(stderr, "no PDN: %s\n", err.message);
        abort();
    }
    check(text && strlen(text) == size, "the PDN's size");
    if (input_utf8 && !utf8_valid(text, size)) {
        fprintf(stderr, "%s\nis not UTF-8, its input was\n", text);
        abort();
    }
    ShPlayReader r;
    sh_play_reader_init(&r, text, size);
    r.fallback = sh_play_kind(p);
    ShPlay *q = NULL;
    ShStatus s = sh_play_read_next(&r, &q, &err);
    if (s != SH_OK || !q) {
        fprintf(stderr, "%s\ndoes not read back: %d:%d %s\n", text, err.line, err.column,
                s == SH_OK ? "no game" : err.message);
        abort();
    }
    if (sh_play_kind(q) != sh_play_kind(p) || sh_play_ply_count(q) != sh_play_ply_count(p)) {
        fprintf(stderr, "%s\nreads back as %s with %d plies, not %s with %d\n", text,
                sh_play_kind(q)->name, sh_play_ply_count(q), sh_play_kind(p)->name,
                sh_play_ply_count(p));
        abort();
    }
    char a[SH_PLAY_TEXT_SIZE], b[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(p, -1, a, sizeof a);
    sh_play_position_text(q, -1, b, sizeof b);
    if (strcmp(a, b) != 0) {
        fprintf(stderr, "%s\nends in \"%s\" read back, not \"%s\"\n", text, b, a);
        abort();
    }
    ShVerdict va, vb;
    sh_play_verdict(p, &va);
    sh_play_verdict(q, &vb);
    if (strcmp(va.result, vb.result) != 0) {
        fprintf(stderr, "%s\nreads back with the result %s, not %s\n", text, vb.result,
                va.result);
        abort();
    }
    char *again = NULL;
    check(sh_play_write_pdn(q, numeric, &again, NULL, &err) == SH_OK, "no PDN read back");
    if (strcmp(text, again) != 0) {
        fprintf(stderr, "%s\nis written back as\n%s\n", text, again);
        abort();
    }
    ShPlay *more = NULL;
    check(sh_play_read_next(&r, &more, &err) == SH_OK && !more, "more than one game");
    free(again);
    free(text);
    sh_play_free(q);
}

/* Every move of `p` taken back on a copy: the positions on the way back are the game's. */
static void check_undo_all(const ShPlay *p)
{
    ShPlay *copy = sh_play_copy(p);
    check(copy != NULL, "no copy");
    ShError err;
    while (sh_play_ply_count(copy) > sh_play_opening_plies(copy)) {
        check(sh_play_undo(copy, &err) == SH_OK, "a move of a game not taken back");
        char a[SH_PLAY_TEXT_SIZE], b[SH_PLAY_TEXT_SIZE];
        sh_play_position_text(copy, -1, a, sizeof a);
        sh_play_position_text(p, sh_play_ply_count(copy), b, sizeof b);
        if (strcmp(a, b) != 0) {
            fprintf(stderr, "ply %d: \"%s\" taken back, \"%s\" played\n",
                    sh_play_ply_count(copy), a, b);
            abort();
        }
    }
    sh_play_free(copy);
}

/* ---- a game played by the input's bytes ------------------------------------------------------ */

static const char *const RESULTS[] = {"1-0",     "0-1",         "1/2-1/2",         "0-1-0",
                                      "0-0-1",   "1/3-1/3-1/3", "1-0-0-0",         "0-0-0-1",
                                      "1/4-1/4-1/4-1/4", "*",   "1/2-1/2-0",       "2-0"};

/* Play a legal move chosen by `b`; false if there is none. */
static bool play_chosen(ShPlay *p, unsigned b)
{
    int count;
    ShPlayMove *moves = sh_play_moves(p, &count);
    if (count == 0) {
        free(moves);
        return false;
    }
    const ShPlayMove *m = &moves[b % (unsigned)count];
    char before[SH_PLAY_TEXT_SIZE], after[SH_PLAY_TEXT_SIZE];
    sh_play_position_text(p, -1, before, sizeof before);
    int plies = sh_play_ply_count(p);
    ShPlayMove played;
    ShError err;
    if (sh_play_move(p, (b & 0x80) ? m->text : m->full, &played, &err) != SH_OK) {
        /* a short text may be ambiguous; the full one never is */
        check(err.code == SH_ERR_AMBIGUOUS_MOVE && (b & 0x80), "a legal move not played");
        check(sh_play_move(p, m->full, &played, &err) == SH_OK, "a legal move not played");
    }
    check(strcmp(played.full, m->full) == 0, "another move played");
    check(sh_play_ply_count(p) == plies + 1, "a move that is not one ply");
    ShPlayMove at;
    check(sh_play_move_at(p, plies, &at, &err) == SH_OK && strcmp(at.full, played.full) == 0,
          "the move recorded is not the move played");
    sh_play_position_text(p, plies, after, sizeof after);
    check(strcmp(before, after) == 0, "the position before a move changed");
    free(moves);
    return true;
}

static void play_actions(ShPlay *p, const uint8_t *bytes, size_t count)
{
    int players = sh_play_kind(p)->players;
    ShError err;
    for (size_t i = 0; i + 1 < count && i < 2 * MAX_ACTIONS; i += 2) {
        unsigned op = bytes[i] % 10, arg = bytes[i + 1];
        int player = (int)(arg % (unsigned)(players + 1)) - (arg & 0x80 ? 1 : 0);
        switch (op) {
        case 0: case 1: case 2: case 3:
            play_chosen(p, arg);
            break;
        case 4: {
            int plies = sh_play_ply_count(p);
            char before[SH_PLAY_TEXT_SIZE], after[SH_PLAY_TEXT_SIZE];
            if (plies > 0)
                sh_play_position_text(p, plies - 1, before, sizeof before);
            if (sh_play_undo(p, &err) == SH_OK) {
                check(plies > 0 && sh_play_ply_count(p) == plies - 1, "an undo of no ply");
                sh_play_position_text(p, -1, after, sizeof after);
                check(strcmp(before, after) == 0, "an undo to another position");
            }
            break;
        }
        case 5:
            if (sh_play_resign(p, player, &err) == SH_OK)
                check(sh_play_over(p), "a resignation that does not end the game");
            break;
        case 6:
            if (arg & 1) {
                if (sh_play_offer_draw(p, player, &err) == SH_OK)
                    check(sh_play_draw_offer(p) == player, "a draw offered is not waiting");
            } else if (arg & 2) {
                if (sh_play_accept_draw(p, player, &err) == SH_OK)
                    check(sh_play_over(p), "a draw accepted does not end the game");
            } else {
                sh_play_decline_draw(p, player, &err);
            }
            break;
        case 7: {
            const char *result = RESULTS[arg % (sizeof RESULTS / sizeof RESULTS[0])];
            ShStatus s = sh_play_adjudicate(p, result, &err);
            if (s == SH_OK) {
                ShVerdict v;
                sh_play_verdict(p, &v);
                check(v.over && strcmp(v.result, result) == 0, "an adjudication not kept");
            }
            break;
        }
        case 8: {
            char reason[32];
            bool may = sh_play_may_claim(p, reason, sizeof reason);
            bool granted = false;
            ShStatus s = sh_play_claim_draw(p, NULL, &granted, &err);
            check(!granted || (s == SH_OK && sh_play_over(p)), "a claim granted, the game going on");
            check(!may || sh_play_over(p) || s != SH_OK || granted, "a claim allowed is refused");
            break;
        }
        default: {
            const char *result = RESULTS[arg % (sizeof RESULTS / sizeof RESULTS[0])];
            sh_play_end(p, result, arg & 1 ? "time" : "recorded", &err);
            break;
        }
        }
        check_position(p);
        if (sh_play_over(p)) {
            int n;
            ShPlayMove *moves = sh_play_moves(p, &n);
            free(moves);
            check(n == 0, "moves in a game that is over");
        }
    }
}

/* ---- the modes ------------------------------------------------------------------------------ */

static void mode_settings(const ShKind *kind, const char *text, unsigned choice)
{
    ShError err, err2;
    ShStatus checked = sh_kind_check_settings(kind, text, &err);
    if (checked != SH_OK)
        check_error(checked, &err, strlen(text));
    ShPlay *p = NULL;
    ShPlayOptions o = {.settings = text};
    ShStatus s = sh_play_new(&p, kind, &o, &err2);
    if (s != SH_OK)
        check_error(s, &err2, strlen(text));
    if (strlen(text) < 200)
        check((s == SH_OK) == (checked == SH_OK), "settings checked and played disagree");
    if (s != SH_OK)
        return;
    check(strcmp(sh_play_settings(p), text) == 0, "the settings are not kept");
    ShGeometry *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    check(a && b, "out of memory");
    check(sh_kind_geometry(kind, text, a, &err) == SH_OK, "no board for settings that play");
    sh_play_geometry(p, b);
    check(a->cell_count == b->cell_count && a->width == b->width && a->height == b->height,
          "the game's board is not its settings' board");
    free(a);
    free(b);
    check_position(p);
    check_moves(p);
    for (unsigned i = 0; i < (choice & 7) && play_chosen(p, choice * 7 + i); i++)
        check_position(p);
    check_pdn(p, false);
    sh_play_free(p);
}

static void mode_move(const ShKind *kind, char *text, const uint8_t *rest, size_t rest_size)
{
    char *move = text;
    char *newline = strchr(text, '\n');
    ShPlay *p = NULL;
    ShError err;
    if (newline) {
        *newline = '\0';
        move = newline + 1;
        ShPlayOptions o = {.start = text};
        if (sh_play_new(&p, kind, &o, &err) != SH_OK)
            p = NULL;
    }
    if (!p && sh_play_new(&p, kind, NULL, &err) != SH_OK)
        check(false, "no game from the start");
    const uint8_t *choices = NULL;
    size_t choice_count = 0;
    char *end = strchr(move, '\n');
    if (end) {
        *end = '\0';
        size_t offset = (size_t)(end + 1 - text);
        choices = rest + offset;
        choice_count = rest_size > offset ? rest_size - offset : 0;
    }
    ShPlayMove parsed, played;
    ShStatus s = sh_play_parse_move(p, move, &parsed, &err);
    int plies = sh_play_ply_count(p);
    if (s == SH_OK) {
        ShPlayMove back;
        check(sh_play_parse_move(p, parsed.full, &back, &err) == SH_OK &&
                  strcmp(back.full, parsed.full) == 0,
              "a move's full text reads as another move");
        if (sh_play_move(p, move, &played, &err) != SH_OK) {
            fprintf(stderr, "\"%s\" parses as %s and does not play: %s\n", move, parsed.full,
                    err.message);
            abort();
        }
        check(strcmp(played.full, parsed.full) == 0 && strcmp(played.text, parsed.text) == 0,
              "a move plays as another move");
        check(sh_play_ply_count(p) == plies + 1, "a move that is not one ply");
    } else {
        check_error(s, &err, strlen(move));
        ShStatus again = sh_play_move(p, move, &played, &err);
        check(again == s, "a move that does not parse plays, or fails otherwise");
        check(sh_play_ply_count(p) == plies, "a move refused changed the game");
    }
    check_position(p);
    play_actions(p, choices, choice_count);
    check_moves(p);
    check_pdn(p, choice_count > 0 && (choices[0] & 1));
    check_undo_all(p);
    sh_play_free(p);
}

/* The line `line` (1-based) of `text`: its length, or -1 when the text has no such line. */
static long line_length(const char *text, size_t size, int line)
{
    size_t i = 0;
    for (int l = 1; l < line; l++) {
        while (i < size && text[i] != '\n')
            i++;
        if (i == size)
            return -1;
        i++;
    }
    size_t start = i;
    while (i < size && text[i] != '\n')
        i++;
    return (long)(i - start);
}

static void mode_pdn(const ShKind *kind, const char *text, size_t size)
{
    ShPlayReader r;
    sh_play_reader_init(&r, text, size);
    r.fallback = kind;
    for (int games = 0; games < MAX_GAMES; games++) {
        size_t before = r.pdn.offset;
        ShPlay *p = NULL;
        ShError err;
        ShStatus s = sh_play_read_next(&r, &p, &err);
        check(r.pdn.offset >= before && r.pdn.offset <= size, "the reader went astray");
        if (s == SH_OK && !p)
            break;
        if (s == SH_OK) {
            check_position(p);
            check_pdn(p, false);
            check_pdn(p, true);
            check_undo_all(p);
            sh_play_free(p);
        } else {
            check(p == NULL, "a game with an error");
            check(err.message[0] != '\0', "an error without a message");
            if (s != SH_ERR_NO_MEMORY) {
                long length = line_length(text, size, err.line);
                if (err.line < 1 || length < 0 || err.column < 1 || err.column > length + 1) {
                    fprintf(stderr, "error at %d:%d (that line has %ld bytes): %s\n", err.line,
                            err.column, length, err.message);
                    abort();
                }
            }
        }
        check(r.pdn.offset > before, "no progress");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const ShKind *kind = sh_kind_at(data[0] % sh_kind_count());
    unsigned mode = data[1] & 3, choice = data[1] >> 2;
    const uint8_t *rest = data + 2;
    size_t n = size - 2;
    input_utf8 = utf8_valid((const char *)rest, n);
    if (mode == 3) {
        char *copy = malloc(n ? n : 1); /* no NUL at the end: the reader must not need one */
        if (!copy)
            return 0;
        memcpy(copy, rest, n);
        mode_pdn(kind, copy, n);
        free(copy);
        return 0;
    }
    char *text = malloc(n + 1);
    if (!text)
        return 0;
    memcpy(text, rest, n);
    text[n] = '\0';
    if (mode == 0)
        mode_position(kind, text, choice);
    else if (mode == 1)
        mode_settings(kind, text, choice);
    else
        mode_move(kind, text, rest, n);
    free(text);
    return 0;
}
