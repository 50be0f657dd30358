/* glicko2.c - the Glicko-2 rating system, written from Mark E. Glickman, "Example of the
 * Glicko-2 system" (Boston University, November 30, 2013). The steps are the paper's; the
 * contract and the choices are in include/shashki_rating.h and docs/ratings.md. */
#include "shashki_rating.h"

#include <math.h>
#include <stdio.h>

#include "error.h"

/* Rounds of the Illinois algorithm before giving up (never reached for accepted input). */
#define MAX_ITERATIONS 10000
#define MAX_PERIODS (SH_RATING_MAX_DAYS * 10.0)
#define PI 3.14159265358979323846

void sh_rating_system_init(ShRatingSystem *system)
{
    if (!system)
        return;
    system->tau = SH_RATING_TAU_DEFAULT;
    system->rd_min = SH_RATING_RD_MIN;
    system->rd_max = SH_RATING_RD_MAX;
    system->provisional_rd = SH_RATING_PROVISIONAL_RD;
    system->volatility_max = SH_RATING_VOLATILITY_CAP;
    system->periods_per_day = SH_RATING_PERIODS_PER_DAY;
}

/* x is a number within [lo, hi] (false for NaN). */
static bool within(double x, double lo, double hi)
{
    return isfinite(x) && x >= lo && x <= hi;
}

ShStatus sh_rating_system_validate(const ShRatingSystem *system, ShError *err)
{
    if (!system)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no rating system");
    if (!within(system->tau, SH_RATING_TAU_MIN, SH_RATING_TAU_MAX))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "tau %g is not from %g to %g",
                         system->tau, SH_RATING_TAU_MIN, SH_RATING_TAU_MAX);
    if (!within(system->rd_max, 0.0, SH_RATING_RD_MAX) || system->rd_max <= 0.0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the RD ceiling %g is not above 0 and at most %g",
                         system->rd_max, SH_RATING_RD_MAX);
    if (!within(system->rd_min, 0.0, system->rd_max))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the RD floor %g is not from 0 to the ceiling %g",
                         system->rd_min, system->rd_max);
    if (!within(system->provisional_rd, 0.0, SH_RATING_RD_MAX))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "the provisional RD %g is not from 0 to %g",
                         system->provisional_rd, SH_RATING_RD_MAX);
    if (!within(system->volatility_max, 0.0, SH_RATING_VOLATILITY_MAX) ||
        system->volatility_max <= 0.0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the volatility ceiling %g is not above 0 and at most %g",
                         system->volatility_max, SH_RATING_VOLATILITY_MAX);
    if (!within(system->periods_per_day, 0.0, 10.0))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%g rating periods a day is not from 0 to 10",
                         system->periods_per_day);
    return SH_OK;
}

void sh_rating_init(ShRating *rating)
{
    if (!rating)
        return;
    rating->rating = SH_RATING_DEFAULT;
    rating->rd = SH_RATING_RD_DEFAULT;
    rating->volatility = SH_RATING_VOLATILITY_DEFAULT;
}

/* A rating r and deviation rd in range; `who` names them in the message ("the rating",
 * "game 3's opponent"). */
static ShStatus check_r_rd(double r, double rd, const char *who, ShError *err)
{
    if (!within(r, SH_RATING_MIN, SH_RATING_MAX))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s: rating %g is not from %g to %g", who, r,
                         SH_RATING_MIN, SH_RATING_MAX);
    if (!within(rd, 0.0, SH_RATING_RD_MAX) || rd <= 0.0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%s: RD %g is not above 0 and at most %g",
                         who, rd, SH_RATING_RD_MAX);
    return SH_OK;
}

ShStatus sh_rating_validate(const ShRating *rating, ShError *err)
{
    if (!rating)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no rating");
    ShStatus st = check_r_rd(rating->rating, rating->rd, "the player", err);
    if (st)
        return st;
    if (!within(rating->volatility, 0.0, SH_RATING_VOLATILITY_MAX) || rating->volatility <= 0.0)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "the player: volatility %g is not above 0 and at most %g",
                         rating->volatility, SH_RATING_VOLATILITY_MAX);
    return SH_OK;
}

static ShStatus check_game(const ShRatingGame *game, int number, ShError *err)
{
    char who[32];
    snprintf(who, sizeof who, "game %d's opponent", number);
    ShStatus st = check_r_rd(game->opponent_rating, game->opponent_rd, who, err);
    if (st)
        return st;
    double s = game->score;
    if (!(s == 0.0 || s == 0.5 || s == 1.0))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "game %d: score %g is not 1 (a win), 0.5 (a draw) or 0 (a loss)", number,
                         s);
    return SH_OK;
}

static ShStatus check_call(const ShRatingSystem *system, const ShRating *player,
                           const void *out, ShError *err)
{
    ShStatus st = sh_rating_system_validate(system, err);
    if (st)
        return st;
    if (!out)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no place for the new rating");
    return sh_rating_validate(player, err);
}

/* Step 3's g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2). */
static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (PI * PI));
}

/* Step 3's E(mu, mu_j, phi_j) = 1 / (1 + exp(-g(phi_j) (mu - mu_j))). */
static double e_of(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* 1 - E, computed as 1 / (1 + exp(g(phi_j) (mu - mu_j))) rather than by the subtraction, which
 * gives 0 once E rounds to 1 (a difference of some 6500 points): v = 1 / (g^2 E (1 - E)) stays
 * finite for every accepted difference. */
static double e_complement(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(g_of(phi_j) * (mu - mu_j)));
}

/* Step 5.1's f(x) = e^x (delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2. */
typedef struct Volatility {
    double delta2, phi2, v, a, tau2;
} Volatility;

static double f_of(const Volatility *p, double x)
{
    double ex = exp(x);
    double d = p->phi2 + p->v + ex;
    return ex * (p->delta2 - p->phi2 - p->v - ex) / (2.0 * d * d) - (x - p->a) / p->tau2;
}

/* Step 5: the new volatility sigma' by the Illinois algorithm (a regula falsi that halves the
 * kept end's value when the same end is kept twice). */
static ShStatus new_volatility(double sigma, double phi, double v, double delta, double tau,
                               double *out, int *iterations, ShError *err)
{
    /* 5.1 */
    Volatility p = {delta * delta, phi * phi, v, log(sigma * sigma), tau * tau};
    /* 5.2: the first two values, bracketing the root. */
    double A = p.a, B;
    if (p.delta2 > p.phi2 + p.v) {
        B = log(p.delta2 - p.phi2 - p.v);
    } else {
        /* f(a - k tau) > -1/2 + k / tau > 0 once k > tau / 2: a few rounds at most. */
        int k = 1;
        while (f_of(&p, p.a - k * tau) < 0.0)
            k++;
        B = p.a - k * tau;
    }
    /* 5.3 */
    double fA = f_of(&p, A), fB = f_of(&p, B);
    /* 5.4 */
    int n = 0;
    while (fabs(B - A) > SH_RATING_TOLERANCE) {
        if (++n > MAX_ITERATIONS)
            return error_set(err, SH_ERR_LIMIT, 0, 0,
                             "the volatility did not converge in %d rounds", MAX_ITERATIONS);
        double C = A + (A - B) * fA / (fB - fA);
        double fC = f_of(&p, C);
        if (fC * fB <= 0.0) {
            A = B;
            fA = fB;
        } else {
            fA = fA / 2.0;
        }
        B = C;
        fB = fC;
    }
    /* 5.5 */
    *out = exp(A / 2.0);
    *iterations = n;
    return SH_OK;
}

/* Step 6's pre-period phi* = sqrt(phi^2 + t sigma^2) (t = 1 for one full period). */
static double grown_phi(double phi, double sigma, double periods)
{
    return sqrt(phi * phi + periods * sigma * sigma);
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* Steps 2-8 for a period of `periods` length (1 in the paper) with count >= 1 games. */
static ShStatus rate(const ShRatingSystem *system, const ShRating *player,
                     const ShRatingGame *games, int count, double periods, ShRating *out,
                     ShRatingSteps *steps, ShError *err)
{
    /* Step 2 */
    double mu = (player->rating - SH_RATING_DEFAULT) / SH_RATING_SCALE;
    double phi = player->rd / SH_RATING_SCALE;
    /* Steps 3 and 4: v and the sum that, times v, is delta. */
    double information = 0.0, sum = 0.0;
    for (int i = 0; i < count; i++) {
        double mu_j = (games[i].opponent_rating - SH_RATING_DEFAULT) / SH_RATING_SCALE;
        double phi_j = games[i].opponent_rd / SH_RATING_SCALE;
        double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j), ec = e_complement(mu, mu_j, phi_j);
        double s = games[i].score;
        information += g * g * e * ec;
        /* s - E, the win's 1 - E without cancellation */
        sum += g * (s == 1.0 ? ec : s - e);
    }
    double v = 1.0 / information;
    double delta = v * sum;
    /* Step 5 */
    double sigma = player->volatility;
    int iterations = 0;
    ShStatus st = new_volatility(player->volatility, phi, v, delta, system->tau, &sigma,
                                 &iterations, err);
    if (st)
        return st;
    /* Step 6, with the ceiling */
    double phi_star = grown_phi(phi, sigma, periods);
    double phi_pre = fmin(phi_star, system->rd_max / SH_RATING_SCALE);
    /* Step 7, with the floor (and the ceiling again, for a floor above it never: validated) */
    double phi_new = 1.0 / sqrt(1.0 / (phi_pre * phi_pre) + 1.0 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    double rd = clamp(phi_new * SH_RATING_SCALE, system->rd_min, system->rd_max);
    if (steps) {
        steps->mu = mu;
        steps->phi = phi;
        steps->v = v;
        steps->delta = delta;
        steps->volatility = sigma;
        steps->iterations = iterations;
        steps->phi_star = phi_star;
        steps->phi_new = phi_new;
        steps->mu_new = mu_new;
    }
    /* Step 8, kept within the accepted ranges so that a result is always valid input */
    out->rating = clamp(SH_RATING_SCALE * mu_new + SH_RATING_DEFAULT, SH_RATING_MIN, SH_RATING_MAX);
    out->rd = rd;
    out->volatility = fmin(sigma, system->volatility_max);
    return SH_OK;
}

static ShStatus idle(const ShRatingSystem *system, const ShRating *player, double periods,
                     ShRating *out)
{
    double phi = player->rd / SH_RATING_SCALE;
    double rd = grown_phi(phi, player->volatility, periods) * SH_RATING_SCALE;
    /* A rating below the ceiling is never lowered to it by time; one above (a ceiling set
     * lower than 350 after the rating was made) is. */
    ShRating r = *player;
    r.rd = fmin(rd, system->rd_max);
    *out = r;
    return SH_OK;
}

ShStatus sh_rating_period(const ShRatingSystem *system, const ShRating *player,
                          const ShRatingGame *games, int count, ShRating *out,
                          ShRatingSteps *steps, ShError *err)
{
    ShStatus st = check_call(system, player, out, err);
    if (st)
        return st;
    if (count < 0 || (count > 0 && !games))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no games (%d)", count);
    for (int i = 0; i < count; i++) {
        st = check_game(&games[i], i + 1, err);
        if (st)
            return st;
    }
    if (count == 0) {
        if (steps) {
            steps->mu = steps->mu_new = (player->rating - SH_RATING_DEFAULT) / SH_RATING_SCALE;
            steps->phi = player->rd / SH_RATING_SCALE;
            steps->v = INFINITY; /* no games: no information */
            steps->delta = 0.0;
            steps->volatility = player->volatility;
            steps->iterations = 0;
            steps->phi_star = steps->phi_new = grown_phi(steps->phi, player->volatility, 1.0);
        }
        return idle(system, player, 1.0, out);
    }
    return rate(system, player, games, count, 1.0, out, steps, err);
}

ShStatus sh_rating_game(const ShRatingSystem *system, const ShRating *player,
                        const ShRatingGame *game, double days, ShRating *out, ShError *err)
{
    ShStatus st = check_call(system, player, out, err);
    if (st)
        return st;
    if (!game)
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "no game");
    st = check_game(game, 1, err);
    if (st)
        return st;
    if (!within(days, 0.0, SH_RATING_MAX_DAYS))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%g days since the last game is not from 0 to %g",
                         days, SH_RATING_MAX_DAYS);
    return rate(system, player, game, 1, days * system->periods_per_day, out, NULL, err);
}

ShStatus sh_rating_idle(const ShRatingSystem *system, const ShRating *player, double periods,
                        ShRating *out, ShError *err)
{
    ShStatus st = check_call(system, player, out, err);
    if (st)
        return st;
    if (!within(periods, 0.0, MAX_PERIODS))
        return error_set(err, SH_ERR_ARGUMENT, 0, 0, "%g rating periods is not from 0 to %g",
                         periods, MAX_PERIODS);
    return idle(system, player, periods, out);
}

double sh_rating_predict(const ShRating *a, const ShRating *b)
{
    double mu_a = (a->rating - SH_RATING_DEFAULT) / SH_RATING_SCALE;
    double mu_b = (b->rating - SH_RATING_DEFAULT) / SH_RATING_SCALE;
    double phi_a = a->rd / SH_RATING_SCALE, phi_b = b->rd / SH_RATING_SCALE;
    return e_of(mu_a, mu_b, sqrt(phi_a * phi_a + phi_b * phi_b));
}

bool sh_rating_provisional(const ShRatingSystem *system, const ShRating *rating)
{
    double threshold = system ? system->provisional_rd : SH_RATING_PROVISIONAL_RD;
    return rating->rd >= threshold;
}

int sh_rating_display(const ShRatingSystem *system, const ShRating *rating,
                      char out[SH_RATING_DISPLAY_SIZE])
{
    double r = within(rating->rating, -1e9, 1e9) ? rating->rating : 0.0;
    long shown = lround(r);
    int n = snprintf(out, SH_RATING_DISPLAY_SIZE, "%ld%s", shown,
                     sh_rating_provisional(system, rating) ? "?" : "");
    return n < SH_RATING_DISPLAY_SIZE ? n : SH_RATING_DISPLAY_SIZE - 1;
}
