/*
 * shashki_tournament.h - competitions: the tournament module of libshashki.
 *
 * This header is the module's contract (it adds to shashki.h, whose conventions hold: no
 * printing, no exiting, an ShStatus and a filled ShError on failure, no global mutable
 * state, so a server may drive many events from many threads, one event per thread at a
 * time). Points are counted in tenths of a point (a win scores 10, a draw 5) so that every
 * scoring the rules use, 1 / 0.5 / 0 and the 2 / 1 / 0 of draughts events, is exact.
 *
 * Sections:
 *   TRF16      FIDE's Tournament Report File: read, write, pair its next round (Dutch)
 */
#ifndef SHASHKI_TOURNAMENT_H
#define SHASHKI_TOURNAMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * TRF16 (FIDE Handbook C.04 Annex 2): the file Swiss-Manager, Vega, JaVaFo and bbpPairings
 * share, read and written as those pairing programs do.
 *
 * Lines: "001" a player (pairing number in columns 5-8, sex 10, title 11-13, name 15-47,
 * rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, points 81-84, rank
 * 86-89, then one 10-column cell per round from column 92: opponent (4 digits, 0000 none),
 * colour w/b/-, result 1 = 0 + - (forfeits) W D L, U (pairing-allocated bye), H (half-point
 * bye), F (full-point bye), Z (zero-point bye or absent)); "XXR n" or "142 n" the total number
 * of rounds; "XXC white1|black1" (and "rank") the colour of the top player in round 1 and the
 * order of the players; "152 W|B" the same colour; "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"
 * or "162" the points of a win, draw, loss, zero-point bye, forfeit loss, pairing-allocated
 * bye; "XXP a b ..." players who may not meet one another (same club, set by the arbiter);
 * "240 R a b ..." players absent from round R. Every other line is kept as it is.
 * ---------------------------------------------------------------------------------------- */

#define SH_TRF_NAME_SIZE 64

typedef struct ShTrfCell {
    int opponent; /* pairing number, 0 for none */
    char color;   /* 'w', 'b' or '-' */
    char result;  /* '1' '0' '=' '+' '-' 'W' 'D' 'L' 'U' 'H' 'F' 'Z', or ' ' (not recorded) */
} ShTrfCell;

typedef struct ShTrfPlayer {
    int number;             /* pairing number, 1-based */
    char sex;               /* 'm', 'w' or ' ' */
    char title[4];
    char name[SH_TRF_NAME_SIZE];
    int rating;             /* 0 when none */
    char federation[4];
    char fide_id[12];
    char birth[11];         /* "YYYY/MM/DD" or "YYYY" or "" */
    int points;             /* tenths, as the file gives them */
    int rank;
    int rounds;             /* cells read */
    ShTrfCell *cells;
    int line;               /* the 001 line in the file (0 when built in memory) */
} ShTrfPlayer;

typedef struct ShTrfGroup {
    int count;
    int *numbers;
    int round;              /* for absences ("240"): the round, 1-based */
} ShTrfGroup;

typedef struct ShTrf {
    int count;              /* players, by pairing number: players[i].number == i + 1 */
    ShTrfPlayer *players;
    int total_rounds;       /* XXR / 142, 0 when not given */
    int initial_color;      /* SH_WHITE, SH_BLACK, or -1 when not given */
    bool by_rank;           /* XXC rank: rank the players in the order of the file */
    int *order;             /* the file's order of the 001 lines (pairing numbers) */
    int win, draw, loss, zero_bye, forfeit_loss, bye; /* points in tenths */
    int forbidden_count;
    ShTrfGroup *forbidden;  /* XXP */
    int absent_count;
    ShTrfGroup *absent;     /* 240 */
    int other_count;
    char **other;           /* every other line, kept in order (012 name, 092 ...) */
} ShTrf;

/* An empty file: no players, 1 / 0.5 / 0 points, the bye worth a win. */
void sh_trf_init(ShTrf *trf);
/* Read a TRF16 text. Errors say the line and column (a malformed cell, an opponent that does
 * not list the player back with the other colour, points that do not add up, a pairing
 * number repeated or missing). */
ShStatus sh_trf_read(const char *text, size_t size, ShTrf *trf, ShError *err);
void sh_trf_free(ShTrf *trf);
/* Write it back (CR LF line ends are not used: LF). *text is malloc'ed. */
ShStatus sh_trf_write(const ShTrf *trf, char **text, size_t *size, ShError *err);

/* The rounds a TRF holds as played, and the players it says are absent from the next one
 * (a bye cell beyond the last played round, or a 240 line for it): absent[i] for player i+1.
 * Returns the number of rounds played. */
int sh_trf_rounds_played(const ShTrf *trf, bool *absent);

typedef struct ShPair {
    int white, black; /* pairing numbers; black 0: the pairing-allocated bye */
} ShPair;

typedef struct ShPairing {
    int count;        /* pairs, the bye included */
    ShPair *pairs;    /* in the published order: by score, the bye last */
} ShPairing;

/* Pair the next round of the TRF by the FIDE Dutch system (C.04.3 as in force since July
 * 2025), as JaVaFo and bbpPairings do with "-p". SH_ERR_NO_PAIRING when no pairing exists,
 * SH_ERR_ARGUMENT when the TRF cannot be paired as it stands (no total number of rounds, all
 * rounds played). */
ShStatus sh_trf_pair(const ShTrf *trf, ShPairing *out, ShError *err);
void sh_pairing_free(ShPairing *pairing);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_TOURNAMENT_H */
