/* position.c - setting up, reading, hashing and validating positions. */
#include <string.h>

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

uint64_t sh_position_hash(const ShPosition *pos)
{
    uint64_t key = pos->side == SH_BLACK ? ZOBRIST_BLACK_TO_MOVE : 0;
    for (int color = 0; color < 2; color++) {
        for (Bitboard b = pos->pieces[color]; b; b &= b - 1) {
            int i = bb_first(b);
            key ^= ZOBRIST[color * 2 + (int)((pos->kings >> i) & 1)][i];
        }
    }
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
    sh_position_clear(pos, variant, SH_WHITE);
    for (int sq = 0; sq < 12; sq++) {
        pos->pieces[SH_BLACK] |= bb_bit(bb_square_bit(sq));
        pos->pieces[SH_WHITE] |= bb_bit(bb_square_bit(SH_SQUARES - 1 - sq));
    }
    pos->key = sh_position_hash(pos);
}

ShPiece sh_position_piece_at(const ShPosition *pos, int square)
{
    if (square < 0 || square >= SH_SQUARES)
        return SH_EMPTY;
    Bitboard b = bb_bit(bb_square_bit(square));
    bool king = (pos->kings & b) != 0;
    if (pos->pieces[SH_WHITE] & b)
        return king ? SH_WHITE_KING : SH_WHITE_MAN;
    if (pos->pieces[SH_BLACK] & b)
        return king ? SH_BLACK_KING : SH_BLACK_MAN;
    return SH_EMPTY;
}

void sh_position_set_piece(ShPosition *pos, int square, ShPiece piece)
{
    if (square < 0 || square >= SH_SQUARES)
        return;
    int i = bb_square_bit(square);
    Bitboard b = bb_bit(i);
    for (int color = 0; color < 2; color++) {
        if (pos->pieces[color] & b)
            pos->key ^= ZOBRIST[color * 2 + (int)((pos->kings >> i) & 1)][i];
    }
    pos->pieces[SH_WHITE] &= ~b;
    pos->pieces[SH_BLACK] &= ~b;
    pos->kings &= ~b;
    if (piece == SH_EMPTY)
        return;
    int color = (piece == SH_WHITE_MAN || piece == SH_WHITE_KING) ? SH_WHITE : SH_BLACK;
    int king = (piece == SH_WHITE_KING || piece == SH_BLACK_KING);
    pos->pieces[color] |= b;
    if (king)
        pos->kings |= b;
    pos->key ^= ZOBRIST[color * 2 + king][i];
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
    switch (piece) {
    case SH_WHITE_MAN: return bb_count(pos_men(pos, SH_WHITE));
    case SH_WHITE_KING: return bb_count(pos_kings(pos, SH_WHITE));
    case SH_BLACK_MAN: return bb_count(pos_men(pos, SH_BLACK));
    case SH_BLACK_KING: return bb_count(pos_kings(pos, SH_BLACK));
    case SH_EMPTY: return bb_count(pos_empty(pos));
    }
    return 0;
}

bool sh_position_equal(const ShPosition *a, const ShPosition *b)
{
    return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
           a->kings == b->kings && a->side == b->side && a->variant == b->variant;
}

ShStatus sh_position_validate(const ShPosition *pos, ShError *err)
{
    const ShRules *rules = sh_rules_get((ShVariant)pos->variant);
    if (!rules)
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "unknown variant %d",
                         pos->variant);
    if (pos->side > SH_BLACK)
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "bad side to move");
    if ((pos->pieces[0] & pos->pieces[1]) || ((pos->pieces[0] | pos->pieces[1]) & ~BB_VALID) ||
        (pos->kings & ~pos_occupied(pos)))
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "corrupt position record");
    static const char *const names[2] = {"White", "Black"};
    for (int color = 0; color < 2; color++) {
        int n = bb_count(pos->pieces[color]);
        if (n > rules->pieces_per_side)
            return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                             "%s has %d pieces; a side has at most %d", names[color], n,
                             rules->pieces_per_side);
        Bitboard bad = pos_men(pos, color) & bb_promotion_rank(color);
        if (bad) {
            char name[3];
            sh_square_name(bb_bit_square(bb_first(bad)), false, name);
            return error_set(err, SH_ERR_INVALID_POSITION, 0, 0,
                             "%s man on %s: a man cannot stand on the rank where it is crowned",
                             color == SH_WHITE ? "white" : "black", name);
        }
    }
    if (pos->key != sh_position_hash(pos))
        return error_set(err, SH_ERR_INVALID_POSITION, 0, 0, "stale hash key");
    return SH_OK;
}
