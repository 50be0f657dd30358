/* geometry.c - every variant's squares: which are played, their names and numbers (see
 * geometry.h for the bit layouts). */
#include <ctype.h>
#include <stdio.h>

#include "geometry.h"

const uint8_t GEO_KIND[SH_VARIANT_COUNT] = {
    [SH_VARIANT_ITALIAN] = GEO_MIRRORED,
    [SH_VARIANT_SPANISH] = GEO_MIRRORED,
    [SH_VARIANT_TURKISH] = GEO_ORTHOGONAL,
    [SH_VARIANT_INTERNATIONAL] = GEO_DIAGONAL10,
    [SH_VARIANT_FRISIAN] = GEO_DIAGONAL10,
    [SH_VARIANT_LASCA] = GEO_SMALL7,
    [SH_VARIANT_CANADIAN] = GEO_DIAGONAL12,
    [SH_VARIANT_SPANTSIRETTI] = GEO_DIAGONAL80,
};

int sh_board_squares(ShVariant variant)
{
    return geo_squares((int)variant);
}

int sh_board_square_at(ShVariant variant, int file, int rank)
{
    if (geo_kind((int)variant) == GEO_DIAGONAL10)
        return b10_square_at(file, rank);
    if (geo_kind((int)variant) == GEO_DIAGONAL12)
        return b12_square_at(file, rank);
    if (geo_kind((int)variant) == GEO_SMALL7)
        return s7_square_at(file, rank);
    if (geo_kind((int)variant) == GEO_DIAGONAL80)
        return b80_square_at(file, rank);
    if (file < 0 || file > 7 || rank < 0 || rank > 7)
        return -1;
    switch (geo_kind((int)variant)) {
    case GEO_ORTHOGONAL: return (7 - rank) * 8 + file;
    case GEO_MIRRORED: {
        int s = sh_square_at(7 - file, rank);
        return s < 0 ? -1 : geo_mirror(s);
    }
    case GEO_DIAGONAL:
    case GEO_DIAGONAL10:
    case GEO_DIAGONAL12:
    case GEO_DIAGONAL80:
    case GEO_SMALL7: break;
    }
    return sh_square_at(file, rank);
}

int sh_board_square_file(ShVariant variant, int square)
{
    switch (geo_kind((int)variant)) {
    case GEO_ORTHOGONAL: return square % 8;
    case GEO_MIRRORED: return 7 - sh_square_file(geo_mirror(square));
    case GEO_DIAGONAL10: return b10_square_file(square);
    case GEO_DIAGONAL12: return b12_square_file(square);
    case GEO_SMALL7: return s7_square_file(square);
    case GEO_DIAGONAL80: return b80_square_file(square);
    case GEO_DIAGONAL: break;
    }
    return sh_square_file(square);
}

int sh_board_square_rank(ShVariant variant, int square)
{
    if (geo_kind((int)variant) == GEO_ORTHOGONAL)
        return 7 - square / 8;
    if (geo_kind((int)variant) == GEO_DIAGONAL10)
        return b10_square_rank(square);
    if (geo_kind((int)variant) == GEO_DIAGONAL12)
        return b12_square_rank(square);
    if (geo_kind((int)variant) == GEO_SMALL7)
        return s7_square_rank(square);
    if (geo_kind((int)variant) == GEO_DIAGONAL80)
        return b80_square_rank(square);
    return sh_square_rank(square);
}

void sh_board_square_name(ShVariant variant, int square, bool numeric,
                          char out[SH_SQUARE_NAME_SIZE])
{
    if (square < 0 || square >= geo_squares((int)variant)) {
        out[0] = '?';
        out[1] = '\0';
        return;
    }
    if (numeric) {
        snprintf(out, SH_SQUARE_NAME_SIZE, "%d", square + 1);
        return;
    }
    int file = sh_board_square_file(variant, square), rank = sh_board_square_rank(variant, square);
    int n = 0;
    out[n++] = (char)('a' + file);
    if (rank >= 9)
        out[n++] = (char)('0' + (rank + 1) / 10);
    out[n++] = (char)('0' + (rank + 1) % 10);
    out[n] = '\0';
}

int sh_board_square_parse(ShVariant variant, const char *text, int *square)
{
    if (!text)
        return 0;
    char c = (char)tolower((unsigned char)text[0]);
    const ShRules *r = sh_rules_get(variant);
    int files = r ? r->board_size : 8, ranks = r ? r->board_rows : 8;
    if (c >= 'a' && c < 'a' + files && isdigit((unsigned char)text[1]) && text[1] != '0') {
        int rank = text[1] - '0', len = 2;
        if (isdigit((unsigned char)text[2])) {
            rank = rank * 10 + (text[2] - '0');
            len = 3;
        }
        if (isdigit((unsigned char)text[len]) || rank > ranks)
            return 0;
        int sq = sh_board_square_at(variant, c - 'a', rank - 1);
        if (sq < 0)
            return 0;
        if (square)
            *square = sq;
        return len;
    }
    if (isdigit((unsigned char)text[0]) && text[0] != '0') {
        int n = 0, len = 0;
        while (isdigit((unsigned char)text[len]) && len < 3)
            n = n * 10 + (text[len++] - '0');
        if (isdigit((unsigned char)text[len]) || n < 1 || n > geo_squares((int)variant))
            return 0;
        if (square)
            *square = n - 1;
        return len;
    }
    return 0;
}
