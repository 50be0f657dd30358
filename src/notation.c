/*
 * notation.c - squares and moves as text, both ways.
 *
 * Writing needs a capture's path, which the move generator does not keep: it is found again
 * with movegen_paths. Reading matches the text against every path of every legal move, so
 * whatever squares a person or a program chose to write (every landing square, only the
 * turning squares, start and end, the start file and the end, or the Hub list of captured
 * squares) the move is found if, and only if, the text fits exactly one legal move.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "movegen.h"
#include "geometry.h"

/* ---- squares ---- */

void sh_square_name(int square, bool numeric, char out[3])
{
    if (square < 0 || square >= SH_SQUARES) {
        out[0] = '?';
        out[1] = '\0';
        return;
    }
    if (numeric) {
        snprintf(out, 3, "%d", square + 1);
        return;
    }
    out[0] = (char)('a' + sh_square_file(square));
    out[1] = (char)('1' + sh_square_rank(square));
    out[2] = '\0';
}

/* Reads a square of the variant's board; returns characters read, 0 if none, or -n if n
 * characters form a name of a square not played on or a number out of range (so that the
 * caller can say so). */
static int square_scan(ShVariant v, const char *text, int *square)
{
    char c = (char)tolower((unsigned char)text[0]);
    int size = sh_rules_get(v)->board_size, ranks = sh_rules_get(v)->board_rows;
    if (c >= 'a' && c < 'a' + size && text[1] >= '1' && text[1] - '0' <= ranks) {
        int rank = text[1] - '0', len = 2;
        if (ranks >= 10 && rank == 1 && text[2] >= '0' && text[2] - '0' <= ranks - 10) {
            rank = 10 + text[2] - '0';
            len = 3;
        }
        if (isdigit((unsigned char)text[len]))
            return -(len + 1);
        int sq = sh_board_square_at(v, c - 'a', rank - 1);
        if (sq < 0)
            return -len;
        *square = sq;
        return len;
    }
    if (isdigit((unsigned char)text[0])) {
        int n = 0, len = 0;
        while (isdigit((unsigned char)text[len]) && len < 3)
            n = n * 10 + (text[len++] - '0');
        if (isdigit((unsigned char)text[len]) || text[0] == '0' || n < 1 ||
            n > sh_board_squares(v))
            return -len;
        *square = n - 1;
        return len;
    }
    return 0;
}

int sh_square_parse(const char *text, int *square)
{
    int sq = -1;
    int n = text ? square_scan(SH_VARIANT_RUSSIAN, text, &sq) : 0;
    if (n <= 0)
        return 0;
    if (square)
        *square = sq;
    return n;
}

/* ---- paths ---- */

/* The sign of the step from square a towards square b along a line, as file and rank. */
static void step_towards(ShVariant v, int a, int b, int *df, int *dr)
{
    int f = sh_board_square_file(v, b) - sh_board_square_file(v, a),
        r = sh_board_square_rank(v, b) - sh_board_square_rank(v, a);
    *df = (f > 0) - (f < 0);
    *dr = (r > 0) - (r < 0);
}

/* The captured squares of a path in the order they are jumped; returns how many. */
static int path_captures(ShVariant v, const ShPath *p, Bitboard captured, int out[SH_MAX_CAPTURES])
{
    int n = 0;
    for (int i = 1; i < p->count; i++) {
        int a = p->squares[i - 1], b = p->squares[i], df, dr;
        step_towards(v, a, b, &df, &dr);
        int f = sh_board_square_file(v, a), r = sh_board_square_rank(v, a);
        while ((f != sh_board_square_file(v, b) || r != sh_board_square_rank(v, b)) &&
               n < SH_MAX_CAPTURES) {
            f += df;
            r += dr;
            int sq = sh_board_square_at(v, f, r);
            if (sq < 0)
                break;
            if (captured & bb_bit(geo_square_bit((int)v, sq)))
                out[n++] = sq;
        }
    }
    return n;
}

static const MovePath *path_find(const PathList *paths, const ShMove *move)
{
    for (int i = 0; i < paths->count; i++)
        if (sh_move_equal(&paths->items[i].move, move))
            return &paths->items[i];
    return NULL;
}

static ShStatus paths_of(const ShPosition *pos, PathList *paths, ShError *err)
{
    movegen_paths(pos, paths);
    if (paths->overflow)
        return error_set(err, SH_ERR_LIMIT, 0, 0,
                         "more than %d capture paths in this position", MOVEGEN_MAX_PATHS);
    return SH_OK;
}

static ShStatus move_path_in(const PathList *paths, const ShMove *move, ShPath *path, ShError *err)
{
    const MovePath *mp = path_find(paths, move);
    if (!mp)
        return error_set(err, SH_ERR_ILLEGAL_MOVE, 0, 0, "the move is not legal in this position");
    *path = mp->path;
    return SH_OK;
}

ShStatus sh_move_path(const ShPosition *pos, const ShMove *move, ShPath *path, ShError *err)
{
    PathList paths;
    ShStatus st = paths_of(pos, &paths, err);
    return st ? st : move_path_in(&paths, move, path, err);
}

ShStatus sh_moves_paths(const ShPosition *pos, ShMove *moves, ShPath *out, int max, int *count,
                        ShError *err)
{
    PathList paths;
    *count = 0;
    ShStatus st = paths_of(pos, &paths, err);
    if (st)
        return st;
    for (int i = 0; i < paths.count; i++) {
        if (*count == max)
            return error_set(err, SH_ERR_LIMIT, 0, 0, "more than %d move paths", max);
        moves[*count] = paths.items[i].move;
        out[*count] = paths.items[i].path;
        (*count)++;
    }
    return SH_OK;
}

/* ---- writing ---- */

typedef struct Writer {
    char *out;
    size_t len;
    ShVariant variant;
} Writer;

static void put_char(Writer *w, char c)
{
    if (w->len + 1 < SH_MOVE_TEXT_SIZE)
        w->out[w->len++] = c;
    w->out[w->len] = '\0';
}

static void put_square(Writer *w, int square, bool numeric)
{
    char name[SH_SQUARE_NAME_SIZE];
    sh_board_square_name(w->variant, square, numeric, name);
    for (const char *p = name; *p; p++)
        put_char(w, *p);
}

/* The squares of full notation: the start, each square where the piece turns, the end. */
static int path_turns(ShVariant v, const ShPath *path, int out[SH_MAX_PATH])
{
    int n = 0;
    out[n++] = path->squares[0];
    for (int i = 1; i < path->count; i++) {
        if (i < path->count - 1) {
            int f1, r1, f2, r2;
            step_towards(v, path->squares[i - 1], path->squares[i], &f1, &r1);
            step_towards(v, path->squares[i], path->squares[i + 1], &f2, &r2);
            if (f1 == f2 && r1 == r2)
                continue;
        }
        out[n++] = path->squares[i];
    }
    return n;
}

static void write_full(Writer *w, const ShPath *path, bool capture, bool numeric, char sep)
{
    int turns[SH_MAX_PATH];
    int n = path_turns(w->variant, path, turns);
    for (int i = 0; i < n; i++) {
        if (i)
            put_char(w, capture ? sep : '-');
        put_square(w, turns[i], numeric);
    }
}

/* How many distinct legal moves share this move's start (or start file) and end. */
static int count_alike(ShVariant v, const PathList *paths, const ShMove *move, bool by_file)
{
    ShMove seen[SH_MAX_MOVES];
    int n = 0, from = sh_move_from(move);
    for (int i = 0; i < paths->count; i++) {
        const ShMove *m = &paths->items[i].move;
        if (m->to != move->to)
            continue;
        if (by_file ? sh_board_square_file(v, sh_move_from(m)) != sh_board_square_file(v, from)
                    : m->from != move->from)
            continue;
        bool dup = false;
        for (int j = 0; j < n && !dup; j++)
            dup = sh_move_equal(&seen[j], m);
        if (!dup && n < SH_MAX_MOVES)
            seen[n++] = *m;
    }
    return n;
}

static ShStatus move_write_in(ShVariant v, const PathList *paths, const ShMove *move,
                              int notation, char out[SH_MOVE_TEXT_SIZE], ShError *err)
{
    Writer w = {out, 0, v};
    out[0] = '\0';
    ShPath path = {0, {0}};
    ShStatus st = move_path_in(paths, move, &path, err);
    if (st)
        return st;
    int style = notation & SH_NOTATION_STYLE_MASK;
    bool numeric = (notation & SH_NOTATION_NUMERIC) != 0;
    bool capture = move->captured != 0;
    char sep = (notation & (SH_NOTATION_X | SH_NOTATION_NUMERIC)) ? 'x' : ':';
    int from = sh_move_from(move), to = sh_move_to(move);

    if (style == SH_NOTATION_HUB) {
        put_square(&w, from, true);
        put_char(&w, capture ? 'x' : '-');
        put_square(&w, to, true);
        int caps[SH_MAX_CAPTURES];
        /* in the column games the order the tops are taken in is part of the move */
        int n = sh_rules_get(v)->columns ? path_captures(v, &path, move->captured, caps)
                                         : sh_move_captured_squares(move, caps);
        for (int i = 0; i < n; i++) {
            put_char(&w, 'x');
            put_square(&w, caps[i], true);
        }
        return SH_OK;
    }
    if (style == SH_NOTATION_SEMISHORT && !numeric && count_alike(v, paths, move, true) == 1) {
        put_char(&w, (char)('a' + sh_board_square_file(v, from)));
        if (capture)
            put_char(&w, sep);
        put_square(&w, to, false);
        return SH_OK;
    }
    if ((style == SH_NOTATION_SHORT || style == SH_NOTATION_SEMISHORT) &&
        count_alike(v, paths, move, false) == 1) {
        put_square(&w, from, numeric);
        put_char(&w, capture ? sep : '-');
        put_square(&w, to, numeric);
        return SH_OK;
    }
    write_full(&w, &path, capture, numeric, sep);
    return SH_OK;
}

ShStatus sh_move_write(const ShPosition *pos, const ShMove *move, int notation,
                       char out[SH_MOVE_TEXT_SIZE], ShError *err)
{
    PathList paths;
    out[0] = '\0';
    ShStatus st = paths_of(pos, &paths, err);
    return st ? st : move_write_in((ShVariant)pos->variant, &paths, move, notation, out, err);
}

/* ---- reading ---- */

#define MAX_TEXT_SQUARES 16

typedef struct MoveText {
    int file;                       /* semi-short: the start file 0..7, else -1 */
    int count;                      /* squares in squares[] */
    int squares[MAX_TEXT_SQUARES];
    bool numeric;                   /* written with numbers */
} MoveText;

static bool is_sep(char c)
{
    return c == '-' || c == ':' || c == 'x' || c == 'X';
}

static ShStatus square_expected(ShVariant v, const char *text, int at, ShError *err)
{
    if (text[at] == '\0')
        return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "expected a square at the end of '%s'",
                         text);
    int size = sh_rules_get(v)->board_size;
    return error_set(err, SH_ERR_SYNTAX, 1, at + 1,
                     "expected a square (a1..%c%d or 1..%d) at column %d of '%s', found '%c'",
                     'a' + size - 1, sh_rules_get(v)->board_rows, sh_board_squares(v), at + 1, text, text[at]);
}

static ShStatus square_read(ShVariant v, const char *text, int *at, int *square, ShError *err)
{
    int n = square_scan(v, text + *at, square);
    if (n < 0)
        return error_set(err, SH_ERR_SYNTAX, 1, *at + 1,
                         "'%.*s' at column %d is not a square of the board", -n, text + *at,
                         *at + 1);
    if (n == 0)
        return square_expected(v, text, *at, err);
    *at += n;
    return SH_OK;
}

/* Split a trimmed move text into squares. */
static ShStatus move_text_scan(ShVariant v, const char *text, MoveText *mt, ShError *err)
{
    mt->file = -1;
    mt->count = 0;
    mt->numeric = isdigit((unsigned char)text[0]) != 0;
    int at = 0;
    char c0 = (char)tolower((unsigned char)text[0]);
    if (c0 >= 'a' && c0 < 'a' + sh_rules_get(v)->board_size && !isdigit((unsigned char)text[1])) {
        /* semi-short: "cd4", "b:d6", "bxd6" */
        mt->file = c0 - 'a';
        at = is_sep(text[1]) ? 2 : 1;
        ShStatus st = square_read(v, text, &at, &mt->squares[0], err);
        if (st)
            return st;
        mt->count = 1;
    } else {
        for (;;) {
            if (mt->count == MAX_TEXT_SQUARES)
                return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "too many squares in '%s'", text);
            ShStatus st = square_read(v, text, &at, &mt->squares[mt->count++], err);
            if (st)
                return st;
            if (text[at] == '\0')
                break;
            if (!mt->numeric && isalpha((unsigned char)text[at]) && text[at] != 'x' &&
                text[at] != 'X')
                continue; /* "c3d4": algebraic squares need no separator */
            if (!is_sep(text[at]))
                return error_set(err, SH_ERR_SYNTAX, 1, at + 1,
                                 "expected '-', ':' or 'x' at column %d of '%s', found '%c'",
                                 at + 1, text, text[at]);
            at++;
        }
        if (mt->count < 2)
            return error_set(err, SH_ERR_SYNTAX, 1, at + 1,
                             "'%s' is a square, not a move (write it as c3-d4, c3:e5 or 22-18)",
                             text);
    }
    if (text[at] != '\0')
        return error_set(err, SH_ERR_SYNTAX, 1, at + 1, "unexpected '%c' at column %d of '%s'",
                         text[at], at + 1, text);
    return SH_OK;
}

/* Whether the squares want[0..n) appear, in this order, among the squares where the piece
 * could stand after a capture: any square it passes once it has jumped its first piece. */
static bool path_passes(ShVariant v, const MovePath *mp, const int *want, int n)
{
    if (n == 0)
        return true;
    Wide captured = move_wide_captured(&mp->move);
    bool jumped = false;
    int k = 0;
    const ShPath *p = &mp->path;
    for (int i = 1; i < p->count; i++) {
        int a = p->squares[i - 1], b = p->squares[i], df, dr;
        step_towards(v, a, b, &df, &dr);
        int f = sh_board_square_file(v, a), r = sh_board_square_rank(v, a);
        while (f != sh_board_square_file(v, b) || r != sh_board_square_rank(v, b)) {
            f += df;
            r += dr;
            int sq = sh_board_square_at(v, f, r);
            if (sq < 0)
                break;
            if ((captured >> geo_square_bit((int)v, sq)) & 1) {
                jumped = true;
                continue;
            }
            if (jumped && sq == want[k] && ++k == n)
                return true;
        }
    }
    return false;
}

static bool same_squares(const int *a, int na, const uint8_t *b, int nb)
{
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* How well a move text fits a path of a legal move: EXACT when the text is the path in full
 * notation (turning squares), with every landing square, in Hub form or semi-short; LOOSE when
 * its squares are only somewhere along the path; NO otherwise. An exact fit wins over loose
 * ones, so that a path written in full is never ambiguous. */
enum { FIT_NO, FIT_LOOSE, FIT_EXACT };

static int text_fits(ShVariant v, const MoveText *mt, const MovePath *mp)
{
    const ShMove *m = &mp->move;
    int from = sh_move_from(m), to = sh_move_to(m);
    if (mt->file >= 0)
        return sh_board_square_file(v, from) == mt->file && to == mt->squares[0] ? FIT_EXACT
                                                                                 : FIT_NO;
    if (from != mt->squares[0])
        return FIT_NO;
    int fit = FIT_NO;
    if (to == mt->squares[mt->count - 1]) {
        uint8_t turns[SH_MAX_PATH];
        int t[SH_MAX_PATH], nt = path_turns(v, &mp->path, t);
        for (int i = 0; i < nt; i++)
            turns[i] = (uint8_t)t[i];
        if (same_squares(mt->squares, mt->count, turns, nt) ||
            same_squares(mt->squares, mt->count, mp->path.squares, mp->path.count))
            return FIT_EXACT;
        if (path_passes(v, mp, mt->squares + 1, mt->count - 2))
            fit = FIT_LOOSE;
    }
    /* Hub: start, end, then every captured square in any order */
    if (mt->count >= 3 && to == mt->squares[1] && m->captured) {
        Wide listed = 0, captured = move_wide_captured(m);
        for (int i = 2; i < mt->count; i++)
            listed |= w_bit(geo_square_bit((int)v, mt->squares[i]));
        if (listed == captured && w_count(captured) == mt->count - 2) {
            if (!sh_rules_get(v)->columns)
                return FIT_EXACT;
            /* column games: exact only in the order of this path's captures */
            int order[SH_MAX_CAPTURES], n = path_captures(v, &mp->path, m->captured, order);
            bool same = n == mt->count - 2;
            for (int i = 0; same && i < n; i++)
                same = order[i] == mt->squares[i + 2];
            return same ? FIT_EXACT : FIT_LOOSE;
        }
    }
    return fit;
}

/* Append the moves, in reading order, to the error message. */
static void list_moves(ShVariant v, ShError *err, const PathList *paths, ShMoveList *moves,
                       bool numeric)
{
    sh_moves_sort(moves);
    for (int i = 0; i < moves->count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        move_write_in(v, paths, &moves->moves[i],
                      SH_NOTATION_FULL | (numeric ? SH_NOTATION_NUMERIC : 0), text, NULL);
        error_append(err, "%s%s", i ? ", " : "", text);
    }
}

ShStatus sh_move_parse_candidates(const ShPosition *pos, const char *text, ShMoveList *matches,
                                  ShError *err)
{
    matches->count = 0;
    matches->overflow = false;
    if (!text)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no move text");
    size_t start = 0, end = strlen(text);
    while (start < end && isspace((unsigned char)text[start]))
        start++;
    while (end > start && isspace((unsigned char)text[end - 1]))
        end--;
    if (end == start)
        return error_set(err, SH_ERR_SYNTAX, 1, 1, "empty move");
    char trimmed[128];
    if (end - start >= sizeof trimmed)
        return error_set(err, SH_ERR_SYNTAX, 1, (int)start + 1, "move text too long");
    memcpy(trimmed, text + start, end - start);
    trimmed[end - start] = '\0';

    ShVariant v = (ShVariant)pos->variant;
    MoveText mt;
    ShStatus st = move_text_scan(v, trimmed, &mt, err);
    if (st) {
        if (err)
            err->column += (int)start;
        return st;
    }
    PathList paths;
    st = paths_of(pos, &paths, err);
    if (st)
        return st;
    int best = FIT_LOOSE;
    for (int i = 0; i < paths.count; i++) {
        const ShMove *m = &paths.items[i].move;
        int fit = text_fits(v, &mt, &paths.items[i]);
        if (fit < best)
            continue;
        if (fit > best) {
            best = fit;
            matches->count = 0;
        }
        bool dup = false;
        for (int j = 0; j < matches->count && !dup; j++)
            dup = sh_move_equal(&matches->moves[j], m);
        if (!dup && matches->count < SH_MAX_MOVES)
            matches->moves[matches->count++] = *m;
    }
    if (matches->count == 1)
        return SH_OK;
    if (matches->count > 1) {
        error_set(err, SH_ERR_AMBIGUOUS_MOVE, 1, (int)start + 1,
                  "ambiguous move '%s': it could be ", trimmed);
        list_moves(v, err, &paths, matches, mt.numeric);
        return SH_ERR_AMBIGUOUS_MOVE;
    }
    ShMoveList legal;
    sh_moves_generate(pos, &legal);
    if (legal.count == 0)
        return error_set(err, SH_ERR_ILLEGAL_MOVE, 1, (int)start + 1,
                         "illegal move '%s': the side to move has no legal move", trimmed);
    error_set(err, SH_ERR_ILLEGAL_MOVE, 1, (int)start + 1, "illegal move '%s'; legal: ", trimmed);
    list_moves(v, err, &paths, &legal, mt.numeric);
    return SH_ERR_ILLEGAL_MOVE;
}

ShStatus sh_move_parse(const ShPosition *pos, const char *text, ShMove *move, ShError *err)
{
    ShMoveList matches;
    ShStatus st = sh_move_parse_candidates(pos, text, &matches, err);
    if (st == SH_OK)
        *move = matches.moves[0];
    return st;
}
