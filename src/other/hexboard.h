/* hexboard.h - a regular hexagon of hexagonal cells, flat-topped (private): the boards of Pskov
 * and Novgorod draughts.
 *
 * A board of side n has 3n(n-1)+1 cells. A cell is (q, r) in axial coordinates, the centre
 * (0, 0); its cube coordinates are (q, r, -q-r). Files are the vertical columns, lettered a, b,
 * ... from the left; a cell's rank counts up its file from 1 at the bottom (as Glinski's hex
 * chess names them): on side 4 the files are a..g, the middle file d has d1..d7, the outer ones
 * a1..a4 and g1..g4. Cells are numbered file by file from a1, each file upwards.
 *
 * Directions, counter-clockwise from the upper right: 0 up-right, 1 up, 2 up-left, 3 down-left,
 * 4 down, 5 down-right; d and d+3 are opposite. The six corner cells lie n-1 steps from the
 * centre in each direction: the top corner is direction 1's, the bottom one direction 4's. */
#ifndef SHASHKI_HEXBOARD_H
#define SHASHKI_HEXBOARD_H

#include <stdint.h>

#include "shashki_other.h"

#define HEX_DIRS 6

/* Cells on a board of side n. */
int hex_count(int n);
/* The cell at (q, r), -1 off the board. */
int hex_index(int n, int q, int r);
void hex_coords(int n, int cell, int *q, int *r);
/* The neighbour table (nb[cell][dir], -1 off the board) and, if board is not NULL, the board
 * to draw: cell names and centres. */
void hex_build(int n, int8_t nb[][HEX_DIRS], ShGeometry *board);
/* The corner cell in direction dir. */
int hex_corner(int n, int dir);
/* How far the cell lies along direction dir: its cube coordinates times dir's, so 2 a step in
 * dir, 1 a step in either neighbouring direction; 2(n-1) at dir's corner. */
int hex_along(int n, int cell, int dir);
/* Steps between two cells. */
int hex_distance(int n, int a, int b);

#endif
