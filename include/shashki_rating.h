/*
 * shashki_rating.h - ratings: Glicko-2 and the speeds of play, the rating module of libshashki.
 *
 * This header is the module's contract (it adds to shashki.h, whose conventions hold: no
 * printing, no exiting, an ShStatus and a filled ShError on failure, no global mutable state).
 * It does the arithmetic of ratings only; who is rated, when, and where ratings are kept are
 * the server's business. docs/ratings.md explains the formulas and the choices at length.
 *
 * The system. Mark E. Glickman, "Example of the Glicko-2 system" (Boston University, November
 * 30, 2013; glicko.net/glicko/glicko2.pdf), followed step by step (src/rating/glicko2.c names
 * the steps):
 *   - A rating is (r, RD, sigma) on the Glicko scale (the one players see: 1500 the centre);
 *     the arithmetic runs on the Glicko-2 scale, mu = (r - 1500) / 173.7178,
 *     phi = RD / 173.7178 (step 2; step 8 converts back).
 *   - A new player: 1500, RD 350, volatility 0.06 (step 1).
 *   - The system constant tau constrains the change of volatility: 0.5 by default, settable in
 *     ShRatingSystem (the paper advises 0.3 to 1.2; values from 0.1 to 2 are accepted).
 *   - A rating period's games are rated together against the opponents' pre-period ratings
 *     (steps 3-8); the volatility is found by the paper's Illinois algorithm (step 5.1-5.5)
 *     with its convergence tolerance 0.000001; a player without games in a period keeps r and
 *     sigma while RD grows by step 6 alone: phi' = sqrt(phi^2 + t * sigma^2), t the periods.
 *   - Bounds: RD never above 350 (the RD of a new player: step 6 cannot make a rating less
 *     known than no rating at all) and, after a player's own games, never below 45, lichess's
 *     floor (without one, a player who plays every day would become nearly immovable).
 *     Opponents' RDs are taken as given (the paper's example has an opponent at 30). The new
 *     volatility is never above 0.1, lichess's ceiling: step 5 has no bounded answer for a
 *     high volatility meeting results whose probability is next to nothing (ten straight losses
 *     of a 10000 to a 0 with tau 2 give sigma' = 1e24); ordinary ratings stay near 0.06.
 *   - Accepted input: r from 0 to 10000, RD above 0 and at most 350, sigma above 0 and at most
 *     1, scores 1, 0.5 and 0 only. Everything else is refused with SH_ERR_ARGUMENT; the bounds
 *     keep every exponential of the formulas inside a double, whatever the difference. A result
 *     is kept within them too (r from 0 to 10000), so it is always valid input.
 *
 * Updating after each game (sh_rating_game). A federation's server shows a new rating as a
 * game ends, as lichess does, not at the end of a month. lila rates each game as a rating
 * period of its own and measures time in fractional rating periods, 0.21436 a day, chosen so
 * that a typical player's RD goes from 60 to 110 in a year without games (its "live" RD; inside
 * the game's own update its current code skips step 6's growth). The choice here, simple and
 * close to that: a game is a rating period of one game whose length is the time since the
 * player's previous rated game, so step 6 uses t = days * periods_per_day (0.21436 by default)
 * with the sigma' of the game: the paper's own step 6, with a fractional t. Games played back to
 * back (days = 0) move r and RD by steps 3-7 alone. Rate both players of a game from their
 * ratings before it (as the paper rates a period against pre-period ratings).
 *
 * Provisional. A rating with RD of 110 or more is provisional (lichess's threshold and
 * comparison); it is shown with a question mark: "1500?".
 *
 * Speeds. A rated game's speed is that of its time control, as lichess classifies: the
 * estimated duration is the time for 40 moves (base time plus 40 increments) and
 *   under 180 s bullet (lichess's ultrabullet, under 30 s, is folded in), under 480 s blitz,
 *   under 1500 s rapid, otherwise classical; days per move are correspondence.
 * The time control's text is the project's (sh_timecontrol_parse: "5m+3s", "300+3", ...) or the
 * correspondence form "Nd", N days per move from 1 to 14 ("1d" .. "14d"), as correspondence
 * federations give each move days. sh_speed_estimate_ms says how controls of several periods
 * and the Bronstein delay are estimated; a game without a time control ("-") is correspondence.
 */
#ifndef SHASHKI_RATING_H
#define SHASHKI_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shashki.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Glicko-2 (src/rating/glicko2.c)
 * ---------------------------------------------------------------------------------------- */

#define SH_RATING_DEFAULT 1500.0
#define SH_RATING_RD_DEFAULT 350.0
#define SH_RATING_VOLATILITY_DEFAULT 0.06
#define SH_RATING_TAU_DEFAULT 0.5
#define SH_RATING_RD_MAX 350.0          /* RD never grows above this */
#define SH_RATING_RD_MIN 45.0           /* a player's RD after a game is never below this */
#define SH_RATING_PROVISIONAL_RD 110.0  /* RD at or above: provisional */
#define SH_RATING_PERIODS_PER_DAY 0.21436
#define SH_RATING_SCALE 173.7178        /* Glicko-2 scale: mu = (r - 1500) / 173.7178 */
#define SH_RATING_TOLERANCE 0.000001    /* step 5's convergence tolerance */
#define SH_RATING_MIN 0.0               /* accepted ratings */
#define SH_RATING_MAX 10000.0
#define SH_RATING_VOLATILITY_MAX 1.0    /* accepted volatilities: above 0 to this */
#define SH_RATING_VOLATILITY_CAP 0.1    /* sigma' never above this (lichess's ceiling) */
#define SH_RATING_TAU_MIN 0.1           /* accepted tau */
#define SH_RATING_TAU_MAX 2.0
#define SH_RATING_MAX_DAYS 36500.0      /* accepted inactivity (a century) */
#define SH_RATING_DISPLAY_SIZE 16       /* "1500?" and any accepted rating, with the NUL */

/* The system's constants. sh_rating_system_init sets the defaults above; a server may change
 * tau, the RD floor and ceiling (rd_min <= rd_max <= 350), the provisional threshold, the
 * volatility's ceiling and the periods per day; every function checks them (SH_ERR_ARGUMENT
 * when out of range). */
typedef struct ShRatingSystem {
    double tau;             /* 0.1 .. 2 */
    double rd_min;          /* floor of a player's RD after a game: 0 .. rd_max */
    double rd_max;          /* ceiling of every RD: rd_min .. 350 */
    double provisional_rd;  /* RD at or above this: provisional */
    double volatility_max;  /* ceiling of sigma' after a period: above 0 .. 1 */
    double periods_per_day; /* rating periods a day, for sh_rating_game: 0 .. 10 */
} ShRatingSystem;

/* A player's rating on the Glicko scale. */
typedef struct ShRating {
    double rating;     /* r */
    double rd;         /* RD */
    double volatility; /* sigma */
} ShRating;

/* One game of a rating period, from the rated player's side. */
typedef struct ShRatingGame {
    double opponent_rating; /* the opponent's r before the period */
    double opponent_rd;     /* the opponent's RD before the period */
    double score;           /* 1 a win, 0.5 a draw, 0 a loss */
} ShRatingGame;

/* The paper's intermediate quantities of one update, on the Glicko-2 scale (what the paper's
 * example prints, for checking and for explaining a rating change). */
typedef struct ShRatingSteps {
    double mu, phi;      /* step 2 */
    double v;            /* step 3: the estimated variance from the games alone */
    double delta;        /* step 4: the estimated improvement */
    double volatility;   /* step 5: sigma' */
    int iterations;      /* step 5.4: rounds of the Illinois algorithm */
    double phi_star;     /* step 6: the pre-period value, before the floor and ceiling */
    double phi_new;      /* step 7: phi' */
    double mu_new;       /* step 7: mu' */
} ShRatingSteps;

void sh_rating_system_init(ShRatingSystem *system);
/* SH_ERR_ARGUMENT with a message saying which constant is out of its range. */
ShStatus sh_rating_system_validate(const ShRatingSystem *system, ShError *err);

/* A new player: 1500, 350, 0.06. */
void sh_rating_init(ShRating *rating);
/* A rating the functions accept (the ranges above): SH_ERR_ARGUMENT otherwise. */
ShStatus sh_rating_validate(const ShRating *rating, ShError *err);

/* A rating period (steps 1-8): the player's games of the period, count >= 0; with none, the
 * period passes as for sh_rating_idle with one period. steps, if not NULL, receives the
 * paper's intermediate values. *out is written only on success; it may be *player. A bad game
 * is refused with its number (1-based) in the message; SH_ERR_LIMIT if step 5 does not
 * converge in 10000 rounds (the tests' most extreme inputs take a few dozen). */
ShStatus sh_rating_period(const ShRatingSystem *system, const ShRating *player,
                          const ShRatingGame *games, int count, ShRating *out,
                          ShRatingSteps *steps, ShError *err);

/* After one game, at once: a rating period of that game whose length is `days` since the
 * player's previous rated game (0 .. 36500; step 6 with t = days * periods_per_day). Rate both
 * players of a game from their ratings before it. */
ShStatus sh_rating_game(const ShRatingSystem *system, const ShRating *player,
                        const ShRatingGame *game, double days, ShRating *out, ShError *err);

/* A player without games for `periods` rating periods (0 .. 36500 * 10, fractions allowed):
 * step 6 only, r and sigma kept, RD = min(sqrt(RD^2 + t sigma^2) on the Glicko-2 scale,
 * rd_max). For days of inactivity pass days * system->periods_per_day. */
ShStatus sh_rating_idle(const ShRatingSystem *system, const ShRating *player, double periods,
                        ShRating *out, ShError *err);

/* The expected score of a against b, from 0 to 1, both uncertainties counted (Glickman's
 * prediction for a game between two rated players; sh_rating_expected of shashki_tournament.h
 * is FIDE's Elo expectation for standings):
 * 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) (mu_a - mu_b))). sh_rating_predict(a, b) +
 * sh_rating_predict(b, a) = 1. The ratings are not checked: validate them first. */
double sh_rating_predict(const ShRating *a, const ShRating *b);

/* RD at or above the system's provisional threshold. */
bool sh_rating_provisional(const ShRatingSystem *system, const ShRating *rating);

/* The rating as players see it: rounded to the nearest integer, "?" after a provisional one
 * ("1500?", "1837"). Returns the length. */
int sh_rating_display(const ShRatingSystem *system, const ShRating *rating,
                      char out[SH_RATING_DISPLAY_SIZE]);

/* ------------------------------------------------------------------------------------------
 * Speeds (src/rating/speed.c)
 * ---------------------------------------------------------------------------------------- */

typedef enum ShSpeed {
    SH_SPEED_BULLET,
    SH_SPEED_BLITZ,
    SH_SPEED_RAPID,
    SH_SPEED_CLASSICAL,
    SH_SPEED_CORRESPONDENCE
} ShSpeed;

#define SH_SPEED_COUNT 5
#define SH_CORRESPONDENCE_MIN_DAYS 1
#define SH_CORRESPONDENCE_MAX_DAYS 14
#define SH_SPEED_BULLET_BELOW_S 180     /* estimated seconds: below, bullet */
#define SH_SPEED_BLITZ_BELOW_S 480
#define SH_SPEED_RAPID_BELOW_S 1500     /* at or above: classical */
#define SH_SPEED_ESTIMATE_MOVES 40

/* "bullet", "blitz", "rapid", "classical", "correspondence"; NULL for another value. */
const char *sh_speed_name(ShSpeed speed);
/* The speed of that name (the names above). SH_ERR_ARGUMENT for any other. */
ShStatus sh_speed_find(const char *name, ShSpeed *speed, ShError *err);

/* Read the correspondence form "Nd" (N days per move, 1 to 14; blanks around allowed).
 * SH_ERR_SYNTAX with the column when the text is not of that form or N is out of range. */
ShStatus sh_correspondence_parse(const char *text, int *days, ShError *err);

/* The estimated duration of a game for one player, in milliseconds, as lichess estimates it:
 * the time available for the first 40 moves (the first period, and every later period, the
 * repeats of a repeating last one included, that starts within those 40 moves) plus 40 times
 * the increment, or 40 times the Bronstein delay (the most it can give back). -1 without a
 * time control (count 0). */
int64_t sh_speed_estimate_ms(const ShTimeControl *control);

/* The speed of a time control: by its estimated duration; correspondence when it has none
 * (count 0, "-": a game without a clock waits like a correspondence game, as lila treats
 * it). SH_ERR_ARGUMENT when the control is not valid (sh_timecontrol_validate). */
ShStatus sh_speed_of_control(const ShTimeControl *control, ShSpeed *speed, ShError *err);

/* The speed of a time control's text: "Nd" is correspondence (sh_correspondence_parse); any
 * other text is read by sh_timecontrol_parse and classified by sh_speed_of_control. A text
 * that cannot be read is refused with that reader's error (code, column, message). */
ShStatus sh_speed_classify(const char *text, ShSpeed *speed, ShError *err);

#ifdef __cplusplus
}
#endif

#endif
