/* tournament.h - what the parts of `shashki tournament` share: the tables (standings,
 * crosstables, pairings) as text, CSV or HTML, engine events, PDN in and out. */
#ifndef SHASHKI_APP_TOURNAMENT_H
#define SHASHKI_APP_TOURNAMENT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
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

/* The results of a pairing's games from the first-named player's side, "1-0 0-1". */
void tour_pairing_results(const ShEventPairing *pairing, char *out, size_t size);
/* A match's games are shown and entered from the first-named player's side (its pairing's
 * `white`, who has White in games 1, 3 ...): "1-0" in a game is a game that player won,
 * whatever its colours. The library keeps each game's result from that game's White; this
 * turns one into the other (the same change both ways). */
ShGameResult tour_first_side(const ShEventPairing *pairing, int game, ShGameResult result);
/* The rank of standings row i as the standings print it: "3", or "3=" when shared. */
const char *tour_rank_text(const ShStanding *rows, int n, int i, char buf[16]);
/* Team events (tournament_team.c): a round's matches, the team standings (a team event's,
 * or an individual-team event's best-K standing), the board prizes. */
void tour_print_team_matches(FILE *out, const ShEvent *event, int stage, int round);
bool tour_print_team_standings(FILE *out, const ShEvent *event, TourFormat format);
bool tour_print_board_prizes(FILE *out, const ShEvent *event, TourFormat format);
/* shashki tournament teams|boards EVENT [--format F] [--db FILE]: the exit status. */
int tour_team_command(const char *command, const char *event, const char *db,
                      const char *format, int npos);

/* The PDN of every recorded game of the event (from the games' archive), with the event's
 * tags, in the game's usual notation or as `notation` says; returns the number of games
 * written, -1 on an error (printed). */
int tour_write_pdn(FILE *out, Store *store, const ShEvent *event, CliNotation notation);

/* The time to pair each round of a Swiss of n players (tournament_bench.c). */
int tour_bench(int n, int rounds);

/* shashki tournament run / from-pdn (tournament_run.c, tournament_pdn.c). */
int tour_run(int argc, char **argv);
int tour_from_pdn(int argc, char **argv);

/* ---- the arbiter's commands: cmd_tournament.c (arguments, files, the store), the changes
 * (tournament_changes.c) and the views (tournament_views.c) ---------------------------- */

#define TOUR_MAX_POSITIONAL 64

/* The command line after "tournament": positionals (pos[0] the command) and options. */
typedef struct TourArgs {
    int npos;
    const char *pos[TOUR_MAX_POSITIONAL];
    const char *db, *stage, *format, *game, *game_id, *round, *output, *name;
    const char *rating, *title, *club, *team, *federation, *born, *engine, *cycles, *board;
    bool swap_last;
    CliNotation notation; /* export pdn: --numeric, --algebraic */
} TourArgs;

/* An event read from the store. */
typedef struct TourOpen {
    TStore *store;
    long id;
    ShEvent *event;
} TourOpen;

/* At least n positionals, else the usage on stderr. */
bool tour_need(const TourArgs *a, int n, const char *usage);
/* A whole number in [min, max], else the error on stderr. */
bool tour_int(const char *text, long min, long max, const char *what, int *out);
/* The store of --db, created if it does not exist (what makes an event). */
bool tour_store_open(const TourArgs *a, TStore **store);
/* The event named `which` (an id, a name, a unique prefix); false with the error printed. A
 * file that does not exist holds no event: it is not created. */
bool tour_open(const TourArgs *a, const char *which, TourOpen *o);
void tour_close(TourOpen *o);
/* tour_need (n positionals, else the usage: 2), then tour_open of pos[1] (else 1); 0 when the
 * event is open. */
int tour_begin(const TourArgs *a, int n, const char *usage, TourOpen *o);
/* Read a TRF16 file; false with the error printed (FILE:LINE:COLUMN) and *status 2. */
bool tour_read_trf(const char *path, ShTrf *trf, int *status);
/* Whether the --db file exists (a command that only reads does not create it). */
bool tour_db_exists(const TourArgs *a);

/* A command: the arguments, and argc/argv after "tournament" (what the log keeps). Returns
 * the exit status. */
typedef int (*TourCommand)(const TourArgs *a, int argc, char **argv);
typedef struct TourEntry {
    const char *name;
    TourCommand run;
} TourEntry;
/* The commands of each file, ended by { NULL, NULL }. */
extern const TourEntry tour_changes[];
extern const TourEntry tour_views[];

#endif
