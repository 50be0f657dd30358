/* event.h - the inside of an event (private to the tournament module): what event.c keeps
 * and event_pair.c and standings.c read. */
#ifndef SHASHKI_TOURNAMENT_EVENT_H
#define SHASHKI_TOURNAMENT_EVENT_H

#include "shashki_tournament.h"

typedef struct ByeRequest {
    int id, round; /* round: the event's round count (see below) */
    ShPairingType type;
} ByeRequest;

/* A stage that has started: its players in their stage order and, for round-robin groups,
 * each one's group (1-based, 0 none). */
typedef struct StageState {
    bool started;
    int count;
    int *ids;
    int *group;       /* by position in ids */
    int groups;
    int total_rounds; /* fixed when the stage starts (knockout: the bracket's rounds) */
    int first_round;  /* the event round of its round 1 (rounds count on across stages) */
    int bracket;      /* knockout: the bracket size */
} StageState;

struct ShEvent {
    ShEventSettings settings;
    int nplayers, player_cap;
    ShEventPlayer *players;       /* by id - 1 */
    int npairings, pairing_cap;
    ShEventPairing *pairings;     /* by stage, round, board */
    int nrequests, request_cap;
    ByeRequest *requests;
    StageState stage[SH_EVENT_MAX_STAGES];
};

/* Rounds count on across stages: the "event round" of stage s's round r is
 * stage[s-1].first_round + r - 1; players' entry, withdrawal and bye requests use it. */
int event_round_of(const ShEvent *e, int stage, int round);
/* The next event round to pair. */
int event_next_round(const ShEvent *e);

/* Whether the player takes part in event round g (entered, not withdrawn). */
bool event_player_active(const ShEvent *e, int id, int g);

/* The bye the player asked for in event round g (SH_PAIRING_GAME: none). */
ShPairingType event_requested(const ShEvent *e, int id, int g);

/* Points of one game for the player with the given colour (tenths). */
int event_game_points(const ShEventSettings *s, ShGameResult r, bool white);

/* Room for one more player, one more bye request; false if out of memory. */
bool event_room_for_player(ShEvent *e);
bool event_room_for_request(ShEvent *e);

/* Add a pairing (copied); false if out of memory. */
bool event_add_pairing(ShEvent *e, const ShEventPairing *p);

/* Pair round `round` of stage `stage` (event_pair.c): the pairings are appended. */
ShStatus event_pair_round(ShEvent *e, int stage, int round, ShError *err);
/* Start stage `stage`: its players (from the one before), groups and rounds. */
ShStatus event_start_stage(ShEvent *e, int stage, ShError *err);

/* A knockout pairing's state: decided (winner id or 0), or what it needs. */
int event_knockout_winner(const ShEvent *e, const ShEventPairing *p, bool *needs_tiebreak);

/* The ARO (average rating of the opponents, rounded) or the TPR (the rating performance of
 * `points` tenths in `games` against them), *perf getting the TPR; 0 without games. */
double event_aro_tpr(ShTieBreak tb, int games, int points, double opponents, double *perf);

/* A small deterministic generator for the lot. */
uint64_t event_lot(uint64_t seed, uint64_t a, uint64_t b, uint64_t c);

#endif
