/* match.c - engine against engine (see match.h). */
#include "match.h"

#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* ---- one game ---- */

typedef struct Game {
    int index;
    const MatchOpening *opening;
    int first_color;     /* the colour (player) of players[0] */
    int result;          /* for White: 1 win, 0 draw, -1 loss */
    char why[300];       /* what a failure or an adjudication was */
    char reason[400];
} Game;

static const char *color_name(const ShPlay *play, int c)
{
    return sh_play_kind(play)->player_names[c];
}

/* End the game for `loser` (a failure, the flag, an adjudication), with a comment after the
 * last move saying why where the game's record keeps comments. */
static void lose(ShPlay *play, int loser, const char *code, const char *why)
{
    int plies = sh_play_ply_count(play);
    if (plies > 0)
        sh_play_set_comment(play, plies - 1, why, NULL);
    sh_play_end(play, loser == 0 ? "0-1" : "1-0", code, NULL);
}

/* The game from the opening, with its tags and clock; NULL with the reason in g->reason. */
static ShPlay *set_up(const MatchConfig *cfg, Game *g, int round, const char *names[2])
{
    const MatchOpening *o = g->opening;
    ShError err;
    ShPlay *play = match_opening_play(o, cfg->kind, cfg->settings, &err);
    if (!play) {
        snprintf(g->reason, sizeof g->reason, "opening %.60s: %.300s", o->name, err.message);
        return NULL;
    }
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char date[40], number[16];
    snprintf(date, sizeof date, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    snprintf(number, sizeof number, "%d", round);
    sh_play_set_tag(play, "Event", "shashki match", NULL);
    sh_play_set_tag(play, "Site", "?", NULL);
    sh_play_set_tag(play, "Date", date, NULL);
    sh_play_set_tag(play, "Round", number, NULL);
    sh_play_set_tag(play, sh_play_player_tag(0), names[g->first_color == 0 ? 0 : 1], NULL);
    sh_play_set_tag(play, sh_play_player_tag(1), names[g->first_color == 0 ? 1 : 0], NULL);
    sh_play_set_tag(play, "Opening", o->name, NULL);
    const MatchTime *t = &cfg->time;
    if (t->clock) {
        char tc[SH_TIME_CONTROL_SIZE];
        sh_timecontrol_write(&t->control, tc);
        sh_play_set_tag(play, "TimeControl", tc, NULL);
        sh_play_set_clock(play, &t->control, sh_time_monotonic(), NULL);
        sh_play_start_clock(play);
    }
    return play;
}

/* What limits the move of `side`, and how long its answer may take. */
static double limits_of(const MatchConfig *cfg, const ShPlay *play, int side, EngineLimits *l)
{
    const MatchTime *t = &cfg->time;
    engine_limits_default(l);
    if (t->clock) {
        const ShClock *clock = sh_play_clock(play);
        l->time_left = (double)sh_clock_remaining(clock, side) / 1000.0;
        /* A Bronstein delay gives back what a move uses up to the delay: for planning, an
         * increment. */
        l->increment = (double)(t->control.increment_ms + t->control.delay_ms) / 1000.0;
        l->moves_to_go = sh_clock_moves_to_go(clock, side);
        return l->time_left + 1.0;
    }
    if (t->move_time > 0) {
        l->move_time = t->move_time;
        return t->move_time * 2 + 1.0;
    }
    l->depth = t->depth;
    l->nodes = t->nodes;
    return 3600;
}

static ShPlay *play_game(const MatchConfig *cfg, Player *players[2], Game *g, int round,
                         const char *names[2])
{
    g->why[0] = '\0';
    ShPlay *play = set_up(cfg, g, round, names);
    if (!play)
        return NULL;
    for (int i = 0; i < 2; i++)
        player_new_game(players[i]);
    int start = sh_play_ply_count(play);
    int lost_streak[2] = {0, 0}, won_streak[2] = {0, 0};
    ShError err;
    while (!sh_play_over(play)) {
        if (cfg->max_plies && sh_play_ply_count(play) - start >= cfg->max_plies) {
            snprintf(g->why, sizeof g->why, "adjudicated a draw after %d plies", cfg->max_plies);
            sh_play_set_comment(play, sh_play_ply_count(play) - 1, g->why, NULL);
            sh_play_end(play, "1/2-1/2", "adjudication", NULL);
            break;
        }
        int side = sh_play_to_move(play, -1);
        Player *p = players[side == g->first_color ? 0 : 1];
        EngineLimits l;
        double deadline = limits_of(cfg, play, side, &l);
        PlayerMove pm;
        player_move(p, play, &l, deadline, &pm);
        if (pm.status != PLAYER_OK) {
            snprintf(g->why, sizeof g->why, "%s (%.40s) %s%s%.150s", color_name(play, side),
                     player_name(p),
                     pm.status == PLAYER_TIMEOUT   ? "lost on time"
                     : pm.status == PLAYER_NO_MOVE ? "gave no move"
                     : pm.status == PLAYER_ILLEGAL ? "played an illegal move"
                                                   : "failed",
                     pm.error[0] ? ": " : "", pm.error);
            lose(play, side, pm.status == PLAYER_TIMEOUT ? "time" : "adjudication", g->why);
            break;
        }
        if (sh_play_move(play, pm.move, NULL, &err) != SH_OK) {
            /* The clock's flag fell: the arbiter has already ended the game. */
            if (!sh_play_over(play)) {
                snprintf(g->why, sizeof g->why, "%.250s", err.message);
                lose(play, side, "adjudication", g->why);
            }
            break;
        }
        if (cfg->resign_score > 0 && pm.has_score) {
            lost_streak[side] = pm.score <= -cfg->resign_score ? lost_streak[side] + 1 : 0;
            won_streak[side] = pm.score >= cfg->resign_score ? won_streak[side] + 1 : 0;
            int other = side ^ 1;
            int loser = -1;
            if (lost_streak[side] >= cfg->resign_moves && won_streak[other] >= cfg->resign_moves)
                loser = side;
            else if (won_streak[side] >= cfg->resign_moves &&
                     lost_streak[other] >= cfg->resign_moves)
                loser = other;
            if (loser >= 0 && !sh_play_over(play)) {
                snprintf(g->why, sizeof g->why, "adjudicated: both engines see %s lost",
                         color_name(play, loser));
                lose(play, loser, "adjudication", g->why);
            }
        }
    }
    ShVerdict v;
    sh_play_verdict(play, &v);
    g->result = v.points[0] > v.points[1] ? 1 : v.points[0] < v.points[1] ? -1 : 0;
    snprintf(g->reason, sizeof g->reason, "%s", v.reason);
    if (g->why[0] && (!strcmp(v.reason_code, "adjudication") || !strcmp(v.reason_code, "time"))) {
        size_t n = strlen(g->reason);
        snprintf(g->reason + n, sizeof g->reason - n, " (%.120s)", g->why);
    }
    return play;
}

ShPlay *match_play_one(const MatchConfig *cfg, Player *players[2], const MatchOpening *opening,
                       int first_color, int round, const char *names[2], int *result,
                       char *reason, size_t size)
{
    Game g;
    memset(&g, 0, sizeof g);
    g.opening = opening;
    g.first_color = first_color;
    ShPlay *play = play_game(cfg, players, &g, round, names);
    *result = g.result;
    snprintf(reason, size, "%s", g.reason);
    return play;
}

/* ---- the match ---- */

typedef struct Shared {
    const MatchConfig *cfg;
    pthread_mutex_t lock;
    int next;
    int finished;
    bool stop;
    MatchScore score;
    char names[2][128];
    char error[512];
} Shared;

static void *runner(void *arg)
{
    Shared *s = arg;
    const MatchConfig *cfg = s->cfg;
    Player *players[2] = {NULL, NULL};
    char error[512];
    for (int i = 0; i < 2; i++) {
        players[i] = player_open(&cfg->players[i], error, sizeof error);
        if (!players[i]) {
            pthread_mutex_lock(&s->lock);
            if (!s->error[0])
                snprintf(s->error, sizeof s->error, "player %d: %.400s", i + 1, error);
            s->stop = true;
            pthread_mutex_unlock(&s->lock);
            player_close(players[0]);
            return NULL;
        }
    }
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < 2; i++)
        if (!s->names[i][0])
            snprintf(s->names[i], sizeof s->names[i], "%s", player_name(players[i]));
    pthread_mutex_unlock(&s->lock);
    Game g;
    memset(&g, 0, sizeof g);
    for (;;) {
        pthread_mutex_lock(&s->lock);
        if (s->stop || s->next >= cfg->games) {
            pthread_mutex_unlock(&s->lock);
            break;
        }
        int index = s->next++;
        pthread_mutex_unlock(&s->lock);
        g.index = index;
        g.opening = &cfg->openings[(index / 2) % cfg->opening_count];
        g.first_color = index % 2;
        const char *names[2] = {s->names[0], s->names[1]};
        ShPlay *game = play_game(cfg, players, &g, index + 1, names);
        int first = g.first_color == 0 ? g.result : -g.result;
        pthread_mutex_lock(&s->lock);
        if (!game) {
            if (!s->error[0])
                snprintf(s->error, sizeof s->error, "game %d: %.200s", index + 1, g.reason);
            s->stop = true;
            pthread_mutex_unlock(&s->lock);
            break;
        }
        if (first > 0)
            s->score.wins++;
        else if (first < 0)
            s->score.losses++;
        else
            s->score.draws++;
        s->finished++;
        const char *white = s->names[g.first_color == 0 ? 0 : 1];
        const char *black = s->names[g.first_color == 0 ? 1 : 0];
        if (cfg->log) {
            fprintf(cfg->log, "Game %d (%s, %s - %s): %s {%s} [%d plies] score %d-%d-%d\n",
                    index + 1, g.opening->name, white, black,
                    g.result > 0 ? "1-0" : g.result < 0 ? "0-1" : "1/2-1/2", g.reason,
                    game ? sh_play_ply_count(game) : 0,
                    s->score.wins, s->score.losses, s->score.draws);
            if (s->finished % 20 == 0 && s->finished < cfg->games)
                match_print_score(cfg->log, s->names[0], s->names[1], &s->score,
                                  cfg->sprt ? &cfg->sprt_params : NULL);
            fflush(cfg->log);
        }
        char *text = NULL;
        if (cfg->pdn && game && cli_play_pdn(game, cfg->notation, false, &text, NULL) == SH_OK) {
            fputs(text, cfg->pdn);
            fflush(cfg->pdn);
        }
        free(text);
        sh_play_free(game);
        if (cfg->sprt && stats_sprt(&s->score, &cfg->sprt_params, NULL) != SPRT_CONTINUE)
            s->stop = true;
        pthread_mutex_unlock(&s->lock);
    }
    player_close(players[0]);
    player_close(players[1]);
    return NULL;
}

void match_print_score(FILE *out, const char *first, const char *second, const MatchScore *s,
                       const Sprt *sprt)
{
    EloEstimate e;
    stats_elo(s, &e);
    int n = s->wins + s->draws + s->losses;
    fprintf(out, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n", first, second, s->wins,
            s->losses, s->draws, e.score, n);
    if (e.margin < 1e9)
        fprintf(out, "Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                fabs(e.elo) < 0.05 ? 0.0 : e.elo, /* never "-0.0" */
                e.margin, e.los * 100, n ? 100.0 * s->draws / n : 0);
    else
        fprintf(out, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                n ? "undefined" : "0.0", e.los * 100, n ? 100.0 * s->draws / n : 0);
    if (sprt) {
        double llr, lo, hi;
        SprtState st = stats_sprt(s, sprt, &llr);
        stats_sprt_bounds(sprt, &lo, &hi);
        fprintf(out, "SPRT: llr %.2f (%.2f, %.2f) [%.1f, %.1f]%s\n", llr, lo, hi, sprt->elo0,
                sprt->elo1,
                st == SPRT_ACCEPT_H1   ? " - H1 was accepted"
                : st == SPRT_ACCEPT_H0 ? " - H0 was accepted"
                                       : "");
    }
}

bool match_run(const MatchConfig *cfg, MatchScore *score, char *error, size_t size)
{
    Shared s;
    memset(&s, 0, sizeof s);
    s.cfg = cfg;
    pthread_mutex_init(&s.lock, NULL);
    for (int i = 0; i < 2; i++)
        if (cfg->players[i].name[0])
            snprintf(s.names[i], sizeof s.names[i], "%s", cfg->players[i].name);
    int n = cfg->concurrency < 1 ? 1 : cfg->concurrency;
    pthread_t *threads = calloc((size_t)n, sizeof *threads);
    if (!threads) {
        snprintf(error, size, "out of memory");
        return false;
    }
    int started = 0;
    for (int i = 0; i < n; i++)
        if (pthread_create(&threads[i], NULL, runner, &s) == 0)
            started++;
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    pthread_mutex_destroy(&s.lock);
    *score = s.score;
    if (s.error[0]) {
        snprintf(error, size, "%s", s.error);
        return false;
    }
    if (cfg->log) {
        match_print_score(cfg->log, s.names[0], s.names[1], &s.score,
                          cfg->sprt ? &cfg->sprt_params : NULL);
        fflush(cfg->log);
    }
    return true;
}
