/* table_event.h - events of a game of three or four players (private to the tournament
 * module): table_event.c seats and scores them, table_standings.c ranks them. */
#ifndef SHASHKI_TOURNAMENT_TABLE_EVENT_H
#define SHASHKI_TOURNAMENT_TABLE_EVENT_H

#include "shashki_tournament.h"

/* The settings an event of tables refuses (another system, a team event, ...). */
ShStatus table_check_settings(const ShEventSettings *s, ShError *err);
/* The rounds of a stage of n players; -1 with err set. */
int table_stage_rounds(const ShEvent *e, int stage, int n, ShError *err);
/* Pair round `round` of a stage of tables (appended to the event's pairings). */
ShStatus table_pair_round(ShEvent *e, int stage, int round, ShError *err);
/* A table result's text as shares (twelfths); SH_OK or an error saying what is wrong. */
ShStatus table_parse_result(const char *text, int seats, uint8_t share[SH_MAX_PLAYERS],
                            ShError *err);
/* The points of a bye of the given type at tables (tenths). */
int table_bye_points(const ShEventSettings *s, ShPairingType type);
/* A stage's standings (tie-breaks of tables, see docs/tournaments.md); the count or -1. */
int table_stage_standings(const ShEvent *e, int stage, ShStanding **out, ShError *err);

#endif
