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

void timeman_plan(const EngineLimits *l, int men, TimePlan *plan)
{
    plan->timed = false;
    plan->soft = plan->hard = 0;
    bool clock = l->time_left >= 0;
    if (!clock && l->move_time <= 0)
        return;
    plan->timed = true;
    double hard = 1e30, soft = 1e30;
    if (l->move_time > 0) {
        /* A fixed time per move: use it all, less the transfer. */
        hard = soft = max2(l->move_time - TIMEMAN_OVERHEAD, 0.005);
    }
    if (clock) {
        double left = l->time_left, inc = l->increment > 0 ? l->increment : 0;
        /* Moves still to play with this clock: the control's count, or a guess that falls
         * from about 30 at the start to 12 in the late endgame. */
        double expected = 12.0 + 18.0 * (men > 24 ? 24 : men) / 24.0;
        double mtg = l->moves_to_go > 0 ? min2((double)l->moves_to_go, expected) : expected;
        /* Keep back the transfer of every move to come, and 5% of the clock. */
        double reserve = TIMEMAN_OVERHEAD * (l->moves_to_go > 0 ? min2(l->moves_to_go, 10) : 10);
        double usable = max2(left - reserve - 0.05 * left, 0);
        /* Time for this move: an even share of what is left plus most of the increment. */
        double share = usable / mtg + 0.8 * inc;
        double cap = l->moves_to_go == 1 ? usable : usable * 0.4 + inc * 0.5;
        /* Never more than the clock holds, whatever the increment promises. */
        cap = min2(cap, max2(left - TIMEMAN_OVERHEAD * 2, 0) * 0.8);
        soft = min2(soft, min2(share * 0.6, cap));
        hard = min2(hard, min2(share * 3.0, cap));
        if (hard < 0.005)
            hard = 0.005;
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
