/* test_rating.c - Glicko-2 ratings and the speeds of play (include/shashki_rating.h).
 *
 * References: Glickman's worked example ("Example of the Glicko-2 system", 2013), checked at
 * the precision the paper prints each quantity; lichess's published expectations for one game
 * between two new players (scalachess GlickoCalculatorTest: 1662.21 / 1337.79, RD 290.23) and
 * its calibration of RD growth (60 to 110 in a year at 0.21436 periods a day); the rest are
 * properties that follow from the formulas independently of the code (symmetry, monotonicity,
 * additivity of step 6 in time) and lichess's speed boundaries. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shashki_rating.h"
#include "test.h"

/* x equals what the paper prints, `places` decimals: |x - printed| <= half a unit of the last
 * place (and a hair for the binary representation of the printed number). */
static bool printed(double x, double value, int places)
{
    return fabs(x - value) <= 0.5 * pow(10.0, -places) + 1e-12;
}

#define CHECK_PRINTED(x, value, places)                                                       \
    CHECK_MSG(printed((x), (value), (places)), "%s = %.9f, the paper prints %.*f", #x, (x),   \
              (places), (value))

#define CHECK_NEAR(x, value, tolerance)                                                       \
    CHECK_MSG(fabs((x) - (value)) <= (tolerance), "%s = %.9f, expected %.9f (within %g)", #x, \
              (x), (double)(value), (double)(tolerance))

static ShRating rating(double r, double rd, double sigma)
{
    ShRating x = {r, rd, sigma};
    return x;
}

static ShRatingGame game(double r, double rd, double score)
{
    ShRatingGame g = {r, rd, score};
    return g;
}

static void glickman_example(void)
{
    ShRatingSystem sys;
    sh_rating_system_init(&sys);
    ShRating player = rating(1500, 200, 0.06), out;
    ShRatingGame games[3] = {game(1400, 30, 1), game(1550, 100, 0), game(1700, 300, 0)};
    ShRatingSteps steps;
    ShError err;

    test_case("Glickman's example: tau 0.5, 1500/200/0.06 against 1400/30 (won), "
              "1550/100 and 1700/300 (lost)");
    CHECK_INT(sh_rating_period(&sys, &player, games, 3, &out, &steps, &err), SH_OK);
    /* The paper carries g(phi_j) to 4 decimals and E to 3 into v and delta, so its v, delta,
     * sigma' and phi* are a few units off in their last printed place (v 1.7785 for 1.77898);
     * mu' and phi' come out right to the 4 decimals it prints, and step 8 converts those
     * rounded values: 173.7178 * -0.2069 + 1500 = 1464.0578, printed 1464.06, where the
     * unrounded mu' gives 1464.0507. Each is checked against what the paper prints, within
     * what its rounding explains. */
    CHECK_PRINTED(steps.mu, 0.0, 4);
    CHECK_PRINTED(steps.phi, 1.1513, 4);
    CHECK_NEAR(steps.v, 1.7785, 0.001);
    CHECK_NEAR(steps.delta, -0.4834, 0.001);
    CHECK_NEAR(steps.volatility, 0.05999, 0.00001);
    CHECK(steps.iterations > 0 && steps.iterations < 20);
    CHECK_NEAR(steps.phi_star, 1.152862, 0.00001);
    CHECK_PRINTED(steps.phi_new, 0.8722, 4);
    CHECK_PRINTED(steps.mu_new, -0.2069, 4);
    CHECK_PRINTED(SH_RATING_SCALE * -0.2069 + 1500, 1464.06, 2);
    CHECK_NEAR(out.rating, 1464.06, 0.01);
    CHECK_PRINTED(out.rd, 151.52, 2);
    CHECK_NEAR(out.volatility, 0.05999, 0.00001);

    test_case("Glickman's example at full precision: the values of an independent "
              "implementation's tests (jlouis/erl-glicko2)");
    CHECK_NEAR(steps.phi, 1.1512924985234674, 1e-12);
    CHECK_NEAR(steps.v, 1.7789770897239976, 1e-9);
    CHECK_NEAR(steps.delta, -0.4839332609836549, 1e-9);
    CHECK_NEAR(steps.volatility, 0.059995984286488495, 1e-9);
    CHECK_NEAR(steps.phi_star, 1.1528546895801364, 1e-9);
    CHECK_NEAR(steps.mu_new, -0.20694096667525494, 1e-9);
    CHECK_NEAR(steps.phi_new, 0.8721991881307343, 1e-9);
    CHECK_NEAR(out.rating, 1464.0506705393013, 1e-6);
    CHECK_NEAR(out.rd, 151.51652412385727, 1e-6);

    test_case("Glickman's example: step 3's E at the paper's precision (0.639, 0.432, 0.303)");
    /* sh_rating_predict with a player whose RD is next to nothing is step 3's
     * E(mu, mu_j, phi_j), which depends on the opponent's RD alone. */
    ShRating sure = rating(1500, 1e-9, 0.06);
    const double e[3] = {0.639, 0.432, 0.303};
    for (int i = 0; i < 3; i++) {
        ShRating opp = rating(games[i].opponent_rating, games[i].opponent_rd, 0.06);
        CHECK_PRINTED(sh_rating_predict(&sure, &opp), e[i], 3);
    }

    test_case("Glickman's example: the result written over the player's own record");
    ShRating same = player;
    CHECK_INT(sh_rating_period(&sys, &same, games, 3, &same, NULL, NULL), SH_OK);
    CHECK(same.rating == out.rating && same.rd == out.rd && same.volatility == out.volatility);
}

static void lichess_game(void)
{
    ShRatingSystem sys;
    sh_rating_system_init(&sys);
    sys.tau = 0.75; /* lila's */
    ShRating white = rating(1500, 350, 0.06), black = white, w, b;
    ShRatingGame wg = game(black.rating, black.rd, 1), bg = game(white.rating, white.rd, 0);

    test_case("one game between two new players, as lichess computes it: 1662.21 / 1337.79, "
              "RD 290.23, volatility 0.0599993");
    CHECK_INT(sh_rating_game(&sys, &white, &wg, 0, &w, NULL), SH_OK);
    CHECK_INT(sh_rating_game(&sys, &black, &bg, 0, &b, NULL), SH_OK);
    CHECK_NEAR(w.rating, 1662.21, 0.005);
    CHECK_NEAR(b.rating, 1337.79, 0.005);
    CHECK_NEAR(w.rd, 290.23, 0.005);
    CHECK_NEAR(b.rd, 290.23, 0.005);
    CHECK_NEAR(w.volatility, 0.0599993, 0.0000001);
    CHECK_NEAR(b.volatility, 0.0599993, 0.0000001);

    test_case("a game after days away: RD first grows by step 6 (t = days * 0.21436), so the "
              "rating moves more");
    ShRating vet = rating(1800, 60, 0.06), now, later;
    ShRatingGame loss = game(1700, 60, 0);
    CHECK_INT(sh_rating_game(&sys, &vet, &loss, 0, &now, NULL), SH_OK);
    CHECK_INT(sh_rating_game(&sys, &vet, &loss, 365, &later, NULL), SH_OK);
    CHECK(later.rating < now.rating && now.rating < vet.rating);
    CHECK(later.rd > now.rd);

    test_case("a game with days = 0: the paper's formulas for one game, without step 6's growth");
    /* Check the single-game formulas directly: phi' = 1 / sqrt(1/phi^2 + 1/v), v = 1/(g^2 E(1-E)),
     * mu' = mu + phi'^2 g (s - E), everything from the opponent's rating alone. */
    double phi = 60 / SH_RATING_SCALE, phi_j = 60 / SH_RATING_SCALE;
    double g = 1 / sqrt(1 + 3 * phi_j * phi_j / (M_PI * M_PI));
    /* 1800 - 1700 = 100 points: mu - mu_j = 100 / 173.7178 */
    double E = 1 / (1 + exp(-g * (100.0 / SH_RATING_SCALE)));
    double v = 1 / (g * g * E * (1 - E));
    double phi_new = 1 / sqrt(1 / (phi * phi) + 1 / v);
    double mu_new = 300.0 / SH_RATING_SCALE + phi_new * phi_new * g * (0 - E);
    CHECK_NEAR(now.rd, SH_RATING_SCALE * phi_new, 1e-9);
    CHECK_NEAR(now.rating, 1500 + SH_RATING_SCALE * mu_new, 1e-9);
}

static void properties(void)
{
    ShRatingSystem sys;
    sh_rating_system_init(&sys);
    uint64_t seed = 25;

    test_case("a win raises the rating, a loss lowers it, whatever the ratings (1000 random)");
    for (int i = 0; i < 1000; i++) {
        double r = 100 + (double)(test_random(&seed) % 3000);
        double rd = 45 + (double)(test_random(&seed) % 306);
        double ro = 100 + (double)(test_random(&seed) % 3000);
        double rdo = 30 + (double)(test_random(&seed) % 321);
        ShRating p = rating(r, rd, 0.06), won, lost;
        ShRatingGame w = game(ro, rdo, 1), l = game(ro, rdo, 0);
        CHECK_INT(sh_rating_period(&sys, &p, &w, 1, &won, NULL, NULL), SH_OK);
        CHECK_INT(sh_rating_period(&sys, &p, &l, 1, &lost, NULL, NULL), SH_OK);
        CHECK_MSG(won.rating > r && lost.rating < r, "%g/%g against %g/%g: won %g, lost %g", r, rd,
                  ro, rdo, won.rating, lost.rating);
        if (test_case_failed())
            break;
    }

    test_case("a draw against an equal rating keeps it; against a stronger one raises it");
    ShRating p = rating(1600, 120, 0.06), out;
    ShRatingGame d = game(1600, 80, 0.5);
    CHECK_INT(sh_rating_period(&sys, &p, &d, 1, &out, NULL, NULL), SH_OK);
    CHECK_NEAR(out.rating, 1600, 1e-9);
    CHECK(out.rd < 120);
    d.opponent_rating = 1800;
    CHECK_INT(sh_rating_period(&sys, &p, &d, 1, &out, NULL, NULL), SH_OK);
    CHECK(out.rating > 1600);

    test_case("two players of equal RD and volatility: what one gains the other loses "
              "(500 random games)");
    for (int i = 0; i < 500; i++) {
        double ra = 800 + (double)(test_random(&seed) % 1600);
        double rb = 800 + (double)(test_random(&seed) % 1600);
        double rd = 50 + (double)(test_random(&seed) % 300);
        double s = (double)(test_random(&seed) % 3) / 2;
        ShRating a = rating(ra, rd, 0.06), b = rating(rb, rd, 0.06), a2, b2;
        ShRatingGame ga = game(rb, rd, s), gb = game(ra, rd, 1 - s);
        CHECK_INT(sh_rating_game(&sys, &a, &ga, 1, &a2, NULL), SH_OK);
        CHECK_INT(sh_rating_game(&sys, &b, &gb, 1, &b2, NULL), SH_OK);
        CHECK_MSG(fabs(a2.rating + b2.rating - ra - rb) < 1e-6, "%g + %g -> %g + %g", ra, rb,
                  a2.rating, b2.rating);
        CHECK_NEAR(a2.rd, b2.rd, 1e-9);
        if (test_case_failed())
            break;
    }

    test_case("expected scores: complementary, 0.5 for equal ratings, higher for the stronger");
    ShRating a = rating(1700, 80, 0.06), b = rating(1500, 200, 0.06);
    CHECK_NEAR(sh_rating_predict(&a, &b) + sh_rating_predict(&b, &a), 1.0, 1e-12);
    CHECK_NEAR(sh_rating_predict(&a, &a), 0.5, 1e-12);
    CHECK(sh_rating_predict(&a, &b) > 0.5);
    /* More uncertainty pulls the expectation towards 0.5. */
    ShRating unsure = rating(1700, 350, 0.06);
    CHECK(sh_rating_predict(&unsure, &b) < sh_rating_predict(&a, &b));
    /* With RDs near nothing it is the Elo curve: 400 points, 10 to 1 (to the 7 digits of
     * 173.7178, the paper's rounding of 400 / ln 10). */
    ShRating x = rating(1900, 1e-9, 0.06), y = rating(1500, 1e-9, 0.06);
    CHECK_NEAR(sh_rating_predict(&x, &y), 10.0 / 11.0, 1e-7);

    test_case("inactivity: RD grows as step 6 says, adds up in time, never above 350");
    ShRating q = rating(1500, 200, 0.06), r1, r2, r12;
    CHECK_INT(sh_rating_idle(&sys, &q, 1, &r1, NULL), SH_OK);
    CHECK_NEAR(r1.rd, SH_RATING_SCALE * sqrt(pow(200 / SH_RATING_SCALE, 2) + 0.06 * 0.06),
               1e-9);
    CHECK(r1.rating == 1500 && r1.volatility == 0.06);
    ShRating none;
    CHECK_INT(sh_rating_period(&sys, &q, NULL, 0, &none, NULL, NULL), SH_OK);
    CHECK(none.rd == r1.rd && none.rating == q.rating);
    CHECK_INT(sh_rating_idle(&sys, &q, 2.5, &r2, NULL), SH_OK);
    CHECK_INT(sh_rating_idle(&sys, &r1, 1.5, &r12, NULL), SH_OK);
    CHECK_NEAR(r12.rd, r2.rd, 1e-9);
    CHECK_INT(sh_rating_idle(&sys, &q, 0, &r2, NULL), SH_OK);
    CHECK(r2.rd == 200);
    double last = 0;
    for (double t = 0; t <= 20000; t = t * 2 + 1) {
        CHECK_INT(sh_rating_idle(&sys, &q, t, &r2, NULL), SH_OK);
        CHECK_MSG(r2.rd >= last && r2.rd <= 350, "after %g periods RD %g", t, r2.rd);
        last = r2.rd;
    }
    CHECK(last == 350);

    test_case("lichess's calibration: 0.21436 periods a day take RD 60 to about 110 in a year");
    ShRating steady = rating(1500, 60, 0.06), year;
    CHECK_INT(sh_rating_idle(&sys, &steady, 365 * sys.periods_per_day, &year, NULL), SH_OK);
    CHECK_NEAR(year.rd, 110, 0.5);

    test_case("RD never grows above 350 through a game, nor falls below the floor (45)");
    ShRating fresh = rating(1500, 350, 0.2), after;
    ShRatingGame far = game(1500, 350, 0.5);
    CHECK_INT(sh_rating_game(&sys, &fresh, &far, 36500, &after, NULL), SH_OK);
    CHECK(after.rd < 350);
    ShRating settled = rating(1500, 46, 0.06);
    ShRatingGame many[400];
    for (int i = 0; i < 400; i++)
        many[i] = game(1500, 30, 0.5);
    CHECK_INT(sh_rating_period(&sys, &settled, many, 400, &after, NULL, NULL), SH_OK);
    CHECK(after.rd == 45);
    sys.rd_min = 0;
    CHECK_INT(sh_rating_period(&sys, &settled, many, 400, &after, NULL, NULL), SH_OK);
    CHECK(after.rd < 20);
    sh_rating_system_init(&sys);

    test_case("provisional and display: RD 110 or more gets a question mark");
    ShRating shown = rating(1500, 350, 0.06);
    char text[SH_RATING_DISPLAY_SIZE];
    CHECK_INT(sh_rating_display(&sys, &shown, text), 5);
    CHECK_STR(text, "1500?");
    shown = rating(1837.4, 80, 0.06);
    CHECK(!sh_rating_provisional(&sys, &shown));
    sh_rating_display(&sys, &shown, text);
    CHECK_STR(text, "1837");
    shown = rating(1837.5, 109.99, 0.06);
    sh_rating_display(&sys, &shown, text);
    CHECK_STR(text, "1838");
    shown.rd = 110;
    CHECK(sh_rating_provisional(&sys, &shown));
    sh_rating_display(&sys, &shown, text);
    CHECK_STR(text, "1838?");
    shown = rating(10000, 45, 0.06);
    sh_rating_display(&sys, &shown, text);
    CHECK_STR(text, "10000");
}

/* Every result valid input again, step 5 quick. */
static void extreme(const ShRatingSystem *sys, const ShRating *p, const ShRatingGame *games,
                    int count, const char *what)
{
    ShRating out;
    ShRatingSteps steps;
    ShError err;
    ShStatus st = sh_rating_period(sys, p, games, count, &out, &steps, &err);
    CHECK_MSG(st == SH_OK, "%s: %s", what, err.message);
    if (st != SH_OK)
        return;
    CHECK_MSG(steps.iterations < 100, "%s: %d rounds", what, steps.iterations);
    CHECK_MSG(sh_rating_validate(&out, &err) == SH_OK, "%s: %s (%g/%g/%g)", what, err.message,
              out.rating, out.rd, out.volatility);
}

static void extremes(void)
{
    ShRatingSystem sys;
    sh_rating_system_init(&sys);
    static ShRatingGame many[10000];

    test_case("step 5 ends for extreme inputs, and every result is valid input again");
    const double taus[] = {0.1, 0.3, 0.5, 1.2, 2.0};
    const double sigmas[] = {1e-6, 0.06, 1.0};
    const double rds[] = {1e-6, 45, 350};
    for (int t = 0; t < 5; t++) {
        sys.tau = taus[t];
        for (int s = 0; s < 3; s++) {
            for (int d = 0; d < 3; d++) {
                for (int score = 0; score <= 2; score++) {
                    ShRating top = rating(10000, rds[d], sigmas[s]);
                    ShRating bottom = rating(0, rds[d], sigmas[s]);
                    ShRatingGame vs_bottom = game(0, rds[2 - d], score / 2.0);
                    ShRatingGame vs_top = game(10000, rds[2 - d], score / 2.0);
                    extreme(&sys, &top, &vs_bottom, 1, "10000 against 0");
                    extreme(&sys, &bottom, &vs_top, 1, "0 against 10000");
                }
            }
        }
    }
    sh_rating_system_init(&sys);
    ShRating top = rating(3000, 45, 0.06), bottom = rating(100, 45, 0.06);

    test_case("ten losses of a 10000 to a 0 with tau 2: step 5 ends, sigma' at its ceiling");
    sys.tau = 2;
    ShRating giant = rating(10000, 350, 0.06), out;
    for (int i = 0; i < 10; i++)
        many[i] = game(0, 1e-6, 0);
    extreme(&sys, &giant, many, 10, "10000 losing 10 games to 0");
    CHECK_INT(sh_rating_period(&sys, &giant, many, 10, &out, NULL, NULL), SH_OK);
    CHECK(out.volatility == 0.1 && out.rd <= 350 && out.rating < 10000);
    sh_rating_system_init(&sys);

    test_case("step 5 ends for 10000 games of a period: all lost to far weaker players, all "
              "won against far stronger ones, all drawn");
    for (int i = 0; i < 10000; i++)
        many[i] = game(100, 30, 0);
    extreme(&sys, &top, many, 10000, "3000 losing 10000 games to 100");
    for (int i = 0; i < 10000; i++)
        many[i] = game(3000, 350, 1);
    extreme(&sys, &bottom, many, 10000, "100 winning 10000 games against 3000");
    for (int i = 0; i < 10000; i++)
        many[i] = game(1500 + (i % 7) * 100, 30 + i % 300, 0.5);
    extreme(&sys, &top, many, 10000, "10000 draws");

    test_case("a rating at its floor of RD, against opponents at theirs, many periods in a row");
    ShRating p = rating(1500, 45, 0.06);
    for (int period = 0; period < 200; period++) {
        ShRatingGame g[3] = {game(1500, 45, 1), game(1490, 45, period % 2), game(1510, 45, 0.5)};
        ShRatingSteps steps;
        CHECK_INT(sh_rating_period(&sys, &p, g, 3, &p, &steps, NULL), SH_OK);
        CHECK_MSG(steps.iterations < 100 && p.rd >= 45 && p.rd < 50, "period %d: RD %g, %d rounds",
                  period, p.rd, steps.iterations);
        if (test_case_failed())
            break;
    }
    CHECK(sh_rating_validate(&p, NULL) == SH_OK);
}

static void bad_input(void)
{
    ShRatingSystem sys;
    sh_rating_system_init(&sys);
    ShRating p = rating(1500, 200, 0.06), out = rating(1, 2, 0.3);
    ShRatingGame g = game(1400, 30, 1);
    ShError err;

    test_case("a negative RD is refused, and the result left alone");
    ShRating neg = rating(1500, -10, 0.06);
    CHECK_INT(sh_rating_period(&sys, &neg, &g, 1, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK_INT(err.code, SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "RD -10") != NULL);
    CHECK(out.rating == 1 && out.rd == 2);
    ShRatingGame gneg = game(1400, -30, 1);
    CHECK_INT(sh_rating_period(&sys, &p, &gneg, 1, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "game 1's opponent") != NULL);
    CHECK_INT(sh_rating_idle(&sys, &neg, 1, &out, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_game(&sys, &neg, &g, 1, &out, &err), SH_ERR_ARGUMENT);

    test_case("an unknown score is refused with the game's number");
    ShRatingGame games[3] = {game(1400, 30, 1), game(1550, 100, 0.7), game(1700, 300, 0)};
    CHECK_INT(sh_rating_period(&sys, &p, games, 3, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "game 2: score 0.7") != NULL);
    games[1].score = -1;
    CHECK_INT(sh_rating_period(&sys, &p, games, 3, &out, NULL, &err), SH_ERR_ARGUMENT);
    games[1].score = NAN;
    CHECK_INT(sh_rating_period(&sys, &p, games, 3, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK(out.rating == 1);

    test_case("ratings, RDs, volatilities, days and periods out of range are refused");
    const ShRating bad[] = {rating(NAN, 100, 0.06), rating(-1, 100, 0.06),
                            rating(10001, 100, 0.06), rating(1500, 0, 0.06),
                            rating(1500, 351, 0.06), rating(1500, INFINITY, 0.06),
                            rating(1500, 100, 0), rating(1500, 100, 1.5),
                            rating(1500, 100, NAN)};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_MSG(sh_rating_validate(&bad[i], &err) == SH_ERR_ARGUMENT, "rating %zu accepted", i);
        CHECK_MSG(sh_rating_period(&sys, &bad[i], &g, 1, &out, NULL, &err) == SH_ERR_ARGUMENT,
                  "rating %zu rated", i);
    }
    CHECK_INT(sh_rating_game(&sys, &p, &g, -1, &out, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_game(&sys, &p, &g, NAN, &out, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_idle(&sys, &p, -0.5, &out, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_period(&sys, &p, &g, -1, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_period(&sys, &p, NULL, 2, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_period(&sys, &p, &g, 1, NULL, NULL, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_period(NULL, &p, &g, 1, &out, NULL, &err), SH_ERR_ARGUMENT);
    CHECK(out.rating == 1);

    test_case("system constants out of range are refused");
    ShRatingSystem s2 = sys;
    s2.tau = 0;
    CHECK_INT(sh_rating_system_validate(&s2, &err), SH_ERR_ARGUMENT);
    CHECK(strstr(err.message, "tau") != NULL);
    CHECK_INT(sh_rating_period(&s2, &p, &g, 1, &out, NULL, &err), SH_ERR_ARGUMENT);
    s2 = sys;
    s2.rd_min = 400;
    CHECK_INT(sh_rating_system_validate(&s2, &err), SH_ERR_ARGUMENT);
    s2 = sys;
    s2.rd_max = 500;
    CHECK_INT(sh_rating_system_validate(&s2, &err), SH_ERR_ARGUMENT);
    s2 = sys;
    s2.periods_per_day = -1;
    CHECK_INT(sh_rating_system_validate(&s2, &err), SH_ERR_ARGUMENT);
    s2 = sys;
    s2.volatility_max = 0;
    CHECK_INT(sh_rating_system_validate(&s2, &err), SH_ERR_ARGUMENT);
    CHECK_INT(sh_rating_system_validate(&sys, &err), SH_OK);
}

static void speeds(void)
{
    static const struct {
        const char *text;
        ShSpeed speed;
    } cases[] = {
        /* bullet below 180 s, lichess's ultrabullet (under 30 s) folded in */
        {"15s", SH_SPEED_BULLET},       {"29s", SH_SPEED_BULLET},
        {"30s", SH_SPEED_BULLET},       {"179s", SH_SPEED_BULLET},
        {"2m+1s", SH_SPEED_BULLET},     {"1m+2.975s", SH_SPEED_BULLET},
        /* blitz from 180 s */
        {"180s", SH_SPEED_BLITZ},       {"3m", SH_SPEED_BLITZ},
        {"1m+3s", SH_SPEED_BLITZ},      {"300+3", SH_SPEED_BLITZ},
        {"5m+3s", SH_SPEED_BLITZ},      {"7m59s", SH_SPEED_BLITZ},
        {"479", SH_SPEED_BLITZ},        {"2m+d2s", SH_SPEED_BLITZ},
        /* rapid from 480 s */
        {"8m", SH_SPEED_RAPID},         {"480", SH_SPEED_RAPID},
        {"5m+5s", SH_SPEED_RAPID},      {"10m+5s", SH_SPEED_RAPID},
        {"15m+10s", SH_SPEED_RAPID},    {"24m59s", SH_SPEED_RAPID},
        {"1499", SH_SPEED_RAPID},
        /* classical from 1500 s */
        {"25m", SH_SPEED_CLASSICAL},    {"1500", SH_SPEED_CLASSICAL},
        {"20m+10s", SH_SPEED_CLASSICAL}, {"1h", SH_SPEED_CLASSICAL},
        {"1h10m/35+15m", SH_SPEED_CLASSICAL}, {"2h/50+1h/25", SH_SPEED_CLASSICAL},
        {"40/7200:3600", SH_SPEED_CLASSICAL},
        /* periods: only those that start within the first 40 moves count */
        {"2m/40+1h", SH_SPEED_BULLET},  {"2m/39+1h", SH_SPEED_CLASSICAL},
        {"2m/20", SH_SPEED_BLITZ},
        /* correspondence: days per move, or no clock */
        {"1d", SH_SPEED_CORRESPONDENCE}, {"14d", SH_SPEED_CORRESPONDENCE},
        {" 3d ", SH_SPEED_CORRESPONDENCE}, {"-", SH_SPEED_CORRESPONDENCE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        test_case("speed of \"%s\": %s", cases[i].text, sh_speed_name(cases[i].speed));
        ShSpeed speed = SH_SPEED_COUNT;
        ShError err;
        ShStatus st = sh_speed_classify(cases[i].text, &speed, &err);
        CHECK_MSG(st == SH_OK, "refused: %s", err.message);
        CHECK_MSG(speed == cases[i].speed, "got %s", sh_speed_name(speed) ? sh_speed_name(speed) : "?");
    }

    test_case("estimated durations: base + 40 increments, periods started within 40 moves");
    static const struct {
        const char *text;
        int64_t ms;
    } est[] = {{"5m+3s", 420000},      {"300+3", 420000},          {"1m+2.975s", 179000},
               {"2m/20", 240000},      {"2m/40+1h", 120000},      {"1h10m/35+15m", 5100000},
               {"2h/50+1h/25", 7200000}, {"10m/10+5m/10", 1500000}, {"5m+d3s", 420000}};
    for (size_t i = 0; i < sizeof est / sizeof est[0]; i++) {
        ShTimeControl tc;
        CHECK_INT(sh_timecontrol_parse(est[i].text, &tc, NULL), SH_OK);
        CHECK_MSG(sh_speed_estimate_ms(&tc) == est[i].ms, "%s: %lld ms, expected %lld",
                  est[i].text, (long long)sh_speed_estimate_ms(&tc), (long long)est[i].ms);
    }
    ShTimeControl none;
    CHECK_INT(sh_timecontrol_parse("-", &none, NULL), SH_OK);
    CHECK_INT(sh_speed_estimate_ms(&none), -1);

    test_case("speed names both ways");
    for (int i = 0; i < SH_SPEED_COUNT; i++) {
        ShSpeed s;
        CHECK_INT(sh_speed_find(sh_speed_name((ShSpeed)i), &s, NULL), SH_OK);
        CHECK_INT(s, i);
    }
    CHECK_STR(sh_speed_name(SH_SPEED_CORRESPONDENCE), "correspondence");
    CHECK(sh_speed_name((ShSpeed)SH_SPEED_COUNT) == NULL);
    ShSpeed s;
    ShError err;
    CHECK_INT(sh_speed_find("ultrabullet", &s, &err), SH_ERR_ARGUMENT);

    test_case("correspondence days: 1 to 14 read, others refused at their column");
    int days = 0;
    CHECK_INT(sh_correspondence_parse("7d", &days, &err), SH_OK);
    CHECK_INT(days, 7);
    static const struct {
        const char *text;
        int column;
    } bad_days[] = {{"0d", 1}, {"15d", 1}, {" 99999999999d", 2}, {"3d3s", 3}, {"3 d", 2},
                    {"d", 1}, {"", 1}};
    for (size_t i = 0; i < sizeof bad_days / sizeof bad_days[0]; i++) {
        CHECK_MSG(sh_correspondence_parse(bad_days[i].text, &days, &err) == SH_ERR_SYNTAX,
                  "'%s' read", bad_days[i].text);
        CHECK_MSG(err.column == bad_days[i].column, "'%s': column %d, expected %d (%s)",
                  bad_days[i].text, err.column, bad_days[i].column, err.message);
    }

    test_case("time controls that cannot be read are refused with the reader's error");
    static const char *const unreadable[] = {"5x", "abc", "0d", "15d", "3d3s", "5m+", "", "5m+3s+2s"};
    for (size_t i = 0; i < sizeof unreadable / sizeof unreadable[0]; i++) {
        s = SH_SPEED_COUNT;
        ShStatus st = sh_speed_classify(unreadable[i], &s, &err);
        CHECK_MSG(st == SH_ERR_SYNTAX, "'%s': %s", unreadable[i], sh_status_name(st));
        CHECK_MSG(err.code == st && err.column >= 1, "'%s': column %d", unreadable[i], err.column);
        CHECK(s == SH_SPEED_COUNT);
    }
    CHECK_INT(sh_speed_classify(NULL, &s, &err), SH_ERR_ARGUMENT);
}

void suite_rating(void)
{
    glickman_example();
    lichess_game();
    properties();
    extremes();
    bad_input();
    speeds();
}
