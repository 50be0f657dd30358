/*
 * puzzle_set.h - the puzzles the web app serves (docs/puzzles.md): a PDN collection, one game
 * per puzzle, read once at the server's start (the file built into the program, data/puzzles.pdn,
 * or `shashki serve --puzzles FILE`) and kept in memory, read-only, so every thread may use it.
 *
 * A puzzle is a position (the game's FEN), the side to move being the solver, and the solution's
 * main line (the solver's moves and the defender's replies, alternating) as the game's moves;
 * its tags say what it is: PuzzleId, PuzzleGoal (win, material), PuzzleTheme (shot,
 * breakthrough, king, endgame, opposition), PuzzleDifficulty (1-5), PuzzleRating, PuzzleSource
 * and the source game's Event, Site, Date, Round, White, Black.
 */
#ifndef SHASHKI_PUZZLE_SET_H
#define SHASHKI_PUZZLE_SET_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"

#define PUZZLE_MAX_PLIES 64
#define PUZZLE_TEXT 128

typedef struct Puzzle {
    char id[16];                 /* "P0001" */
    char goal[16];               /* "win" or "material" */
    char theme[16];              /* one of PUZZLE_THEMES */
    int difficulty;              /* 1-5 */
    int rating;                  /* the puzzle's rating (Elo scale) */
    char source[PUZZLE_TEXT];    /* "<file> game G move M" */
    char event[PUZZLE_TEXT], site[PUZZLE_TEXT], date[32], round[32];
    char white[PUZZLE_TEXT], black[PUZZLE_TEXT];
    ShPosition start;            /* the solver to move */
    ShMove line[PUZZLE_MAX_PLIES];
    int plies;                   /* the main line's length, >= 1: the solver's moves at the even
                                    plies, the defender's at the odd (a last reply may end it) */
    int solver_moves;            /* the solver's moves in it */
} Puzzle;

typedef struct PuzzleSet {
    Puzzle *items;
    int count;
} PuzzleSet;

/* The themes a puzzle may have, in the order lists show them; NULL-terminated. */
extern const char *const PUZZLE_THEMES[];

/* Read a collection (text of `size` bytes); false with a message naming the line on the first
 * record that is not a puzzle (a bad PDN game, a missing or bad tag, a duplicate id, no move,
 * more than PUZZLE_MAX_PLIES). */
bool puzzle_set_read(const char *text, size_t size, PuzzleSet *set, char *err, size_t errsize);
/* The collection built into the program (data/puzzles.pdn). */
bool puzzle_set_builtin(PuzzleSet *set, char *err, size_t errsize);
/* Read a file; false with a message. */
bool puzzle_set_load(const char *path, PuzzleSet *set, char *err, size_t errsize);
void puzzle_set_free(PuzzleSet *set);

/* The puzzle with this id, or NULL. */
const Puzzle *puzzle_set_find(const PuzzleSet *set, const char *id);
/* The position before ply `ply` of the line (0: the start). */
void puzzle_position_at(const Puzzle *p, int ply, ShPosition *out);

#endif
