/* position.c - setting up, reading, hashing and validating positions. */
#include <string.h>

#include "columns.h"
#include "error.h"
#include "position.h"

/* Zobrist keys: splitmix64 of the key's index, written as constant expressions so that the
 * table is fixed at compile time (no initialisation call, no mutable global state). */
#define SM_A(z) (((z) ^ ((z) >> 30)) * UINT64_C(0xbf58476d1ce4e5b9))
#define SM_B(z) (((z) ^ ((z) >> 27)) * UINT64_C(0x94d049bb133111eb))
#define SM_C(z) ((z) ^ ((z) >> 31))
#define ZKEY(i) SM_C(SM_B(SM_A((uint64_t)(i + 1) * UINT64_C(0x9e3779b97f4a7c15))))
#define Z4(i) ZKEY(i), ZKEY(i + 1), ZKEY(i + 2), ZKEY(i + 3)
#define Z16(i) Z4(i), Z4(i + 4), Z4(i + 8), Z4(i + 12)
#define Z64(i) Z16(i), Z16(i + 16), Z16(i + 32), Z16(i + 48)

const uint64_t ZOBRIST[4][BB_BITS] = {{Z64(0)}, {Z64(64)}, {Z64(128)}, {Z64(192)}};
const uint64_t ZOBRIST_BLACK_TO_MOVE = ZKEY(256);
const uint64_t ZOBRIST_SECOND_MOVE = ZKEY(257);
const uint64_t ZOBRIST_HIGH[4][16] = {{Z16(258)}, {Z16(274)}, {Z16(290)}, {Z16(306)}};

/* The 12x12 board: a position's words as 128 bits, and back. */
static void wide_store(ShPosition *p, Wide white, Wide black, Wide kings)
{
    p->pieces[SH_WHITE] = (uint64_t)white;
    p->pieces[SH_BLACK] = (uint64_t)black;
    p->kings = (uint64_t)kings;
    p->ext.high[SH_WHITE] = (uint16_t)(white >> 64);
    p->ext.high[SH_BLACK] = (uint16_t)(black >> 64);
    p->ext.high[2] = (uint16_t)(kings >> 64);
}

uint64_t sh_position_hash(const ShPosition *pos)
{
    uint64_t key = pos->side == SH_BLACK ? ZOBRIST_BLACK_TO_MOVE : 0;
    if (pos->turn_move)
        key ^= ZOBRIST_SECOND_MOVE;
    if (pos->variant == SH_VARIANT_FRISIAN)
        key ^= pos_run_key(SH_WHITE, pos->king_run[SH_WHITE]) ^
               pos_run_key(SH_BLACK, pos->king_run[SH_BLACK]);
    for (int color = 0; color < 2; color++) {
        for (Bitboard b = pos->pieces[color]; b; b &= b - 1) {
            int i = bb_first(b);
            key ^= ZOBRIST[color * 2 + (int)((pos->kings >> i) & 1)][i];
        }
        for (unsigned b = pos_high(pos, color); b; b &= b - 1) { /* the 12x12 board */
            int i = __builtin_ctz(b);
            key ^= ZOBRIST_HIGH[color * 2 + (int)((pos_high(pos, 2) >> i) & 1)][i];
        }
    }
    if (col_is(pos->variant))
        key ^= col_hash(pos);
    return key;
}

void sh_position_clear(ShPosition *pos, ShVariant variant, ShColor side)
{
    memset(pos, 0, sizeof *pos);
    pos->side = (uint8_t)side;
    pos->variant = (uint8_t)variant;
    pos->key = sh_position_hash(pos);
}

void sh_position_start(ShPosition *pos, ShVariant variant)
{
    const ShRules *rules = sh_rules_get(variant);
    if (!rules || sh_fen_read_variant(rules->start_fen, variant, pos, NULL) != SH_OK)
        sh_position_clear(pos, variant, SH_WHITE);
}

void sh_position_start_drawn(ShPosition *pos, ShVariant variant, uint64_t lot)
{
    const ShRules *rules = sh_rules_get(variant);
    sh_position_start(pos, variant);
    if (!rules || !rules->start_drawn)
        return;
    int first = 0, count = 0;
    ShOpening o;
    for (int i = 0; sh_opening_at(i, &o); i++) {
        if (o.setup[0] == '\0')
            continue;
        if (count++ == 0)
            first = i;
    }
    if (count && sh_opening_at(first + (int)(lot % (uint64_t)count), &o) &&
        sh_fen_read_variant(o.fen, variant, pos, NULL) != SH_OK)
        sh_position_start(pos, variant);
}

/* pos_play on the 12x12 board: the same on 128-bit words. */
static void wide_play(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    int us = p->side, them = us ^ 1;
    Wide from = w_bit(m->from), to = w_bit(m->to), cap = move_wide_captured(m);
    Wide kings = pos_wide_kings(p);
    int was_king = (kings & from) != 0;
    int is_king = was_king | m->promotes;
    uint64_t key = p->key ^ ZOBRIST_BLACK_TO_MOVE ^ pos_zobrist(us * 2 + was_king, m->from) ^
                   pos_zobrist(us * 2 + is_king, m->to);
    for (Wide b = cap; b; b &= b - 1) {
        int i = w_first(b);
        key ^= pos_zobrist(them * 2 + (int)((kings >> i) & 1), i);
    }
    Wide mine = (pos_wide_pieces(p, us) & ~from) | to;
    Wide theirs = pos_wide_pieces(p, them) & ~cap;
    kings = (kings & ~from & ~cap) | (is_king ? to : 0);
    ShPosition r = *p;
    wide_store(&r, us == SH_WHITE ? mine : theirs, us == SH_WHITE ? theirs : mine, kings);
    r.key = key;
    r.side = (uint8_t)them;
    r.turn_move = 0;
    *out = r;
}

/* Northern, self-eaters, two-move, the column games, Frisian (pos_play_is_special): what
 * pos_play does, and more; and the 12x12 board. */
void pos_play_special(const ShPosition *p, const ShMove *m, ShPosition *out)
{
    if (p->variant == SH_VARIANT_CANADIAN) {
        wide_play(p, m, out);
        return;
    }
    if (col_is(p->variant)) {
        col_play(p, m, out);
        return;
    }
    const ShRules *rules = sh_rules_get((ShVariant)p->variant);
    int us = p->side, them = us ^ 1;
    Bitboard from = bb_bit(m->from), to = bb_bit(m->to), cap = m->captured;
    bool is_king = (p->kings & from) || m->promotes;
    ShPosition r = *p;
    Bitboard removed = cap, demoted = 0;
    if (rules->captured_king_demoted) {
        demoted = cap & p->kings; /* it stays, as a man of its colour */
        removed = cap & ~p->kings;
    }
    r.pieces[us] = (p->pieces[us] & ~from & ~removed) | to;
    r.pieces[them] = p->pieces[them] & ~removed;
    r.kings = (p->kings & ~from & ~removed & ~demoted) | (is_king ? to : (Bitboard)0);
    r.side = (uint8_t)them;
    r.turn_move = 0;
    if (rules->king_moves_limit)
        pos_run_update(p, m, &r);
    if (rules->moves_per_turn == 2 && p->turn_move == 0) {
        /* the same side's second move, when it has one and the game goes on (else the turn
         * passes: to an opponent without pieces, who has lost) */
        r.side = (uint8_t)us;
        r.turn_move = 1;
        if (!r.pieces[them] || sh_moves_count(&r) == 0) {
            r.side = (uint8_t)them;
            r.turn_move = 0;
        }
    }
    r.key = sh_position_hash(&r);
    *out = r;
}

ShPiece sh_position_piece_at(const ShPosition *pos, int square)
{
    if (square < 0 || square >= geo_squares(pos->variant))
        return SH_EMPTY;
    int i = geo_square_bit(pos->variant, square);
    bool king = pos_king_at(pos, i);
    if ((pos_wide_pieces(pos, SH_WHITE) >> i) & 1)
        return king ? SH_WHITE_KING : SH_WHITE_MAN;
    if ((pos_wide_pieces(pos, SH_BLACK) >> i) & 1)
        return king ? SH_BLACK_KING : SH_BLACK_MAN;
    return SH_EMPTY;
}

static unsigned piece_code(ShPiece piece)
{
    return (piece == SH_BLACK_MAN || piece == SH_BLACK_KING ? COL_CODE_BLACK : 0u) |
           (piece == SH_WHITE_KING || piece == SH_BLACK_KING ? COL_CODE_KING : 0u);
}

static ShPiece code_piece(unsigned code)
{
    static const ShPiece PIECES[4] = {SH_WHITE_MAN, SH_BLACK_MAN, SH_WHITE_KING, SH_BLACK_KING};
    return PIECES[code & 3u];
}

int sh_position_column(const ShPosition *pos, int square, ShPiece pieces[SH_MAX_COLUMN])
{
    ShPiece top = sh_position_piece_at(pos, square);
    if (top == SH_EMPTY)
        return 0;
    pieces[0] = top;
    if (!col_is(pos->variant))
        return 1;
    ColBoard b;
    col_decode(pos, &b);
    int i = geo_square_bit(pos->variant, square);
    for (int k = 1; k < b.height[i]; k++)
        pieces[k] = code_piece((unsigned)(b.low[i] >> (2 * (k - 1))));
    return b.height[i];
}

ShStatus sh_position_set_column(ShPosition *pos, int square, const ShPiece *pieces, int height,
                                ShError *err)
{
    if (!pos || square < 0 || square >= geo_squares(pos->variant) || height < 0 ||
        height > SH_MAX_COLUMN || (height > 0 && !pieces))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "bad square or column");
    for (int k = 0; k < height; k++)
        if (pieces[k] < SH_WHITE_MAN || pieces[k] > SH_BLACK_KING)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "an empty place in a column");
    if (!col_is(pos->variant)) {
        if (height > 1)
            return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s has no columns",
                             sh_rules_get((ShVariant)pos->variant)->name);
        sh_position_set_piece(pos, square, height ? pieces[0] : SH_EMPTY);
        return SH_OK;
    }
    ColBoard b;
    col_decode(pos, &b);
    ShPosition r = *pos;
    int i = geo_square_bit(pos->variant, square);
    Bitboard bit = bb_bit(i);
    r.pieces[SH_WHITE] &= ~bit;
    r.pieces[SH_BLACK] &= ~bit;
    r.kings &= ~bit;
    b.height[i] = (uint8_t)height;
    b.low[i] = 0;
    if (height > 0) {
        unsigned top = piece_code(pieces[0]);
        r.pieces[top & COL_CODE_BLACK] |= bit;
        if (top & COL_CODE_KING)
            r.kings |= bit;
        for (int k = 1; k < height; k++)
            b.low[i] |= (uint64_t)piece_code(pieces[k]) << (2 * (k - 1));
    }
    if (!col_encode(&r, &b))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "too many pieces under the columns' tops");
    r.key = sh_position_hash(&r);
    *pos = r;
    return SH_OK;
}

int sh_position_count_all(const ShPosition *pos, ShPiece piece)
{
    if (!col_is(pos->variant) || piece == SH_EMPTY)
        return sh_position_count(pos, piece);
    int color = piece == SH_WHITE_MAN || piece == SH_WHITE_KING ? SH_WHITE : SH_BLACK, kings;
    int all = col_material(pos, color, &kings);
    return piece == SH_WHITE_KING || piece == SH_BLACK_KING ? kings : all - kings;
}

void sh_position_set_piece(ShPosition *pos, int square, ShPiece piece)
{
    if (square < 0 || square >= geo_squares(pos->variant))
        return;
    if (col_is(pos->variant)) {
        sh_position_set_column(pos, square, &piece, piece == SH_EMPTY ? 0 : 1, NULL);
        return;
    }
    int i = geo_square_bit(pos->variant, square);
    Wide b = w_bit(i), pieces[2] = {pos_wide_pieces(pos, SH_WHITE), pos_wide_pieces(pos, SH_BLACK)};
    Wide kings = pos_wide_kings(pos);
    for (int color = 0; color < 2; color++) {
        if (pieces[color] & b)
            pos->key ^= pos_zobrist(color * 2 + (int)((kings >> i) & 1), i);
        pieces[color] &= ~b;
    }
    kings &= ~b;
    if (piece != SH_EMPTY) {
        int color = (piece == SH_WHITE_MAN || piece == SH_WHITE_KING) ? SH_WHITE : SH_BLACK;
        int king = (piece == SH_WHITE_KING || piece == SH_BLACK_KING);
        pieces[color] |= b;
        if (king)
            kings |= b;
        pos->key ^= pos_zobrist(color * 2 + king, i);
    }
    if (geo_kind(pos->variant) == GEO_DIAGONAL12) {
        wide_store(pos, pieces[SH_WHITE], pieces[SH_BLACK], kings);
    } else {
        pos->pieces[SH_WHITE] = (Bitboard)pieces[SH_WHITE];
        pos->pieces[SH_BLACK] = (Bitboard)pieces[SH_BLACK];
        pos->kings = (Bitboard)kings;
    }
    /* (Frisian) a run whose king is gone, or whose side has no man left, ends */
    for (int color = 0; color < 2 && pos->variant == SH_VARIANT_FRISIAN; color++) {
        uint8_t run = pos->king_run[color];
        if (run && (!(pos_kings(pos, color) & bb_bit(pos_run_bit(run))) || !pos_men(pos, color))) {
            pos->key ^= pos_run_key(color, run);
            pos->king_run[color] = 0;
        }
    }
}

void sh_position_set_side(ShPosition *pos, ShColor side)
{
    if (pos->side != side)
        pos->key ^= ZOBRIST_BLACK_TO_MOVE;
    pos->side = (uint8_t)side;
}

ShColor sh_position_side(const ShPosition *pos)
{
    return (ShColor)pos->side;
}

int sh_position_count(const ShPosition *pos, ShPiece piece)
{
    Wide white = pos_wide_pieces(pos, SH_WHITE), black = pos_wide_pieces(pos, SH_BLACK);
    Wide kings = pos_wide_kings(pos);
    switch (piece) {
    case SH_WHITE_MAN: return w_count(white & ~kings);
    case SH_WHITE_KING: return w_count(white & kings);
    case SH_BLACK_MAN: return w_count(black & ~kings);
    case SH_BLACK_KING: return w_count(black & kings);
    case SH_EMPTY: return w_count(geo_valid_wide(pos->variant) & ~(white | black));
    }
    return 0;
}

bool sh_position_equal(const ShPosition *a, const ShPosition *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side && a->variant == b->variant &&
           a->turn_move == b->turn_move && memcmp(&a->ext, &b->ext, sizeof a->ext) == 0 &&
           (a->variant != SH_VARIANT_FRISIAN ||
            (a->king_run[0] == b->king_run[0] && a->king_run[1] == b->king_run[1]));
}

ShStatus sh_position_validate(const ShPosition *pos, ShError *err)
{
    const ShRules *rules = sh_rules_get((ShVariant)pos->variant);
    if (!rules)
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "unknown variant %d",
                         pos->variant);
    if (pos->side > SH_BLACK)
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "bad side to move");
    Wide pieces[2] = {pos_wide_pieces(pos, SH_WHITE), pos_wide_pieces(pos, SH_BLACK)};
    Wide kings = pos_wide_kings(pos);
    if ((pieces[0] & pieces[1]) || ((pieces[0] | pieces[1]) & ~geo_valid_wide(pos->variant)) ||
        (kings & ~(pieces[0] | pieces[1])) || pos->turn_move > (rules->moves_per_turn > 1))
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "corrupt position record");
    static const char *const names[2] = {"White", "Black"};
    for (int color = 0; color < 2; color++) {
        int n = col_is(pos->variant) ? col_material(pos, color, NULL) : w_count(pieces[color]);
        if (n > rules->pieces_per_side)
            return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                             "%s has %d pieces; a side has at most %d", names[color], n,
                             rules->pieces_per_side);
        Wide bad = pieces[color] & ~kings & geo_promotion_wide(pos->variant, color);
        if (bad) {
            char name[SH_SQUARE_NAME_SIZE];
            sh_board_square_name((ShVariant)pos->variant,
                                 geo_bit_square(pos->variant, w_first(bad)), false, name);
            return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                             "%s man on %s: a man cannot stand on the rank where it is crowned",
                             color == SH_WHITE ? "white" : "black", name);
        }
    }
    if (rules->king_moves_limit) {
        for (int color = 0; color < 2; color++) {
            uint8_t run = pos->king_run[color];
            if (run && (pos_run_count(run) == 0 || pos_run_count(run) > rules->king_moves_limit ||
                        !(pos_kings(pos, color) & bb_bit(pos_run_bit(run))) ||
                        !pos_men(pos, color)))
                return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                                 "%s's run of king moves names no king of a side with men",
                                 names[color]);
        }
    }
    if (pos->key != sh_position_hash(pos))
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "stale hash key");
    return SH_OK;
}
