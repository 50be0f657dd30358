/* tournament.h - what the parts of `shashki tournament` share: the tables (standings,
 * crosstables, pairings) as text, CSV or HTML, engine events, PDN in and out. */
#ifndef SHASHKI_APP_TOURNAMENT_H
#define SHASHKI_APP_TOURNAMENT_H

#include <stdbool.h>
#include <stdio.h>

#include "shashki_tournament.h"
#include "store.h"
#include "tstore.h"

typedef enum TourFormat { TOUR_TEXT = 0, TOUR_CSV, TOUR_HTML } TourFormat;

bool tour_format_parse(const char *text, TourFormat *format);
/* Tenths of a point as text: "2.5", "3" (buf of 16). */
const char *tour_points(int tenths, char *buf);

/* A table (row 0 its head) under a title, as text, CSV or a whole HTML page. */
void tour_table_print(FILE *out, TourFormat format, const char *title, char ***rows, int nrows,
                      int columns, const bool *right);

/* The standings of a stage (0: the whole event); false with the error printed. */
bool tour_print_standings(FILE *out, const ShEvent *event, int stage, TourFormat format);
/* The crosstable of a stage (0: every stage in turn): a round robin as a table of players
 * against players, other systems round by round (opponent's rank, colour, result). */
bool tour_print_crosstable(FILE *out, const ShEvent *event, int stage, TourFormat format);
/* The pairings of a round, with the results in so far. */
void tour_print_pairings(FILE *out, const ShEvent *event, int stage, int round);
/* What a player scored in a pairing as a crosstable cell: "1" "½" "0" "+" "-" "=" (a
 * forfeit draw), "U" (the bye), "H", "F", "Z", "" ; for `ascii`, "=" instead of "½". */
const char *tour_cell_result(const ShEvent *event, const ShEventPairing *pairing, int id,
                             bool ascii);

/* Team events (tournament_team.c): a round's matches, the team standings (a team event's,
 * or an individual-team event's best-K standing), the board prizes. */
void tour_print_team_matches(FILE *out, const ShEvent *event, int stage, int round);
bool tour_print_team_standings(FILE *out, const ShEvent *event, TourFormat format);
bool tour_print_board_prizes(FILE *out, const ShEvent *event, TourFormat format);
/* shashki tournament teams|boards EVENT [--format F] [--db FILE]: the exit status. */
int tour_team_command(const char *command, const char *event, const char *db,
                      const char *format, int npos);

/* The PDN of every recorded game of the event (from the games' archive), with the event's
 * tags; returns the number of games written, -1 on an error (printed). */
int tour_write_pdn(FILE *out, Store *store, const ShEvent *event);

/* The time to pair each round of a Swiss of n players (tournament_bench.c). */
int tour_bench(int n, int rounds);

/* shashki tournament run / from-pdn (tournament_run.c, tournament_pdn.c). */
int tour_run(int argc, char **argv);
int tour_from_pdn(int argc, char **argv);

#endif
