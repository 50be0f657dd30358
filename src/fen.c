/*
 * fen.c - positions as PDN FEN text.
 *
 *   fen     = side { ":" field } [ "." ]        side = "W" | "B"
 *   field   = colour [ piece { "," piece } ]     colour = "W" | "B"
 *           | other                              (":H0", ":F1" ... skipped)
 *   piece   = [ "K" ] square [ "-" square ]      (a range of numbers: "21-32")
 *           | [ "K" ] square "(" { under } ")"   (column games: the pieces under the top,
 *   under   = "w" | "W" | "b" | "B"                from the top down; upper case a king)
 *   square  = "a1".."h8" (the variant's playing squares) | "1".."32" (1..64 on Turkish)
 *             (on 12x12, whose files run to l, a lower-case "k" that starts a square name
 *             such as "k9" is the square, not a king: "Kk9" is a king there)
 *
 * Blanks around items are allowed; letters may be lower case. Errors give the column. The
 * squares are the variant's own (sh_board_square_*); in two-move, a field "M2" marks the
 * second move of a turn. In Frisian a field "R" colour square "=" count ("RW28=2") says that
 * the side's king on that square has made the last `count` (1-3) of its side's moves, none of
 * them a capture (the rule of three king moves in a row).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "position.h"

typedef struct FenReader {
    const char *text;
    int at;
    ShError *err;
    ShVariant variant;
    int column_of[SH_MAX_SQUARES]; /* where each square was given, for later messages */
    int under_count[SH_MAX_SQUARES];          /* (column games) pieces under the top */
    ShPiece under[SH_MAX_SQUARES][SH_MAX_COLUMN];
} FenReader;

static void skip_blanks(FenReader *r)
{
    while (r->text[r->at] == ' ' || r->text[r->at] == '\t')
        r->at++;
}

static ShStatus fen_error(FenReader *r, int at, const char *what)
{
    char found[32];
    char c = r->text[at];
    if (c == '\0')
        snprintf(found, sizeof found, "the end of the text");
    else if (isprint((unsigned char)c))
        snprintf(found, sizeof found, "'%c'", c);
    else
        snprintf(found, sizeof found, "byte 0x%02x", (unsigned char)c);
    return error_set(r->err, SH_ERR_SYNTAX, 1, at + 1, "FEN column %d: expected %s, found %s",
                     at + 1, what, found);
}

static ShStatus read_square(FenReader *r, int *square)
{
    const char *p = r->text + r->at;
    int squares = sh_board_squares(r->variant);
    int n = sh_board_square_parse(r->variant, p, square);
    if (n > 0) {
        r->at += n;
        return SH_OK;
    }
    char c = (char)tolower((unsigned char)p[0]);
    int size = sh_rules_get(r->variant)->board_size, ranks = sh_rules_get(r->variant)->board_rows;
    if (c >= 'a' && c < 'a' + size && isdigit((unsigned char)p[1])) {
        int len = 1, rank = 0;
        while (isdigit((unsigned char)p[len]) && len < 4)
            rank = rank * 10 + (p[len++] - '0');
        if (rank >= 1 && rank <= ranks && !isdigit((unsigned char)p[len]) && size == 7)
            return error_set(r->err, SH_ERR_SYNTAX, 1, r->at + 1,
                             "FEN column %d: %c%d is not one of the board's %d playing squares",
                             r->at + 1, c, rank, squares);
        if (rank >= 1 && rank <= ranks && !isdigit((unsigned char)p[len]))
            return error_set(r->err, SH_ERR_SYNTAX, 1, r->at + 1,
                             "FEN column %d: %c%d is a light square; pieces stand on dark squares",
                             r->at + 1, c, rank);
        return error_set(r->err, SH_ERR_SYNTAX, 1, r->at + 1,
                         "FEN column %d: %.*s is not a square of this board (a1..%c%d)", r->at + 1,
                         len, p, 'a' + size - 1, ranks);
    }
    if (isdigit((unsigned char)p[0])) {
        int len = 0;
        while (isdigit((unsigned char)p[len]) && len < 4)
            len++;
        return error_set(r->err, SH_ERR_SYNTAX, 1, r->at + 1,
                         "FEN column %d: square number %.*s is out of range 1..%d", r->at + 1,
                         len, p, squares);
    }
    char what[48];
    snprintf(what, sizeof what, "a square (a1..%c%d or 1..%d)", 'a' + size - 1, ranks, squares);
    return fen_error(r, r->at, what);
}

static ShStatus place(FenReader *r, ShPosition *pos, int square, int color, bool king, int column)
{
    if (sh_position_piece_at(pos, square) != SH_EMPTY) {
        char name[SH_SQUARE_NAME_SIZE], number[SH_SQUARE_NAME_SIZE];
        sh_board_square_name(r->variant, square, false, name);
        sh_board_square_name(r->variant, square, true, number);
        return error_set(r->err, SH_ERR_INVALID_POSITION, 1, column + 1,
                         "FEN column %d: square %s (%s) is given twice", column + 1, name, number);
    }
    ShPiece piece = color == SH_WHITE ? (king ? SH_WHITE_KING : SH_WHITE_MAN)
                                      : (king ? SH_BLACK_KING : SH_BLACK_MAN);
    sh_position_set_piece(pos, square, piece);
    r->column_of[square] = column;
    return SH_OK;
}

static ShStatus read_pieces(FenReader *r, ShPosition *pos, int color)
{
    skip_blanks(r);
    if (r->text[r->at] == ':' || r->text[r->at] == '\0' || r->text[r->at] == '.')
        return SH_OK; /* no pieces of this colour */
    for (;;) {
        skip_blanks(r);
        int column = r->at;
        bool king = false;
        /* "K" marks a king; a lower-case "k" too, except where it names a square of a board
         * with a file k (12x12: "k9" is a man on k9, "Kk9" a king there) */
        char mark = r->text[r->at];
        if (mark == 'K' || (mark == 'k' && !(sh_rules_get(r->variant)->board_size >= 11 &&
                                       sh_board_square_parse(r->variant, r->text + r->at, NULL)))) {
            king = true;
            r->at++;
        }
        int first, last;
        ShStatus st = read_square(r, &first);
        if (st)
            return st;
        last = first;
        if (r->text[r->at] == '(') {
            int open = r->at++, n = 0;
            for (;; r->at++) {
                char c = r->text[r->at];
                ShPiece p = c == 'w' ? SH_WHITE_MAN : c == 'W' ? SH_WHITE_KING
                          : c == 'b' ? SH_BLACK_MAN : c == 'B' ? SH_BLACK_KING : SH_EMPTY;
                if (c == ')')
                    break;
                if (p == SH_EMPTY)
                    return fen_error(r, r->at, "a piece under the top (w, W, b, B) or ')'");
                if (n + 1 >= SH_MAX_COLUMN)
                    return error_set(r->err, SH_ERR_INVALID_POSITION, 1, r->at + 1,
                                     "FEN column %d: a column of more than %d pieces",
                                     r->at + 1, SH_MAX_COLUMN);
                r->under[first][n++] = p;
            }
            r->at++;
            if (!sh_rules_get(r->variant)->columns)
                return error_set(r->err, SH_ERR_SYNTAX, 1, open + 1,
                                 "FEN column %d: a column of pieces, but %s has no columns",
                                 open + 1, sh_rules_get(r->variant)->name);
            r->under_count[first] = n;
        } else if (r->text[r->at] == '-') {
            int dash = r->at++;
            st = read_square(r, &last);
            if (st)
                return st;
            if (last < first)
                return error_set(r->err, SH_ERR_SYNTAX, 1, dash + 1,
                                 "FEN column %d: the range %d-%d runs backwards", dash + 1,
                                 first + 1, last + 1);
        }
        for (int sq = first; sq <= last; sq++) {
            st = place(r, pos, sq, color, king, column);
            if (st)
                return st;
        }
        skip_blanks(r);
        if (r->text[r->at] != ',')
            return SH_OK;
        r->at++;
    }
}

/* The position's own checks, with the column of the square at fault. */
static ShStatus check_position(FenReader *r, const ShPosition *pos)
{
    static const char *const names[2] = {"White", "Black"};
    int limit = sh_rules_get(r->variant)->pieces_per_side;
    for (int color = 0; color < 2; color++) {
        int n = 0;
        for (int sq = 0; sq < sh_board_squares(r->variant); sq++) {
            ShPiece p = sh_position_piece_at(pos, sq);
            bool mine = color == SH_WHITE ? (p == SH_WHITE_MAN || p == SH_WHITE_KING)
                                          : (p == SH_BLACK_MAN || p == SH_BLACK_KING);
            if (!mine)
                continue;
            int column = r->column_of[sq] + 1;
            if (++n > limit)
                return error_set(r->err, SH_ERR_INVALID_POSITION, 1, column,
                                 "FEN: %s has more than %d pieces", names[color], limit);
            bool man = p == SH_WHITE_MAN || p == SH_BLACK_MAN;
            if (man && sh_board_square_rank(r->variant, sq) ==
                           (color == SH_WHITE ? sh_rules_get(r->variant)->board_rows - 1 : 0)) {
                char name[SH_SQUARE_NAME_SIZE];
                sh_board_square_name(r->variant, sq, false, name);
                return error_set(r->err, SH_ERR_INVALID_POSITION, 1, column,
                                 "FEN column %d: a %s man on %s, the rank where it would be a "
                                 "king (write K%s for a king)",
                                 column, color == SH_WHITE ? "white" : "black", name, name);
            }
        }
    }
    return sh_position_validate(pos, r->err);
}

ShStatus sh_fen_read(const char *text, ShPosition *pos, ShError *err)
{
    return sh_fen_read_variant(text, SH_VARIANT_RUSSIAN, pos, err);
}

ShStatus sh_fen_read_variant(const char *text, ShVariant variant, ShPosition *pos, ShError *err)
{
    if (!text || !pos)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no FEN text");
    const ShRules *rules = sh_rules_get(variant);
    if (!rules)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "unknown variant %d", (int)variant);
    FenReader r = {.text = text, .at = 0, .err = err, .variant = variant};
    ShPosition p;
    skip_blanks(&r);
    char side = (char)toupper((unsigned char)text[r.at]);
    if (side != 'W' && side != 'B')
        return fen_error(&r, r.at, "the side to move, W or B");
    sh_position_clear(&p, variant, side == 'W' ? SH_WHITE : SH_BLACK);
    r.at++;
    bool seen[2] = {false, false};
    int run_square[2] = {-1, -1}, run_count[2] = {0, 0}, run_column[2] = {0, 0};
    skip_blanks(&r);
    while (text[r.at] == ':') {
        r.at++;
        skip_blanks(&r);
        char c = (char)toupper((unsigned char)text[r.at]);
        if (c == 'W' || c == 'B') {
            int color = c == 'W' ? SH_WHITE : SH_BLACK;
            if (seen[color])
                return error_set(err, SH_ERR_SYNTAX, 1, r.at + 1,
                                 "FEN column %d: %s pieces are listed twice", r.at + 1,
                                 color == SH_WHITE ? "White's" : "Black's");
            seen[color] = true;
            r.at++;
            ShStatus st = read_pieces(&r, &p, color);
            if (st)
                return st;
        } else if (rules->moves_per_turn == 2 && (c == 'M') && text[r.at + 1] == '2' &&
                   !isalnum((unsigned char)text[r.at + 2])) {
            p.turn_move = 1; /* the second move of the turn */
            r.at += 2;
        } else if (rules->king_moves_limit && c == 'R' &&
                   (toupper((unsigned char)text[r.at + 1]) == 'W' ||
                    toupper((unsigned char)text[r.at + 1]) == 'B')) {
            int color = toupper((unsigned char)text[r.at + 1]) == 'W' ? SH_WHITE : SH_BLACK;
            run_column[color] = r.at;
            r.at += 2;
            ShStatus st = read_square(&r, &run_square[color]);
            if (st)
                return st;
            if (text[r.at] != '=')
                return fen_error(&r, r.at, "'=' and the number of the king's moves");
            r.at++;
            if (text[r.at] < '1' || text[r.at] > '0' + rules->king_moves_limit ||
                isdigit((unsigned char)text[r.at + 1]))
                return fen_error(&r, r.at, "the number of the king's moves in a row (1-3)");
            run_count[color] = text[r.at++] - '0';
        } else if (isalpha((unsigned char)text[r.at])) {
            /* another field, such as H0 (half-move clock) or F1 (move number): skipped */
            while (isalnum((unsigned char)text[r.at]))
                r.at++;
        } else {
            return fen_error(&r, r.at, "W or B and a list of pieces");
        }
        skip_blanks(&r);
    }
    if (text[r.at] == '.')
        r.at++;
    while (isspace((unsigned char)text[r.at]))
        r.at++;
    if (text[r.at] != '\0')
        return fen_error(&r, r.at, "':' and another field, or the end");
    for (int color = 0; color < 2; color++) {
        if (run_square[color] < 0)
            continue;
        ShPiece king = color == SH_WHITE ? SH_WHITE_KING : SH_BLACK_KING;
        if (sh_position_piece_at(&p, run_square[color]) != king ||
            !sh_position_count(&p, color == SH_WHITE ? SH_WHITE_MAN : SH_BLACK_MAN))
            return error_set(err, SH_ERR_INVALID_POSITION, 1, run_column[color] + 1,
                             "FEN column %d: a run of king moves needs a %s king on its square "
                             "and %s men on the board",
                             run_column[color] + 1, color == SH_WHITE ? "white" : "black",
                             color == SH_WHITE ? "white" : "black");
        p.king_run[color] =
            pos_run_make(geo_square_bit((int)variant, run_square[color]), run_count[color]);
    }
    p.key = sh_position_hash(&p);
    for (int sq = 0; sq < sh_board_squares(variant); sq++) {
        if (!r.under_count[sq])
            continue;
        ShPiece column[SH_MAX_COLUMN];
        column[0] = sh_position_piece_at(&p, sq);
        memcpy(column + 1, r.under[sq], (size_t)r.under_count[sq] * sizeof column[0]);
        if (sh_position_set_column(&p, sq, column, r.under_count[sq] + 1, NULL) != SH_OK)
            return error_set(err, SH_ERR_INVALID_POSITION, 1, r.column_of[sq] + 1,
                             "FEN column %d: more pieces under the tops than the game has",
                             r.column_of[sq] + 1);
    }
    ShStatus st = check_position(&r, &p);
    if (st)
        return st;
    *pos = p;
    return SH_OK;
}

int sh_fen_write(const ShPosition *pos, bool numeric, char out[SH_FEN_SIZE])
{
    ShVariant v = (ShVariant)pos->variant;
    int squares = sh_board_squares(v);
    size_t n = 0;
    out[n++] = pos->side == SH_WHITE ? 'W' : 'B';
    for (int color = 0; color < 2; color++) {
        out[n++] = ':';
        out[n++] = color == SH_WHITE ? 'W' : 'B';
        bool first = true;
        int files = sh_rules_get(v)->board_size, ranks = sh_rules_get(v)->board_rows;
        for (int i = 0; i < files * ranks; i++) {
            /* algebraic: by file, then rank (a1, a3, b2 ...); numeric: by number */
            int sq = numeric ? (i < squares ? i : -1) : sh_board_square_at(v, i / ranks, i % ranks);
            if (sq < 0)
                continue;
            ShPiece p = sh_position_piece_at(pos, sq);
            if (p == SH_EMPTY || (p == SH_WHITE_MAN || p == SH_WHITE_KING) != (color == SH_WHITE))
                continue;
            if (!first)
                out[n++] = ',';
            first = false;
            if (p == SH_WHITE_KING || p == SH_BLACK_KING)
                out[n++] = 'K';
            char name[SH_SQUARE_NAME_SIZE];
            sh_board_square_name(v, sq, numeric, name);
            for (const char *c = name; *c; c++)
                out[n++] = *c;
            ShPiece column[SH_MAX_COLUMN];
            int height = sh_position_column(pos, sq, column);
            if (height > 1) {
                static const char LETTER[5] = {'?', 'w', 'W', 'b', 'B'};
                out[n++] = '(';
                for (int k = 1; k < height && n < SH_FEN_SIZE - 8; k++)
                    out[n++] = LETTER[column[k]];
                out[n++] = ')';
            }
        }
    }
    if (pos->turn_move) {
        memcpy(out + n, ":M2", 3);
        n += 3;
    }
    for (int color = 0; color < 2 && v == SH_VARIANT_FRISIAN; color++) {
        uint8_t run = pos->king_run[color];
        if (!run)
            continue;
        char name[SH_SQUARE_NAME_SIZE];
        sh_board_square_name(v, geo_bit_square((int)v, pos_run_bit(run)), numeric, name);
        n += (size_t)snprintf(out + n, SH_FEN_SIZE - n, ":R%c%s=%d", color == SH_WHITE ? 'W' : 'B',
                              name, pos_run_count(run));
    }
    out[n] = '\0';
    return (int)n;
}
