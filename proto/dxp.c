/* dxp.c - DXP messages read and written, and their positions and moves (see dxp.h). */
#include "dxp.h"

#include <stdio.h>
#include <string.h>

#include "error.h"

const char *dxp_kind_name(int kind)
{
    switch (kind) {
    case DXP_CHAT: return "CHAT";
    case DXP_GAMEREQ: return "GAMEREQ";
    case DXP_GAMEACC: return "GAMEACC";
    case DXP_MOVE: return "MOVE";
    case DXP_GAMEEND: return "GAMEEND";
    case DXP_BACKREQ: return "BACKREQ";
    case DXP_BACKACC: return "BACKACC";
    default: return "?";
    }
}

/* ---- reading ---- */

typedef struct Reader {
    const char *text;
    size_t length, at; /* at: 0-based index of the next character */
    const char *kind;  /* the message's name, for the errors */
    ShError *err;
} Reader;

static ShStatus fail(Reader *r, size_t at, const char *what)
{
    if (at >= r->length)
        return error_set(r->err, SH_ERR_SYNTAX, 0, (int)r->length + 1,
                         "%s: the message ends at column %zu, before %s", r->kind,
                         r->length + 1, what);
    char c = r->text[at];
    if (c >= 33 && c <= 126)
        return error_set(r->err, SH_ERR_SYNTAX, 0, (int)at + 1,
                         "%s: column %zu: expected %s, found '%c'", r->kind, at + 1, what, c);
    return error_set(r->err, SH_ERR_SYNTAX, 0, (int)at + 1,
                     "%s: column %zu: expected %s, found character %d", r->kind, at + 1, what,
                     (unsigned char)c);
}

/* A fixed-width number of `width` digits in [min, max]. */
static ShStatus read_number(Reader *r, int width, int min, int max, const char *what, int *out)
{
    size_t start = r->at;
    int v = 0;
    for (int i = 0; i < width; i++) {
        size_t at = start + (size_t)i;
        if (at >= r->length || r->text[at] < '0' || r->text[at] > '9') {
            char expected[160];
            snprintf(expected, sizeof expected, "%s (%d digits)", what, width);
            return fail(r, at, expected);
        }
        v = v * 10 + (r->text[at] - '0');
    }
    if (v < min || v > max) {
        return error_set(r->err, SH_ERR_SYNTAX, 0, (int)start + 1,
                         "%s: column %zu: %s must be %0*d to %0*d, not %.*s", r->kind, start + 1,
                         what, width, min, width, max, width, r->text + start);
    }
    r->at += (size_t)width;
    *out = v;
    return SH_OK;
}

/* One character among `allowed`. */
static ShStatus read_char(Reader *r, const char *allowed, const char *what, char *out)
{
    if (r->at >= r->length || !strchr(allowed, r->text[r->at]) || r->text[r->at] == '\0')
        return fail(r, r->at, what);
    *out = r->text[r->at++];
    return SH_OK;
}

static ShStatus read_color(Reader *r, const char *what, ShColor *out)
{
    char c;
    ShStatus s = read_char(r, "WZ", what, &c);
    if (s == SH_OK)
        *out = c == 'W' ? SH_WHITE : SH_BLACK;
    return s;
}

/* A 32-character name, blanks at either end cut off. */
static ShStatus read_name(Reader *r, const char *what, char out[DXP_NAME_LENGTH + 1])
{
    if (r->at + DXP_NAME_LENGTH > r->length) {
        char expected[160];
        snprintf(expected, sizeof expected, "%s (32 characters, blanks after it)", what);
        return fail(r, r->length, expected);
    }
    const char *p = r->text + r->at;
    int begin = 0, end = DXP_NAME_LENGTH;
    while (begin < end && p[begin] == ' ')
        begin++;
    while (end > begin && p[end - 1] == ' ')
        end--;
    memcpy(out, p + begin, (size_t)(end - begin));
    out[end - begin] = '\0';
    r->at += DXP_NAME_LENGTH;
    return SH_OK;
}

static ShStatus read_end(Reader *r)
{
    if (r->at == r->length)
        return SH_OK;
    return error_set(r->err, SH_ERR_SYNTAX, 0, (int)r->at + 1,
                     "%s: column %zu: the message should end here, but %zu more characters follow",
                     r->kind, r->at + 1, r->length - r->at);
}

static ShStatus parse_gamereq(Reader *r, DxpMessage *m)
{
    ShStatus s;
    char c;
    if ((s = read_number(r, 2, 0, 99, "the protocol version", &m->version)) != SH_OK ||
        (s = read_name(r, "the initiator's name", m->name)) != SH_OK ||
        (s = read_color(r, "the follower's colour (W or Z)", &m->follower)) != SH_OK ||
        (s = read_number(r, 3, 0, 999, "the thinking time in minutes", &m->minutes)) != SH_OK ||
        (s = read_number(r, 3, 0, 999, "the number of moves", &m->moves)) != SH_OK ||
        (s = read_char(r, "AB", "the starting position (A or B)", &c)) != SH_OK)
        return s;
    m->has_board = c == 'B';
    m->to_move = SH_WHITE;
    m->board[0] = '\0';
    if (m->has_board) {
        if ((s = read_color(r, "the colour to move first (W or Z)", &m->to_move)) != SH_OK)
            return s;
        for (int i = 0; i < DXP_BOARD_SQUARES; i++) {
            char expected[96];
            snprintf(expected, sizeof expected, "square %d of the position (e, w, z, W or Z)",
                     i + 1);
            if ((s = read_char(r, "ewzWZ", expected, &m->board[i])) != SH_OK)
                return s;
        }
        m->board[DXP_BOARD_SQUARES] = '\0';
    }
    return read_end(r);
}

static ShStatus parse_move(Reader *r, DxpMessage *m)
{
    ShStatus s;
    if ((s = read_number(r, 4, 0, 9999, "the time in seconds", &m->seconds)) != SH_OK ||
        (s = read_number(r, 2, 1, 50, "the from square", &m->from)) != SH_OK ||
        (s = read_number(r, 2, 1, 50, "the to square", &m->to)) != SH_OK ||
        (s = read_number(r, 2, 0, DXP_MAX_CAPTURED, "the number captured",
                         &m->captured_count)) != SH_OK)
        return s;
    for (int i = 0; i < m->captured_count; i++) {
        char what[64];
        snprintf(what, sizeof what, "captured square %d of %d", i + 1, m->captured_count);
        if ((s = read_number(r, 2, 1, 50, what, &m->captured[i])) != SH_OK)
            return s;
    }
    return read_end(r);
}

ShStatus dxp_message_parse(const char *text, DxpMessage *m, ShError *err)
{
    error_clear(err);
    if (!text || !m)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no message");
    memset(m, 0, sizeof *m);
    Reader r = {text, strlen(text), 1, "message", err};
    if (r.length == 0)
        return error_set(err, SH_ERR_SYNTAX, 0, 1, "an empty message");
    if (r.length > DXP_MAX_LENGTH)
        return error_set(err, SH_ERR_SYNTAX, 0, DXP_MAX_LENGTH + 1,
                         "a message of %zu characters: at most %d are allowed", r.length,
                         DXP_MAX_LENGTH);
    for (size_t i = 0; i < r.length; i++)
        if ((unsigned char)text[i] > 127)
            return error_set(err, SH_ERR_SYNTAX, 0, (int)i + 1,
                             "column %zu: character %d is not ASCII", i + 1,
                             (unsigned char)text[i]);
    m->kind = (DxpKind)text[0];
    r.kind = dxp_kind_name(text[0]);
    char c;
    switch (text[0]) {
    case DXP_CHAT:
        memcpy(m->text, text + 1, r.length - 1);
        m->text[r.length - 1] = '\0';
        return SH_OK;
    case DXP_GAMEREQ:
        return parse_gamereq(&r, m);
    case DXP_GAMEACC: {
        ShStatus s;
        if ((s = read_name(&r, "the follower's name", m->name)) != SH_OK ||
            (s = read_char(&r, "0123", "the acceptance code (0 to 3)", &c)) != SH_OK)
            return s;
        m->code = c - '0';
        return read_end(&r);
    }
    case DXP_MOVE:
        return parse_move(&r, m);
    case DXP_GAMEEND: {
        ShStatus s;
        if ((s = read_char(&r, "0123", "the reason (0 to 3)", &c)) != SH_OK)
            return s;
        m->reason = c - '0';
        if ((s = read_char(&r, "01", "the stop code (0 or 1)", &c)) != SH_OK)
            return s;
        m->stop = c - '0';
        return read_end(&r);
    }
    case DXP_BACKREQ: {
        ShStatus s;
        if ((s = read_number(&r, 3, 1, 999, "the move number", &m->move_number)) != SH_OK ||
            (s = read_color(&r, "the colour to move (W or Z)", &m->to_move)) != SH_OK)
            return s;
        return read_end(&r);
    }
    case DXP_BACKACC: {
        ShStatus s;
        if ((s = read_char(&r, "012", "the acceptance code (0 to 2)", &c)) != SH_OK)
            return s;
        m->code = c - '0';
        return read_end(&r);
    }
    default:
        if (text[0] >= 33 && text[0] <= 126)
            return error_set(err, SH_ERR_SYNTAX, 0, 1,
                             "column 1: unknown message type '%c' (C R A M E B K are DXP's)",
                             text[0]);
        return error_set(err, SH_ERR_SYNTAX, 0, 1,
                         "column 1: unknown message type, character %d (C R A M E B K are DXP's)",
                         (unsigned char)text[0]);
    }
}

/* ---- writing ---- */

static bool in_range(int v, int min, int max)
{
    return v >= min && v <= max;
}

/* Copy free text, cut to `max`, with characters outside 1..127 as '?'. */
static size_t put_text(char *out, const char *text, size_t max)
{
    size_t n = 0;
    for (; text[n] && n < max; n++) {
        unsigned char c = (unsigned char)text[n];
        out[n] = c >= 1 && c <= 127 ? (char)c : '?';
    }
    return n;
}

static void put_name(char *out, const char *name)
{
    memset(out, ' ', DXP_NAME_LENGTH);
    const char *p = name;
    while (*p == ' ')
        p++; /* the name should not start with a blank */
    put_text(out, p, DXP_NAME_LENGTH);
}

ShStatus dxp_message_format(const DxpMessage *m, char out[DXP_MESSAGE_SIZE], ShError *err)
{
    error_clear(err);
    if (!m || !out)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no message");
    out[0] = '\0';
    char buf[DXP_MESSAGE_SIZE + 64];
    size_t n = 0;
    buf[n++] = (char)m->kind;
    switch (m->kind) {
    case DXP_CHAT:
        n += put_text(buf + n, m->text, DXP_MAX_LENGTH - 1);
        break;
    case DXP_GAMEREQ:
        if (!in_range(m->version, 0, 99) || !in_range(m->minutes, 0, 999) ||
            !in_range(m->moves, 0, 999))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "GAMEREQ: version 0-99, minutes and moves 0-999");
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%02d", m->version);
        put_name(buf + n, m->name);
        n += DXP_NAME_LENGTH;
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%c%03d%03d%c",
                              m->follower == SH_WHITE ? 'W' : 'Z', m->minutes, m->moves,
                              m->has_board ? 'B' : 'A');
        if (m->has_board) {
            if (strlen(m->board) != DXP_BOARD_SQUARES ||
                strspn(m->board, "ewzWZ") != DXP_BOARD_SQUARES)
                return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                                 "GAMEREQ: the board must be 50 of e w z W Z");
            buf[n++] = m->to_move == SH_WHITE ? 'W' : 'Z';
            memcpy(buf + n, m->board, DXP_BOARD_SQUARES);
            n += DXP_BOARD_SQUARES;
        }
        break;
    case DXP_GAMEACC:
        if (!in_range(m->code, 0, 3))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "GAMEACC: the code is 0 to 3");
        put_name(buf + n, m->name);
        n += DXP_NAME_LENGTH;
        buf[n++] = (char)('0' + m->code);
        break;
    case DXP_MOVE:
        if (!in_range(m->seconds, 0, 9999) || !in_range(m->from, 1, 50) ||
            !in_range(m->to, 1, 50) || !in_range(m->captured_count, 0, DXP_MAX_CAPTURED))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                             "MOVE: seconds 0-9999, squares 1-50, at most 20 captured");
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%04d%02d%02d%02d", m->seconds, m->from,
                              m->to, m->captured_count);
        for (int i = 0; i < m->captured_count; i++) {
            if (!in_range(m->captured[i], 1, 50))
                return error_set(err, SH_ERR_ARGUMENT, 0, 0, "MOVE: a captured square is 1-50");
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%02d", m->captured[i]);
        }
        break;
    case DXP_GAMEEND:
        if (!in_range(m->reason, 0, 3) || !in_range(m->stop, 0, 1))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "GAMEEND: reason 0-3, stop 0-1");
        buf[n++] = (char)('0' + m->reason);
        buf[n++] = (char)('0' + m->stop);
        break;
    case DXP_BACKREQ:
        if (!in_range(m->move_number, 1, 999))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "BACKREQ: the move number is 1-999");
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%03d%c", m->move_number,
                              m->to_move == SH_WHITE ? 'W' : 'Z');
        break;
    case DXP_BACKACC:
        if (!in_range(m->code, 0, 2))
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "BACKACC: the code is 0 to 2");
        buf[n++] = (char)('0' + m->code);
        break;
    default:
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such message kind");
    }
    if (n > DXP_MAX_LENGTH)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "a message of %zu characters", n);
    memcpy(out, buf, n);
    out[n] = '\0';
    return SH_OK;
}

/* ---- positions and moves ---- */

ShStatus dxp_position_read(ShVariant variant, ShColor to_move, const char *board,
                           ShPosition *pos, ShError *err)
{
    error_clear(err);
    if (sh_board_squares(variant) != DXP_BOARD_SQUARES)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "DXP positions are of 50-square games");
    if (!board || strlen(board) != DXP_BOARD_SQUARES)
        return error_set(err, SH_ERR_SYNTAX, 0, 0, "a DXP position has 50 squares");
    sh_position_clear(pos, variant, to_move);
    for (int sq = 0; sq < DXP_BOARD_SQUARES; sq++) {
        ShPiece piece;
        switch (board[sq]) {
        case 'e': piece = SH_EMPTY; break;
        case 'w': piece = SH_WHITE_MAN; break;
        case 'W': piece = SH_WHITE_KING; break;
        case 'z': piece = SH_BLACK_MAN; break;
        case 'Z': piece = SH_BLACK_KING; break;
        default:
            return error_set(err, SH_ERR_SYNTAX, 0, sq + 1,
                             "square %d: '%c' is not one of e w z W Z", sq + 1, board[sq]);
        }
        sh_position_set_piece(pos, sq, piece);
    }
    return sh_position_validate(pos, err);
}

void dxp_position_write(const ShPosition *pos, char board[DXP_BOARD_SQUARES + 1])
{
    static const char LETTERS[] = {'e', 'w', 'W', 'z', 'Z'}; /* in ShPiece order */
    for (int sq = 0; sq < DXP_BOARD_SQUARES; sq++) {
        ShPiece p = sh_position_piece_at(pos, sq);
        board[sq] = LETTERS[(int)p <= 4 ? (int)p : 0];
    }
    board[DXP_BOARD_SQUARES] = '\0';
}

/* The legal moves, written for an error message. */
static void list_moves(const ShPosition *pos, const ShMoveList *list, ShError *err)
{
    error_append(err, "; the legal moves:");
    for (int i = 0; i < list->count; i++) {
        char text[SH_MOVE_TEXT_SIZE];
        if (sh_move_write(pos, &list->moves[i], SH_NOTATION_HUB, text, NULL) == SH_OK)
            error_append(err, " %s", text);
    }
    if (list->count == 0)
        error_append(err, " none");
}

static void message_text(const DxpMessage *m, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "%d%c%d", m->from, m->captured_count ? 'x' : '-',
                                m->to);
    for (int i = 0; i < m->captured_count && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "x%d", m->captured[i]);
}

ShStatus dxp_move_find(const ShPosition *pos, const DxpMessage *m, ShMove *move, ShError *err)
{
    error_clear(err);
    ShMoveList list;
    sh_moves_generate(pos, &list);
    char text[256];
    message_text(m, text, sizeof text);
    /* The captured set as a mask of squares. */
    uint64_t wanted = 0;
    for (int i = 0; i < m->captured_count; i++)
        if (m->captured[i] >= 1 && m->captured[i] <= 64)
            wanted |= 1ull << (m->captured[i] - 1);
    int found = -1, fits = 0;
    for (int i = 0; i < list.count; i++) {
        const ShMove *c = &list.moves[i];
        if (sh_move_from(c) + 1 != m->from || sh_move_to(c) + 1 != m->to)
            continue;
        int squares[SH_MAX_CAPTURES];
        int k = sh_move_captured_squares(c, squares);
        uint64_t have = 0;
        for (int j = 0; j < k; j++)
            have |= 1ull << squares[j];
        if (m->captured_count == 0 && k > 0) {
            /* a capture sent without its captured squares: taken if it is the only one */
            found = i;
            fits++;
        } else if (k == m->captured_count && have == wanted) {
            found = i;
            fits = 1;
            break;
        }
    }
    if (fits == 1) {
        *move = list.moves[found];
        return SH_OK;
    }
    ShStatus code = fits > 1 ? SH_ERR_AMBIGUOUS_MOVE : SH_ERR_ILLEGAL_MOVE;
    if (fits > 1)
        error_set(err, code, 0, 0, "%s fits %d captures: the captured squares are needed", text,
                  fits);
    else
        error_set(err, code, 0, 0, "%s is not a legal move here", text);
    list_moves(pos, &list, err);
    return code;
}

void dxp_move_message(const ShPosition *pos, const ShMove *move, int seconds, DxpMessage *m)
{
    (void)pos;
    memset(m, 0, sizeof *m);
    m->kind = DXP_MOVE;
    m->seconds = seconds < 0 ? 0 : seconds > 9999 ? 9999 : seconds;
    m->from = sh_move_from(move) + 1;
    m->to = sh_move_to(move) + 1;
    int squares[SH_MAX_CAPTURES];
    int k = sh_move_captured_squares(move, squares);
    if (k > DXP_MAX_CAPTURED)
        k = DXP_MAX_CAPTURED; /* more than 20 pieces cannot be captured on 10x10 */
    m->captured_count = k;
    for (int i = 0; i < k; i++)
        m->captured[i] = squares[i] + 1;
}
