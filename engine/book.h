/*
 * book.h - the opening book: positions, the moves searched in them and the moves played in
 * real games, in a compact file (docs/book.md), and the choice of a book move in play.
 *
 * This header is the book's whole contract.
 *
 *   Book *b = NULL;
 *   book_load("book.bin", &b, &err);           or book_read(bytes, size, &b, &err)
 *   BookMove moves[BOOK_MAX_MOVES];
 *   int n = book_probe(b, &pos, moves);        the entry's moves, resolved to legal moves
 *   BookMove m;
 *   if (book_choose(b, &pos, margin, seed, &m)) play m.move;
 *   book_free(b);
 *
 * An entry is a position (its book key: the pieces and the side to move, Russian board), the
 * depth it was searched to (0 when it only holds the moves of real games) and its moves. A
 * move has the search's score (centi-men for the side to move, engine.h's scale) when it was
 * searched, and how often it was played in the game collections with the results for the side
 * that made it.
 *
 * Safety: book_choose plays only searched moves, never one whose score is a proven loss, and
 * never one more than BOOK_BOUND below the best searched move, whatever the margin asked. When
 * the best searched move is itself a loss, the book gives no move (let the search decide).
 *
 * Building: book_new gives an empty book; book_put adds or replaces an entry; book_write
 * saves it (to a temporary file renamed over the old, so a stopped build leaves a good file).
 * The library is thread-safe: a Book is read-only after loading.
 */
#ifndef SHASHKI_BOOK_H
#define SHASHKI_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

#define BOOK_MAX_MOVES 24 /* moves kept for one position */
#define BOOK_BOUND 30     /* a searched move this far below the best is never played */
#define BOOK_MARGIN 8     /* the default margin of the choice for variety */

typedef struct BookMove {
    ShMove move;
    bool searched;    /* score holds the search's value */
    int score;        /* centi-men for the side to move before the move (engine.h) */
    int depth;        /* the depth the move was searched to, 0 if not searched */
    unsigned wins;    /* games in the collections where this move was played, won by its side */
    unsigned draws;
    unsigned losses;
} BookMove;

typedef struct Book Book;

/* An empty book (NULL when memory is short). */
Book *book_new(void);
void book_free(Book *book);

/* Read a book from its bytes (copied) or from a file. Errors: SH_ERR_SYNTAX with the byte
 * offset of the problem in err->column and the message ("offset 40: ..."), SH_ERR_IO,
 * SH_ERR_NO_MEMORY. */
ShStatus book_read(const unsigned char *data, size_t size, Book **book, ShError *err);
ShStatus book_load(const char *path, Book **book, ShError *err);
/* The book built into the program (data/book/book.bin); NULL if it is not there or bad. It
 * is read once and shared; never free it. */
const Book *book_builtin(void);

/* Write the book to path (a temporary file renamed over it). */
ShStatus book_write(const Book *book, const char *path, ShError *err);

/* The key of a position in the book: its pieces and side to move (independent of the
 * library's Zobrist keys, so a book outlives a change of those). Russian board only. */
uint64_t book_key(const ShPosition *pos);

/* The number of positions, of them searched, and the moves stored. */
int book_positions(const Book *book);
int book_searched(const Book *book);
int book_move_count(const Book *book);
/* The entry at index i (sorted by key): key, depth and moves as stored (not resolved to a
 * position: the move fields hold the squares only). False out of range. */
bool book_entry_at(const Book *book, int index, uint64_t *key, int *depth, int *count);

/* The depth the position's entry was searched to; -1 when the position is not in the book
 * (0: in the book with game moves only). */
int book_depth(const Book *book, const ShPosition *pos);

/* The position's moves (at most BOOK_MAX_MOVES), each resolved to the legal move it names
 * (a stored move that is not legal here is left out): searched moves first, by score, then
 * the others by the number of games. Returns the count (0 when not in the book). */
int book_probe(const Book *book, const ShPosition *pos, BookMove moves[BOOK_MAX_MOVES]);

/* Choose a book move: among the searched moves within `margin` (clipped to BOOK_BOUND) of the
 * best, by weight (closer to the best weighs more; margin 0: the best), the choice repeating
 * for a given seed and position. False when the position is not in the book, has no searched
 * move, or its best searched move loses. */
bool book_choose(const Book *book, const ShPosition *pos, int margin, uint64_t seed,
                 BookMove *chosen);

/* Add the position's entry or replace it: depth (0: game moves only) and moves (their
 * ShMove, searched, score, depth and counts are stored). SH_ERR_ARGUMENT for more than
 * BOOK_MAX_MOVES moves or a position not on the Russian board. */
ShStatus book_put(Book *book, const ShPosition *pos, int depth, const BookMove *moves, int count,
                  ShError *err);

/* Count the moves of a game (its first max_plies plies, Russian games only) with its recorded
 * result: each position gets an entry if it has none (depth 0) and each move played its game
 * and the result for the side that made it. A game without a result counts for no move.
 * Returns the plies counted; a position with BOOK_MAX_MOVES moves already takes no new one. */
int book_count_game(Book *book, const ShGame *game, int max_plies);
/* Forget every game count (before counting the collections again). */
void book_clear_counts(Book *book);

#endif /* SHASHKI_BOOK_H */
