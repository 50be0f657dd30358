/*
 * team_pair.c - the rounds of a team event (team.h): its teams in pairing order when it
 * starts, then each round's team matches by the stage's system, each match laid out on its
 * boards.
 *
 *   Round robin  the Berger tables over the teams (schedule.c), the team numbered first in
 *                a pair at home; an odd number of teams: a free round.
 *   Swiss        FIDE C.04.6 (the Swiss Team Pairing System, in force from 1 February
 *                2026) as far as its choices go, the rest by the Dutch system's criteria
 *                (dutch.c) over the teams: teams are ranked by match points (the primary
 *                score), then game points (the secondary score), then pairing number; the
 *                score brackets are the match points; colours (the home team's, White on
 *                board 1) are preferences only, never absolute (C.04.6's preface: Articles
 *                6 and 7 of C.04.1 do not apply to teams); teams that have met do not meet
 *                again; the pairing-allocated bye goes to a team that has had none, and
 *                scores the match points of a win and half the game points.
 *   Knockout     the bracket of schedule.c over the teams, byes to the top seeds, the home
 *                team by lot; the winners of neighbouring matches meet next; a match tied
 *                on game points is decided by the event's team-tie rule (team.c).
 *
 * A match at table t takes boards (t-1)N+1 .. tN: board b pairs the b-th players of the two
 * line-ups, the home team White on the odd boards; a board one team cannot fill is a forfeit
 * win for the other's player (a full-point bye), one neither can fill is left out.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dutch.h"
#include "error.h"
#include "team.h"

static ShStatus no_memory(ShError *err)
{
    return error_set(err, SH_ERR_NO_MEMORY, 0, 0, "out of memory");
}

ShStatus team_start_stage(ShEvent *e, int s, ShError *err)
{
    StageState *ss = &e->stage[s - 1];
    const ShStage *st = &e->settings.stages[s - 1];
    int g = event_next_round(e);
    ShTeam *teams;
    int n = sh_event_teams(e, &teams);
    if (n < 0)
        return no_memory(err);
    /* the teams with a player for the first round, by rating then entry */
    int *order = malloc(sizeof(int) * ((size_t)n + 1));
    int *ids = malloc(sizeof(int) * ((size_t)e->nplayers + 1));
    int *line = malloc(sizeof(int) * (SH_TEAM_MAX_MEMBERS + 1));
    if (!order || !ids || !line) {
        free(teams);
        free(order);
        free(ids);
        free(line);
        return no_memory(err);
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (team_lineup(e, &teams[i], g, line) == 0)
            continue;
        int j = m;
        while (j > 0 && teams[order[j - 1]].rating < teams[i].rating) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
        m++;
    }
    free(line);
    if (m < 2) {
        free(teams);
        free(order);
        free(ids);
        return error_set(err, SH_ERR_ARGUMENT, 0, 0,
                         "a team event needs two teams or more (players' team) with a player "
                         "for round 1; it has %d",
                         m);
    }
    int count = 0;
    for (int k = 0; k < m; k++)
        for (int j = 0; j < teams[order[k]].count; j++)
            ids[count++] = teams[order[k]].members[j];
    int total = 0;
    if (st->system == SH_SYSTEM_ROUND_ROBIN) {
        total = sh_berger_rounds(m) * st->cycles;
    } else if (st->system == SH_SYSTEM_SWISS) {
        total = st->rounds ? st->rounds : sh_swiss_recommended_rounds(m);
    } else {
        int size = 1;
        while (size < m) {
            size *= 2;
            total++;
        }
        ss->bracket = size;
    }
    free(teams);
    free(order);
    free(ss->ids);
    free(ss->group);
    ss->ids = ids;
    ss->group = calloc((size_t)count + 1, sizeof(int));
    if (!ss->group)
        return no_memory(err);
    ss->count = count;
    ss->groups = 0;
    ss->total_rounds = total;
    ss->first_round = g;
    ss->started = true;
    return SH_OK;
}

/* ---- laying a match out on its boards ---- */

typedef struct Round {
    ShEvent *e;
    int stage, round, g, table;
    const ShTeam *teams;
} Round;

static ShStatus add(Round *r, int board, int white, int black, ShPairingType type, int home,
                    int away, ShError *err)
{
    ShEventPairing p;
    memset(&p, 0, sizeof p);
    p.stage = r->stage;
    p.round = r->round;
    p.board = board;
    p.white = white;
    p.black = black;
    p.type = type;
    p.ngames = type == SH_PAIRING_GAME ? 1 : 0;
    p.home = home;
    p.away = away;
    return event_add_pairing(r->e, &p) ? SH_OK : no_memory(err);
}

/* The match of teams home and away (numbers; away 0: home's bye or free round). */
static ShStatus add_match(Round *r, int home, int away, ShPairingType bye, ShError *err)
{
    int n = r->e->settings.boards;
    int base = r->table++ * n;
    int a[SH_TEAM_MAX_MEMBERS], b[SH_TEAM_MAX_MEMBERS];
    int na = team_lineup(r->e, &r->teams[home - 1], r->g, a);
    if (!away) {
        int who = na ? a[0] : r->teams[home - 1].members[0];
        return add(r, base + 1, who, 0, bye, home, 0, err);
    }
    int nb = team_lineup(r->e, &r->teams[away - 1], r->g, b);
    ShStatus st = SH_OK;
    for (int k = 0; k < n && st == SH_OK; k++) {
        int x = k < na ? a[k] : 0, y = k < nb ? b[k] : 0;
        if (x && y)
            st = k % 2 == 0 ? add(r, base + k + 1, x, y, SH_PAIRING_GAME, home, away, err)
                            : add(r, base + k + 1, y, x, SH_PAIRING_GAME, home, away, err);
        else if (x || y)
            st = add(r, base + k + 1, x ? x : y, 0, SH_PAIRING_FULL_BYE, home, away, err);
    }
    return st;
}

/* ---- the systems ---- */

static ShStatus round_robin(Round *r, int n, ShError *err)
{
    const ShStage *st = &r->e->settings.stages[r->stage - 1];
    ShPair *pairs = malloc(sizeof(ShPair) * ((size_t)n / 2 + 2));
    if (!pairs)
        return no_memory(err);
    int k = sh_berger_round(n, r->round, st->cycles, st->cycles >= 2, pairs);
    ShStatus s = SH_OK;
    /* the free round last */
    for (int i = 0; i < k && s == SH_OK; i++)
        if (pairs[i].black)
            s = add_match(r, pairs[i].white, pairs[i].black, SH_PAIRING_REST, err);
    for (int i = 0; i < k && s == SH_OK; i++)
        if (!pairs[i].black)
            s = add_match(r, pairs[i].white, 0, SH_PAIRING_REST, err);
    free(pairs);
    return s;
}

static ShStatus swiss(Round *r, int n, ShError *err)
{
    ShEvent *e = r->e;
    const ShEventSettings *s = &e->settings;
    int rounds = r->round - 1;
    DutchGame *games = calloc((size_t)n * (size_t)(rounds + 1), sizeof(DutchGame));
    bool *absent = calloc((size_t)n + 1, sizeof(bool));
    int *order = malloc(sizeof(int) * ((size_t)n + 1));
    int *gp = calloc((size_t)n + 1, sizeof(int));
    DutchPair *pairs = malloc(sizeof(DutchPair) * ((size_t)n / 2 + 2));
    int line[SH_TEAM_MAX_MEMBERS];
    ShStatus st = SH_OK;
    if (!games || !absent || !order || !gp || !pairs) {
        st = no_memory(err);
        goto done;
    }
    for (int i = 0; i < n; i++)
        for (int q = 0; q < rounds; q++)
            games[(size_t)i * (size_t)rounds + (size_t)q] =
                (DutchGame){-1, DUTCH_NO_COLOR, DUTCH_LOSS, false, false};
    for (int q = 1; q <= rounds; q++) {
        ShTeamMatch *m;
        int k = sh_event_team_matches(e, r->stage, q, &m);
        if (k < 0) {
            st = no_memory(err);
            goto done;
        }
        const ShEventPairing *p;
        int np = sh_event_pairings(e, r->stage, q, &p);
        for (int j = 0; j < k; j++) {
            int h = m[j].home - 1, a = m[j].away - 1;
            if (h < 0 || h >= n || a >= n)
                continue;
            gp[h] += m[j].home_points;
            DutchGame *gh = &games[(size_t)h * (size_t)rounds + (size_t)(q - 1)];
            if (a < 0) {
                *gh = (DutchGame){-1, DUTCH_NO_COLOR, DUTCH_WIN, false, true};
                continue;
            }
            gp[a] += m[j].away_points;
            /* a match is played when a board of it was */
            bool played = false;
            for (int i = 0; i < np; i++)
                if (p[i].home == m[j].home && p[i].away == m[j].away && p[i].ngames) {
                    ShGameResult res = p[i].games[0].result;
                    played = played || res == SH_GAME_WHITE_WINS || res == SH_GAME_DRAW ||
                             res == SH_GAME_BLACK_WINS;
                }
            int hp = m[j].home_points, ap = m[j].away_points;
            DutchGame *ga = &games[(size_t)a * (size_t)rounds + (size_t)(q - 1)];
            unsigned char ho = hp > ap ? DUTCH_WIN : hp < ap ? DUTCH_LOSS : DUTCH_DRAW;
            unsigned char ao = ap > hp ? DUTCH_WIN : ap < hp ? DUTCH_LOSS : DUTCH_DRAW;
            *gh = (DutchGame){a, DUTCH_WHITE, ho, played, true};
            *ga = (DutchGame){h, DUTCH_BLACK, ao, played, true};
        }
        free(m);
    }
    /* the ranking: match points are the score; among equal scores, game points, then the
     * pairing number (C.04.6) */
    for (int i = 0; i < n; i++) {
        absent[i] = team_lineup(e, &r->teams[i], r->g, line) == 0;
        int j = i;
        while (j > 0 && gp[order[j - 1]] < gp[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    DutchInput in = {
        .players = n,
        .rounds = rounds,
        .total_rounds = e->stage[r->stage - 1].total_rounds,
        .initial_color = s->initial_color == SH_BLACK ? DUTCH_BLACK : DUTCH_WHITE,
        .win = s->match_win,
        .draw = s->match_draw,
        .loss = s->match_loss,
        .zero_bye = 0,
        .forfeit_loss = s->match_loss,
        .bye = s->match_win,
        .games = games,
        .absent = absent,
        .forbidden = NULL,
        .order = order,
        .no_absolute_colours = true,
    };
    int count = 0;
    st = dutch_pair(&in, pairs, &count, err);
    for (int i = 0; i < count && st == SH_OK; i++)
        st = add_match(r, pairs[i].white + 1, pairs[i].black < 0 ? 0 : pairs[i].black + 1,
                       SH_PAIRING_BYE, err);
done:
    free(games);
    free(absent);
    free(order);
    free(gp);
    free(pairs);
    return st;
}

static ShStatus knockout(Round *r, int n, ShError *err)
{
    ShEvent *e = r->e;
    StageState *ss = &e->stage[r->stage - 1];
    ShStatus st = SH_OK;
    if (r->round == 1) {
        int *bracket = malloc(sizeof(int) * (size_t)ss->bracket);
        if (!bracket)
            return no_memory(err);
        sh_knockout_bracket(n, bracket);
        for (int i = 0; i < ss->bracket && st == SH_OK; i += 2) {
            int a = bracket[i] < bracket[i + 1] ? bracket[i] : bracket[i + 1];
            int b = bracket[i] < bracket[i + 1] ? bracket[i + 1] : bracket[i];
            if (b > n) {
                st = add_match(r, a, 0, SH_PAIRING_BYE, err);
                continue;
            }
            bool a_home = event_lot(e->settings.seed, (uint64_t)r->stage, (uint64_t)r->round,
                                    (uint64_t)(r->table + 1)) & 1;
            st = a_home ? add_match(r, a, b, SH_PAIRING_BYE, err)
                        : add_match(r, b, a, SH_PAIRING_BYE, err);
        }
        free(bracket);
        return st;
    }
    ShTeamMatch *m;
    int k = sh_event_team_matches(e, r->stage, r->round - 1, &m);
    if (k < 0)
        return no_memory(err);
    for (int j = 0; j + 1 < k && st == SH_OK; j += 2) {
        int a = m[j].winner, b = m[j + 1].winner;
        if (!a || !b) {
            st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "round %d has a match undecided",
                           r->round - 1);
            break;
        }
        bool a_home = event_lot(e->settings.seed, (uint64_t)r->stage, (uint64_t)r->round,
                                (uint64_t)(r->table + 1)) & 1;
        st = a_home ? add_match(r, a, b, SH_PAIRING_BYE, err)
                    : add_match(r, b, a, SH_PAIRING_BYE, err);
    }
    free(m);
    return st;
}

ShStatus team_pair_round(ShEvent *e, int stage, int round, ShError *err)
{
    ShTeam *teams;
    int n = sh_event_teams(e, &teams);
    if (n < 0)
        return no_memory(err);
    /* the teams of the stage: those of its players (the stage's order) */
    const StageState *ss = &e->stage[stage - 1];
    int playing = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < ss->count; k++)
            if (!strcasecmp(sh_event_player(e, ss->ids[k])->team, teams[i].name)) {
                playing = i + 1;
                break;
            }
    Round r = {e, stage, round, event_round_of(e, stage, round), 0, teams};
    ShStatus st;
    switch (e->settings.stages[stage - 1].system) {
    case SH_SYSTEM_ROUND_ROBIN: st = round_robin(&r, playing, err); break;
    case SH_SYSTEM_SWISS: st = swiss(&r, playing, err); break;
    case SH_SYSTEM_KNOCKOUT: st = knockout(&r, playing, err); break;
    default: st = error_set(err, SH_ERR_ARGUMENT, 0, 0, "no such system for teams"); break;
    }
    free(teams);
    return st;
}
