/* tournament_bench.c - shashki tournament bench: the time to pair each round of a big Swiss
 * (random results, the same for every run), wall time and the process's CPU time. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "tournament.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int tour_bench(int n, int rounds)
{
    ShEventSettings s;
    sh_event_settings_init(&s);
    s.stages[0].rounds = rounds;
    ShEvent *e;
    ShError err;
    if (sh_event_new(&e, &s, &err) != SH_OK)
        return 1;
    uint64_t lot = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < n; i++) {
        ShEventPlayer p;
        memset(&p, 0, sizeof p);
        snprintf(p.name, sizeof p.name, "Player %d", i + 1);
        lot = lot * 6364136223846793005u + 1442695040888963407u;
        p.rating = 1000 + (int)((lot >> 33) % 1600);
        sh_event_add_player(e, &p, NULL, &err);
    }
    printf("A Swiss of %d players, %d rounds (random results): the time to pair each round\n", n,
           rounds);
    double total = 0, worst = 0, cpu = 0;
    for (int r = 1; r <= rounds; r++) {
        int stage, round;
        double t0 = cli_now(), c0 = cpu_now();
        ShStatus st = sh_event_pair_next(e, &stage, &round, &err);
        double t = cli_now() - t0, c = cpu_now() - c0;
        if (st != SH_OK) {
            cli_error("round %d: %s", r, err.message);
            sh_event_free(e);
            return 1;
        }
        total += t;
        cpu += c;
        if (t > worst)
            worst = t;
        printf("round %2d: %8.3f s (%.3f s of CPU)\n", round, t, c);
        fflush(stdout);
        const ShEventPairing *p;
        int np = sh_event_pairings(e, stage, round, &p);
        for (int i = 0; i < np; i++) {
            if (p[i].type != SH_PAIRING_GAME)
                continue;
            lot = lot * 6364136223846793005u + 1442695040888963407u;
            int x = (int)((lot >> 33) % 100);
            ShGameResult res = x < 38 ? SH_GAME_WHITE_WINS : x < 68 ? SH_GAME_BLACK_WINS : SH_GAME_DRAW;
            sh_event_set_result(e, stage, round, p[i].board, 0, res, 0, &err);
        }
    }
    printf("total %.3f s, mean %.3f s a round (%.3f s of CPU), the slowest %.3f s\n", total,
           total / rounds, cpu / rounds, worst);
    sh_event_free(e);
    return 0;
}

