/*
 * level.h - playing levels 1-10 for people.
 *
 * A person beaten every game by a program at full strength learns little. The levels make the
 * engine weaker the way people are weak: they see less far, and among moves that look about
 * equally good they do not always find the best. They are never weak by playing a move at
 * random: a level-1 engine still takes the two-for-one it sees at once.
 *
 * Each level caps the nodes searched (so the depth the engine sees) and, below 10, searches
 * a few best lines and picks one of those within a margin of the best, the closer to the
 * best the likelier, with a generator seeded from the options' seed and the position.
 *
 *   level  nodes    depth (about)  margin   how it plays
 *    1       120        2          60 cm   sees one move ahead: takes what is offered,
 *                                           walks into two-move combinations
 *    2       300        3          50      avoids losing a man to a simple shot
 *    3       800        3-4        40      a club beginner
 *    4     2 000        4-5        32
 *    5     6 000        5-6        25      a club player
 *    6    20 000        6-7        18
 *    7    60 000        8          12      a strong club player
 *    8   200 000        9-10        8
 *    9   800 000       11-12        4      candidate master
 *   10   no cap        full         0      full strength
 */
#ifndef SHASHKI_LEVEL_H
#define SHASHKI_LEVEL_H

#include <stdint.h>

typedef struct LevelParams {
    uint64_t nodes; /* node cap, 0 = none */
    int margin;     /* centi-men below the best a chosen move may be */
    int lines;      /* best lines searched to choose from */
} LevelParams;

void level_params(int level, LevelParams *params);

/* Choose one of `count` moves given their scores (sorted best first), within the margin.
 * Deterministic for a given seed. Returns an index into scores. */
int level_choose(const int *scores, int count, const LevelParams *params, uint64_t seed);

#endif
