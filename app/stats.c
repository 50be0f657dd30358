/* stats.c - Elo, error bars, LOS and SPRT for match scores (see stats.h). */
#include "stats.h"

#include <math.h>

double stats_elo_of_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

double stats_score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

void stats_elo(const MatchScore *s, EloEstimate *e)
{
    double n = s->wins + s->draws + s->losses;
    e->score = n > 0 ? (s->wins + 0.5 * s->draws) / n : 0.5;
    e->elo = n > 0 ? stats_elo_of_score(e->score) : 0;
    e->margin = INFINITY;
    double decisive = s->wins + s->losses;
    e->los = decisive > 0 ? 0.5 * (1.0 + erf((s->wins - s->losses) / sqrt(2.0 * decisive))) : 0.5;
    if (n < 2)
        return;
    double m = e->score;
    double var = (s->wins * (1 - m) * (1 - m) + s->draws * (0.5 - m) * (0.5 - m) +
                  s->losses * m * m) / n;
    double dev = 1.959963985 * sqrt(var / n);
    double lo = m - dev, hi = m + dev;
    if (lo > 0 && hi < 1)
        e->margin = (stats_elo_of_score(hi) - stats_elo_of_score(lo)) / 2.0;
}

double stats_sprt_llr(const MatchScore *s, const Sprt *t)
{
    double n = s->wins + s->draws + s->losses;
    if (n < 1 || s->wins + s->losses == 0)
        return 0;
    double m = (s->wins + 0.5 * s->draws) / n;
    double var = (s->wins * (1 - m) * (1 - m) + s->draws * (0.5 - m) * (0.5 - m) +
                  s->losses * m * m) / n;
    if (var <= 0)
        return 0;
    double s0 = stats_score_of_elo(t->elo0), s1 = stats_score_of_elo(t->elo1);
    return n * (s1 - s0) * (2 * m - s0 - s1) / (2 * var);
}

void stats_sprt_bounds(const Sprt *t, double *lower, double *upper)
{
    *lower = log(t->beta / (1 - t->alpha));
    *upper = log((1 - t->beta) / t->alpha);
}

SprtState stats_sprt(const MatchScore *s, const Sprt *t, double *llr)
{
    double lower, upper;
    stats_sprt_bounds(t, &lower, &upper);
    double v = stats_sprt_llr(s, t);
    if (llr)
        *llr = v;
    if (v >= upper)
        return SPRT_ACCEPT_H1;
    if (v <= lower)
        return SPRT_ACCEPT_H0;
    return SPRT_CONTINUE;
}
