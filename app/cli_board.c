/* cli_board.c - boards drawn as text (cli.h): a draughts board as a diagram with its files and
 * ranks; any other game's board from its cells (ShGeometry) and their pieces (ShUnit):
 *
 *   - a board of square cells named by file and rank (a1 .. h8) as a grid, the ranks on the
 *     left and the files below, each cell two characters wide;
 *   - any other board (the hex boards, Neva's diamond of numbered cells) as rows of cells with
 *     their names, "a1:w", each row indented as its first cell stands, so that the rows keep
 *     the board's shape.
 *
 * A piece is its owner's letter (the first of the player's colour: w White, b Black, r Red,
 * g Green), a king in capitals, a Belarusian pawn with a ' after it; '.' an empty cell. A line
 * under the board tells the letters. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

void cli_board_print(FILE *out, const ShPosition *pos, bool flip)
{
    static const char glyph[] = {'.', 'w', 'W', 'b', 'B'};
    const int size = sh_rules_get((ShVariant)pos->variant)->board_size;
    const int ranks = sh_rules_get((ShVariant)pos->variant)->board_rows;
    char rule[2 * SH_MAX_BOARD_SIZE + 2];
    memset(rule, '-', (size_t)(2 * size + 1));
    rule[2 * size + 1] = '\0';
    const int w = ranks >= 10 ? 2 : 1; /* the width of the rank numbers */
    fprintf(out, "%*s+%s+\n", w + 2, "", rule);
    for (int row = 0; row < ranks; row++) {
        int rank = flip ? row : ranks - 1 - row;
        fprintf(out, " %*d | ", w, rank + 1);
        for (int col = 0; col < size; col++) {
            int file = flip ? size - 1 - col : col;
            int sq = sh_board_square_at((ShVariant)pos->variant, file, rank);
            fputc(sq < 0 ? ' ' : glyph[sh_position_piece_at(pos, sq)], out);
            fputc(' ', out);
        }
        fputs("|\n", out);
    }
    fprintf(out, "%*s+%s+\n%*s", w + 2, "", rule, w + 4, "");
    for (int col = 0; col < size; col++)
        fprintf(out, "%c%s", 'a' + (flip ? size - 1 - col : col), col + 1 < size ? " " : "\n");
    if (!sh_rules_get((ShVariant)pos->variant)->columns)
        return;
    /* the column games: what stands under the tops, square by square */
    bool any = false;
    for (int sq = 0; sq < sh_board_squares((ShVariant)pos->variant); sq++) {
        ShPiece column[SH_MAX_COLUMN];
        int h = sh_position_column(pos, sq, column);
        if (h < 2)
            continue;
        char name[SH_SQUARE_NAME_SIZE];
        sh_board_square_name((ShVariant)pos->variant, sq, false, name);
        fprintf(out, "%s%s ", any ? ", " : "  columns, top first: ", name);
        for (int k = 0; k < h; k++)
            fputc(glyph[column[k]], out);
        any = true;
    }
    if (any)
        fputc('\n', out);
}

/* A cell's two characters: its top piece, or '.'. */
static void cell_glyph(const ShPlay *play, int ply, int cell, char out[3])
{
    ShUnit units[SH_MAX_STACK];
    int n = sh_play_units(play, ply, cell, units);
    out[0] = '.';
    out[1] = ' ';
    out[2] = '\0';
    if (n <= 0)
        return;
    const ShKind *kind = sh_play_kind(play);
    int owner = units[0].owner < kind->players ? units[0].owner : 0;
    char letter = (char)tolower((unsigned char)kind->player_names[owner][0]);
    out[0] = units[0].kind == SH_UNIT_KING ? (char)toupper((unsigned char)letter) : letter;
    if (units[0].kind == SH_UNIT_PAWN)
        out[1] = '\'';
}

/* A cell name's file letters and rank number ("a1"); false if it is not one. */
static bool file_rank(const char *name, int *file, int *rank)
{
    if (!islower((unsigned char)name[0]) || !isdigit((unsigned char)name[1]))
        return false;
    *file = name[0] - 'a';
    *rank = 0;
    for (const char *p = name + 1; *p; p++) {
        if (!isdigit((unsigned char)*p))
            return false;
        *rank = *rank * 10 + (*p - '0');
    }
    return true;
}

/* Whether the board is a grid of square cells named by file and rank where they stand (file
 * from the left, rank from the bottom). */
static bool is_grid(const ShGeometry *g)
{
    for (int i = 0; i < g->cell_count; i++) {
        const ShCell *c = &g->cell[i];
        int file, rank;
        if (c->shape != SH_CELL_SQUARE || !file_rank(c->name, &file, &rank) ||
            (int)c->x != file || (int)g->height - 1 - (int)c->y != rank - 1)
            return false;
    }
    return g->cell_count > 0;
}

static void print_grid(FILE *out, const ShPlay *play, int ply, const ShGeometry *g)
{
    int cols = (int)ceilf(g->width), rows = (int)ceilf(g->height);
    int at[32][32];
    if (cols > 32 || rows > 32)
        return;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            at[r][c] = -1;
    for (int i = 0; i < g->cell_count; i++)
        at[(int)g->cell[i].y][(int)g->cell[i].x] = i;
    const int w = rows >= 10 ? 2 : 1;
    char rule[2 * 32 + 2];
    memset(rule, '-', (size_t)(2 * cols + 1));
    rule[2 * cols + 1] = '\0';
    fprintf(out, "%*s+%s+\n", w + 2, "", rule);
    for (int r = 0; r < rows; r++) {
        fprintf(out, " %*d | ", w, rows - r);
        for (int c = 0; c < cols; c++) {
            char cell[3] = "  ";
            if (at[r][c] >= 0)
                cell_glyph(play, ply, at[r][c], cell);
            fputs(cell, out);
        }
        fputs("|\n", out);
    }
    fprintf(out, "%*s+%s+\n%*s", w + 2, "", rule, w + 4, "");
    for (int c = 0; c < cols; c++)
        fprintf(out, "%c%s", 'a' + c, c + 1 < cols ? " " : "\n");
}

/* Rows of named cells: the cells of one height together, left to right, top row first. */
static void print_rows(FILE *out, const ShPlay *play, int ply, const ShGeometry *g)
{
    int order[SH_MAX_CELLS];
    int n = g->cell_count < SH_MAX_CELLS ? g->cell_count : SH_MAX_CELLS;
    float left = 1e9f;
    for (int i = 0; i < n; i++) {
        order[i] = i;
        if (g->cell[i].x < left)
            left = g->cell[i].x;
    }
    /* by height, then from the left (insertion sort: a board has few cells) */
    for (int i = 1; i < n; i++) {
        int k = order[i], j = i - 1;
        const ShCell *c = &g->cell[k];
        while (j >= 0 && (g->cell[order[j]].y > c->y + 0.01f ||
                          (fabsf(g->cell[order[j]].y - c->y) <= 0.01f &&
                           g->cell[order[j]].x > c->x)))
            order[j + 1] = order[j], j--;
        order[j + 1] = k;
    }
    int column = 0;
    for (int i = 0; i < n; i++) {
        const ShCell *c = &g->cell[order[i]];
        bool new_row = i == 0 || fabsf(g->cell[order[i - 1]].y - c->y) > 0.01f;
        if (new_row && i > 0) {
            fputc('\n', out);
            column = 0;
        }
        int want = 2 + (int)lroundf((c->x - left) * 4);
        if (column < want) {
            fprintf(out, "%*s", want - column, "");
            column = want;
        } else if (!new_row) {
            fputc(' ', out);
            column++;
        }
        char cell[3];
        cell_glyph(play, ply, order[i], cell);
        if (cell[1] == ' ')
            cell[1] = '\0';
        column += fprintf(out, "%s:%s", c->name, cell);
    }
    if (n)
        fputc('\n', out);
}

void cli_play_board_print(FILE *out, const ShPlay *play, int ply)
{
    const ShGame *game = sh_play_game(play);
    if (game) {
        int at = ply < 0 || ply > sh_game_ply_count(game) ? sh_game_ply_count(game) : ply;
        cli_board_print(out, sh_game_position_at(game, at), false);
        return;
    }
    ShGeometry *g = malloc(sizeof *g);
    if (!g)
        return;
    sh_play_geometry(play, g);
    if (is_grid(g))
        print_grid(out, play, ply, g);
    else
        print_rows(out, play, ply, g);
    /* the letters, and the kinds of piece on the board */
    bool kings = false, pawns = false;
    for (int cell = 0; cell < g->cell_count; cell++) {
        ShUnit units[SH_MAX_STACK];
        if (sh_play_units(play, ply, cell, units) > 0) {
            kings |= units[0].kind == SH_UNIT_KING;
            pawns |= units[0].kind == SH_UNIT_PAWN;
        }
    }
    free(g);
    const ShKind *kind = sh_play_kind(play);
    fputs("  ", out);
    for (int p = 0; p < kind->players; p++)
        fprintf(out, "%c %s%s", tolower((unsigned char)kind->player_names[p][0]),
                kind->player_names[p], p + 1 < kind->players ? ", " : "");
    fprintf(out, "%s%s\n", kings ? "; capitals are kings" : "", pawns ? "; w' is a pawn" : "");
}
