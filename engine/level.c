/* level.c - playing levels 1-10 (see level.h for what each level does). */
#include "level.h"

#include "engine.h"

static const LevelParams LEVELS[ENGINE_LEVEL_MAX + 1] = {
    {0, 0, 1},       /* unused */
    {120, 60, 4},    {300, 50, 4},    {800, 40, 4},     {2000, 32, 4},    {6000, 25, 4},
    {20000, 18, 4},  {60000, 12, 3},  {200000, 8, 3},   {800000, 4, 2},   {0, 0, 1},
};

void level_params(int level, LevelParams *params)
{
    if (level < 1)
        level = 1;
    if (level > ENGINE_LEVEL_MAX)
        level = ENGINE_LEVEL_MAX;
    *params = LEVELS[level];
}

static uint64_t mix(uint64_t z)
{
    z += UINT64_C(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

int level_choose(const int *scores, int count, const LevelParams *params, uint64_t seed)
{
    if (count <= 1 || params->margin <= 0)
        return 0;
    int best = scores[0];
    /* Proven results are never traded away. */
    if (engine_score_is_win(best) || engine_score_is_loss(best))
        return 0;
    /* Weights fall linearly from the best move to zero at the margin. */
    uint64_t weights[ENGINE_MAX_MULTIPV];
    uint64_t total = 0;
    int n = count < ENGINE_MAX_MULTIPV ? count : ENGINE_MAX_MULTIPV;
    for (int i = 0; i < n; i++) {
        int gap = best - scores[i];
        weights[i] = gap < params->margin && !engine_score_is_loss(scores[i])
                         ? (uint64_t)(params->margin - gap)
                         : 0;
        total += weights[i];
    }
    if (total == 0)
        return 0;
    uint64_t r = mix(seed) % total;
    for (int i = 0; i < n; i++) {
        if (r < weights[i])
            return i;
        r -= weights[i];
    }
    return 0;
}
