/* timeman.c - how long to think about a move (see timeman.h). */
#include "timeman.h"

static double min2(double a, double b)
{
    return a < b ? a : b;
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

void timeman_plan(const EngineLimits *l, int men, int men_start, const TimeLag *lagged,
                  TimePlan *plan)
{
    double lag = lagged ? lagged->mean : 0, stall = lagged ? lagged->stall : 0;
    plan->timed = false;
    plan->soft = plan->hard = 0;
    bool clock = l->time_left >= 0;
    if (!clock && l->move_time <= 0)
        return;
    plan->timed = true;
    double hard = 1e30, soft = 1e30;
    /* What a move costs the clock besides the search: the transfer, or what was measured;
     * and what a stall of the machine may cost at once (the worst lag seen lately). */
    double overhead = max2(TIMEMAN_OVERHEAD, lag);
    double safety = max2(TIMEMAN_SAFETY, 1.25 * stall);
    if (l->move_time > 0) {
        /* A fixed time per move: use it all, less the transfer. */
        hard = soft = max2(l->move_time - overhead, 0.005);
    }
    if (clock) {
        double left = l->time_left, inc = l->increment > 0 ? l->increment : 0;
        /* Moves still to play with this clock: the control's count, or a guess that falls
         * as the men come off: from about 30 at the start to 12 in the late endgame on the
         * 8x8 board, from 45 to 16 on the larger boards, whose games are longer (a 10x10
         * self-play game lasts about 55 moves a side, an 8x8 one about 40). */
        if (men_start <= 0)
            men_start = 24;
        double left_part = men > men_start ? 1.0 : (double)men / men_start;
        double expected = men_start > 24 ? 16.0 + 29.0 * left_part : 12.0 + 18.0 * left_part;
        bool last = l->moves_to_go == 1;
        double mtg = l->moves_to_go > 0 ? min2((double)l->moves_to_go, expected) : expected;
        /* What may be spent: the clock less 5% and a reserve for the moves to come: without
         * an increment to pay for them, enough for a long tail of quick answers. */
        double tail = inc >= 0.01 ? 0 : l->moves_to_go > 0 ? 0.005 * min2(l->moves_to_go, 40) : 0.2;
        /* Each move to come costs the clock the lag measured (timelag.h) and a quick search;
         * what the increment does not give back is kept for them too (without a control
         * ahead, the moves expected and 60 more: a long ending must not flag). */
        double drain = lag + 0.002 - inc, kept = 0;
        if (drain > 0) {
            double to_come = l->moves_to_go > 0 ? l->moves_to_go - 1 : expected + 60;
            kept = drain * to_come;
            tail = max2(tail, kept);
        }
        double reserve = overhead + safety + tail;
        double usable = max2(left - reserve, 0) * 0.95;
        /* An even share of it, plus most of the increment that comes back after the move. */
        double share = usable / mtg + 0.75 * inc;
        /* However unstable the search, one move never takes more than a third of what is
         * usable (all of it before a new control), so the clock shrinks geometrically and
         * never falls, and with an increment it settles above zero. */
        double cap = last ? usable : usable * 0.35;
        soft = min2(soft, min2(share * 0.6, cap));
        hard = min2(hard, min2(share * 2.5, cap));
        /* Inside the reserve: answers as quick as can be, a small part of what is left
         * beyond what the lag of the moves to come will take. */
        double quick = 0.001 + 0.02 * max2(left - kept, 0);
        if (hard < quick)
            hard = min2(quick, max2(left - overhead, 0.001));
        if (soft > hard)
            soft = hard;
    }
    plan->soft = soft;
    plan->hard = hard;
}

double timeman_soft_factor(double changes, int score_drop)
{
    double f = 0.7 + 0.5 * changes;
    if (score_drop > 20)
        f *= 1.0 + min2(score_drop, 100) / 100.0;
    return min2(f, 2.5);
}
