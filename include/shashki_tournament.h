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
 *   TRF16       FIDE's Tournament Report File: read, write, pair its next round (Dutch)
 *   Schedules   Berger tables, knockout brackets, Scheveningen rounds, Swiss round counts
 *   Events      a competition: settings, stages of systems, players, rounds, results
 *   Standings   scores, tie-breaks (FIDE C.07), rating changes and performances
 */
#ifndef SHASHKI_TOURNAMENT_H
#define SHASHKI_TOURNAMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "shashki.h"
#include "shashki_play.h"

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
 * "240 R a b ..." players absent from round R; "013" a team (its name in columns 5-36, its
 * players' pairing numbers in 37-40, 42-45 ...). Every other line is kept as it is.
 *
 * Cells as arbiters' programs write them: a double forfeit ("-" on both sides: 0 points each,
 * no game, so the two may be paired again); the byes of older programs (0000 with "+" the
 * pairing-allocated bye, "1" or "W" a full-point, "=" or "D" a half-point, "0" or "L" a
 * zero-point bye); a blank cell (not paired: a late entry, a withdrawal); the reduced scores
 * an arbiter may give a game played (0 and 0, 0 and =); a game with no result yet (an opponent
 * and a colour, the result blank: 0 points, and the next round cannot be paired until it is
 * in).
 * ---------------------------------------------------------------------------------------- */

#define SH_TRF_NAME_SIZE 64

typedef struct ShTrfCell {
    int opponent; /* pairing number, 0 for none */
    char color;   /* 'w', 'b' or '-' */
    char result;  /* '1' '0' '=' '+' '-' 'W' 'D' 'L' 'U' 'H' 'F' 'Z', or ' ' (not recorded; with
                     an opponent, a game with no result yet) */
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

typedef struct ShTrfTeam {  /* "013": a team and its players' pairing numbers */
    char name[SH_TRF_NAME_SIZE];
    int count;
    int *numbers;
} ShTrfTeam;

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
    int team_count;
    ShTrfTeam *teams;       /* 013: name in columns 5-36, numbers in 37-40, 42-45 ... */
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
 * rounds played, a game of a round played with no result yet). */
ShStatus sh_trf_pair(const ShTrf *trf, ShPairing *out, ShError *err);
void sh_pairing_free(ShPairing *pairing);

/* ------------------------------------------------------------------------------------------
 * Schedules
 * ---------------------------------------------------------------------------------------- */

/* The Berger table (FIDE Handbook C.05 Annex 1) for n players (2..SH_EVENT_MAX_PLAYERS):
 * round `round` (1-based) of `cycles` cycles into pairs (room for (n+1)/2): players are
 * numbered 1..n; with n odd, the player facing number n+1 has the round off (black = 0).
 * In a second cycle the colours are reversed; `swap_last` exchanges the last two rounds of
 * the first cycle (as C.05 recommends for double round robins, so that nobody has the same
 * colour three times running across the cycles). Returns the number of pairs, 0 for a bad
 * argument. The rounds of one cycle: n - 1 when n is even, n when odd. */
int sh_berger_rounds(int n);
int sh_berger_round(int n, int round, int cycles, bool swap_last, ShPair *pairs);

/* Tables: the schedules of events of a game of three or four players (Novgorod, Neva), whose
 * every game seats `size` players at one table. Round robin: every round seats the n players
 * at n / size tables and gives the n % size left over a free round, so that over the schedule
 * every two players meet as evenly as the rounds allow (each pair between floor and ceil of
 * the meetings over the pairs, so at least once; for the few fields where the search finds no
 * such schedule, e.g. 10 or 13 players in tables of 3, within one more or fewer, never none) and every player has as many free rounds
 * (the rounds of a cycle are a multiple of n / gcd(n, n % size)); the rounds of one cycle are
 * the fewest for which such a schedule was found. Seats (seat 0 moves first) are dealt in turn so that
 * each player sits in each seat as evenly as the rounds allow. The schedule is a function of
 * n, size and cycles only (found by a seeded local search), so it is the same each time. */
#define SH_TABLE_MAX_PLAYERS 24  /* a round robin of tables; a Swiss takes any field */

typedef struct ShTableSchedule {
    int players, size, rounds;   /* rounds: of all cycles */
    int *seats;                  /* rounds * players, round r at seats[r * players]: the tables
                                    of `size` players in seat order, then the free rounds;
                                    players numbered 1..players */
} ShTableSchedule;

ShStatus sh_table_schedule(int n, int size, int cycles, ShTableSchedule *out, ShError *err);
void sh_table_schedule_free(ShTableSchedule *schedule);

/* One Swiss round of tables: the n players 0..n-1 ranked best first (by points, then the
 * order of the stage), met[i * n + j] how often i and j have been at one table, byes[i] how
 * many free rounds each has had. out[n] gets the round: n / size tables of `size` players,
 * then the n % size with the pairing-allocated bye (those with the fewest byes: the lowest
 * ranked of them, unless another choice of them avoids a rematch). The tables are the first, taking the players in rank order, in which no two
 * players meet again (each table filled with the best ranked players who have not met, so
 * that players of equal points sit together); when no such round exists (or none is found
 * in a bounded search), the one with the fewest repeated meetings. The tables' seats are in
 * rank order (the caller deals them). *repeats gets the repeated meetings (may be NULL). */
ShStatus sh_table_swiss(int n, int size, const int *met, const int *byes, int *out,
                        int *repeats, ShError *err);

/* The Swiss rounds recommended for n players in tables of `size`: the least r with
 * size^r >= n, plus one. */
int sh_table_swiss_rounds(int n, int size);

/* Knockout seeding: the bracket of size 2^k >= n, as the order of seeds down the bracket
 * (1, 16, 8, 9, 4, 13, 5, 12, 2, 15 ... for 16): each neighbouring two meet in the first
 * round; seeds above n are byes, so the byes go to the top seeds. out needs room for the
 * bracket size; returns it (0 for a bad argument). */
int sh_knockout_bracket(int n, int *out);

/* The Swiss rounds recommended for n players: enough for one player to stay alone on a
 * perfect score (the least r with 2^r >= n), plus one so that the field can sort itself
 * below the top. At least 1. */
int sh_swiss_recommended_rounds(int n);

/* Age categories of the rules ([003] L259, from the age in the event's year). The rules
 * make 23 both "youth" and "adults"; the narrower one (youth) is given. */
typedef enum ShAgeCategory {
    SH_AGE_UNKNOWN = 0,
    SH_AGE_CHILDREN,      /* under 12 */
    SH_AGE_YOUNGER_YOUTH, /* 12-13 */
    SH_AGE_YOUTH,         /* 14-15 */
    SH_AGE_OLDER_YOUTH,   /* 16-17 */
    SH_AGE_JUNIORS,       /* 18-19 */
    SH_AGE_YOUNG_ADULTS,  /* 20-23 */
    SH_AGE_ADULTS,        /* 24 and older */
    SH_AGE_COUNT
} ShAgeCategory;
ShAgeCategory sh_age_category(int age);
/* Short names for data files and options ("children", "juniors" ...), and back. */
const char *sh_age_category_name(ShAgeCategory category);
bool sh_age_category_find(const char *name, ShAgeCategory *category);

/* ------------------------------------------------------------------------------------------
 * Events
 *
 * An event is a competition: its settings, one or more stages (each with its own system:
 * round robin, Swiss, knockout, Scheveningen; the first stage has all players, each later
 * one the top players of the one before, or its groups' top players), the players, and the
 * rounds: every pairing with its games, results and the ids of the recorded games. The
 * event keeps only what was entered; standings are computed from it (sh_event_standings).
 * Every change is checked first and refused with an error that says why, leaving the
 * event as it was. The event is in memory; store/tstore.c keeps it in the games' SQLite
 * file, a transaction per change.
 * ---------------------------------------------------------------------------------------- */

#define SH_EVENT_MAX_PLAYERS 4000
#define SH_EVENT_MAX_STAGES 8
#define SH_EVENT_MAX_GAMES 24     /* games of one pairing: a micro-match, a knockout match
                                     and its tie-break games */
#define SH_EVENT_MAX_TIEBREAKS 12
#define SH_EVENT_TEXT 96

typedef enum ShSystem {
    SH_SYSTEM_ROUND_ROBIN = 0, /* Berger tables, one cycle or more */
    SH_SYSTEM_SWISS,           /* the FIDE Dutch system */
    SH_SYSTEM_KNOCKOUT,        /* the Olympic system: matches, the loser is out */
    SH_SYSTEM_SCHEVENINGEN,    /* two teams: each member meets every member of the other */
    SH_SYSTEM_COUNT
} ShSystem;
const char *sh_system_name(ShSystem system); /* "round-robin", "swiss", "knockout" ... */
bool sh_system_find(const char *name, ShSystem *system);

typedef enum ShOpeningRule {
    SH_OPENINGS_FREE = 0,      /* from the initial position */
    SH_OPENINGS_PER_PAIRING,   /* a ballot drawn by lot for each pairing */
    SH_OPENINGS_PER_ROUND      /* one ballot drawn for the whole round */
} ShOpeningRule;

/* Tie-breaks, as FIDE C.07 (2024) defines them. Unplayed rounds: in a Swiss, a player's
 * own unplayed rounds count as played against an opponent with the player's own score; an
 * opponent's unplayed rounds after the last one he played or was given a bye count as
 * draws (his "adjusted score"); Buchholz cuts take voluntarily unplayed rounds first; in a
 * round robin forfeits count as games. */
typedef enum ShTieBreak {
    SH_TB_BUCHHOLZ = 0,     /* BH: the opponents' scores (коэффициент Бухгольца) */
    SH_TB_BUCHHOLZ_CUT1,    /* BH-C1: less the least significant one (усечённый) */
    SH_TB_BUCHHOLZ_MEDIAN,  /* BH-M1: less the highest and the lowest */
    SH_TB_SONNEBORN_BERGER, /* SB: each opponent's score times the points scored against him
                               (коэффициент Бергера) */
    SH_TB_SOLKOFF,          /* the opponents' scores as they stand, unplayed rounds adding 0 */
    SH_TB_WINS,             /* WIN: rounds won, on the board or not */
    SH_TB_BLACK_WINS,       /* BWG: games won with Black */
    SH_TB_DIRECT,           /* DE: the points among the tied (личная встреча) */
    SH_TB_PROGRESSIVE,      /* PS: the sum of the running scores */
    SH_TB_ARO,              /* the average rating of the opponents played */
    SH_TB_PERFORMANCE,      /* TPR: the rating performance */
    SH_TB_KOYA,             /* KS: the points against those with at least half the points */
    SH_TB_COUNT
} ShTieBreak;
const char *sh_tiebreak_name(ShTieBreak tb);  /* "bh", "bh-c1", "bh-m1", "sb", "solkoff" ... */
const char *sh_tiebreak_title(ShTieBreak tb); /* "Buchholz cut 1" ... */
bool sh_tiebreak_find(const char *name, ShTieBreak *tb);

/* Team events: how a knockout match tied on game points is decided. */
typedef enum ShTeamTie {
    SH_TEAM_TIE_ARMAGEDDON = 0, /* a tie-break game of the first boards, the away team's player
                                   White: a draw sends the home team (Black) through */
    SH_TEAM_TIE_BOARD_COUNT,    /* the last board's result dropped, then the one before ...
                                   until one team leads; still tied: the Armageddon game */
    SH_TEAM_TIE_BERGER,         /* Berger by boards: the points of board b weigh boards + 1 - b;
                                   still tied: the Armageddon game */
    SH_TEAM_TIE_COUNT
} ShTeamTie;
const char *sh_team_tie_name(ShTeamTie tie); /* "armageddon", "board-count", "berger" */

/* Team tie-breaks (after match points, which rank first). */
#define SH_TEAM_MAX_TIEBREAKS 6
typedef enum ShTeamTieBreak {
    SH_TTB_GAME_POINTS = 0, /* gp: the game (board) points */
    SH_TTB_SONNEBORN_BERGER,/* sb: for each match, the opponent's match points times the game
                               points scored against it (the Olympiad's) */
    SH_TTB_DIRECT,          /* de: the match points among the tied, when they have all met */
    SH_TTB_BUCHHOLZ,        /* bh: the opponents' match points */
    SH_TTB_MATCH_WINS,      /* win: matches won */
    SH_TTB_COUNT
} ShTeamTieBreak;
const char *sh_team_tiebreak_name(ShTeamTieBreak tb);
bool sh_team_tiebreak_find(const char *name, ShTeamTieBreak *tb);

/* One stage of an event. */
typedef struct ShStage {
    ShSystem system;
    int rounds;        /* Swiss: rounds (0: the recommended number); others: computed */
    int cycles;        /* round robin and Scheveningen: cycles (1 or more) */
    int games;         /* games per pairing: 1; 2 for micro-matches; K for a knockout match */
    int qualifiers;    /* later stages: how many of the stage before go on (0: all); with
                          groups before, how many of each group */
    int groups;        /* round robin: the players split into this many groups (snake order) */
    bool third_place;  /* knockout: a match for third place */
} ShStage;

typedef struct ShEventSettings {
    char name[SH_EVENT_TEXT];
    char site[SH_EVENT_TEXT];
    char date[16];              /* "YYYY.MM.DD" (the year sets the players' ages) */
    char arbiter[SH_EVENT_TEXT];
    int stage_count;
    ShStage stages[SH_EVENT_MAX_STAGES];
    int win, draw, loss;        /* points in tenths: 10 / 5 / 0, or 20 / 10 / 0 */
    bool match_scoring;         /* micro-matches score as one result (win, draw, loss) */
    int bye_points;             /* the pairing-allocated bye (tenths; default: a win) */
    char time_control[SH_TIME_CONTROL_SIZE];
    /* knockout tie-breaks: the controls of the tie-break stages, "20m+10s,10m+5s" (the last
     * one is played one game at a time until a game is decisive) */
    char tiebreak_controls[SH_TIME_CONTROL_SIZE];
    ShOpeningRule openings;
    char opening_table[12];     /* "IDF-64" (the default) or "FMJD-64" */
    int tiebreak_count;
    ShTieBreak tiebreaks[SH_EVENT_MAX_TIEBREAKS];
    int k_factor;               /* Elo K (default 20) */
    int initial_color;          /* the colour of player 1 in round 1 of a Swiss (SH_WHITE) */
    bool avoid_club;            /* Swiss: players of one club do not meet */
    bool avoid_team;            /* ... of one team */
    int series_count;           /* a points series over the stages: points by place */
    int series[32];             /* tenths; the Formula 1 table by default when enabled */
    uint64_t seed;              /* the lot: ballots and knockout colours */
    char game[24];              /* the game of the event's games: a ShKind's name (russian, the
                                   default; corners ...: include/shashki_play.h) */
    char game_settings[128];    /* that game's settings ("" the defaults) */
    /* Team events (see "Teams" below): boards > 0 makes every stage's system pair teams of
     * that many boards; 0 is an individual event. */
    int boards;
    int match_win, match_draw, match_loss; /* match points, tenths (default 20 / 10 / 0) */
    ShTeamTie team_tie;         /* a knockout match tied on game points */
    int team_tiebreak_count;
    ShTeamTieBreak team_tiebreaks[SH_TEAM_MAX_TIEBREAKS];
    int board_prize_games;      /* board prizes: the fewest games played on the board */
    int team_best;              /* individual-team events: the team's K best members count
                                   (0: no team standing) */
} ShEventSettings;

/* The game of the event's games. */
const ShKind *sh_event_kind(const ShEventSettings *settings);

/* Defaults: one Swiss stage, 1 / 0.5 / 0, free openings, tie-breaks BH-C1, BH, SB, K 20. */
void sh_event_settings_init(ShEventSettings *settings);
/* Settings as "key = value" lines and back (what the store keeps and the command line sets):
 * name, site, date, arbiter, system, rounds, cycles, games, scoring (1-0.5-0 or 2-1-0),
 * match-scoring, bye, time, tiebreak-time, openings (free, ballot, ballot-round), table,
 * tiebreaks (bh-c1,bh,sb ...), k, colour, avoid (club, team), series (f1 or 25,18,...),
 * seed, variant (any game of shashki_play.h: russian, brazilian ... corners; a game of three
 * or four, novgorod or neva, is played at tables: a round robin or a Swiss, see "Tables" and
 * sh_event_table_size below),
 * variant-settings (the game's settings: house=3x3 ...); and
 * stage.N.system, stage.N.rounds ... for stages after the first. */
ShStatus sh_event_settings_set(ShEventSettings *settings, const char *key, const char *value,
                               ShError *err);
/* The settings as text (one key = value line each); *text is malloc'ed. */
ShStatus sh_event_settings_write(const ShEventSettings *settings, char **text, ShError *err);

typedef struct ShEventPlayer {
    int id;                        /* 1-based, by entry: the pairing number */
    char name[SH_EVENT_TEXT];
    int rating;                    /* 0: unrated */
    char title[8];
    char club[SH_EVENT_TEXT];
    char team[SH_EVENT_TEXT];      /* Scheveningen: the team (two teams); a team event's or an
                                      individual-team event's team */
    int board;                     /* a team event: the player's place in the team's board
                                      order (1 first); 0: by entry, the numbered placed
                                      among them at their numbers */
    char federation[8];
    int birth_year;                /* 0: unknown */
    char engine[512];              /* engine events: a player (self, self:level=3, hub:CMD) */
    int entered;                   /* the first round played (late entry: later than 1) */
    int withdrawn;                 /* 0, or the first round he no longer plays */
} ShEventPlayer;

/* A game's result. Forfeits: the winner was paired but no game was played. */
typedef enum ShGameResult {
    SH_GAME_PENDING = 0,
    SH_GAME_WHITE_WINS,
    SH_GAME_DRAW,
    SH_GAME_BLACK_WINS,
    SH_GAME_WHITE_FORFEIT, /* White wins by forfeit */
    SH_GAME_BLACK_FORFEIT, /* Black wins by forfeit */
    SH_GAME_DOUBLE_FORFEIT, /* neither came: both lose */
    SH_GAME_TABLE          /* a table's game of three or four: its shares (ShEventGame) */
} ShGameResult;
/* "1-0", "1/2-1/2", "0-1", "+-", "-+", "--", "*"; reading also takes "=", "2-0", "1-1",
 * "0-2", "1:0" ... */
const char *sh_event_result_text(ShGameResult result);
bool sh_event_result_parse(const char *text, ShGameResult *result);

typedef struct ShEventGame {
    ShGameResult result;
    long game_id;           /* the recorded game in the store (0: none) */
    int tiebreak;           /* 0: a main game; k: a game of tie-break stage k */
    char opening[24];       /* the ballot ("1-III", "FMJD 45-IX"), or "" */
    uint8_t share[SH_MAX_PLAYERS]; /* a table's result (SH_GAME_TABLE): each seat's share of
                                      the point in twelfths (12 the whole point, 4 a third) */
} ShEventGame;

typedef enum ShPairingType {
    SH_PAIRING_GAME = 0,    /* white against black */
    SH_PAIRING_BYE,         /* the pairing-allocated bye (points: bye_points) */
    SH_PAIRING_HALF_BYE,    /* a half-point bye the player asked for */
    SH_PAIRING_FULL_BYE,    /* a full-point bye (an arbiter's decision) */
    SH_PAIRING_ABSENT,      /* absent: a zero-point bye */
    SH_PAIRING_REST         /* a round robin's free round (no points) */
} ShPairingType;

typedef struct ShEventPairing {
    int stage, round, board;  /* 1-based */
    int white, black;         /* player ids; black 0 for the byes */
    ShPairingType type;
    int ngames;
    ShEventGame games[SH_EVENT_MAX_GAMES]; /* game i: White is `white` for even i, the
                                              other player for odd i */
    int home, away;           /* a team event: the match's teams (sh_event_teams numbers; away
                                 0 for a team's bye); 0 in an individual event */
    int seats;                /* a table of a game of three or four: its players (0 for two) */
    int seat[SH_MAX_PLAYERS]; /* player ids by seat (seat 0 moves first: the game's player 0);
                                 white and black are seat[0] and seat[1] */
} ShEventPairing;

typedef struct ShEvent ShEvent;

/* A new event (its settings checked). Free with sh_event_free. */
ShStatus sh_event_new(ShEvent **event, const ShEventSettings *settings, ShError *err);
void sh_event_free(ShEvent *event);
const ShEventSettings *sh_event_settings(const ShEvent *event);
/* Change a setting after the start; refused when it would change what was played (the
 * system, the scoring, the games of a pairing once a round is paired). */
ShStatus sh_event_set(ShEvent *event, const char *key, const char *value, ShError *err);

/* Players. Adding after round 1 is a late entry (Swiss only). A second player of the same
 * name and birth year is refused. */
ShStatus sh_event_add_player(ShEvent *event, const ShEventPlayer *player, int *id,
                             ShError *err);
int sh_event_player_count(const ShEvent *event);
const ShEventPlayer *sh_event_player(const ShEvent *event, int id); /* NULL if none */
/* Find a player by id ("7") or name (exact, or a unique prefix). */
int sh_event_find_player(const ShEvent *event, const char *text);
/* The player plays no more rounds from `round` on (0: from the next round to pair). */
ShStatus sh_event_withdraw(ShEvent *event, int id, int round, ShError *err);
/* A bye the player asked for in a coming round (SH_PAIRING_HALF_BYE, _FULL_BYE or _ABSENT);
 * SH_PAIRING_GAME takes the request back. */
ShStatus sh_event_request_bye(ShEvent *event, int id, int round, ShPairingType type,
                              ShError *err);

/* Rounds. */
int sh_event_stage_count(const ShEvent *event);
/* The stage being played (1-based; 0 before the first round is paired). */
int sh_event_current_stage(const ShEvent *event);
/* Rounds paired in the stage, and rounds the stage will have (for a knockout: so far). */
int sh_event_rounds_paired(const ShEvent *event, int stage);
int sh_event_rounds_total(const ShEvent *event, int stage);
/* The players of a stage (ids, in their stage order: the first stage's is the entry order;
 * later ones by the qualifying standings); returns the count. */
int sh_event_stage_players(const ShEvent *event, int stage, int *ids);
/* True when every result of the round is in (and, in a knockout, every match decided). */
bool sh_event_round_complete(const ShEvent *event, int stage, int round);
/* True when the last stage's last round is complete. */
bool sh_event_finished(const ShEvent *event);

/* Pair the next round: the next round of the stage, or the first of the next stage. Refused
 * while a round has results missing, when the event is over, or when no pairing exists. The
 * ballots are drawn as the settings say. *round gets the round paired. */
ShStatus sh_event_pair_next(ShEvent *event, int *stage, int *round, ShError *err);
/* Pair every round at once (a correspondence event, whose games all begin together): only a
 * round robin of one stage that has not begun, since its Berger tables do not depend on the
 * results. *rounds gets the rounds paired. */
ShStatus sh_event_pair_all(ShEvent *event, int *rounds, ShError *err);
/* Take back the last round paired, if no result of it is in yet. */
ShStatus sh_event_unpair_last(ShEvent *event, ShError *err);

/* The pairings of a round (a pointer into the event, valid until it changes). */
int sh_event_pairings(const ShEvent *event, int stage, int round, const ShEventPairing **out);
/* Every pairing of the event, stage by stage, round by round. */
int sh_event_all_pairings(const ShEvent *event, const ShEventPairing **out);

/* Enter (or correct) the result of game `game` (0-based) of board `board`, with the id of
 * the recorded game (0: none); a table of three or four takes its result through
 * sh_event_set_table_result (here only SH_GAME_PENDING, to link its game). Refused for a board that does not exist, a game beyond the
 * pairing's, or a game of a match already decided. SH_GAME_PENDING with a game id links a
 * game begun (played in the web app) to a game still without a result. */
ShStatus sh_event_set_result(ShEvent *event, int stage, int round, int board, int game,
                             ShGameResult result, long game_id, ShError *err);
/* For a knockout match still undecided after its games: add the next tie-break game(s)
 * (two per stage, one at a time in the last stage). Returns through *added how many. */
ShStatus sh_event_add_tiebreak_games(ShEvent *event, int stage, int round, int board,
                                     int *added, ShError *err);

/* What a pairing needs next: the index of its first game without a result, -1 when it is
 * complete; *tiebreak says whether that is a tie-break game and at which stage, and
 * control gets its time control (the event's, or the tie-break stage's). A knockout match
 * tied after its games needs tie-break games first (sh_event_add_tiebreak_games). */
int sh_event_next_game(const ShEvent *event, const ShEventPairing *pairing, int *tiebreak,
                       char control[SH_TIME_CONTROL_SIZE]);
/* The colours of a pairing's game i: *white and *black get player ids. */
void sh_event_game_players(const ShEventPairing *pairing, int game, int *white, int *black);
/* Points of a pairing for its white and black player (tenths), as far as results are in;
 * for a knockout match, *winner gets the winner's id when decided (else 0). */
void sh_event_pairing_points(const ShEvent *event, const ShEventPairing *pairing, int *white,
                             int *black, int *winner);

/* Events of a game of three or four players (Novgorod, Neva: the kind's players > 2) are
 * played at tables: a round robin (sh_table_schedule: every two players meet as evenly as the
 * rounds allow, free rounds for those left over) or a Swiss (sh_table_swiss), of one game a
 * table. Scoring by places: the game's result orders the table by each player's share of the
 * point, and each player scores a win (the event's `win`) against every table mate with a
 * smaller share, a draw against every one with the same share and a loss against every one
 * with a larger one: a table of four whose last player left wins scores 3, 1, 1, 1 (1 / 0.5 /
 * 0), a shared point 1.5 each. The pairing-allocated bye of a Swiss scores a table's average,
 * (size - 1) draws. The table size, or 0 for an event of two-player games: */
int sh_event_table_size(const ShEventSettings *settings);
/* Enter (or correct) a table's result: the game's text, a share for each seat joined by '-'
 * ("1-0-0-0", "1/3-1/3-1/3", "0-1/2-1/2"; the shares sum to 1), or "*" to take it back. */
ShStatus sh_event_set_table_result(ShEvent *event, int stage, int round, int board,
                                   const char *result, long game_id, ShError *err);
/* A table game's result as text ("1-0-0-0", "*" while pending); buf of 32 bytes. */
const char *sh_event_table_result_text(const ShEventPairing *pairing, char *buf, size_t size);
/* Each seat's points of a table (tenths, 0 while pending; byes: seat 0 the bye's points). */
void sh_event_table_points(const ShEvent *event, const ShEventPairing *pairing,
                           int points[SH_MAX_PLAYERS]);

/* The whole event as text and back: its settings, players, bye requests, the stages that
 * have started (their players in order) and every pairing with its games, one line each
 * ("shashki-event 1" first). This is what the store keeps: reading it gives the event back
 * as it was, and reading checks every line (a line that does not fit says where). */
ShStatus sh_event_write(const ShEvent *event, char **text, ShError *err);
ShStatus sh_event_read(const char *text, ShEvent **event, ShError *err);

/* The event as a TRF16 file: the players of a stage in their pairing numbers (the stage's
 * order) and its complete rounds, one cell a pairing (a micro-match as its match result);
 * XXR the stage's rounds, XXC its colour, BBW ... its points, XXP the pairs that may not meet.
 * With stage 0, the first stage. */
ShStatus sh_event_to_trf(const ShEvent *event, int stage, ShTrf *trf, ShError *err);
/* An event of one Swiss stage from a TRF: its players (001 lines), the rounds it holds with
 * their results, its rounds (XXR), colours and points. */
ShStatus sh_event_from_trf(const ShTrf *trf, ShEvent **event, ShError *err);

/* ------------------------------------------------------------------------------------------
 * Standings
 * ---------------------------------------------------------------------------------------- */

typedef struct ShStanding {
    int id;                    /* the player */
    int group;                 /* a round robin in groups: the group (1-based), else 0 */
    int rank;                  /* 1-based (within the group); equal when everything is equal */
    int points;                /* tenths (a points series: series points) */
    int games;                 /* games played over the board */
    int wins, draws, losses;   /* over the board */
    double tiebreaks[SH_EVENT_MAX_TIEBREAKS]; /* in the settings' order */
    double performance;        /* the rating performance (0 without rated opponents) */
    double rating_change;      /* Elo, K of the settings, from the rated games */
    int place_from, place_to;  /* for a knockout: the places shared (5-8 ...) */
    bool out;                  /* knockout: eliminated */
} ShStanding;

/* The standings of a stage (1-based) or of the whole event (0: the last stage's players
 * first, then those out earlier; a points series sums the place points of every stage).
 * *rows is malloc'ed (free it); returns the count, or -1 with err set. */
int sh_event_standings(const ShEvent *event, int stage, ShStanding **rows, ShError *err);

/* The FIDE rating performance of a score against opponents' ratings, and the Elo expected
 * score and change (the difference capped at 400, as FIDE does). */
double sh_rating_performance(int score_tenths, int games, double opponents_average);
double sh_rating_expected(int rating, int opponent);

/* ------------------------------------------------------------------------------------------
 * Teams
 *
 * A team event (settings boards = N) is an event whose players belong to teams (the player's
 * `team`, in the board order of `board`, then entry; members past the N a round needs are
 * reserves). Each stage's system pairs the teams: round robin (Berger tables over the teams),
 * Swiss (FIDE C.04.6, see docs/tournaments.md for the edition and the choices made), knockout
 * (the tie rule of `team_tie`). A team match at table t of a round is the N pairings of boards
 * (t-1)N+1 .. tN: board b of the match is the b-th player of each team's line-up (its first N
 * members playing in that round: present, not withdrawn, no bye asked), the home team (named
 * first) White on the odd boards and Black on the even ones. A board a team cannot fill is
 * won by forfeit (a full-point bye of the player who came); a team's bye (an odd number of
 * teams) is one pairing of type SH_PAIRING_BYE (Swiss, knockout: the match points of a win and
 * half the game points) or SH_PAIRING_REST (round robin: nothing). Results are the boards'
 * games' (sh_event_set_result), so a team event is played, stored, exported and run by engines
 * as an individual one; the team standings are computed from them.
 *
 * An individual-team event (boards 0, team_best K) is an individual event whose team
 * standing is the sum of each team's K best members' points (ties: the lower sum of their
 * places), beside the individual standings.
 * ---------------------------------------------------------------------------------------- */

#define SH_TEAM_MAX_MEMBERS 32

typedef struct ShTeam {
    int number;                       /* 1-based: the team's pairing number */
    char name[SH_EVENT_TEXT];
    int rating;                       /* the average rating of its first `boards` members */
    int count;
    int members[SH_TEAM_MAX_MEMBERS]; /* player ids in board order */
} ShTeam;

/* The teams: in a team event once it has started, in their pairing order (by rating, then
 * entry); otherwise in the order their first member entered. *teams is malloc'ed; returns
 * the count (-1 out of memory). */
int sh_event_teams(const ShEvent *event, ShTeam **teams);

typedef struct ShTeamMatch {
    int stage, round, table;
    int home, away;              /* team numbers; away 0: home's bye (or free round) */
    int home_points, away_points;/* game points, tenths */
    int home_mp, away_mp;        /* match points, tenths (as far as results are in) */
    bool complete;               /* every board's result in (and a knockout match decided) */
    int winner;                  /* the team through or ahead, 0 while tied or open */
    bool tiebreak_needed;        /* a knockout match tied after its boards, the Armageddon
                                    game not yet added (sh_event_add_tiebreak_games) */
} ShTeamMatch;

/* The team matches of a round; *out is malloc'ed; returns the count (-1 on an error). */
int sh_event_team_matches(const ShEvent *event, int stage, int round, ShTeamMatch **out);

typedef struct ShTeamStanding {
    int team;                  /* the team's number */
    int rank;
    int match_points, game_points; /* tenths; an individual-team event: points of the best K */
    int matches, wins, draws, losses;
    double tiebreaks[SH_TEAM_MAX_TIEBREAKS]; /* in the settings' order; an individual-team
                                                event: [0] the sum of the K places */
    bool out;                  /* knockout: eliminated */
} ShTeamStanding;

/* The team standings of a team event (every stage's matches), or of an individual-team event
 * (team_best set). *rows is malloc'ed; returns the count, -1 with err set. */
int sh_event_team_standings(const ShEvent *event, ShTeamStanding **rows, ShError *err);

typedef struct ShBoardPrize {
    int id;                    /* the player */
    int rank;                  /* by result: percentage, then points, then performance */
    int games, points;         /* games played on the board (forfeits not), points (tenths) */
    double percentage;         /* points / games, 0-100 */
    double performance;        /* the rating performance (0 without rated opponents) */
} ShBoardPrize;

/* The players of board `board` (1..boards) of a team event with at least
 * `board_prize_games` games on it (settings), best first. *rows malloc'ed; the count or -1. */
int sh_event_board_prizes(const ShEvent *event, int board, ShBoardPrize **rows, ShError *err);

#ifdef __cplusplus
}
#endif

#endif /* SHASHKI_TOURNAMENT_H */
