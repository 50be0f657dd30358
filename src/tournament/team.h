/* team.h - team events inside the event module (private; the contract is the "Teams" section
 * of shashki_tournament.h): settings (team_settings.c), teams, matches, standings and board
 * prizes (team.c), the pairing of teams (team_pair.c). */
#ifndef SHASHKI_TOURNAMENT_TEAM_H
#define SHASHKI_TOURNAMENT_TEAM_H

#include <stddef.h>

#include "event.h"

/* Settings: boards, match-points, team-tie, team-tiebreaks, board-prize-games, team-best. */
void team_settings_init(ShEventSettings *s);
bool team_setting_known(const char *key);
ShStatus team_setting_set(ShEventSettings *s, const char *key, const char *value, ShError *err);
/* Writes the team settings as "key = value" lines (none for an individual event without a
 * team standing, so that older events' text is unchanged); returns the length wanted. */
size_t team_settings_write(const ShEventSettings *s, char *out, size_t size);
/* The checks of settings that depend on one another (sh_event_new, sh_event_set). */
ShStatus team_settings_check(const ShEventSettings *s, ShError *err);

static inline bool event_is_team(const ShEvent *e)
{
    return e->settings.boards > 0;
}
/* A stage whose pairings are individual knockout matches (not a team event's). */
bool event_knockout(const ShEvent *e, int stage);

/* The team number (1-based) of each player id (0: none), for `teams`; *map is malloc'ed. */
int *team_map(const ShEvent *e, const ShTeam *teams, int nteams);

/* Start a team event's stage (its teams in pairing order, their members as the stage's
 * players) and pair a round of teams. */
ShStatus team_start_stage(ShEvent *e, int stage, ShError *err);
ShStatus team_pair_round(ShEvent *e, int stage, int round, ShError *err);

/* A team event's pairing (a board of a match): whether its match is complete (every board's
 * result in, a knockout match decided); for the first board played of a knockout match tied
 * on its boards with no Armageddon game yet, sh_event_next_game's -2. */
bool team_pairing_complete(const ShEvent *e, const ShEventPairing *p);
bool team_needs_armageddon(const ShEvent *e, const ShEventPairing *p);
/* Add the Armageddon game of the match of `board` (to its first board played). */
ShStatus team_add_armageddon(ShEvent *e, int stage, int round, int board, int *added,
                             ShError *err);

/* The line-up of team t in event round g: its first `boards` members playing (ids). */
int team_lineup(const ShEvent *e, const ShTeam *t, int g, int *out);

#endif
